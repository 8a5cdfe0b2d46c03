//! Reads a crate's module tree into one `syn::File`: every `mod x;` is replaced by
//! `mod x { .. }` holding the items of `x.rs` or `x/mod.rs` (or its `#[path]`).
//! Each file is stripped (see `strip`) before its own `mod x;` items are followed, so
//! `#[cfg(test)] mod tests;` is never read. `include_str!`/`include_bytes!` become the
//! literal text (see `include`), and `extern crate` items are taken out and reported:
//! the bundle has none, its caller maps the names they bound instead.

use crate::read::include;
use crate::read::strip::Strip;
use anyhow::{bail, Context, Result};
use cargo_metadata::camino::{Utf8Path, Utf8PathBuf};
use syn::{Item, ItemMod};

/// A crate's module tree as one file, and the `extern crate` items taken out of it.
pub struct Loaded {
    pub file: syn::File,
    pub extern_crates: Vec<ExternCrate>,
}

/// `extern crate <name> as <binding>;` (`binding` is `name` without `as`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternCrate {
    pub name: String,
    pub binding: String,
    pub macro_use: MacroUse,
}

/// What `#[macro_use]` on an `extern crate` brings into the whole crate's scope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MacroUse {
    /// No `#[macro_use]`.
    Nothing,
    /// `#[macro_use]`: every exported macro of the crate.
    All,
    /// `#[macro_use(a, b)]`.
    Only(Vec<String>),
}

impl MacroUse {
    fn of(attrs: &[syn::Attribute]) -> Result<MacroUse> {
        let Some(attr) = attrs.iter().find(|a| a.path().is_ident("macro_use")) else {
            return Ok(MacroUse::Nothing);
        };
        match &attr.meta {
            syn::Meta::Path(_) => Ok(MacroUse::All),
            syn::Meta::List(list) => {
                let names = list
                    .parse_args_with(
                        syn::punctuated::Punctuated::<syn::Ident, syn::Token![,]>::parse_terminated,
                    )
                    .context("#[macro_use(..)] takes macro names")?;
                Ok(MacroUse::Only(
                    names.iter().map(crate::uses::unraw).collect(),
                ))
            }
            syn::Meta::NameValue(_) => bail!("#[macro_use = ..] is not Rust"),
        }
    }

    /// Whether the exported macro `name` comes into scope.
    pub fn brings(&self, name: &str) -> bool {
        match self {
            MacroUse::Nothing => false,
            MacroUse::All => true,
            MacroUse::Only(names) => names.iter().any(|n| n == name),
        }
    }
}

/// Loads the crate whose root file is `root` (`src/lib.rs` or `src/main.rs`).
pub fn load_crate(root: &Utf8Path, strip: &mut Strip) -> Result<Loaded> {
    let Some(mut file) = parse(root, strip)? else {
        bail!("{root} is configured out entirely");
    };
    let dir = root.parent().context("crate root has no directory")?;
    let mut extern_crates = Vec::new();
    inline_modules(&mut file.items, dir, Some(dir), strip, &mut extern_crates)?;
    Ok(Loaded {
        file,
        extern_crates,
    })
}

/// Reads and strips one file, inlining its `include_str!`s; `None` if its inner
/// `#![cfg(..)]` is known false.
fn parse(path: &Utf8Path, strip: &mut Strip) -> Result<Option<syn::File>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    let mut file = syn::parse_file(&text).map_err(|e| {
        let at = e.span().start();
        anyhow::anyhow!("{path}:{}:{}: {e}", at.line, at.column + 1)
    })?;
    if !strip.file(&mut file) {
        return Ok(None);
    }
    include::inline_includes(&mut file, path.parent().unwrap_or(Utf8Path::new(".")))?;
    Ok(Some(file))
}

