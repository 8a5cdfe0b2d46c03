//! The C bundle: the Rust bundle as machine code inside one C file, for judges that take
//! C or C++ but no Rust (UVa, POJ, old ZOJ; NOI's Enclosure).
//!
//! **Model.** One more stage after the Rust bundle, not a second bundler: the flattened,
//! pruned bundle text (`crate::bundle`) is compiled as it is, once per machine, by a
//! stable rustc against `native/std.rs`, a small crate named `std` that gives the bundle
//! the part of std it uses from `core` and `alloc` and from C functions the loader hands in
//! (no operating system, no system call). The machines are x86-64 and 32-bit x86, each
//! compiled for Linux's target (the one with a stable standard library at hand) and run on
//! Linux and Windows alike, since an image calls nothing but what the loader hands it:
//! - `source`: the bundle text becomes the image crate: `#![no_std]`, std's prelude names
//!   imported into every module, and an exported entry that runs `main` (on 32-bit x86
//!   after aligning the stack, which Windows callers leave at 4 bytes);
//! - `compile`: rustc builds the std stand-in and the image, a static position-independent
//!   executable linked at address 0 with no C library;
//! - `image`: the ELF file's sections that run (code, constants, data) laid out as in
//!   memory, and its relocations, which all add the load address to a word;
//! - `c_file`: the header and licence notices, the loader (`native/loader.c`), the images
//!   as one LZMA stream written in base 85, each image's layout and relocations under the
//!   macro that names its machine, and `main`.
//!
//! Which images, built how: the first choice that fits the judges' limit, each at `-O`,
//! then optimised for size (`opt-level=s`), then for the smallest code (`opt-level=z`),
//! each with fat LTO: both images; the ones the judges need
//! (by the bits `judges.toml` records: POJ's 32); the one that serves most judges that take
//! no Rust. The header says what was left out and why.
//!
//! **Complexity.** Two rustc runs per image (the std stand-in about 1 s, the image 1 to 6 s;
//! up to four images a bundle as the choices go down), and linear passes over images of at
//! most a few hundred KB. At run time the loader's start-up is linear in the stream up to
//! the end of the image it runs.
//!
//! **Decisions**, each with the figure behind it:
//! - `--extern std=` a stand-in crate, not rewritten paths: every `std::` path, `println!`
//!   and `std::process::exit` in the bundle resolves unchanged; only the prelude's five
//!   names (`Vec`, `String`, `Box`, `ToString`, `ToOwned`) need an import per module.
//! - LZMA (liblzma's `-9e`) and base 85: curling's two `-O` images are 106 KB of code and
//!   data; deflate packs them to 52.3 KB, LZMA to 44.4 KB, one stream for both 6% less than
//!   two. A context-mixing coder (zpaq `-m5`) gains only 6 to 9% more, for a decoder many
//!   times longer; the x86 branch filter 1%. The LZMA decoder is 230 lines of plain C.
//! - 32-bit code from Debian's stable `rustc-web` (1.85, with `libstd-rust-web-dev:i386`),
//!   called by its path: rustup can fetch nothing here, and no other stable rustc with a
//!   32-bit x86 standard library installs from a registry. Without it the file carries the
//!   x86-64 image alone and says so.
//! - Linux's calling conventions at the boundary on every system (`sysv_abi`, `cdecl` in
//!   the loader), x86-64 code without a red zone (Windows may write below the stack
//!   pointer), and rustc's inline stack probes, which touch each page in order as
//!   Windows' guard page needs.
//! - Size before speed only where the limit needs it, and `opt-level=s` before `z`:
//!   rc02-game's two images fit only optimised for size (`benches/README.md` has the
//!   times).
//! - The image in a section flagged writable and executable (GCC's section attribute,
//!   ELF's "awx", PE's "wx"), not memory mapped at run time: the program makes only the
//!   system calls any C program makes, which is what judges that filter system calls allow.
//! - Only sections that run go in: `.eh_frame` and the like (7 to 16 KB of raw image a
//!   bundle) are left as zeros, which compress to almost nothing; with `panic=abort`
//!   nothing unwinds.

mod c_file;
mod compile;
mod image;
mod source;

