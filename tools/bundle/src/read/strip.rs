//! Removes what a submission does not need: `#[cfg(test)]` code, code behind disabled
//! features, doc comments, and the lint levels a library sets for itself.
//!
//! `cfg` predicates are evaluated three-valued: `test` is false, `feature = "x"` is
//! known from the resolved graph, anything else (`debug_assertions`, `unix`, ...) is
//! left for rustc. Elements whose `cfg` is known false are removed where syn holds
//! them in a list (items, statements, fields, variants, arms, ...); known predicates
//! in any other position are rewritten to `all()` / `any()`, which bare rustc
//! evaluates the same way without knowing the features; so are those of `cfg!(..)`
//! (bare rustc would take every feature in `cfg!(feature = "x")` as off).

use proc_macro2::Span;
use std::collections::BTreeSet;
use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{AttrStyle, Attribute, Meta, Token};

/// Attribute stripping for one crate.
pub struct Strip<'a> {
    features: &'a BTreeSet<String>,
    /// Library code loses its inner lint/doc attributes (`#![warn(missing_docs)]` would
    /// fire once docs are gone); only `#![allow(..)]` stays.
    library: bool,
}

impl<'a> Strip<'a> {
    pub fn new(features: &'a BTreeSet<String>, library: bool) -> Strip<'a> {
        Strip { features, library }
    }

    /// Strips a whole file; returns false, leaving it as it is, when its own inner
    /// `#![cfg(..)]` is known false (a module file that exists only for tests).
    pub fn file(&mut self, file: &mut syn::File) -> bool {
        let enabled = self.keep(&mut file.attrs);
        if enabled {
            self.visit_file_mut(file);
        }
        enabled
    }

    /// Three-valued evaluation of a `cfg` predicate.
    fn eval(&self, predicate: &Meta) -> Option<bool> {
        match predicate {
            Meta::Path(path) => {
                let never = ["test", "doc", "doctest", "miri"];
                never
                    .iter()
                    .any(|name| path.is_ident(name))
                    .then_some(false)
            }
            Meta::NameValue(nv) if nv.path.is_ident("feature") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(self.features.contains(&s.value())),
                _ => None,
            },
            Meta::NameValue(_) => None,
            Meta::List(list) => {
                let args = list
                    .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                    .ok()?;
                let values: Vec<Option<bool>> = args.iter().map(|p| self.eval(p)).collect();
                if list.path.is_ident("not") && values.len() == 1 {
                    values[0].map(|v| !v)
                } else if list.path.is_ident("all") {
                    fold3(&values, false)
                } else if list.path.is_ident("any") {
                    fold3(&values, true)
                } else {
                    None
                }
            }
        }
    }

