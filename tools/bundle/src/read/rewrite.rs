//! Path rewriting, so that crates compile as modules of one crate:
//!
//! - in library `L`: `crate::x` becomes `crate::L::x` (`pub(in crate::x)` too);
//! - everywhere: `D::x` and `::D::x`, where `D` names a bundled library, become
//!   `crate::M::x` (`M` being D's module);
//! - in `macro_rules!` bodies of `L`: `$crate::x` becomes `$crate::L::x` unless `x` is
//!   one of L's `#[macro_export]` macros, which live at the crate root;
//! - names bound by `extern crate alloc;` (or `extern crate core as std;`) become the
//!   std crate they stand for: `alloc::vec::Vec` is `std::vec::Vec`, since the bundle
//!   is a std binary with no `extern crate` and std re-exports all of alloc and core;
//! - a plain call `m!` of a macro that `#[macro_use] extern crate D;` brought into
//!   scope becomes `crate::m!` (`#[macro_export]` put D's macros at the bundle's root).
//!
//! Macro invocations and `macro_rules!` bodies are opaque to syn, so their tokens get
//! the same rules at token level. In a macro body, `crate::x` and `D::x` resolve where
//! the macro is expanded; macros that use them are in practice the library's own
//! internal ones, expanded in the library, so they are rewritten like the library.

use crate::uses::{retain_leaves, unraw, LeafKind};
use proc_macro2::{Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use syn::visit_mut::{self, VisitMut};
use syn::{parse_quote, Item, Path, PathSegment, UseTree};

pub struct Rewrite<'a> {
    /// The library being rewritten, or `None` for `main.rs` (the bundle's root).
    pub module: Option<&'a str>,
    /// How this crate names bundled libraries, mapped to their modules.
    pub externs: &'a BTreeMap<String, String>,
    /// This library's `#[macro_export]` macros.
    pub exported: &'a BTreeSet<String>,
    /// Names bound by `extern crate` of a std crate, mapped to `std` or `core`.
    pub std_crates: &'a BTreeMap<String, String>,
    /// Other crates' exported macros that `#[macro_use] extern crate` put in scope
    /// everywhere in this crate: a plain call `m!` becomes `crate::m!`, where
    /// `#[macro_export]` put `m` in the bundle.
    pub macro_uses: &'a BTreeSet<String>,
}

