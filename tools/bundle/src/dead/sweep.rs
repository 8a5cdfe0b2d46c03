//! Applies a round's removals to a clone of the tree they were found in, with what
//! cannot outlive them: impls, arms, imports, initializers, macro-written members.

use super::find::{
    defined_names, impl_member_ident, leaf_spot, self_type_name, trait_member_ident,
};
use super::tokens::{entries, fn_names, idents_in, without_fn, without_impls_of};
use super::{position, Kill, Position, What};
use crate::uses::{retain_leaf_trees, unraw, Leaf};
use proc_macro2::TokenStream;
use quote::ToTokens;
use std::collections::{HashMap, HashSet};
use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{Item, Pat, Stmt};

/// Applies one round's kills to a clone of the tree they were found in (its spans
/// still say where each thing was).
pub(super) struct Sweep {
    pub(super) at: HashSet<(usize, usize)>,
    /// Dead types and traits by name, with the module defining each.
    pub(super) types: HashMap<String, String>,
    pub(super) traits: HashMap<String, String>,
    /// (trait, member) pairs.
    pub(super) members: HashSet<(String, String)>,
    /// (enum, variant) pairs.
    pub(super) variants: HashSet<(String, String)>,
    /// Entries of invocations to remove: (the invocation's position, the entry's text).
    pub(super) entries: HashSet<(Position, String)>,
    /// (struct, field) pairs.
    pub(super) fields: HashSet<(String, String)>,
    /// Dead items of modules by name, with the last segment of their module's path.
    pub(super) imported: HashSet<(String, String)>,
    /// The imports removed with the item they import: (name bound, name imported).
    pub(super) removed_imports: Vec<(String, String)>,
    /// The identifiers in each `macro_rules!` body, by macro name.
    pub(super) macro_bodies: HashMap<String, HashSet<String>>,
    /// The names of every type and trait defined outside macro bodies.
    pub(super) defined: HashSet<String>,
    pub(super) module: Vec<String>,
    /// The self type of the impl being swept, for `Self::Variant` patterns.
    pub(super) self_type: Option<String>,
}

impl Sweep {
    pub(super) fn new(kills: &[Kill], file: &syn::File) -> Sweep {
        let mut bodies = MacroBodies::default();
        bodies.visit_file(file);
        let mut sweep = Sweep {
            macro_bodies: bodies.bodies,
            defined: bodies.defined,
            at: HashSet::new(),
            types: HashMap::new(),
            traits: HashMap::new(),
            members: HashSet::new(),
            variants: HashSet::new(),
            fields: HashSet::new(),
            entries: HashSet::new(),
            imported: HashSet::new(),
            removed_imports: Vec::new(),
            module: vec!["crate".to_string()],
            self_type: None,
        };
        for kill in kills {
            if let What::Entry { text } = &kill.what {
                sweep.entries.insert((kill.at, text.clone()));
                continue;
            }
            sweep.at.insert(kill.at);
            let name = kill.name.clone();
            if let Some(home) = &kill.home {
                let last = home.rsplit("::").next().unwrap_or(home);
                sweep.imported.insert((name.clone(), last.to_string()));
            }
            match &kill.what {
                What::Type { module } => {
                    sweep.types.insert(name, module.clone());
                }
                What::Trait { module } => {
                    sweep.traits.insert(name, module.clone());
                }
                What::TraitMember { owner } => {
                    sweep.members.insert((owner.clone(), name));
                }
                What::Variant { owner } => {
                    sweep.variants.insert((owner.clone(), name));
                }
                What::Field { owner } => {
                    sweep.fields.insert((owner.clone(), name));
                }
                What::Plain | What::Leaf | What::Entry { .. } => {}
            }
        }
        sweep
    }

    fn killed(&self, ident: &syn::Ident) -> bool {
        self.at.contains(&position(ident.span()))
    }

