//! Writing bundles to disk: every crate asked for, as many at once as the machine has cores:
//! first the Rust bundles, then, where a judge takes C, the C bundles.

use crate::metadata::{Plan, Workspace};
use crate::{bundle_measured, native, Report};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// One bundle written to disk.
pub struct Written {
    pub package: String,
    /// What it was bundled from: the C stage and the report use it as it is.
    pub plan: Plan,
    pub path: PathBuf,
    pub text: String,
    /// Its size before the compiler's pass.
    pub before_pass: usize,
    pub pass: Report,
    /// The time it took to bundle, the compiler's pass included.
    pub elapsed: std::time::Duration,
    /// The C bundle's files (one, or one per machine), for a problem with a judge that takes
    /// C; none otherwise.
    pub c: Vec<CWritten>,
    /// Why there is no C bundle where a judge takes C, in one line that points into the
    /// solution where it can. The `.rs` is written all the same: the C stage never stands
    /// in the Rust bundle's way.
    pub c_failure: Option<String>,
}

/// One C file written to disk.
pub struct CWritten {
    pub path: PathBuf,
    pub bundle: native::CBundle,
    pub elapsed: std::time::Duration,
}

/// Which files `write_bundles` writes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Stages {
    /// The `.rs` alone: what `make stress` runs.
    Rust,
    /// The `.rs`, and the `.c` where a judge takes C.
    RustAndC,
}

/// Bundles each of `packages` into `<out_dir>/<package>.rs`, and (`Stages::RustAndC`) into
/// `<package>.c` (and `<package>-i686.c` where the images need two files) when one of its
/// judges takes C; in the order given. Every Rust bundle first, handed to `on_rust` as soon
/// as all are written (they take seconds, the C bundles most of the time), then the C
/// bundles. Only the Rust stage's errors are errors here: a C bundle that cannot be built
/// is said in its `Written::c_failure`.
pub fn write_bundles(
    workspace: &Workspace,
    packages: &[String],
    out_dir: &Path,
    stages: Stages,
    on_rust: impl FnOnce(&[Written]),
) -> Result<Vec<Written>> {
    std::fs::create_dir_all(out_dir)
        .with_context(|| format!("cannot create {}", out_dir.display()))?;
    let mut written = in_parallel(packages, cores(), |package| {
        write_rust_bundle(workspace, package, out_dir)
    })
    .into_iter()
    .collect::<Result<Vec<_>>>()?;
    on_rust(&written);
    if stages == Stages::Rust {
        return Ok(written);
    }
    // Found by the first bundle that needs it, once for all of them.
    let toolchains: OnceLock<Result<native::Toolchains, String>> = OnceLock::new();
    let c_work = workspace.target_dir().join("c-bundle");
    let find = || {
        toolchains
            .get_or_init(|| {
                native::Toolchains::find(c_work.join("cache").as_std_path())
                    .map_err(|e| format!("{e:#}"))
            })
            .as_ref()
            .map_err(|e| anyhow::anyhow!("{e}"))
    };
    // Each C bundle builds its machines' images side by side (`native::c_bundles`).
    let workers = (cores() / 2).max(1);
    let c_files = in_parallel(&written, workers, |rust| {
        if rust.plan.contest.c_judges().is_empty() {
            return Ok(Vec::new());
        }
        let work = c_work.join(&rust.package);
        write_c_bundle(&rust.plan, &rust.text, find()?, work.as_std_path(), out_dir)
    });
    for (rust, c) in written.iter_mut().zip(c_files) {
        match c {
            Ok(files) => rust.c = files,
            Err(error) => rust.c_failure = Some(explain(&error, &rust.plan, workspace)),
        }
    }
    Ok(written)
}

/// A C stage's failure in one line: what the solution uses that the runtime lacks, at the
/// solution's own line where it can be found, or else the error as it is.
fn explain(error: &anyhow::Error, plan: &Plan, workspace: &Workspace) -> String {
    let root = workspace.root().as_std_path();
    match error
        .chain()
        .find_map(|e| e.downcast_ref::<native::missing::ImageError>())
    {
        Some(missing) => missing.explain(&rust_sources(&root.join(&plan.dir).join("src")), root),
        None => format!("{error:#}").replace('\n', " "),
    }
}

/// The `.rs` files below `dir`, sorted.
fn rust_sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Writes `<out_dir>/<package>.rs`.
fn write_rust_bundle(workspace: &Workspace, package: &str, out_dir: &Path) -> Result<Written> {
    let started = std::time::Instant::now();
    let plan = workspace.plan(package)?;
    let bundled = bundle_measured(&plan).with_context(|| format!("bundling `{package}`"))?;
    let path = out_dir.join(format!("{package}.rs"));
    std::fs::write(&path, &bundled.text)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(Written {
        package: package.to_string(),
        plan,
        path,
        before_pass: bundled.before_pass,
        pass: bundled.pass,
        elapsed: started.elapsed(),
        text: bundled.text,
        c: Vec::new(),
        c_failure: None,
    })
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `work` of each item, on up to `workers` threads (most of a bundle's time is rustc's, in
/// processes of their own); the results in the items' order.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    workers: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, R)> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..workers.min(items.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else {
                            return done;
                        };
                        done.push((i, work(item)));
                    }
                })
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|thread| thread.join().expect("bundling thread panicked"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, result)| result).collect()
}

/// Builds the C bundle of `plan` from its Rust bundle `rust_bundle` and writes its files to
/// `out_dir`, with `work` for the intermediate files; removes a `<package>-i686.c` an
/// earlier run left where the images now share one file.
fn write_c_bundle(
    plan: &Plan,
    rust_bundle: &str,
    toolchain: &native::Toolchains,
    work: &Path,
    out_dir: &Path,
) -> Result<Vec<CWritten>> {
    let started = std::time::Instant::now();
    let (limit, _) = judges::floor::c_size_limit(&plan.contest);
    let bundles = native::c_bundles(plan, rust_bundle, toolchain, work, limit)
        .with_context(|| format!("building the C bundle of `{}`", plan.package))?;
    let elapsed = started.elapsed();
    let x86_file = native::file_name(&plan.package, native::Arch::X86);
    if bundles.iter().all(|b| b.file_name != x86_file) {
        let stale = out_dir.join(&x86_file);
        if stale.exists() {
            std::fs::remove_file(&stale)
                .with_context(|| format!("cannot remove {}", stale.display()))?;
        }
    }
    bundles
        .into_iter()
        .map(|bundle| {
            let path = out_dir.join(&bundle.file_name);
            std::fs::write(&path, &bundle.text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            Ok(CWritten {
                path,
                bundle,
                elapsed,
            })
        })
        .collect()
}
