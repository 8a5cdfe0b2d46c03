//! What a problem's bundle must fit, taken from the judges it goes to: the oldest rustc,
//! every edition and the smallest source size limit among those that take Rust. A judge
//! that takes no Rust constrains nothing; a figure no one has read falls back to a
//! stated default (the workspace's `rust-version`, 64 KiB), and the floor says so.

use crate::contest::{Contest, Judge};
use crate::profile::{Date, Profile, Version};
use std::fmt;

/// The source size limit assumed where a judge's is unknown (Codeforces' 64 KiB is the
/// smallest known among judges that take Rust).
pub const DEFAULT_SIZE_LIMIT: usize = 64 * 1024;
/// The edition every bundle compiles with, whatever its judges (the team's standard:
/// bare `rustc --edition 2021 -O`).
pub const BASE_EDITION: &str = "2021";
/// A profile read longer ago than this is reported by `make bundle`.
pub const STALE_AFTER_MONTHS: u32 = 18;

/// What one problem's bundle is held to, and which judge sets each figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Floor {
    /// `None` only when no judge's rustc is known and the workspace declares no
    /// `rust-version` to stand in for it.
    pub rustc: Option<Version>,
    /// Who sets the rustc floor, e.g. `BOJ 7357`.
    pub rustc_set_by: SetBy,
    /// Sorted; always holds [`BASE_EDITION`].
    pub editions: Vec<String>,
    pub size_limit: usize,
    /// Who sets the size limit, e.g. `Codeforces 1234A`, or the 64 KiB default.
    pub size_set_by: SetBy,
}

/// Where a figure a bundle is held to comes from: a judge that states it, or a default
/// standing in for a figure nobody has read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetBy {
    /// The judge's citation, e.g. `BOJ 7357`.
    Judge(String),
    /// The default for `figure`; `unknown_at` cites the judge whose figure is unknown,
    /// `None` when no judge of the problem states one (or none takes Rust).
    Default {
        figure: Figure,
        unknown_at: Option<String>,
    },
}

/// The figures a default can stand in for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// The workspace's `rust-version` stands in.
    Rustc,
    /// [`DEFAULT_SIZE_LIMIT`] stands in.
    SizeLimit,
    /// [`DEFAULT_SIZE_LIMIT`] stands in for a C bundle.
    CSizeLimit,
}

impl SetBy {
    pub fn is_default(&self) -> bool {
        matches!(self, SetBy::Default { .. })
    }
}

impl fmt::Display for SetBy {
    /// `BOJ 7357`, or the default and why: `the 64 KiB default (AOJ 1144: limit unknown)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (figure, unknown_at) = match self {
            SetBy::Judge(citation) => return f.write_str(citation),
            SetBy::Default { figure, unknown_at } => (figure, unknown_at),
        };
        let (stand_in, missing) = match figure {
            Figure::Rustc => ("the workspace's rust-version", "rustc"),
            Figure::SizeLimit => ("the 64 KiB default", "limit"),
            Figure::CSizeLimit => return f.write_str("no judge states one: 64 KiB"),
        };
        match unknown_at {
            Some(judge) => write!(f, "{stand_in} ({judge}: {missing} unknown)"),
            None => write!(f, "{stand_in} (no judge takes Rust)"),
        }
    }
}

impl Floor {
    /// The floor of `contest`; `workspace_rustc` (the workspace's `rust-version`) stands
    /// in for a judge's unknown rustc.
    pub fn of(contest: &Contest, workspace_rustc: Option<Version>) -> Floor {
        let rust_judges: Vec<&Judge> = contest
            .judges
            .iter()
            .filter(|j| j.profile.rust.is_some())
            .collect();
        let default = |figure, unknown_at| SetBy::Default { figure, unknown_at };
        let mut rustc = (workspace_rustc, default(Figure::Rustc, None));
        let mut size = (DEFAULT_SIZE_LIMIT, default(Figure::SizeLimit, None));
        let mut editions = vec![BASE_EDITION.to_string()];
        for (index, judge) in rust_judges.iter().enumerate() {
            let rust = judge.profile.rust.as_ref().expect("filtered on Rust");
            let who = judge.citation();
            let judge_rustc = match rust.rustc {
                Some(version) => (Some(version), SetBy::Judge(who.clone())),
                None => (workspace_rustc, default(Figure::Rustc, Some(who.clone()))),
            };
            let judge_size = match rust.size_limit {
                Some(limit) => (limit, SetBy::Judge(who.clone())),
                None => (DEFAULT_SIZE_LIMIT, default(Figure::SizeLimit, Some(who))),
            };
            // Strictly smaller: on a tie the first judge listed keeps the credit.
            if index == 0 || older(judge_rustc.0, rustc.0) {
                rustc = judge_rustc;
            }
            if index == 0 || judge_size.0 < size.0 {
                size = judge_size;
            }
            editions.extend(rust.editions.iter().flatten().cloned());
        }
        editions.sort();
        editions.dedup();
        Floor {
            rustc: rustc.0,
            rustc_set_by: rustc.1,
            editions,
            size_limit: size.0,
            size_set_by: size.1,
        }
    }

