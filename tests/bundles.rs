//! Every problem crate (every workspace package with `[package.metadata.contest]`) is
//! bundled into a scratch directory, and the bundle must:
//! - compile with bare `rustc --edition 2021 -O` and `rustc --edition 2024 -O`;
//! - reproduce each `samples/<crate>/*.in` -> `.out` byte for byte, in both editions;
//! - use no std API newer than the workspace's `rust-version` (clippy's
//!   `incompatible_msrv` on a scratch package holding the bundle);
//! - start with the header naming problem, judges, crate and licences, and hold no
//!   `extern crate`, no `#[cfg(test)]`, no doc comment, in under 64 KB (the judges' usual
//!   limit; `LARGER_LIMITS` lists the exceptions and why).
//!
//! A problem crate without samples fails.

use bundle::Workspace;
use std::fmt::Write as _;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The usual source-size limit of online judges (Codeforces, Baekjoon, AOJ: 64 KB).
const HARD_LIMIT: usize = 64 * 1024;
/// Crates allowed past [`HARD_LIMIT`], each with its reason.
const LARGER_LIMITS: &[(&str, usize, &str)] = &[(
    "enclosure",
    128 * 1024,
    "played against our own referee, not submitted to an online judge; \
     it carries the whole rules engine, the state tracker and the planner",
)];
const TARGET_SIZE: usize = 32 * 1024;
const EDITIONS: [&str; 2] = ["2021", "2024"];
/// Far above any sample's run time; only there so that a hang fails instead of hanging.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

#[test]
fn every_bundle_compiles_reproduces_its_samples_and_fits_the_msrv() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = Workspace::load(Some(&root.join("Cargo.toml"))).expect("cargo metadata");
    let msrv = workspace
        .rust_version()
        .expect("the workspace declares a rust-version");
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundles");
    let crates = workspace.problem_crates();
    assert!(
        !crates.is_empty(),
        "no package has a [package.metadata.contest] table"
    );

    let (workspace, scratch, msrv) = (&workspace, &scratch, &msrv);
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let checks: Vec<_> = crates
            .iter()
            .map(|name| {
                scope.spawn(move || check_crate(workspace, root, &scratch.join(name), msrv, name))
            })
            .collect();
        let joined = checks.into_iter().map(|check| check.join());
        joined
            .map(|outcome| outcome.expect("check thread panicked"))
            .collect()
    });

    let mut failures = String::new();
    for (name, outcome) in crates.iter().zip(&outcomes) {
        for note in &outcome.notes {
            println!("{name}: {note}");
        }
        for failure in &outcome.failures {
            writeln!(failures, "\n--- {name}: {failure}").unwrap();
        }
    }
    assert!(failures.is_empty(), "bundle checks failed:{failures}");
}

#[derive(Default)]
struct Outcome {
    notes: Vec<String>,
    failures: Vec<String>,
}

fn check_crate(workspace: &Workspace, root: &Path, dir: &Path, msrv: &str, name: &str) -> Outcome {
    let mut outcome = Outcome::default();
    let plan = match workspace.plan(name) {
        Ok(plan) => plan,
        Err(e) => return fail(outcome, format!("no bundle plan: {e:#}")),
    };
    let text = match bundle::bundle(&plan) {
        Ok(text) => text,
        Err(e) => return fail(outcome, format!("bundling failed: {e:#}")),
    };
    std::fs::create_dir_all(dir).unwrap();
    let source = dir.join(format!("{name}.rs"));
    std::fs::write(&source, &text).unwrap();

    outcome.notes.push(format!("{} bytes", text.len()));
    if text.len() > TARGET_SIZE {
        outcome.notes.push(format!(
            "warning: {} bytes is above the {TARGET_SIZE}-byte target",
            text.len()
        ));
    }
    if let Some((_, limit, why)) = LARGER_LIMITS.iter().find(|(n, _, _)| *n == name) {
        outcome
            .notes
            .push(format!("allowed up to {limit} bytes: {why}"));
    }
    outcome.failures.extend(check_text(&plan, &text));

    let samples = samples(&root.join("samples").join(name));
    if samples.is_empty() {
        outcome
            .failures
            .push(format!("no samples in samples/{name}/"));
    }
    for edition in EDITIONS {
        let binary = dir.join(format!("{name}-{edition}"));
        if let Err(e) = compile(&source, edition, &binary) {
            outcome.failures.push(format!(
                "rustc --edition {edition} -O {}:\n{e}",
                source.display()
            ));
            continue;
        }
        for (input, expected) in &samples {
            if let Err(e) = run_sample(&binary, input, expected, &dir.join("out")) {
                outcome.failures.push(format!(
                    "edition {edition}, sample {}: {e}",
                    input.display()
                ));
            }
        }
        if !samples.is_empty() {
            outcome
                .notes
                .push(format!("edition {edition}: {} samples run", samples.len()));
        }
    }
    if let Err(e) = check_msrv(&text, &dir.join("msrv"), msrv, name) {
        outcome
            .failures
            .push(format!("std API newer than rust-version {msrv}:\n{e}"));
    }
    outcome
}

