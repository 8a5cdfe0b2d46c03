//! End to end on a small synthetic workspace built in a scratch directory: a problem
//! crate `app` using a path library `helper` (macros with `$crate`, nested module
//! files, features, a trait imported only for method syntax, `pub(in crate::..)`,
//! `pub use` chains through a renaming re-export and a glob), a renamed dependency
//! `utility` (package `util`) and a `#![no_std]` library `bare` (`extern crate alloc`,
//! `core as kernel`, `std` under a feature; `include_str!`/`include_bytes!`; features
//! implied by others and unified between two dependents). A tool `tool` and app's
//! dev-dependencies enable features the problem's own build does not have. The bundle
//! must compile with bare rustc in editions 2021 and 2024, print the expected answer,
//! and be stripped and pruned as designed. A second workspace has a problem that
//! depends on a proc-macro crate: the bundler refuses it in one line naming the crate.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const FILES: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        "[workspace]\nresolver = \"2\"\nmembers = [\"app\", \"bare\", \"helper\", \"tool\", \"util\"]\n",
    ),
    // The judges `app` names: one that takes Rust, one that does not.
    (
        "judges.toml",
        r#"[nowhere]
name = "Nowhere Online Judge"
short = "Nowhere"
rust = true
rustc = "1.70"
editions = ["2024"]
flags = "unknown"
size_limit = 40000
source = "made up for this test"
read = "2026-01"

[elsewhere]
name = "Elsewhere Judge"
short = "Elsewhere"
rust = false
source = "made up for this test"
read = "unknown"
"#,
    ),
    // The notice of the workspace's own crates (none ships a licence file of its own).
    (
        "LICENSE",
        "MIT License\n\nCopyright (c) 2026 Synthetic Authors\n\nPermission is hereby granted, \
         free of charge, to any person obtaining a copy of this software (the rest of the \
         notice elided in this test).\n",
    ),
    (
        "app/Cargo.toml",
        r#"[package]
name = "app"
version = "0.1.0"
edition = "2021"
license = "MIT"

[dependencies]
helper = { path = "../helper", features = ["fancy"] }
utility = { package = "util", path = "../util" }
bare = { path = "../bare", default-features = false, features = ["std"] }

# Tests may want more; the bundle follows the normal build, where `plain` is off.
[dev-dependencies]
helper = { path = "../helper", features = ["fancy", "plain"] }

[package.metadata.contest]
problem = "Synthetic"
judges = ["nowhere:1", "elsewhere:2"]
"#,
    ),
    (
        "app/src/main.rs",
        r#"use helper::greet;
use std::io::Read;
fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    print!("{}", app::run(&input));
    println!("{}", greet!("main"));
    println!("{}", utility::nested::cheer());
    let words = bare::words();
    let largest = bare::largest(&[3, 9, 4]);
    println!("{} {largest} {} {}", words.join(","), bare::describe(&words), bare::MAGIC.len());
}
"#,
    ),
    (
        "app/src/lib.rs",
        r#"//! The problem's own library.
mod parse;
use helper::prelude::{Area, Tile};

/// Doubled areas of the squares whose sides the input lists, and a greeting.
pub fn run(input: &str) -> String {
    let sides = parse::numbers(input);
    let areas: Vec<String> = sides
        .iter()
        .map(|&side| utility::double(Tile { side }.area()).to_string())
        .collect();
    format!("{} {} {}\n", areas.join(" "), helper::greet!("lib"), ::helper::fancy())
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {}
}
"#,
    ),
    (
        "app/src/parse.rs",
        "pub fn numbers(text: &str) -> Vec<u64> {\n    text.split_whitespace().map(|w| w.parse().unwrap()).collect()\n}\n",
    ),
    (
        "helper/Cargo.toml",
        r#"[package]
name = "helper"
version = "0.3.1"
edition = "2021"
license = "MIT OR Apache-2.0"
repository = "https://example.invalid/helper"

[features]
fancy = []
plain = []
"#,
    ),
    (
        "helper/src/lib.rs",
        r#"#![warn(missing_docs)]
#![allow(clippy::all)]
//! Helpers.

/// Greets.
#[macro_export]
macro_rules! greet {
    ($name:expr) => {
        $crate::shapes::hello($name, $crate::shout!())
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! shout {
    () => {
        "!"
    };
}

/// Internal: `crate` here means this library wherever the macro is expanded.
macro_rules! limit {
    () => {
        crate::shapes::square::internal_limit()
    };
}

pub mod shapes;

/// A square by another name: `prelude` re-exports it again.
pub use self::shapes::Square as Tile;

/// What `app` imports: a chain of re-exports (`Tile` -> `shapes::Square` ->
/// `shapes::square::Square`) and a glob of `shapes`.
pub mod prelude {
    pub use super::shapes::*;
    pub use crate::Tile;
}

/// Which variant was built.
#[cfg(feature = "fancy")]
pub fn fancy() -> &'static str {
    "fancy"
}

#[cfg(feature = "plain")]
pub fn fancy() -> &'static str {
    "plain"
}

#[cfg(not(feature = "fancy"))]
compile_error!("the bundler must see feature `fancy` as enabled");

/// Not used by `app`: pruned.
pub fn unused_helper_function() {}

#[cfg(test)]
mod tests {
    #[test]
    fn nothing() {}
}
"#,
    ),
    (
        "helper/src/shapes/mod.rs",
        r#"mod square;
pub use self::square::Square;

/// Something with an area.
pub trait Area {
    /// The area.
    fn area(&self) -> u64;
}

pub fn hello(name: &str, mark: &str) -> String {
    format!("hello {name}{mark} ({})", limit!())
}

pub struct UnusedShape;

impl Area for UnusedShape {
    fn area(&self) -> u64 {
        0
    }
}
"#,
    ),
    (
        "helper/src/shapes/square.rs",
        r#"use super::Area;

/// A square.
pub struct Square {
    pub side: u64,
}

impl Area for Square {
    fn area(&self) -> u64 {
        self.side * self.side
    }
}

impl Square {
    pub fn unused_method(&self) -> u64 {
        self.side
    }
}

pub(in crate::shapes) fn internal_limit() -> u64 {
    LIMIT
}

const LIMIT: u64 = 7;
"#,
    ),
    (
        "util/Cargo.toml",
        "[package]\nname = \"util\"\nversion = \"1.0.0\"\nedition = \"2018\"\nlicense = \"MIT\"\n\n\
         [dependencies]\nhelper = { path = \"../helper\" }\n\
         bare = { path = \"../bare\", default-features = false, features = [\"shout\"] }\n",
    ),
    // `#[macro_use] extern crate`: helper's exported macros, unqualified, in every module.
    (
        "util/src/lib.rs",
        r#"#[macro_use]
extern crate helper;

pub fn double(x: u64) -> u64 {
    x * 2
}

pub fn never_called() {}

pub mod nested {
    pub fn cheer() -> String {
        format!("{}{}", greet!("util"), shout!())
    }
}
"#,
    ),
    // `#![no_std]` with the std crates bound by `extern crate`, files read at compile time,
    // and features: `std` implies `counting`, util adds `shout`, the default `heavy` and
    // the tool's `everything` stay off in app's build.
    (
        "bare/Cargo.toml",
        r#"[package]
name = "bare"
version = "0.2.0"
edition = "2021"
license = "MIT"

[features]
default = ["heavy"]
std = ["counting"]
counting = []
shout = []
heavy = []
everything = []
"#,
    ),
    (
        "bare/src/lib.rs",
        r#"#![no_std]
extern crate alloc;
extern crate core as kernel;
#[cfg(feature = "std")]
extern crate std;

use alloc::string::{String, ToString};
use alloc::vec::Vec;

mod text;
pub use text::MAGIC;

/// The words of the table file.
pub fn words() -> Vec<String> {
    text::TABLE.split_whitespace().map(ToString::to_string).collect()
}

pub fn largest(values: &[u64]) -> u64 {
    values.iter().copied().fold(0, kernel::cmp::max)
}

// Half known: bare rustc must not see `feature = "std"`, which it would take as off.
#[cfg(all(feature = "std", not(target_os = "none")))]
pub fn describe(words: &[String]) -> std::string::String {
    let mark = if cfg!(feature = "shout") { "!" } else { "" };
    std::format!("{} words{mark}", count(words))
}

#[cfg(feature = "counting")]
fn count(words: &[String]) -> usize {
    words.len()
}

#[cfg(not(all(feature = "counting", feature = "shout")))]
compile_error!("`std` implies `counting`, and util asks for `shout`");

#[cfg(any(feature = "heavy", feature = "everything"))]
compile_error!("app turns the default features off, and the tool is not app's build");
"#,
    ),
    (
        "bare/src/text.rs",
        r#"pub(crate) const TABLE: &str = include_str!("../data/table.txt");
pub static MAGIC: &[u8] = include_bytes!("magic.bin");
pub const UNUSED_TEXT: &str = include_str!("../data/unused.txt");
"#,
    ),
    ("bare/data/table.txt", "alpha beta\ngamma \"quoted\" \\ back\n"),
    ("bare/data/unused.txt", "never bundled\n"),
    ("bare/src/magic.bin", "\u{0}\u{1}\u{7f}\nxyz"),
    // A tool of the workspace (never bundled) that asks for more of helper and bare.
    (
        "tool/Cargo.toml",
        "[package]\nname = \"tool\"\nversion = \"0.1.0\"\nedition = \"2021\"\nlicense = \"MIT\"\n\n\
         [dependencies]\nhelper = { path = \"../helper\", features = [\"plain\"] }\n\
         bare = { path = \"../bare\", features = [\"everything\"] }\n",
    ),
    ("tool/src/main.rs", "fn main() {}\n"),
];

