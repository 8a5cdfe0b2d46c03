//! C bundles (`bundle::native`): every problem with a judge that takes C is bundled into a
//! scratch directory as `<crate>.rs` and `<crate>.c` (and `<crate>-i686.c` where its two
//! images do not fit one file: Enclosure's), and each C file must
//! - compile without error under every gcc and g++ command line a judge records
//!   (judges.toml, `judge_lines`: UVa's `gcc -ansi` and `g++`, old ZOJ's `-ansi -fno-asm
//!   -static`, plain `gcc` and `g++` without `-O` as NOI compiled, BOJ's C), and each build
//!   replay every `samples/<crate>/*.in` byte for byte;
//! - behave as the Rust bundle on malformed input: the same stdout, the same one stderr
//!   line (up to the message, where a panic reports it: the C bundle's line is a fixed one),
//!   the same exit status;
//! - pass the crate's randomized oracle (its `<crate>-stress` example, fixed seed), as
//!   the Rust bundle does on the same cases;
//! - hold an image with no system call instruction, and run under a seccomp filter that
//!   allows only what a plain static C program makes (`seccomp`);
//! - fit its judges' C size limit (64 KiB where none is stated);
//! - for Enclosure, built with `g++` and no `-O`, play arena games as a process bot with the
//!   same moves as the Rust bundle;
//! - carry each machine's image or name the crate's file that does (and under a limit that
//!   both images do not fit, mouse-cheese splits into two files that each fit and run);
//! - compile under every build of `OTHER_MACHINES` whose image it carries and replay its
//!   samples there: clang and clang++ (C89 to C++17, both machines, `-O2` and none), gcc and
//!   g++ `-m32` (and the oracle's random cases under `gcc -m32`), MinGW for 32-bit and 64-bit
//!   Windows under Wine. A missing tool skips those checks with a note, except under CI
//!   (`CI` set), which installs them all;
//! - in every binary, keep the image's array in memory mapped writable and executable
//!   (`sections`), a check shown to catch an array that is not; compiled by a compiler that
//!   is neither GCC nor clang, stop with one `#error`;
//! - damaged, stop with one line on stderr and status 1, never a signal (`damage`): each
//!   number of an image's tables changed three ways in the C text, every 5th digit of the
//!   packed stream and its last 64 changed in the binary.
//!
//! A crate made by `make new` (proconio, itertools) gets a C bundle when one of its judges
//! takes C; `ALSO_IN_C` stand in for such crates here, whatever their judges: proconio and
//! itertools, rustc-hash's `FxHashMap` (the runtime's `HashMap` with another hasher), a
//! `HashMap` whose key has no order, and a contestant's template of all of them with
//! ac-library-rs.

mod damage;
mod runner;
mod seccomp;
mod sections;

use bundle::native::Arch;
use bundle::Workspace;
use runner::Runner;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// A judge's C or C++ command line (judges.toml's `[key.c]` tables) that runs here: gcc or
/// g++ with its flags known.
struct JudgeLine {
    /// `<judge>-<compiler>`, numbered from the second line of the same compiler on
    /// (`uva-g++`, `uva-g++2`).
    name: String,
    compiler: String,
    /// Before the source file, in the judge's order.
    flags: Vec<String>,
}

/// The judges' command lines, read once from judges.toml.
fn judge_lines() -> &'static [JudgeLine] {
    static LINES: OnceLock<Vec<JudgeLine>> = OnceLock::new();
    LINES.get_or_init(|| {
        let profiles = judges::profile::Profiles::load(root()).expect("judges.toml");
        let mut lines: Vec<JudgeLine> = Vec::new();
        for profile in &profiles.judges {
            let recorded = profile
                .c
                .iter()
                .flat_map(|c| c.command_lines.iter().flatten());
            for line in recorded {
                let Some(flags) = &line.flags else { continue };
                if !["gcc", "g++"].contains(&line.compiler.as_str()) {
                    continue;
                }
                let base = format!("{}-{}", profile.key, line.compiler);
                let same = lines.iter().filter(|l| l.name.starts_with(&base)).count();
                let name = match same {
                    0 => base,
                    n => format!("{base}{}", n + 1),
                };
                lines.push(JudgeLine {
                    name,
                    compiler: line.compiler.clone(),
                    flags: flags.clone(),
                });
            }
        }
        assert!(lines.len() >= 8, "UVa's, ZOJ's, NOI's and BOJ's lines");
        lines
    })
}

/// A build beyond the judges' command lines: another compiler, language standard,
/// optimisation or machine a C bundle must run under.
struct Machine {
    name: &'static str,
    compiler: &'static str,
    flags: &'static [&'static str],
    /// What runs the binary here.
    runner: Runner,
    /// The image it needs.
    arch: Arch,
}

/// Every build beyond the judges': `g++ -std=c++98`; gcc and g++ for 32-bit x86; clang and clang++ (C89 and
/// C, C++98 to C++17) for both machines; MinGW for 32-bit and 64-bit Windows, run under
/// Wine; each with `-O2` and without `-O`. (`-x c++`: clang++ deprecates reading a `.c`
/// file as C++ without it.)
const OTHER_MACHINES: [Machine; 13] = [
    Machine {
        name: "g++98-O2",
        compiler: "g++",
        flags: &["-std=c++98", "-O2"],
        runner: Runner::Itself,
        arch: Arch::X86_64,
    },
    Machine {
        name: "linux-x86",
        compiler: "gcc",
        flags: &["-m32", "-O2"],
        runner: Runner::Itself,
        arch: Arch::X86,
    },
    Machine {
        name: "linux-x86-g++17",
        compiler: "g++",
        flags: &["-m32", "-std=c++17"],
        runner: Runner::Itself,
        arch: Arch::X86,
    },
    Machine {
        name: "clang-ansi-O2",
        compiler: "clang",
        flags: &["-ansi", "-O2"],
        runner: Runner::Itself,
        arch: Arch::X86_64,
    },
    Machine {
        name: "clang",
        compiler: "clang",
        flags: &[],
        runner: Runner::Itself,
        arch: Arch::X86_64,
    },
    Machine {
        name: "clang++98-O2",
        compiler: "clang++",
        flags: &["-x", "c++", "-std=c++98", "-O2"],
        runner: Runner::Itself,
        arch: Arch::X86_64,
    },
    Machine {
        name: "clang++17",
        compiler: "clang++",
        flags: &["-x", "c++", "-std=c++17"],
        runner: Runner::Itself,
        arch: Arch::X86_64,
    },
    Machine {
        name: "linux-x86-clang-ansi-O2",
        compiler: "clang",
        flags: &["-m32", "-ansi", "-O2"],
        runner: Runner::Itself,
        arch: Arch::X86,
    },
    Machine {
        name: "linux-x86-clang++11",
        compiler: "clang++",
        flags: &["-m32", "-x", "c++", "-std=c++11"],
        runner: Runner::Itself,
        arch: Arch::X86,
    },
    Machine {
        name: "windows-x86",
        compiler: "i686-w64-mingw32-gcc",
        flags: &["-O2"],
        runner: Runner::Wine32,
        arch: Arch::X86,
    },
    Machine {
        name: "windows-x86-O0",
        compiler: "i686-w64-mingw32-gcc",
        flags: &[],
        runner: Runner::Wine32,
        arch: Arch::X86,
    },
    Machine {
        name: "windows-x86-64",
        compiler: "x86_64-w64-mingw32-gcc",
        flags: &["-O2"],
        runner: Runner::Wine,
        arch: Arch::X86_64,
    },
    Machine {
        name: "windows-x86-64-O0",
        compiler: "x86_64-w64-mingw32-gcc",
        flags: &[],
        runner: Runner::Wine,
        arch: Arch::X86_64,
    },
];

