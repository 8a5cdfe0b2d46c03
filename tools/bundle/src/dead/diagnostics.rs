//! rustc's own judgement of a bundle: the text is compiled as the binary it is
//! (`--crate-type bin`, so nothing is exported) with `-W dead_code -W unused`, in
//! rustc's cheapest mode that still runs the lints (`--emit=metadata`: no code is
//! generated), and its JSON diagnostics (`--error-format=json`) are read back.

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One diagnostic: its level, its lint (`dead_code`, `unused_imports`, ...) and where it
/// points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub error: bool,
    pub lint: Option<String>,
    pub message: String,
    /// The primary spans, where rustc underlines with `^`.
    pub spans: Vec<Spot>,
    /// The names the message quotes in backticks (`crate::a::B` gives `crate`, `a` and
    /// `B`).
    pub names: Vec<String>,
}

/// A span of the compiled text: 1-based lines, 0-based character columns (as
/// proc-macro2 counts them), end exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot {
    pub start: (usize, usize),
    pub end: (usize, usize),
}

impl Spot {
    pub fn contains(&self, other: &Spot) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}

/// The lints whose warnings name an unused item (or import, or macro).
pub const ITEM_LINTS: [&str; 3] = ["dead_code", "unused_imports", "unused_macros"];

/// Compiles `text` with the unused lints on; every diagnostic but rustc's summary lines.
/// `debug` sets `debug_assertions` (on without `-O`, off with it); `lints` are warned
/// about too (`unused_macro_rules` is allowed by default).
pub fn check(text: &str, edition: &str, debug: bool, lints: &[&str]) -> Result<Vec<Diagnostic>> {
    static RUN: AtomicUsize = AtomicUsize::new(0);
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    // Metadata must go somewhere; one file per call, as bundles are checked in parallel.
    let out = std::env::temp_dir().join(format!(
        "bundle-check-{}-{}.rmeta",
        std::process::id(),
        RUN.fetch_add(1, Ordering::Relaxed)
    ));
    let mut child = Command::new(&rustc)
        .args(["-", "--crate-name", "bundle", "--crate-type", "bin"])
        .args([
            "--edition",
            edition,
            "--emit=metadata",
            "--error-format=json",
        ])
        .args(["-W", "dead_code", "-W", "unused"])
        .args(lints.iter().flat_map(|lint| ["-W", lint]))
        .arg("-C")
        .arg(format!(
            "debug-assertions={}",
            if debug { "on" } else { "off" }
        ))
        .arg("-o")
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run {rustc}"))?;
    let mut stdin = child.stdin.take().expect("piped");
    let writer = {
        let text = text.to_string();
        std::thread::spawn(move || stdin.write_all(text.as_bytes()))
    };
    let output = child.wait_with_output().context("rustc failed")?;
    std::fs::remove_file(&out).ok();
    writer
        .join()
        .expect("writer thread")
        .context("cannot feed rustc")?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let diagnostics = parse(&stderr)?;
    if !output.status.success() && !diagnostics.iter().any(|d| d.error) {
        bail!("{rustc} failed without a diagnostic: {stderr}");
    }
    Ok(diagnostics)
}

/// The diagnostics of rustc's JSON output, one object a line.
pub fn parse(json_lines: &str) -> Result<Vec<Diagnostic>> {
    let mut out = Vec::new();
    for line in json_lines.lines().filter(|l| l.starts_with('{')) {
        let value: serde_json::Value =
            serde_json::from_str(line).with_context(|| format!("rustc said: {line}"))?;
        let level = value["level"].as_str().unwrap_or("");
        let spans: Vec<Spot> = value["spans"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|span| span["is_primary"].as_bool() == Some(true))
            .filter_map(spot)
            .collect();
        // "aborting due to ..." and "N warnings emitted" point nowhere.
        if spans.is_empty() && !level.starts_with("error") {
            continue;
        }
        let message = value["message"].as_str().unwrap_or("").to_string();
        // The notes' names are suggestions (`consider importing ..`), not culprits.
        let mut names = Vec::new();
        quoted_names(&message, &mut names);
        if level.starts_with("error") && spans.is_empty() && message.starts_with("aborting") {
            continue;
        }
        out.push(Diagnostic {
            error: level.starts_with("error"),
            lint: value["code"]["code"].as_str().map(str::to_string),
            message,
            spans,
            names,
        });
    }
    Ok(out)
}

fn spot(span: &serde_json::Value) -> Option<Spot> {
    let number = |key: &str| span[key].as_u64().map(|n| n as usize);
    Some(Spot {
        start: (
            number("line_start")?,
            number("column_start")?.checked_sub(1)?,
        ),
        end: (number("line_end")?, number("column_end")?.checked_sub(1)?),
    })
}

/// The identifiers inside each `backticked` part of `message`.
fn quoted_names(message: &str, names: &mut Vec<String>) {
    for quoted in message.split('`').skip(1).step_by(2) {
        let words = quoted.split(|c: char| !(c.is_alphanumeric() || c == '_'));
        names.extend(words.filter(|w| !w.is_empty()).map(str::to_string));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lints_primary_spans_and_quoted_names() {
        let json = r#"{"$message_type":"diagnostic","message":"struct `Tokens` is never constructed","code":{"code":"dead_code","explanation":null},"level":"warning","spans":[{"line_start":3,"line_end":3,"column_start":12,"column_end":18,"is_primary":true},{"line_start":2,"line_end":2,"column_start":1,"column_end":4,"is_primary":false}],"children":[]}
{"$message_type":"diagnostic","message":"cannot find type `Max` in module `crate::acl`","code":{"code":"E0412","explanation":"x"},"level":"error","spans":[{"line_start":9,"line_end":9,"column_start":5,"column_end":8,"is_primary":true}],"children":[{"message":"consider importing `std::cmp::max`","spans":[]}]}
{"$message_type":"diagnostic","message":"aborting due to 1 previous error","code":null,"level":"error","spans":[],"children":[]}
{"$message_type":"diagnostic","message":"1 warning emitted","code":null,"level":"warning","spans":[],"children":[]}"#;
        let found = parse(json).unwrap();
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].lint.as_deref(), Some("dead_code"));
        assert!(!found[0].error);
        assert_eq!(
            found[0].spans,
            [Spot {
                start: (3, 11),
                end: (3, 17)
            }]
        );
        assert_eq!(found[0].names, ["Tokens"]);
        assert!(found[1].error);
        assert_eq!(found[1].names, ["Max", "crate", "acl"]);
    }

    #[test]
    fn rustc_names_an_unused_function_and_an_unused_import() {
        let text = "use std::fmt;\nfn unused() {}\nfn main() {}\n";
        let found = check(text, "2021", false, &[]).unwrap();
        let lints: Vec<(Option<&str>, Spot)> = found
            .iter()
            .map(|d| (d.lint.as_deref(), d.spans[0]))
            .collect();
        assert!(
            lints.contains(&(
                Some("unused_imports"),
                Spot {
                    start: (1, 4),
                    end: (1, 12)
                }
            )),
            "{found:?}"
        );
        assert!(
            lints.contains(&(
                Some("dead_code"),
                Spot {
                    start: (2, 3),
                    end: (2, 9)
                }
            )),
            "{found:?}"
        );
    }
}
