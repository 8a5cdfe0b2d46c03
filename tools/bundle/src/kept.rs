//! The compiler's pass, remembered: a bundle whose text before the pass is one the pass has
//! already seen (same text, same rustc, same build of the bundler) gets the text after it
//! without a rustc run. The pass is most of a Rust bundle's time, and `make bundle`, the
//! bundle tests and the C bundles' tests each bundle the same problems. Kept in
//! `<target>/bundle-pass/<key>`, one file a bundle: the report's line, its unused lines, the
//! text before the pass (compared on every look-up, so that a hash clash is a miss, not a
//! wrong bundle), then the text after it.
//!
//! The key covers the bundler's own build (`BUNDLER_BUILD_ID`, a hash of its sources and of
//! the lock file, from `build.rs`): an edit to the dead-code logic must not get the old
//! output back for an unchanged problem.

use crate::Report;
use cargo_metadata::camino::Utf8Path;
use std::hash::{Hash, Hasher};
use std::process::Command;
use std::sync::OnceLock;

/// This build of the bundler.
const BUILD: &str = env!("BUNDLER_BUILD_ID");

/// The text after the pass, and its report, for the text `before`; `None` if not kept.
pub fn lookup(dir: &Utf8Path, before: &str) -> Option<(String, Report)> {
    lookup_for(dir, before, BUILD)
}

/// Keeps `after` and `report` for `before`; a failure to write only costs the next run time.
pub fn store(dir: &Utf8Path, before: &str, after: &str, report: &Report) {
    store_for(dir, before, after, report, BUILD)
}

/// [`lookup`] as the bundler build `build` would do it.
fn lookup_for(dir: &Utf8Path, before: &str, build: &str) -> Option<(String, Report)> {
    let kept = std::fs::read_to_string(dir.join(key(before, build)?)).ok()?;
    let (head, rest) = kept.split_once('\n')?;
    let numbers: Vec<usize> = head
        .split(' ')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let [compiles, removed, left_lines, before_bytes] = numbers[..] else {
        return None;
    };
    let mut lines = rest.splitn(left_lines + 1, '\n');
    let left: Vec<String> = lines.by_ref().take(left_lines).map(String::from).collect();
    let texts = lines.next()?;
    if left.len() != left_lines || texts.get(..before_bytes)? != before {
        return None;
    }
    let report = Report {
        compiles,
        removed,
        left,
    };
    Some((texts[before_bytes..].to_string(), report))
}

/// [`store`] as the bundler build `build` would do it.
fn store_for(dir: &Utf8Path, before: &str, after: &str, report: &Report, build: &str) {
    let Some(key) = key(before, build) else {
        return;
    };
    let mut kept = format!(
        "{} {} {} {}\n",
        report.compiles,
        report.removed,
        report.left.len(),
        before.len()
    );
    for line in &report.left {
        kept += &line.replace('\n', " ");
        kept.push('\n');
    }
    kept += before;
    kept += after;
    // Written beside, then renamed into place: a reader sees it whole or not at all.
    let draft = dir.join(format!("{key}.{}.tmp", std::process::id()));
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&draft, kept))
        .and_then(|()| std::fs::rename(&draft, dir.join(&key)));
    if written.is_err() {
        let _ = std::fs::remove_file(&draft);
    }
}

/// The name of the text `before`'s entry: a hash of it, of the rustc that runs the pass and
/// of the bundler's build.
fn key(before: &str, build: &str) -> Option<String> {
    let mut hasher = std::hash::DefaultHasher::new();
    (before, rustc_version()?, build).hash(&mut hasher);
    Some(format!("{:016x}", hasher.finish()))
}

/// `rustc -vV` of the rustc the pass runs (`$RUSTC` or `rustc`); `None` if it does not run,
/// and then nothing is kept.
fn rustc_version() -> Option<&'static str> {
    static VERSION: OnceLock<Option<String>> = OnceLock::new();
    VERSION
        .get_or_init(|| {
            let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
            let output = Command::new(rustc).arg("-vV").output().ok()?;
            output
                .status
                .success()
                .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
        })
        .as_deref()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cargo_metadata::camino::Utf8PathBuf;

    fn scratch(name: &str) -> Utf8PathBuf {
        Utf8PathBuf::from_path_buf(std::env::temp_dir())
            .unwrap()
            .join(format!("bundle-kept-{name}-{}", std::process::id()))
    }

    fn report() -> Report {
        Report {
            compiles: 3,
            removed: 7,
            left: vec!["12: function `f` is never used".to_string()],
        }
    }

    #[test]
    fn a_kept_pass_comes_back_as_it_went_in_and_other_text_misses() {
        let dir = scratch("back");
        let after = "fn main() {}\n\nmod a {\n}\n";
        store(&dir, "before", after, &report());
        let (text, back) = lookup(&dir, "before").expect("kept");
        assert_eq!(text, after);
        assert_eq!(
            (back.compiles, back.removed, back.left),
            (3, 7, report().left)
        );
        assert!(lookup(&dir, "before, edited").is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_entry_is_not_reused_by_another_build_of_the_bundler() {
        let dir = scratch("build");
        store_for(&dir, "before", "after", &report(), "old dead-code logic");
        assert!(lookup_for(&dir, "before", "old dead-code logic").is_some());
        assert!(lookup_for(&dir, "before", "new dead-code logic").is_none());
        assert!(lookup(&dir, "before").is_none(), "this build is neither");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_entry_made_from_other_text_under_the_same_key_is_a_miss() {
        let dir = scratch("clash");
        store(&dir, "before", "after", &report());
        // Another text whose hash were the same would find this entry: stand it in by
        // writing the entry of "other" under the key of "before".
        let slot = dir.join(key("before", BUILD).unwrap());
        std::fs::remove_file(&slot).unwrap();
        store(&dir, "other!", "wrong", &report());
        std::fs::rename(dir.join(key("other!", BUILD).unwrap()), &slot).unwrap();
        assert!(lookup(&dir, "before").is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