/// Bundled to C as well: fixtures written as contestants write crates.
const ALSO_IN_C: [&str; 4] = [
    "fixture-itertools-ways",
    "fixture-fxhash-dictionary",
    "fixture-hash-points",
    "fixture-template-subsequence-sums",
];

/// The build that runs under the system-call filter: static, as ZOJ links.
const STATIC_BUILD: &str = "zoj-gcc";
/// UVa's C: the build the oracle's cases and malformed input run.
const UVA_C: &str = "uva-gcc";
/// The build that plays the arena: C++ without `-O`, as NOI compiled.
const NOI_BUILD: &str = "noi-2013-g++";
/// What a C bundle prints for any panic, where the Rust bundle prints the panic's message
/// (`PANIC_LINE` in tools/c-runtime/src/panic.rs).
const PANIC_LINE: &str = "the program panicked (a C bundle keeps no panic messages)";
/// Random cases each crate's oracle judges, per bundle.
const STRESS_CASES: &str = "500";

/// One C file of a problem's bundle, built (a problem whose images need two files has two).
struct Built {
    /// The crate.
    name: String,
    /// The C file's name: `<crate>.c`, or `<crate>-i686.c` for a 32-bit x86 image of its own.
    file: String,
    /// Its samples (`samples/<name>/`, or a fixture's own `samples/`).
    samples: PathBuf,
    /// Its crate's directory, whose manifest holds its limits.
    dir: PathBuf,
    rust_binary: PathBuf,
    c_bytes: usize,
    c_limit: (usize, String),
    /// The images' ELF files, kept by the bundler in its cache.
    image_elfs: Vec<PathBuf>,
    /// The machines it carries an image for.
    arches: Vec<Arch>,
    /// One binary per judge's command line (`judge_lines`), by name.
    c_binaries: Vec<(String, PathBuf)>,
}

impl Built {
    fn c_binary(&self, build: &str) -> &Path {
        let found = self.c_binaries.iter().find(|(name, _)| name == build);
        &found.expect("every command line is built").1
    }
}

/// The rustc for each machine, found once: the 32-bit one is required under CI only.
fn toolchains() -> &'static bundle::native::Toolchains {
    static FOUND: OnceLock<bundle::native::Toolchains> = OnceLock::new();
    FOUND.get_or_init(|| {
        let found = bundle::native::Toolchains::find(&c_bundle_cache()).expect("a stable rustc");
        if let Err(why) = &found.x86 {
            required_or_skipped("the 32-bit x86 images", why);
        }
        found
    })
}

/// Under CI a missing tool fails the test, unless the registry refused to install it
/// (`.ci/install-c-machines` lists what it refused); elsewhere it skips what needs the
/// tool, saying so.
fn required_or_skipped(what: &str, why: &str) {
    let refused = std::fs::read_to_string(root().join("target/c-machines-refused"));
    assert!(
        std::env::var_os("CI").is_none() || refused.is_ok(),
        "{what}: {why} (CI installs every tool: .ci/install-c-machines)"
    );
    let refused = refused.map_or(String::new(), |r| {
        format!("; refused by the registry: {}", r.trim())
    });
    // Written to the real stderr (not the captured one) so the skip is always visible.
    let _ = writeln!(std::io::stderr(), "SKIPPED {what}: {why}{refused}");
}

/// The workspace's root (this package sits in `crates/`).
fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// Every C-judged problem, bundled and compiled once for all the tests of this file;
/// a failure to build is a test failure with the reason.
fn built() -> &'static [Built] {
    static BUILT: OnceLock<Vec<Built>> = OnceLock::new();
    BUILT.get_or_init(|| {
        let workspace = Workspace::load(Some(&root().join("Cargo.toml"))).expect("cargo metadata");
        let toolchain = toolchains();
        let mut names: Vec<String> = workspace
            .problem_crates()
            .into_iter()
            .filter(|name| {
                let plan = workspace.plan(name).expect("a bundle plan");
                !plan.contest.c_judges().is_empty()
            })
            .collect();
        assert!(
            names.len() >= 5,
            "the five problems have C judges: {names:?}"
        );
        names.extend(ALSO_IN_C.map(str::to_string));
        let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-bundles");
        let (workspace, toolchain, scratch) = (&workspace, &toolchain, &scratch);
        std::thread::scope(|scope| {
            let builds: Vec<_> = names
                .iter()
                .map(|name| {
                    scope.spawn(move || build(workspace, toolchain, &scratch.join(name), name))
                })
                .collect();
            builds
                .into_iter()
                .flat_map(|b| b.join().expect("a build thread"))
                .collect()
        })
    })
}

