//! The rustc runs of a C bundle: the runtime crate (`tools/c-runtime`) as a crate named
//! `std`, after hashbrown, the one crate it depends on; then the image against it, linked
//! into a static position-independent executable with no C library, its entry the exported
//! `image_main`.

use super::hashbrown;
use super::missing::ImageError;
use super::source::ENTRY;
use anyhow::{bail, Context, Result};
use judges::contest::COptLevel;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// `(path, text)` of each file named, read at compile time from `tools/c-runtime/src`.
macro_rules! runtime_files {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_str!(concat!("../../../c-runtime/src/", $path)))),*]
    };
}

/// The runtime crate's sources, by their path under `tools/c-runtime/src`: carried inside
/// the bundler, which builds a C bundle in any workspace. `tests::every_runtime_file_is_carried`
/// keeps the list whole.
const RUNTIME: &[(&str, &str)] = runtime_files![
    "lib.rs",
    "collections/mod.rs",
    "collections/hash_map.rs",
    "collections/hash_set.rs",
    "hash.rs",
    "host.rs",
    "panic.rs",
    "start.rs",
    "sync.rs",
    "io/mod.rs",
    "io/error.rs",
    "io/stdio.rs",
    "io/traits.rs",
];

/// Flags shared by every build: no unwinding (nothing to unwind to without std).
const CODEGEN: &[&str] = &["-C", "panic=abort"];