/// A workspace whose problem `app` uses a derive macro from the proc-macro crate
/// `derive-hello` (it runs inside the compiler, so no source can stand in for it), and
/// whose problem `plain` does not.
const PROC_MACRO_FILES: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        "[workspace]\nresolver = \"2\"\nmembers = [\"app\", \"plain\", \"derive-hello\"]\n",
    ),
    (
        "judges.toml",
        "[nowhere]\nname = \"Nowhere Online Judge\"\nshort = \"Nowhere\"\nrust = true\n\
         rustc = \"1.70\"\neditions = [\"2021\"]\nflags = \"unknown\"\nsize_limit = 40000\n\
         source = \"made up for this test\"\nread = \"2026-01\"\n",
    ),
    ("LICENSE", "MIT License\n\nCopyright (c) 2026 Synthetic Authors\n"),
    (
        "app/Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\nlicense = \"MIT\"\n\n\
         [dependencies]\nderive-hello = { path = \"../derive-hello\" }\n\n\
         [package.metadata.contest]\nproblem = \"Derived\"\njudges = [\"nowhere:1\"]\n",
    ),
    (
        "app/src/main.rs",
        "#[derive(derive_hello::Hello)]\nstruct Unit;\nfn main() {}\n",
    ),
    (
        "plain/Cargo.toml",
        "[package]\nname = \"plain\"\nversion = \"0.1.0\"\nedition = \"2021\"\nlicense = \"MIT\"\n\n\
         [package.metadata.contest]\nproblem = \"Plain\"\njudges = [\"nowhere:2\"]\n",
    ),
    ("plain/src/main.rs", "fn main() {\n    println!(\"plain\");\n}\n"),
    (
        "derive-hello/Cargo.toml",
        "[package]\nname = \"derive-hello\"\nversion = \"0.1.0\"\nedition = \"2021\"\nlicense = \"MIT\"\n\n\
         [lib]\nproc-macro = true\n",
    ),
    (
        "derive-hello/src/lib.rs",
        "extern crate proc_macro;\nuse proc_macro::TokenStream;\n\n\
         #[proc_macro_derive(Hello)]\npub fn hello(_item: TokenStream) -> TokenStream {\n    \
         TokenStream::new()\n}\n",
    ),
];

