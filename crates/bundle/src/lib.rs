//! Flattens a problem crate into one std-only file for online judges.
//!
//! **Model.** The bundle is `main.rs`'s items, then one `mod` per library crate (the
//! problem's own library first, then its dependencies, transitively): each crate's
//! module tree is read into one syntax tree (`load`), stripped of tests, disabled
//! features and docs (`strip`), its paths rewritten to work from inside a module of one
//! crate (`rewrite`). The dependencies are pruned by name to what the solution seems to
//! use (`prune`), then the compiler decides what is dead (`dead`), and the whole is
//! printed with a header and the licence notices of the crates still in it (`emit`).
//!
//! **The compiler's pass** (`dead`, `diagnostics`, `arms`). Pruning by name cannot tell
//! `Dsu::merge` from `Itertools::merge`; rustc can. The bundle is printed, compiled as
//! the binary it is (`--crate-type bin`: nothing exported; every `allow` of `dead_code`
//! or the unused lints taken out) with `-W dead_code -W unused --emit=metadata
//! --error-format=json`, twice (`debug_assertions` on and off: code only one build has
//! stays), and each unused-item warning's span is mapped back to the syntax tree parsed
//! from the same text. What it names goes with what cannot outlive it: a type with its
//! impls, a trait with its impls, a trait method with its implementations (in macro
//! bodies too), a variant with its match arms, a field with its inert initializers, an
//! import leaf, an exported macro's unused rules (rustc checks a copy in which exported
//! macros are plain ones). Then types and trait methods no code names outside their own
//! impls and imports, which rustc counts as used because a std trait impl builds them
//! (`either::Either`), are tried, and so are trait impls (and entries of impl-writing
//! macro lists) whose methods no method call names, by halves. Every round is compiled
//! before it is kept; one that breaks the build is taken again without what the errors
//! name. Until nothing goes.
//!
//! **Complexity.** Each round is two rustc checks of the bundle (run side by side) plus a
//! print and a parse, linear in the bundle's size; rounds go on while something goes,
//! so their number is the length of the longest chain of items only dead items use;
//! trying impls by halves costs at most 24 checks. This workspace's 18 bundles take 11 to
//! 54 checks each. Bundles run in parallel, one per core.
//!
//! **Decisions**, each with the figure behind it:
//! - rustc, not a reimplementation of name resolution: the 13.9 KB `either` crate in the
//!   Dsu + `join` case went (`fixture-acl-unionfind-join`: 54,614 -> 15,612 bytes) with
//!   no rule about `merge`.
//! - JSON spans, not rustc's suggestions: rustc suggests no fix for dead items; its
//!   spans point at the item's name, unique in the printed text.
//! - `--emit=metadata`: the lints run, no code is generated; 0.76 s for curling's 63 KB
//!   where `-O` took 3.1 s (same machine, same load).
//! - Debug and release both: proconio's `AutoSource` is `LineSource` in one and
//!   `OnceSource` in the other; one build alone removed the other's reader.
//! - Remove a whole round, check, blame the names the errors quote: none of the 18
//!   bundles' rustc-reported rounds needed a second try; removing items one at a time
//!   would cost a check per item, 51 to 225 a bundle.
//! - Impls are tried only where no `.method(` call names their methods: method-call
//!   syntax auto-references, so without an impl for `T` a call could quietly use one for
//!   `&T`; operators, paths and bounds resolve by type, and then rustc decides. Never
//!   `Drop` (it runs unnamed). fixedbitset's operator and formatting impls: 46 -> 26 KB.
//! - Exported macros through a copy: `unused_macro_rules` skips `#[macro_export]`;
//!   proconio's unused `input!`/`read_value!` rules were 3 to 6 KB of every bundle.
//! - Types nothing names are tried, not proven by a rule: `ac-library-rs`'s
//!   `DynamicModInt` (4 KB with its impls) is built only by its own `Add`/`Sum`/... impls.
//! - Bundles in parallel: the pass is rustc-bound, and a bundle's rounds depend on each
//!   other; bundles do not (2 cores: 50 s of CPU in 27 s of wall time, benches/README.md).

mod arms;
pub mod contest;
mod dead;
pub mod diagnostics;
pub mod emit;
pub mod floor;
mod include;
pub mod licence;
mod load;
pub mod metadata;
pub mod native;
pub mod profile;
mod prune;
pub mod readme;
mod resolve;
mod rewrite;
mod strip;
#[cfg(test)]
mod test_fixtures;
mod uses;

