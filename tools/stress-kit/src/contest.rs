//! What a problem crate's manifest says about judging it: its package name and, from
//! `[package.metadata.contest]`, `checker`, `time-limit-ms`, `memory-limit-mb` and
//! `interactive`. The table is read by the judges crate (`judges::contest::read_manifest`),
//! which defines it for the bundler too. The limits are checked against `judges.toml` when the
//! crate is in a workspace that has one (`judges::limits`): a crate whose limits differ from
//! its judges' recorded ones cannot be judged.

use crate::Checker;
use judges::limits::{Limits, Source, DEFAULT_MEMORY_LIMIT_MB, DEFAULT_TIME_LIMIT_MS};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The time limit where nobody knows the judge's.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_millis(DEFAULT_TIME_LIMIT_MS);

#[derive(Clone, Debug)]
pub struct Contest {
    pub package: String,
    pub dir: PathBuf,
    pub checker: Checker,
    pub time_limit: Duration,
    /// In MiB (what judges call MB).
    pub memory_limit_mb: u64,
    /// Where each limit comes from, for the line that reports a run over it.
    pub time_source: Source,
    pub memory_source: Source,
    pub interactive: bool,
}

impl Contest {
    /// Reads `dir/Cargo.toml` (in a crate's tests: `env!("CARGO_MANIFEST_DIR")`).
    pub fn of_package(dir: impl AsRef<Path>) -> Result<Contest, String> {
        let dir = dir.as_ref();
        let manifest = judges::contest::read_manifest(dir).map_err(|e| format!("{e:#}"))?;
        Contest::from_manifest(manifest, dir)
            .map_err(|e| format!("{}: {e}", dir.join("Cargo.toml").display()))
    }

    /// The manifest's settings, with the defaults of a crate without a contest table.
    fn from_manifest(manifest: judges::contest::Manifest, dir: &Path) -> Result<Contest, String> {
        let table = manifest.contest;
        let checker = match table.as_ref().and_then(|t| t.checker.as_deref()) {
            Some(checker) => checker.parse()?,
            None => Checker::Exact,
        };
        let limits = limits(table.as_ref(), dir)?;
        Ok(Contest {
            package: manifest.package,
            dir: dir.to_path_buf(),
            checker,
            time_limit: Duration::from_millis(limits.time_ms.value),
            memory_limit_mb: limits.memory_mb.value,
            time_source: limits.time_ms.source,
            memory_source: limits.memory_mb.source,
            interactive: table.is_some_and(|t| t.interactive),
        })
    }
}

impl Contest {
    /// Why a run that cost `usage` is over the crate's time or memory limit, in one line
    /// (`memory limit exceeded: peak 616.0 MiB > 256 MiB (hog; limit from aoj:1)`).
    pub fn exceeded(&self, usage: &crate::measure::Usage) -> Option<String> {
        crate::judging::Judging::of(self).limits?.exceeded(usage)
    }

    /// The memory limit in KiB, where a run is stopped.
    pub fn memory_limit_kib(&self) -> u64 {
        self.memory_limit_mb << 10
    }

    /// Runs `command` (its streams set by the caller) as a judge runs a solution: stopped over
    /// the memory limit or after `kill_after`. Its exit status, or one line: over a limit, a
    /// stop, or a program that would not start.
    pub fn run_judged(
        &self,
        command: &mut std::process::Command,
        kill_after: Duration,
    ) -> Result<std::process::ExitStatus, String> {
        let program = command.get_program().to_string_lossy().into_owned();
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot run {program}: {e}"))?;
        let limit = Some(self.memory_limit_kib());
        let (ended, usage) = crate::measure::wait(&mut child, kill_after, limit);
        if let Some(over) = self.exceeded(&usage) {
            return Err(over);
        }
        ended.map_err(|stopped| format!("stopped: {stopped:?}"))
    }
}

/// The crate's limits, held to `judges.toml` when one is found above `dir`; without one (a
/// crate outside this workspace), as the table gives them.
fn limits(table: Option<&judges::contest::Table>, dir: &Path) -> Result<Limits, String> {
    let (time, memory) = table.map_or((None, None), |t| (t.time_limit_ms, t.memory_limit_mb));
    let workspace = dir
        .ancestors()
        .find(|d| d.join(judges::profile::PROFILES_FILE).is_file());
    if let (Some(table), Some(root)) = (table, workspace) {
        let profiles = judges::profile::Profiles::load(root).map_err(|e| format!("{e:#}"))?;
        let contest = judges::contest::resolve(table, &profiles).map_err(|e| format!("{e:#}"))?;
        return Limits::of(&contest, time, memory).map_err(|e| format!("{e:#}"));
    }
    let source = |given: Option<u64>, default| match (given, table) {
        (Some(value), Some(table)) => judges::limits::Limit {
            value,
            source: Source::Metadata(table.judges.join(", ")),
        },
        _ => judges::limits::Limit {
            value: given.unwrap_or(default),
            source: Source::Default,
        },
    };
    Ok(Limits {
        time_ms: source(time, DEFAULT_TIME_LIMIT_MS),
        memory_mb: source(memory, DEFAULT_MEMORY_LIMIT_MB),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use judges::contest::parse_manifest;

    fn parse(text: &str) -> Result<Contest, String> {
        let manifest = parse_manifest(text).map_err(|e| format!("{e:#}"))?;
        Contest::from_manifest(manifest, Path::new("d"))
    }

    #[test]
    fn the_contest_table_is_read_with_defaults() {
        let manifest = "[package]\nname = \"demo\"\n\n[dependencies]\nname = \"x\"\n\n\
            [package.metadata.contest]\nproblem = \"P\"\njudges = [\"aoj:1\"]\n\
            checker = \"float 1e-6\"\ntime-limit-ms = 1000\nmemory-limit-mb = 256\n\
            interactive = true\n";
        let contest = parse(manifest).unwrap();
        assert_eq!(contest.memory_limit_mb, 256);
        assert_eq!(contest.memory_source.to_string(), "limit from aoj:1");
        assert_eq!(contest.package, "demo");
        assert_eq!(contest.checker, Checker::Float(1e-6));
        assert_eq!(contest.time_limit, Duration::from_secs(1));
        assert!(contest.interactive);
        let plain = parse("[package]\nname = \"p\"\n").unwrap();
        assert_eq!(plain.checker, Checker::Exact);
        assert_eq!(plain.time_limit, DEFAULT_TIME_LIMIT);
        assert_eq!(plain.memory_limit_mb, DEFAULT_MEMORY_LIMIT_MB);
        assert_eq!(plain.memory_source, Source::Default);
        assert!(!plain.interactive);
        let bad = "[package]\nname = \"p\"\n[package.metadata.contest]\n\
            problem = \"P\"\njudges = [\"aoj:1\"]\nchecker = \"fuzzy\"\n";
        assert!(parse(bad).unwrap_err().contains("fuzzy"));
    }
}
