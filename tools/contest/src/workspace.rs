//! Finding the workspace root, locking it for one creation at a time, and adding a member to
//! its `Cargo.toml`, touching nothing else.

use anyhow::{bail, Context, Result};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The lock file that serializes creations, at the workspace root (git-ignored).
pub const LOCK_FILE: &str = ".contest.lock";

/// Held while a creation reads and changes the workspace; released when dropped (also when
/// the process dies: the operating system drops the lock with the file).
pub struct Lock {
    _file: File,
}

/// Waits for, then takes, the workspace's creation lock (processes and threads alike: each
/// call opens the file anew, and `flock` locks conflict between open files).
pub fn lock(root: &Path) -> Result<Lock> {
    let path = root.join(LOCK_FILE);
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    file.lock()
        .with_context(|| format!("locking {}", path.display()))?;
    Ok(Lock { _file: file })
}

/// A suffix no other creation uses at the same time: this process's id and a counter.
pub fn unique_suffix() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!(
        "{}.{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

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

/// Adds `member` to the root `Cargo.toml`, written whole through a temporary file of its own
/// so that a failure leaves the old one. Callers hold the [`lock`].
pub fn add_member(root: &Path, member: &str) -> Result<()> {
    let path = root.join("Cargo.toml");
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let updated = with_member(&text, member)?;
    let temporary = root.join(format!(".Cargo.toml.contest-new.{}", unique_suffix()));
    let written = fs::write(&temporary, updated)
        .context("writing the new root Cargo.toml")
        .and_then(|()| fs::rename(&temporary, &path).context("replacing the root Cargo.toml"));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
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
