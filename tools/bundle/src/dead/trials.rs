//! What rustc does not report but a check can prove unneeded: types and trait members
//! nothing names, trait impls and impl-list entries no method call names.

use super::find::{impl_member_ident, trait_member_ident};
use super::sweep::{MacroBodies, Sweep};
use super::tokens::{count_idents, count_uses, entries, idents_in};
use super::{
    position, settle, Checked, Kill, Members, MethodUses, Position, Report, What, IMPL_TRIAL_CHECKS,
};
use crate::uses::unraw;
use anyhow::Result;
use quote::ToTokens;
use std::collections::{HashMap, HashSet};
use syn::visit::{self, Visit};
use syn::visit_mut::VisitMut;
use syn::{ImplItem, Item};

/// Trait impls nothing may need, tried by halves: the bundle without them is checked,
/// a half that breaks it is split, a single impl that breaks it stays for good. At most
/// `IMPL_TRIAL_CHECKS` checks; what is left untried stays. The new bundle, if any went.
pub(super) fn try_impls(
    current: &Checked,
    edition: &str,
    report: &mut Report,
    protected: &mut HashSet<String>,
    trace: bool,
) -> Result<Option<Checked>> {
    let keys: Vec<String> = unneeded_impls(&current.file)
        .into_iter()
        .map(|kill| kill.key)
        .filter(|key| !protected.contains(key))
        .collect();
    if keys.is_empty() {
        return Ok(None);
    }
    let mut kept: Option<Checked> = None;
    let mut stack = vec![keys];
    let mut budget = IMPL_TRIAL_CHECKS;
    while let Some(group) = stack.pop() {
        let base = kept.as_ref().unwrap_or(current);
        if budget == 0 {
            protected.extend(group);
            continue;
        }
        let kills: Vec<Kill> = unneeded_impls(&base.file)
            .into_iter()
            .filter(|kill| group.contains(&kill.key))
            .collect();
        if kills.is_empty() {
            continue;
        }
        let mut candidate = base.file.clone();
        Sweep::new(&kills, &candidate).visit_file_mut(&mut candidate);
        let next = settle(&candidate, edition, report)?;
        budget -= 1;
        if next.errors().is_empty() {
            report.removed += kills.len();
            kept = Some(next);
        } else if group.len() == 1 {
            if trace {
                eprintln!("dead: keeps {} for good", group[0]);
            }
            protected.extend(group);
        } else {
            let (first, second) = group.split_at(group.len() / 2);
            stack.push(second.to_vec());
            stack.push(first.to_vec());
        }
    }
    Ok(kept)
}

/// The impls of traits in library modules that nothing may need: no method they define
/// is named anywhere but where some `fn` defines it (so neither an explicit call nor a
/// path like `Add::add` uses it: only an operator, a format string or a bound could,
/// and rustc says whether one does). Never `Drop` (it runs unnamed) nor `Deref`.
pub(super) fn unneeded_impls(file: &syn::File) -> Vec<Kill> {
    let mut uses: HashMap<String, usize> = HashMap::new();
    count_uses(file.to_token_stream(), &mut uses);
    let mut bodies = MacroBodies::default();
    bodies.visit_file(file);
    let mut impls = Impls {
        module: Vec::new(),
        found: Vec::new(),
        entries: Vec::new(),
        bodies: &bodies.methods,
    };
    impls.visit_file(file);
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut kills = Vec::new();
    for (key, at, methods) in impls.found {
        let ordinal = seen.entry(key.clone()).or_default();
        *ordinal += 1;
        // Its own body may call the name (`self.as_slice().hash(state)`): only uses
        // elsewhere count.
        let unnamed = methods
            .iter()
            .all(|(m, inside)| uses.get(m).copied().unwrap_or(0) <= *inside);
        if unnamed {
            kills.push(Kill {
                key: format!("{key} #{ordinal}"),
                name: key,
                at,
                what: What::Plain,
                home: None,
            });
        }
    }
    // Entries of lists whose macro writes impls: tried like impls, when no method the
    // macro defines is called as a method elsewhere.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (key, at, entry, methods) in impls.entries {
        let ordinal = seen.entry(key.clone()).or_default();
        *ordinal += 1;
        if methods.iter().all(|m| !uses.contains_key(m)) {
            kills.push(Kill {
                key: format!("{key} #{ordinal}"),
                name: key,
                at,
                what: What::Entry { text: entry },
                home: None,
            });
        }
    }
    kills
}

