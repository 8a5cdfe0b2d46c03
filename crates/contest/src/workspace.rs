//! Finding the workspace root and adding a member to its `Cargo.toml`, touching nothing else.

use anyhow::{bail, Context, Result};
use std::fs;
use std::path::{Path, PathBuf};

/// The nearest directory at or above the current one whose `Cargo.toml` has `[workspace]`.
pub fn find_root() -> Result<PathBuf> {
    let here = std::env::current_dir().context("no current directory")?;
    for dir in here.ancestors() {
        let manifest = dir.join("Cargo.toml");
        if let Ok(text) = fs::read_to_string(&manifest) {
            if text.lines().any(|l| l.trim() == "[workspace]") {
                return Ok(dir.to_path_buf());
            }
        }
    }
    bail!("no workspace Cargo.toml at or above {}", here.display())
}

/// The root manifest's text with `member` added at the end of `members = [...]`, in the
/// list's own style (one quoted path per line).
pub fn with_member(manifest: &str, member: &str) -> Result<String> {
    let start = manifest
        .find("\nmembers = [")
        .context("the root Cargo.toml has no `members = [` line")?;
    let close = start
        + manifest[start..]
            .find("\n]")
            .context("the root Cargo.toml's `members` list is not closed by a `]` line")?;
    let entry = format!("\"{member}\"");
    if manifest[start..close].contains(&entry) {
        bail!("{member} is already a workspace member");
    }
    Ok(format!(
        "{}\n    {entry},{}",
        &manifest[..close],
        &manifest[close..]
    ))
}

/// Adds `member` to the root `Cargo.toml`, written whole through a temporary file so that a
/// failure leaves the old one.
pub fn add_member(root: &Path, member: &str) -> Result<()> {
    let path = root.join("Cargo.toml");
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let updated = with_member(&text, member)?;
    let temporary = root.join(".Cargo.toml.contest-new");
    fs::write(&temporary, updated).context("writing the new root Cargo.toml")?;
    fs::rename(&temporary, &path).context("replacing the root Cargo.toml")
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = "[workspace]\nresolver = \"2\"\nmembers = [\n    \"a\",\n    \"crates/b\",\n]\n\n[workspace.package]\nedition = \"2021\"\n";

    #[test]
    fn a_member_goes_last_in_the_list_and_nothing_else_changes() {
        let updated = with_member(MANIFEST, "crates/new").unwrap();
        assert_eq!(
            updated,
            MANIFEST.replace("\"crates/b\",\n]", "\"crates/b\",\n    \"crates/new\",\n]")
        );
    }

    #[test]
    fn a_member_already_listed_or_no_list_is_an_error() {
        assert!(with_member(MANIFEST, "crates/b").is_err());
        assert!(with_member("[workspace]\n", "x").is_err());
    }
}
