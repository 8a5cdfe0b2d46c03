//! `contest new`: a problem crate in the workspace's shape, built in a staging directory and
//! moved into place whole, so that a failure leaves nothing half-made.

use crate::workspace;
use anyhow::{bail, Context, Result};
use std::fs;
use std::path::{Path, PathBuf};

/// Names a new crate must not take: std's crates, Rust keywords, the crates bundles inline.
const TAKEN: &[&str] = &[
    "std",
    "core",
    "alloc",
    "test",
    "proc-macro",
    "self",
    "super",
    "crate",
    "proconio",
    "shared-grid",
    "bundle",
    "contest",
    "stress-kit",
    "cli-check",
];

/// The judge used when none is named (see judges.toml): replace it with the real ones.
pub const DEFAULT_JUDGE: &str = "local-referee";

/// One sample: its file stem under `samples/<crate>/`, input and expected output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub stem: String,
    pub input: String,
    pub output: String,
}

/// Everything `new` needs to know about the problem.
#[derive(Clone, Debug, Default)]
pub struct Spec {
    pub name: String,
    pub problem: String,
    /// `key` or `key:problem-id`, keys of judges.toml.
    pub judges: Vec<String>,
    pub url: Option<String>,
    pub group: Option<String>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mb: Option<u64>,
    pub interactive: bool,
    /// None given: two placeholder samples that the placeholder solution answers.
    pub samples: Vec<Sample>,
}

impl Spec {
    /// `make new P=<name> [PROBLEM="title"] [JUDGES=aoj:1144,poj:3009]`.
    pub fn from_command_line(name: &str, problem: Option<String>, judges: &str) -> Result<Spec> {
        check_name(name)?;
        let judges: Vec<String> = judges
            .split(',')
            .map(str::trim)
            .filter(|j| !j.is_empty())
            .map(str::to_string)
            .collect();
        for judge in &judges {
            let key = judge.split(':').next().unwrap_or_default();
            let valid = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
            if key.is_empty() || !key.chars().all(valid) {
                bail!("judge `{judge}`: write it as key or key:problem, keys from judges.toml");
            }
        }
        Ok(Spec {
            name: name.to_string(),
            problem: problem
                .filter(|p| !p.trim().is_empty())
                .unwrap_or(name.to_string()),
            judges,
            ..Spec::default()
        })
    }
}

/// A crate name the workspace can take: lowercase ASCII letters and digits in words joined by
/// single hyphens, starting with a letter (cargo's rules, narrowed to the workspace's style).
pub fn check_name(name: &str) -> Result<()> {
    let words_ok = name.split('-').all(|word| {
        !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    });
    if !words_ok || !name.starts_with(|c: char| c.is_ascii_lowercase()) || name.len() > 64 {
        bail!(
            "`{name}` is not a valid crate name here: use lowercase letters, digits and single \
             hyphens, starting with a letter (e.g. `curling`, `abc123-d`)"
        );
    }
    if TAKEN.contains(&name) {
        bail!("`{name}` is reserved (a std crate, a keyword or a workspace tool)");
    }
    Ok(())
}

/// What `create` made.
pub struct Created {
    pub name: String,
    pub samples: usize,
}

impl Created {
    pub fn summary(&self) -> String {
        let name = &self.name;
        format!(
            "created crates/{name} and samples/{name} ({} sample(s)); added to the workspace\n\
             next: write crates/{name}/src/lib.rs and the oracle in crates/{name}/tests/support/mod.rs,\n\
             then: cargo test -p {name}; make stress P={name}; make bundle P={name}",
            self.samples
        )
    }
}

/// Creates `crates/<name>` and `samples/<name>` and lists the crate in the workspace; on any
/// failure nothing of it remains.
pub fn create(root: &Path, spec: &Spec) -> Result<Created> {
    check_name(&spec.name)?;
    let name = &spec.name;
    let crate_dir = root.join("crates").join(name);
    let samples_dir = root.join("samples").join(name);
    for taken in [&crate_dir, &samples_dir] {
        if taken.exists() {
            bail!(
                "{} already exists: choose another name",
                relative(root, taken)
            );
        }
    }
    let manifest = fs::read_to_string(root.join("Cargo.toml")).context("reading Cargo.toml")?;
    if manifest.contains(&format!("/{name}\"")) || manifest.contains(&format!("\"{name}\"")) {
        bail!("`{name}` is already a workspace member or dependency: choose another name");
    }
    let staging = root.join(format!(".contest-new-{name}"));
    if staging.exists() {
        fs::remove_dir_all(&staging).context("removing an old staging directory")?;
    }
    let result = stage(&staging, spec).and_then(|samples| {
        move_into_place(root, &staging, &crate_dir, &samples_dir, name)?;
        Ok(samples)
    });
    let _ = fs::remove_dir_all(&staging);
    let samples = result?;
    Ok(Created {
        name: name.clone(),
        samples,
    })
}

fn move_into_place(
    root: &Path,
    staging: &Path,
    crate_dir: &Path,
    samples_dir: &Path,
    name: &str,
) -> Result<()> {
    fs::create_dir_all(root.join("crates"))?;
    fs::create_dir_all(root.join("samples"))?;
    fs::rename(staging.join("crate"), crate_dir).context("moving the crate into crates/")?;
    let rest = fs::rename(staging.join("samples"), samples_dir)
        .context("moving the samples into samples/")
        .and_then(|()| workspace::add_member(root, &format!("crates/{name}")));
    if let Err(error) = rest {
        let _ = fs::remove_dir_all(crate_dir);
        let _ = fs::remove_dir_all(samples_dir);
        return Err(error);
    }
    Ok(())
}