fn build(
    workspace: &Workspace,
    toolchain: &bundle::native::Toolchains,
    dir: &Path,
    name: &str,
) -> Vec<Built> {
    std::fs::create_dir_all(dir).unwrap();
    let plan = workspace.plan(name).unwrap();
    let rust = bundle::bundle(&plan).unwrap_or_else(|e| panic!("{name}: bundling failed: {e:#}"));
    let rust_source = dir.join(format!("{name}.rs"));
    std::fs::write(&rust_source, &rust).unwrap();
    let rust_binary = dir.join(format!("{name}-rust"));
    run_ok(
        Command::new("rustc")
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&rust_binary)
            .arg(&rust_source),
        &format!("{name}: rustc -O on the Rust bundle"),
    );
    let (limit, set_by) = judges::floor::c_size_limit(&plan.contest);
    let c_limit = (limit, set_by.to_string());
    let work = dir.join("work");
    let files = bundle::native::c_bundles(&plan, &rust, toolchain, &work, c_limit.0)
        .unwrap_or_else(|e| panic!("{name}: the C bundle failed: {e:#}"));
    files
        .into_iter()
        .map(|c| {
            let c_source = dir.join(&c.file_name);
            std::fs::write(&c_source, &c.text).unwrap();
            let stem = c.file_name.trim_end_matches(".c");
            let arches: Vec<Arch> = c.images.iter().map(|image| image.arch).collect();
            // A file with the 32-bit image alone is built as 32-bit judges build it.
            let machine: &[&str] = if arches.contains(&Arch::X86_64) {
                &[]
            } else {
                &["-m32"]
            };
            let c_binaries = judge_lines()
                .iter()
                .map(|line| {
                    let binary = dir.join(format!("{stem}-{}", line.name));
                    run_ok(
                        Command::new(&line.compiler)
                            .args(machine)
                            .args(&line.flags)
                            .arg(&c_source)
                            .arg("-o")
                            .arg(&binary),
                        &format!(
                            "{name}: {} {} {} {}",
                            line.compiler,
                            machine.join(" "),
                            line.flags.join(" "),
                            c_source.display()
                        ),
                    );
                    (line.name.clone(), binary)
                })
                .collect();
            Built {
                name: name.to_string(),
                file: c.file_name.clone(),
                samples: root().join(plan.samples_dir()),
                dir: root().join(&plan.dir),
                rust_binary: rust_binary.clone(),
                c_bytes: c.text.len(),
                c_limit: c_limit.clone(),
                image_elfs: c.images.iter().map(|image| image.elf.clone()).collect(),
                arches,
                c_binaries,
            }
        })
        .collect()
}

fn run_ok(command: &mut Command, what: &str) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    assert!(
        output.status.success(),
        "{what}: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Runs `binary` with `input` on stdin; its output and status (a hang fails after 60 s).
fn run(binary: &Path, input: &[u8]) -> Output {
    seccomp::run_with_timeout(&mut Command::new(binary), input).unwrap_or_else(|e| panic!("{e}"))
}

/// Where `built()` wrote the C file of `built`.
fn c_source(built: &Built) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("c-bundles")
        .join(&built.name)
        .join(&built.file)
}

fn samples(dir: &Path) -> Vec<(PathBuf, Vec<u8>, Vec<u8>)> {
    let mut found: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .map(|input| {
            let expected = std::fs::read(input.with_extension("out")).unwrap();
            let bytes = std::fs::read(&input).unwrap();
            (input, bytes, expected)
        })
        .collect();
    found.sort();
    assert!(!found.is_empty(), "no samples in {}", dir.display());
    found
}