    /// `rustc 1.73`, or `rustc unknown`.
    pub fn rustc_text(&self) -> String {
        self.rustc.map_or_else(
            || "rustc unknown".to_string(),
            |v| format!("rustc {}", v.major_minor()),
        )
    }

    /// `None` when `bytes` fits, else a message naming the size, the limit and its judge.
    pub fn size_failure(&self, bytes: usize) -> Option<String> {
        (bytes > self.size_limit).then(|| {
            format!(
                "{bytes} bytes, over the {}-byte source limit set by {}",
                self.size_limit, self.size_set_by
            )
        })
    }
}

impl Floor {
    /// `None` when a bundled crate's declared `rust-version` is within the rustc floor,
    /// else a one-line message naming the crate, its rust-version and the judge: a crate
    /// that declares a newer rustc may use syntax or std APIs the judge lacks.
    pub fn dependency_failure(
        &self,
        package: &str,
        version: &str,
        rust_version: Option<Version>,
    ) -> Option<String> {
        let (needs, floor) = (rust_version?, self.rustc?);
        ((needs.major, needs.minor) > (floor.major, floor.minor)).then(|| {
            format!(
                "bundled crate `{package}` {version} declares rust-version {}, newer than \
                 rustc {} of {}: pin a version that declares {} or older",
                needs.major_minor(),
                floor.major_minor(),
                self.rustc_set_by,
                floor.major_minor()
            )
        })
    }
}

/// The size limit a problem's C bundle is held to: the smallest its C judges state, else
/// [`DEFAULT_SIZE_LIMIT`]; and who sets it (`NOI 2013`, or `no judge states one: 64 KiB`).
pub fn c_size_limit(contest: &Contest) -> (usize, SetBy) {
    let stated = contest
        .c_judges()
        .into_iter()
        .filter_map(|j| Some((j.profile.c.as_ref()?.size_limit?, j.profile.short.clone())))
        .min();
    match stated {
        Some((limit, judge)) => (limit, SetBy::Judge(judge)),
        None => (
            DEFAULT_SIZE_LIMIT,
            SetBy::Default {
                figure: Figure::CSizeLimit,
                unknown_at: None,
            },
        ),
    }
}

/// Whether `a` is a lower floor than `b`; a known version is always lower than none.
fn older(a: Option<Version>, b: Option<Version>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a < b,
        (Some(_), None) => true,
        (None, _) => false,
    }
}