    /// Whether `item`, among `items` (what its module defines), goes.
    fn kills_item(&mut self, item: &mut Item, defined: &HashSet<String>) -> bool {
        let module = self.module.join("::");
        // A dead name defined in another module means this module's impls are for it
        // only if this module does not define that name itself.
        let dead = |map: &HashMap<String, String>, name: &str| {
            map.get(name)
                .is_some_and(|home| *home == module || !defined.contains(name))
        };
        match item {
            Item::Fn(f) => self.killed(&f.sig.ident),
            Item::Const(c) => self.killed(&c.ident),
            Item::Static(s) => self.killed(&s.ident),
            Item::Type(t) => self.killed(&t.ident),
            Item::TraitAlias(t) => self.killed(&t.ident),
            Item::Macro(m) => match &m.ident {
                Some(ident) => {
                    // Impls a macro writes lose the dead members of their trait; those of
                    // a dead trait go.
                    let body = &self.macro_bodies[&ident.to_string()];
                    for (owner, member) in &self.members {
                        if body.contains(owner) {
                            m.mac.tokens = without_fn(m.mac.tokens.clone(), member);
                        }
                    }
                    for name in self.traits.keys() {
                        if body.contains(name) {
                            m.mac.tokens = without_impls_of(m.mac.tokens.clone(), name);
                        }
                    }
                    self.killed(ident)
                }
                None => {
                    let Some(called) = m.mac.path.segments.last() else {
                        return false;
                    };
                    if self.killed(&called.ident) {
                        return true;
                    }
                    let at = position(called.ident.span());
                    if self.entries.iter().any(|(p, _)| *p == at) {
                        let kept: Vec<TokenStream> = entries(m.mac.tokens.clone())
                            .into_iter()
                            .filter(|e| !self.entries.contains(&(at, e.to_string())))
                            .collect();
                        if kept.is_empty() {
                            return true;
                        }
                        m.mac.tokens = kept.into_iter().collect();
                    }
                    // An invocation writing impls of a dead trait or for a dead type.
                    let mut names = HashSet::new();
                    idents_in(m.mac.tokens.clone(), &mut names);
                    if let Some(body) = self.macro_bodies.get(&called.ident.to_string()) {
                        names.extend(body.iter().cloned());
                    }
                    // Only if it names no type or trait that stays (its macro's impls of
                    // dead traits go from the macro instead).
                    let dead =
                        |n: &String| self.types.contains_key(n) || self.traits.contains_key(n);
                    if !names.iter().any(dead) {
                        return false;
                    }
                    if !names.iter().any(|n| self.defined.contains(n) && !dead(n)) {
                        return true;
                    }
                    // A list of entries for live and dead types alike loses those
                    // naming a dead type.
                    let entries = entries(m.mac.tokens.clone());
                    let naming_dead = |entry: &TokenStream| {
                        let mut names = HashSet::new();
                        idents_in(entry.clone(), &mut names);
                        names.iter().any(|n| self.types.contains_key(n))
                    };
                    if entries.len() > 1 && entries.iter().any(naming_dead) {
                        m.mac.tokens = entries.into_iter().filter(|e| !naming_dead(e)).collect();
                    }
                    false
                }
            },
            Item::Struct(s) => {
                if let syn::Fields::Named(fields) = &mut s.fields {
                    let named = std::mem::take(&mut fields.named);
                    fields.named = named
                        .into_pairs()
                        .filter(|pair| {
                            let Some(ident) = &pair.value().ident else {
                                return true;
                            };
                            !self.killed(ident)
                        })
                        .collect();
                }
                self.killed(&s.ident)
            }
            Item::Union(u) => self.killed(&u.ident),
            Item::Enum(e) => {
                e.variants = std::mem::take(&mut e.variants)
                    .into_pairs()
                    .filter(|pair| !self.killed(&pair.value().ident))
                    .collect();
                self.killed(&e.ident)
            }
            Item::Trait(t) => {
                t.items
                    .retain(|member| !trait_member_ident(member).is_some_and(|i| self.killed(i)));
                self.killed(&t.ident)
            }
            Item::Mod(m) => self.killed(&m.ident),
            Item::Use(u) => !retain_leaf_trees(&mut u.tree, &mut |leaf, node| {
                let killed = self.at.contains(&leaf_spot(node).start);
                !(killed || self.imports_dead(leaf))
            }),
            Item::Impl(i) => {
                if self.at.contains(&position(i.impl_token.span)) {
                    return true;
                }
                let self_type = self_type_name(&i.self_ty);
                if self_type.as_deref().is_some_and(|t| dead(&self.types, t)) {
                    return true;
                }
                // `impl From<Dead> for Result`: the header names a dead type.
                let mut header = HashSet::new();
                if let Some((path, _)) = &i.trait_ {
                    idents_in(path.to_token_stream(), &mut header);
                }
                idents_in(i.self_ty.to_token_stream(), &mut header);
                if header.iter().any(|name| dead(&self.types, name)) {
                    return true;
                }
                let trait_name = i
                    .trait_
                    .as_ref()
                    .and_then(|(path, _)| path.segments.last())
                    .map(|s| unraw(&s.ident));
                if let Some(name) = &trait_name {
                    if dead(&self.traits, name) {
                        return true;
                    }
                }
                let had_members = !i.items.is_empty();
                i.items.retain(|member| {
                    let Some(ident) = impl_member_ident(member) else {
                        return true;
                    };
                    let of_dead_trait_member = trait_name
                        .as_ref()
                        .is_some_and(|t| self.members.contains(&(t.clone(), unraw(ident))));
                    !(self.killed(ident) || of_dead_trait_member)
                });
                // An inherent impl emptied here goes with its last member.
                i.trait_.is_none() && had_members && i.items.is_empty()
            }
            _ => false,
        }
    }