impl Rewrite<'_> {
    /// Rewrites the head of `path` in place.
    fn rewrite_path(&self, path: &mut Path) {
        let Some(first) = path.segments.first() else {
            return;
        };
        let first_name = unraw(&first.ident);
        if let Some(std_crate) = self.std_crates.get(&first_name) {
            if path.leading_colon.is_some() || path.segments.len() > 1 {
                path.segments[0].ident = ident(std_crate);
            }
            return;
        }
        if let Some(module) = self.externs.get(&first_name) {
            if path.leading_colon.is_some() || path.segments.len() > 1 {
                path.leading_colon = None;
                path.segments[0].ident = ident(module);
                path.segments.insert(0, PathSegment::from(ident("crate")));
                return;
            }
        }
        if let Some(module) = self
            .module
            .filter(|_| first_name == "crate" && path.segments.len() > 1)
        {
            path.segments.insert(1, PathSegment::from(ident(module)));
        }
    }

    /// Rewrites the head of a `use` tree (`crate::..`, `D::..`, `D`, `D as x`).
    fn rewrite_use(&self, tree: &mut UseTree, leading_colon: bool) -> bool {
        match tree {
            UseTree::Path(path) if path.ident == "crate" && !leading_colon => {
                let Some(module) = self.module else {
                    return false;
                };
                let (module, rest) = (ident(module), path.tree.clone());
                *path.tree = parse_quote!(#module :: #rest);
                true
            }
            UseTree::Path(path) if self.std_crates.contains_key(&unraw(&path.ident)) => {
                path.ident = ident(&self.std_crates[&unraw(&path.ident)]);
                false
            }
            UseTree::Path(path) => {
                let Some(module) = self.externs.get(&unraw(&path.ident)) else {
                    return false;
                };
                let (module, rest) = (ident(module), path.tree.clone());
                *tree = parse_quote!(crate :: #module :: #rest);
                true
            }
            UseTree::Name(name) => {
                let Some(module) = self.externs.get(&unraw(&name.ident)) else {
                    return false;
                };
                let (module, alias) = (ident(module), name.ident.clone());
                *tree = if module == alias {
                    parse_quote!(crate :: #module)
                } else {
                    parse_quote!(crate :: #module as #alias)
                };
                true
            }
            UseTree::Rename(rename) => {
                let Some(module) = self.externs.get(&unraw(&rename.ident)) else {
                    return false;
                };
                let (module, alias) = (ident(module), rename.rename.clone());
                *tree = parse_quote!(crate :: #module as #alias);
                true
            }
            UseTree::Group(group) if !leading_colon => {
                let mut any = false;
                for tree in &mut group.items {
                    any |= self.rewrite_use(tree, false);
                }
                any
            }
            _ => false,
        }
    }

    /// Whether `word`, followed by `rest` after `done`, is a plain call of a macro that
    /// `#[macro_use]` brought in: `m ! (..)`, not `x :: m !`, `$m !` or `m != y`.
    fn is_macro_use(&self, word: &Ident, rest: &[TokenTree], done: &[TokenTree]) -> bool {
        let bang = matches!(rest.first(), Some(TokenTree::Punct(p)) if p.as_char() == '!');
        let called = matches!(rest.get(1), Some(TokenTree::Group(_)));
        let after_dollar = matches!(done.last(), Some(TokenTree::Punct(p)) if p.as_char() == '$');
        bang && called
            && !after_dollar
            && !ends_with_path_sep(done)
            && self.macro_uses.contains(&unraw(word))
    }

    /// The same rules at token level, for macro invocations and definitions.
    fn rewrite_tokens(&self, tokens: TokenStream) -> TokenStream {
        let input: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::with_capacity(input.len());
        for (i, token) in input.iter().enumerate() {
            let word = match token {
                TokenTree::Group(group) => {
                    let mut rewritten =
                        Group::new(group.delimiter(), self.rewrite_tokens(group.stream()));
                    rewritten.set_span(group.span());
                    out.push(rewritten.into());
                    continue;
                }
                TokenTree::Ident(word) if self.is_macro_use(word, &input[i + 1..], &out) => {
                    out.push(ident("crate").into());
                    push_path_sep(&mut out);
                    out.push(token.clone());
                    continue;
                }
                TokenTree::Ident(word) if is_path_sep(&input[i + 1..]) => unraw(word),
                _ => {
                    out.push(token.clone());
                    continue;
                }
            };
            let after =
                |c: char| matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == c);
            let next_word = match input.get(i + 3) {
                Some(TokenTree::Ident(next)) => Some(unraw(next)),
                _ => None,
            };
            if let Some(std_crate) = self.std_crates.get(&word) {
                let continues_a_path = ends_with_path_sep(&out) && !is_leading_path_sep(&out);
                if !after('$') && !after('.') && !continues_a_path {
                    out.push(ident(std_crate).into());
                    continue;
                }
            }
            match (self.module, self.externs.get(&word)) {
                // `$crate :: x` -> `$crate :: L :: x`, unless x is an exported macro.
                (Some(module), _) if word == "crate" && after('$') => {
                    out.push(token.clone());
                    if next_word.is_some_and(|next| !self.exported.contains(&next)) {
                        push_path_sep(&mut out);
                        out.push(ident(module).into());
                    }
                }
                // `crate :: x` -> `crate :: L :: x`
                (Some(module), _) if word == "crate" && !after('$') => {
                    out.push(token.clone());
                    push_path_sep(&mut out);
                    out.push(ident(module).into());
                }
                // `D :: x` / `:: D :: x` -> `crate :: M :: x`
                (_, Some(module)) if !after('$') && !after('.') => {
                    if ends_with_path_sep(&out) {
                        if !is_leading_path_sep(&out) {
                            out.push(token.clone());
                            continue;
                        }
                        out.truncate(out.len() - 2);
                    }
                    out.push(ident("crate").into());
                    push_path_sep(&mut out);
                    out.push(ident(module).into());
                }
                _ => out.push(token.clone()),
            }
        }
        out.into_iter().collect()
    }
}

/// `<T as D::Trait>::Item` counts the trait's segments in `qself.position`: when the
/// rewrite lengthens the path in front, the position moves with it.
macro_rules! qualified_paths {
    ($($method:ident: $node:ty),*) => {$(
        fn $method(&mut self, node: &mut $node) {
            let before = node.path.segments.len();
            visit_mut::$method(self, node);
            if let Some(q) = node.qself.as_mut().filter(|q| q.position > 0) {
                q.position += node.path.segments.len() - before;
            }
        }
    )*};
}

impl VisitMut for Rewrite<'_> {
    fn visit_path_mut(&mut self, path: &mut Path) {
        self.rewrite_path(path);
        visit_mut::visit_path_mut(self, path);
    }
    qualified_paths!(visit_type_path_mut: syn::TypePath, visit_expr_path_mut: syn::ExprPath,
        visit_expr_struct_mut: syn::ExprStruct, visit_pat_struct_mut: syn::PatStruct,
        visit_pat_tuple_struct_mut: syn::PatTupleStruct);
    fn visit_item_use_mut(&mut self, item: &mut syn::ItemUse) {
        if self.rewrite_use(&mut item.tree, item.leading_colon.is_some()) {
            item.leading_colon = None;
        }
    }
    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = self.rewrite_tokens(std::mem::take(&mut mac.tokens));
        visit_mut::visit_macro_mut(self, mac);
        // After the path rules, which would put this crate's module after `crate`.
        let plain = mac.path.leading_colon.is_none() && mac.path.segments.len() == 1;
        if plain
            && self
                .macro_uses
                .contains(&unraw(&mac.path.segments[0].ident))
        {
            mac.path
                .segments
                .insert(0, PathSegment::from(ident("crate")));
        }
    }
}

/// Every `macro_rules!` defined in `items` (at any module depth), exported or not.
pub fn defined_macros(items: &[Item]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for item in items {
        match item {
            Item::Macro(mac) => names.extend(mac.ident.as_ref().map(unraw)),
            Item::Mod(module) => {
                if let Some((_, items)) = &module.content {
                    names.extend(defined_macros(items));
                }
            }
            _ => {}
        }
    }
    names
}

/// The `#[macro_export]` macros defined in `items` (at any module depth).
pub fn exported_macros(items: &[Item]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for item in items {
        match item {
            Item::Macro(mac) if mac.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                names.extend(mac.ident.as_ref().map(unraw));
            }
            Item::Mod(module) => {
                if let Some((_, items)) = &module.content {
                    names.extend(exported_macros(items));
                }
            }
            _ => {}
        }
    }
    names
}