/// Two problems that spawn a thread, which a C bundle's std has no way to do: one judged
/// only where C is the way in, one where Rust is taken as well.
const THREAD_FILES: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        "[workspace]\nresolver = \"2\"\nmembers = [\"c-only\", \"rust-too\"]\n",
    ),
    (
        "judges.toml",
        r#"[conly]
name = "C Only Judge"
short = "COnly"
rust = false
source = "made up for this test"
read = "2026-01"

[conly.c]
compilers = [{ compiler = "gcc", flags = ["-O2"] }]
system = "Linux"
bits = 64
size_limit = "unknown"
source = "made up for this test"
read = "2026-01"

[both]
name = "Both Judge"
short = "Both"
rust = true
rustc = "1.70"
editions = ["2021"]
flags = "unknown"
size_limit = 40000
source = "made up for this test"
read = "2026-01"

[both.c]
compilers = [{ compiler = "gcc", flags = ["-O2"] }]
system = "Linux"
bits = 64
size_limit = "unknown"
source = "made up for this test"
read = "2026-01"
"#,
    ),
    ("LICENSE", "MIT License\n\nCopyright (c) 2026 Synthetic Authors\n"),
    (
        "c-only/Cargo.toml",
        "[package]\nname = \"c-only\"\nversion = \"0.1.0\"\nedition = \"2021\"\nlicense = \"MIT\"\n\n\
         [package.metadata.contest]\nproblem = \"Threads\"\njudges = [\"conly:1\"]\n",
    ),
    ("c-only/src/main.rs", THREAD_MAIN),
    (
        "rust-too/Cargo.toml",
        "[package]\nname = \"rust-too\"\nversion = \"0.1.0\"\nedition = \"2021\"\nlicense = \"MIT\"\n\n\
         [package.metadata.contest]\nproblem = \"Threads\"\njudges = [\"both:1\"]\n",
    ),
    ("rust-too/src/main.rs", THREAD_MAIN),
];
const THREAD_MAIN: &str = "fn main() {\n    let worker = std::thread::spawn(|| 6 * 7);\n    \
                           println!(\"{}\", worker.join().unwrap());\n}\n";

