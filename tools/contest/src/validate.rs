//! Every value from outside (a command line, a browser's POST) checked before anything is
//! written: crate names, titles, limits, samples and judges. Each check refuses in one line.

use crate::refusal::Refusal;
use std::fs;
use std::path::Path;

/// Time limits judges set are a few seconds; 60 s is far above any and far below what TOML
/// (an i64) and cargo can hold.
pub const MAX_TIME_LIMIT_MS: u64 = 60_000;
/// The largest memory limits judges set are 1-2 GiB.
pub const MAX_MEMORY_LIMIT_MB: u64 = 16_384;
/// Problem pages show a handful of samples.
pub const MAX_SAMPLES: usize = 100;
/// Inputs and outputs of all samples together.
pub const MAX_SAMPLE_BYTES: usize = 1 << 20;
/// Titles are a few words; a URL or group a line.
pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_LINE_CHARS: usize = 2000;
const MAX_NAME_LEN: usize = 64;

/// Rust's keywords of every edition, strict, reserved and weak: a package of that name has
/// a library that cannot be named in `use`.
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen", "union", "raw",
    "safe",
];

/// Names cargo or the platforms reserve: std's crates, target directory names, Windows
/// device names.
const RESERVED: &[&str] = &[
    "std",
    "core",
    "alloc",
    "test",
    "proc-macro",
    "deps",
    "examples",
    "build",
    "incremental",
    "con",
    "prn",
    "aux",
    "nul",
    "com1",
    "com2",
    "com3",
    "com4",
    "com5",
    "com6",
    "com7",
    "com8",
    "com9",
    "lpt1",
    "lpt2",
    "lpt3",
    "lpt4",
    "lpt5",
    "lpt6",
    "lpt7",
    "lpt8",
    "lpt9",
];

/// What every new crate depends on (the template's dependencies and the workspace's tools),
/// refused even where Cargo.lock cannot be read.
const TEMPLATE_DEPENDENCIES: &[&str] = &[
    "shared-grid",
    "proconio",
    "assert-cmd",
    "predicates",
    "insta",
    "rand",
    "rand-chacha",
    "stress-kit",
    "bundle",
    "contest",
];

/// A crate name's syntax: lowercase ASCII letters and digits in words joined by single
/// hyphens, starting with a letter (cargo's rules, narrowed to the workspace's style), and
/// no keyword or reserved name.
pub fn name_syntax(name: &str) -> Result<(), Refusal> {
    let words_ok = name.split('-').all(|word| {
        !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    });
    if !words_ok || !name.starts_with(|c: char| c.is_ascii_lowercase()) || name.len() > MAX_NAME_LEN
    {
        return Err(Refusal::invalid(format!(
            "`{}` is not a valid crate name here: use lowercase letters, digits and single \
             hyphens, starting with a letter, at most {MAX_NAME_LEN} bytes (e.g. `curling`, \
             `abc123-d`)",
            printable(name, 80)
        )));
    }
    if KEYWORDS.contains(&name) {
        return Err(Refusal::invalid(format!(
            "`{name}` is a Rust keyword: its library could not be named (try `{name}-problem`)"
        )));
    }
    if RESERVED.contains(&name) {
        return Err(Refusal::invalid(format!(
            "`{name}` is reserved (a std crate, a cargo directory or a device name)"
        )));
    }
    Ok(())
}

/// The name is free in the workspace at `root`: no package of Cargo.lock (the members and
/// every dependency, `_` and `-` alike), no template dependency, no `crates/NAME` or
/// `samples/NAME`.
pub fn name_free(root: &Path, name: &str) -> Result<(), Refusal> {
    for dir in ["crates", "samples"] {
        let path = root.join(dir).join(name);
        if fs::symlink_metadata(&path).is_ok() {
            return Err(Refusal::taken(format!(
                "{dir}/{name} already exists: choose another name"
            )));
        }
    }
    if TEMPLATE_DEPENDENCIES.contains(&name) {
        return Err(Refusal::taken(format!(
            "`{name}` is a dependency of every problem crate: choose another name"
        )));
    }
    let lock = fs::read_to_string(root.join("Cargo.lock")).unwrap_or_default();
    if locked_packages(&lock).any(|package| package == name) {
        return Err(Refusal::taken(format!(
            "`{name}` is already a package of this workspace or one of its dependencies \
             (Cargo.lock): choose another name"
        )));
    }
    Ok(())
}