/// Trait impls of library modules: (module and header, position of `impl`, methods with
/// the uses of their names inside the impl).
pub(super) struct Impls<'a> {
    module: Vec<String>,
    found: Vec<(String, Position, Vec<MethodUses>)>,
    /// Entries of invocations: (key, invocation's position, entry text, methods).
    entries: Vec<(String, Position, String, Vec<String>)>,
    /// The `fn` names each impl-writing `macro_rules!` body defines.
    bodies: &'a HashMap<String, Vec<String>>,
}

impl<'ast> Visit<'ast> for Impls<'_> {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        self.module.push(unraw(&item.ident));
        visit::visit_item_mod(self, item);
        self.module.pop();
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        let Some(called) = item.mac.path.segments.last() else {
            return;
        };
        let Some(methods) = self.bodies.get(&called.ident.to_string()) else {
            return;
        };
        if item.ident.is_some() || self.module.is_empty() {
            return;
        }
        let list = entries(item.mac.tokens.clone());
        if list.len() < 2 {
            return;
        }
        let at = position(called.ident.span());
        for entry in list {
            let text = entry.to_string();
            let key = format!(
                "crate::{}::{}! {text}",
                self.module.join("::"),
                called.ident
            );
            self.entries.push((key, at, text, methods.clone()));
        }
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let Some((path, _)) = &item.trait_ else {
            return;
        };
        let never = ["Drop", "Deref", "DerefMut"];
        let name = path.segments.last().map(|s| unraw(&s.ident));
        if self.module.is_empty() || name.is_none_or(|n| never.contains(&n.as_str())) {
            return;
        }
        let key = format!(
            "crate::{}::impl {} for {}",
            self.module.join("::"),
            path.to_token_stream(),
            item.self_ty.to_token_stream()
        );
        let mut inside = HashMap::new();
        count_uses(item.to_token_stream(), &mut inside);
        let methods = item
            .items
            .iter()
            .filter_map(|member| match member {
                ImplItem::Fn(f) => {
                    let name = f.sig.ident.to_string();
                    let uses = inside.get(&name).copied().unwrap_or(0);
                    Some((name, uses))
                }
                _ => None,
            })
            .collect();
        self.found
            .push((key, position(item.impl_token.span), methods));
    }
}

/// The structs, enums and unions of library modules that no code names but their own
/// impls, imports and macros (rustc counts a type as used when its impls of std traits
/// build it): if the bundle compiles without them and all their impls, no value of
/// theirs exists. Each defined once in the bundle, outside the root.
pub(super) fn unnamed_types(file: &syn::File) -> Vec<Kill> {
    let mut mentions = Mentions {
        module: vec!["crate".to_string()],
        ..Mentions::default()
    };
    mentions.visit_file(file);
    let mut kills = Vec::new();
    for (name, defs) in mentions.defs {
        let [(module, at)] = defs.as_slice() else {
            continue;
        };
        // Its own definition names it once.
        if mentions.counts.get(&name).copied().unwrap_or(0) > 1 {
            continue;
        }
        kills.push(Kill {
            key: format!("{module}::{name}"),
            name,
            at: *at,
            what: What::Type {
                module: module.clone(),
            },
            home: Some(module.clone()),
        });
    }
    kills.extend(unnamed_members(file));
    kills.sort_by_key(|kill| kill.at);
    kills
}