/// The profiles that are undated or read more than [`STALE_AFTER_MONTHS`] before `today`,
/// each with a line for the maintainer (`make lint` prints them; a contestant's `make bundle`
/// does not, as nothing there is theirs to do). Our own referee's profile states our
/// choices, not a reading, and never goes stale.
pub fn stale_profiles<'a>(
    profiles: impl IntoIterator<Item = &'a Profile>,
    today: Date,
) -> Vec<String> {
    profiles
        .into_iter()
        .filter(|profile| !profile.local)
        .filter_map(|profile| {
            match profile.read {
                None => Some(format!(
                    "profile `{}` ({}) is undated: when was it read?",
                    profile.key, profile.name
                )),
                Some(read) if read.older_than(STALE_AFTER_MONTHS, today) => Some(format!(
                    "profile `{}` ({}) was read {read}, more than {STALE_AFTER_MONTHS} months ago: re-check it",
                    profile.key, profile.name
                )),
                Some(_) => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contest(judges: &[&str]) -> Contest {
        crate::test_fixtures::contest("P", judges)
    }

    fn v(text: &str) -> Version {
        Version::parse(text).unwrap()
    }

    #[test]
    fn the_oldest_rustc_and_smallest_limit_bind_and_name_their_judge() {
        let floor = Floor::of(
            &contest(&["aoj:1", "boj:2", "cf:3A", "poj:4"]),
            Some(v("1.79")),
        );
        assert_eq!(
            (floor.rustc, floor.rustc_set_by.to_string().as_str()),
            (Some(v("1.73")), "BOJ 2")
        );
        assert_eq!(
            (floor.size_limit, floor.size_set_by.to_string().as_str()),
            (65000, "CF 3A")
        );
        assert_eq!(floor.editions, ["2021", "2024"]);
        let over = floor.size_failure(65001).unwrap();
        assert!(over.contains("65001") && over.contains("65000") && over.contains("CF 3A"));
        assert_eq!(floor.size_failure(65000), None);
    }

    #[test]
    fn unknown_figures_fall_back_and_say_so() {
        let floor = Floor::of(&contest(&["aoj:1"]), Some(v("1.75")));
        assert_eq!(
            floor.rustc,
            Some(v("1.79")),
            "a known rustc binds, not the workspace's"
        );
        assert_eq!(floor.size_limit, DEFAULT_SIZE_LIMIT);
        assert_eq!(
            floor.size_set_by.to_string(),
            "the 64 KiB default (AOJ 1: limit unknown)"
        );
        let unknown_rustc = Floor::of(&contest(&["cf:1", "aoj:2"]), Some(v("1.75")));
        assert_eq!(unknown_rustc.rustc, Some(v("1.75")));
        let by = unknown_rustc.rustc_set_by.to_string();
        assert!(
            by.contains("workspace") && by.contains("CF 1: rustc unknown"),
            "{by}"
        );
    }

    #[test]
    fn without_a_workspace_rust_version_an_unknown_rustc_stays_unknown() {
        let floor = Floor::of(&contest(&["cf:1", "aoj:2"]), None);
        assert_eq!(
            (floor.rustc, floor.rustc_set_by.to_string().as_str()),
            (Some(v("1.79")), "AOJ 2")
        );
        let unknown = Floor::of(&contest(&["cf:1"]), None);
        assert_eq!(unknown.rustc, None);
        assert_eq!(unknown.rustc_text(), "rustc unknown");
    }

    #[test]
    fn a_judge_without_rust_never_gates() {
        let poj_only = Floor::of(&contest(&["poj:1"]), Some(v("1.79")));
        assert_eq!(poj_only.rustc, Some(v("1.79")));
        assert_eq!(
            poj_only.rustc_set_by.to_string(),
            "the workspace's rust-version (no judge takes Rust)"
        );
        assert_eq!(poj_only.size_limit, DEFAULT_SIZE_LIMIT);
        let with_poj = Floor::of(&contest(&["poj:1", "boj:2"]), Some(v("1.79")));
        assert_eq!(with_poj.rustc_set_by, SetBy::Judge("BOJ 2".into()));
        let referee = Floor::of(&contest(&["ref"]), Some(v("1.79")));
        assert_eq!(
            (referee.size_limit, referee.size_set_by.to_string().as_str()),
            (131072, "referee")
        );
    }

    #[test]
    fn a_crate_declaring_a_newer_rust_version_than_the_floor_fails() {
        let floor = Floor::of(&contest(&["aoj:1", "boj:2"]), Some(v("1.79")));
        let failure = floor
            .dependency_failure("rustc-hash", "2.1.3", Some(v("1.77.0")))
            .unwrap();
        assert!(
            failure.contains("`rustc-hash` 2.1.3")
                && failure.contains("rust-version 1.77")
                && failure.contains("rustc 1.73 of BOJ 2"),
            "{failure}"
        );
        assert_eq!(floor.dependency_failure("x", "1", Some(v("1.73.0"))), None);
        assert_eq!(floor.dependency_failure("x", "1", None), None);
        let aoj = Floor::of(&contest(&["aoj:1"]), Some(v("1.79")));
        assert_eq!(
            aoj.dependency_failure("rustc-hash", "2.1.3", Some(v("1.77"))),
            None
        );
    }

    #[test]
    fn stale_and_undated_profiles_are_reported_but_not_ours() {
        let today = Date::parse("2026-11-23").unwrap();
        let contest = contest(&["aoj:1", "boj:2", "poj:3", "ref"]);
        let stale = stale_profiles(contest.judges.iter().map(|j| &j.profile), today);
        assert_eq!(stale.len(), 2, "{stale:?}");
        assert!(stale[0].contains("`boj`") && stale[0].contains("2024-05"));
        assert!(stale[1].contains("`poj`") && stale[1].contains("undated"));
    }
}