fn fail(mut outcome: Outcome, failure: String) -> Outcome {
    outcome.failures.push(failure);
    outcome
}

/// The header names the problem, each judge, the crate and every bundled library's
/// licence; stripped things stay stripped.
fn check_text(plan: &bundle::Plan, text: &str) -> Vec<String> {
    let mut failures = Vec::new();
    let header: Vec<&str> = text
        .lines()
        .take_while(|line| line.starts_with("//"))
        .collect();
    let header_text = header.join("\n");
    let mut expect = |ok: bool, what: String| {
        if !ok {
            failures.push(what);
        }
    };
    let first = header.first().copied().unwrap_or("");
    expect(
        first.contains(&plan.contest.problem),
        format!("first line does not name the problem: {first:?}"),
    );
    for judge in &plan.contest.judges {
        let citation = judge.citation();
        expect(
            first.contains(&citation),
            format!("first line does not name judge {citation:?}: {first:?}"),
        );
    }
    let crate_named =
        header_text.contains(&format!("`{}`", plan.package)) && header_text.contains(&plan.dir);
    expect(
        crate_named,
        format!(
            "header does not name crate `{}` in {}",
            plan.package, plan.dir
        ),
    );
    for lib in &plan.deps {
        if text.contains(&format!("\nmod {} {{", lib.module)) {
            let licence = lib.license.as_deref().unwrap_or("licence not declared");
            let line = format!("{} {} — {licence} — {}", lib.package, lib.version, lib.home);
            expect(
                header_text.contains(&line),
                format!("header lacks the line for bundled {line:?}"),
            );
        }
    }
    expect(
        !text.contains("extern crate"),
        "contains `extern crate`".to_string(),
    );
    expect(
        !text.contains("cfg(test)"),
        "contains `#[cfg(test)]`".to_string(),
    );
    let doc_line = text
        .lines()
        .map(str::trim_start)
        .find(|l| l.starts_with("///") || l.starts_with("//!"));
    expect(
        doc_line.is_none(),
        format!("contains a doc comment: {doc_line:?}"),
    );
    expect(
        !text.contains("#[doc") && !text.contains("#![doc"),
        "contains a #[doc] attribute".to_string(),
    );
    let limit = size_limit(&plan.package);
    expect(
        text.len() < limit,
        format!("{} bytes, over the hard limit of {limit}", text.len()),
    );
    failures
}

fn size_limit(name: &str) -> usize {
    LARGER_LIMITS
        .iter()
        .find(|(crate_name, _, _)| *crate_name == name)
        .map_or(HARD_LIMIT, |&(_, limit, _)| limit)
}

/// `(NAME.in, NAME.out)` pairs of a samples directory, sorted (an `.in` without its
/// `.out` is paired with a path that does not exist, and fails).
fn samples(dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut inputs: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|input| (input.clone(), input.with_extension("out")))
        .collect()
}

