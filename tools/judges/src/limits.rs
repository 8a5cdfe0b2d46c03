//! The time and memory limits a problem is judged under, and who sets them.
//!
//! A problem crate writes its limits in `[package.metadata.contest]` (`time-limit-ms`,
//! `memory-limit-mb`: a number, or "unknown"). Where `judges.toml` records the limits of the
//! problem at one of its judges (`[key.problems.ID]`), the crate's figure must be the strictest
//! of them: the judges' own figures are the source, the crate's copy is what its tools read.
//! Where no judge's limit is known, the workspace's default stands in: a figure low enough
//! that a solution within it fits every judge that states one.

use crate::contest::{Contest, Judge};
use anyhow::{bail, Result};
use std::fmt;

/// The time limit where none is known: what the stress loop has always used.
pub const DEFAULT_TIME_LIMIT_MS: u64 = 2000;
/// The memory limit where none is known: the strictest any recorded judge sets (POJ's
/// 65,536 KB), so that a solution within it fits every judge that states one.
pub const DEFAULT_MEMORY_LIMIT_MB: u64 = 64;

/// Where a limit comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// `judges.toml` records it for this judge (`poj:3009`): the strictest of the problem's.
    Judge(String),
    /// The crate's metadata alone (from the problem's page or `make new`), naming its judges.
    Metadata(String),
    /// Nobody knows it: the workspace's default.
    Default,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Judge(reference) | Source::Metadata(reference) => {
                write!(f, "limit from {reference}")
            }
            Source::Default => write!(f, "the workspace's default limit"),
        }
    }
}

/// One limit: its value (milliseconds or MB) and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limit {
    pub value: u64,
    pub source: Source,
}

/// Both limits of a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    pub time_ms: Limit,
    pub memory_mb: Limit,
}

/// The strictest limit `judges.toml` records among the contest's judges, and the judge
/// that sets it (`poj:3009`); `figure` picks the time or the memory limit.
pub fn recorded(
    contest: &Contest,
    figure: impl Fn(&crate::profile::ProblemLimits) -> Option<u64>,
) -> Option<(u64, String)> {
    let at = |judge: &Judge| {
        let limits = judge.profile.limits.iter();
        let mut found = limits.filter(|l| l.problem == judge.problem_id);
        found.find_map(&figure).map(|v| (v, judge.reference()))
    };
    contest.judges.iter().filter_map(at).min_by_key(|(v, _)| *v)
}

impl Limits {
    /// The limits of `contest` whose metadata says `time_limit_ms` and `memory_limit_mb`
    /// (`None`: "unknown" or left out). `Err` when the metadata disagrees with the strictest
    /// limit `judges.toml` records for the problem, naming both.
    pub fn of(contest: &Contest, time_ms: Option<u64>, memory_mb: Option<u64>) -> Result<Limits> {
        let judges: Vec<String> = contest.judges.iter().map(Judge::reference).collect();
        let one = |key: &str, unit: &str, given: Option<u64>, found, default| -> Result<Limit> {
            Ok(match (given, found) {
                (Some(value), Some((recorded, judge))) if value == recorded => Limit {
                    value,
                    source: Source::Judge(judge),
                },
                (given, Some((recorded, judge))) => bail!(
                    "`{key} = {}`, but judges.toml records {recorded} {unit} at {judge}, the \
                     strictest of the problem's judges: write `{key} = {recorded}`",
                    given.map_or("unknown".to_string(), |v| v.to_string())
                ),
                (Some(value), None) => Limit {
                    value,
                    source: Source::Metadata(judges.join(", ")),
                },
                (None, None) => Limit {
                    value: default,
                    source: Source::Default,
                },
            })
        };
        Ok(Limits {
            time_ms: one(
                "time-limit-ms",
                "ms",
                time_ms,
                recorded(contest, |l| l.time_limit_ms),
                DEFAULT_TIME_LIMIT_MS,
            )?,
            memory_mb: one(
                "memory-limit-mb",
                "MB",
                memory_mb,
                recorded(contest, |l| l.memory_limit_mb),
                DEFAULT_MEMORY_LIMIT_MB,
            )?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::Profiles;
    use crate::test_fixtures::{contest_in, PROFILES};

    fn profiles() -> Profiles {
        let limits = "\n[poj.problems.3009]\ntime_limit_ms = \"unknown\"\nmemory_limit_mb = 64\n\
            source = \"its page\"\nread = \"unknown\"\n\n[boj.problems.3009]\n\
            time_limit_ms = 1000\nmemory_limit_mb = 128\nsource = \"its page\"\nread = \"unknown\"\n";
        Profiles::parse(&format!("{PROFILES}{limits}")).unwrap()
    }

    #[test]
    fn the_strictest_recorded_limit_binds_and_unknowns_stay_unknown() {
        let contest = contest_in(
            "Curling",
            &["aoj:1144", "poj:3009", "boj:3009"],
            &profiles(),
        );
        let limits = Limits::of(&contest, Some(1000), Some(64)).unwrap();
        assert_eq!(limits.memory_mb.source, Source::Judge("poj:3009".into()));
        assert_eq!(limits.time_ms.source, Source::Judge("boj:3009".into()));
        assert_eq!(limits.memory_mb.source.to_string(), "limit from poj:3009");
        // Another problem at POJ: nothing recorded, the defaults stand in.
        let other = contest_in("Other", &["poj:1000"], &profiles());
        let limits = Limits::of(&other, None, None).unwrap();
        assert_eq!(
            (limits.time_ms.value, limits.memory_mb.value),
            (DEFAULT_TIME_LIMIT_MS, DEFAULT_MEMORY_LIMIT_MB)
        );
        assert_eq!(limits.memory_mb.source, Source::Default);
        // The page's figure where judges.toml records none.
        let limits = Limits::of(&other, Some(3000), Some(256)).unwrap();
        assert_eq!(limits.memory_mb.source.to_string(), "limit from poj:1000");
    }

    #[test]
    fn metadata_that_disagrees_with_the_judges_fails_naming_both() {
        let contest = contest_in("Curling", &["aoj:1144", "poj:3009"], &profiles());
        let error = Limits::of(&contest, None, Some(256))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("memory-limit-mb = 256") && error.contains("64 MB at poj:3009"),
            "{error}"
        );
        let error = Limits::of(&contest, None, None).unwrap_err().to_string();
        assert!(error.contains("`memory-limit-mb = unknown`"), "{error}");
    }
}
