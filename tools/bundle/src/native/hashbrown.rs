//! hashbrown, the table under the runtime's `HashMap` and `HashSet`: where its source is,
//! how rustc compiles it beside the runtime, and the notice a C file carries with it.
//!
//! The bundler carries the runtime's own sources, but not hashbrown's: they are the
//! registry's, on disk where cargo put them for the runtime package, whose dependency
//! hashbrown is (`tools/c-runtime/Cargo.toml`, the version the lock file holds). `cargo
//! metadata` on that manifest finds them, once a process.

use crate::emit::licence::Notice;
use anyhow::{Context, Result};
use cargo_metadata::MetadataCommand;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The runtime's manifest, where the bundler was built.
const RUNTIME_MANIFEST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../c-runtime/Cargo.toml");

/// The hashbrown package the runtime depends on.
pub struct Hashbrown {
    /// `hashbrown 0.17.1`.
    pub name: String,
    /// Cargo's id of the package (registry, name, version): a registry's package never
    /// changes, so this names the source for the build cache.
    pub id: String,
    /// The package's directory.
    pub dir: PathBuf,
    /// `src/lib.rs`.
    pub root: PathBuf,
    pub edition: String,
    pub repository: Option<String>,
    /// The licence it declares, `MIT OR Apache-2.0`.
    pub licence: String,
    pub notice: Notice,
}

/// The runtime's hashbrown, found once.
pub fn find() -> Result<&'static Hashbrown> {
    static FOUND: OnceLock<Result<Hashbrown, String>> = OnceLock::new();
    FOUND
        .get_or_init(|| locate().map_err(|e| format!("{e:#}")))
        .as_ref()
        .map_err(|e| anyhow::anyhow!("{e}"))
}

fn locate() -> Result<Hashbrown> {
    let meta = MetadataCommand::new()
        .manifest_path(RUNTIME_MANIFEST)
        .exec()
        .with_context(|| format!("cargo metadata on {RUNTIME_MANIFEST}"))?;
    let runtime = meta
        .packages
        .iter()
        .find(|p| p.name == "c-runtime")
        .context("no c-runtime package in its own manifest's workspace")?;
    let resolve = meta
        .resolve
        .as_ref()
        .context("cargo metadata gave no graph")?;
    let node = resolve
        .nodes
        .iter()
        .find(|n| n.id == runtime.id)
        .context("c-runtime is not in the dependency graph")?;
    let dep = node
        .deps
        .iter()
        .find(|d| d.name == "hashbrown")
        .context("tools/c-runtime does not depend on hashbrown")?;
    let package = &meta[&dep.pkg];
    let lib = package
        .targets
        .iter()
        .find(|t| t.is_lib())
        .context("hashbrown has no library target")?;
    Ok(Hashbrown {
        name: format!("{} {}", package.name, package.version),
        id: package.id.repr.clone(),
        dir: package
            .manifest_path
            .parent()
            .context("a manifest in a directory")?
            .into(),
        root: lib.src_path.clone().into(),
        edition: lib.edition.as_str().to_string(),
        repository: package.repository.clone(),
        licence: package.license.clone().unwrap_or_default(),
        notice: crate::emit::licence::notice(package, &meta.workspace_root)?,
    })
}

/// Whether the image of `rust_bundle` holds hashbrown's code: hashbrown is generic, so
/// only a bundle that names a hash map or set (its own code or a bundled crate's, as
/// rustc-hash's `FxHashMap`) instantiates any of it, and a bundle the compiler's pass has
/// left names nothing it does not use. A name in a comment or string errs on the side of
/// the notice.
pub fn in_image(rust_bundle: &str) -> bool {
    rust_bundle
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|word| matches!(word, "HashMap" | "HashSet" | "hash_map" | "hash_set"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bundle_holds_hashbrown_where_it_names_a_hash_map_or_set() {
        assert!(in_image(
            "let m: std::collections::HashMap<u8, u8> = Default::default();"
        ));
        assert!(in_image("use std::collections::hash_set::Iter;"));
        assert!(!in_image(
            "let m = std::collections::BTreeMap::<u8, u8>::new();"
        ));
        assert!(!in_image("struct MyHashMapLike;"));
    }

    #[test]
    fn the_runtimes_hashbrown_is_found_with_its_mit_notice() {
        let found = find().unwrap();
        assert!(found.name.starts_with("hashbrown "), "{}", found.name);
        assert!(found.root.is_file());
        assert_eq!(found.notice.licence, "MIT");
        assert!(found.notice.text.contains("Amanieu d'Antras"));
    }
}
