//! The C bundle: the Rust bundle as machine code inside one C file, for judges that take
//! C or C++ but no Rust (UVa, POJ, old ZOJ; NOI's Enclosure).
//!
//! **Model.** One more stage after the Rust bundle, not a second bundler: the flattened,
//! pruned bundle text (`crate::bundle`) is compiled as it is, once per machine, by a
//! stable rustc against the runtime (`tools/c-runtime`, compiled as a crate named `std`),
//! which gives the bundle the part of std it uses from `core` and `alloc` and from C
//! functions the loader hands in (no operating system, no system call). The machines are x86-64 and 32-bit x86, each
//! compiled for Linux's target (the one with a stable standard library at hand) and run on
//! Linux and Windows alike, since an image calls nothing but what the loader hands it:
//! - `source`: the bundle text becomes the image crate: `#![no_std]`, std's prelude names
//!   imported into every module, and an exported entry that runs `main` (on 32-bit x86
//!   after aligning the stack, which Windows callers leave at 4 bytes);
//! - `compile`: rustc builds the runtime and hashbrown, the table of its `HashMap` (or
//!   finds them built by an earlier run), and the image, a static position-independent
//!   executable linked at address 0 with no C library;
//! - `hashbrown`: where hashbrown's source is (the runtime package's dependency, in cargo's
//!   registry), and whether an image holds its code, which then carries its notice;
//! - `image`: the ELF file's sections that run (code, constants, data) laid out as in
//!   memory, and its relocations, which all add the load address to a word;
//! - `c_file`: the values that fill the C template (`native/loader.c`, the whole program,
//!   without its comments: `compact`): the header and licence notices, the images as one
//!   LZMA stream written in base 91, each image's layout and relocations.
//!
//! Which images, built how: both in `<crate>.c` at the first optimisation that fits the
//! judges' limit: `-O`, then optimised for size (`opt-level=s`), then for the smallest code
//! (`opt-level=z`), each with fat LTO; a crate's `c-opt-level` may start lower. Where none fits, each machine gets a file of its own,
//! `<crate>.c` (x86-64) and `<crate>-i686.c` (32-bit x86), each at the first optimisation
//! that fits; each file's header and `#error` for the other machine name the other file.
//!
//! **Complexity.** Three rustc runs per image (hashbrown, the runtime, then the image; the
//! first two kept for every later image; up to three images a machine as the
//! optimisations go down), and linear passes over images of at
//! most a few hundred KB. At run time the loader's start-up is linear in the stream up to
//! the end of the image it runs.
//!
//! **Decisions**, each with its reason (the measurements behind them: `benches/README.md`):
//! - `--extern std=` the runtime crate, not rewritten paths: every `std::` path, `println!`
//!   and `std::process::exit` in the bundle resolves unchanged; only the prelude's five
//!   names (`Vec`, `String`, `Box`, `ToString`, `ToOwned`) need an import per module.
//! - LZMA (liblzma's `-9e`) and base 91: LZMA packs the images clearly tighter than deflate,
//!   and one stream for both images tighter than two; a context-mixing coder gains little
//!   more for a decoder many times longer, and the x86 branch filter next to nothing. The
//!   LZMA decoder is a few hundred lines of plain C. Base 91 (two digits for 13 bits) is a
//!   little denser than base 85 for a decoder as short.
//! - The loader without its comments, indentation and blank lines in the file, the
//!   documented one named in the header: the comments were the largest part of every file
//!   after the images, a judge never reads them, and the room is the contestant's.
//! - 32-bit code from Debian's stable `rustc-web` (1.85, with `libstd-rust-web-dev:i386`),
//!   called by its path: rustup can fetch nothing here, and no other stable rustc with a
//!   32-bit x86 standard library installs from a registry. Without it the file carries the
//!   x86-64 image alone and says so.
//! - Linux's calling conventions at the boundary on every system (`sysv_abi`, `cdecl` in
//!   the loader), x86-64 code without a red zone (Windows may write below the stack
//!   pointer), and rustc's inline stack probes, which touch each page in order as
//!   Windows' guard page needs.
//! - One file per machine only where one file cannot hold both: a judge takes one file,
//!   and a contestant who does not know its bits (UVa, NOI) pastes the same one anywhere.
//!   Enclosure's two images together are over NOI's 100 KB even at `opt-level=z`; apart,
//!   each fits (at `opt-level=s`, its `c-opt-level`, with room). The earlier rule, one
//!   image where two did not fit, chosen by the judges' bits, left 32-bit judges without
//!   Enclosure.
//! - Size before speed only where the limit needs it (or the crate asks, as robots and
//!   enclosure do to keep 8 KiB of room), and `opt-level=s` before `z` (`benches/README.md`
//!   has the times).
//! - The image in a section flagged writable and executable (ELF's "awx", PE's "bwx",
//!   declared in a top-level `asm` block that GNU as, clang's assembler and MinGW's read
//!   alike; GCC's section attribute worked with GNU as alone, and clang's binaries crashed),
//!   not memory mapped at run time: the program makes only the system calls any C program
//!   makes, which is what judges that filter system calls allow. A compiler without GNU C
//!   (MSVC, tcc, which cannot make the array executable) stops at one `#error`.
//! - The runtime (with hashbrown's rlib beside it, built with the same flags) built once
//!   per rustc, machine and optimisation, and each image once per source, kept in
//!   `target/c-bundle/cache` under a name made from all they depend on (sources, hashbrown's
//!   package, compiler, flags): an edit to a solution rebuilds only its images, and the
//!   tests reuse what `make bundle` built.
//! - hashbrown's code is generic: an image holds it only where the solution uses a hash
//!   map or set, and only such a C file carries hashbrown's notice (decided on the Rust
//!   bundle's text, which after the compiler's pass names nothing it does not use).
//! - Only sections that run go in: `.eh_frame` and the like are left as zeros, which
//!   compress to almost nothing; with `panic=abort` nothing unwinds.

