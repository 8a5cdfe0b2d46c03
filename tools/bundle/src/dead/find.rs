//! Where rustc's spans point: the items, members, variants, fields, import leaves and
//! macro invocations to remove (`Kill`s), found in the tree parsed from the checked text.

use super::diagnostics::Spot;
use super::tokens::ident_at;
use super::{position, Kill, What};
use crate::uses::{retain_leaf_trees, unraw, Leaf};
use std::collections::HashSet;
use syn::visit::{self, Visit};
use syn::{Attribute, ImplItem, Item, TraitItem, UseTree};

/// What the warnings at `targets` let go, found in the tree parsed from the checked text;
/// those at `cfg_targets` only if under a `#[cfg(..)]`.
pub(super) fn find_kills(file: &syn::File, targets: &[Spot], cfg_targets: &[Spot]) -> Vec<Kill> {
    let mut finder = Finder {
        starts: targets.iter().map(|t| t.start).collect(),
        cfg_starts: cfg_targets.iter().map(|t| t.start).collect(),
        targets,
        cfg_targets,
        under_cfg: 0,
        module: vec!["crate".to_string()],
        owner: None,
        kills: Vec::new(),
    };
    finder.visit_file(file);
    finder.kills
}

pub(super) struct Finder<'a> {
    starts: HashSet<(usize, usize)>,
    cfg_starts: HashSet<(usize, usize)>,
    targets: &'a [Spot],
    cfg_targets: &'a [Spot],
    /// How many of the items around the one visited carry a `#[cfg(..)]`.
    under_cfg: usize,
    module: Vec<String>,
    /// The trait or inherent impl being visited: (its name, whether a trait).
    owner: Option<(String, bool)>,
    kills: Vec<Kill>,
}

impl Finder<'_> {
    fn path(&self) -> String {
        self.module.join("::")
    }

    fn hit(&mut self, ident: &syn::Ident, what: What) {
        let at = position(ident.span());
        let cfg_hit = self.under_cfg > 0 && self.cfg_starts.contains(&at);
        if !(self.starts.contains(&at) || cfg_hit) {
            return;
        }
        let name = unraw(ident);
        let home = self.owner.is_none().then(|| self.path());
        let key = match &what {
            What::TraitMember { owner } | What::Variant { owner } | What::Field { owner } => {
                format!("{}::{owner}::{name}", self.path())
            }
            What::Plain => match &self.owner {
                Some((owner, _)) => format!("{}::{owner}::{name}", self.path()),
                None => format!("{}::{name}", self.path()),
            },
            _ => format!("{}::{name}", self.path()),
        };
        let home = match what {
            What::Plain | What::Type { .. } | What::Trait { .. } => home,
            _ => None,
        };
        self.kills.push(Kill {
            key,
            name,
            at,
            what,
            home,
        });
    }

    fn visit_item_under_cfg(&mut self, item: &Item) {
        let module = self.path();
        match item {
            Item::Fn(f) => self.hit(&f.sig.ident, What::Plain),
            Item::Const(c) => self.hit(&c.ident, What::Plain),
            Item::Static(s) => self.hit(&s.ident, What::Plain),
            Item::Type(t) => self.hit(&t.ident, What::Plain),
            Item::TraitAlias(t) => self.hit(&t.ident, What::Plain),
            Item::Macro(m) => match &m.ident {
                Some(ident) => self.hit(ident, What::Plain),
                // An invocation whose tokens name what rustc reports unused (a struct it
                // defines): it goes whole.
                None => {
                    let starts = if self.under_cfg > 0 {
                        self.starts.union(&self.cfg_starts).copied().collect()
                    } else {
                        self.starts.clone()
                    };
                    if let (Some(name), Some(called)) = (
                        ident_at(m.mac.tokens.clone(), &starts),
                        m.mac.path.segments.last(),
                    ) {
                        self.kills.push(Kill {
                            key: format!("{module}::{}!{name}", called.ident),
                            name,
                            at: position(called.ident.span()),
                            what: What::Plain,
                            home: None,
                        });
                    }
                }
            },
            Item::Struct(s) => {
                self.hit(&s.ident, What::Type { module });
                if let syn::Fields::Named(fields) = &s.fields {
                    let owner = unraw(&s.ident);
                    let before = self.kills.len();
                    for field in fields.named.iter() {
                        if let Some(ident) = &field.ident {
                            let owner = owner.clone();
                            self.hit(ident, What::Field { owner });
                        }
                    }
                    // A generic struct emptied of its fields would leave its parameters
                    // unused: it goes whole or not at all.
                    let emptied = self.kills.len() - before == fields.named.len();
                    if emptied && !s.generics.params.is_empty() {
                        self.kills.truncate(before);
                    }
                }
            }
            Item::Union(u) => self.hit(&u.ident, What::Type { module }),
            Item::Enum(e) => {
                self.hit(&e.ident, What::Type { module });
                let owner = unraw(&e.ident);
                for variant in &e.variants {
                    let what = What::Variant {
                        owner: owner.clone(),
                    };
                    self.hit(&variant.ident, what);
                }
            }
            Item::Trait(t) => {
                self.hit(&t.ident, What::Trait { module });
                let outer = self.owner.replace((unraw(&t.ident), true));
                visit::visit_item_trait(self, t);
                self.owner = outer;
                return;
            }
            Item::Impl(i) => {
                // A trait impl's members are the trait's: rustc never reports them.
                let owner = self_type_name(&i.self_ty).filter(|_| i.trait_.is_none());
                let outer = std::mem::replace(&mut self.owner, owner.map(|o| (o, false)));
                visit::visit_item_impl(self, i);
                self.owner = outer;
                return;
            }
            Item::Mod(m) => {
                if m.content
                    .as_ref()
                    .is_some_and(|(_, items)| items.is_empty())
                {
                    // Empty in the text rustc checked: not even a glob imports from it.
                    let name = unraw(&m.ident);
                    self.kills.push(Kill {
                        key: format!("{module}::{name}"),
                        name,
                        at: position(m.ident.span()),
                        what: What::Plain,
                        home: Some(module.clone()),
                    });
                }
                self.module.push(unraw(&m.ident));
                let outer = self.owner.take();
                visit::visit_item_mod(self, m);
                self.owner = outer;
                self.module.pop();
                return;
            }
            Item::Use(u) => {
                let mut tree = u.tree.clone();
                let targets = self.targets;
                let cfg_targets = if self.under_cfg > 0 {
                    self.cfg_targets
                } else {
                    &[]
                };
                retain_leaf_trees(&mut tree, &mut |leaf, node| {
                    let spot = leaf_spot(node);
                    if targets.iter().chain(cfg_targets).any(|t| t.contains(&spot)) {
                        self.kills.push(Kill {
                            key: format!("{module}::use {}", leaf_text(leaf)),
                            name: leaf.bound().unwrap_or("*").to_string(),
                            at: spot.start,
                            what: What::Leaf,
                            home: None,
                        });
                    }
                    true
                });
            }
            _ => {}
        }
        let outer = self.owner.take();
        visit::visit_item(self, item);
        self.owner = outer;
    }

    fn member(&mut self, ident: &syn::Ident) {
        match self.owner.clone() {
            Some((owner, true)) => self.hit(ident, What::TraitMember { owner }),
            Some((_, false)) => self.hit(ident, What::Plain),
            None => {}
        }
    }
}

