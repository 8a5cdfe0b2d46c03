//! What a problem crate's manifest says about judging it: its package name and, from
//! `[package.metadata.contest]`, `checker`, `time-limit-ms` and `interactive`. Read with a
//! line scanner of the keys `contest new` writes (no TOML dependency in every test build).

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
        let path = dir.join("Cargo.toml");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Contest::parse(&text, dir).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn parse(manifest: &str, dir: &Path) -> Result<Contest, String> {
        let mut contest = Contest {
            package: String::new(),
            dir: dir.to_path_buf(),
            checker: Checker::Exact,
            time_limit: DEFAULT_TIME_LIMIT,
            interactive: false,
        };
        let mut table = "";
        for line in manifest.lines().map(str::trim) {
            if line.starts_with('[') {
                table = line;
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            match (table, key) {
                ("[package]", "name") => contest.package = string(key, value)?,
                ("[package.metadata.contest]", "checker") => {
                    contest.checker = string(key, value)?.parse()?
                }
                ("[package.metadata.contest]", "time-limit-ms") => {
                    let ms: u64 = value
                        .parse()
                        .map_err(|_| format!("time-limit-ms = {value} is not a number"))?;
                    contest.time_limit = Duration::from_millis(ms);
                }
                ("[package.metadata.contest]", "interactive") => {
                    contest.interactive = value == "true"
                }
                _ => {}
            }
        }
        Ok(contest)
    }
}

fn string(key: &str, value: &str) -> Result<String, String> {
    value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .filter(|v| !v.contains(['"', '\\']))
        .map(str::to_string)
        .ok_or_else(|| format!("{key} = {value}: a plain \"string\" is expected"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contest_table_is_read_with_defaults() {
        let manifest = "[package]\nname = \"demo\"\n\n[dependencies]\nname = \"x\"\n\n\
            [package.metadata.contest]\nproblem = \"P\"\nchecker = \"float 1e-6\"\n\
            time-limit-ms = 1000\ninteractive = true\n";
        let contest = Contest::parse(manifest, Path::new("d")).unwrap();
        assert_eq!(contest.package, "demo");
        assert_eq!(contest.checker, Checker::Float(1e-6));
        assert_eq!(contest.time_limit, Duration::from_secs(1));
        assert!(contest.interactive);
        let plain = Contest::parse("[package]\nname = \"p\"\n", Path::new("d")).unwrap();
        assert_eq!(plain.checker, Checker::Exact);
        assert_eq!(plain.time_limit, DEFAULT_TIME_LIMIT);
        assert!(!plain.interactive);
        let bad = "[package.metadata.contest]\nchecker = \"fuzzy\"\n";
        assert!(Contest::parse(bad, Path::new("d")).is_err());
    }
}