mod c_file;
mod compact;
mod compile;
mod hashbrown;
mod image;
pub mod missing;
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
    /// Both rustcs, each keeping the runtimes and images it builds under `cache`.
    pub fn find(cache: &Path) -> Result<Toolchains> {
        Ok(Toolchains {
            x86_64: Toolchain::find(Arch::X86_64, cache)?,
            x86: Toolchain::find(Arch::X86, cache).map_err(|e| format!("{e:#}")),
        })
    }

    fn available(&self) -> Vec<&Toolchain> {
        std::iter::once(&self.x86_64)
            .chain(self.x86.as_ref().ok())
            .collect()
    }
}

/// A C file and the figures `make bundle` reports.
pub struct CBundle {
    /// `<crate>.c`, or, for the 32-bit x86 image in a file of its own, `<crate>-i686.c`.
    pub file_name: String,
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
    /// The linked ELF file it was read from, kept in the cache.
    pub elf: std::path::PathBuf,
}

/// The C file that carries `arch`'s image when each machine has a file of its own: the
/// x86-64 image keeps the crate's name, the judges' usual file.
pub fn file_name(package: &str, arch: Arch) -> String {
    match arch {
        Arch::X86_64 => format!("{package}.c"),
        Arch::X86 => format!("{package}-i686.c"),
    }
}

/// Builds the C bundle of `plan` from its Rust bundle's text, with `work` (created if
/// missing) for the intermediate files: one file `<crate>.c` with every image, at the first
/// optimisation that fits `limit` bytes (`-O`, then for size, then for the smallest code);
/// where none does, one file per machine, each at the first that fits (Enclosure, whose two
/// images together are over NOI's 100 KB). A file's header and its `#error` for the
/// machine it lacks name the file that has it.
pub fn c_bundles(
    plan: &Plan,
    rust_bundle: &str,
    toolchains: &Toolchains,
    work: &Path,
    limit: usize,
) -> Result<Vec<CBundle>> {
    let source = source::image_source(rust_bundle)?;
    let mut images = Images {
        source: &source,
        work,
        built: Vec::new(),
    };
    let every = toolchains.available();
    let missing: Vec<(Arch, String)> = match &toolchains.x86 {
        Err(why) => vec![(Arch::X86, why.clone())],
        Ok(_) => Vec::new(),
    };
    let own_name = file_name(&plan.package, Arch::X86_64);
    let together = first_that_fits(
        plan,
        rust_bundle,
        &mut images,
        &own_name,
        &every,
        &missing,
        limit,
    )?;
    if together.text.len() <= limit || every.len() == 1 {
        return Ok(vec![together]);
    }
    every
        .iter()
        .map(|toolchain| {
            let left_out: Vec<(Arch, String)> = every
                .iter()
                .filter(|other| other.arch != toolchain.arch)
                .map(|other| {
                    let why = format!(
                        "it is in {}: one file with both images is {} bytes even at \
                         opt-level=z, over the {limit}-byte limit",
                        file_name(&plan.package, other.arch),
                        together.text.len()
                    );
                    (other.arch, why)
                })
                .collect();
            let name = file_name(&plan.package, toolchain.arch);
            first_that_fits(
                plan,
                rust_bundle,
                &mut images,
                &name,
                &[toolchain],
                &left_out,
                limit,
            )
        })
        .collect()
}

