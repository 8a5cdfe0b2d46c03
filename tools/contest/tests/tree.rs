//! The committed tree holds no temporary or pending file (`*.tmp`, `*.snap.new`,
//! `*.pending-snap`), and .gitignore keeps new ones out.

use std::path::{Path, PathBuf};
use std::process::Command;

const PATTERNS: &[&str] = &["*.tmp", "*.snap.new", "*.pending-snap"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root())
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn no_temporary_file_is_committed_or_committable() {
    let Some(listed) = git(&["ls-files", "--cached", "--"]) else {
        // Not a checkout (an unpacked source archive): the files on disk stand in.
        let mut found = Vec::new();
        walk(&root(), &mut found);
        assert!(found.is_empty(), "temporary files: {found:?}");
        return;
    };
    let committed: Vec<&str> = listed.lines().filter(|path| is_temporary(path)).collect();
    assert!(
        committed.is_empty(),
        "temporary files in the index: {committed:?}"
    );
    for path in [
        "samples/curling/statement.out.tmp",
        "crates/x/tests/snapshots/a.snap.new",
    ] {
        let ignored = git(&["check-ignore", "--no-index", "-q", path]).is_some();
        assert!(ignored, "{path} is not ignored by .gitignore");
    }
}

fn is_temporary(path: &str) -> bool {
    PATTERNS
        .iter()
        .any(|pattern| path.ends_with(pattern.trim_start_matches('*')))
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        if path.is_dir() {
            walk(&path, found);
        } else if is_temporary(&name.to_string_lossy()) {
            found.push(path);
        }
    }
}
