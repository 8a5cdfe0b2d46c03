//! Flattens a problem crate into one std-only file for online judges.
//!
//! **Model.** The bundle is `main.rs`'s items, then one `mod` per library crate (the
//! problem's own library first, then its dependencies, transitively): each crate's
//! module tree is read into one syntax tree (`load`), stripped of tests, disabled
//! features and docs (`strip`), its paths rewritten to work from inside a module of one
//! crate (`rewrite`). The dependencies are pruned by name to what the solution seems to
//! use (`prune`), then the compiler decides what is dead (`dead`), and the whole is
//! printed with a header and the licence notices of the crates still in it (`emit`).
//! `externs` maps each crate's `extern crate` items and macro imports into the bundle;
//! `write` writes the bundles of many crates at once; `native` makes the C bundle from the
//! Rust one, for judges that take no Rust.
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
//! trying impls by halves costs at most 24 checks. Bundles run in parallel, one per core.
//!
//! **Decisions**, each with its reason (the measurements: `benches/README.md`, "The figures
//! behind the crate doc's decisions"):
//! - Both removers, pruning by name first, though pruning alone cannot be right: the
//!   compiler's pass alone, handed every dependency whole (`bundle --no-prune`), cannot
//!   bundle itertools at all (its unpruned code does not compile as one module: the five
//!   fixtures that use it fail) and leaves ac-library-rs's fixtures about twice the size
//!   (`fixture-acl-rmq`: 31,082 bytes against 15,933, over its limit). Pruning hands the pass
//!   a bundle that compiles and is small enough to check quickly; the pass then proves what
//!   pruning by name guessed. For the five problems, whose one dependency is `shared-grid`,
//!   both ways give the same bundle.
//! - rustc, not a reimplementation of name resolution: rustc already knows what is used,
//!   and a rule of ours would miss cases such as the `either` crate in the Dsu + `join`
//!   fixture (`fixture-acl-unionfind-join`), which goes whole with no rule about `merge`.
//! - JSON spans, not rustc's suggestions: rustc suggests no fix for dead items; its
//!   spans point at the item's name, unique in the printed text.
//! - `--emit=metadata`: the lints run and no code is generated, several times faster than
//!   a build with `-O`.
//! - Debug and release both: proconio's `AutoSource` is `LineSource` in one and
//!   `OnceSource` in the other; one build alone removed the other's reader.
//! - Remove a whole round, check, blame the names the errors quote: in practice a round
//!   rustc reported never needed a second try, while removing items one at a time would
//!   cost a check per item.
//! - Impls are tried only where no `.method(` call names their methods: method-call
//!   syntax auto-references, so without an impl for `T` a call could quietly use one for
//!   `&T`; operators, paths and bounds resolve by type, and then rustc decides. Never
//!   `Drop` (it runs unnamed). This is what removes fixedbitset's unused operator and
//!   formatting impls.
//! - Exported macros through a copy: `unused_macro_rules` skips `#[macro_export]`, and
//!   proconio's unused `input!`/`read_value!` rules would otherwise ride in every bundle.
//! - Types nothing names are tried, not proven by a rule: `ac-library-rs`'s
//!   `DynamicModInt` is built only by its own `Add`/`Sum`/... impls.
//! - Bundles in parallel: the pass is rustc-bound, and a bundle's rounds depend on each
//!   other; bundles do not.

// The stages, in the order a bundle goes through them:
/// 3. The compiler's pass: what rustc finds unused goes, round after round.
mod dead;
/// 4. The text: header, items, licence notices.
pub mod emit;
/// Beside 3: the compiler's pass remembered, for a text it has already seen.
mod kept;
/// 5. The C bundle, for judges that take no Rust.
pub mod native;
/// 2. The dependencies cut by name to what the solution seems to use.
mod prune;
/// 1. Each crate's module tree read into one syntax tree, stripped, its paths rewritten.
mod read;

// Around them: the workspace and its plans, names in paths, writing many bundles at once.
pub mod metadata;
mod resolve;
#[cfg(test)]
mod test_fixtures;
mod uses;
mod write;

pub use dead::{diagnostics, Report};
pub use emit::licence;
pub use metadata::{Plan, Workspace};
pub use write::{write_bundles, CWritten, Stages, Written};

use anyhow::{bail, Context, Result};
use metadata::Library;
use proc_macro2::Ident;
use read::externs::{extern_crates, library_module, macro_uses, reexport_macros};
use read::strip::Strip;
use read::{load, rewrite};
use std::collections::{BTreeMap, BTreeSet};
use syn::visit_mut::VisitMut;
use syn::Item;

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
    if plan.prune_by_name {
        prune::prune(&mut root, &dependencies);
    }
    for item in &mut root.items {
        if let Item::Mod(module) = item {
            if libraries.iter().any(|lib| module.ident == lib.module) {
                reexport_macros(module);
            }
        }
    }
    let before = emit::render(&emit::header(plan, &present(plan, &root)), &root);
    if let Some((text, pass)) = plan
        .kept
        .as_ref()
        .and_then(|dir| kept::lookup(dir, &before))
    {
        return Ok(Bundled {
            text,
            before_pass: before.len(),
            pass,
        });
    }
    let pass = dead::remove_dead(&mut root, "2021")?;
    let text = emit::render(&emit::header(plan, &present(plan, &root)), &root);
    if let Some(dir) = &plan.kept {
        kept::store(dir, &before, &text, &pass);
    }
    Ok(Bundled {
        text,
        before_pass: before.len(),
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

/// The dependencies of `plan` whose code `text`, its bundle, holds (pruning and the
/// compiler's pass drop a dependency nothing uses).
pub fn bundled_deps<'a>(plan: &'a Plan, text: &str) -> Vec<&'a Library> {
    plan.deps
        .iter()
        .filter(|lib| text.contains(&format!("\nmod {} {{", lib.module)))
        .collect()
}