fn compile(source: &Path, edition: &str, binary: &Path) -> Result<(), String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let output = Command::new(&rustc)
        .args(["--edition", edition, "-O"])
        .arg(source)
        .arg("-o")
        .arg(binary)
        .output()
        .map_err(|e| format!("cannot run {rustc}: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

fn run_sample(binary: &Path, input: &Path, expected: &Path, out_dir: &Path) -> Result<(), String> {
    let expected =
        std::fs::read(expected).map_err(|e| format!("cannot read {}: {e}", expected.display()))?;
    std::fs::create_dir_all(out_dir).unwrap();
    let actual_path = out_dir
        .join(input.file_name().unwrap())
        .with_extension("actual");
    let stderr_path = actual_path.with_extension("stderr");
    let stdin = File::open(input).map_err(|e| format!("cannot read {}: {e}", input.display()))?;
    // Files, not pipes: nothing needs draining while we wait, whatever the program writes.
    let mut child = Command::new(binary)
        .stdin(stdin)
        .stdout(File::create(&actual_path).unwrap())
        .stderr(File::create(&stderr_path).unwrap())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > RUN_TIMEOUT {
            child.kill().ok();
            child.wait().ok();
            return Err(format!("still running after {RUN_TIMEOUT:?}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    if !status.success() {
        let stderr = std::fs::read_to_string(&stderr_path).unwrap_or_default();
        return Err(format!("exited with {status}; stderr: {stderr}"));
    }
    let actual = std::fs::read(&actual_path).unwrap();
    match first_difference(&expected, &actual) {
        None => Ok(()),
        Some(difference) => Err(difference),
    }
}

/// A readable account of where `actual` first departs from `expected`, line by line.
fn first_difference(expected: &[u8], actual: &[u8]) -> Option<String> {
    if expected == actual {
        return None;
    }
    let expected: Vec<&[u8]> = expected.split_inclusive(|&b| b == b'\n').collect();
    let actual: Vec<&[u8]> = actual.split_inclusive(|&b| b == b'\n').collect();
    let show = |line: Option<&&[u8]>| match line {
        Some(line) => format!("{:?}", String::from_utf8_lossy(line)),
        None => "end of output".to_string(),
    };
    let line = (0..)
        .find(|&i| expected.get(i) != actual.get(i))
        .expect("outputs differ");
    Some(format!(
        "output differs at line {}:\n  expected: {}\n  actual:   {}",
        line + 1,
        show(expected.get(line)),
        show(actual.get(line))
    ))
}

/// Runs clippy's `incompatible_msrv` on a scratch package whose `src/main.rs` is the
/// bundle and whose `rust-version` is the workspace's.
fn check_msrv(text: &str, dir: &Path, msrv: &str, name: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest = format!(
        "[package]\nname = \"msrv-check-{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
         rust-version = \"{msrv}\"\npublish = false\n\n# Not part of the outer workspace.\n[workspace]\n"
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.join("src/main.rs"), text).unwrap();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(&cargo)
        .args(["clippy", "--quiet", "--offline", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .args(["--", "-A", "warnings", "-D", "clippy::incompatible_msrv"])
        .env("CARGO_TARGET_DIR", dir.join("target"))
        // Only the lint above decides; the caller's flags (say `-D warnings`) do not.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .output()
        .map_err(|e| format!("cannot run {cargo} clippy: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

#[test]
fn first_difference_points_at_the_line() {
    assert_eq!(first_difference(b"1\n2\n", b"1\n2\n"), None);
    let difference = first_difference(b"1\n2\n", b"1\n3\n").unwrap();
    assert!(
        difference.contains("line 2")
            && difference.contains("\"2\\n\"")
            && difference.contains("\"3\\n\""),
        "{difference}"
    );
    let missing_newline = first_difference(b"1\n", b"1").unwrap();
    assert!(
        missing_newline.contains("line 1") && missing_newline.contains("\"1\""),
        "{missing_newline}"
    );
    let truncated = first_difference(b"1\n2\n", b"1\n").unwrap();
    assert!(
        truncated.contains("line 2") && truncated.contains("end of output"),
        "{truncated}"
    );
}