    /// Whether a `use` leaf imports a dead item: `home::name`, or `super::name`,
    /// `self::name`, `crate::name` (whose module is not checked).
    fn imports_dead(&mut self, leaf: &Leaf) -> bool {
        let (Some(name), Some(last)) = (leaf.original(), leaf.prefix.last()) else {
            return false;
        };
        let name = name.to_string();
        // A `use` of a name that is a macro's too may import the macro.
        if self.macro_bodies.contains_key(&name) {
            return false;
        }
        let dead = self.imported.contains(&(name.clone(), last.clone()))
            || (matches!(last.as_str(), "super" | "self" | "crate")
                && self.imported.iter().any(|(dead, _)| *dead == name));
        if dead {
            let bound = leaf.bound().unwrap_or("_").to_string();
            self.removed_imports.push((bound, name));
        }
        dead
    }

    fn sweep_items(&mut self, items: &mut Vec<Item>) {
        let defined = defined_names(items.iter());
        items.retain_mut(|item| !self.kills_item(item, &defined));
    }

    /// Whether a pattern names a dead variant (`Enum::V`, `Self::V`, `Enum::V(..)`).
    fn dead_pattern(&self, pat: &Pat) -> bool {
        let path = match pat {
            Pat::Path(p) => &p.path,
            Pat::TupleStruct(p) => &p.path,
            Pat::Struct(p) => &p.path,
            Pat::Guard(g) => return self.dead_pattern(&g.pat),
            Pat::Paren(p) => return self.dead_pattern(&p.pat),
            Pat::Or(or) => return or.cases.iter().all(|case| self.dead_pattern(case)),
            _ => return false,
        };
        let segments: Vec<String> = path.segments.iter().map(|s| unraw(&s.ident)).collect();
        let [.., owner, variant] = segments.as_slice() else {
            return false;
        };
        let owner = match (owner.as_str(), &self.self_type) {
            ("Self", Some(self_type)) => self_type,
            _ => owner,
        };
        self.variants.contains(&(owner.clone(), variant.clone()))
    }

