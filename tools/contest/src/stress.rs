//! `contest stress`: builds the solution as a judge would (the bundle through bare `rustc`),
//! then runs the crate's `examples/stress.rs` (its tests' generator and oracle, see the
//! `stress-kit` crate) against it, judged by the crate's checker within its time limit (or
//! played against its interactor). A failure is shrunk and written out as a sample; for exact
//! problems this adds the sample's insta snapshot so that `cargo test -p` pins it at once.

use crate::new::snapshot;
use anyhow::{bail, Context, Result};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{SystemTime, UNIX_EPOCH};
use stress_kit::{Checker, Contest};

pub struct Run {
    pub name: String,
    pub seed: Option<u64>,
    pub cases: Option<u64>,
    pub time: Option<f64>,
    /// Test the bundle (true) or the crate's own release binary.
    pub bundle: bool,
}

pub fn run(root: &Path, run: &Run) -> Result<ExitCode> {
    let name = &run.name;
    let crate_dir = root.join("crates").join(name);
    if !crate_dir.join("Cargo.toml").exists() {
        bail!("crates/{name} does not exist (make new P={name} creates it)");
    }
    if !crate_dir.join("examples/stress.rs").exists() {
        bail!(
            "crates/{name} has no examples/stress.rs: the stress loop needs the crate's generator \
             and oracle (see the README, \"Adding a problem\")"
        );
    }
    let seed = run.seed.unwrap_or_else(clock_seed);
    let contest = Contest::of_package(&crate_dir).map_err(anyhow::Error::msg)?;
    eprintln!(
        "stress {name}: building the {} and the stress example (the first build takes a minute)",
        if run.bundle {
            "bundle"
        } else {
            "release binary"
        }
    );
    let solution = if run.bundle {
        compiled_bundle(root, name)?
    } else {
        release_binary(root, name)?
    };
    eprintln!(
        "stress {name}: seed {seed}, checker {}, time limit {} ms{}, solution {}",
        contest.checker,
        contest.time_limit.as_millis(),
        if contest.interactive {
            ", interactive"
        } else {
            ""
        },
        solution.display()
    );
    let samples = root.join("samples").join(name);
    // The example in the test profile (optimised, with overflow checks), as `cargo test`
    // builds the tests it shares its generator and oracle with: their dependencies are
    // compiled once for both, where a release build compiled them all again.
    let mut example = cargo(root);
    example.args([
        "run",
        "--quiet",
        "--profile",
        "test",
        "-p",
        name,
        "--example",
        &format!("{name}-stress"),
        "--",
    ]);
    example.arg("--solution").arg(&solution);
    example.args(["--seed", &seed.to_string()]);
    example.arg("--samples").arg(&samples);
    example.arg("--manifest-dir").arg(&crate_dir);
    if let Some(cases) = run.cases {
        example.args(["--cases", &cases.to_string()]);
    }
    if let Some(time) = run.time {
        example.args(["--time", &time.to_string()]);
    }
    let status = example.status().context("running cargo")?;
    let code = status.code().unwrap_or(2);
    let sample = samples.join(format!("stress-{seed}.out"));
    let snapshotted = contest.checker == Checker::Exact && !contest.interactive;
    if code == 1 && sample.exists() && snapshotted {
        let output = fs::read_to_string(&sample)?;
        let stem = format!("stress-{seed}");
        let path = snapshot_path(&crate_dir, &stem);
        fs::write(&path, snapshot(name, &stem, &output))?;
        eprintln!(
            "stress: wrote {} (the oracle's output): cargo test -p {name} fails until the \
             solution is fixed",
            path.strip_prefix(root).unwrap_or(&path).display()
        );
    }
    Ok(ExitCode::from(u8::try_from(code).unwrap_or(2)))
}

/// `make bundle P=<name>`'s output compiled with `rustc --edition 2021 -O`, as judges do.
fn compiled_bundle(root: &Path, name: &str) -> Result<PathBuf> {
    // The Rust bundle alone: what the stress loop runs, and no C-stage failure in its way.
    let status = bundler(root)
        .args(["--rust-only", name])
        .status()
        .context("running the bundler")?;
    if !status.success() {
        bail!("the bundler failed for {name}");
    }
    let source = root.join("bundles").join(format!("{name}.rs"));
    let binary = target_dir(root).join("contest-stress").join(name);
    fs::create_dir_all(binary.parent().unwrap())?;
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let status = Command::new(rustc)
        .args(["--edition", "2021", "-O"])
        .arg(&source)
        .arg("-o")
        .arg(&binary)
        .status()
        .context("running rustc")?;
    if !status.success() {
        bail!(
            "{} does not compile with rustc --edition 2021 -O",
            source.display()
        );
    }
    Ok(binary)
}

fn release_binary(root: &Path, name: &str) -> Result<PathBuf> {
    let status = cargo(root)
        .args(["build", "--quiet", "--release", "-p", name, "--bin", name])
        .status()
        .context("running cargo build")?;
    if !status.success() {
        bail!("cargo build -p {name} failed");
    }
    Ok(target_dir(root).join("release").join(name))
}

/// Where the snapshot of sample `stem` goes: named like the crate's other sample snapshots
/// (`<test file>__<test>@<stem>.in.snap`), or as the template's test names it.
fn snapshot_path(crate_dir: &Path, stem: &str) -> PathBuf {
    let dir = crate_dir.join("tests/snapshots");
    let prefix = fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name().into_string().ok()?;
            let (prefix, rest) = file.split_once('@')?;
            (rest.ends_with(".in.snap") && prefix.starts_with("samples__"))
                .then(|| prefix.to_string())
        })
        .min()
        .unwrap_or_else(|| "samples__samples".to_string());
    dir.join(format!("{prefix}@{stem}.in.snap"))
}

/// The bundler: the executable `BUNDLER` names when it is set (the tests build it once and
/// share it, as `make BUNDLER=...` does), else `cargo run --release -p bundle` here.
fn bundler(root: &Path) -> Command {
    let mut command = match std::env::var_os("BUNDLER").filter(|path| !path.is_empty()) {
        Some(path) => Command::new(path),
        None => {
            let mut command = cargo(root);
            command.args(["run", "--quiet", "--release", "-p", "bundle", "--"]);
            command
        }
    };
    command.current_dir(root);
    command
}

fn cargo(root: &Path) -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(root);
    command
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|dir| {
            if dir.is_absolute() {
                dir
            } else {
                root.join(dir)
            }
        })
        .unwrap_or_else(|| root.join("target"))
}

/// A fresh seed per run when none is given (printed, so a run can be repeated).
fn clock_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs() % 1_000_000
}
