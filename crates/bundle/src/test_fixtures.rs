//! What the unit tests of several modules share: one set of judge profiles (as
//! judges.toml writes them) covering every case they need, contests built on it, and
//! a library to bundle.

use crate::contest::{parse_table, Contest};
use crate::licence::Notice;
use crate::metadata::Library;
use crate::profile::Profiles;

/// AOJ (rustc known, limit unknown), BOJ (the oldest rustc, a profile read long ago, a
/// `|` in its source), CF (rustc unknown, a 2024 edition, a size limit), POJ (no Rust)
/// and our own referee (local, never stale).
pub const PROFILES: &str = r#"
[aoj]
name = "Aizu Online Judge"
short = "AOJ"
rust = true
rustc = "1.79"
editions = "unknown"
flags = "unknown"
size_limit = "unknown"
source = "s"
read = "2025-06-01"

[boj]
name = "Baekjoon"
short = "BOJ"
rust = true
rustc = "1.73"
editions = ["2021"]
flags = "unknown"
size_limit = "unknown"
source = "a | table"
read = "2024-05"

[cf]
name = "Codeforces"
short = "CF"
rust = true
rustc = "unknown"
editions = ["2024"]
flags = "unknown"
size_limit = 65000
source = "s"
read = "unknown"

[poj]
name = "POJ"
short = "POJ"
rust = false
source = "its list"
read = "unknown"

[ref]
name = "our referee"
short = "referee"
local = true
rust = true
rustc = "unknown"
editions = ["2021"]
flags = "none"
size_limit = 131072
source = "s"
read = "2020-01"
"#;

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

/// A bundled library with an MIT notice long enough to wrap.
pub fn library(package: &str, license: Option<&str>, home: &str) -> Library {
    Library {
        notice: Notice {
            licence: "MIT".to_string(),
            origin: format!("{package}'s LICENSE"),
            text: format!(
                "Copyright {package} authors\n\nPermission is granted {}.",
                "x ".repeat(60)
            ),
        },
        package: package.to_string(),
        version: "0.1.0".to_string(),
        module: package.replace('-', "_"),
        root: "lib.rs".into(),
        dir: ".".into(),
        features: Default::default(),
        extern_names: Default::default(),
        license: license.map(str::to_string),
        rust_version: None,
        home: home.to_string(),
    }
}
