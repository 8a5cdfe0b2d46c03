//! What to bundle, found through `cargo metadata`: the problem crates, their library
//! dependencies (transitively), where each one's source lives, its enabled features,
//! and the licence facts for the header. Which dependencies and features a problem's
//! build has comes from `cargo tree` (see `resolve`), not from the workspace-wide graph.

use crate::resolve::Build;
use anyhow::{bail, Context, Result};
use cargo_metadata::camino::{Utf8Path, Utf8PathBuf};
use cargo_metadata::{DependencyKind, Edition, Metadata, MetadataCommand, Package, PackageId};
pub use judges::contest::Contest;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// One library crate that becomes `mod <module> { ... }` in a bundle.
#[derive(Debug, Clone)]
pub struct Library {
    pub package: String,
    pub version: String,
    /// The crate's name in Rust code (lib target name), also its module name in the bundle.
    pub module: String,
    pub root: Utf8PathBuf,
    /// The package's directory (where its `Cargo.toml` and licence files are).
    pub dir: Utf8PathBuf,
    pub features: BTreeSet<String>,
    /// How this crate's code names the libraries it depends on, mapped to their modules.
    pub extern_names: BTreeMap<String, String>,
    pub license: Option<String>,
    /// The oldest rustc the crate declares it builds with (`package.rust-version`).
    pub rust_version: Option<judges::profile::Version>,
    /// The licence notice that must travel with the crate's code into a bundle.
    pub notice: crate::emit::licence::Notice,
    /// Where the code comes from, for the header: a repository URL or a workspace directory.
    pub home: String,
}

/// Everything needed to bundle one problem crate.
#[derive(Debug, Clone)]
pub struct Plan {
    pub package: String,
    /// The crate's directory relative to the workspace root, e.g. `crates/curling`.
    pub dir: String,
    pub contest: Contest,
    pub main: Utf8PathBuf,
    /// The problem package's enabled features.
    pub features: BTreeSet<String>,
    /// How `main.rs` names its libraries (its own lib included), mapped to their modules.
    pub main_extern_names: BTreeMap<String, String>,
    /// The problem's own library, if it has one (never pruned).
    pub own_lib: Option<Library>,
    /// Its dependencies, transitively (pruned to what is used), sorted by module name.
    pub deps: Vec<Library>,
    /// Where the compiler's pass is remembered (`kept`), if anywhere.
    pub kept: Option<Utf8PathBuf>,
    /// Whether the dependencies are pruned by name before the compiler's pass: always, but
    /// to measure what pruning buys (`bundle --no-prune`).
    pub prune_by_name: bool,
}

impl Plan {
    /// Where the crate's samples live, relative to the workspace root: `samples/<crate>` for a
    /// problem (what `make new` writes and `make stress` reads), `<dir>/samples` for a bundler
    /// fixture, which keeps everything of its own under the bundler.
    pub fn samples_dir(&self) -> String {
        if judges::readme::listed(&self.dir) {
            format!("samples/{}", self.package)
        } else {
            format!("{}/samples", self.dir)
        }
    }
}

/// The workspace as cargo sees it.
pub struct Workspace {
    meta: Metadata,
    prune_by_name: bool,
}

impl Workspace {
    /// Runs `cargo metadata` for the workspace holding `manifest` (or the current directory).
    pub fn load(manifest: Option<&std::path::Path>) -> Result<Workspace> {
        let mut command = MetadataCommand::new();
        if let Some(manifest) = manifest {
            command.manifest_path(manifest);
        }
        let meta = command.exec().context("cargo metadata failed")?;
        Ok(Workspace {
            meta,
            prune_by_name: true,
        })
    }

    /// The same workspace, whose plans leave the dependencies whole for the compiler's pass
    /// alone (what `bundle --no-prune` measures).
    pub fn without_pruning(self) -> Workspace {
        Workspace {
            prune_by_name: false,
            ..self
        }
    }

    pub fn root(&self) -> &Utf8Path {
        &self.meta.workspace_root
    }

    /// Cargo's target directory, where tools keep their intermediate files.
    pub fn target_dir(&self) -> &Utf8Path {
        &self.meta.target_directory
    }