use crate::metadata::Plan;
use anyhow::{Context, Result};
use std::path::Path;

pub use compile::{Arch, Optimisation, Toolchain};

/// The rustc for each machine: x86-64's is required, 32-bit x86's may be missing (then the
/// C bundle carries the x86-64 image alone and says why).
pub struct Toolchains {
    pub x86_64: Toolchain,
    pub x86: std::result::Result<Toolchain, String>,
}

impl Toolchains {
    pub fn find() -> Result<Toolchains> {
        Ok(Toolchains {
            x86_64: Toolchain::find(Arch::X86_64)?,
            x86: Toolchain::find(Arch::X86).map_err(|e| format!("{e:#}")),
        })
    }

    fn available(&self) -> Vec<&Toolchain> {
        std::iter::once(&self.x86_64)
            .chain(self.x86.as_ref().ok())
            .collect()
    }
}

/// A C bundle and the figures `make bundle` reports.
pub struct CBundle {
    pub text: String,
    pub images: Vec<ImageFigures>,
    /// Bytes of the one LZMA stream that holds every image.
    pub compressed_size: usize,
    pub optimisation: Optimisation,
    /// The machines it carries no image for, and why.
    pub left_out: Vec<(Arch, String)>,
}

/// One image's figures.
pub struct ImageFigures {
    pub arch: Arch,
    /// Bytes of code and data the stream holds.
    pub data_size: usize,
    /// Bytes of the image in memory, its zeroed tail included.
    pub image_size: usize,
    pub relocations: usize,
    /// The linked ELF file it was read from, left in the work directory.
    pub elf: std::path::PathBuf,
}

/// Builds the C bundle of `plan` from its Rust bundle's text, with `work` (created if
/// missing) for the intermediate files. The first that fits `limit` bytes, each choice of
/// images at `-O`, then optimised for size, then for the smallest code: every image; the images its C judges need
/// (by the bits each judge's profile records); the one image that serves the most judges
/// that take C but no Rust. The header says which image was left out and why.
pub fn c_bundle(
    plan: &Plan,
    rust_bundle: &str,
    toolchains: &Toolchains,
    work: &Path,
    limit: usize,
) -> Result<CBundle> {
    let source = source::image_source(rust_bundle)?;
    let mut images = Images {
        source: &source,
        work,
        built: Vec::new(),
    };
    let needed = machines_needed(plan);
    let every = toolchains.available();
    let for_judges: Vec<&Toolchain> = every
        .iter()
        .copied()
        .filter(|t| needed.contains(&t.arch))
        .collect();
    let mut choices = vec![every.clone()];
    if !for_judges.is_empty() && for_judges.len() < every.len() {
        choices.push(for_judges.clone());
    }
    if for_judges.len() > 1 {
        let best = most_served(plan);
        let alone = every.iter().copied().find(|t| t.arch == best);
        choices.push(vec![alone.unwrap_or(&toolchains.x86_64)]);
    }
    // The size of the file with every image, at the last optimisation tried: what the
    // later choices say they left out.
    let mut every_size = 0;
    let mut bundle = None;
    'choices: for (choice, chosen) in choices.iter().enumerate() {
        let left_out: Vec<(Arch, String)> = Arch::ALL
            .into_iter()
            .filter(|arch| !chosen.iter().any(|t| t.arch == *arch))
            .map(|arch| {
                let why = match (arch, &toolchains.x86) {
                    (Arch::X86, Err(why)) => why.clone(),
                    _ if !needed.contains(&arch) => format!(
                        "none of its C judges runs {} programs, and with it the file is \
                         {every_size} bytes, over the {limit}-byte limit",
                        arch.name()
                    ),
                    _ => format!(
                        "with it the file is {every_size} bytes, over the {limit}-byte limit"
                    ),
                };
                (arch, why)
            })
            .collect();
        for optimisation in [
            Optimisation::Speed,
            Optimisation::Size,
            Optimisation::Smallest,
        ] {
            let indices: Vec<usize> = chosen
                .iter()
                .map(|toolchain| images.build(toolchain, optimisation))
                .collect::<Result<_>>()?;
            let built: Vec<&c_file::Built> = indices.iter().map(|&i| &images.built[i].2).collect();
            let next = render(plan, rust_bundle, optimisation, &built, &left_out)?;
            let fits = next.text.len() <= limit;
            if choice == 0 {
                every_size = next.text.len();
            }
            bundle = Some(next);
            if fits {
                break 'choices;
            }
        }
    }
    Ok(bundle.expect("there is a first choice"))
}

