//! Writing bundles to disk: every crate asked for, as many at once as the machine has cores,
//! its Rust bundle and, where a judge takes C, its C bundle.

use crate::metadata::{Plan, Workspace};
use crate::{bundle_measured, native, Report};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// One bundle written to disk.
pub struct Written {
    pub package: String,
    pub path: PathBuf,
    pub bytes: usize,
    /// Its size before the compiler's pass.
    pub before_pass: usize,
    pub pass: Report,
    /// The time it took to bundle, the compiler's pass included.
    pub elapsed: std::time::Duration,
    /// The C bundle's files (one, or one per machine), for a problem with a judge that takes
    /// C; none otherwise.
    pub c: Vec<CWritten>,
}

/// One C file written to disk.
pub struct CWritten {
    pub path: PathBuf,
    pub bundle: native::CBundle,
    pub elapsed: std::time::Duration,
}

/// Bundles each of `packages` into `<out_dir>/<package>.rs`, and into `<package>.c` (and
/// `<package>-i686.c` where the images need two files) when one of its judges takes C, as
/// many at once as the machine has cores (most of a bundle's time is rustc); in the order
/// given.
pub fn write_bundles(
    workspace: &Workspace,
    packages: &[String],
    out_dir: &Path,
) -> Result<Vec<Written>> {
    std::fs::create_dir_all(out_dir)
        .with_context(|| format!("cannot create {}", out_dir.display()))?;
    // Found by the first bundle that needs it, once for all of them.
    let toolchain: std::sync::OnceLock<Result<native::Toolchains, String>> =
        std::sync::OnceLock::new();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let one = |package: &String| -> Result<Written> {
        let started = std::time::Instant::now();
        let plan = workspace.plan(package)?;
        let bundled = bundle_measured(&plan).with_context(|| format!("bundling `{package}`"))?;
        let path = out_dir.join(format!("{package}.rs"));
        std::fs::write(&path, &bundled.text)
            .with_context(|| format!("cannot write {}", path.display()))?;
        let elapsed = started.elapsed();
        let c = if plan.contest.c_judges().is_empty() {
            Vec::new()
        } else {
            let toolchain = toolchain
                .get_or_init(|| native::Toolchains::find().map_err(|e| format!("{e:#}")))
                .as_ref()
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let work = workspace.target_dir().join("c-bundle").join(package);
            write_c_bundle(&plan, &bundled.text, toolchain, work.as_std_path(), out_dir)?
        };
        Ok(Written {
            package: package.clone(),
            path,
            bytes: bundled.text.len(),
            before_pass: bundled.before_pass,
            pass: bundled.pass,
            elapsed,
            c,
        })
    };
    let mut results: Vec<(usize, Result<Written>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(packages.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(package) = packages.get(i) else {
                            return done;
                        };
                        done.push((i, one(package)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("bundling thread panicked"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, written)| written).collect()
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
