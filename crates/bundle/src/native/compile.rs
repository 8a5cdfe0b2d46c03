//! The two rustc runs of a C bundle: the std stand-in as a crate named `std`, then the
//! image against it, linked into a static position-independent executable with no C
//! library, its entry the exported `image_main`.

use super::source::ENTRY;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The std stand-in's source, compiled for every image.
const STD_STANDIN: &str = include_str!("../../native/std.rs");

/// Flags shared by both builds: no unwinding (nothing to unwind to without std).
const CODEGEN: &[&str] = &["--edition", "2021", "-C", "panic=abort"];

/// The machines a C bundle carries an image for, in the order the images are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arch {
    /// x86-64 (Linux and Windows judges that compile 64-bit).
    X86_64,
    /// 32-bit x86 (POJ's MinGW on Windows; any judge that compiles 32-bit).
    X86,
}

impl Arch {
    pub const ALL: [Arch; 2] = [Arch::X86_64, Arch::X86];

    /// The target the image is compiled for: Linux's, because it is the one with a stable
    /// standard library at hand; the image uses nothing of Linux (no system call).
    pub fn triple(self) -> &'static str {
        match self {
            Arch::X86_64 => "x86_64-unknown-linux-gnu",
            Arch::X86 => "i686-unknown-linux-gnu",
        }
    }

    /// Bytes of a pointer, and so of each relocated word.
    pub fn word_bytes(self) -> usize {
        match self {
            Arch::X86_64 => 8,
            Arch::X86 => 4,
        }
    }

    /// The name the header and `make bundle` use.
    pub fn name(self) -> &'static str {
        match self {
            Arch::X86_64 => "x86-64",
            Arch::X86 => "32-bit x86",
        }
    }

    /// Flags for this machine: x86-64 code leaves the 128 bytes below the stack pointer
    /// alone (System V lets it use them; Windows does not promise to keep them).
    fn flags(self) -> &'static [&'static str] {
        match self {
            Arch::X86_64 => &["-C", "no-redzone=yes"],
            Arch::X86 => &[],
        }
    }
}

/// How the images are optimised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Optimisation {
    /// `-O`, as the Rust bundle is built for a judge, with the whole program optimised at
    /// once (fat LTO, one codegen unit): `core` and `alloc` are compiled with the image, so
    /// what it never reaches goes, the panic messages the std stand-in never prints among
    /// them (a quarter of curling's compressed images: `benches/README.md`).
    Speed,
    /// For images that do not fit their judges' limit at `-O`: optimised for size, the
    /// whole program at once.
    Size,
    /// For images that do not fit even so: the smallest code, slower still.
    Smallest,
}

impl Optimisation {
    pub fn flags(self) -> &'static [&'static str] {
        match self {
            Optimisation::Speed => &["-O", "-C", "lto=fat", "-C", "codegen-units=1"],
            Optimisation::Size => &[
                "-C",
                "opt-level=s",
                "-C",
                "lto=fat",
                "-C",
                "codegen-units=1",
            ],
            Optimisation::Smallest => &[
                "-C",
                "opt-level=z",
                "-C",
                "lto=fat",
                "-C",
                "codegen-units=1",
            ],
        }
    }

    /// The name of its work directory.
    pub fn name(self) -> &'static str {
        match self {
            Optimisation::Speed => "speed",
            Optimisation::Size => "size",
            Optimisation::Smallest => "smallest",
        }
    }

    /// The flags as the header quotes them.
    pub fn describe(self) -> String {
        self.flags().join(" ").replace("-C ", "-C")
    }
}

/// A stable rustc that builds images for one machine.
pub struct Toolchain {
    rustc: PathBuf,
    pub arch: Arch,
    /// `rustc 1.95.0 (59807616e 2026-04-14)`, for the C file's header.
    pub version: String,
    /// The std stand-in, built once for all bundles at each optimisation.
    standins: [OnceLock<Result<PathBuf, String>>; 3],
}

/// Where Debian's `rustc-web` puts the stable rustc whose 32-bit x86 standard library
/// `libstd-rust-web-dev:i386` installs (README, "Set-up").
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";

impl Toolchain {
    /// The rustc for `arch`: for x86-64 the workspace's own (`$RUSTC` or `rustc` from the
    /// path); for 32-bit x86 `$RUSTC_X86` or Debian's, called by its path so that it never
    /// stands in for the workspace's. Refuses a nightly or beta compiler, whose features
    /// the C bundles promise not to need, and one without the standard library for `arch`.
    pub fn find(arch: Arch) -> Result<Toolchain> {
        let (variable, default) = match arch {
            Arch::X86_64 => ("RUSTC", "rustc"),
            Arch::X86 => ("RUSTC_X86", DEBIAN_RUSTC),
        };
        let rustc = PathBuf::from(std::env::var_os(variable).unwrap_or_else(|| default.into()));
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
        if host != Arch::X86_64.triple() {
            bail!("C bundles are built on x86-64 Linux; this rustc's host is {host}");
        }
        let libdir = Command::new(&rustc)
            .args(["--print", "target-libdir", "--target", arch.triple()])
            .env_remove("RUSTC_BOOTSTRAP")
            .output()
            .with_context(|| format!("cannot run {}", rustc.display()))?;
        let libdir = PathBuf::from(String::from_utf8_lossy(&libdir.stdout).trim());
        let has_core = std::fs::read_dir(&libdir).is_ok_and(|entries| {
            entries.flatten().any(|entry| {
                let name = entry.file_name();
                let name = name.to_string_lossy();
                name.starts_with("libcore-") && name.ends_with(".rlib")
            })
        });
        if !has_core {
            bail!(
                "{} ({version}) has no standard library for {}",
                rustc.display(),
                arch.triple()
            );
        }
        Ok(Toolchain {
            rustc,
            arch,
            version: version.to_string(),
            standins: Default::default(),
        })
    }

    /// The std stand-in's rlib at `optimisation`, built in `<work>/std` by the first image
    /// that needs it (its paths, like the image's, are remapped to `c-bundle/...`).
    fn standin(&self, optimisation: Optimisation, work: &Path) -> Result<PathBuf> {
        let slot = &self.standins[optimisation as usize];
        let built = slot.get_or_init(|| {
            let work = work.join("std");
            let source = work.join("std.rs");
            let rlib = work.join("libstd.rlib");
            std::fs::create_dir_all(&work)
                .and_then(|()| std::fs::write(&source, STD_STANDIN))
                .map_err(|e| format!("cannot write {}: {e}", source.display()))?;
            run(
                self.rustc(optimisation, &work)
                    .args(["--crate-type", "rlib", "--crate-name", "std", "-o"])
                    .arg(&rlib)
                    .arg(&source),
                "the std stand-in (crates/bundle/native/std.rs)",
            )
            .map_err(|e| format!("{e:#}"))?;
            Ok(rlib)
        });
        built.clone().map_err(|e| anyhow::anyhow!("{e}"))
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
            .args(["--target", self.arch.triple()])
            .args(CODEGEN)
            .args(self.arch.flags())
            .args(optimisation.flags())
            .arg(remap);
        command
    }
}

/// Compiles `source` (the image crate) in `work`, which no other build shares; returns the
/// linked ELF file's path.
pub fn build_image(
    toolchain: &Toolchain,
    optimisation: Optimisation,
    source: &str,
    work: &Path,
) -> Result<PathBuf> {
    let standin = toolchain.standin(optimisation, work)?;
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
