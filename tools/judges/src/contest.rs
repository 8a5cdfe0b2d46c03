//! A problem crate's `[package.metadata.contest]` table: the problem's title and the
//! judges it is submitted to, each named by its key in `judges.toml` and the problem's
//! number there:
//! ```toml
//! [package.metadata.contest]
//! problem = "Curling 2.0"
//! judges = ["aoj:1144", "poj:3009"]
//! ```
//! A judge with no problem number (our own referee) is named by its key alone. The table's
//! other keys (`checker`, `time-limit-ms`, `memory-limit-mb`, `interactive`) say how a
//! solution is judged wherever it runs as a process; `c-opt-level` how its C bundle is
//! built. [`Table`] is the one definition of the table: the bundler reads it from `cargo
//! metadata` ([`contest_table`]), the stress loop from `Cargo.toml` ([`read_manifest`]).

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
    /// Where the C bundle's optimisations start (`c-opt-level`); none: at `-O`.
    pub c_opt_level: Option<COptLevel>,
}

/// `c-opt-level = "s"` or `"z"`: the C bundle's images optimised for size (or for the
/// smallest code) even where `-O` fits the judges' limit, to leave room in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum COptLevel {
    #[serde(rename = "s")]
    Size,
    #[serde(rename = "z")]
    Smallest,
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

    /// The judges that take C but no Rust: for them the C bundle is the only submission.
    pub fn c_only_judges(&self) -> Vec<&Judge> {
        self.c_judges()
            .into_iter()
            .filter(|j| j.profile.rust.is_none())
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

/// `[package.metadata.contest]` as written, every key.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Table {
    pub problem: String,
    /// `key:problem` references into `judges.toml` (see [`parse_reference`]).
    pub judges: Vec<String>,
    /// How outputs are judged (`exact`, `tokens`, `float 1e-6`, `custom`); none: exact.
    #[serde(default)]
    pub checker: Option<String>,
    /// The judge's time limit, or "unknown" (then the workspace's default; see
    /// [`crate::limits`]).
    #[serde(default, deserialize_with = "number_or_unknown")]
    pub time_limit_ms: Option<u64>,
    /// The judge's memory limit in MB, or "unknown" (then the workspace's default).
    #[serde(default, deserialize_with = "number_or_unknown")]
    pub memory_limit_mb: Option<u64>,
    #[serde(default)]
    pub interactive: bool,
    /// Where the C bundle's optimisations start ([`COptLevel`]); none: at `-O`.
    #[serde(default)]
    pub c_opt_level: Option<COptLevel>,
}

/// A limit as the table writes it: a positive number, or the word "unknown" (`None`).
fn number_or_unknown<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Figure {
        Number(std::num::NonZeroU64),
        Word(String),
    }
    match Figure::deserialize(deserializer)? {
        Figure::Number(n) => Ok(Some(n.get())),
        Figure::Word(word) if word == "unknown" => Ok(None),
        Figure::Word(word) => Err(serde::de::Error::custom(format!(
            "`{word}` is not a positive number or \"unknown\""
        ))),
    }
}

/// What a problem crate's `Cargo.toml` says about judging it.
#[derive(Debug, Clone, PartialEq)]
pub struct Manifest {
    /// The package name.
    pub package: String,
    /// `[package.metadata.contest]`, if the crate has one.
    pub contest: Option<Table>,
}

/// Reads `dir/Cargo.toml` (in a crate's tests: `env!("CARGO_MANIFEST_DIR")`).
pub fn read_manifest(dir: &Path) -> Result<Manifest> {
    let path = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    parse_manifest(&text).with_context(|| path.display().to_string())
}

/// [`read_manifest`] of a manifest's text.
pub fn parse_manifest(text: &str) -> Result<Manifest> {
    #[derive(Deserialize)]
    struct CargoToml {
        package: Package,
    }
    #[derive(Deserialize)]
    struct Package {
        name: String,
        #[serde(default)]
        metadata: Metadata,
    }
    #[derive(Default, Deserialize)]
    struct Metadata {
        contest: Option<Table>,
    }
    let manifest: CargoToml = toml::from_str(text)?;
    Ok(Manifest {
        package: manifest.package.name,
        contest: manifest.package.metadata.contest,
    })
}

/// The table as `cargo metadata` gives it (JSON), resolved against `profiles`.
pub fn parse_table(table: &serde_json::Value, profiles: &Profiles) -> Result<Contest> {
    const JUDGES: &str = "`judges = [\"key:problem\", ...]`, keys from judges.toml";
    let table = Table::deserialize(table)
        .with_context(|| format!("needs `problem = \"...\"` and {JUDGES}"))?;
    resolve(&table, profiles)
}

/// The table as written, its judges resolved against `profiles`.
pub fn resolve(table: &Table, profiles: &Profiles) -> Result<Contest> {
    const JUDGES: &str = "`judges = [\"key:problem\", ...]`, keys from judges.toml";
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
        problem: table.problem.clone(),
        judges,
        c_opt_level: table.c_opt_level,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_fixtures::profiles;

    #[test]
    fn manifests_give_the_package_name_and_every_key_of_the_table() {
        let text = "[package]\nname = \"demo\"\n\n[dependencies]\nname = \"x\"\n\n\
            [package.metadata.contest]\nproblem = \"P\"\njudges = [\"aoj:1\"]\n\
            checker = \"float 1e-6\"\ntime-limit-ms = 1000\ninteractive = true\n";
        let manifest = parse_manifest(text).unwrap();
        assert_eq!(manifest.package, "demo");
        let table = manifest.contest.unwrap();
        assert_eq!(
            (table.problem.as_str(), &table.judges[..]),
            ("P", &["aoj:1".to_string()][..])
        );
        assert_eq!(table.checker.as_deref(), Some("float 1e-6"));
        assert_eq!((table.time_limit_ms, table.interactive), (Some(1000), true));
        let limits = "[package]\nname = \"p\"\n[package.metadata.contest]\n\
            problem = \"P\"\njudges = []\ntime-limit-ms = \"unknown\"\nmemory-limit-mb = 256\n";
        let table = parse_manifest(limits).unwrap().contest.unwrap();
        assert_eq!(
            (table.time_limit_ms, table.memory_limit_mb),
            (None, Some(256))
        );
        for bad in ["\"fast\"", "0", "-5"] {
            let text = limits.replace("256", bad);
            assert!(parse_manifest(&text).is_err(), "{bad}");
        }
        let plain = parse_manifest("[package]\nname = \"p\"\n").unwrap();
        assert_eq!((plain.package.as_str(), plain.contest), ("p", None));
        let untyped = "[package]\nname = \"p\"\n[package.metadata.contest]\n\
            problem = \"P\"\njudges = []\ntime-limit-ms = \"fast\"\n";
        assert!(parse_manifest(untyped).is_err());
    }

    #[test]
    fn c_opt_level_is_s_or_z_and_starts_at_o_without_it() {
        let with = |level: &str| {
            let table =
                serde_json::json!({"problem": "P", "judges": ["aoj:1"], "c-opt-level": level});
            parse_table(&table, &profiles()).map(|contest| contest.c_opt_level)
        };
        assert_eq!(with("s").unwrap(), Some(COptLevel::Size));
        assert_eq!(with("z").unwrap(), Some(COptLevel::Smallest));
        for bad in ["O", "3", "size", ""] {
            assert!(with(bad).is_err(), "{bad}");
        }
        let without = serde_json::json!({"problem": "P", "judges": ["aoj:1"]});
        assert_eq!(
            parse_table(&without, &profiles()).unwrap().c_opt_level,
            None
        );
    }

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
