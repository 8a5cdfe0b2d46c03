//! The compiler's pass, remembered: a bundle whose text before the pass is one the pass has
//! already seen (same text, same rustc) gets the text after it without a rustc run. The pass
//! is most of a Rust bundle's time, and `make bundle`, the bundle tests and the C bundles'
//! tests each bundle the same problems. Kept in `<target>/bundle-pass/<key>`, one file a
//! bundle: the report's line, then its unused lines, then the text.

use crate::Report;
use cargo_metadata::camino::Utf8Path;
use std::hash::{Hash, Hasher};
use std::process::Command;
use std::sync::OnceLock;

/// The text after the pass, and its report, for the text `before`; `None` if not kept.
pub fn lookup(dir: &Utf8Path, before: &str) -> Option<(String, Report)> {
    let kept = std::fs::read_to_string(dir.join(key(before)?)).ok()?;
    let (head, rest) = kept.split_once('\n')?;
    let mut numbers = head.split(' ').map(str::parse::<usize>);
    let (Some(Ok(compiles)), Some(Ok(removed)), Some(Ok(left_lines)), None) = (
        numbers.next(),
        numbers.next(),
        numbers.next(),
        numbers.next(),
    ) else {
        return None;
    };
    let mut lines = rest.splitn(left_lines + 1, '\n');
    let left: Vec<String> = lines.by_ref().take(left_lines).map(String::from).collect();
    let text = lines.next()?.to_string();
    (left.len() == left_lines).then_some((
        text,
        Report {
            compiles,
            removed,
            left,
        },
    ))
}

/// Keeps `after` and `report` for `before`; a failure to write only costs the next run time.
pub fn store(dir: &Utf8Path, before: &str, after: &str, report: &Report) {
    let Some(key) = key(before) else { return };
    let mut kept = format!(
        "{} {} {}\n",
        report.compiles,
        report.removed,
        report.left.len()
    );
    for line in &report.left {
        kept += &line.replace('\n', " ");
        kept.push('\n');
    }
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

/// The name of the text `before`'s entry: a hash of it and of the rustc that runs the pass.
fn key(before: &str) -> Option<String> {
    let mut hasher = std::hash::DefaultHasher::new();
    (before, rustc_version()?).hash(&mut hasher);
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

    #[test]
    fn a_kept_pass_comes_back_as_it_went_in_and_other_text_misses() {
        let dir = cargo_metadata::camino::Utf8PathBuf::from_path_buf(std::env::temp_dir())
            .unwrap()
            .join(format!("bundle-kept-test-{}", std::process::id()));
        let report = Report {
            compiles: 3,
            removed: 7,
            left: vec!["12: function `f` is never used".to_string()],
        };
        let after = "fn main() {}\n\nmod a {\n}\n";
        store(&dir, "before", after, &report);
        let (text, back) = lookup(&dir, "before").expect("kept");
        assert_eq!(text, after);
        assert_eq!(
            (back.compiles, back.removed, back.left),
            (3, 7, report.left)
        );
        assert!(lookup(&dir, "before, edited").is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