/// At the bundle's root, `use crate::L::m;` of an exported macro `m` would clash with
/// `m` itself, which `#[macro_export]` already put there: drop such imports.
pub fn drop_root_macro_imports(
    items: &mut Vec<Item>,
    macros: &BTreeSet<String>,
    modules: &BTreeSet<String>,
) {
    items.retain_mut(|item| match item {
        Item::Use(item) => retain_leaves(&mut item.tree, &mut |leaf| {
            let into_library = leaf.prefix.len() >= 2
                && leaf.prefix[0] == "crate"
                && modules.contains(&leaf.prefix[1]);
            let imports_macro = matches!(&leaf.kind, LeafKind::Name(name) if macros.contains(name));
            !(into_library && imports_macro)
        }),
        _ => true,
    });
}

fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

fn is_punct(token: Option<&TokenTree>, c: char) -> bool {
    matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

fn is_path_sep(tokens: &[TokenTree]) -> bool {
    matches!(tokens.first(), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
        && is_punct(tokens.get(1), ':')
}

fn ends_with_path_sep(out: &[TokenTree]) -> bool {
    out.len() >= 2 && is_path_sep(&out[out.len() - 2..])
}

/// Whether the `::` ending `out` starts a path (`::D`) rather than continuing one
/// (`a::D`, `<T>::D`).
fn is_leading_path_sep(out: &[TokenTree]) -> bool {
    match out.len().checked_sub(3).map(|i| &out[i]) {
        None => true,
        Some(TokenTree::Punct(p)) => p.as_char() != '>',
        Some(_) => false,
    }
}

fn push_path_sep(out: &mut Vec<TokenTree>) {
    out.push(Punct::new(':', Spacing::Joint).into());
    out.push(Punct::new(':', Spacing::Alone).into());
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn rewrite(source: &str, module: Option<&str>) -> String {
        rewrite_with_std_crates(source, module, &[])
    }

    /// `std_crates`: the (binding, std crate) pairs of the `extern crate` items seen.
    fn rewrite_with_std_crates(
        source: &str,
        module: Option<&str>,
        std_crates: &[(&str, &str)],
    ) -> String {
        rewrite_all(source, module, std_crates, &[])
    }

    /// `macro_uses`: the macros `#[macro_use] extern crate` brought in.
    fn rewrite_all(
        source: &str,
        module: Option<&str>,
        std_crates: &[(&str, &str)],
        macro_uses: &[&str],
    ) -> String {
        let externs = [
            ("proconio", "proconio"),
            ("shared_grid", "shared_grid"),
            ("renamed", "real"),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        let exported = ["input".to_string()].into_iter().collect();
        let std_crates = std_crates
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        let mut file: syn::File = syn::parse_str(source).unwrap();
        Rewrite {
            module,
            externs: &externs,
            exported: &exported,
            std_crates: &std_crates,
            macro_uses: &macro_uses.iter().map(|m| m.to_string()).collect(),
        }
        .visit_file_mut(&mut file);
        file.to_token_stream().to_string()
    }

    #[test]
    fn macros_brought_in_by_macro_use_are_called_from_the_crate_root() {
        // In statements, items and other macros' tokens, at any depth; not paths,
        // metavariables, comparisons or other macros.
        let source = "fn f() -> u32 { square!(3) } square! { 4 } \
                      mod inner { fn g() { let v = vec![square!(2)]; other::square!(1); } } \
                      macro_rules! m { ($square:ident) => { square!(1) + $square!(2) + (square != 1) as u32 }; }";
        let out = rewrite_all(source, Some("lib"), &[], &["square"]);
        assert_eq!(
            out,
            "fn f () -> u32 { crate :: square ! (3) } crate :: square ! { 4 } \
             mod inner { fn g () { let v = vec ! [crate :: square ! (2)] ; other :: square ! (1) ; } } \
             macro_rules ! m { ($ square : ident) => { crate :: square ! (1) + $ square ! (2) + (square != 1) as u32 } ; }"
        );
        assert_eq!(
            rewrite_all(source, Some("lib"), &[], &[]),
            rewrite(source, Some("lib"))
        );
    }

    #[test]
    fn crate_paths_move_into_the_library_module() {
        let out = rewrite("pub(in crate::a) fn f(x: crate::a::T) -> crate::B { crate::g(); let crate::P(_) = p; }", Some("lib"));
        assert_eq!(
            out,
            "pub (in crate :: lib :: a) fn f (x : crate :: lib :: a :: T) -> crate :: lib :: B \
             { crate :: lib :: g () ; let crate :: lib :: P (_) = p ; }"
        );
        assert_eq!(
            rewrite("pub(crate) fn f() {}", Some("lib")),
            "pub (crate) fn f () { }"
        );
        assert_eq!(
            rewrite("fn f() -> crate::B {}", None),
            "fn f () -> crate :: B { }"
        );
    }

    #[test]
    fn library_paths_go_through_the_crate_root() {
        let out = rewrite("fn f() { shared_grid::Pos::new(); ::proconio::f(); renamed::g(); let x: Vec<shared_grid::Pos>; }", None);
        assert_eq!(
            out,
            "fn f () { crate :: shared_grid :: Pos :: new () ; crate :: proconio :: f () ; \
             crate :: real :: g () ; let x : Vec < crate :: shared_grid :: Pos > ; }"
        );
        // A single-segment path is a local name, not the crate.
        assert_eq!(
            rewrite("fn f() { proconio; }", None),
            "fn f () { proconio ; }"
        );
    }

    #[test]
    fn qualified_paths_keep_their_trait_boundary() {
        let out = rewrite(
            "type X = <T as proconio::Readable>::Output; type Y = <T>::Output;",
            Some("lib"),
        );
        assert_eq!(out, "type X = < T as crate :: proconio :: Readable > :: Output ; type Y = < T > :: Output ;");
        let parsed: syn::ItemType =
            syn::parse_str("type X = <T as crate::proconio::Readable>::Output;").unwrap();
        assert_eq!(
            parsed.to_token_stream().to_string(),
            out.split(" type Y").next().unwrap()
        );
    }

    #[test]
    fn use_trees() {
        let out = rewrite(
            "use crate::a::{b, c}; use proconio::{input, source::Source}; use ::shared_grid::Grid; \
             use renamed; use proconio as p; use {crate::x, shared_grid::Pos}; use self::y::z; use std::io;",
            Some("lib"),
        );
        assert_eq!(
            out,
            "use crate :: lib :: a :: { b , c } ; use crate :: proconio :: { input , source :: Source } ; \
             use crate :: shared_grid :: Grid ; use crate :: real as renamed ; use crate :: proconio as p ; \
             use { crate :: lib :: x , crate :: shared_grid :: Pos } ; use self :: y :: z ; use std :: io ;"
        );
    }

    #[test]
    fn macro_invocations_at_token_level() {
        let out = rewrite(
            "fn f() { proconio::input!{ from s, g: [shared_grid::Pos; crate::N] } println!(\"{}\", ::proconio::X, a::proconio::Y, x.proconio::<u8>()); }",
            Some("lib"),
        );
        assert_eq!(
            out,
            "fn f () { crate :: proconio :: input ! { from s , g : [crate :: shared_grid :: Pos ; crate :: lib :: N] } \
             println ! (\"{}\" , crate :: proconio :: X , a :: proconio :: Y , x . proconio ::< u8 > ()) ; }"
        );
    }

    #[test]
    fn macro_definitions() {
        let source = "macro_rules! input { ($proconio:tt) => { \
                      $crate::input!(@x); $crate::read::f(); crate::helper(); shared_grid::Pos::new(); $proconio::g(); \
                      } }";
        let out = rewrite(source, Some("lib"));
        assert_eq!(
            out,
            "macro_rules ! input { ($ proconio : tt) => { \
             $ crate :: input ! (@ x) ; $ crate :: lib :: read :: f () ; crate :: lib :: helper () ; \
             crate :: shared_grid :: Pos :: new () ; $ proconio :: g () ; } }"
        );
    }

    #[test]
    fn std_crates_bound_by_extern_crate_become_std() {
        let std_crates = &[("alloc", "std"), ("std", "core")];
        // `extern crate alloc;` and `extern crate core as std;` were seen.
        let out = rewrite_with_std_crates(
            "use alloc::{vec::Vec, string::String}; use ::alloc::boxed::Box; \
             fn f() -> std::cmp::Ordering { let v: alloc::vec::Vec<u8> = alloc::vec![1]; x.alloc::<u8>(); a::alloc::b(); alloc }",
            Some("lib"),
            std_crates,
        );
        assert_eq!(
            out,
            "use std :: { vec :: Vec , string :: String } ; use :: std :: boxed :: Box ; \
             fn f () -> core :: cmp :: Ordering { let v : std :: vec :: Vec < u8 > = std :: vec ! [1] ; \
             x . alloc :: < u8 > () ; a :: alloc :: b () ; alloc }"
        );
        let tokens = "macro_rules! m { ($alloc:ident) => { alloc::vec![std::cmp::max(1, 2)]; ::alloc::format!(\"\"); $alloc::x; } }";
        assert_eq!(
            rewrite_with_std_crates(tokens, Some("lib"), std_crates),
            "macro_rules ! m { ($ alloc : ident) => { std :: vec ! [core :: cmp :: max (1 , 2)] ; \
             :: std :: format ! (\"\") ; $ alloc :: x ; } }"
        );
    }

    #[test]
    fn root_imports_of_exported_macros_are_dropped() {
        let mut file: syn::File =
            syn::parse_str("use crate::proconio::{input, source::Source}; use crate::proconio::input as i; use std::io::input;").unwrap();
        let macros = ["input".to_string()].into_iter().collect();
        let modules = ["proconio".to_string()].into_iter().collect();
        drop_root_macro_imports(&mut file.items, &macros, &modules);
        assert_eq!(
            file.to_token_stream().to_string(),
            "use crate :: proconio :: source :: Source ; use crate :: proconio :: input as i ; use std :: io :: input ;"
        );
    }
}