/// The members of library traits whose names occur nowhere but where the trait and
/// its impls (outside macros) define them: nothing calls them. A required one like
/// ac-library-rs's `Modulus::butterfly_cache` keeps a type alive that rustc itself
/// never reports.
pub(super) fn unnamed_members(file: &syn::File) -> Vec<Kill> {
    let mut counts: HashMap<String, usize> = HashMap::new();
    count_idents(file.to_token_stream(), &mut counts);
    let mut traits = Traits::default();
    traits.visit_file(file);
    let mut kills = Vec::new();
    for (module, name, members) in &traits.defined {
        for (member, at) in members {
            let in_impls = traits
                .implemented
                .get(&(name.clone(), member.clone()))
                .copied()
                .unwrap_or(0);
            if counts.get(member).copied().unwrap_or(0) == 1 + in_impls {
                kills.push(Kill {
                    key: format!("{module}::{name}::{member}"),
                    name: member.clone(),
                    at: *at,
                    what: What::TraitMember {
                        owner: name.clone(),
                    },
                    home: None,
                });
            }
        }
    }
    kills
}

/// The traits of library modules with their members' names and positions, and how many
/// impls (by the trait's name) define each member.
#[derive(Default)]
pub(super) struct Traits {
    /// (module, trait, its members with their positions).
    defined: Vec<(String, String, Members)>,
    implemented: HashMap<(String, String), usize>,
    module: Vec<String>,
}

impl<'ast> Visit<'ast> for Traits {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        self.module.push(unraw(&item.ident));
        visit::visit_item_mod(self, item);
        self.module.pop();
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        if !self.module.is_empty() {
            let members = item
                .items
                .iter()
                .filter_map(trait_member_ident)
                .map(|ident| (ident.to_string(), position(ident.span())))
                .collect();
            let module = format!("crate::{}", self.module.join("::"));
            self.defined.push((module, unraw(&item.ident), members));
        }
        visit::visit_item_trait(self, item);
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let name = item
            .trait_
            .as_ref()
            .and_then(|(path, _)| path.segments.last());
        if let Some(name) = name {
            for ident in item.items.iter().filter_map(impl_member_ident) {
                let key = (unraw(&name.ident), ident.to_string());
                *self.implemented.entry(key).or_default() += 1;
            }
        }
        visit::visit_item_impl(self, item);
    }
}

/// How often each identifier occurs outside `use` items, item-level macros (definitions
/// and invocations) and the impls whose self type it is; where types are defined.
#[derive(Default)]
pub(super) struct Mentions {
    counts: HashMap<String, usize>,
    /// Type name -> (module, identifier position) of each definition outside the root.
    defs: HashMap<String, Vec<(String, Position)>>,
    module: Vec<String>,
    /// The names in the header of the impl being visited, not counted there.
    skip: HashSet<String>,
}

impl Mentions {
    fn count(&mut self, name: String) {
        if !self.skip.contains(&name) {
            *self.counts.entry(name).or_default() += 1;
        }
    }

    fn define(&mut self, ident: &syn::Ident) {
        if self.module.len() > 1 {
            let module = self.module.join("::");
            let defs = self.defs.entry(unraw(ident)).or_default();
            defs.push((module, position(ident.span())));
        }
    }
}

impl<'ast> Visit<'ast> for Mentions {
    fn visit_item(&mut self, item: &'ast Item) {
        match item {
            Item::Use(_) | Item::Macro(_) => return,
            Item::Struct(s) => self.define(&s.ident),
            Item::Enum(e) => self.define(&e.ident),
            Item::Union(u) => self.define(&u.ident),
            Item::Impl(i) => {
                let mut header = HashSet::new();
                if let Some((path, _)) = &i.trait_ {
                    idents_in(path.to_token_stream(), &mut header);
                }
                idents_in(i.self_ty.to_token_stream(), &mut header);
                let outer = std::mem::replace(&mut self.skip, header);
                visit::visit_item_impl(self, i);
                self.skip = outer;
                return;
            }
            Item::Mod(m) => {
                self.module.push(unraw(&m.ident));
                visit::visit_item_mod(self, m);
                self.module.pop();
                return;
            }
            _ => {}
        }
        visit::visit_item(self, item);
    }

    fn visit_ident(&mut self, ident: &'ast syn::Ident) {
        self.count(unraw(ident));
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let mut names = HashSet::new();
        idents_in(mac.tokens.clone(), &mut names);
        for name in names {
            self.count(name);
        }
        visit::visit_macro(self, mac);
    }
}
