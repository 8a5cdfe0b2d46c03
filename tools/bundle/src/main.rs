//! `bundle [--out-dir DIR] [--manifest-path PATH] [CRATE ...]`: writes `DIR/<crate>.rs`
//! for each named crate (default: every problem crate, that is every package with a
//! `[package.metadata.contest]` table outside `tools/bundle/fixtures/`) and prints, for each, its size against the
//! binding source limit and the rustc floor, with the judge that sets each. A C bundle that
//! cannot be built is said in one line that points into the solution; it fails the run only
//! where a judge takes no Rust. `--rust-only` skips the C stage (`make stress`).
//! `bundle --readme-table` prints the README's generated problems-and-judges block.

use anyhow::Result;
use clap::Parser;
use judges::floor::{self, Floor};
use judges::profile::Version;
use std::path::PathBuf;
use std::process::ExitCode;

/// Flattens problem crates into one std-only source file each, for online judges.
#[derive(Parser)]
#[command(name = "bundle")]
struct Args {
    /// Where to write the bundles [default: bundles/ at the workspace root]
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// The workspace's Cargo.toml [default: found from the current directory]
    #[arg(long, value_name = "PATH")]
    manifest_path: Option<PathBuf>,
    /// Print the README's problems-and-judges block instead of bundling
    #[arg(long)]
    readme_table: bool,
    /// Write the Rust bundles alone, without the C stage
    #[arg(long)]
    rust_only: bool,
    /// Leave the dependencies whole for the compiler's pass alone: to measure what pruning
    /// by name buys (benches/README.md), not for judges
    #[arg(long)]
    no_prune: bool,
    /// Crates to bundle [default: every problem crate; fixtures only by name]
    crates: Vec<String>,
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let message = format!("{error:#}");
            let one_line: Vec<&str> = message
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            eprintln!("bundle: error: {}", one_line.join(" "));
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> Result<()> {
    let mut workspace = bundle::Workspace::load(args.manifest_path.as_deref())?;
    if args.no_prune {
        workspace = workspace.without_pruning();
    }
    let crates = if args.crates.is_empty() {
        workspace.problem_crates()
    } else {
        args.crates
    };
    // Stands in for a judge's unknown rustc.
    let workspace_rustc = workspace.rust_version().as_deref().and_then(Version::parse);
    if args.readme_table {
        let plans = crates
            .iter()
            .map(|name| workspace.plan(name))
            .filter(|plan| {
                plan.as_ref()
                    .map_or(true, |p| judges::readme::listed(&p.dir))
            })
            .collect::<Result<Vec<_>>>()?;
        let floors: Vec<Floor> = plans
            .iter()
            .map(|plan| Floor::of(&plan.contest, workspace_rustc))
            .collect();
        let rows: Vec<judges::readme::Row> = plans
            .iter()
            .zip(&floors)
            .map(|(plan, floor)| judges::readme::Row {
                dir: &plan.dir,
                contest: &plan.contest,
                floor,
            })
            .collect();
        print!("{}", judges::readme::block(&rows));
        return Ok(());
    }
    let out_dir = args
        .out_dir
        .unwrap_or_else(|| workspace.root().join("bundles").into());
    let mut failures = Vec::new();
    let mut report_rust = |all: &[bundle::Written]| -> Result<()> {
        for written in all {
            let plan = &written.plan;
            let floor = Floor::of(&plan.contest, workspace_rustc);
            print_rust(written, &floor);
            for lib in bundle::bundled_deps(plan, &written.text) {
                let failure =
                    floor.dependency_failure(&lib.package, &lib.version, lib.rust_version);
                if let Some(failure) = failure {
                    println!("    FAILS: {failure}");
                    failures.push(format!("{}: {failure}", written.package));
                }
            }
        }
        // Before the C bundles, which take most of the time.
        std::io::Write::flush(&mut std::io::stdout())?;
        Ok(())
    };
    let mut reported = Ok(());
    let stages = match args.rust_only {
        true => bundle::Stages::Rust,
        false => bundle::Stages::RustAndC,
    };
    let all = bundle::write_bundles(&workspace, &crates, &out_dir, stages, |rust| {
        reported = report_rust(rust);
    })?;
    reported?;
    for written in &all {
        if let Some(why) = &written.c_failure {
            println!("{}: no C bundle: {why}", written.package);
            let needed_by: Vec<String> = (written.plan.contest.c_only_judges().iter())
                .map(|judge| judge.citation())
                .collect();
            if needed_by.is_empty() {
                println!("    its judges take the Rust bundle, which is written");
            } else {
                println!(
                    "    the Rust bundle is written, but the C file is the only way to submit to {}",
                    needed_by.join(", ")
                );
                failures.push(format!("{}: no C bundle", written.package));
            }
        }
        for c in &written.c {
            if !print_c(c, &written.plan) {
                failures.push(format!(
                    "{}: the C bundle is over its limit",
                    written.package
                ));
            }
        }
    }
    match failures.first() {
        Some(failure) => anyhow::bail!("{failure}"),
        None => Ok(()),
    }
}

/// A Rust bundle's lines: its size before and after the compiler's pass, against its limit,
/// and its rustc floor.
fn print_rust(written: &bundle::Written, floor: &Floor) {
    let bytes = written.text.len();
    let fits = if bytes <= floor.size_limit {
        "fits"
    } else {
        "OVER THE LIMIT"
    };
    println!("{}: {bytes} bytes", written.path.display());
    println!(
        "    pass:  {} -> {} bytes: rustc's unused lints removed {} things in {} checks; {:.2} s",
        written.before_pass,
        bytes,
        written.pass.removed,
        written.pass.compiles,
        written.elapsed.as_secs_f64()
    );
    for left in &written.pass.left {
        println!("    rustc still reports unused: {left}");
    }
    println!(
        "    size:  {bytes} of {} bytes ({fits}), limit set by {}",
        floor.size_limit, floor.size_set_by
    );
    println!(
        "    {}: the floor, set by {}; editions {}",
        floor.rustc_text(),
        floor.rustc_set_by,
        floor.editions.join(", ")
    );
}

/// A C file's lines: its images, how they were built, its size against its limit; whether
/// it fits.
fn print_c(c: &bundle::CWritten, plan: &bundle::Plan) -> bool {
    let (limit, set_by) = floor::c_size_limit(&plan.contest);
    let bytes = c.bundle.text.len();
    let fits = bytes <= limit;
    println!("{}: {bytes} bytes", c.path.display());
    for image in &c.bundle.images {
        println!(
            "    {} image: {} bytes of code and data, {} relocations",
            image.arch.name(),
            image.data_size,
            image.relocations,
        );
    }
    for (arch, why) in &c.bundle.left_out {
        println!("    no {} image: {why}", arch.name());
    }
    println!(
        "    built with {}, packed into {} bytes of LZMA; {:.2} s",
        c.bundle.optimisation.describe(),
        c.bundle.compressed_size,
        c.elapsed.as_secs_f64()
    );
    let verdict = if fits { "fits" } else { "OVER THE LIMIT" };
    println!("    size:  {bytes} of {limit} bytes ({verdict}), limit set by {set_by}");
    fits
}