/// Writes the crate to `staging/crate` and its samples to `staging/samples`.
fn stage(staging: &Path, spec: &Spec) -> Result<usize> {
    let dir = staging.join("crate");
    let lib = spec.name.replace('-', "_");
    let judges = if spec.judges.is_empty() {
        vec![DEFAULT_JUDGE.to_string()]
    } else {
        spec.judges.clone()
    };
    let fill = |template: &str| {
        template
            .replace("@NAME@", &spec.name)
            .replace("@LIB@", &lib)
            .replace("@PROBLEM_TOML@", &toml_string(&spec.problem))
            .replace("@PROBLEM_DOC@", &doc_line(&spec.problem))
            .replace(
                "@JUDGES_TOML@",
                &judges
                    .iter()
                    .map(|j| toml_string(j))
                    .collect::<Vec<_>>()
                    .join(", "),
            )
    };
    let mut manifest = fill(include_str!("template/Cargo.toml.in"));
    manifest += &extra_metadata(spec);
    let files: [(&str, String); 8] = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", fill(include_str!("template/lib.rs.in"))),
        ("src/main.rs", fill(include_str!("template/main.rs.in"))),
        (
            "tests/samples.rs",
            fill(include_str!("template/samples.rs.in")),
        ),
        (
            "tests/oracle.rs",
            fill(include_str!("template/oracle.rs.in")),
        ),
        (
            "tests/support/mod.rs",
            fill(include_str!("template/support.rs.in")),
        ),
        ("tests/cli.rs", fill(include_str!("template/cli.rs.in"))),
        (
            "examples/stress.rs",
            fill(include_str!("template/stress.rs.in")),
        ),
    ];
    for (path, text) in files {
        write(&dir.join(path), &text)?;
    }
    let samples = if spec.samples.is_empty() {
        // Two, so that insta names every snapshot after its sample from the start.
        vec![
            sample("placeholder", "2\n3 1 2 3\n1 -5\n", "6\n-5\n"),
            sample("placeholder-empty-case", "1\n0\n", "0\n"),
        ]
    } else {
        spec.samples.clone()
    };
    for sample in &samples {
        let stem = &sample.stem;
        write(&staging.join(format!("samples/{stem}.in")), &sample.input)?;
        write(&staging.join(format!("samples/{stem}.out")), &sample.output)?;
        let snapshot = snapshot(&spec.name, stem, &sample.output);
        let snapshots = dir.join("tests/snapshots");
        write(
            &snapshots.join(format!("samples__samples@{stem}.in.snap")),
            &snapshot,
        )?;
        if samples.len() == 1 {
            // insta names the snapshot of a glob's only file after the test alone.
            write(&snapshots.join("samples__samples.snap"), &snapshot)?;
        }
    }
    Ok(samples.len())
}

fn sample(stem: &str, input: &str, output: &str) -> Sample {
    Sample {
        stem: stem.to_string(),
        input: input.to_string(),
        output: output.to_string(),
    }
}

/// An insta snapshot of `output` for `samples/<crate>/<stem>.in`, as `tests/samples.rs` would
/// write it, so that a solution matching the `.out` file passes without a review step.
pub fn snapshot(name: &str, stem: &str, output: &str) -> String {
    format!(
        "---\nsource: crates/{name}/tests/samples.rs\nexpression: output\n\
         input_file: samples/{name}/{stem}.in\n---\n{output}"
    )
}

/// The table's optional keys: where the problem came from and its limits.
fn extra_metadata(spec: &Spec) -> String {
    let mut out = String::new();
    if let Some(url) = &spec.url {
        out += &format!("url = {}\n", toml_string(url));
    }
    if let Some(group) = &spec.group {
        out += &format!("group = {}\n", toml_string(group));
    }
    if let Some(ms) = spec.time_limit_ms {
        out += &format!("time-limit-ms = {ms}\n");
    }
    if let Some(mb) = spec.memory_limit_mb {
        out += &format!("memory-limit-mb = {mb}\n");
    }
    if spec.interactive {
        out += "interactive = true\n";
    }
    out
}

fn write(path: &Path, text: &str) -> Result<()> {
    fs::create_dir_all(path.parent().expect("a file inside the staging directory"))?;
    fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// A TOML basic string.
fn toml_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c if c.is_control() => out += &format!("\\u{:04X}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The title on one doc-comment line.
fn doc_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .map(PathBuf::from)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_workspace_style() {
        for good in ["curling", "rc02-game", "a", "abc123-d"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "", "Curling", "1abc", "a--b", "a-", "-a", "a_b", "a b", "é", "std", "contest",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn judges_are_keys_and_the_title_defaults_to_the_name() {
        let spec = Spec::from_command_line("x", None, "aoj:1144, poj:3009").unwrap();
        assert_eq!(spec.judges, ["aoj:1144", "poj:3009"]);
        assert_eq!(spec.problem, "x");
        assert!(Spec::from_command_line("x", None, "AOJ 1144").is_err());
    }

    #[test]
    fn toml_strings_are_escaped() {
        assert_eq!(toml_string(r#"a "b" \ c"#), r#""a \"b\" \\ c""#);
        assert_eq!(toml_string("游戏\t"), "\"游戏\\u0009\"");
    }
}
