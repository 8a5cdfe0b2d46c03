//! End to end on a small synthetic workspace built in a scratch directory: a problem
//! crate `app` using a path library `helper` (macros with `$crate`, nested module
//! files, features, a trait imported only for method syntax, `pub(in crate::..)`)
//! and a renamed dependency `utility` (package `util`). The bundle must compile with
//! bare rustc in editions 2021 and 2024, print the expected answer, and be stripped
//! and pruned as designed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const FILES: &[(&str, &str)] = &[
    ("Cargo.toml", "[workspace]\nresolver = \"2\"\nmembers = [\"app\", \"helper\", \"util\"]\n"),
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
}
"#,
    ),
    (
        "app/src/lib.rs",
        r#"//! The problem's own library.
mod parse;
use helper::shapes::{Area, Square};

/// Doubled areas of the squares whose sides the input lists, and a greeting.
pub fn run(input: &str) -> String {
    let sides = parse::numbers(input);
    let areas: Vec<String> = sides
        .iter()
        .map(|&side| utility::double(Square { side }.area()).to_string())
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
         [dependencies]\nhelper = { path = \"../helper\" }\n",
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
];

/// Writes the synthetic workspace into a scratch directory of its own.
fn write_workspace(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    for (path, text) in FILES {
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
    let written =
        bundle::write_bundles(&workspace, &["app".to_string()], &root.join("bundles")).unwrap();
    let text = std::fs::read_to_string(&written[0].path).unwrap();
    assert_eq!(written[0].bytes, text.len());

    let header: Vec<&str> = text.lines().take(5).collect();
    assert_eq!(
        header,
        [
            "// Synthetic — Nowhere 1, Elsewhere 2 (no Rust)",
            "// Generated by `make bundle` from app (workspace crate `app`); do not edit, edit the crate.",
            "// Bundled library code:",
            "//   helper 0.3.1 — MIT OR Apache-2.0 — this workspace (helper/)",
            "//   util 1.0.0 — MIT — this workspace (util/)",
        ]
    );
    // Each crate's licence notice, in full, at the end.
    for notice in [
        "// app, util 1.0.0: MIT. Notice: the workspace's LICENSE.\n",
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
            "2 8 18 hello lib! (7) fancy\nhello main! (7)\nhello util! (7)!\n",
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
    assert_eq!(
        stdout,
        format!(
            "{}: {bytes} bytes\n    size:  {bytes} of 40000 bytes (fits), limit set by Nowhere 1\n    \
             rustc 1.70: the floor, set by Nowhere 1; editions 2021, 2024\n\
             note: judge profile `elsewhere` (Elsewhere Judge) is undated: when was it read?\n",
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