pub use dead::Report;
pub use metadata::{Plan, Workspace};

use anyhow::{bail, Context, Result};
use metadata::Library;
use proc_macro2::{Ident, Span};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use strip::Strip;
use syn::visit_mut::VisitMut;
use syn::{parse_quote, Item};

/// Bundles the problem crate described by `plan`; returns the file's text.
pub fn bundle(plan: &Plan) -> Result<String> {
    Ok(bundle_measured(plan)?.text)
}

/// A bundle and what the compiler's pass made of it.
pub struct Bundled {
    pub text: String,
    /// The bundle's size before the compiler's pass (after pruning by name).
    pub before_pass: usize,
    pub pass: Report,
}

/// Bundles the problem crate described by `plan`, measuring the compiler's pass.
pub fn bundle_measured(plan: &Plan) -> Result<Bundled> {
    let main = load::load_crate(&plan.main, &mut Strip::new(&plan.features, false))?;
    let (main_externs, main_std_crates) =
        extern_crates(&main.extern_crates, &plan.main_extern_names, None)
            .with_context(|| format!("bundling {}", plan.main))?;
    let mut root = main.file;
    let libraries: Vec<&Library> = plan.own_lib.iter().chain(&plan.deps).collect();
    let mut all_macros = BTreeSet::new();
    // Every library is loaded before any is rewritten: `#[macro_use] extern crate x;`
    // needs the macros x exports.
    let mut loaded_libraries = Vec::new();
    let mut exported_by = BTreeMap::new();
    for lib in &libraries {
        let loaded = load::load_crate(&lib.root, &mut Strip::new(&lib.features, true))
            .with_context(|| format!("loading `{}`", lib.package))?;
        let exported = rewrite::exported_macros(&loaded.file.items);
        if let Some(name) = exported.iter().find(|name| all_macros.contains(*name)) {
            bail!("two bundled crates export a macro named `{name}`");
        }
        all_macros.extend(exported.iter().cloned());
        exported_by.insert(lib.module.clone(), exported);
        loaded_libraries.push((lib, loaded));
    }
    let mut modules = Vec::new();
    for (lib, loaded) in loaded_libraries {
        let (externs, std_crates) =
            extern_crates(&loaded.extern_crates, &lib.extern_names, Some(&lib.module))
                .with_context(|| format!("loading `{}`", lib.package))?;
        let mut file = loaded.file;
        let macro_uses = macro_uses(&loaded.extern_crates, &externs, &exported_by, &file);
        rewrite::Rewrite {
            module: Some(lib.module.as_str()),
            externs: &externs,
            exported: &exported_by[&lib.module],
            std_crates: &std_crates,
            macro_uses: &macro_uses,
        }
        .visit_file_mut(&mut file);
        modules.push(library_module(lib, file));
    }
    let no_macros = BTreeSet::new();
    let main_macro_uses = macro_uses(&main.extern_crates, &main_externs, &exported_by, &root);
    rewrite::Rewrite {
        module: None,
        externs: &main_externs,
        exported: &no_macros,
        std_crates: &main_std_crates,
        macro_uses: &main_macro_uses,
    }
    .visit_file_mut(&mut root);
    let module_names = libraries.iter().map(|lib| lib.module.clone()).collect();
    rewrite::drop_root_macro_imports(&mut root.items, &all_macros, &module_names);

    root.items.extend(modules);
    let dependencies = plan.deps.iter().map(|lib| lib.module.clone()).collect();
    prune::prune(&mut root, &dependencies);
    for item in &mut root.items {
        if let Item::Mod(module) = item {
            if libraries.iter().any(|lib| module.ident == lib.module) {
                reexport_macros(module);
            }
        }
    }
    let before_pass = emit::render(&emit::header(plan, &present(plan, &root)), &root).len();
    let pass = dead::remove_dead(&mut root, "2021")?;
    let text = emit::render(&emit::header(plan, &present(plan, &root)), &root);
    Ok(Bundled {
        text,
        before_pass,
        pass,
    })
}

/// The dependencies whose modules `root` still holds.
fn present<'a>(plan: &'a Plan, root: &syn::File) -> Vec<&'a Library> {
    let modules: Vec<&Ident> = root
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Mod(module) => Some(&module.ident),
            _ => None,
        })
        .collect();
    let present = |lib: &&Library| modules.iter().any(|m| **m == lib.module);
    plan.deps.iter().filter(present).collect()
}

