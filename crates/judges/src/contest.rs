//! A problem crate's `[package.metadata.contest]` table: the problem's title and the
//! judges it is submitted to, each named by its key in `judges.toml` and the problem's
//! number there:
//! ```toml
//! [package.metadata.contest]
//! problem = "Curling 2.0"
//! judges = ["aoj:1144", "poj:3009"]
//! ```
//! A judge with no problem number (our own referee) is named by its key alone.

use crate::profile::{Profile, Profiles};
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::path::Path;

/// The `[package.metadata.contest]` table of a problem crate, its judges resolved
/// against the workspace's judge profiles.
#[derive(Debug, Clone)]
pub struct Contest {
    pub problem: String,
    pub judges: Vec<Judge>,
}

/// One judge a problem goes to.
#[derive(Debug, Clone)]
pub struct Judge {
    /// The problem's number on that judge, e.g. `1144`; `None` for a judge named by key alone.
    pub problem_id: Option<String>,
    pub profile: Profile,
}

impl Judge {
    /// How the table names it: `aoj:1144`.
    pub fn reference(&self) -> String {
        match &self.problem_id {
            Some(id) => format!("{}:{id}", self.profile.key),
            None => self.profile.key.clone(),
        }
    }

    /// How a reader cites it: `AOJ 1144`, with `(no Rust)` when the judge takes none.
    pub fn citation(&self) -> String {
        let mut citation = match &self.problem_id {
            Some(id) => format!("{} {id}", self.profile.short),
            None => self.profile.short.clone(),
        };
        if self.profile.rust.is_none() {
            citation.push_str(" (no Rust)");
        }
        citation
    }
}

impl Contest {
    /// The judges joined for a header line: `AOJ 1144, POJ 3009 (no Rust)`.
    pub fn citations(&self) -> String {
        let cited: Vec<String> = self.judges.iter().map(Judge::citation).collect();
        cited.join(", ")
    }

    /// The judges whose C or C++ compilers are recorded: a C bundle is made for them.
    pub fn c_judges(&self) -> Vec<&Judge> {
        self.judges
            .iter()
            .filter(|j| j.profile.c.is_some())
            .collect()
    }
}

/// Splits `"aoj:1144"` into the judge key and the problem number.
pub fn parse_reference(reference: &str) -> Result<(&str, Option<&str>)> {
    let (key, id) = match reference.split_once(':') {
        Some((key, id)) => (key, Some(id)),
        None => (reference, None),
    };
    let key_ok = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    let id_ok = id.is_none_or(|id| !id.is_empty() && !id.contains(char::is_whitespace));
    if !key_ok || !id_ok {
        bail!("judge `{reference}` is not `key:problem` (e.g. `aoj:1144`) or `key`");
    }
    Ok((key, id))
}

/// Reads the contest table of package `name` from its `metadata` (as `cargo metadata` gives
/// it), resolving each judge in `judges.toml` at `workspace_root`.
pub fn contest_table(
    name: &str,
    metadata: &serde_json::Value,
    workspace_root: &Path,
) -> Result<Contest> {
    let table = metadata
        .get("contest")
        .with_context(|| format!("`{name}` has no [package.metadata.contest] table"))?;
    let profiles = Profiles::load(workspace_root)?;
    parse_table(table, &profiles)
        .with_context(|| format!("`{name}`: in [package.metadata.contest]"))
}

/// The keys of the table read here; the stress loop reads the others (`checker`,
/// `time-limit-ms`, `interactive`).
#[derive(Deserialize)]
struct Table {
    problem: String,
    judges: Vec<String>,
}

/// The table as `cargo metadata` gives it (JSON), resolved against `profiles`.
pub fn parse_table(table: &serde_json::Value, profiles: &Profiles) -> Result<Contest> {
    const JUDGES: &str = "`judges = [\"key:problem\", ...]`, keys from judges.toml";
    let table = Table::deserialize(table)
        .with_context(|| format!("needs `problem = \"...\"` and {JUDGES}"))?;
    if table.judges.is_empty() {
        bail!("needs {JUDGES}");
    }
    let mut judges = Vec::new();
    for reference in &table.judges {
        let (key, id) = parse_reference(reference)?;
        let profile = profiles.get(key).with_context(|| {
            let keys: Vec<&str> = profiles.judges.iter().map(|p| p.key.as_str()).collect();
            format!(
                "judge `{key}` (in `{reference}`) has no profile in judges.toml; known: {}",
                keys.join(", ")
            )
        })?;
        judges.push(Judge {
            problem_id: id.map(str::to_string),
            profile: profile.clone(),
        });
    }
    Ok(Contest {
        problem: table.problem,
        judges,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_fixtures::profiles;

    #[test]
    fn judges_are_named_by_key_and_cited_by_short_name() {
        let table =
            serde_json::json!({"problem": "Curling 2.0", "judges": ["aoj:1144", "poj:3009"]});
        let contest = parse_table(&table, &profiles()).unwrap();
        assert_eq!(contest.citations(), "AOJ 1144, POJ 3009 (no Rust)");
        assert_eq!(contest.judges[0].reference(), "aoj:1144");
    }

    #[test]
    fn unknown_keys_and_old_free_text_judges_fail() {
        let fails = |judges: serde_json::Value| {
            let table = serde_json::json!({"problem": "P", "judges": judges});
            format!("{:#}", parse_table(&table, &profiles()).unwrap_err())
        };
        let unknown = fails(serde_json::json!(["xyz:7357"]));
        assert!(
            unknown.contains("`xyz`") && unknown.contains("aoj, boj, cf, poj, ref"),
            "{unknown}"
        );
        assert!(fails(serde_json::json!(["AOJ 1144"])).contains("key:problem"));
        assert!(fails(serde_json::json!(["aoj:"])).contains("key:problem"));
        assert!(fails(serde_json::json!([])).contains("judges"));
        assert!(fails(serde_json::json!("aoj:1144")).contains("judges"));
        let untitled = serde_json::json!({"judges": ["aoj:1144"]});
        let error = format!("{:#}", parse_table(&untitled, &profiles()).unwrap_err());
        assert!(error.contains("problem"), "{error}");
    }
}
