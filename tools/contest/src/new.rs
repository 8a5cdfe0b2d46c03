//! `contest new`: a problem crate in the workspace's shape, built in a staging directory and
//! moved into place whole, so that a failure leaves nothing half-made.

use crate::refusal::Refusal;
use crate::sample::Sample;
use crate::{validate, workspace};
use anyhow::{Context, Result};
use std::fs;
use std::path::Path;
use stress_kit::Checker;

/// The judge used when none is named (see judges.toml): replace it with the real ones.
pub const DEFAULT_JUDGE: &str = "local-referee";

/// Everything `new` needs to know about the problem.
#[derive(Clone, Debug)]
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
    /// How outputs are judged (`exact` unless told).
    pub checker: Checker,
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
            url: None,
            group: None,
            time_limit_ms: None,
            memory_limit_mb: None,
            interactive: false,
            checker: Checker::Exact,
            samples: Vec::new(),
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
            checker: self.checker,
            samples: self.samples.clone(),
        })
    }
}

/// What `create` made.
pub struct Created {
    pub name: String,
    pub samples: usize,
    pub interactive: bool,
}

impl Created {
    /// What was made and which files to edit next.
    pub fn summary(&self) -> String {
        let name = &self.name;
        let (solution, support) = if self.interactive {
            (
                "the solution (it flushes every line)",
                "the interactor and the secrets' generator",
            )
        } else {
            (
                "the solution (one test case; several: one line of run_to)",
                "the oracle and the generator",
            )
        };
        format!(
            "created crates/{name} and samples/{name} ({} sample(s)); added to the workspace\n\
             edit:\n  crates/{name}/src/lib.rs               {solution}\n  \
             crates/{name}/tests/support/mod.rs     {support}\n  \
             crates/{name}/tests/cli.rs             its malformed inputs, written for the placeholder's \
             format: a truncated and a non-numeric input of this problem's\n  \
             crates/{name}/Cargo.toml               checker, time-limit-ms, memory-limit-mb, judges\n  \
             samples/{name}/*.in, *.out              the statement's samples (then: make snapshots P={name})\n\
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
        interactive: spec.interactive,
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

/// The files of a new crate: path inside it, template. Batch problems read stdin and write
/// stdout; interactive ones talk to an interactor, flushing every line.
fn templates(interactive: bool) -> Vec<(&'static str, &'static str)> {
    let mut files = vec![
        ("Cargo.toml", include_str!("template/Cargo.toml.in")),
        ("examples/stress.rs", include_str!("template/stress.rs.in")),
    ];
    if interactive {
        files.extend([
            ("src/lib.rs", include_str!("template/interactive-lib.rs.in")),
            (
                "src/main.rs",
                include_str!("template/interactive-main.rs.in"),
            ),
            (
                "tests/samples.rs",
                include_str!("template/interactive-samples.rs.in"),
            ),
            (
                "tests/support/mod.rs",
                include_str!("template/interactive-support.rs.in"),
            ),
            (
                "tests/cli.rs",
                include_str!("template/interactive-cli.rs.in"),
            ),
        ]);
    } else {
        files.extend([
            ("src/lib.rs", include_str!("template/lib.rs.in")),
            ("src/main.rs", include_str!("template/main.rs.in")),
            ("tests/samples.rs", include_str!("template/samples.rs.in")),
            ("tests/oracle.rs", include_str!("template/oracle.rs.in")),
            (
                "tests/support/mod.rs",
                include_str!("template/support.rs.in"),
            ),
            ("tests/cli.rs", include_str!("template/cli.rs.in")),
        ]);
    }
    files
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
    let dependencies = if spec.interactive {
        ""
    } else {
        "shared-grid.workspace = true\nproconio.workspace = true\n"
    };
    let fill = |template: &str| {
        template
            .replace("@NAME@", &spec.name)
            .replace("@LIB@", &lib)
            .replace("@DEPENDENCIES@", dependencies)
            .replace("@PROBLEM_TOML@", &toml_string(&spec.problem))
            .replace("@PROBLEM_DOC@", &doc_line(&spec.problem))
            .replace("@CHECKER_TOML@", &toml_string(&spec.checker.to_string()))
            .replace(
                "@JUDGES_TOML@",
                &judges
                    .iter()
                    .map(|j| toml_string(j))
                    .collect::<Vec<_>>()
                    .join(", "),
            )
    };
    for (path, template) in templates(spec.interactive) {
        let mut text = fill(template);
        if path == "Cargo.toml" {
            text += &extra_metadata(spec);
        }
        write(&dir.join(path), &text)?;
    }
    // Two placeholders, so that insta names every snapshot after its sample from the start.
    let placeholders = if spec.interactive {
        vec![
            sample("placeholder", "10 7\n", "7\n"),
            sample("placeholder-one", "1 1\n", "1\n"),
        ]
    } else {
        vec![
            sample("placeholder", "3\n1 2 3\n", "6\n"),
            sample("placeholder-empty", "0\n\n", "0\n"),
        ]
    };
    // An interactive page's samples are transcripts, not secrets: kept for reading.
    let (samples, transcripts) = match (spec.samples.is_empty(), spec.interactive) {
        (true, _) => (placeholders, Vec::new()),
        (false, true) => (placeholders, spec.samples.clone()),
        (false, false) => (spec.samples.clone(), Vec::new()),
    };
    for sample in &transcripts {
        let text = format!("--- input\n{}--- output\n{}", sample.input, sample.output);
        write(
            &staging.join(format!("samples/{}.transcript", sample.stem)),
            &text,
        )?;
    }
    for sample in &samples {
        let stem = &sample.stem;
        write(&staging.join(format!("samples/{stem}.in")), &sample.input)?;
        write(&staging.join(format!("samples/{stem}.out")), &sample.output)?;
    }
    if spec.checker == Checker::Exact && !spec.interactive {
        write_snapshots(&dir, &spec.name, &samples)?;
    }
    Ok(samples.len())
}

/// The insta snapshot of each sample, written from its `.out` under the name `tests/samples.rs`
/// gives it: `samples__samples@<stem>.in.snap`, or `samples__samples.snap` when the glob
/// matches one file alone (insta then names it without a suffix). The other name's file, left
/// from when there were more or fewer samples, is removed. Returns the snapshots that were
/// missing or differed.
pub fn write_snapshots(crate_dir: &Path, name: &str, samples: &[Sample]) -> Result<Vec<String>> {
    let snapshots = crate_dir.join("tests/snapshots");
    let per_sample = |s: &Sample| format!("samples__samples@{}.in.snap", s.stem);
    let (names, stale): (Vec<String>, Vec<String>) = match samples {
        [only] => (vec![ONE_SAMPLE.to_string()], vec![per_sample(only)]),
        _ => (
            samples.iter().map(per_sample).collect(),
            vec![ONE_SAMPLE.to_string()],
        ),
    };
    for file in stale {
        let path = snapshots.join(file);
        if path.exists() {
            fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        }
    }
    let mut written = Vec::new();
    for (file, sample) in names.iter().zip(samples) {
        let path = snapshots.join(file);
        let text = snapshot(name, &sample.stem, &sample.output);
        if fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            write(&path, &text)?;
            written.push(file.clone());
        }
    }
    Ok(written)
}

/// The snapshot of a crate's only sample.
const ONE_SAMPLE: &str = "samples__samples.snap";

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

/// The table's other keys: where the problem came from (when known) and its limits (always,
/// "unknown" where not given).
fn extra_metadata(spec: &Spec) -> String {
    let mut out = String::new();
    if let Some(url) = &spec.url {
        out += &format!("url = {}\n", toml_string(url));
    }
    if let Some(group) = &spec.group {
        out += &format!("group = {}\n", toml_string(group));
    }
    let unknown = || "\"unknown\"".to_string();
    out += "# The judge's limits (or \"unknown\": the workspace's defaults, 2000 ms and 64 MB, apply);\n\
            # where judges.toml records the problem's, the samples test holds these to them.\n";
    let ms = spec.time_limit_ms.map_or_else(unknown, |ms| ms.to_string());
    out += &format!("time-limit-ms = {ms}\n");
    let mb = spec
        .memory_limit_mb
        .map_or_else(unknown, |mb| mb.to_string());
    out += &format!("memory-limit-mb = {mb}\n");
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
    fn both_limits_are_written_given_or_unknown() {
        let mut spec = Spec::from_command_line("x", None, "aoj:1");
        let table = extra_metadata(&spec);
        assert!(table.contains("time-limit-ms = \"unknown\"\nmemory-limit-mb = \"unknown\"\n"));
        (spec.time_limit_ms, spec.memory_limit_mb) = (Some(1500), Some(128));
        let table = extra_metadata(&spec);
        assert!(
            table.contains("time-limit-ms = 1500\nmemory-limit-mb = 128\n"),
            "{table}"
        );
    }

    #[test]
    fn one_sample_gets_one_snapshot_named_as_insta_names_it() {
        let dir = std::env::temp_dir().join(format!("contest-snapshots-{}", std::process::id()));
        let files = || {
            let mut names: Vec<String> = fs::read_dir(dir.join("tests/snapshots"))
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            names.sort();
            names
        };
        let first = sample("a", "1\n", "1\n");
        write_snapshots(&dir, "demo", std::slice::from_ref(&first)).unwrap();
        assert_eq!(files(), ["samples__samples.snap"]);
        write_snapshots(&dir, "demo", &[first, sample("b", "2\n", "2\n")]).unwrap();
        assert_eq!(
            files(),
            ["samples__samples@a.in.snap", "samples__samples@b.in.snap"]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn toml_strings_are_escaped() {
        assert_eq!(toml_string(r#"a "b" \ c"#), r#""a \"b\" \\ c""#);
        assert_eq!(toml_string("游戏\t"), "\"游戏\\u0009\"");
    }
}