    /// Drops the dead alternatives of an or-pattern (the arm goes if all are dead).
    fn prune_alternatives(&self, pat: &mut Pat) {
        match pat {
            Pat::Or(or) => {
                let cases = std::mem::take(&mut or.cases);
                or.cases = cases
                    .into_pairs()
                    .filter(|pair| !self.dead_pattern(pair.value()))
                    .collect();
                if or.cases.trailing_punct() {
                    or.cases.pop_punct();
                }
            }
            Pat::Guard(g) => self.prune_alternatives(&mut g.pat),
            _ => {}
        }
    }
}

impl VisitMut for Sweep {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        self.sweep_items(&mut file.items);
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        self.module.push(unraw(&module.ident));
        if let Some((_, items)) = &mut module.content {
            self.sweep_items(items);
        }
        visit_mut::visit_item_mod_mut(self, module);
        self.module.pop();
    }

    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        let outer = std::mem::replace(&mut self.self_type, self_type_name(&item.self_ty));
        visit_mut::visit_item_impl_mut(self, item);
        self.self_type = outer;
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let defined = defined_names(block.stmts.iter().filter_map(|stmt| match stmt {
            Stmt::Item(item) => Some(item),
            _ => None,
        }));
        block.stmts.retain_mut(|stmt| match stmt {
            Stmt::Item(item) => !self.kills_item(item, &defined),
            _ => true,
        });
        visit_mut::visit_block_mut(self, block);
    }

    fn visit_expr_struct_mut(&mut self, expr: &mut syn::ExprStruct) {
        if !self.fields.is_empty() && expr.qself.is_none() {
            let owner = expr.path.segments.last().map(|s| unraw(&s.ident));
            let owner = match (owner.as_deref(), &self.self_type) {
                (Some("Self"), Some(self_type)) => Some(self_type.clone()),
                _ => owner,
            };
            if let Some(owner) = owner {
                let values = std::mem::take(&mut expr.fields);
                expr.fields = values
                    .into_pairs()
                    .filter(|pair| {
                        let value = pair.value();
                        let syn::Member::Named(name) = &value.member else {
                            return true;
                        };
                        let inert = matches!(value.expr, syn::Expr::Path(_) | syn::Expr::Lit(_));
                        !(inert && self.fields.contains(&(owner.clone(), unraw(name))))
                    })
                    .collect();
            }
        }
        visit_mut::visit_expr_struct_mut(self, expr);
    }

    fn visit_expr_match_mut(&mut self, expr: &mut syn::ExprMatch) {
        if !self.variants.is_empty() {
            expr.arms.retain(|arm| !self.dead_pattern(&arm.pat));
            for arm in &mut expr.arms {
                self.prune_alternatives(&mut arm.pat);
            }
        }
        visit_mut::visit_expr_match_mut(self, expr);
    }
}

/// The identifiers of each `macro_rules!` body, by macro name (merged when two macros
/// share a name).
/// Also the names of the types and traits defined outside macro bodies.
#[derive(Default)]
pub(super) struct MacroBodies {
    pub(super) bodies: HashMap<String, HashSet<String>>,
    pub(super) defined: HashSet<String>,
    /// The `fn` names of each macro whose body writes an `impl`.
    pub(super) methods: HashMap<String, Vec<String>>,
}

impl<'ast> Visit<'ast> for MacroBodies {
    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if let Some(ident) = &item.ident {
            let body = self.bodies.entry(ident.to_string()).or_default();
            idents_in(item.mac.tokens.clone(), body);
            if body.contains("impl") {
                let mut names = Vec::new();
                fn_names(item.mac.tokens.clone(), &mut names);
                self.methods.insert(ident.to_string(), names);
            }
        }
    }

    fn visit_item(&mut self, item: &'ast Item) {
        self.defined.extend(defined_names([item]));
        visit::visit_item(self, item);
    }
}
