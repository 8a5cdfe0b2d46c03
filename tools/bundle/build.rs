//! The bundler's build id: a hash of its own sources and of the workspace's lock file (the
//! versions of syn, prettyplease and the rest). The compiler's pass is remembered under it
//! (`src/kept.rs`), so that a bundler whose dead-code logic, or whose parser or printer,
//! differs never gets another build's output back.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let mut files = Vec::new();
    sources(&manifest.join("src"), &mut files);
    files.sort();
    let lock = manifest.join("../../Cargo.lock");
    if lock.is_file() {
        files.push(lock.clone());
        println!("cargo::rerun-if-changed={}", lock.display());
    }
    let mut hasher = DefaultHasher::new();
    for file in &files {
        file.strip_prefix(&manifest)
            .unwrap_or(file)
            .hash(&mut hasher);
        std::fs::read(file)
            .expect("a readable source")
            .hash(&mut hasher);
    }
    println!("cargo::rerun-if-changed=src");
    println!("cargo::rustc-env=BUNDLER_BUILD_ID={:016x}", hasher.finish());
}

/// Every file below `dir`.
fn sources(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable src/") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, files);
        } else {
            files.push(path);
        }
    }
}