    /// `predicate` with each part whose value is known replaced by `all()` (true) or
    /// `any()` (false): `all(feature = "std", unix)` becomes `all(all(), unix)`, which
    /// bare rustc evaluates as cargo would have.
    fn settle(&self, predicate: &Meta) -> Meta {
        if let Some(value) = self.eval(predicate) {
            let constant = if value { "all" } else { "any" };
            let constant = syn::Ident::new(constant, Span::call_site());
            return syn::parse_quote!(#constant());
        }
        let Meta::List(list) = predicate else {
            return predicate.clone();
        };
        let Ok(args) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) else {
            return predicate.clone();
        };
        let args = args.iter().map(|arg| self.settle(arg));
        let path = &list.path;
        syn::parse_quote!(#path(#(#args),*))
    }

    /// The value of a `#[cfg(..)]` attribute, if it is one and is known.
    fn cfg_value(&self, attr: &Attribute) -> Option<bool> {
        if !attr.path().is_ident("cfg") {
            return None;
        }
        let predicate: Meta = attr.parse_args().ok()?;
        self.eval(&predicate)
    }

    /// Cleans the attributes of one element; returns false if the element must go.
    fn keep(&self, attrs: &mut Vec<Attribute>) -> bool {
        let mut cleaned = Vec::with_capacity(attrs.len());
        for attr in attrs.drain(..) {
            self.clean(attr, &mut cleaned);
        }
        *attrs = cleaned;
        let is_test = |a: &Attribute| a.path().is_ident("test") || a.path().is_ident("bench");
        !attrs
            .iter()
            .any(|a| self.cfg_value(a) == Some(false) || is_test(a))
    }

    /// Pushes what is left of `attr`: nothing for docs and known-true `cfg`s, the
    /// attributes of a `cfg_attr` whose predicate is known true, else `attr` itself.
    fn clean(&self, attr: Attribute, out: &mut Vec<Attribute>) {
        let path = attr.path();
        if path.is_ident("doc") || self.cfg_value(&attr) == Some(true) {
            return;
        }
        if self.library && matches!(attr.style, AttrStyle::Inner(_)) {
            let kept = ["allow", "cfg", "cfg_attr"];
            if !kept.iter().any(|name| path.is_ident(name)) {
                return;
            }
        }
        if path.is_ident("cfg_attr") {
            if let Ok(args) = attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            {
                let mut args = args.into_iter();
                if let Some(value) = args.next().and_then(|p| self.eval(&p)) {
                    if value {
                        for meta in args {
                            self.clean(
                                Attribute {
                                    meta,
                                    ..attr.clone()
                                },
                                out,
                            );
                        }
                    }
                    return;
                }
            }
        }
        out.push(attr);
    }

    fn retain<T: Attributed>(&self, list: &mut Vec<T>) {
        list.retain_mut(|element| element.attrs_mut().is_none_or(|attrs| self.keep(attrs)));
    }

    fn retain_punctuated<T: Attributed, P: Default>(&self, list: &mut Punctuated<T, P>) {
        let mut elements: Vec<T> = std::mem::take(list).into_iter().collect();
        self.retain(&mut elements);
        list.extend(elements);
    }
}

/// `all` (short = false) or `any` (short = true) over three-valued operands.
fn fold3(values: &[Option<bool>], short: bool) -> Option<bool> {
    if values.contains(&Some(short)) {
        Some(short)
    } else if values.iter().all(Option::is_some) {
        Some(!short)
    } else {
        None
    }
}

impl VisitMut for Strip<'_> {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        self.keep(&mut file.attrs);
        self.retain(&mut file.items);
        visit_mut::visit_file_mut(self, file);
    }
    fn visit_item_mod_mut(&mut self, item: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut item.content {
            self.retain(items);
        }
        visit_mut::visit_item_mod_mut(self, item);
    }
    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        self.retain(&mut item.items);
        visit_mut::visit_item_impl_mut(self, item);
    }
    fn visit_item_trait_mut(&mut self, item: &mut syn::ItemTrait) {
        self.retain(&mut item.items);
        visit_mut::visit_item_trait_mut(self, item);
    }
    fn visit_item_foreign_mod_mut(&mut self, item: &mut syn::ItemForeignMod) {
        self.retain(&mut item.items);
        visit_mut::visit_item_foreign_mod_mut(self, item);
    }
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        self.retain(&mut block.stmts);
        visit_mut::visit_block_mut(self, block);
    }
    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        self.retain_punctuated(&mut fields.named);
        visit_mut::visit_fields_named_mut(self, fields);
    }
    fn visit_fields_unnamed_mut(&mut self, fields: &mut syn::FieldsUnnamed) {
        self.retain_punctuated(&mut fields.unnamed);
        visit_mut::visit_fields_unnamed_mut(self, fields);
    }
    fn visit_item_enum_mut(&mut self, item: &mut syn::ItemEnum) {
        self.retain_punctuated(&mut item.variants);
        visit_mut::visit_item_enum_mut(self, item);
    }
    fn visit_expr_match_mut(&mut self, expr: &mut syn::ExprMatch) {
        self.retain(&mut expr.arms);
        visit_mut::visit_expr_match_mut(self, expr);
    }
    fn visit_expr_struct_mut(&mut self, expr: &mut syn::ExprStruct) {
        self.retain_punctuated(&mut expr.fields);
        visit_mut::visit_expr_struct_mut(self, expr);
    }
    /// Macro bodies are token streams, so the doc comments written inside them
    /// (`#[doc = ".."]` once lexed) are dropped here, token by token.
    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = without_doc_attributes(std::mem::take(&mut mac.tokens));
        let is_cfg = mac.path.segments.last().is_some_and(|s| s.ident == "cfg");
        if is_cfg {
            if let Ok(predicate) = syn::parse2::<Meta>(mac.tokens.clone()) {
                let settled = self.settle(&predicate);
                mac.tokens = quote::quote!(#settled);
            }
        }
        visit_mut::visit_macro_mut(self, mac);
    }
    /// Any attribute left in a position not filtered above: make known `cfg`s
    /// self-evident to bare rustc.
    fn visit_attribute_mut(&mut self, attr: &mut Attribute) {
        if attr.path().is_ident("cfg") {
            if let Ok(predicate) = attr.parse_args::<Meta>() {
                let settled = self.settle(&predicate);
                attr.meta = syn::parse_quote!(cfg(#settled));
            }
        }
    }
}

/// `tokens` less every `#[doc ..]` and `#![doc ..]`, at any depth.
fn without_doc_attributes(tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    use proc_macro2::{Delimiter, Group, TokenTree};
    let is_doc = |tree: Option<&TokenTree>| match tree {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Bracket => matches!(
            group.stream().into_iter().next(),
            Some(TokenTree::Ident(ident)) if ident == "doc"
        ),
        _ => false,
    };
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut index = 0;
    while index < trees.len() {
        if let TokenTree::Punct(pound) = &trees[index] {
            if pound.as_char() == '#' {
                let bang =
                    matches!(trees.get(index + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                let group_at = index + 1 + usize::from(bang);
                if is_doc(trees.get(group_at)) {
                    index = group_at + 1;
                    continue;
                }
            }
        }
        out.push(match &trees[index] {
            TokenTree::Group(group) => {
                let mut inner =
                    Group::new(group.delimiter(), without_doc_attributes(group.stream()));
                inner.set_span(group.span());
                TokenTree::Group(inner)
            }
            other => other.clone(),
        });
        index += 1;
    }
    out.into_iter().collect()
}

/// Elements that carry attributes, in the lists `Strip` filters.
trait Attributed {
    /// `None` for elements whose attributes are not tracked (they are kept).
    fn attrs_mut(&mut self) -> Option<&mut Vec<Attribute>>;
}

macro_rules! attributed {
    ($($ty:ty),*) => {$(
        impl Attributed for $ty {
            fn attrs_mut(&mut self) -> Option<&mut Vec<Attribute>> {
                Some(&mut self.attrs)
            }
        }
    )*};
}
attributed!(syn::Field, syn::Variant, syn::Arm, syn::FieldValue);

impl Attributed for syn::Item {
    fn attrs_mut(&mut self) -> Option<&mut Vec<Attribute>> {
        use syn::Item::*;
        Some(match self {
            Const(i) => &mut i.attrs,
            Enum(i) => &mut i.attrs,
            ExternCrate(i) => &mut i.attrs,
            Fn(i) => &mut i.attrs,
            ForeignMod(i) => &mut i.attrs,
            Impl(i) => &mut i.attrs,
            Macro(i) => &mut i.attrs,
            Mod(i) => &mut i.attrs,
            Static(i) => &mut i.attrs,
            Struct(i) => &mut i.attrs,
            Trait(i) => &mut i.attrs,
            TraitAlias(i) => &mut i.attrs,
            Type(i) => &mut i.attrs,
            Union(i) => &mut i.attrs,
            Use(i) => &mut i.attrs,
            _ => return None,
        })
    }
}

impl Attributed for syn::ImplItem {
    fn attrs_mut(&mut self) -> Option<&mut Vec<Attribute>> {
        use syn::ImplItem::*;
        Some(match self {
            Const(i) => &mut i.attrs,
            Fn(i) => &mut i.attrs,
            Type(i) => &mut i.attrs,
            Macro(i) => &mut i.attrs,
            _ => return None,
        })
    }
}

impl Attributed for syn::TraitItem {
    fn attrs_mut(&mut self) -> Option<&mut Vec<Attribute>> {
        use syn::TraitItem::*;
        Some(match self {
            Const(i) => &mut i.attrs,
            Fn(i) => &mut i.attrs,
            Type(i) => &mut i.attrs,
            Macro(i) => &mut i.attrs,
            _ => return None,
        })
    }
}

impl Attributed for syn::ForeignItem {
    fn attrs_mut(&mut self) -> Option<&mut Vec<Attribute>> {
        use syn::ForeignItem::*;
        Some(match self {
            Fn(i) => &mut i.attrs,
            Static(i) => &mut i.attrs,
            Type(i) => &mut i.attrs,
            Macro(i) => &mut i.attrs,
            _ => return None,
        })
    }
}

impl Attributed for syn::Stmt {
    fn attrs_mut(&mut self) -> Option<&mut Vec<Attribute>> {
        match self {
            syn::Stmt::Local(local) => Some(&mut local.attrs),
            syn::Stmt::Item(item) => item.attrs_mut(),
            syn::Stmt::Macro(mac) => Some(&mut mac.attrs),
            // Expression attributes are left to `visit_attribute_mut`.
            syn::Stmt::Expr(..) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn strip(source: &str, features: &[&str], library: bool) -> String {
        let features = features.iter().map(|f| f.to_string()).collect();
        let mut file: syn::File = syn::parse_str(source).unwrap();
        assert!(Strip::new(&features, library).file(&mut file));
        file.to_token_stream().to_string()
    }

    #[test]
    fn removes_test_code_and_docs() {
        let out = strip(
            "/// doc\n fn a() { #[cfg(test)] let x = 1; }\n #[cfg(test)] mod tests { fn t() {} }\n #[test] fn t2() {}",
            &[],
            true,
        );
        assert_eq!(out, "fn a () { }");
    }

    #[test]
    fn removes_doc_comments_inside_macro_bodies() {
        let out = strip(
            "macro_rules! m { () => { /// shifts\n fn f() {} #[inline] fn g() { #![doc = \"x\"] } }; }",
            &[],
            true,
        );
        assert!(!out.contains("doc"), "{out}");
        assert!(out.contains("# [inline]"), "{out}");
    }

    #[test]
    fn evaluates_features_three_valued() {
        let source = r#"
            #[cfg(feature = "on")] fn on() {}
            #[cfg(feature = "off")] fn off() {}
            #[cfg(all(feature = "on", unix))] fn unknown() {}
            #[cfg(any(feature = "on", unix))] fn known_any() {}
            #[cfg(not(feature = "off"))] fn negated() {}
            #[cfg_attr(feature = "on", derive(Clone))] struct S;
            #[cfg_attr(test, derive(Debug))] struct T;
        "#;
        let out = strip(source, &["on"], true);
        let expected = "fn on () { } # [cfg (all (all () , unix))] fn unknown () { } \
                        fn known_any () { } fn negated () { } # [derive (Clone)] struct S ; struct T ;";
        assert_eq!(out, expected);
    }

    #[test]
    fn library_keeps_only_allow_inner_attributes() {
        let source = "#![warn(missing_docs)]\n#![allow(dead_code)]\n//! doc\nfn f() {}";
        assert_eq!(
            strip(source, &[], true),
            "# ! [allow (dead_code)] fn f () { }"
        );
        assert_eq!(
            strip(source, &[], false),
            "# ! [warn (missing_docs)] # ! [allow (dead_code)] fn f () { }"
        );
    }

    #[test]
    fn fields_variants_and_arms() {
        let source = r#"
            struct S { a: u8, #[cfg(test)] b: u8 }
            enum E { A, #[cfg(feature = "x")] B }
            fn f(e: E) -> S { match e { #[cfg(test)] E::B => {}, _ => {} } S { a: 1, #[cfg(test)] b: 2 } }
        "#;
        let expected = "struct S { a : u8 } enum E { A } fn f (e : E) -> S { match e { _ => { } } S { a : 1 } }";
        assert_eq!(strip(source, &[], true), expected);
    }

    #[test]
    fn cfg_macros_with_known_predicates_become_constants() {
        let source = "fn f() -> [bool; 4] { [cfg!(feature = \"on\"), cfg!(not(feature = \"on\")), \
                      std::cfg!(any(test, feature = \"off\")), cfg!(all(feature = \"on\", unix))] }";
        assert_eq!(
            strip(source, &["on"], true),
            "fn f () -> [bool ; 4] { [cfg ! (all ()) , cfg ! (any ()) , std :: cfg ! (any ()) , \
             cfg ! (all (all () , unix))] }"
        );
    }

    #[test]
    fn expression_attributes_become_constant_cfgs() {
        let out = strip("fn f() { #[cfg(feature = \"x\")] g(); }", &[], true);
        assert_eq!(out, "fn f () { # [cfg (any ())] g () ; }");
    }
}
