//! What the unit tests of several modules share: one set of judge profiles
//! (`test_profiles.toml`, as judges.toml writes them) covering every case they need, and
//! contests built on it.

use crate::contest::{parse_table, Contest};
use crate::profile::Profiles;

/// AOJ (rustc known, limit unknown), BOJ (the oldest rustc, a profile read long ago, a
/// `|` in its source), CF (rustc unknown, a 2024 edition, a size limit), POJ (no Rust)
/// and our own referee (local, never stale).
pub const PROFILES: &str = include_str!("test_profiles.toml");

pub fn profiles() -> Profiles {
    Profiles::parse(PROFILES).unwrap()
}

/// The contest of `problem` submitted to `judges` (`key:problem` references).
pub fn contest(problem: &str, judges: &[&str]) -> Contest {
    contest_in(problem, judges, &profiles())
}

/// The same against other profiles.
pub fn contest_in(problem: &str, judges: &[&str], profiles: &Profiles) -> Contest {
    let table = serde_json::json!({"problem": problem, "judges": judges});
    parse_table(&table, profiles).unwrap()
}