/// Inlines the `mod x;` among `items`, whose child module files live in `dir`.
/// `file_dir` is the directory of the file holding `items` directly (`None` inside
/// inline modules, where `#[path]` is not supported).
fn inline_modules(
    items: &mut Vec<Item>,
    dir: &Utf8Path,
    file_dir: Option<&Utf8Path>,
    strip: &mut Strip,
    extern_crates: &mut Vec<ExternCrate>,
) -> Result<()> {
    let mut enabled = Vec::with_capacity(items.len());
    for mut item in items.drain(..) {
        match &mut item {
            Item::Mod(module) if module.content.is_none() => {
                let (path, child_dir) = module_file(module, dir, file_dir)?;
                let Some(file) = parse(&path, strip)? else {
                    continue;
                };
                module.attrs.retain(|a| !a.path().is_ident("path"));
                module.attrs.extend(file.attrs);
                module.content = Some((Default::default(), file.items));
                module.semi = None;
                let (_, items) = module.content.as_mut().expect("just set");
                inline_modules(items, &child_dir, path.parent(), strip, extern_crates)?;
            }
            Item::Mod(module) => {
                let child_dir = dir.join(module.ident.to_string());
                let (_, items) = module.content.as_mut().expect("inline module");
                inline_modules(items, &child_dir, None, strip, extern_crates)?;
            }
            Item::ExternCrate(krate) => {
                let name = crate::uses::unraw(&krate.ident);
                let binding = match &krate.rename {
                    Some((_, alias)) => crate::uses::unraw(alias),
                    None => name.clone(),
                };
                let macro_use = MacroUse::of(&krate.attrs)?;
                extern_crates.push(ExternCrate {
                    name,
                    binding,
                    macro_use,
                });
                continue;
            }
            _ => {}
        }
        enabled.push(item);
    }
    *items = enabled;
    Ok(())
}

/// For `mod x;` declared in a module whose children live in `dir`: x's file and the
/// directory of x's own children.
fn module_file(
    module: &ItemMod,
    dir: &Utf8Path,
    file_dir: Option<&Utf8Path>,
) -> Result<(Utf8PathBuf, Utf8PathBuf)> {
    let name = module.ident.to_string();
    let name = name.strip_prefix("r#").unwrap_or(&name);
    if let Some(path) = path_attribute(module) {
        // Relative to the declaring file's directory; the file then acts like a
        // mod.rs: its children live next to it.
        let file_dir = file_dir
            .with_context(|| format!("{dir}: #[path] inside an inline module is not supported"))?;
        let path = file_dir.join(path);
        let child_dir = path.parent().unwrap_or(file_dir).to_path_buf();
        return Ok((path, child_dir));
    }
    let flat = dir.join(format!("{name}.rs"));
    let nested = dir.join(name).join("mod.rs");
    match (flat.is_file(), nested.is_file()) {
        (true, false) => Ok((flat, dir.join(name))),
        (false, true) => Ok((nested, dir.join(name))),
        (true, true) => bail!("both {flat} and {nested} exist for `mod {name}`"),
        (false, false) => bail!("no file for `mod {name}`: neither {flat} nor {nested}"),
    }
}

fn path_attribute(module: &ItemMod) -> Option<String> {
    module
        .attrs
        .iter()
        .find(|a| a.path().is_ident("path"))
        .and_then(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;
    use std::collections::BTreeSet;

    #[test]
    fn inlines_flat_nested_and_path_modules() {
        let dir = std::env::temp_dir().join(format!("bundle-load-{}", std::process::id()));
        let dir = Utf8PathBuf::from_path_buf(dir).unwrap();
        let write = |rel: &str, text: &str| {
            let path = dir.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(
            "src/lib.rs",
            "mod a; mod b; #[path = \"other/c_impl.rs\"] mod c; #[cfg(test)] mod missing; mod only_tests;",
        );
        write("src/only_tests.rs", "#![cfg(test)]\nfn helper() {}");
        write("src/a.rs", "pub mod inner { pub mod deep; } fn a() {}");
        write("src/a/inner/deep.rs", "fn deep() {}");
        write("src/b/mod.rs", "//! doc\nmod leaf; fn b() {}");
        write("src/b/leaf.rs", "fn leaf() {}");
        write("src/other/c_impl.rs", "mod sibling; fn c() {}");
        write("src/other/sibling.rs", "fn sibling() {}");
        let features = BTreeSet::new();
        let mut strip = Strip::new(&features, true);
        let file = load_crate(&dir.join("src/lib.rs"), &mut strip)
            .unwrap()
            .file;
        std::fs::remove_dir_all(&dir).unwrap();
        let text = file.to_token_stream().to_string();
        let expected = "mod a { pub mod inner { pub mod deep { fn deep () { } } } fn a () { } } \
                        mod b { mod leaf { fn leaf () { } } fn b () { } } \
                        mod c { mod sibling { fn sibling () { } } fn c () { } }";
        assert_eq!(text, expected);
    }
}
