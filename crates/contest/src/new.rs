//! `contest new`: a problem crate in the workspace's shape, built in a staging directory and
//! moved into place whole, so that a failure leaves nothing half-made.

use crate::refusal::Refusal;
use crate::{validate, workspace};
use anyhow::{Context, Result};
use std::fs;
use std::path::Path;

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
    /// `make new P=<name> [PROBLEM="title"] [JUDGES=aoj:1144,poj:3009]`: the values as given;
    /// [`create`] checks them.
    pub fn from_command_line(name: &str, problem: Option<String>, judges: &str) -> Spec {
        let judges = judges
            .split(',')
            .map(str::trim)
            .filter(|j| !j.is_empty())
            .map(str::to_string)
            .collect();
        Spec {
            name: name.to_string(),
            problem: problem
                .filter(|p| !p.trim().is_empty())
                .unwrap_or(name.to_string()),
            judges,
            ..Spec::default()
        }
    }

    /// The spec as it will be written, or why it cannot be: the name's syntax, the title, URL
    /// and group on one escaped line, limits, samples and judges (keys of `root`'s
    /// judges.toml) within bounds. Whether the name is free is checked under the lock.
    pub fn checked(&self, root: &Path) -> Result<Spec, Refusal> {
        validate::name_syntax(&self.name)?;
        let problem = validate::one_line("title", &self.problem, validate::MAX_TITLE_CHARS)?;
        if problem.is_empty() {
            return Err(Refusal::invalid("the title is empty"));
        }
        let line = |what: &str, text: &Option<String>| {
            text.as_deref()
                .map(|t| validate::one_line(what, t, validate::MAX_LINE_CHARS))
                .transpose()
                .map(|t| t.filter(|t| !t.is_empty()))
        };
        let known = validate::judge_keys(root);
        for judge in &self.judges {
            validate::judge(judge, &known)?;
        }
        validate::samples(&self.samples)?;
        Ok(Spec {
            name: self.name.clone(),
            problem,
            judges: self.judges.clone(),
            url: line("URL", &self.url)?,
            group: line("group", &self.group)?,
            time_limit_ms: self.time_limit_ms.map(validate::time_limit).transpose()?,
            memory_limit_mb: self
                .memory_limit_mb
                .map(validate::memory_limit)
                .transpose()?,
            interactive: self.interactive,
            samples: self.samples.clone(),
        })
    }
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

/// Creates `crates/<name>` and `samples/<name>` and lists the crate in the workspace. A
/// [`Refusal`] (inside the error) when the spec is invalid or the name taken; on any failure
/// nothing of this creation remains. Creations in other processes wait on the workspace lock.
pub fn create(root: &Path, spec: &Spec) -> Result<Created> {
    let spec = spec.checked(root)?;
    let name = &spec.name;
    let _lock = workspace::lock(root)?;
    validate::name_free(root, name)?;
    let manifest = fs::read_to_string(root.join("Cargo.toml")).context("reading Cargo.toml")?;
    let member = format!("crates/{name}");
    if manifest.contains(&format!("\"{member}\"")) {
        return Err(Refusal::taken(format!("{member} is already a workspace member")).into());
    }
    let staging = root.join(format!(
        ".contest-new-{name}.{}",
        workspace::unique_suffix()
    ));
    let result = stage(&staging, &spec).and_then(|samples| {
        move_into_place(root, &staging, name)?;
        Ok(samples)
    });
    let _ = fs::remove_dir_all(&staging);
    let samples = result?;
    Ok(Created {
        name: name.clone(),
        samples,
    })
}

/// Moves the staged crate and samples into place and adds the member; on a failure removes
/// what it moved (the lock and [`validate::name_free`] make both directories this
/// creation's own).
fn move_into_place(root: &Path, staging: &Path, name: &str) -> Result<()> {
    let crate_dir = root.join("crates").join(name);
    let samples_dir = root.join("samples").join(name);
    fs::create_dir_all(root.join("crates"))?;
    fs::create_dir_all(root.join("samples"))?;
    fs::rename(staging.join("crate"), &crate_dir).context("moving the crate into crates/")?;
    let mut samples_moved = false;
    let rest = fs::rename(staging.join("samples"), &samples_dir)
        .context("moving the samples into samples/")
        .and_then(|()| {
            samples_moved = true;
            workspace::add_member(root, &format!("crates/{name}"))
        });
    if let Err(error) = rest {
        let _ = fs::remove_dir_all(&crate_dir);
        if samples_moved {
            let _ = fs::remove_dir_all(&samples_dir);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_are_split_and_the_title_defaults_to_the_name() {
        let spec = Spec::from_command_line("x", None, "aoj:1144, poj:3009");
        assert_eq!(spec.judges, ["aoj:1144", "poj:3009"]);
        assert_eq!(spec.problem, "x");
    }

    #[test]
    fn toml_strings_are_escaped() {
        assert_eq!(toml_string(r#"a "b" \ c"#), r#""a \"b\" \\ c""#);
        assert_eq!(toml_string("游戏\t"), "\"游戏\\u0009\"");
    }
}