    /// The workspace's declared `rust-version` (`[workspace.package]` in the root manifest).
    /// A member may declare an older one (shared-grid: 1.73, for BOJ) without lowering it;
    /// without a workspace-level one, the oldest any member declares.
    pub fn rust_version(&self) -> Option<String> {
        self.declared_rust_version().or_else(|| {
            self.members()
                .filter_map(|p| p.rust_version.as_ref())
                .map(|v| (v.major, v.minor))
                .min()
                .map(|(major, minor)| format!("{major}.{minor}"))
        })
    }

    fn declared_rust_version(&self) -> Option<String> {
        let manifest = std::fs::read_to_string(self.root().join("Cargo.toml")).ok()?;
        let manifest: toml::Table = toml::from_str(&manifest).ok()?;
        let version = manifest
            .get("workspace")?
            .get("package")?
            .get("rust-version")?;
        version.as_str().map(str::to_string)
    }

    /// The problem crates, sorted: the workspace packages with a `[package.metadata.contest]`
    /// table outside `tools/bundle/fixtures/`. What `make bundle` writes by default.
    pub fn problem_crates(&self) -> Vec<String> {
        self.contest_crates(judges::readme::listed)
    }

    /// The bundler's fixtures, sorted: contest crates under `tools/bundle/fixtures/`, small real
    /// problems that prove registry crates inline. The tests bundle them; `make bundle` does
    /// not, unless one is named.
    pub fn fixture_crates(&self) -> Vec<String> {
        self.contest_crates(|dir| !judges::readme::listed(dir))
    }

    /// Names of the packages with a `[package.metadata.contest]` table whose directory
    /// (relative to the root) passes `keep`, sorted.
    fn contest_crates(&self, keep: impl Fn(&str) -> bool) -> Vec<String> {
        let mut names: Vec<String> = self
            .members()
            .filter(|p| p.metadata.get("contest").is_some())
            .filter(|p| keep(&self.relative_dir(p)))
            .map(|p| p.name.to_string())
            .collect();
        names.sort();
        names
    }

    fn members(&self) -> impl Iterator<Item = &Package> {
        self.meta.workspace_members.iter().map(|id| &self.meta[id])
    }

    /// Works out what goes into the bundle of workspace package `name`.
    pub fn plan(&self, name: &str) -> Result<Plan> {
        let package = self
            .members()
            .find(|p| p.name == name)
            .with_context(|| format!("no workspace package named `{name}`"))?;
        let contest = judges::contest::contest_table(
            &package.name,
            &package.metadata,
            self.root().as_std_path(),
        )?;
        let bins: Vec<_> = package.targets.iter().filter(|t| t.is_bin()).collect();
        let main = match bins[..] {
            [only] => only,
            _ => bins
                .into_iter()
                .find(|t| t.name == name)
                .with_context(|| format!("`{name}` has no binary target named `{name}`"))?,
        }
        .src_path
        .clone();
        let build = crate::resolve::normal_build(&self.root().join("Cargo.toml"), name)?;
        let own_lib = match lib_target(package)? {
            Some(_) => Some(self.library(package, &build)?),
            None => None,
        };
        let mut main_extern_names = self
            .extern_names(&package.id, &build)
            .with_context(|| format!("`{name}` cannot be bundled"))?;
        if let Some(lib) = &own_lib {
            main_extern_names.insert(lib.module.clone(), lib.module.clone());
        }
        let deps = self
            .dependencies(&package.id, &build)
            .with_context(|| format!("`{name}` cannot be bundled"))?;
        check_unique_modules(own_lib.iter().chain(&deps))?;
        Ok(Plan {
            package: name.to_string(),
            dir: self.relative_dir(package),
            contest,
            main,
            features: features(package, &build),
            main_extern_names,
            own_lib,
            deps,
            kept: Some(self.target_dir().join("bundle-pass")),
            prune_by_name: self.prune_by_name,
        })
    }

    /// All library crates reachable from `id` through normal dependencies, excluding `id`.
    fn dependencies(&self, id: &PackageId, build: &Build) -> Result<Vec<Library>> {
        let mut seen = BTreeSet::new();
        let mut queue: VecDeque<PackageId> = self
            .normal_deps(id, build)?
            .into_iter()
            .map(|d| d.1)
            .collect();
        let mut libraries = Vec::new();
        while let Some(dep) = queue.pop_front() {
            if !seen.insert(dep.clone()) {
                continue;
            }
            libraries.push(self.library(&self.meta[&dep], build)?);
            queue.extend(self.normal_deps(&dep, build)?.into_iter().map(|d| d.1));
        }
        libraries.sort_by(|a, b| a.module.cmp(&b.module));
        Ok(libraries)
    }