/// The file `name` carrying the images of `toolchains`, at the first optimisation whose
/// file fits `limit` bytes, or at the last one tried; the first tried is `-O`, or the
/// crate's `c-opt-level`.
fn first_that_fits(
    plan: &Plan,
    rust_bundle: &str,
    images: &mut Images,
    name: &str,
    toolchains: &[&Toolchain],
    left_out: &[(Arch, String)],
    limit: usize,
) -> Result<CBundle> {
    let mut bundle = None;
    let ladder = [
        Optimisation::Speed,
        Optimisation::Size,
        Optimisation::Smallest,
    ];
    let start = Optimisation::first_for(&plan.contest);
    for optimisation in ladder.into_iter().skip_while(|&o| o != start) {
        let indices = images.build(toolchains, optimisation)?;
        let built: Vec<&c_file::Built> = indices.iter().map(|&i| &images.built[i].2).collect();
        let next = render(plan, rust_bundle, name, optimisation, &built, left_out)?;
        let fits = next.text.len() <= limit;
        bundle = Some(next);
        if fits {
            break;
        }
    }
    Ok(bundle.expect("three optimisations were tried"))
}

/// Each image built once, whichever rungs of the ladder need it.
struct Images<'a> {
    source: &'a str,
    work: &'a Path,
    built: Vec<(Arch, Optimisation, c_file::Built)>,
}

impl Images<'_> {
    /// Builds the images of `toolchains`' machines at `optimisation` that are not built yet,
    /// side by side (each is one rustc process); their indices in `built`.
    fn build(
        &mut self,
        toolchains: &[&Toolchain],
        optimisation: Optimisation,
    ) -> Result<Vec<usize>> {
        let index = |built: &[(Arch, Optimisation, c_file::Built)], arch: Arch| {
            built
                .iter()
                .position(|(a, o, _)| (*a, *o) == (arch, optimisation))
        };
        let missing: Vec<&Toolchain> = toolchains
            .iter()
            .copied()
            .filter(|toolchain| index(&self.built, toolchain.arch).is_none())
            .collect();
        let (source, work) = (self.source, self.work);
        let results: Vec<Result<c_file::Built>> = std::thread::scope(|scope| {
            let threads: Vec<_> = missing
                .iter()
                .map(|&toolchain| {
                    scope.spawn(move || build_image(toolchain, optimisation, source, work))
                })
                .collect();
            threads
                .into_iter()
                .map(|thread| thread.join().expect("image thread panicked"))
                .collect()
        });
        for (toolchain, result) in missing.iter().zip(results) {
            self.built.push((toolchain.arch, optimisation, result?));
        }
        Ok(toolchains
            .iter()
            .map(|toolchain| index(&self.built, toolchain.arch).expect("built above"))
            .collect())
    }
}

/// The image of `toolchain`'s machine at `optimisation`, built in its own directory under
/// `work`.
fn build_image(
    toolchain: &Toolchain,
    optimisation: Optimisation,
    source: &str,
    work: &Path,
) -> Result<c_file::Built> {
    let arch = toolchain.arch;
    let work = work.join(arch.triple()).join(optimisation.name());
    std::fs::create_dir_all(&work).with_context(|| format!("cannot create {}", work.display()))?;
    let elf = compile::build_image(toolchain, optimisation, source, &work)?;
    let bytes = std::fs::read(&elf).with_context(|| format!("cannot read {}", elf.display()))?;
    let image = image::Image::from_elf(&bytes, arch)
        .with_context(|| format!("reading {}", elf.display()))?;
    let rustc = toolchain.version.clone();
    Ok(c_file::Built { image, rustc, elf })
}

fn render(
    plan: &Plan,
    rust_bundle: &str,
    file_name: &str,
    optimisation: Optimisation,
    images: &[&c_file::Built],
    left_out: &[(Arch, String)],
) -> Result<CBundle> {
    let hashbrown = match hashbrown::in_image(rust_bundle) {
        true => Some(hashbrown::find()?),
        false => None,
    };
    let text = c_file::render(plan, rust_bundle, optimisation, images, left_out, hashbrown)?;
    Ok(CBundle {
        file_name: file_name.to_string(),
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