/// Writes the synthetic workspace into a scratch directory of its own.
fn write_workspace(name: &str) -> PathBuf {
    write_files(name, FILES)
}

fn write_files(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    root
}

#[test]
fn synthetic_workspace_bundles_compiles_and_runs() {
    let root = write_workspace("synthetic-library");
    let workspace = bundle::Workspace::load(Some(&root.join("Cargo.toml"))).unwrap();
    assert_eq!(workspace.problem_crates(), ["app"]);
    let written = bundle::write_bundles(
        &workspace,
        &["app".to_string()],
        &root.join("bundles"),
        bundle::Stages::RustAndC,
        |_| {},
    )
    .unwrap();
    let text = std::fs::read_to_string(&written[0].path).unwrap();
    assert_eq!(written[0].text, text);

    let header: Vec<&str> = text.lines().take(6).collect();
    assert_eq!(
        header,
        [
            "// Synthetic — Nowhere 1, Elsewhere 2 (no Rust)",
            "// Generated by `make bundle` from app (workspace crate `app`); do not edit, edit the crate.",
            "// Bundled library code:",
            "//   bare 0.2.0 — MIT — this workspace (bare/)",
            "//   helper 0.3.1 — MIT OR Apache-2.0 — this workspace (helper/)",
            "//   util 1.0.0 — MIT — this workspace (util/)",
        ]
    );
    // Each crate's licence notice, in full, at the end.
    for notice in [
        "// app, bare 0.2.0, util 1.0.0: MIT. Notice: the workspace's LICENSE.\n",
        "// helper 0.3.1: MIT, chosen from MIT OR Apache-2.0. Notice: the workspace's LICENSE.\n",
        "//   Copyright (c) 2026 Synthetic Authors\n",
    ] {
        assert!(text.contains(notice), "no {notice:?} in:\n{text}");
    }
    for gone in [
        "unused_helper_function",
        "never_called",
        "UnusedShape",
        "unused_method",
        "cfg(test)",
        "///",
        "//!",
        "#[doc",
        "missing_docs",
        "plain",
        "UNUSED_TEXT",
        "never bundled",
        "feature =",
        "everything",
        "heavy",
    ] {
        assert!(
            !text.contains(gone),
            "bundle still contains {gone:?}:\n{text}"
        );
    }

    for edition in ["2021", "2024"] {
        let binary = root.join(format!("app-{edition}"));
        let compiled = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
            .args(["--edition", edition, "-O"])
            .arg(&written[0].path)
            .arg("-o")
            .arg(&binary)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&compiled.stderr);
        assert!(
            compiled.status.success(),
            "edition {edition}:\n{stderr}\n{text}"
        );
        assert!(stderr.is_empty(), "edition {edition} warns:\n{stderr}");
        let mut child = Command::new(&binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"1 2 3").unwrap();
        let output = child.wait_with_output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            "2 8 18 hello lib! (7) fancy\nhello main! (7)\nhello util! (7)!\n\
             alpha,beta,gamma,\"quoted\",\\,back 9 6 words! 7\n",
            "edition {edition}"
        );
    }
}