/// The package names in a Cargo.lock, `_` written `-`.
fn locked_packages(lock: &str) -> impl Iterator<Item = String> + '_ {
    lock.lines()
        .filter_map(|line| line.strip_prefix("name = \"")?.strip_suffix('"'))
        .map(|name| name.replace('_', "-"))
}

/// A title, URL or group as it is stored: on one line (control characters, NUL included,
/// become spaces), bidirectional and invisible formatting characters spelled `<U+202E>`,
/// trimmed. Refused when longer than `max` characters.
pub fn one_line(what: &str, text: &str, max: usize) -> Result<String, Refusal> {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_control() || c.is_whitespace() {
            if !out.ends_with(' ') {
                out.push(' ');
            }
        } else if is_invisible_format(c) {
            out += &format!("<U+{:04X}>", c as u32);
        } else {
            out.push(c);
        }
    }
    let out = out.trim().to_string();
    let chars = out.chars().count();
    if chars > max {
        return Err(Refusal::invalid(format!(
            "the {what} has {chars} characters, more than {max}"
        )));
    }
    Ok(out)
}

/// Characters that reorder or hide text (rustc rejects the bidirectional ones in comments).
fn is_invisible_format(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x061C | 0x180E | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F
        | 0xFEFF | 0xFFF9..=0xFFFB)
}

/// A time limit judges could set.
pub fn time_limit(ms: u64) -> Result<u64, Refusal> {
    if !(1..=MAX_TIME_LIMIT_MS).contains(&ms) {
        return Err(Refusal::invalid(format!(
            "time limit {ms} ms is outside 1..={MAX_TIME_LIMIT_MS} ms"
        )));
    }
    Ok(ms)
}

/// A memory limit judges could set.
pub fn memory_limit(mb: u64) -> Result<u64, Refusal> {
    if !(1..=MAX_MEMORY_LIMIT_MB).contains(&mb) {
        return Err(Refusal::invalid(format!(
            "memory limit {mb} MB is outside 1..={MAX_MEMORY_LIMIT_MB} MB"
        )));
    }
    Ok(mb)
}

/// At most [`MAX_SAMPLES`] samples of [`MAX_SAMPLE_BYTES`] in all, each named by a plain
/// file stem.
pub fn samples(samples: &[crate::sample::Sample]) -> Result<(), Refusal> {
    if samples.len() > MAX_SAMPLES {
        return Err(Refusal::invalid(format!(
            "{} samples: at most {MAX_SAMPLES} are taken",
            samples.len()
        )));
    }
    let bytes: usize = samples.iter().map(|s| s.input.len() + s.output.len()).sum();
    if bytes > MAX_SAMPLE_BYTES {
        return Err(Refusal::invalid(format!(
            "the samples hold {bytes} bytes: at most {MAX_SAMPLE_BYTES} are taken"
        )));
    }
    for sample in samples {
        let stem_ok = !sample.stem.is_empty()
            && sample.stem.len() <= MAX_NAME_LEN
            && sample
                .stem
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !stem_ok {
            return Err(Refusal::invalid(format!(
                "sample name `{}` is not lowercase letters, digits and hyphens",
                printable(&sample.stem, 80)
            )));
        }
    }
    Ok(())
}

/// The judges of `judges.toml` at `root` (its `[key]` table headers).
pub fn judge_keys(root: &Path) -> Vec<String> {
    let text = fs::read_to_string(root.join("judges.toml")).unwrap_or_default();
    text.lines()
        .filter_map(|line| line.trim().strip_prefix('[')?.strip_suffix(']'))
        .map(str::to_string)
        .collect()
}

/// `key` or `key:id`, the key one of `known`, the id letters, digits, `_` and `-`.
pub fn judge(reference: &str, known: &[String]) -> Result<(), Refusal> {
    let (key, id) = match reference.split_once(':') {
        Some((key, id)) => (key, Some(id)),
        None => (reference, None),
    };
    let id_ok = id.is_none_or(|id| {
        !id.is_empty()
            && id.len() <= MAX_NAME_LEN
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    });
    if !id_ok {
        return Err(Refusal::invalid(format!(
            "judge `{}`: write it as key or key:problem (letters, digits, `_`, `-`), e.g. aoj:1144",
            printable(reference, 80)
        )));
    }
    if !known.iter().any(|k| k == key) {
        return Err(Refusal::invalid(format!(
            "judge `{}` is not a key of judges.toml (known: {})",
            printable(key, 80),
            known.join(", ")
        )));
    }
    Ok(())
}