/// What the `extern crate` items of one crate bind: its extern names (how it names
/// bundled libraries) with the aliases added, and the names that stand for a std crate
/// (`alloc`, `core`, `std`) mapped to the one the bundle uses instead. `module` is the
/// crate's own module, which `extern crate self as x;` names.
fn extern_crates(
    items: &[load::ExternCrate],
    extern_names: &BTreeMap<String, String>,
    module: Option<&str>,
) -> Result<(BTreeMap<String, String>, BTreeMap<String, String>)> {
    let mut externs = extern_names.clone();
    let mut std_crates = BTreeMap::new();
    for item in items {
        if item.binding == "_" {
            continue;
        }
        let target = match item.name.as_str() {
            "alloc" | "std" => Target::Std("std"),
            "core" => Target::Std("core"),
            "self" => match module {
                Some(module) => Target::Module(module.to_string()),
                None => bail!("`extern crate self as {}` in a binary", item.binding),
            },
            name => match extern_names.get(name) {
                Some(module) => Target::Module(module.clone()),
                None => bail!(
                    "`extern crate {name}` names neither a std crate nor a dependency \
                     (`proc_macro` and `test` cannot be bundled)"
                ),
            },
        };
        match target {
            Target::Std(std_crate) if item.binding != std_crate => {
                std_crates.insert(item.binding.clone(), std_crate.to_string());
            }
            Target::Std(_) => {}
            Target::Module(module) => {
                externs.insert(item.binding.clone(), module);
            }
        }
    }
    Ok((externs, std_crates))
}

/// The macros that a crate's `#[macro_use] extern crate x;` items put in scope: the
/// ones x exports (`exported_by` its module), less those the crate defines itself
/// (its own `macro_rules!` shadow them).
fn macro_uses(
    items: &[load::ExternCrate],
    externs: &BTreeMap<String, String>,
    exported_by: &BTreeMap<String, BTreeSet<String>>,
    file: &syn::File,
) -> BTreeSet<String> {
    let own = rewrite::defined_macros(&file.items);
    let mut names = BTreeSet::new();
    for item in items {
        let module = externs.get(&item.binding).and_then(|m| exported_by.get(m));
        for name in module.into_iter().flatten() {
            if item.macro_use.brings(name) && !own.contains(name) {
                names.insert(name.clone());
            }
        }
    }
    names
}