    /// The normal (non-dev, non-build) dependencies of `id` that `build` compiles (an
    /// optional one only another member enables is not): (name in code, package).
    fn normal_deps(&self, id: &PackageId, build: &Build) -> Result<Vec<(String, PackageId)>> {
        let node = self.node(id)?;
        Ok(node
            .deps
            .iter()
            .filter(|d| d.dep_kinds.iter().any(|k| k.kind == DependencyKind::Normal))
            .filter(|d| build.contains_key(&key(&self.meta[&d.pkg])))
            .map(|d| (d.name.clone(), d.pkg.clone()))
            .collect())
    }

    fn node(&self, id: &PackageId) -> Result<&cargo_metadata::Node> {
        let resolve = self
            .meta
            .resolve
            .as_ref()
            .context("cargo metadata gave no dependency graph")?;
        resolve
            .nodes
            .iter()
            .find(|n| &n.id == id)
            .with_context(|| format!("`{id}` is not in the dependency graph"))
    }

    fn extern_names(&self, id: &PackageId, build: &Build) -> Result<BTreeMap<String, String>> {
        let mut names = BTreeMap::new();
        for (name, dep) in self.normal_deps(id, build)? {
            let module = lib_name(&self.meta[&dep])?;
            names.insert(name, module);
        }
        Ok(names)
    }

    fn library(&self, package: &Package, build: &Build) -> Result<Library> {
        let name = &package.name;
        let target =
            lib_target(package)?.with_context(|| format!("`{name}` has no library target"))?;
        if target.edition == Edition::E2015 {
            bail!("`{name}` uses edition 2015, whose paths the bundler does not rewrite");
        }
        let home = match &package.source {
            None => format!("this workspace ({}/)", self.relative_dir(package)),
            Some(source)
                if source.repr.starts_with("registry+") || source.repr.starts_with("sparse+") =>
            {
                package
                    .repository
                    .clone()
                    .unwrap_or_else(|| "crates.io".to_string())
            }
            Some(source) => bail!(
                "`{name}` comes from {source}; only workspace and registry crates can be bundled"
            ),
        };
        Ok(Library {
            package: name.to_string(),
            version: package.version.to_string(),
            module: target.name.replace('-', "_"),
            root: target.src_path.clone(),
            dir: package
                .manifest_path
                .parent()
                .unwrap_or(&package.manifest_path)
                .to_owned(),
            features: features(package, build),
            extern_names: self.extern_names(&package.id, build)?,
            license: package.license.clone(),
            rust_version: package
                .rust_version
                .as_ref()
                .and_then(|v| judges::profile::Version::parse(&v.to_string())),
            notice: crate::emit::licence::notice(package, self.root())?,
            home,
        })
    }

    fn relative_dir(&self, package: &Package) -> String {
        let dir = package
            .manifest_path
            .parent()
            .unwrap_or(&package.manifest_path);
        dir.strip_prefix(self.root()).unwrap_or(dir).to_string()
    }
}

/// How `build` (cargo tree's lines) names `package`.
fn key(package: &Package) -> (String, String) {
    (package.name.to_string(), package.version.to_string())
}

/// The features `build` enables in `package`.
fn features(package: &Package, build: &Build) -> BTreeSet<String> {
    build.get(&key(package)).cloned().unwrap_or_default()
}

fn lib_target(package: &Package) -> Result<Option<&cargo_metadata::Target>> {
    if let Some(t) = package.targets.iter().find(|t| t.is_proc_macro()) {
        bail!(
            "`{}` is a proc-macro crate (`{}`), which cannot be inlined",
            package.name,
            t.name
        );
    }
    Ok(package.targets.iter().find(|t| t.is_lib() || t.is_rlib()))
}

fn lib_name(package: &Package) -> Result<String> {
    let target = lib_target(package)?
        .with_context(|| format!("`{}` has no library target", package.name))?;
    Ok(target.name.replace('-', "_"))
}

/// Two bundled crates with the same module name would collide in the bundle.
fn check_unique_modules<'a>(libraries: impl Iterator<Item = &'a Library>) -> Result<()> {
    let mut seen = BTreeMap::new();
    for lib in libraries {
        if let Some(other) = seen.insert(lib.module.clone(), lib.package.clone()) {
            bail!(
                "`{other}` and `{}` would both become `mod {}`",
                lib.package,
                lib.module
            );
        }
    }
    Ok(())
}