/// `text` shortened and on one line, for quoting it in a refusal.
fn printable(text: &str, max: usize) -> String {
    let line: String = text
        .chars()
        .map(|c| {
            if c.is_control() || is_invisible_format(c) {
                '?'
            } else {
                c
            }
        })
        .take(max)
        .collect();
    if text.chars().count() > max {
        line + "..."
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_workspace_style_and_avoid_keywords() {
        for good in [
            "curling",
            "rc02-game",
            "a",
            "abc123-d",
            "fn-problem",
            "a-fn",
        ] {
            assert!(name_syntax(good).is_ok(), "{good}");
        }
        for bad in [
            "", "Curling", "1abc", "a--b", "a-", "-a", "a_b", "a b", "é", "std", "fn", "match",
            "async", "type", "dyn", "try", "loop", "union", "con", "a\"b", "`id`",
        ] {
            assert!(name_syntax(bad).is_err(), "{bad}");
        }
        assert!(name_syntax(&"a".repeat(65)).is_err());
    }

    #[test]
    fn lock_packages_are_read_with_underscores_as_hyphens() {
        let lock = "[[package]]\nname = \"rand_chacha\"\nversion = \"0.9.0\"\n\n[[package]]\nname = \"curling\"\n";
        let names: Vec<String> = locked_packages(lock).collect();
        assert_eq!(names, ["rand-chacha", "curling"]);
    }

    #[test]
    fn titles_become_one_escaped_line() {
        assert_eq!(one_line("title", " A.\tB\n\0C ", 200).unwrap(), "A. B C");
        assert_eq!(
            one_line("title", "x\u{202E}y\u{2066}", 200).unwrap(),
            "x<U+202E>y<U+2066>"
        );
        assert_eq!(
            one_line("title", "`id` $H a\"b", 200).unwrap(),
            "`id` $H a\"b"
        );
        assert!(one_line("title", &"x".repeat(201), 200).is_err());
        assert!(one_line("title", &"游".repeat(200), 200).is_ok());
    }

    #[test]
    fn limits_are_within_what_judges_set() {
        assert!(time_limit(1000).is_ok() && time_limit(60_000).is_ok());
        assert!(time_limit(0).is_err() && time_limit(60_001).is_err());
        assert!(time_limit(9_223_372_036_854_775_808).is_err());
        assert!(memory_limit(256).is_ok() && memory_limit(16_384).is_ok());
        assert!(memory_limit(0).is_err() && memory_limit(1 << 63).is_err());
    }

    #[test]
    fn judges_are_known_keys_with_plain_ids() {
        let known = vec!["aoj".to_string(), "local-referee".to_string()];
        for good in ["aoj", "aoj:1144", "aoj:ALDS1_1_A", "local-referee"] {
            assert!(judge(good, &known).is_ok(), "{good}");
        }
        for bad in [
            "nosuchjudge:1",
            "aoj:",
            "aoj:a b",
            "AOJ",
            ":1",
            "aoj:1:2",
            "",
        ] {
            assert!(judge(bad, &known).is_err(), "{bad}");
        }
    }

    #[test]
    fn sample_sets_are_bounded() {
        let sample = |stem: &str, n: usize| crate::sample::Sample {
            stem: stem.to_string(),
            input: "1".repeat(n),
            output: String::new(),
        };
        let many: Vec<_> = (0..101).map(|i| sample(&format!("s-{i}"), 0)).collect();
        assert!(samples(&many[..100]).is_ok());
        assert!(samples(&many).is_err());
        assert!(samples(&[sample("a", MAX_SAMPLE_BYTES)]).is_ok());
        assert!(samples(&[sample("a", MAX_SAMPLE_BYTES + 1)]).is_err());
        assert!(samples(&[sample("../x", 1)]).is_err());
    }
}