enum Target {
    Std(&'static str),
    Module(String),
}

/// `mod <module> { .. }` holding a library's items. No lint is allowed: what its
/// unused public API would make rustc warn about, the compiler's pass removes.
fn library_module(lib: &Library, file: syn::File) -> Item {
    Item::Mod(syn::ItemMod {
        attrs: file.attrs,
        vis: syn::Visibility::Inherited,
        unsafety: None,
        mod_token: Default::default(),
        ident: Ident::new(&lib.module, Span::call_site()),
        content: Some((Default::default(), file.items)),
        semi: None,
    })
}

/// Users write `proconio::input!`, but `#[macro_export]` put `input` at the crate
/// root: re-export the library's exported macros from its module.
fn reexport_macros(module: &mut syn::ItemMod) {
    let Some((_, items)) = &mut module.content else {
        return;
    };
    let macros: Vec<Ident> = rewrite::exported_macros(items)
        .iter()
        .map(|name| Ident::new(name, Span::call_site()))
        .collect();
    if !macros.is_empty() {
        items.insert(0, parse_quote!(pub use crate::{#(#macros),*};));
    }
}

/// The dependencies of `plan` whose code `text`, its bundle, holds (pruning and the
/// compiler's pass drop a dependency nothing uses).
pub fn bundled_deps<'a>(plan: &'a Plan, text: &str) -> Vec<&'a Library> {
    plan.deps
        .iter()
        .filter(|lib| text.contains(&format!("\nmod {} {{", lib.module)))
        .collect()
}

/// One bundle written to disk.
pub struct Written {
    pub package: String,
    pub path: PathBuf,
    pub bytes: usize,
    /// Its size before the compiler's pass.
    pub before_pass: usize,
    pub pass: Report,
    /// The time it took to bundle, the compiler's pass included.
    pub elapsed: std::time::Duration,
    /// The C bundle, for a problem with a judge that takes C.
    pub c: Option<CWritten>,
}

/// One C bundle written to disk.
pub struct CWritten {
    pub path: PathBuf,
    pub bundle: native::CBundle,
    pub elapsed: std::time::Duration,
}

/// Bundles each of `packages` into `<out_dir>/<package>.rs`, and into `<package>.c` when
/// one of its judges takes C, as many at once as the machine has cores (most of a
/// bundle's time is rustc); in the order given.
pub fn write_bundles(
    workspace: &Workspace,
    packages: &[String],
    out_dir: &Path,
) -> Result<Vec<Written>> {
    std::fs::create_dir_all(out_dir)
        .with_context(|| format!("cannot create {}", out_dir.display()))?;
    let mut toolchain = None;
    let plans_need_c = packages
        .iter()
        .map(|p| workspace.plan(p))
        .collect::<Result<Vec<_>>>()?
        .iter()
        .any(|plan| !plan.contest.c_judges().is_empty());
    if plans_need_c {
        toolchain = Some(native::Toolchain::find()?);
    }
    let toolchain = toolchain;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let one = |package: &String| -> Result<Written> {
        let started = std::time::Instant::now();
        let plan = workspace.plan(package)?;
        let bundled = bundle_measured(&plan).with_context(|| format!("bundling `{package}`"))?;
        let path = out_dir.join(format!("{package}.rs"));
        std::fs::write(&path, &bundled.text)
            .with_context(|| format!("cannot write {}", path.display()))?;
        let elapsed = started.elapsed();
        let c = match (plan.contest.c_judges().is_empty(), &toolchain) {
            (true, _) => None,
            (false, Some(toolchain)) => Some(write_c_bundle(
                &plan,
                &bundled.text,
                toolchain,
                workspace
                    .target_dir()
                    .join("c-bundle")
                    .join(package)
                    .as_std_path(),
                out_dir,
            )?),
            (false, None) => unreachable!("the toolchain is found before bundling"),
        };
        Ok(Written {
            package: package.clone(),
            path,
            bytes: bundled.text.len(),
            before_pass: bundled.before_pass,
            pass: bundled.pass,
            elapsed,
            c,
        })
    };
    let mut results: Vec<(usize, Result<Written>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(packages.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(package) = packages.get(i) else {
                            return done;
                        };
                        done.push((i, one(package)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("bundling thread panicked"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, written)| written).collect()
}

/// Builds the C bundle of `plan` from its Rust bundle `rust_bundle` and writes it to
/// `<out_dir>/<package>.c`, with `work` for the intermediate files.
fn write_c_bundle(
    plan: &Plan,
    rust_bundle: &str,
    toolchain: &native::Toolchain,
    work: &Path,
    out_dir: &Path,
) -> Result<CWritten> {
    let started = std::time::Instant::now();
    let (limit, _) = plan.contest.c_size_limit();
    let bundle = native::c_bundle(plan, rust_bundle, toolchain, work, limit)
        .with_context(|| format!("building the C bundle of `{}`", plan.package))?;
    let path = out_dir.join(format!("{}.c", plan.package));
    std::fs::write(&path, &bundle.text)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(CWritten {
        path,
        bundle,
        elapsed: started.elapsed(),
    })
}

#[cfg(test)]
mod extern_crate_tests {
    use super::*;

    fn item(name: &str, binding: &str) -> load::ExternCrate {
        load::ExternCrate {
            name: name.to_string(),
            binding: binding.to_string(),
            macro_use: load::MacroUse::Nothing,
        }
    }

    #[test]
    fn extern_crates_become_std_paths_or_module_aliases() {
        let deps: BTreeMap<String, String> = [("either".to_string(), "either".to_string())].into();
        let items = [
            item("alloc", "alloc"),
            item("core", "std"),
            item("std", "std"),
            item("either", "e"),
            item("self", "me"),
            item("core", "_"),
        ];
        let (externs, std_crates) = extern_crates(&items, &deps, Some("itertools")).unwrap();
        let pairs = |map: &BTreeMap<String, String>| -> Vec<(String, String)> {
            map.iter().map(|(a, b)| (a.clone(), b.clone())).collect()
        };
        let owned = |list: &[(&str, &str)]| -> Vec<(String, String)> {
            list.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        assert_eq!(
            pairs(&std_crates),
            owned(&[("alloc", "std"), ("std", "core")])
        );
        assert_eq!(
            pairs(&externs),
            owned(&[("e", "either"), ("either", "either"), ("me", "itertools")])
        );
        let error = extern_crates(&[item("proc_macro", "proc_macro")], &deps, None).unwrap_err();
        assert!(error.to_string().contains("proc_macro"), "{error}");
    }
}
