//! What a problem crate's manifest says about judging it: its package name and, from
//! `[package.metadata.contest]`, `checker`, `time-limit-ms` and `interactive`. The table is
//! read by the judges crate (`judges::contest::read_manifest`), which defines it for the
//! bundler too.

use crate::Checker;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The time limit where the page gave none.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_millis(2000);

#[derive(Clone, Debug)]
pub struct Contest {
    pub package: String,
    pub dir: PathBuf,
    pub checker: Checker,
    pub time_limit: Duration,
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
        Ok(Contest {
            package: manifest.package,
            dir: dir.to_path_buf(),
            checker,
            time_limit: table
                .as_ref()
                .and_then(|t| t.time_limit_ms)
                .map_or(DEFAULT_TIME_LIMIT, Duration::from_millis),
            interactive: table.is_some_and(|t| t.interactive),
        })
    }
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
            checker = \"float 1e-6\"\ntime-limit-ms = 1000\ninteractive = true\n";
        let contest = parse(manifest).unwrap();
        assert_eq!(contest.package, "demo");
        assert_eq!(contest.checker, Checker::Float(1e-6));
        assert_eq!(contest.time_limit, Duration::from_secs(1));
        assert!(contest.interactive);
        let plain = parse("[package]\nname = \"p\"\n").unwrap();
        assert_eq!(plain.checker, Checker::Exact);
        assert_eq!(plain.time_limit, DEFAULT_TIME_LIMIT);
        assert!(!plain.interactive);
        let bad = "[package]\nname = \"p\"\n[package.metadata.contest]\n\
            problem = \"P\"\njudges = [\"aoj:1\"]\nchecker = \"fuzzy\"\n";
        assert!(parse(bad).unwrap_err().contains("fuzzy"));
    }
}
