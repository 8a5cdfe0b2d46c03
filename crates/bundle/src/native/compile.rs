//! The two rustc runs of a C bundle: the std stand-in as a crate named `std`, then the
//! image against it, linked into a static position-independent executable with no C
//! library, its entry the exported `image_main`.

use super::source::ENTRY;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The std stand-in's source, compiled for every image.
const STD_STANDIN: &str = include_str!("../../native/std.rs");

/// Flags shared by both builds: no unwinding (nothing to unwind to without std).
const CODEGEN: &[&str] = &["--edition", "2021", "-C", "panic=abort"];

/// How the image is optimised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Optimisation {
    /// `-O`, as the Rust bundle is built for a judge.
    Speed,
    /// For an image that does not fit its judges' limit at `-O`: optimised for size, the
    /// whole program at once (robots: 76,955 -> 56,222 bytes of code and data).
    Size,
}

impl Optimisation {
    pub fn flags(self) -> &'static [&'static str] {
        match self {
            Optimisation::Speed => &["-O"],
            Optimisation::Size => &[
                "-C",
                "opt-level=s",
                "-C",
                "lto=fat",
                "-C",
                "codegen-units=1",
            ],
        }
    }

    /// The flags as the header quotes them.
    pub fn describe(self) -> String {
        self.flags().join(" ").replace("-C ", "-C")
    }
}

/// The rustc that builds images: the workspace's own, and a stable release.
pub struct Toolchain {
    rustc: PathBuf,
    /// `rustc 1.95.0 (59807616e 2026-04-14)`, for the C file's header.
    pub version: String,
    /// `x86_64-unknown-linux-gnu`.
    pub host: String,
}

impl Toolchain {
    /// `$RUSTC` or `rustc` from the path; refuses a nightly or beta compiler, whose
    /// features the C bundles promise not to need.
    pub fn find() -> Result<Toolchain> {
        let rustc = PathBuf::from(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()));
        let output = Command::new(&rustc)
            .arg("-vV")
            .env_remove("RUSTC_BOOTSTRAP")
            .output()
            .with_context(|| format!("cannot run {}", rustc.display()))?;
        let verbose = String::from_utf8_lossy(&output.stdout).into_owned();
        let field = |name: &str| {
            verbose
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .map(|value| value.trim().to_string())
        };
        let (Some(version), Some(release), Some(host)) =
            (verbose.lines().next(), field("release:"), field("host:"))
        else {
            bail!("`{} -vV` printed no version", rustc.display());
        };
        if release.contains('-') {
            bail!("rustc {release} is not a stable release: C bundles are built with stable Rust");
        }
        if host != "x86_64-unknown-linux-gnu" {
            bail!("C bundles are built on x86-64 Linux; this rustc's host is {host}");
        }
        Ok(Toolchain {
            rustc,
            version: version.to_string(),
            host,
        })
    }

    /// rustc with the flags of both builds; file names under `work` as `c-bundle/...`, so
    /// that the panic locations in the image (and so the C file) do not depend on where the
    /// workspace is checked out.
    fn rustc(&self, optimisation: Optimisation, work: &Path) -> Command {
        let mut remap = std::ffi::OsString::from("--remap-path-prefix=");
        remap.push(work);
        remap.push("=c-bundle");
        let mut command = Command::new(&self.rustc);
        command
            .env_remove("RUSTC_BOOTSTRAP")
            .args(CODEGEN)
            .args(optimisation.flags())
            .arg(remap);
        command
    }
}

/// Compiles `source` (the image crate) in `work`; returns the linked ELF file's path.
pub fn build_image(
    toolchain: &Toolchain,
    optimisation: Optimisation,
    source: &str,
    work: &Path,
) -> Result<PathBuf> {
    let standin_source = work.join("std.rs");
    let standin = work.join("libstd.rlib");
    std::fs::write(&standin_source, STD_STANDIN)?;
    run(
        toolchain
            .rustc(optimisation, work)
            .args(["--crate-type", "rlib", "--crate-name", "std", "-o"])
            .arg(&standin)
            .arg(&standin_source),
        "the std stand-in (crates/bundle/native/std.rs)",
    )?;
    let image_source = work.join("image.rs");
    let elf = work.join("image.elf");
    std::fs::write(&image_source, source)?;
    let mut extern_std = std::ffi::OsString::from("std=");
    extern_std.push(&standin);
    run(
        toolchain
            .rustc(optimisation, work)
            .args(["--crate-type", "bin", "--cap-lints", "allow"])
            .args(["-C", "relocation-model=pie"])
            // No C library, no start files: the loader is the image's only caller.
            .args(["-C", "link-arg=-nostdlib", "-C", "link-arg=-static-pie"])
            .arg("-C")
            .arg(format!("link-arg=-Wl,-e,{ENTRY}"))
            // Sections 16 bytes apart, not a page: the image is copied, not mapped.
            .args(["-C", "link-arg=-Wl,-z,max-page-size=16"])
            .args(["-C", "link-arg=-Wl,--gc-sections"])
            .arg("--extern")
            .arg(&extern_std)
            .arg("-o")
            .arg(&elf)
            .arg(&image_source),
        "the image (the Rust bundle against the std stand-in)",
    )?;
    Ok(elf)
}

/// Runs a rustc build; on failure, its first errors, each on one line.
fn run(command: &mut Command, what: &str) -> Result<()> {
    let output = command.output().context("cannot run rustc")?;
    if output.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("error") || line.trim_start().starts_with("-->"))
        .take(8)
        .collect();
    bail!("rustc could not build {what}: {}", errors.join(" | "))
}
