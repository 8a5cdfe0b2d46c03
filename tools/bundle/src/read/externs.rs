//! How a bundled crate's `extern crate` items and `#[macro_use]` imports map into the bundle:
//! an extern name becomes a module path (or a std crate's name), and the macros a library
//! exports are re-exported from its module.

use crate::metadata::Library;
use crate::read::load;
use crate::read::rewrite;
use anyhow::{bail, Result};
use proc_macro2::{Ident, Span};
use std::collections::{BTreeMap, BTreeSet};
use syn::{parse_quote, Item};

/// What the `extern crate` items of one crate bind: its extern names (how it names
/// bundled libraries) with the aliases added, and the names that stand for a std crate
/// (`alloc`, `core`, `std`) mapped to the one the bundle uses instead. `module` is the
/// crate's own module, which `extern crate self as x;` names.
pub(crate) fn extern_crates(
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
pub(crate) fn macro_uses(
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
pub(crate) fn library_module(lib: &Library, file: syn::File) -> Item {
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
pub(crate) fn reexport_macros(module: &mut syn::ItemMod) {
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

#[cfg(test)]
mod tests {
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
