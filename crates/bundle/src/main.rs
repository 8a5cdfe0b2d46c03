//! `bundle [--out-dir DIR] [--manifest-path PATH] [CRATE ...]`: writes `DIR/<crate>.rs`
//! for each named problem crate (default: every package with a
//! `[package.metadata.contest]` table) and prints each bundle's size.

use anyhow::Result;
use clap::Parser;
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
    /// Problem crates to bundle [default: all of them]
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
    let workspace = bundle::Workspace::load(args.manifest_path.as_deref())?;
    let crates = if args.crates.is_empty() {
        workspace.problem_crates()
    } else {
        args.crates
    };
    let out_dir = args
        .out_dir
        .unwrap_or_else(|| workspace.root().join("bundles").into());
    for written in bundle::write_bundles(&workspace, &crates, &out_dir)? {
        println!("{}: {} bytes", written.path.display(), written.bytes);
    }
    Ok(())
}
