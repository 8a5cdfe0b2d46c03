//! The packages and features that `cargo build -p <problem>` compiles, as `cargo tree`
//! resolves them. `cargo metadata`'s graph is the whole workspace's: its features are
//! the union of what every member, and every dev-dependency, asks for (a tool enabling
//! `helper/serde`, a test enabling `helper/debug`), and its optional dependencies are
//! those any member enables. A bundle must see only what the problem's own build sees.

use anyhow::{bail, Context, Result};
use cargo_metadata::camino::Utf8Path;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// `(package name, version)` -> its enabled features, for every package the normal
/// build of one workspace member compiles (the member included).
pub type Build = BTreeMap<(String, String), BTreeSet<String>>;

/// Asks `cargo tree` (normal edges only: no dev- or build-dependencies) for `package`'s
/// build in the workspace whose manifest is `manifest`.
pub fn normal_build(manifest: &Utf8Path, package: &str) -> Result<Build> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(&cargo)
        .args(["tree", "--quiet", "--manifest-path", manifest.as_str()])
        .args([
            "--package",
            package,
            "--edges",
            "normal",
            "--prefix",
            "none",
        ])
        .args(["--format", "{p}|{f}"])
        .output()
        .with_context(|| format!("cannot run {cargo} tree"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        bail!("cargo tree -p {package} failed: {}", stderr.trim());
    }
    parse(&String::from_utf8_lossy(&output.stdout))
}

/// Lines `name vVERSION[ (source)][ (*)]|feature,feature`.
fn parse(tree: &str) -> Result<Build> {
    let mut build = Build::new();
    for line in tree.lines().filter(|line| !line.trim().is_empty()) {
        let (package, features) = line
            .rsplit_once('|')
            .with_context(|| format!("unexpected cargo tree line: {line:?}"))?;
        let mut words = package.split_whitespace();
        let name = words.next().unwrap_or_default();
        let version = words.next().and_then(|v| v.strip_prefix('v'));
        let Some(version) = version else {
            bail!("unexpected cargo tree line: {line:?}");
        };
        let features = features.split(',').filter(|f| !f.is_empty());
        build
            .entry((name.to_string(), version.to_string()))
            .or_default()
            .extend(features.map(str::to_string));
    }
    Ok(build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_packages_versions_and_features() {
        let tree = "app v0.1.0 (/w/app)|\nhelper v0.3.1 (/w/helper)|fancy,sparkle\n\
                    either v1.15.0|use_std\nhelper v0.3.1 (/w/helper) (*)|fancy,sparkle\n";
        let build = parse(tree).unwrap();
        let key = |name: &str, version: &str| (name.to_string(), version.to_string());
        assert_eq!(build.len(), 3);
        assert!(build[&key("app", "0.1.0")].is_empty());
        assert_eq!(
            build[&key("helper", "0.3.1")],
            ["fancy", "sparkle"].map(String::from).into()
        );
        assert_eq!(
            build[&key("either", "1.15.0")],
            ["use_std".to_string()].into()
        );
        assert!(parse("garbage").is_err());
    }
}
