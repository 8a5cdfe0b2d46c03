//! Every problem crate (every workspace package with `[package.metadata.contest]`) is
//! bundled into a scratch directory and held to the floor of the judges it names
//! (`judges.toml`; see `judges::floor`): the bundle must
//! - compile with bare `rustc --edition E -O -W dead_code -W unused`, without a warning,
//!   for 2021 and every edition its judges use, and as a debug build (no `-O`) too:
//!   rustc reports no unused item, and no `allow` in the bundle silences those lints;
//! - reproduce each `samples/<crate>/*.in` -> `.out` byte for byte, in each edition (or as
//!   the crate's `checker` judges, within its time limit; interactive crates play each
//!   sample against their interactor: `stress_kit::replay_bundle_sample`), each run within
//!   the crate's time and memory limits (`time-limit-ms`, `memory-limit-mb`);
//! - use no std API newer than the oldest rustc among its judges (clippy's
//!   `incompatible_msrv` on a scratch package holding the bundle);
//! - fit the smallest source size limit among its judges (64 KiB where unknown), and the
//!   workspace's own, which keep a bundle readable and the bundler honest: a problem's bundle
//!   32 KiB (robots' 34 KiB; the Enclosure bot answers to its referee's 128 KiB alone), a
//!   fixture's three quarters of its size before the compiler's pass existed
//!   (`FIXTURES_BEFORE`), and the two fixtures that pruning by name got wrong 20 KiB and 48 KiB;
//! - start with the header naming problem, judges, crate and licences, end with the full
//!   licence notice of its own and every bundled crate's code, and hold no `extern crate`,
//!   no `#[cfg(test)]`, no doc comment.
//!
//! A judge that takes no Rust constrains nothing. A problem crate without samples fails.

use bundle::Workspace;
use judges::floor::Floor;
use judges::profile::Version;
use std::fmt::Write as _;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// A problem's bundle stays under this: past it, a bundle is hard to read. The Enclosure bot,
/// a whole game engine and search, is held to its referee's limit alone (`judges.toml`).
const PROBLEM_LIMIT: usize = 32 * 1024;
/// Robots': the problem limit plus what keeps its C bundle's two images within 64 KiB (its
/// own insertion sort and a traced run apart from the plain one cost source and save more
/// of the two compressed images, `tools/bundle/benches/README.md`).
const ROBOTS_LIMIT: usize = 34 * 1024;
/// Every fixture bundle (tools/bundle/fixtures/) stays under this, whatever its judges take.
const FIXTURE_LIMIT: usize = 64 * 1024;
/// Each fixture's bundle before the compiler's pass existed (pruning by name alone): the
/// pass must take at least a quarter off each.
const FIXTURES_BEFORE: [(&str, usize); 11] = [
    ("fixture-acl-convolution", 45_343),
    ("fixture-acl-max-flow", 25_492),
    ("fixture-acl-range-affine", 48_099),
    ("fixture-acl-rmq", 24_221),
    ("fixture-acl-scc", 23_391),
    ("fixture-acl-union-find", 19_969),
    ("fixture-bitset-subset-sum", 46_207),
    ("fixture-fxhash-dictionary", 23_877),
    ("fixture-itertools-spreadsheet", 36_552),
    ("fixture-itertools-subsequence-sums", 30_353),
    ("fixture-itertools-ways", 61_548),
];
/// The two fixtures pruning by name got wrong (57,671 and 76,939 bytes): the compiler's
/// pass must bring each under this.
const PASS_FIXTURES: [(&str, usize); 2] = [
    ("fixture-acl-unionfind-join", 20 * 1024),
    ("fixture-template-subsequence-sums", 48 * 1024),
];
/// Far above any sample's run time; only there so that a hang fails instead of hanging.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