/// The machines the C judges of `plan` may run programs on (both, for a crate bundled to
/// C with no C judge named).
fn machines_needed(plan: &Plan) -> Vec<Arch> {
    let judges = plan.contest.c_judges();
    Arch::ALL
        .into_iter()
        .filter(|arch| judges.is_empty() || judges.iter().any(|j| may_run(j, *arch)))
        .collect()
}

/// Whether `judge` may run programs for `arch`: the one its profile's bits say, or either
/// where they are unknown.
fn may_run(judge: &judges::contest::Judge, arch: Arch) -> bool {
    let bits = judge.profile.c.as_ref().and_then(|c| c.bits.as_deref());
    match bits {
        Some(bits) if bits.starts_with("64") => arch == Arch::X86_64,
        Some(bits) if bits.starts_with("32") => arch == Arch::X86,
        _ => true,
    }
}

/// The machine the most C judges of `plan` that take no Rust may run (all its C judges
/// when each takes Rust too); x86-64 on a tie. Robots: POJ (32-bit) and ZOJ (unknown)
/// give 32-bit x86; BOJ, which takes Rust, does not count.
fn most_served(plan: &Plan) -> Arch {
    let judges = plan.contest.c_judges();
    let without_rust: Vec<_> = judges.iter().filter(|j| j.profile.rust.is_none()).collect();
    let counted = if without_rust.is_empty() {
        judges.iter().collect()
    } else {
        without_rust
    };
    let served = |arch: Arch| counted.iter().filter(|j| may_run(j, arch)).count();
    if served(Arch::X86) > served(Arch::X86_64) {
        Arch::X86
    } else {
        Arch::X86_64
    }
}

/// Each image built once, whichever rungs of the ladder need it.
struct Images<'a> {
    source: &'a str,
    work: &'a Path,
    built: Vec<(Arch, Optimisation, c_file::Built)>,
}

impl Images<'_> {
    /// Builds the image of `toolchain`'s machine at `optimisation` unless it is built;
    /// its index in `built`.
    fn build(&mut self, toolchain: &Toolchain, optimisation: Optimisation) -> Result<usize> {
        let arch = toolchain.arch;
        match self
            .built
            .iter()
            .position(|(a, o, _)| (*a, *o) == (arch, optimisation))
        {
            Some(index) => Ok(index),
            None => {
                let work = self.work.join(arch.triple()).join(optimisation.name());
                std::fs::create_dir_all(&work)
                    .with_context(|| format!("cannot create {}", work.display()))?;
                let elf = compile::build_image(toolchain, optimisation, self.source, &work)?;
                let bytes = std::fs::read(&elf)
                    .with_context(|| format!("cannot read {}", elf.display()))?;
                let image = image::Image::from_elf(&bytes, arch)
                    .with_context(|| format!("reading {}", elf.display()))?;
                let rustc = toolchain.version.clone();
                self.built
                    .push((arch, optimisation, c_file::Built { image, rustc, elf }));
                Ok(self.built.len() - 1)
            }
        }
    }
}

fn render(
    plan: &Plan,
    rust_bundle: &str,
    optimisation: Optimisation,
    images: &[&c_file::Built],
    left_out: &[(Arch, String)],
) -> Result<CBundle> {
    let text = c_file::render(plan, rust_bundle, optimisation, images, left_out)?;
    Ok(CBundle {
        text: text.text,
        images: images
            .iter()
            .map(|built| ImageFigures {
                arch: built.image.arch,
                data_size: built.image.data.len(),
                image_size: built.image.size,
                relocations: built.image.relocations.len(),
                elf: built.elf.clone(),
            })
            .collect(),
        compressed_size: text.compressed_size,
        optimisation,
        left_out: left_out.to_vec(),
    })
}
