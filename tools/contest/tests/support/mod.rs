//! A tiny copy of the workspace for driving `make new|stress|bundle` and `contest listen` in
//! isolation: the tools and libraries a problem crate needs, none of the problems. Builds go to
//! the real workspace's target directory, offline, so the registry dependencies `make test`
//! has already compiled are not compiled again (what differs, a path crate or a feature set,
//! gets artifacts of its own there).

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// What the tiny workspace copies from the real one.
const COPIED: &[&str] = &[
    "Cargo.lock",
    "LICENSE",
    "Makefile",
    "judges.toml",
    "shared-grid",
    "tools/bundle",
    "tools/judges",
    "tools/stress-kit",
];
const MEMBERS: &[&str] = &[
    "shared-grid",
    "tools/bundle",
    "tools/judges",
    "tools/stress-kit",
];

/// The real workspace's release bundler, built once (`make bundle` builds the same), so that
/// no tiny workspace compiles its own copy: `make bundle` and `make stress` there run it.
fn outer_bundler() -> &'static Path {
    static BUNDLER: OnceLock<PathBuf> = OnceLock::new();
    BUNDLER.get_or_init(|| {
        let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let built = Command::new(cargo)
            .current_dir(&real)
            .args(["build", "--quiet", "--release", "--locked", "-p", "bundle"])
            .args(["--bin", "bundle", "--message-format=json"])
            // Under `make test` the outer make's jobserver is not this build's.
            .env_remove("MAKEFLAGS")
            .env_remove("MFLAGS")
            .env_remove("MAKELEVEL")
            .output()
            .expect("running cargo build -p bundle");
        assert!(
            built.status.success(),
            "cargo build --release -p bundle: {}",
            String::from_utf8_lossy(&built.stderr)
        );
        String::from_utf8_lossy(&built.stdout)
            .lines()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .find_map(|message| message["executable"].as_str().map(PathBuf::from))
            .expect("cargo names the bundler's executable")
    })
}

/// The real workspace's target directory, where every tiny workspace builds.
pub fn shared_target() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("..")
}

pub struct TinyWorkspace {
    pub root: PathBuf,
}

impl TinyWorkspace {
    /// A fresh copy at `target/tmp/contest-<label>`.
    pub fn new(label: &str) -> TinyWorkspace {
        let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("contest-{label}"));
        if root.exists() {
            fs::remove_dir_all(&root).unwrap();
        }
        // The committed tree, so that another crate's half-finished edit does not leak in;
        // outside a git checkout, the files as they are.
        fs::create_dir_all(&root).unwrap();
        let archived = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "git -C '{}' archive HEAD {} | tar -x -C '{}'",
                real.display(),
                COPIED.join(" "),
                root.display()
            ))
            .status()
            .is_ok_and(|s| s.success());
        if !archived || !COPIED.iter().all(|path| root.join(path).exists()) {
            for path in COPIED {
                copy(&real.join(path), &root.join(path));
            }
        }
        let manifest = fs::read_to_string(real.join("Cargo.toml")).unwrap();
        fs::write(root.join("Cargo.toml"), workspace_only(&manifest)).unwrap();
        TinyWorkspace { root }
    }

    /// A command run at the root, offline, building into the shared target directory.
    pub fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command
            .current_dir(&self.root)
            .env("CARGO_TARGET_DIR", shared_target())
            .env("CARGO_NET_OFFLINE", "true")
            .env("CONTEST", env!("CARGO_BIN_EXE_contest"))
            .env("BUNDLER", outer_bundler())
            .env("INSTA_UPDATE", "no")
            // Under `make test` the outer make's jobserver and flags are not the tiny one's.
            .env_remove("MAKEFLAGS")
            .env_remove("MFLAGS")
            .env_remove("MAKELEVEL")
            .env_remove("RUSTFLAGS")
            .env_remove("CARGO_ENCODED_RUSTFLAGS");
        command
    }

    pub fn make(&self, args: &[&str]) -> Output {
        let output = self.command("make").args(args).output().unwrap();
        eprintln!(
            "make {}: {}\n{}{}",
            args.join(" "),
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        output
    }

    pub fn read(&self, path: &str) -> String {
        fs::read_to_string(self.root.join(path)).unwrap_or_else(|e| panic!("reading {path}: {e}"))
    }

    /// Replaces the first `from` in the file at `path` by `to`; `from` must be there.
    pub fn edit(&self, path: &str, from: &str, to: &str) {
        let text = self.read(path);
        assert!(text.contains(from), "{from:?} in {path}:\n{text}");
        fs::write(self.root.join(path), text.replacen(from, to, 1)).unwrap();
    }

    pub fn exists(&self, path: &str) -> bool {
        self.root.join(path).exists()
    }

    /// `cargo metadata` on the workspace succeeds (a broken root manifest fails it); its JSON.
    pub fn assert_loads(&self) -> String {
        let metadata = self
            .command("cargo")
            .args(["metadata", "--format-version", "1", "--no-deps"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&metadata.stderr);
        assert!(metadata.status.success(), "{stderr}");
        String::from_utf8_lossy(&metadata.stdout).into_owned()
    }

    /// Every path at the root and under crates/ and samples/, and the root manifest: what a
    /// refusal must leave as it was (the creation lock, an empty ignored file, aside).
    pub fn tree(&self) -> (Vec<String>, String) {
        let mut paths = Vec::new();
        for dir in ["crates", "samples", "."] {
            for entry in fs::read_dir(self.root.join(dir)).into_iter().flatten() {
                let name = entry.unwrap().file_name().to_string_lossy().into_owned();
                if name != ".contest.lock" {
                    paths.push(format!("{dir}/{name}"));
                }
            }
        }
        paths.sort();
        (paths, self.read("Cargo.toml"))
    }
}

/// The root manifest as a pure workspace (no root package) listing only [`MEMBERS`].
fn workspace_only(manifest: &str) -> String {
    let mut out = String::new();
    let mut keep = false;
    let mut in_members = false;
    for line in manifest.lines() {
        if line.starts_with('[') {
            keep = line.starts_with("[workspace") || line.starts_with("[profile");
        }
        if !keep {
            continue;
        }
        if line.starts_with("members = [") {
            in_members = true;
            out += "members = [\n";
            for member in MEMBERS {
                out += &format!("    \"{member}\",\n");
            }
            continue;
        }
        if in_members {
            in_members = line != "]";
            if in_members {
                continue;
            }
        }
        out += line;
        out.push('\n');
    }
    out
}

fn copy(from: &Path, to: &Path) {
    fs::create_dir_all(to.parent().unwrap()).unwrap();
    if from.is_dir() {
        for entry in fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            if entry.file_name() != "target" {
                copy(&entry.path(), &to.join(entry.file_name()));
            }
        }
    } else {
        fs::copy(from, to).unwrap();
    }
}
