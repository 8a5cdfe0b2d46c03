//! What the unit tests of several modules share: a contest on the judges crate's test
//! profiles, and a library to bundle.

use crate::emit::licence::Notice;
use crate::metadata::Library;
use judges::contest::{parse_table, Contest};
use judges::profile::Profiles;

/// The contest of `problem` submitted to `judges` (`key:problem` references), on the judge
/// profiles the judges crate tests with.
pub fn contest(problem: &str, judges: &[&str]) -> Contest {
    let profiles = Profiles::parse(include_str!("../../judges/src/test_profiles.toml")).unwrap();
    let table = serde_json::json!({"problem": problem, "judges": judges});
    parse_table(&table, &profiles).unwrap()
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
