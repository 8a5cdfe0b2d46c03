//! Targets built without a test harness (`doctest = false`, `test = false` in a crate's
//! manifest) hold nothing a harness would run: no Rust example in a library's docs, no
//! `#[test]` in a binary. A test written there would otherwise never run, and nobody would
//! know.

use std::path::{Path, PathBuf};

#[test]
fn no_test_hides_in_a_target_built_without_a_harness() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut manifests = Vec::new();
    for dir in ["crates", "tools", "tools/bundle/fixtures"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let manifest = entry.unwrap().path().join("Cargo.toml");
            if manifest.is_file() {
                manifests.push(manifest);
            }
        }
    }
    manifests.push(root.join("shared-grid/Cargo.toml"));
    assert!(
        manifests.len() >= 20,
        "the workspace's crates: {manifests:?}"
    );

    let mut hidden = Vec::new();
    let mut checked = 0;
    for manifest in &manifests {
        let text = std::fs::read_to_string(manifest).unwrap();
        let src = manifest.parent().unwrap().join("src");
        if text.contains("\ndoctest = false") {
            checked += 1;
            for file in rust_files(&src) {
                if let Some(line) = rust_doc_example(&std::fs::read_to_string(&file).unwrap()) {
                    hidden.push(format!("{}:{line}: a doc example", file.display()));
                }
            }
        }
        for section in sections_without_tests(&text) {
            checked += 1;
            // A library without tests may hide one in any of its files; a binary in main.rs.
            let files = match section {
                "[lib]" => rust_files(&src),
                _ => vec![src.join("main.rs")],
            };
            for file in files {
                let code = std::fs::read_to_string(&file).unwrap();
                if code.contains("#[test]") || code.contains("#[cfg(test)]") {
                    hidden.push(format!("{}: a unit test", file.display()));
                }
            }
        }
    }
    assert!(checked >= 30, "the harnesses turned off: {checked}");
    assert!(hidden.is_empty(), "tests no harness runs: {hidden:#?}");
}

/// The manifest's sections (`[lib]`, `[[bin]]`) that say `test = false`.
fn sections_without_tests(manifest: &str) -> Vec<&str> {
    let mut section = "";
    let mut found = Vec::new();
    for line in manifest.lines() {
        if line.starts_with('[') {
            section = line.trim();
        } else if line.trim() == "test = false" {
            found.push(section);
        }
    }
    found
}

#[test]
fn sections_without_tests_are_named_by_their_header() {
    let manifest =
        "[package]\nname = \"x\"\n[lib]\ntest = false\n[[bin]]\nname = \"y\"\ntest = false\n";
    assert_eq!(sections_without_tests(manifest), ["[lib]", "[[bin]]"]);
    assert!(sections_without_tests("[lib]\ndoctest = false\n").is_empty());
}

#[test]
fn a_rust_doc_example_is_found_and_other_fences_are_not() {
    assert_eq!(rust_doc_example("/// ```\n/// f();\n/// ```\n"), Some(1));
    assert_eq!(
        rust_doc_example("//! x\n//! ```rust,no_run\n//! ```\n"),
        Some(2)
    );
    assert_eq!(rust_doc_example("/// ```text\n/// a\n/// ```\n"), None);
    assert_eq!(rust_doc_example("// ```\nfn f() {}\n"), None);
}

/// The line (from 1) where the first Rust example of a doc comment opens: a fence with no
/// language or a Rust one.
fn rust_doc_example(code: &str) -> Option<usize> {
    let mut open = false;
    for (number, line) in code.lines().enumerate() {
        let line = line.trim_start();
        let Some(doc) = line
            .strip_prefix("///")
            .or_else(|| line.strip_prefix("//!"))
        else {
            continue;
        };
        let Some(info) = doc.trim().strip_prefix("```") else {
            continue;
        };
        if open {
            open = false;
            continue;
        }
        open = true;
        let language = info.split(',').next().unwrap_or("").trim();
        if [
            "",
            "rust",
            "no_run",
            "should_panic",
            "compile_fail",
            "edition2021",
        ]
        .contains(&language)
        {
            return Some(number + 1);
        }
    }
    None
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}