/// The edition of the runtime and of the image; hashbrown is compiled in its own.
const EDITION: &[&str] = &["--edition", "2021"];

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
    /// what it never reaches goes, the panic messages the runtime never prints among
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

    /// The first optimisation to try for `contest`'s C bundle: its `c-opt-level`, or `-O`.
    pub fn first_for(contest: &judges::contest::Contest) -> Optimisation {
        match contest.c_opt_level {
            None => Optimisation::Speed,
            Some(COptLevel::Size) => Optimisation::Size,
            Some(COptLevel::Smallest) => Optimisation::Smallest,
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
    /// Where built runtimes and images are kept, for this run and the next ones.
    cache: PathBuf,
    /// The runtime's rlib at each optimisation, found or built once a run.
    runtimes: [OnceLock<Result<PathBuf, String>>; 3],
}

/// Where Debian's `rustc-web` puts the stable rustc whose 32-bit x86 standard library
/// `libstd-rust-web-dev:i386` installs (README, "Set-up").
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";

impl Toolchain {
    /// The rustc for `arch`: for x86-64 the workspace's own (`$RUSTC` or `rustc` from the
    /// path); for 32-bit x86 `$RUSTC_X86` or Debian's, called by its path so that it never
    /// stands in for the workspace's. Refuses a nightly or beta compiler, whose features
    /// the C bundles promise not to need, and one without the standard library for `arch`.
    /// The runtimes and images it builds are kept in `cache`.
    pub fn find(arch: Arch, cache: &Path) -> Result<Toolchain> {
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
            cache: cache.to_path_buf(),
            runtimes: Default::default(),
        })
    }

    /// The runtime's rlib at `optimisation`, hashbrown's beside it: the ones in the cache
    /// built from the same sources by the same rustc with the same flags, or else ones built
    /// now and kept there.
    fn runtime(&self, optimisation: Optimisation) -> Result<PathBuf> {
        let slot = &self.runtimes[optimisation as usize];
        let found = slot.get_or_init(|| {
            self.cached_runtime(optimisation)
                .map_err(|e| format!("{e:#}"))
        });
        found.clone().map_err(|e| anyhow::anyhow!("{e}"))
    }

    fn cached_runtime(&self, optimisation: Optimisation) -> Result<PathBuf> {
        let key = self.runtime_key(optimisation)?;
        let kept = self.cache.join(&key);
        let rlib = kept.join("libstd.rlib");
        if rlib.is_file() {
            return Ok(rlib);
        }
        // Built in a directory of its own, then renamed into place whole: a bundler running
        // at the same time sees the runtime complete or not at all.
        let draft = self.cache.join(format!("{key}.{}.tmp", std::process::id()));
        let _ = std::fs::remove_dir_all(&draft);
        for (path, text) in RUNTIME {
            let file = draft.join("src").join(path);
            std::fs::create_dir_all(file.parent().expect("a file in src/"))
                .and_then(|()| std::fs::write(&file, text))
                .with_context(|| format!("cannot write {}", file.display()))?;
        }
        let hashbrown = hashbrown::find()?;
        let hashbrown_rlib = draft.join("libhashbrown.rlib");
        run(
            self.rustc(
                optimisation,
                &hashbrown.dir,
                &hashbrown.name.replace(' ', "-"),
            )
            .args(["--edition", &hashbrown.edition])
            .args(["--crate-type", "rlib", "--crate-name", "hashbrown"])
            .args(["--cap-lints", "allow", "-o"])
            .arg(&hashbrown_rlib)
            .arg(&hashbrown.root),
            &format!("{} (the runtime's HashMap and HashSet)", hashbrown.name),
        )?;
        let mut extern_hashbrown = std::ffi::OsString::from("hashbrown=");
        extern_hashbrown.push(&hashbrown_rlib);
        run(
            self.rustc(optimisation, &draft, "c-runtime")
                .args(EDITION)
                .args(["--crate-type", "rlib", "--crate-name", "std"])
                .arg("--extern")
                .arg(extern_hashbrown)
                .arg("-o")
                .arg(draft.join("libstd.rlib"))
                .arg(draft.join("src").join("lib.rs")),
            "the runtime (tools/c-runtime)",
        )?;
        if let Err(error) = std::fs::rename(&draft, &kept) {
            let _ = std::fs::remove_dir_all(&draft);
            if !rlib.is_file() {
                bail!("cannot move the runtime to {}: {error}", kept.display());
            }
        }
        Ok(rlib)
    }

    /// Names a runtime build by all it depends on: its sources and hashbrown's (a registry
    /// package, named by its id, never changes), the compiler, the machine and the flags.
    fn runtime_key(&self, optimisation: Optimisation) -> Result<String> {
        let hashbrown = hashbrown::find()?;
        let mut hasher = std::hash::DefaultHasher::new();
        RUNTIME.hash(&mut hasher);
        (&hashbrown.id, &hashbrown.edition).hash(&mut hasher);
        (&self.rustc, &self.version, self.arch.triple()).hash(&mut hasher);
        (CODEGEN, EDITION, self.arch.flags(), optimisation.flags()).hash(&mut hasher);
        Ok(format!(
            "{}-{}-{:016x}",
            self.arch.triple(),
            optimisation.name(),
            hasher.finish()
        ))
    }

    /// rustc with the flags of every build; file names under `work` as `<shown>/...`, so
    /// that no path in the image (and so the C file) depends on where the workspace is.
    fn rustc(&self, optimisation: Optimisation, work: &Path, shown: &str) -> Command {
        let mut remap = std::ffi::OsString::from("--remap-path-prefix=");
        remap.push(work);
        remap.push("=");
        remap.push(shown);
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

/// How an image is linked: a static position-independent executable with no C library
/// and no start files (the loader is its only caller), entered at `ENTRY`, its sections 16
/// bytes apart, not a page (the image is copied, not mapped).
fn link_flags() -> Vec<String> {
    let link_args = [
        "-nostdlib",
        "-static-pie",
        &format!("-Wl,-e,{ENTRY}"),
        "-Wl,-z,max-page-size=16",
        "-Wl,--gc-sections",
    ]
    .map(|arg| format!("link-arg={arg}"));
    let mut flags = vec!["-C".to_string(), "relocation-model=pie".to_string()];
    for arg in link_args {
        flags.extend(["-C".to_string(), arg]);
    }
    flags
}

/// Compiles `source` (the image crate) in `work`, which no other build shares, unless the
/// cache has an image built from the same source against the same runtime with the same
/// flags; returns the linked ELF file's path (in the cache).
pub fn build_image(
    toolchain: &Toolchain,
    optimisation: Optimisation,
    source: &str,
    work: &Path,
) -> Result<PathBuf> {
    let mut hasher = std::hash::DefaultHasher::new();
    let link = link_flags();
    (source, toolchain.runtime_key(optimisation)?, &link).hash(&mut hasher);
    let images = toolchain.cache.join("images");
    let kept = images.join(format!("{:016x}.elf", hasher.finish()));
    if kept.is_file() {
        return Ok(kept);
    }
    let runtime = toolchain.runtime(optimisation)?;
    let image_source = work.join("image.rs");
    let elf = work.join("image.elf");
    std::fs::write(&image_source, source)?;
    let mut extern_std = std::ffi::OsString::from("std=");
    extern_std.push(&runtime);
    // Where rustc finds what the runtime depends on (hashbrown), kept beside it.
    let mut dependencies = std::ffi::OsString::from("dependency=");
    dependencies.push(
        runtime
            .parent()
            .expect("the runtime's rlib is in a directory"),
    );
    let output = toolchain
        .rustc(optimisation, work, "c-bundle")
        .args(EDITION)
        .args(["--crate-type", "bin", "--cap-lints", "allow"])
        .args(&link)
        .arg("--extern")
        .arg(&extern_std)
        .arg("-L")
        .arg(&dependencies)
        .arg("-o")
        .arg(&elf)
        .arg(&image_source)
        .output()
        .context("cannot run rustc")?;
    if !output.status.success() {
        // The solution uses what the runtime lacks: said in its terms by the caller.
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(ImageError::from_rustc(&stderr, source).into());
    }
    // Copied beside, then renamed into place: a bundler running at the same time sees the
    // file whole or not at all.
    let draft = kept.with_extension(format!("elf.{}.tmp", std::process::id()));
    std::fs::create_dir_all(&images)
        .and_then(|()| std::fs::copy(&elf, &draft))
        .and_then(|_| std::fs::rename(&draft, &kept))
        .with_context(|| format!("cannot keep the image in {}", kept.display()))?;
    Ok(kept)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_runtime_file_is_carried() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../c-runtime/src");
        let mut on_disk = Vec::new();
        let mut dirs = vec![src.clone()];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let relative = path.strip_prefix(&src).unwrap();
                    on_disk.push(relative.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        let mut carried: Vec<String> = RUNTIME.iter().map(|(p, _)| p.to_string()).collect();
        on_disk.sort();
        carried.sort();
        assert_eq!(
            carried, on_disk,
            "compile.rs's RUNTIME against tools/c-runtime/src"
        );
    }
}