#[test]
fn command_line_prints_sizes_and_fails_in_one_line() {
    let root = write_workspace("synthetic-cli");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_bundle"))
            .arg("--manifest-path")
            .arg(root.join("Cargo.toml"))
            .args(args)
            .output()
            .unwrap()
    };
    // No crate named: every package with [package.metadata.contest], into bundles/.
    let output = run(&[]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::metadata(root.join("bundles/app.rs"))
        .unwrap()
        .len();
    let stdout = String::from_utf8(output.stdout).unwrap();
    // The compiler's pass: sizes before and after, and the time, which varies.
    let pass = stdout.lines().nth(1).unwrap_or("");
    assert!(
        pass.starts_with("    pass:  ")
            && pass.contains(&format!(" -> {bytes} bytes: rustc's unused lints removed "))
            && pass.ends_with(" s"),
        "{stdout}"
    );
    let stdout: String = stdout
        .lines()
        .filter(|line| *line != pass)
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(
        stdout,
        format!(
            "{}: {bytes} bytes\n    size:  {bytes} of 40000 bytes (fits), limit set by Nowhere 1\n    \
             rustc 1.70: the floor, set by Nowhere 1; editions 2021, 2024\n",
            root.join("bundles/app.rs").display()
        )
    );

    let out_dir = root.join("elsewhere");
    let output = run(&["--out-dir", out_dir.to_str().unwrap(), "app"]);
    assert!(output.status.success());
    assert!(out_dir.join("app.rs").is_file());

    for (args, message) in [
        (
            &["nope"][..],
            "bundle: error: no workspace package named `nope`\n",
        ),
        (
            &["helper"][..],
            "bundle: error: `helper` has no [package.metadata.contest] table\n",
        ),
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(String::from_utf8_lossy(&output.stderr), message);
    }
}

/// A solution that uses what a C bundle's std lacks still gets its Rust bundle; the C stage
/// says in one line where in the solution and what to do, and fails the run only where a
/// judge takes no Rust.
#[test]
fn a_c_bundle_that_cannot_be_built_never_blocks_the_rust_bundle() {
    let root = write_files("synthetic-threads", THREAD_FILES);
    let run = |crate_name: &str| {
        Command::new(env!("CARGO_BIN_EXE_bundle"))
            .arg("--manifest-path")
            .arg(root.join("Cargo.toml"))
            .arg(crate_name)
            .output()
            .unwrap()
    };
    for (name, status, consequence) in [
        (
            "rust-too",
            Some(0),
            "    its judges take the Rust bundle, which is written",
        ),
        (
            "c-only",
            Some(1),
            "    the Rust bundle is written, but the C file is the only way to submit to COnly 1 (no Rust)",
        ),
    ] {
        let output = run(name);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), status, "{name}: {stdout}");
        assert!(root.join(format!("bundles/{name}.rs")).is_file(), "{name}");
        assert!(!root.join(format!("bundles/{name}.c")).exists(), "{name}");
        let said: Vec<&str> = stdout
            .lines()
            .skip_while(|line| !line.contains("no C bundle"))
            .take(2)
            .collect();
        assert_eq!(said.len(), 2, "{name}: {stdout}");
        assert!(
            said[0].starts_with(&format!("{name}: no C bundle: {name}/src/main.rs:2: "))
                && said[0].contains("`thread`")
                && said[0].contains("no threads, files, clock or network"),
            "{name}: {stdout}"
        );
        assert_eq!(said[1], consequence, "{name}");
    }
    // The stress loop asks for the Rust bundle alone: no C stage, no failure.
    let output = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .args(["--rust-only", "c-only"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&output.stdout).contains("C bundle"));
}

/// A proc-macro crate cannot be inlined; the bundler says so in one line naming
/// the crate and exits non-zero, and still bundles the problems that do not need it.
#[test]
fn a_problem_needing_a_proc_macro_crate_is_refused_in_one_line() {
    let root = write_files("synthetic-proc-macro", PROC_MACRO_FILES);
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_bundle"))
            .arg("--manifest-path")
            .arg(root.join("Cargo.toml"))
            .arg("--out-dir")
            .arg(root.join("bundles"))
            .args(args)
            .output()
            .unwrap()
    };
    for args in [&["app"][..], &[]] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("bundle: error: ")
                && stderr.contains("`app` cannot be bundled: `derive-hello` is a proc-macro crate")
                && stderr.contains("cannot be inlined"),
            "{args:?}: {stderr}"
        );
    }
    assert!(!root.join("bundles/app.rs").exists());
    let output = run(&["plain"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(root.join("bundles/plain.rs").is_file());
}