#[test]
fn every_bundle_compiles_reproduces_its_samples_and_fits_its_judges() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = Workspace::load(Some(&root.join("Cargo.toml"))).expect("cargo metadata");
    let msrv = workspace_rustc(&workspace);
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundles");
    let problems = workspace.problem_crates();
    assert!(
        !problems.is_empty(),
        "no package outside tools/bundle/fixtures/ has a [package.metadata.contest] table"
    );
    // `make bundle` writes the problems alone; the fixtures are checked here.
    let crates = [problems, workspace.fixture_crates()].concat();

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

fn workspace_rustc(workspace: &Workspace) -> Option<Version> {
    let version = workspace.rust_version().as_deref().and_then(Version::parse);
    assert!(version.is_some(), "the workspace declares a rust-version");
    version
}

fn check_crate(
    workspace: &Workspace,
    root: &Path,
    dir: &Path,
    workspace_rustc: &Option<Version>,
    name: &str,
) -> Outcome {
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
    let floor = Floor::of(&plan.contest, *workspace_rustc);

    outcome.notes.push(format!(
        "{} bytes of {} (limit set by {}); {} (set by {}); editions {}",
        text.len(),
        floor.size_limit,
        floor.size_set_by,
        floor.rustc_text(),
        floor.rustc_set_by,
        floor.editions.join(", ")
    ));
    outcome.failures.extend(check_text(&plan, &text));
    outcome.failures.extend(floor.size_failure(text.len()));
    if let Some((limit, why)) = size_limit(&plan) {
        if text.len() > limit {
            outcome
                .failures
                .push(format!("{} bytes: above {limit} bytes, {why}", text.len()));
        }
    }
    outcome
        .failures
        .extend(dependency_failures(&plan, &text, &floor));

    let samples_dir = plan.samples_dir();
    let samples = samples(&root.join(&samples_dir));
    if samples.is_empty() {
        outcome
            .failures
            .push(format!("no samples in {samples_dir}/"));
    }
    for edition in &floor.editions {
        let binary = dir.join(format!("{name}-{edition}"));
        match compile(&source, edition, &binary) {
            Err(e) => {
                outcome.failures.push(format!(
                    "rustc --edition {edition} -O {}:\n{e}",
                    source.display()
                ));
                continue;
            }
            // The judge shows them to the contestant, and they hide real ones.
            Ok(warnings) if !warnings.is_empty() => outcome.failures.push(format!(
                "rustc --edition {edition} -O {} warns:\n{warnings}",
                source.display()
            )),
            Ok(_) => {}
        }
        for (input, expected) in &samples {
            // Crates judged by a checker other than `exact`, or interactive: their own judgement.
            let judged = stress_kit::replay_bundle_sample(&root.join(&plan.dir), &binary, input)
                .unwrap_or_else(|| {
                    let contest = stress_kit::Contest::of_package(root.join(&plan.dir))?;
                    run_sample(&binary, &contest, input, expected, &dir.join("out"))
                });
            if let Err(e) = judged {
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
    match check_debug(&source, dir) {
        Err(e) => outcome.failures.push(format!("as a debug build:\n{e}")),
        Ok(warnings) if !warnings.is_empty() => outcome
            .failures
            .push(format!("as a debug build, rustc warns:\n{warnings}")),
        Ok(_) => {}
    }
    if let Err(e) = check_msrv(&text, &dir.join("msrv"), &floor, name) {
        outcome.failures.push(e);
    }
    outcome
}

/// The size a bundle must stay under whatever its judges take, and why; `None`: its judges'
/// limit alone.
fn size_limit(plan: &bundle::Plan) -> Option<(usize, String)> {
    let name = plan.package.as_str();
    if let Some((_, limit)) = PASS_FIXTURES.iter().find(|(n, _)| *n == name) {
        return Some((*limit, "the compiler's pass's limit for it".to_string()));
    }
    if let Some((_, before)) = FIXTURES_BEFORE.iter().find(|(n, _)| *n == name) {
        let limit = before * 3 / 4;
        let why = format!("three quarters of its {before} bytes before the compiler's pass");
        return Some((limit, why));
    }
    if plan.dir.starts_with("tools/bundle/fixtures/") {
        // A registry crate bundles small, whatever a judge would take.
        return Some((FIXTURE_LIMIT, "a fixture's limit".to_string()));
    }
    if name == "enclosure" {
        // Its judge's limit, the referee's (checked above with every judge's), is the one.
        return None;
    }
    if name == "robots" {
        return Some((ROBOTS_LIMIT, "robots' limit".to_string()));
    }
    Some((PROBLEM_LIMIT, "a problem bundle's limit".to_string()))
}

/// Each bundled crate that declares a `rust-version` newer than the floor's rustc.
fn dependency_failures(plan: &bundle::Plan, text: &str, floor: &Floor) -> Vec<String> {
    bundle::bundled_deps(plan, text)
        .into_iter()
        .filter_map(|lib| floor.dependency_failure(&lib.package, &lib.version, lib.rust_version))
        .collect()
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
    let hiding = hiding_allows(text);
    expect(
        hiding.is_empty(),
        format!("allows lints that hide unused items: {hiding:?}"),
    );
    let comments = words(
        text.lines()
            .filter_map(|line| line.strip_prefix("//"))
            .collect::<Vec<_>>()
            .join(" ")
            .as_str(),
    );
    let own = plan.own_lib.iter().map(|lib| (plan.package.as_str(), lib));
    let bundled = plan
        .deps
        .iter()
        .filter(|lib| text.contains(&format!("\nmod {} {{", lib.module)))
        .map(|lib| (lib.package.as_str(), lib));
    for (package, lib) in own.chain(bundled) {
        expect(
            comments.contains(&words(&lib.notice.text)),
            format!(
                "lacks the full licence notice of {package} ({})",
                lib.notice.origin
            ),
        );
    }
    failures
}

/// The `allow(..)`/`expect(..)` lists of `text` that name `dead_code`, `unused` or one
/// of the unused-item lints (`unused_imports`, `unused_macros`): rustc's report of unused
/// items is only true without them. Lints about code inside items (`unused_mut`, ...)
/// may stay.
fn hiding_allows(text: &str) -> Vec<String> {
    const HIDING: [&str; 4] = ["dead_code", "unused", "unused_imports", "unused_macros"];
    let mut found = Vec::new();
    for opening in ["allow(", "expect("] {
        for (at, _) in text.match_indices(opening) {
            let rest = &text[at + opening.len()..];
            let list = &rest[..rest.find(')').unwrap_or(rest.len())];
            if list.split(',').any(|lint| HIDING.contains(&lint.trim())) {
                found.push(format!("{opening}{list})"));
            }
        }
    }
    found
}

/// The words of `text`, one space apart (comment markers and wrapping do not count).
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
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

/// The unused-item lints, on for every compile here (`unused` is on by default, but a
/// judge's flags could turn it off; `dead_code` too).
const UNUSED_LINTS: [&str; 4] = ["-W", "dead_code", "-W", "unused"];

/// Compiles `source` with bare rustc (and the unused lints on); its warnings, if it
/// compiles.
fn compile(source: &Path, edition: &str, binary: &Path) -> Result<String, String> {
    rustc(source, &["--edition", edition, "-O"], binary)
}

/// Checks `source` as a debug build (`debug_assertions` on: code under
/// `#[cfg(debug_assertions)]` compiles too) without generating code; its warnings.
fn check_debug(source: &Path, dir: &Path) -> Result<String, String> {
    let metadata = dir.join("debug.rmeta");
    rustc(source, &["--edition", "2021", "--emit=metadata"], &metadata)
}

fn rustc(source: &Path, args: &[&str], out: &Path) -> Result<String, String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let output = Command::new(&rustc)
        .args(args)
        .args(UNUSED_LINTS)
        .arg(source)
        .arg("-o")
        .arg(out)
        .output()
        .map_err(|e| format!("cannot run {rustc}: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if output.status.success() {
        Ok(stderr)
    } else {
        Err(stderr)
    }
}

/// The bundle on one sample, as a judge runs it: byte for byte, within the crate's time and
/// memory limits (`stress_kit::measure`).
fn run_sample(
    binary: &Path,
    contest: &stress_kit::Contest,
    input: &Path,
    expected: &Path,
    out_dir: &Path,
) -> Result<(), String> {
    let expected =
        std::fs::read(expected).map_err(|e| format!("cannot read {}: {e}", expected.display()))?;
    std::fs::create_dir_all(out_dir).unwrap();
    let actual_path = out_dir
        .join(input.file_name().unwrap())
        .with_extension("actual");
    let stderr_path = actual_path.with_extension("stderr");
    let stdin = File::open(input).map_err(|e| format!("cannot read {}: {e}", input.display()))?;
    // Files, not pipes: nothing needs draining while we wait, whatever the program writes.
    let status = contest.run_judged(
        Command::new(binary)
            .stdin(stdin)
            .stdout(File::create(&actual_path).unwrap())
            .stderr(File::create(&stderr_path).unwrap()),
        RUN_TIMEOUT,
    )?;
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
/// bundle and whose `rust-version` is the floor's rustc; the failure names the judge
/// that sets it, and clippy's report names each API and the version it needs.
fn check_msrv(text: &str, dir: &Path, floor: &Floor, name: &str) -> Result<(), String> {
    let Some(msrv) = floor.rustc.map(Version::major_minor) else {
        return Err(format!("no rustc floor to check: {}", floor.rustc_set_by));
    };
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
        Err(format!(
            "uses a std API newer than rustc {msrv}, the oldest among its judges (set by {}):\n{}",
            floor.rustc_set_by,
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// The check catches an API too new for a judge: `slice::chunk_by` (stable 1.77) in a bundle
/// for BOJ (rustc 1.73), named together with the judge. Robots' real contest table and
/// judges.toml's BOJ profile set the floor.
#[test]
fn an_api_newer_than_a_judges_rustc_fails_naming_the_api_and_the_judge() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = Workspace::load(Some(&root.join("Cargo.toml"))).expect("cargo metadata");
    let plan = workspace.plan("robots").expect("robots' plan");
    let floor = Floor::of(&plan.contest, workspace_rustc(&workspace));
    assert_eq!(floor.rustc, Version::parse("1.73"));
    let text = "fn main() {\n    let sorted = [1, 1, 2];\n    \
                for group in sorted.chunk_by(|a, b| a == b) {\n        \
                println!(\"{}\", group.len());\n    }\n}\n";
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("msrv-probe");
    let error = check_msrv(text, &dir, &floor, "probe").unwrap_err();
    assert!(
        error.contains("chunk_by") && error.contains("BOJ 7357") && error.contains("1.73"),
        "{error}"
    );
    let fine = "fn main() {\n    println!(\"{}\", [3, 1, 2].iter().max().unwrap());\n}\n";
    assert_eq!(check_msrv(fine, &dir, &floor, "probe"), Ok(()));
}

/// A bundle over the smallest limit among its judges fails, naming its size, the limit
/// and the judge: here robots' judges with BOJ's limit set to 40000 bytes.
#[test]
fn a_bundle_over_its_judges_size_limit_fails_naming_both() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = Workspace::load(Some(&root.join("Cargo.toml"))).expect("cargo metadata");
    let mut contest = workspace.plan("robots").expect("robots' plan").contest;
    let boj = contest
        .judges
        .iter_mut()
        .find(|j| j.profile.key == "boj")
        .expect("robots goes to BOJ");
    boj.profile
        .rust
        .as_mut()
        .expect("BOJ takes Rust")
        .size_limit = Some(40_000);
    let floor = Floor::of(&contest, workspace_rustc(&workspace));
    let error = floor.size_failure(40_001).expect("over the limit");
    assert!(
        error.contains("40001") && error.contains("40000") && error.contains("BOJ 7357"),
        "{error}"
    );
    assert_eq!(floor.size_failure(40_000), None);
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

/// rustc-hash 2.1 declares rust-version 1.77: the FxHashMap fixture bundles it for AOJ
/// (1.79), but the same bundle for BOJ (1.73, Robots' judges) fails, naming the crate,
/// its rust-version and the judge.
#[test]
fn a_bundled_crate_declaring_a_newer_rust_version_than_a_judges_rustc_fails() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = Workspace::load(Some(&root.join("Cargo.toml"))).expect("cargo metadata");
    let msrv = workspace_rustc(&workspace);
    let plan = workspace
        .plan("fixture-fxhash-dictionary")
        .expect("the fixture's plan");
    let text = bundle::bundle(&plan).expect("the fixture bundles");
    let own_floor = Floor::of(&plan.contest, msrv);
    assert_eq!(
        dependency_failures(&plan, &text, &own_floor),
        Vec::<String>::new()
    );
    let boj = Floor::of(
        &workspace.plan("robots").expect("robots' plan").contest,
        msrv,
    );
    let failures = dependency_failures(&plan, &text, &boj);
    assert_eq!(failures.len(), 1, "{failures:?}");
    let failure = &failures[0];
    assert!(
        failure.contains("`rustc-hash` 2.1")
            && failure.contains("rust-version 1.77")
            && failure.contains("BOJ 7357")
            && failure.contains("1.73")
            && !failure.contains('\n'),
        "{failure}"
    );
}

/// An itertools bundle keeps the `Itertools` methods the solution calls and
/// none of the others (the trait has over a hundred), and only the adaptor types those
/// methods return or build on. A pruning regression fails here before it shows as size.
#[test]
fn itertools_bundles_keep_only_the_methods_and_adaptors_called() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = Workspace::load(Some(&root.join("Cargo.toml"))).expect("cargo metadata");
    let cases: [(&str, &[&str], &[&str]); 3] = [
        (
            "fixture-itertools-subsequence-sums",
            &["join", "sorted", "tuple_combinations"],
            &["HasCombination", "Tuple1Combination", "TupleCombinations"],
        ),
        (
            "fixture-itertools-ways",
            &["array_combinations", "join", "partition_map", "tuples"],
            &[
                "CombinationsGeneric",
                "HasCombination",
                "HomogeneousTuple",
                "LazyBuffer",
                "PoolIndex",
                "Positions",
                "Tuple1Combination",
                "TupleCollect",
                "Tuples",
            ],
        ),
        (
            // `iproduct!` calls `cartesian_product`; `izip!` and `chain!` expand to std.
            "fixture-itertools-spreadsheet",
            &["cartesian_product", "join"],
            &[
                "ConsTuplesFn",
                "HasCombination",
                "MapSpecialCase",
                "MapSpecialCaseFn",
                "Product",
                "Tuple1Combination",
            ],
        ),
    ];
    for (name, methods, types) in cases {
        let plan = workspace.plan(name).expect("the fixture's plan");
        let text = bundle::bundle(&plan).expect("the fixture bundles");
        let itertools = module_text(&text, "itertools")
            .unwrap_or_else(|| panic!("{name}: no `mod itertools` in the bundle"));
        assert_eq!(trait_methods(itertools, "Itertools"), methods, "{name}");
        let kept = type_names(itertools);
        let unexpected: Vec<&String> = kept
            .iter()
            .filter(|t| *t != "Itertools" && !types.contains(&t.as_str()))
            .collect();
        assert!(
            unexpected.is_empty(),
            "{name}: itertools types kept beyond those its calls need: {unexpected:?}"
        );
    }
}

/// Pruning by name got this wrong: `dsu.merge(..)` named `Itertools::merge` too, so pruning by
/// name kept it and the whole `either` crate; the compiler's pass leaves `Dsu`, `join`,
/// and neither of those.
#[test]
fn dsu_merge_keeps_neither_itertools_merge_nor_either() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = Workspace::load(Some(&root.join("Cargo.toml"))).expect("cargo metadata");
    let plan = workspace
        .plan("fixture-acl-unionfind-join")
        .expect("the fixture's plan");
    let text = bundle::bundle(&plan).expect("the fixture bundles");
    assert!(module_text(&text, "either").is_none(), "either stayed");
    assert!(!text.contains("either 1."), "either's licence stayed");
    let itertools = module_text(&text, "itertools").expect("itertools' join stays");
    assert_eq!(trait_methods(itertools, "Itertools"), ["join"]);
    let acl = module_text(&text, "ac_library").expect("the Dsu stays");
    assert!(acl.contains("pub fn merge("), "Dsu::merge went");
}

#[test]
fn hiding_allows_are_found_and_others_are_not() {
    let text = "#[allow(dead_code, unused_imports)]
mod a {}
#![expect(unused)]
                #[allow(unused_variables, unused_mut)] let x = 1;
#[allow(deprecated)]
";
    assert_eq!(
        hiding_allows(text),
        ["allow(dead_code, unused_imports)", "expect(unused)"]
    );
}

/// The text of the bundle's top-level `mod NAME { .. }` (two-space indentation).
fn module_text<'a>(bundle: &'a str, name: &str) -> Option<&'a str> {
    let start = bundle.find(&format!("\nmod {name} {{\n"))? + 1;
    let end = bundle[start..].find("\n}\n")?;
    Some(&bundle[start..start + end])
}

/// The methods of `pub trait NAME` in a module's text, sorted.
fn trait_methods(module: &str, name: &str) -> Vec<String> {
    let mut lines = module
        .lines()
        .skip_while(|line| !line.trim_start().starts_with(&format!("pub trait {name}")));
    let Some(header) = lines.next() else {
        return Vec::new();
    };
    let indent = header.len() - header.trim_start().len();
    let closing = format!("{}}}", " ".repeat(indent));
    let method_indent = " ".repeat(indent + 2);
    let mut methods: Vec<String> = lines
        .take_while(|line| *line != closing)
        .filter_map(|line| line.strip_prefix(&method_indent)?.strip_prefix("fn "))
        .map(|rest| rest.split(['<', '(']).next().unwrap_or(rest).to_string())
        .collect();
    methods.sort();
    methods
}

/// The names of the structs, enums and traits defined in a module's text, sorted.
fn type_names(module: &str) -> Vec<String> {
    let mut names: Vec<String> = module
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .collect::<Vec<_>>()
        .windows(2)
        .filter(|pair| matches!(pair[0], "struct" | "enum" | "trait"))
        .map(|pair| pair[1].to_string())
        .filter(|name| name.starts_with(|c: char| c.is_ascii_uppercase()))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// A greedy program on a sample fails with the one line of a judge's verdict, and the same
/// program under a limit above its peak passes.
#[test]
fn a_greedy_run_fails_over_the_memory_limit_and_passes_under_a_higher_one() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("bundles-greedy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Above this test binary's own peak, which the kernel folds into a child's.
    let mib = (stress_kit::measure::high_water_kib("self").unwrap() >> 10) + 24;
    let program = dir.join("greedy.sh");
    let script = format!(
        "#!/bin/sh\nx=$(head -c {} /dev/zero | tr '\\0' a); echo 1\n",
        mib << 20
    );
    std::fs::write(&program, script).unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(dir.join("a.in"), "x\n").unwrap();
    std::fs::write(dir.join("a.out"), "1\n").unwrap();
    let judged = |limit_mb: u64| {
        let contest = stress_kit::Contest {
            package: "greedy".into(),
            dir: dir.clone(),
            checker: stress_kit::Checker::Exact,
            time_limit: Duration::from_secs(10),
            memory_limit_mb: limit_mb,
            time_source: judges::limits::Source::Default,
            memory_source: judges::limits::Source::Metadata("aoj:1".into()),
            interactive: false,
        };
        let (input, expected) = (dir.join("a.in"), dir.join("a.out"));
        run_sample(&program, &contest, &input, &expected, &dir.join("out"))
    };
    let why = judged(mib / 2).unwrap_err();
    let tail = format!(" > {} MiB (greedy; limit from aoj:1)", mib / 2);
    assert!(
        why.starts_with("memory limit exceeded: peak ") && why.ends_with(&tail),
        "{why}"
    );
    assert_eq!(judged(4 * mib), Ok(()));
}