#[test]
fn every_c_bundle_compiles_under_every_judge_command_line_and_replays_its_samples() {
    let mut failures = Vec::new();
    for built in built() {
        for (build, binary) in &built.c_binaries {
            for (input, bytes, expected) in samples(&built.samples) {
                let output = run(binary, &bytes);
                if !output.status.success() || output.stdout != expected {
                    failures.push(format!(
                        "{} ({build}), {}: {}, {} bytes of output where {} were expected",
                        built.file,
                        input.display(),
                        output.status,
                        output.stdout.len(),
                        expected.len()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each C bundle, as the first judge line builds it, answers every sample within its crate's
/// time and memory limits (`time-limit-ms`, `memory-limit-mb`), measured as the Rust bundle's
/// are (`stress_kit::measure`).
#[test]
fn every_c_bundle_answers_its_samples_within_the_crates_limits() {
    let mut failures = Vec::new();
    for built in built() {
        let contest = stress_kit::Contest::of_package(&built.dir).unwrap();
        let Some((build, binary)) = built.c_binaries.first() else {
            continue;
        };
        for (input, _, _) in samples(&built.samples) {
            if let Err(why) = run_within_limits(binary, &input, &contest) {
                failures.push(format!(
                    "{} ({build}), {}: {why}",
                    built.file,
                    input.display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A C bundle that holds more than its limit fails in one line saying so; under a limit
/// above its peak the same program passes.
#[test]
fn a_greedy_c_bundle_fails_over_the_memory_limit_and_passes_under_a_higher_one() {
    let workspace = Workspace::load(Some(&root().join("Cargo.toml"))).unwrap();
    let plan = workspace.plan("curling").unwrap();
    // 64 MiB, every page written, then read back so that none of it can be left out.
    let greedy = "fn main() {\n    let mut held = vec![0u8; 64 << 20];\n    \
                  for i in (0..held.len()).step_by(4096) { held[i] = i as u8; }\n    \
                  println!(\"{}\", held.iter().step_by(4096).map(|&b| b as u64).sum::<u64>());\n}\n";
    let work = scratch("greedy").join("work");
    let c = bundle::native::c_bundles(&plan, greedy, toolchains(), &work, 1 << 20).unwrap();
    let binary = compile_c("greedy", &c[0].text);
    let input = scratch("greedy").join("empty.in");
    std::fs::write(&input, "").unwrap();
    let mut contest = stress_kit::Contest::of_package(root().join("crates/curling")).unwrap();
    contest.memory_limit_mb = 32;
    let why = run_within_limits(&binary, &input, &contest).unwrap_err();
    assert!(
        why.starts_with("memory limit exceeded: peak ") && why.contains(" > 32 MiB"),
        "{why}"
    );
    contest.memory_limit_mb = 256;
    run_within_limits(&binary, &input, &contest).unwrap();
}

/// `binary` on the file `input`, as a judge runs it: killed past the crate's memory limit,
/// failed (in one line) over either limit.
fn run_within_limits(
    binary: &Path,
    input: &Path,
    contest: &stress_kit::Contest,
) -> Result<(), String> {
    let status = contest.run_judged(
        Command::new(binary)
            .stdin(std::fs::File::open(input).unwrap())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null()),
        std::time::Duration::from_secs(60),
    )?;
    match status.success() {
        true => Ok(()),
        false => Err(format!("exited with {status}")),
    }
}

/// A binary of `OTHER_MACHINES`, compiled from the C file of `built()[bundle]`.
struct OtherBuild {
    bundle: usize,
    machine: &'static str,
    binary: PathBuf,
    runner: Runner,
}

impl OtherBuild {
    /// Runs the binary on `stdin` (see `Runner::run`).
    fn run(&self, stdin: &[u8]) -> Result<Output, String> {
        self.runner.run(&self.binary, stdin)
    }
}

/// Every bundle compiled for every machine of `OTHER_MACHINES` whose image it carries,
/// once for all the tests of this file.
fn other_builds() -> &'static [OtherBuild] {
    static BUILDS: OnceLock<Vec<OtherBuild>> = OnceLock::new();
    BUILDS.get_or_init(|| {
        let mut builds = Vec::new();
        for Machine {
            name: machine,
            compiler,
            flags,
            runner,
            arch,
        } in OTHER_MACHINES
        {
            if let Err(why) = machine_ready(machine, compiler, flags, runner) {
                required_or_skipped(&format!("the {machine} builds"), &why);
                continue;
            }
            for (bundle, built) in built().iter().enumerate() {
                if !built.arches.contains(&arch) {
                    continue; // `every_c_bundle_carries_an_image_for_each_machine` says why
                }
                let stem = built.file.trim_end_matches(".c");
                let binary = scratch(&built.name).join(format!("{stem}-{machine}.exe"));
                run_ok(
                    Command::new(compiler)
                        .args(flags)
                        .arg(c_source(built))
                        .arg("-o")
                        .arg(&binary),
                    &format!("{}: {compiler} {}", built.file, flags.join(" ")),
                );
                builds.push(OtherBuild {
                    bundle,
                    machine,
                    binary,
                    runner,
                });
            }
        }
        builds
    })
}

/// Whether `compiler` with `flags` makes a program that runs here (through `runner`): a
/// missing multilib, MinGW, Wine or 32-bit Wine each says which.
fn machine_ready(
    machine: &str,
    compiler: &str,
    flags: &[&str],
    runner: Runner,
) -> Result<(), String> {
    let dir = scratch("probes");
    let (source, binary) = (
        dir.join("hello.c"),
        dir.join(format!("hello-{machine}.exe")),
    );
    std::fs::write(
        &source,
        "#include <stdio.h>\nint main(void) { puts(\"hello\"); return 0; }\n",
    )
    .unwrap();
    let compiled = Command::new(compiler)
        .args(flags)
        .arg(&source)
        .arg("-o")
        .arg(&binary)
        .output()
        .map_err(|e| format!("cannot run {compiler}: {e}"))?;
    if !compiled.status.success() {
        return Err(format!(
            "{compiler} {} cannot build a C program: {}",
            flags.join(" "),
            String::from_utf8_lossy(&compiled.stderr)
                .lines()
                .next()
                .unwrap_or("")
        ));
    }
    let probe = OtherBuild {
        bundle: 0,
        machine: "probe",
        binary,
        runner,
    };
    let ran = probe
        .run(b"")
        .map_err(|e| format!("cannot run {}: {e}", runner.name()))?;
    // (Windows' text mode writes "hello\r\n": the bundles' own output is binary.)
    if String::from_utf8_lossy(&ran.stdout).trim_end() != "hello" {
        let said = String::from_utf8_lossy(&ran.stderr);
        let said = said
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("it printed nothing (for 32-bit Windows programs Wine needs wine32:i386)");
        return Err(format!(
            "{} cannot run what {compiler} builds: {said}",
            runner.name(),
        ));
    }
    Ok(())
}

#[test]
fn under_clang_gcc_m32_and_mingw_every_c_bundle_replays_its_samples() {
    // One thread a build: a Wine process mostly waits for its server.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = other_builds()
            .iter()
            .map(|build| scope.spawn(move || sample_failures(build)))
            .collect();
        runs.into_iter()
            .flat_map(|run| run.join().expect("a sample thread"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The samples `build` does not replay byte for byte, each as one line.
fn sample_failures(build: &OtherBuild) -> Vec<String> {
    let built = &built()[build.bundle];
    let mut failures = Vec::new();
    for (input, bytes, expected) in samples(&built.samples) {
        let output = build.run(&bytes).unwrap_or_else(|e| panic!("{e}"));
        if !output.status.success() || output.stdout != expected {
            // Wine says why it could not run a program on stderr: keep its first words.
            let stderr = String::from_utf8_lossy(&output.stderr);
            failures.push(format!(
                "{} ({}), {}: {}, {} bytes of output where {} were expected; stderr: {:?}",
                built.file,
                build.machine,
                input.display(),
                output.status,
                output.stdout.len(),
                expected.len(),
                stderr.lines().next().unwrap_or("")
            ));
        }
    }
    failures
}

#[test]
fn every_c_bundle_carries_an_image_for_each_machine_or_says_why_not() {
    let mut both = 0;
    for built in built() {
        let text = std::fs::read_to_string(c_source(built)).unwrap();
        for arch in Arch::ALL {
            let note = format!("It carries no {} image: ", arch.name());
            assert!(
                built.arches.contains(&arch) || text.contains(&note),
                "{}: no {} image, and the header does not say why",
                built.file,
                arch.name()
            );
        }
        both += usize::from(built.arches.len() == 2);
    }
    if toolchains().x86.is_err() {
        return;
    }
    assert!(both > 0, "no C bundle carries both images");
    // Each machine's image in one of the crate's files, and a file without it names that one.
    let all = built();
    for file in all {
        let siblings: Vec<&Built> = all.iter().filter(|b| b.name == file.name).collect();
        let text = std::fs::read_to_string(c_source(file)).unwrap();
        for arch in Arch::ALL {
            let holder = siblings.iter().find(|b| b.arches.contains(&arch));
            let holder =
                holder.unwrap_or_else(|| panic!("{}: no {} image", file.name, arch.name()));
            if holder.file != file.file {
                let note = format!(
                    "It carries no {} image: it is in {}",
                    arch.name(),
                    holder.file
                );
                assert!(text.contains(&note), "{}: {note:?} is missing", file.file);
            }
        }
    }
}

#[test]
fn malformed_input_ends_the_c_bundle_as_it_ends_the_rust_bundle() {
    let long_token = "9".repeat(10_000);
    let inputs: [&[u8]; 5] = [
        b"",
        b"x",
        b"3 3 1 2",
        b"\xff\xfe 1 2 3\n",
        long_token.as_bytes(),
    ];
    for built in built() {
        let c_binary = built.c_binary(UVA_C);
        for input in inputs {
            let rust = run(&built.rust_binary, input);
            let c = run(c_binary, input);
            let shown = String::from_utf8_lossy(&input[..input.len().min(20)]).into_owned();
            assert_eq!(
                rust.status.code(),
                c.status.code(),
                "{}: exit status on {shown:?}",
                built.name
            );
            assert_eq!(rust.stdout, c.stdout, "{}: stdout on {shown:?}", built.name);
            let (rust_said, c_said) = (
                String::from_utf8_lossy(&rust.stderr),
                String::from_utf8_lossy(&c.stderr),
            );
            match c_said.strip_suffix(&format!("{PANIC_LINE}\n")) {
                // A panic (proconio's way to report bad input) prints the runtime's fixed
                // line in place of its message: the line agrees up to the message.
                Some(before) => assert!(
                    rust_said.starts_with(before) && !rust_said.contains(PANIC_LINE),
                    "{}: stderr on {shown:?}: {rust_said:?} against {c_said:?}",
                    built.name
                ),
                None => assert_eq!(rust_said, c_said, "{}: stderr on {shown:?}", built.name),
            }
        }
    }
}

/// The crate's stress example (`cargo test --workspace` builds it beside this test).
fn stress_example(name: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let example = exe
        .parent()?
        .parent()?
        .join("examples")
        .join(format!("{name}-stress"));
    example.exists().then_some(example)
}

#[test]
fn c_and_rust_bundles_pass_the_same_random_cases_of_each_crates_oracle() {
    let mut runs: Vec<(PathBuf, PathBuf, String)> = Vec::new();
    for (index, built) in built().iter().enumerate() {
        let Some(example) = stress_example(&built.name) else {
            // Enclosure has no batch oracle: its arena games below compare it move by move.
            // The fixtures have their samples only.
            let exempt = built.name == "enclosure" || ALSO_IN_C.contains(&built.name.as_str());
            assert!(exempt, "{}-stress is not built", built.name);
            continue;
        };
        let linux_x86 = other_builds()
            .iter()
            .find(|b| b.machine == "linux-x86" && b.bundle == index)
            .map(|b| b.binary.clone());
        let binaries = [
            built.rust_binary.clone(),
            built.c_binary(UVA_C).to_path_buf(),
        ]
        .into_iter()
        .chain(linux_x86);
        for binary in binaries {
            runs.push((example.clone(), binary, built.name.clone()));
        }
    }
    assert!(runs.len() >= 8, "four batch problems, two bundles each");
    // Each run is one process judging its cases one after another: as many side by side
    // as there are cores.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..cores {
            scope.spawn(|| {
                while let Some((example, binary, name)) =
                    runs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    let output = Command::new(example)
                        .args(["--seed", "1", "--cases", STRESS_CASES, "--solution"])
                        .arg(binary)
                        .arg("--samples")
                        .arg(binary.with_extension("stress"))
                        .args(["--manifest-dir"])
                        .arg(root().join("crates").join(name))
                        .output()
                        .unwrap();
                    assert!(
                        output.status.success(),
                        "{} on {}: {}\n{}{}",
                        example.display(),
                        binary.display(),
                        output.status,
                        String::from_utf8_lossy(&output.stdout),
                        String::from_utf8_lossy(&output.stderr)
                    );
                }
            });
        }
    });
}

/// A map keyed by a struct that derives `Hash` and `Eq` and no order (`fixture-hash-points`)
/// gets a C bundle, which under every judge's command line prints what the Rust bundle
/// prints on an input far past the samples (200,000 inserts and lookups), and carries
/// hashbrown's notice, which a C file whose solution uses no hash map (curling's) does not.
#[test]
fn a_hash_map_key_without_an_order_gives_the_rust_bundles_output() {
    let find = |name: &str| built().iter().find(|b| b.name == name).expect("built");
    let points = find("fixture-hash-points");
    let input = b"200000 600 11\n";
    let rust = run(&points.rust_binary, input);
    assert!(rust.status.success() && !rust.stdout.is_empty());
    for (build, binary) in &points.c_binaries {
        let c = run(binary, input);
        assert_eq!(
            (c.status.code(), &c.stdout),
            (rust.status.code(), &rust.stdout),
            "{} ({build})",
            points.file
        );
    }
    let header = |built: &Built| {
        let text = std::fs::read_to_string(c_source(built)).unwrap();
        text[..text.find("*/").expect("a header comment")].to_string()
    };
    assert!(header(points).contains("Copyright (c) 2016 Amanieu d'Antras"));
    assert!(!header(find("curling")).contains("hashbrown"));
}

#[test]
fn the_images_hold_no_system_call_instruction() {
    for (built, elf) in built()
        .iter()
        .flat_map(|built| built.image_elfs.iter().map(move |elf| (built, elf)))
    {
        let output = run_ok(
            Command::new("objdump")
                .args(["-d", "--no-show-raw-insn"])
                .arg(elf),
            "objdump -d",
        );
        let listing = String::from_utf8_lossy(&output.stdout);
        let instructions = listing.lines().filter(|line| line.contains(":\t")).count();
        assert!(
            instructions > 1000,
            "{}: the disassembly is too short",
            built.name
        );
        let calls: Vec<&str> = listing
            .lines()
            .filter(|line| {
                let text = line.split('\t').nth(1).unwrap_or("");
                text.starts_with("syscall")
                    || text.starts_with("sysenter")
                    || text.starts_with("int ")
            })
            .collect();
        assert!(calls.is_empty(), "{}: {calls:?}", built.name);
    }
}

#[test]
fn a_static_c_bundle_runs_its_samples_under_the_system_call_filter() {
    // The filter knows x86-64 Linux's system calls: a 32-bit program is its own test
    // (`the_images_hold_no_system_call_instruction`).
    for built in built().iter().filter(|b| b.arches.contains(&Arch::X86_64)) {
        let binary = built.c_binary(STATIC_BUILD);
        for (input, bytes, expected) in samples(&built.samples) {
            let output = seccomp::run_filtered(binary, &bytes).unwrap();
            assert!(
                !seccomp::killed_by_filter(&output.status),
                "{} {}: killed by the filter",
                built.name,
                input.display()
            );
            assert!(
                output.status.success(),
                "{} {}: {}",
                built.name,
                input.display(),
                output.status
            );
            assert_eq!(
                output.stdout,
                expected,
                "{} {}",
                built.name,
                input.display()
            );
        }
    }
}

/// `<CARGO_TARGET_TMPDIR>/c-bundles/<name>`, created.
/// Where `make bundle` keeps the runtimes and images it built: the tests reuse them, and it
/// theirs.
fn c_bundle_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("../c-bundle/cache")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("c-bundles")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` as `<name>.c` in its scratch directory and compiles it with plain gcc.
fn compile_c(name: &str, text: &str) -> PathBuf {
    let dir = scratch(name);
    let (source, binary) = (dir.join(format!("{name}.c")), dir.join(name));
    std::fs::write(&source, text).unwrap();
    run_ok(
        Command::new("gcc").arg(&source).arg("-o").arg(&binary),
        &format!("gcc {name}.c"),
    );
    binary
}

#[test]
fn a_panic_prints_one_line_after_the_output_so_far_and_exits_101() {
    let workspace = Workspace::load(Some(&root().join("Cargo.toml"))).unwrap();
    let plan = workspace.plan("curling").unwrap();
    let panicking = "fn main() {\n    let v: Vec<u32> = std::env::args().map(|a| a.len() as u32).collect();\n    \
                     println!(\"before\");\n    println!(\"{}\", v[3]);\n}\n";
    let work = scratch("panic").join("work");
    let c = bundle::native::c_bundles(&plan, panicking, toolchains(), &work, 1 << 20).unwrap();
    let output = run(&compile_c("panic", &c[0].text), b"");
    assert_eq!(output.status.code(), Some(101));
    assert_eq!(output.stdout, b"before\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // The runtime prints one fixed line, not the message (tools/c-runtime).
    assert!(stderr.contains(PANIC_LINE), "{stderr}");
}

/// A panic inside `catch_unwind` ends the program after the hook with status 1, the output
/// so far kept, on each machine: what `shared_grid::run_batch` does after catching one (the
/// runtime cannot return `Err`: `tools/c-runtime/src/panic.rs`).
#[test]
fn a_panic_inside_catch_unwind_exits_1_after_the_hook_on_both_machines() {
    let workspace = Workspace::load(Some(&root().join("Cargo.toml"))).unwrap();
    let plan = workspace.plan("curling").unwrap();
    let catching = r#"fn main() {
    std::panic::set_hook(Box::new(|_| eprintln!("hooked")));
    println!("before");
    let caught = std::panic::catch_unwind(|| {
        let lengths: Vec<usize> = std::env::args().map(|a| a.len()).collect();
        lengths[5]
    });
    println!("after: {}", caught.is_ok());
}
"#;
    let work = scratch("catch").join("work");
    let c = bundle::native::c_bundles(&plan, catching, toolchains(), &work, 1 << 20).unwrap();
    let source = scratch("catch").join("catch.c");
    std::fs::write(&source, &c[0].text).unwrap();
    for (arch, flags) in [(Arch::X86_64, &[][..]), (Arch::X86, &["-m32"][..])] {
        if c[0]
            .text
            .contains(&format!("It carries no {} image", arch.name()))
        {
            continue;
        }
        let binary = scratch("catch").join(format!("catch-{}", arch.name()));
        run_ok(
            Command::new("gcc")
                .args(flags)
                .arg(&source)
                .arg("-o")
                .arg(&binary),
            &format!("gcc {flags:?} catch.c"),
        );
        let output = run(&binary, b"");
        let said = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{}: {said}", arch.name());
        assert_eq!(output.stdout, b"before\n", "{}", arch.name());
        assert_eq!(said, "hooked\n", "{}", arch.name());
    }
}

#[test]
fn the_c_bundle_does_not_depend_on_where_it_is_built() {
    let workspace = Workspace::load(Some(&root().join("Cargo.toml"))).unwrap();
    let plan = workspace.plan("mouse-cheese").unwrap();
    let rust = bundle::bundle(&plan).unwrap();
    let texts: Vec<String> = ["here", "elsewhere/deeper"]
        .iter()
        .map(|place| {
            // Built afresh in each place: a cache of its own, emptied first.
            let work = scratch("placed").join(place);
            let _ = std::fs::remove_dir_all(&work);
            let toolchains = bundle::native::Toolchains::find(&work.join("cache")).unwrap();
            let files = bundle::native::c_bundles(&plan, &rust, &toolchains, &work, 1 << 20);
            files.unwrap().remove(0).text
        })
        .collect();
    assert!(
        texts[0] == texts[1],
        "the work directory's path is in the image"
    );
}

#[test]
fn where_one_file_cannot_hold_both_images_each_machine_gets_its_own() {
    if toolchains().x86.is_err() {
        return; // `toolchains` said SKIPPED
    }
    let workspace = Workspace::load(Some(&root().join("Cargo.toml"))).unwrap();
    let plan = workspace.plan("mouse-cheese").unwrap();
    let rust = bundle::bundle(&plan).unwrap();
    // Both images are about 46 KB of C at their smallest, each alone under 40 KB at `-O`.
    let limit = 40_000;
    let work = scratch("split").join("work");
    let files = bundle::native::c_bundles(&plan, &rust, toolchains(), &work, limit).unwrap();
    let names: Vec<&str> = files.iter().map(|f| f.file_name.as_str()).collect();
    assert_eq!(names, ["mouse-cheese.c", "mouse-cheese-i686.c"]);
    for (file, (arch, other)) in files.iter().zip([
        (Arch::X86_64, "mouse-cheese-i686.c"),
        (Arch::X86, "mouse-cheese.c"),
    ]) {
        let arches: Vec<Arch> = file.images.iter().map(|image| image.arch).collect();
        assert_eq!(arches, [arch], "{}", file.file_name);
        let note = format!("image: it is in {other}: one file with both images is ");
        assert!(file.text.contains(&note), "{}: {note:?}", file.file_name);
        assert!(
            file.text.len() <= limit,
            "{}: {} bytes",
            file.file_name,
            file.text.len()
        );
    }
    // The 32-bit file, built as a 32-bit judge builds it, answers the samples.
    let dir = scratch("split");
    let (source, binary) = (dir.join("mouse-cheese-i686.c"), dir.join("split-m32"));
    std::fs::write(&source, &files[1].text).unwrap();
    run_ok(
        Command::new("gcc")
            .args(["-m32", "-O2"])
            .arg(&source)
            .arg("-o")
            .arg(&binary),
        "gcc -m32 mouse-cheese-i686.c",
    );
    for (input, bytes, expected) in samples(&root().join("samples/mouse-cheese")) {
        let output = run(&binary, &bytes);
        assert_eq!(output.stdout, expected, "{}", input.display());
    }
}

#[test]
fn a_damaged_image_ends_the_program_with_one_line_and_status_1() {
    let text = std::fs::read_to_string(c_source(with_both_images())).unwrap();
    let data = text.find("packed_lines[] = {\n\"").unwrap() + "packed_lines[] = {\n\"".len();
    let mut damaged = text.clone();
    let flipped = if &text[data..data + 1] == "A" {
        "B"
    } else {
        "A"
    };
    damaged.replace_range(data..data + 1, flipped);
    let output = run(&compile_c("damaged", &damaged), b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "loader: the embedded image is damaged\n"
    );
}

/// Whether `output` is the loader's refusal: one line on stderr, from the loader, status 1.
fn refused(output: &Output) -> bool {
    let stderr = String::from_utf8_lossy(&output.stderr);
    output.status.code() == Some(1) && stderr.lines().count() == 1 && stderr.starts_with("loader: ")
}

/// Digits at the end of the packed stream that change nothing the program reads: LZMA's
/// end marker and the coder's last bytes, after the image's last byte (measured: the
/// last 12 of mouse-cheese's 15,644).
const UNREAD_TAIL: usize = 16;

#[test]
fn a_damaged_table_number_or_packed_digit_ends_the_program_with_one_line_and_status_1() {
    // mouse-cheese with its x86-64 image alone, so that the whole stream is the image this
    // machine reads.
    let workspace = Workspace::load(Some(&root().join("Cargo.toml"))).unwrap();
    let plan = workspace.plan("mouse-cheese").unwrap();
    let rust = bundle::bundle(&plan).unwrap();
    let toolchains = bundle::native::Toolchains {
        x86_64: bundle::native::Toolchain::find(Arch::X86_64, &c_bundle_cache()).unwrap(),
        x86: Err("left out by this test".to_string()),
    };
    let work = scratch("damage").join("work");
    let files = bundle::native::c_bundles(&plan, &rust, &toolchains, &work, 1 << 20).unwrap();
    let text = &files[0].text;
    let intact = compile_c("damage", text);
    let (_, input, expected) = &samples(&root().join("samples/mouse-cheese"))[0];
    assert_eq!(&run(&intact, input).stdout, expected);

    // Every number of the tables, changed by one either way and in bit 30, in the C text.
    let numbers = damage::table_numbers(text);
    assert!(numbers.len() >= 12, "{numbers:?}");
    let mut tried = 0;
    for (range, value) in numbers {
        let is_array_size = text[..range.start].ends_with("IMAGE_BUFFER_SIZE ");
        for changed in [value + 1, value.wrapping_sub(1), value ^ 1 << 30] {
            // (An array 1 GB larger would not link: its size changes by one.)
            if changed >= 1 << 32 || (is_array_size && changed > value + 1) {
                continue;
            }
            let mut damaged = text.clone();
            damaged.replace_range(range.clone(), &changed.to_string());
            let output = run(&compile_c("damage-table", &damaged), input);
            assert!(
                refused(&output),
                "{value} at {} changed to {changed}: {}, {:?}",
                range.start,
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
            tried += 1;
        }
    }

    // The packed stream's digits, each changed to the next digit in the compiled binary:
    // every 5th (each run decompresses the image: all of them take minutes), and the last
    // 64 one by one.
    let binary = std::fs::read(&intact).unwrap();
    let mut places = Vec::new();
    for line in damage::packed_lines(text) {
        let at = damage::only_place(&binary, line.as_bytes());
        places.extend(at..at + line.len());
    }
    let total = places.len();
    let chosen: Vec<(usize, usize)> = places
        .into_iter()
        .enumerate()
        .filter(|(index, _)| index % 5 == 0 || index + 64 >= total)
        .collect();
    // One at a time: a program written while another thread starts one can be held open
    // for writing by that child until it execs ("Text file busy").
    let path = scratch("damage").join("digit");
    let mut unnoticed = Vec::new();
    for &(index, at) in &chosen {
        let mut damaged = binary.clone();
        damaged[at] = damage::other_digit(damaged[at]);
        write_executable(&path, &damaged);
        let output = run(&path, input);
        if refused(&output) {
            continue;
        }
        assert!(
            output.status.success() && output.stdout == *expected,
            "digit {index} of {total}: {}, {:?}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        unnoticed.push(index);
    }
    // What goes unnoticed changes nothing the program reads.
    assert!(
        unnoticed.iter().all(|&index| index + UNREAD_TAIL >= total),
        "digits {unnoticed:?} of {total} changed, and the program ran"
    );
    assert!(tried >= 30 && chosen.len() > total / 5);
}

/// Writes `bytes` to `path` as a program.
fn write_executable(path: &Path, bytes: &[u8]) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::remove_file(path);
    std::fs::write(path, bytes).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn on_a_target_other_than_x86_linux_or_windows_the_file_stops_compiling_with_one_error() {
    // Neither ELF nor Windows (as on macOS): the one thing the headers do not depend on.
    assert_one_error_without("__ELF__", "x86-64");
}

#[test]
fn a_compiler_that_is_not_gcc_or_clang_stops_with_one_error_that_names_them() {
    // tcc and MSVC define no __GNUC__ (tcc cannot make the array executable, MSVC has
    // neither the calling-convention attributes nor GNU C's assembly).
    assert_one_error_without("__GNUC__", "GCC or clang");
}

/// gcc, told to forget the predefined `macro_name`, stops at one error on the C file that
/// mentions `says`.
fn assert_one_error_without(macro_name: &str, says: &str) {
    let output = Command::new("gcc")
        .arg(format!("-U{macro_name}"))
        .arg("-fsyntax-only")
        .arg(c_source(with_both_images()))
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let errors: Vec<&str> = stderr.lines().filter(|l| l.contains("error:")).collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(errors[0].contains(says), "{stderr}");
}

#[test]
fn every_build_keeps_the_image_in_writable_and_executable_memory() {
    let judges = built()
        .iter()
        .flat_map(|b| b.c_binaries.iter().map(|(_, binary)| binary.clone()));
    let others = other_builds().iter().map(|b| b.binary.clone());
    let mut checked = 0;
    let mut failures = Vec::new();
    for binary in judges.chain(others) {
        if let Err(why) = sections::image_memory_is_writable_and_executable(&binary) {
            failures.push(why);
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= built().len() * judge_lines().len());
}

#[test]
fn an_image_array_the_system_would_not_execute_does_not_pass_unnoticed() {
    // The array's section flagged allocated and writable but not executable: what clang made
    // of the section attribute the loader once used.
    let text = std::fs::read_to_string(c_source(with_both_images())).unwrap();
    let flags = "\\\"awx\\\"";
    assert_eq!(
        text.matches(flags).count(),
        1,
        "the loader's ELF section flags"
    );
    let binary = compile_c("not-executable", &text.replace(flags, "\\\"aw\\\""));
    let why = sections::image_memory_is_writable_and_executable(&binary).unwrap_err();
    assert!(why.contains("not writable and executable"), "{why}");
    // And that is what the check is for: the program dies at the image's first instruction.
    let sample = &samples(&with_both_images().samples)[0];
    let output = run(&binary, &sample.1);
    assert!(output.status.code().is_none(), "{}", output.status);
}

/// A bundle that carries both images (mouse-cheese's: UVa's bits are unknown).
fn with_both_images() -> &'static Built {
    built()
        .iter()
        .find(|b| b.arches.len() == 2)
        .or_else(|| built().iter().find(|b| b.arches.contains(&Arch::X86_64)))
        .expect("a bundle with an x86-64 image")
}

#[test]
fn for_a_machine_whose_image_it_lacks_the_file_stops_compiling_with_one_error() {
    for built in built() {
        let lacking = Arch::ALL.into_iter().find(|a| !built.arches.contains(a));
        let Some(arch) = lacking else { continue };
        let flags: &[&str] = match arch {
            Arch::X86_64 => &["-fsyntax-only"],
            Arch::X86 => &["-m32", "-fsyntax-only"],
        };
        let output = Command::new("gcc")
            .args(flags)
            .arg(c_source(built))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let errors: Vec<&str> = stderr.lines().filter(|l| l.contains("error:")).collect();
        assert_eq!(errors.len(), 1, "{}: {stderr}", built.file);
        let says = format!("carries no {} image", arch.name());
        assert!(errors[0].contains(&says), "{}: {stderr}", built.file);
    }
}

#[test]
fn every_c_bundle_fits_its_judges_size_limit() {
    for built in built() {
        let (limit, set_by) = &built.c_limit;
        assert!(
            built.c_bytes <= *limit,
            "{}: {} bytes, over {limit} ({set_by})",
            built.file,
            built.c_bytes
        );
    }
}

/// Room to grow: each problem's C file leaves at least 8 KiB of its limit free, so that the
/// loader, runtime and header are not what a larger solution runs into. (Fixtures answer to
/// their limit alone.)
#[test]
fn every_problems_c_bundle_leaves_8_kib_of_its_limit() {
    const ROOM: usize = 8 * 1024;
    for built in built().iter().filter(|b| !b.name.starts_with("fixture-")) {
        let (limit, set_by) = &built.c_limit;
        assert!(
            built.c_bytes + ROOM <= *limit,
            "{}: {} bytes, less than {ROOM} under {limit} ({set_by})",
            built.file,
            built.c_bytes
        );
    }
}

/// The referee binary (`cargo test --workspace` builds it beside this test).
fn arena() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let arena = exe
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("enclosure-arena");
    assert!(
        arena.exists(),
        "{} is not built (cargo test --workspace)",
        arena.display()
    );
    arena
}

/// A game's replay with the bot's command line named `BOT`, so two bots' games compare.
fn play(bots: &[&str], bot: &Path, seed: u32, replay: &Path) -> (String, String) {
    let bot_text = bot.display().to_string();
    let seats: Vec<String> = bots
        .iter()
        .map(|seat| {
            if *seat == "BOT" {
                bot_text.clone()
            } else {
                seat.to_string()
            }
        })
        .collect();
    let output = run_ok(
        Command::new(arena())
            .args(["play", "--json", "--seed", &seed.to_string(), "--replay"])
            .arg(replay)
            .args(&seats),
        "enclosure-arena play",
    );
    let result = String::from_utf8_lossy(&output.stdout).replace(&bot_text, "BOT");
    let moves = std::fs::read_to_string(replay)
        .unwrap()
        .replace(&bot_text, "BOT");
    (result, moves)
}

#[test]
fn the_enclosure_c_bundle_unoptimised_plays_the_rust_bundles_moves() {
    let files: Vec<&Built> = built().iter().filter(|b| b.name == "enclosure").collect();
    assert!(!files.is_empty(), "enclosure is C-judged");
    for built in files {
        plays_the_rust_bundles_moves(built);
    }
}

/// Arena games of `built`'s NOI build (one image; with `-m32` for a 32-bit file) against
/// the same games of the Rust bundle: every move the same.
fn plays_the_rust_bundles_moves(built: &Built) {
    let c_binary = built.c_binary(NOI_BUILD);
    let lineups: [&[&str]; 3] = [
        &["BOT", "builtin:hunter", "builtin:edge", "builtin:random"],
        &["builtin:bold", "BOT"],
        &["builtin:spiral", "builtin:bold", "BOT"],
    ];
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("c-bundles")
        .join("arena")
        .join(built.file.trim_end_matches(".c"));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, lineup) in lineups.iter().enumerate() {
        for seed in 1..=2 {
            let rust = play(
                lineup,
                &built.rust_binary,
                seed,
                &dir.join(format!("rust-{i}-{seed}.jsonl")),
            );
            let c = play(
                lineup,
                c_binary,
                seed,
                &dir.join(format!("c-{i}-{seed}.jsonl")),
            );
            assert!(
                !c.0.contains("illegal") && !c.0.contains("timeout"),
                "protocol fault: {}",
                c.0
            );
            assert!(rust.1.lines().count() > 2, "a game was played");
            let file = &built.file;
            assert_eq!(
                rust, c,
                "{file}, line-up {lineup:?}, seed {seed}: the games differ"
            );
        }
    }
}