impl<'ast> Visit<'ast> for Finder<'_> {
    fn visit_item(&mut self, item: &'ast Item) {
        let cfg = item_attrs(item)
            .iter()
            .any(|attr| attr.path().is_ident("cfg"));
        self.under_cfg += usize::from(cfg);
        self.visit_item_under_cfg(item);
        self.under_cfg -= usize::from(cfg);
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        match item {
            ImplItem::Fn(f) => self.member(&f.sig.ident),
            ImplItem::Const(c) => self.member(&c.ident),
            ImplItem::Type(t) => self.member(&t.ident),
            _ => {}
        }
        let outer = self.owner.take();
        visit::visit_impl_item(self, item);
        self.owner = outer;
    }

    fn visit_trait_item(&mut self, item: &'ast TraitItem) {
        match item {
            TraitItem::Fn(f) => self.member(&f.sig.ident),
            TraitItem::Const(c) => self.member(&c.ident),
            TraitItem::Type(t) => self.member(&t.ident),
            _ => {}
        }
        let outer = self.owner.take();
        visit::visit_trait_item(self, item);
        self.owner = outer;
    }
}

pub(super) fn leaf_text(leaf: &Leaf) -> String {
    let mut parts = leaf.prefix.clone();
    parts.push(match &leaf.kind {
        crate::uses::LeafKind::Name(name) => name.clone(),
        crate::uses::LeafKind::Rename(name, alias) => format!("{name} as {alias}"),
        crate::uses::LeafKind::Glob => "*".to_string(),
    });
    parts.join("::")
}

/// Where a use tree's leaf is: `b` in `a::b`, `c as d` whole, `*`.
pub(super) fn leaf_spot(node: &UseTree) -> Spot {
    let (start, end) = match node {
        UseTree::Name(name) => (name.ident.span(), name.ident.span()),
        UseTree::Rename(rename) => (rename.ident.span(), rename.rename.span()),
        UseTree::Glob(glob) => (glob.star_token.span, glob.star_token.span),
        // Never a leaf.
        UseTree::Path(path) => (path.ident.span(), path.ident.span()),
        UseTree::Group(group) => (
            group.brace_token.span.open(),
            group.brace_token.span.close(),
        ),
    };
    let end = end.end();
    Spot {
        start: position(start),
        end: (end.line, end.column),
    }
}

/// `Foo` for `Foo<T>`, `&Foo`, `module::Foo`.
pub(super) fn self_type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => {
            path.path.segments.last().map(|s| unraw(&s.ident))
        }
        syn::Type::Reference(reference) => self_type_name(&reference.elem),
        syn::Type::Paren(paren) => self_type_name(&paren.elem),
        _ => None,
    }
}

pub(super) fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

pub(super) fn trait_member_ident(member: &TraitItem) -> Option<&syn::Ident> {
    match member {
        TraitItem::Fn(f) => Some(&f.sig.ident),
        TraitItem::Const(c) => Some(&c.ident),
        TraitItem::Type(t) => Some(&t.ident),
        _ => None,
    }
}

pub(super) fn impl_member_ident(member: &ImplItem) -> Option<&syn::Ident> {
    match member {
        ImplItem::Fn(f) => Some(&f.sig.ident),
        ImplItem::Const(c) => Some(&c.ident),
        ImplItem::Type(t) => Some(&t.ident),
        _ => None,
    }
}

/// The type and trait names a list of items defines.
pub(super) fn defined_names<'a>(items: impl IntoIterator<Item = &'a Item>) -> HashSet<String> {
    items
        .into_iter()
        .filter_map(|item| match item {
            Item::Struct(s) => Some(unraw(&s.ident)),
            Item::Enum(e) => Some(unraw(&e.ident)),
            Item::Union(u) => Some(unraw(&u.ident)),
            Item::Trait(t) => Some(unraw(&t.ident)),
            Item::Type(t) => Some(unraw(&t.ident)),
            _ => None,
        })
        .collect()
}
