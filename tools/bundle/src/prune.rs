//! Drops the library items a bundle does not use.
//!
//! Name-based and conservative (`BUNDLE_PRUNE_TRACE=1` shows why each thing stays):
//! an item of a library module is kept when its name occurs as an identifier anywhere
//! in the kept code (token streams, so macro bodies and invocations count, and the
//! names string literals hold in braces, for `format!("{NAME}")`), iterated to a
//! fixpoint from the code that is never pruned. Inherent methods are kept by the same
//! rule. A trait also counts as used when one of its methods is called where the trait
//! is in scope (it may be imported only for method-call syntax): in its own module, one
//! that imports it or globs its module, or one where a macro calling it expands; so a
//! common name like `len` does not keep every trait with a `len`. A trait's provided
//! methods are kept one by one (a big extension trait like `Itertools` keeps only the
//! methods called), and so are the members of impls of the pruned libraries' own
//! traits, which then always agree with the trait (required methods are named in the
//! trait, so they are used once it is kept). An `impl` is kept when every library type
//! and trait its header names (generic arguments included) is kept; a `use` of library
//! code when the name it binds is used, or it imports a kept trait; a `use` of
//! `std`/`core`/`alloc` whenever its module stays, a glob `use` once something else in
//! its module does; a module when something in it stays for its own sake or its name
//! is used. An item-level macro call (`impl_ops! { Foo }`) is kept like an impl: when
//! one of the library types and traits it names, directly or through the bodies of the
//! library macros it calls, is kept (one of its other library items if it names no
//! type; always if it names none), or when a name it seems to define (`static NAME`)
//! is used.

use crate::uses::{retain_leaves, unraw, Leaf, LeafKind};
use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::{BTreeSet, HashMap, HashSet};
use syn::visit::Visit;
use syn::{ImplItem, Item};

/// Prunes the top-level modules of `file` named in `modules`; the rest of the file
/// is the root of the search. Modules left empty are removed.
pub fn prune(file: &mut syn::File, modules: &BTreeSet<String>) {
    let mut units = Vec::new();
    let mut used = HashSet::new();
    let mut macros = MacroBodies::new();
    for item in &file.items {
        if let Item::Mod(module) = item {
            if let Some((_, items)) = &module.content {
                macro_bodies(items, &mut macros);
            }
        }
    }
    let mut root_globs = false;
    for item in &file.items {
        match item {
            Item::Mod(module) if modules.contains(&unraw(&module.ident)) => {
                if let Some((_, items)) = &module.content {
                    collect(items, &unraw(&module.ident), &macros, &mut units);
                }
            }
            _ => {
                idents(item.to_token_stream(), &mut used);
                root_globs |= library_globs(item);
            }
        }
    }
    trait_scopes(&mut units, root_globs);
    let kept = fixpoint(&units, &mut used);
    let mut cursor = 0;
    file.items.retain_mut(|item| match item {
        Item::Mod(module) if modules.contains(&unraw(&module.ident)) => match &mut module.content {
            Some((_, items)) => filter(items, &units, &kept, &used, &mut cursor),
            None => true,
        },
        _ => true,
    });
}

/// One decision of the pruner: an item, an inherent impl member, or a `use` leaf.
struct Unit {
    /// The names whose use keeps the unit: an item's own name first, then (for a
    /// trait) its methods' names.
    names: Vec<String>,
    /// The identifiers its code mentions, added to the used set once it is kept.
    idents: HashSet<String>,
    rule: Rule,
    /// The module holding it, whose name qualifies uses like `module::name`.
    module: String,
    /// For a `use`, its leaf.
    leaf: Option<Leaf>,
    /// For a trait, the modules where it is in scope for method calls (see `trait_scopes`).
    scope: HashSet<String>,
}

impl Unit {
    /// Whether keeping this unit keeps its module, and makes it one that holds
    /// something, whose passengers (std imports, globs) then stay: not a passenger, nor
    /// an import kept because its name is used somewhere else (`use crate::Either;` in
    /// a module of otherwise unused code), only one whose module path names it
    /// (`m::Either`, a re-export).
    fn anchors(&self, used: &HashSet<String>) -> bool {
        match &self.rule {
            Rule::Passenger => false,
            Rule::Import { bound, .. } => bound
                .as_ref()
                .is_some_and(|name| used.contains(&format!("{}::{name}", self.module))),
            _ => true,
        }
    }
}

enum Rule {
    /// Kept whatever happens (item macros, `const _`, foreign blocks).
    Always,
    /// Kept if its module is (imports from `std`/`core`/`alloc`, glob imports).
    Passenger,
    /// Kept when one of its names is used (a trait's names include its methods').
    Named { kind: Kind },
    /// An `impl`: kept when every library item its self type and trait name (with
    /// their generic arguments: `impl From<Either<A, B>> for (A, B)`) is kept.
    Impl { types: Vec<String> },
    /// A member of the impl or trait at index `owner`: kept with it, when its name is
    /// used; with any impl of `of_trait` if that trait is not the libraries' own.
    Member {
        owner: usize,
        of_trait: Option<String>,
    },
    /// An item-level macro call: kept when one of the library items in `mentions` is
    /// (or none is defined), or one of its names (what it seems to define) is used.
    Invocation { mentions: HashSet<String> },
    /// A `use` leaf of library code.
    Import {
        bound: Option<String>,
        original: Option<String>,
    },
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Trait,
    Macro,
    Other,
}

/// `BUNDLE_PRUNE_TRACE=1 make bundle` prints on stderr why each unit stays: its module,
/// names and rule, and the identifiers it makes used for the first time.
fn trace_keep(unit: &Unit, used: &HashSet<String>) {
    let mut fresh: Vec<&String> = unit.idents.iter().filter(|n| !used.contains(*n)).collect();
    fresh.sort();
    let (module, names, rule) = (&unit.module, &unit.names, rule_name(&unit.rule));
    eprintln!("prune: keeps {module} {names:?} ({rule}), newly using {fresh:?}");
}

fn rule_name(rule: &Rule) -> String {
    match rule {
        Rule::Always => "always".into(),
        Rule::Passenger => "passenger".into(),
        Rule::Named { .. } => "named".into(),
        Rule::Impl { types } => format!("impl {types:?}"),
        Rule::Member { owner, .. } => format!("member of {owner}"),
        Rule::Invocation { .. } => "invocation".into(),
        Rule::Import { bound, .. } => format!("import {bound:?}"),
    }
}

fn fixpoint(units: &[Unit], used: &mut HashSet<String>) -> Vec<bool> {
    let named = |keep: fn(Kind) -> bool| -> HashSet<&str> {
        units
            .iter()
            .filter(|u| matches!(u.rule, Rule::Named { kind } if keep(kind)))
            .map(|u| u.names[0].as_str())
            .collect()
    };
    let defined = Defined {
        all: named(|_| true),
        items: named(|kind| kind != Kind::Macro),
    };
    let trace = std::env::var_os("BUNDLE_PRUNE_TRACE").is_some();
    let mut kept = vec![false; units.len()];
    let mut kept_names = Kept::default();
    // The code outside the pruned modules calls methods too (`ROOT`).
    for name in used.iter().filter(|name| name.starts_with('.')) {
        kept_names
            .calls
            .entry(name.clone())
            .or_default()
            .insert(ROOT.to_string());
    }
    // A macro body's method calls are made where the macro expands: its own module and
    // those that invoke it.
    let mut expanded_in: HashMap<String, HashSet<String>> = HashMap::new();
    let invocations = units.iter().map(|u| (u.module.as_str(), &u.idents));
    for (module, idents) in invocations.chain([(ROOT, &*used)]) {
        for name in idents.iter().filter_map(|name| name.strip_suffix('!')) {
            let modules = expanded_in.entry(name.to_string()).or_default();
            modules.insert(module.to_string());
        }
    }
    loop {
        let mut changed = false;
        for (i, unit) in units.iter().enumerate() {
            if kept[i] || !should_keep(unit, &kept, used, &kept_names, &defined) {
                continue;
            }
            kept[i] = true;
            changed = true;
            if trace {
                trace_keep(unit, used);
            }
            used.extend(unit.idents.iter().cloned());
            let mut callers = vec![unit.module.as_str()];
            if let Rule::Named { kind: Kind::Macro } = unit.rule {
                let modules = expanded_in.get(&unit.names[0]).into_iter().flatten();
                callers.extend(modules.map(String::as_str));
            }
            for name in unit.idents.iter().filter(|name| name.starts_with('.')) {
                let calls = kept_names.calls.entry(name.clone()).or_default();
                calls.extend(callers.iter().map(|caller| caller.to_string()));
            }
            if unit.anchors(used) {
                kept_names.modules.insert(unit.module.clone());
            }
            if let Rule::Named { kind } = unit.rule {
                let name = &unit.names[0];
                kept_names.items.insert(name.clone());
                if kind == Kind::Trait {
                    kept_names.traits.insert(name.clone());
                }
            }
        }
        // `pub use self::m::*` in module `r`: a use of `r::X` may be one of `m::X`.
        for (i, unit) in units.iter().enumerate() {
            let target = unit
                .leaf
                .as_ref()
                .filter(|leaf| leaf.kind == LeafKind::Glob);
            let Some(target) = target
                .and_then(|leaf| leaf.prefix.last())
                .filter(|_| kept[i])
            else {
                continue;
            };
            let through = format!("{}::", unit.module);
            let reexported: Vec<String> = used
                .iter()
                .filter_map(|name| name.strip_prefix(&through))
                .map(|name| format!("{target}::{name}"))
                .filter(|name| !used.contains(name))
                .collect();
            changed |= !reexported.is_empty();
            used.extend(reexported);
        }
        if !changed {
            return kept;
        }
    }
}

/// The names of the items the pruned libraries define, and those of them that are
/// not macros.
struct Defined<'a> {
    all: HashSet<&'a str>,
    items: HashSet<&'a str>,
}

/// The names of the kept items, of the kept traits among them, the modules where
/// something other than a passenger import is kept, and which modules' kept code calls
/// each method (`.name`).
#[derive(Default)]
struct Kept {
    items: HashSet<String>,
    traits: HashSet<String>,
    modules: HashSet<String>,
    calls: HashMap<String, HashSet<String>>,
}

/// The module of the code outside the pruned modules, in scopes and callers.
const ROOT: &str = "";

fn should_keep(
    unit: &Unit,
    kept: &[bool],
    used: &HashSet<String>,
    names: &Kept,
    defined: &Defined,
) -> bool {
    let is_used =
        |name: &String| used.contains(name) || used.contains(&format!("{}::{name}", unit.module));
    // Methods and associated items are only ever named in member form.
    let as_member = |name: &String| used.contains(&format!(".{name}"));
    match &unit.rule {
        Rule::Always => true,
        // A glob import names a module: it counts once its own module holds something.
        Rule::Passenger => {
            names.modules.contains(&unit.module)
                || used.contains(&unit.module)
                || used.iter().any(|u| {
                    u.strip_suffix(&unit.module)
                        .is_some_and(|p| p.ends_with("::"))
                })
        }
        Rule::Named { kind: Kind::Other } => unit.names.iter().any(is_used),
        Rule::Named { kind: Kind::Macro } => unit
            .names
            .iter()
            .any(|name| is_used(name) || used_anyhow(used, name)),
        // A trait is used by its name, or through one of its methods.
        // A trait is used by its name, or by a call of one of its methods where it is in
        // scope (a method name as common as `len` or `left` does not keep every trait).
        Rule::Named { kind: Kind::Trait } => {
            let called_in_scope = |name: &String| {
                let callers = names.calls.get(&format!(".{name}"));
                callers.is_some_and(|callers| callers.iter().any(|c| unit.scope.contains(c)))
            };
            is_used(&unit.names[0]) || unit.names[1..].iter().any(called_in_scope)
        }
        Rule::Impl { types } => types
            .iter()
            .all(|name| !defined.all.contains(name.as_str()) || names.items.contains(name)),
        Rule::Member { owner, of_trait } => {
            let foreign_trait = of_trait
                .as_ref()
                .is_some_and(|name| !defined.all.contains(name.as_str()));
            kept[*owner]
                && (foreign_trait || unit.names.is_empty() || unit.names.iter().any(as_member))
        }
        // What such a call expands to is mostly impls of or for the types and traits it
        // names (`impl_zip_iter!(A, B)` implements `Iterator` for `Zip`): when it names
        // library types or traits, one of those must be kept, not just a helper function.
        Rule::Invocation { mentions } => {
            let library_items: Vec<&String> = mentions
                .iter()
                .filter(|name| defined.items.contains(name.as_str()))
                .collect();
            let capitalized = |name: &&String| name.starts_with(char::is_uppercase);
            let types: Vec<&String> = library_items.iter().copied().filter(capitalized).collect();
            let deciding = if types.is_empty() {
                library_items
            } else {
                types
            };
            deciding.is_empty()
                || deciding.iter().any(|name| names.items.contains(*name))
                || unit.names.iter().any(is_used)
        }
        // A trait may be imported only for method-call syntax: its import stays with it.
        Rule::Import { bound, original } => {
            bound
                .as_ref()
                .is_some_and(|name| is_used(name) || used_anyhow(used, name))
                || original
                    .as_ref()
                    .is_some_and(|name| names.traits.contains(name))
        }
    }
}

/// The identifiers in the body of each `macro_rules!` the libraries define, by name.
type MacroBodies = HashMap<String, HashSet<String>>;

fn macro_bodies(items: &[Item], bodies: &mut MacroBodies) {
    for item in items {
        match item {
            Item::Macro(mac) => {
                if let Some(name) = &mac.ident {
                    let mut body = HashSet::new();
                    idents(mac.mac.tokens.clone(), &mut body);
                    let entry = bodies.entry(unraw(name)).or_default();
                    entry.extend(body.iter().map(|name| bare(name).to_string()));
                }
            }
            Item::Mod(module) => {
                if let Some((_, items)) = &module.content {
                    macro_bodies(items, bodies);
                }
            }
            _ => {}
        }
    }
}

/// Whether `name` is used in any form: plain, as a member (`.name`) or a macro (`name!`).
fn used_anyhow(used: &HashSet<String>, name: &str) -> bool {
    used.contains(name) || used.contains(&format!(".{name}")) || used.contains(&format!("{name}!"))
}

/// A name as `idents` records it, without the mark of how it was used.
fn bare(name: &str) -> &str {
    let name = name.strip_prefix('.').unwrap_or(name);
    name.strip_suffix('!').unwrap_or(name)
}

/// Lists the units of `items`, depth first, in source order (`filter` walks the same way).
fn collect(items: &[Item], module: &str, macros: &MacroBodies, units: &mut Vec<Unit>) {
    for item in items {
        let first = units.len();
        match item {
            Item::Mod(inner) => {
                if let Some((_, items)) = &inner.content {
                    collect(items, &unraw(&inner.ident), macros, units);
                }
                continue;
            }
            Item::Use(item) => {
                retain_leaves(&mut item.tree.clone(), &mut |leaf| {
                    units.push(import(leaf));
                    true
                });
            }
            Item::Impl(item) => {
                let mut header = item.clone();
                header.items.clear();
                let trait_name = item
                    .trait_
                    .as_ref()
                    .and_then(|(path, _)| path.segments.last())
                    .map(|s| unraw(&s.ident));
                let rule = Rule::Impl {
                    types: impl_types(item),
                };
                units.push(unit(Vec::new(), header.to_token_stream(), rule));
                let owner = units.len() - 1;
                for member in &item.items {
                    let names = member_name(member).into_iter().collect();
                    let of_trait = trait_name.clone();
                    let rule = Rule::Member { owner, of_trait };
                    units.push(unit(names, member.to_token_stream(), rule));
                }
            }
            Item::Trait(item) => {
                let mut header = item.clone();
                header.items.retain(|member| provided(member).is_none());
                let names = item_names(&Item::Trait(item.clone()));
                let rule = Rule::Named { kind: Kind::Trait };
                let mut header = unit(names, header.to_token_stream(), rule);
                // Impls must define the required members: once the trait is kept, they are used.
                let required = item.items.iter().filter(|m| provided(m).is_none());
                let required = required.filter_map(trait_member_name);
                header
                    .idents
                    .extend(required.map(|name| format!(".{name}")));
                units.push(header);
                let owner = units.len() - 1;
                for method in item.items.iter().filter_map(provided) {
                    let names = vec![unraw(&method.sig.ident)];
                    let rule = Rule::Member {
                        owner,
                        of_trait: None,
                    };
                    units.push(unit(names, method.to_token_stream(), rule));
                }
            }
            Item::Macro(call) if call.ident.is_none() => {
                let mut mentions = HashSet::new();
                idents(call.mac.tokens.clone(), &mut mentions);
                let invoked = call.mac.path.segments.last().map(|s| unraw(&s.ident));
                mentions.extend(invoked);
                let mut mentions: HashSet<String> =
                    mentions.iter().map(|name| bare(name).to_string()).collect();
                expand_mentions(&mut mentions, macros);
                let names = seemingly_defined(call.mac.tokens.clone());
                let rule = Rule::Invocation { mentions };
                units.push(unit(names, item.to_token_stream(), rule));
            }
            _ => {
                let names = item_names(item);
                let kind = match item {
                    Item::Macro(_) => Kind::Macro,
                    _ => Kind::Other,
                };
                let rule = if names.is_empty() {
                    Rule::Always
                } else {
                    Rule::Named { kind }
                };
                units.push(unit(names, item.to_token_stream(), rule));
            }
        }
        for unit in &mut units[first..] {
            unit.module = module.to_string();
        }
    }
}

/// Where each trait is in scope for method-call syntax: its own module, the modules
/// that import it (by name, renamed, `as _`) or glob-import its module or a parent
/// (`super::*`), and the code outside the pruned modules if that glob-imports library
/// code. Modules are known by their last name only, which errs towards keeping.
fn trait_scopes(units: &mut [Unit], root_globs: bool) {
    let imports: Vec<(String, Leaf)> = units
        .iter()
        .filter_map(|u| u.leaf.clone().map(|leaf| (u.module.clone(), leaf)))
        .collect();
    for unit in units.iter_mut() {
        if !matches!(unit.rule, Rule::Named { kind: Kind::Trait }) {
            continue;
        }
        let name = unit.names[0].as_str();
        let mut scope: HashSet<String> = [unit.module.clone()].into();
        for (module, leaf) in &imports {
            let sees = match leaf.kind {
                LeafKind::Glob => leaf
                    .prefix
                    .last()
                    .is_some_and(|last| *last == unit.module || last == "super"),
                _ => leaf.original() == Some(name),
            };
            if sees {
                scope.insert(module.clone());
            }
        }
        if root_globs {
            scope.insert(ROOT.to_string());
        }
        unit.scope = scope;
    }
}

/// Whether `item` (outside the pruned modules) glob-imports anything but std.
fn library_globs(item: &Item) -> bool {
    match item {
        Item::Use(item) => {
            let mut found = false;
            retain_leaves(&mut item.tree.clone(), &mut |leaf| {
                let std = matches!(
                    leaf.prefix.first().map(String::as_str),
                    Some("std" | "core" | "alloc")
                );
                found |= leaf.kind == LeafKind::Glob && !std;
                true
            });
            found
        }
        Item::Mod(module) => module
            .content
            .as_ref()
            .is_some_and(|(_, items)| items.iter().any(library_globs)),
        _ => false,
    }
}

/// A trait's provided (default-bodied) method: pruned by name like an inherent method.
fn provided(member: &syn::TraitItem) -> Option<&syn::TraitItemFn> {
    match member {
        syn::TraitItem::Fn(method) if method.default.is_some() => Some(method),
        _ => None,
    }
}

/// Adds to `mentions` the identifiers of the bodies of the library macros it names,
/// transitively (a macro call's expansion names what its macro's body names).
fn expand_mentions(mentions: &mut HashSet<String>, macros: &MacroBodies) {
    let mut expanded = HashSet::new();
    loop {
        let pending: Vec<String> = mentions
            .iter()
            .filter(|name| macros.contains_key(*name) && !expanded.contains(*name))
            .cloned()
            .collect();
        if pending.is_empty() {
            return;
        }
        for name in pending {
            mentions.extend(macros[&name].iter().cloned());
            expanded.insert(name);
        }
    }
}

/// The names a macro call seems to define: each identifier right after an item keyword
/// (`static SEED`, `struct Foo`, `fn bar`) among its tokens.
fn seemingly_defined(tokens: TokenStream) -> Vec<String> {
    const KEYWORDS: [&str; 9] = [
        "const", "enum", "fn", "mod", "static", "struct", "trait", "type", "union",
    ];
    let mut names = Vec::new();
    let mut after_keyword = false;
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => {
                let word = unraw(&ident);
                if after_keyword && !KEYWORDS.contains(&word.as_str()) && word != "mut" {
                    names.push(word.clone());
                }
                after_keyword = KEYWORDS.contains(&word.as_str());
            }
            TokenTree::Group(group) => {
                names.extend(seemingly_defined(group.stream()));
                after_keyword = false;
            }
            _ => after_keyword = false,
        }
    }
    names
}

/// Removes the units not kept; returns whether anything that anchors the module stays.
fn filter(
    items: &mut Vec<Item>,
    units: &[Unit],
    kept: &[bool],
    used: &HashSet<String>,
    cursor: &mut usize,
) -> bool {
    let mut anchored = false;
    let next = |cursor: &mut usize, anchored: &mut bool| {
        let (keep, unit) = (kept[*cursor], &units[*cursor]);
        *anchored |= keep && unit.anchors(used);
        *cursor += 1;
        keep
    };
    items.retain_mut(|item| match item {
        Item::Mod(module) => {
            let inner = match &mut module.content {
                Some((_, items)) => filter(items, units, kept, used, cursor),
                None => false,
            };
            let name = unraw(&module.ident);
            let suffix = format!("::{name}");
            let keep = inner || used.contains(&name) || used.iter().any(|u| u.ends_with(&suffix));
            anchored |= keep;
            keep
        }
        Item::Use(item) => retain_leaves(&mut item.tree, &mut |_| next(cursor, &mut anchored)),
        Item::Impl(item) => {
            let keep = next(cursor, &mut anchored);
            let had_members = !item.items.is_empty();
            item.items.retain(|_| next(cursor, &mut anchored));
            let emptied = had_members && item.items.is_empty();
            keep && (item.trait_.is_some() || !emptied)
        }
        Item::Trait(item) => {
            let keep = next(cursor, &mut anchored);
            item.items
                .retain(|member| provided(member).is_none() || next(cursor, &mut anchored));
            keep
        }
        _ => next(cursor, &mut anchored),
    });
    anchored
}

fn unit(names: Vec<String>, code: TokenStream, rule: Rule) -> Unit {
    let mut found = HashSet::new();
    idents(code, &mut found);
    Unit {
        names,
        idents: found,
        rule,
        module: String::new(),
        leaf: None,
        scope: HashSet::new(),
    }
}

fn import(leaf: &Leaf) -> Unit {
    let external = matches!(
        leaf.prefix.first().map(String::as_str),
        Some("std" | "core" | "alloc")
    );
    let glob = leaf.kind == LeafKind::Glob;
    let rule = if external || glob {
        Rule::Passenger
    } else {
        Rule::Import {
            bound: leaf.bound().map(str::to_string),
            original: leaf.original().map(str::to_string),
        }
    };
    // Each segment is recorded as `idents` records paths: qualified by the module before it
    // (`a::b::C` uses `a`, `a::b` and `b::C`), so that `use self::coalesce::*` keeps the
    // module `coalesce`, not every item named `coalesce`.
    let idents = if external {
        HashSet::new()
    } else {
        let segments = leaf.prefix.iter().map(String::as_str);
        let segments: Vec<&str> = match &leaf.kind {
            LeafKind::Glob => segments.collect(),
            _ => segments.chain(leaf.original()).collect(),
        };
        let mut idents = HashSet::new();
        // The segments before the imported item name modules (lowercase) or types.
        let item = match leaf.kind {
            LeafKind::Glob => usize::MAX,
            _ => segments.len() - 1,
        };
        for (i, segment) in segments.iter().enumerate() {
            let module = i != item && segment.starts_with(char::is_lowercase);
            match i.checked_sub(1).map(|j| segments[j]) {
                Some(owner) if !["self", "super", "crate"].contains(&owner) || module => {
                    idents.insert(format!("{owner}::{segment}"))
                }
                _ => idents.insert(segment.to_string()),
            };
        }
        idents
    };
    Unit {
        names: Vec::new(),
        idents,
        rule,
        module: String::new(),
        leaf: Some(leaf.clone()),
        scope: HashSet::new(),
    }
}

/// The names an item defines; empty for items that are always kept.
fn item_names(item: &Item) -> Vec<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        Item::Macro(i) => match &i.ident {
            Some(ident) => ident,
            None => return Vec::new(),
        },
        Item::Trait(i) => {
            let methods = i.items.iter().filter_map(|member| match member {
                syn::TraitItem::Fn(f) => Some(unraw(&f.sig.ident)),
                _ => None,
            });
            return std::iter::once(unraw(&i.ident)).chain(methods).collect();
        }
        _ => return Vec::new(),
    };
    if ident == "_" {
        return Vec::new();
    }
    vec![unraw(ident)]
}

fn trait_member_name(member: &syn::TraitItem) -> Option<String> {
    match member {
        syn::TraitItem::Fn(f) => Some(unraw(&f.sig.ident)),
        syn::TraitItem::Const(c) => Some(unraw(&c.ident)),
        syn::TraitItem::Type(t) => Some(unraw(&t.ident)),
        _ => None,
    }
}

fn member_name(member: &ImplItem) -> Option<String> {
    match member {
        ImplItem::Fn(f) => Some(unraw(&f.sig.ident)),
        ImplItem::Const(c) => Some(unraw(&c.ident)),
        ImplItem::Type(t) => Some(unraw(&t.ident)),
        _ => None,
    }
}

/// The item names an impl's self type and trait path mention, generic arguments
/// included (`impl<T> From<Either<T, T>> for Pair<T>` mentions `From`, `Either`, `T` and
/// `Pair`), except those a `std`/`core`/`alloc` path names: the impl serves nothing
/// unless every library item among them is kept.
fn impl_types(item: &syn::ItemImpl) -> Vec<String> {
    let mut names = TypeNames(Vec::new());
    names.visit_type(&item.self_ty);
    if let Some((path, _)) = &item.trait_ {
        names.visit_path(path);
    }
    names.0
}

struct TypeNames(Vec<String>);

impl<'ast> Visit<'ast> for TypeNames {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        let external = path
            .segments
            .first()
            .is_some_and(|first| ["std", "core", "alloc"].contains(&unraw(&first.ident).as_str()));
        if let (false, Some(last)) = (external, path.segments.last()) {
            self.0.push(unraw(&last.ident));
        }
        for segment in &path.segments {
            self.visit_path_arguments(&segment.arguments);
        }
    }
}

/// Every identifier in `tokens`, plus identifier-like words of string literals.
///
/// Each use is recorded in the form that says how the name was used, so that a common
/// method name does not keep a free function of that name: `.name` for a method call or
/// an associated item (`x.name`, `Type::name`, `Self::name`, `<T>::name`), `name!` for a
/// macro call, `name` for everything else. The name an item definition introduces
/// (`fn name`, `struct Name`, ...) is not a use.
fn idents(tokens: TokenStream, out: &mut HashSet<String>) {
    const PRIMITIVES: [&str; 17] = [
        "bool", "char", "f32", "f64", "i8", "i16", "i32", "i64", "i128", "isize", "str", "u8",
        "u16", "u32", "u64", "u128", "usize",
    ];
    const DEFINING: [&str; 9] = [
        "const", "enum", "fn", "mod", "static", "struct", "trait", "type", "union",
    ];
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let punct = |token: Option<&TokenTree>, c: char| matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == c);
    for (i, token) in tokens.iter().enumerate() {
        let before = |back: usize| i.checked_sub(back).map(|j| &tokens[j]);
        match token {
            TokenTree::Ident(ident) => {
                let name = unraw(ident);
                let defined = matches!(before(1), Some(TokenTree::Ident(keyword))
                    if DEFINING.contains(&keyword.to_string().as_str()));
                if defined {
                    continue;
                }
                if punct(tokens.get(i + 1), '!') && !punct(tokens.get(i + 2), '=') {
                    out.insert(format!("{name}!"));
                    continue;
                }
                let after_dot = punct(before(1), '.') && !punct(before(2), '.');
                let associated = punct(before(1), ':')
                    && punct(before(2), ':')
                    && match before(3) {
                        Some(TokenTree::Ident(owner)) => {
                            let owner = owner.to_string();
                            owner.starts_with(char::is_uppercase)
                                || PRIMITIVES.contains(&owner.as_str())
                        }
                        Some(TokenTree::Punct(p)) => p.as_char() == '>',
                        _ => false,
                    };
                let qualifier = match (punct(before(1), ':') && punct(before(2), ':'), before(3)) {
                    (true, Some(TokenTree::Ident(owner))) if !punct(before(4), '$') => {
                        Some(unraw(owner))
                            .filter(|owner| !["self", "super", "crate"].contains(&owner.as_str()))
                    }
                    _ => None,
                };
                if after_dot || associated {
                    out.insert(format!(".{name}"));
                } else if let Some(owner) = qualifier {
                    out.insert(format!("{owner}::{name}"));
                } else {
                    out.insert(name);
                }
            }
            TokenTree::Group(group) => idents(group.stream(), out),
            TokenTree::Literal(literal) => {
                // Only what a format string can name: `{NAME}`, `{NAME:?}`.
                let text = literal.to_string();
                if text.ends_with('"') {
                    for inside in text.split('{').skip(1) {
                        let word: String = inside
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        if !word.is_empty() {
                            out.insert(word);
                        }
                    }
                }
            }
            TokenTree::Punct(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prunes `mod lib { <library> }` against `<root>`; returns what is left of the library.
    fn prune_library(root: &str, library: &str) -> String {
        let mut file: syn::File =
            syn::parse_str(&format!("{root} mod lib {{ {library} }}")).unwrap();
        prune(&mut file, &["lib".to_string()].into_iter().collect());
        match file.items.pop() {
            Some(Item::Mod(module)) if module.ident == "lib" => module
                .content
                .unwrap()
                .1
                .iter()
                .map(|i| i.to_token_stream().to_string())
                .collect::<Vec<_>>()
                .join(" "),
            _ => String::new(),
        }
    }

    #[test]
    fn keeps_what_is_reachable_from_the_root() {
        let library = "pub fn used() -> Helper { Helper } pub struct Helper; pub fn unused() {} \
                       const LIMIT: usize = 3; fn formatted() { println!(\"{LIMIT}\") } pub fn f() { formatted() }";
        let out = prune_library(
            "fn main() { crate::lib::used(); crate::lib::f(); }",
            library,
        );
        assert_eq!(
            out,
            "pub fn used () -> Helper { Helper } pub struct Helper ; const LIMIT : usize = 3 ; \
             fn formatted () { println ! (\"{LIMIT}\") } pub fn f () { formatted () }"
        );
    }

    #[test]
    fn trait_methods_are_pruned_one_by_one_with_their_impls() {
        let library = "pub trait Ext: Iterator { fn used(self) -> Used where Self: Sized { Used } \
                       fn unused(self) -> Unused where Self: Sized { Unused } fn required(&self); } \
                       pub struct Used; pub struct Unused; \
                       impl<T: Iterator> Ext for T { fn unused(self) -> Unused { Unused } fn required(&self) {} } \
                       pub fn used() {}";
        let out = prune_library(
            "use crate::lib::Ext as _; fn main() { (0..3).used(); }",
            library,
        );
        assert_eq!(
            out,
            "pub trait Ext : Iterator { fn used (self) -> Used where Self : Sized { Used } fn required (& self) ; } \
             pub struct Used ; impl < T : Iterator > Ext for T { fn required (& self) { } }"
        );
    }

    #[test]
    fn free_items_need_plain_or_qualified_uses() {
        let library = "pub mod a { pub fn new() {} } pub mod b { pub fn new() {} pub fn f() {} } \
                       pub struct S; impl S { pub fn new() -> S { S } }";
        let out = prune_library(
            "fn main() { crate::lib::S::new(); crate::lib::b::new(); }",
            library,
        );
        assert_eq!(
            out,
            "pub mod b { pub fn new () { } } pub struct S ; impl S { pub fn new () -> S { S } }"
        );
    }

    #[test]
    fn macro_calls_follow_the_items_they_name() {
        // `impls!(X)` names `Marker` through the macro's body: it stays when `Marker` or
        // `X` does (conservatively, with any kept item it names); a call naming no library
        // item stays whatever happens.
        let library = "macro_rules! impls { ($t:ty) => { impl Marker for $t {} }; } \
                       pub trait Marker {} pub struct A; \
                       impls!(A); other! { static SEED: u8 = 0; }";
        let out = prune_library("fn main() { let _ = crate::lib::A; }", library);
        assert_eq!(
            out,
            "macro_rules ! impls { ($ t : ty) => { impl Marker for $ t { } } ; } pub trait Marker { } \
             pub struct A ; impls ! (A) ; other ! { static SEED : u8 = 0 ; }"
        );
        let out = prune_library("fn main() {}", library);
        assert_eq!(out, "other ! { static SEED : u8 = 0 ; }");
    }

    #[test]
    fn an_unused_library_disappears() {
        let mut file: syn::File = syn::parse_str("fn main() {} mod lib { pub fn f() {} }").unwrap();
        prune(&mut file, &["lib".to_string()].into_iter().collect());
        assert_eq!(file.to_token_stream().to_string(), "fn main () { }");
    }

    #[test]
    fn impls_follow_their_types_and_traits() {
        let library = "pub struct A; pub struct B; pub trait T { fn t(&self); } \
                       impl A { pub fn new() -> A { A } pub fn unused(&self) {} } \
                       impl B { pub fn new() -> B { B } } \
                       impl std::fmt::Display for A { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } } \
                       impl T for A { fn t(&self) {} } \
                       impl<X: Clone> T for X { fn t(&self) {} }";
        let out = prune_library("fn main() { crate::lib::A::new(); }", library);
        assert_eq!(
            out,
            "pub struct A ; impl A { pub fn new () -> A { A } } \
             impl std :: fmt :: Display for A { fn fmt (& self , f : & mut std :: fmt :: Formatter) -> std :: fmt :: Result { Ok (()) } }"
        );
        // A trait imported only for method syntax is kept with its impls.
        let out = prune_library(
            "use crate::lib::T as _; fn main() { crate::lib::A::new().t(); }",
            library,
        );
        assert!(
            out.contains("pub trait T")
                && out.contains("impl T for A")
                && out.contains("impl < X : Clone > T for X"),
            "{out}"
        );
    }

    #[test]
    fn imports_and_modules() {
        let library = "mod a { pub struct X; pub struct Y; use std::io::Read; } \
                       mod b { pub struct Z; } \
                       pub use a::{X, Y as Renamed}; pub use b::Z; use a::*;";
        let out = prune_library("fn main() { let _ = crate::lib::X; }", library);
        assert_eq!(
            out,
            "mod a { pub struct X ; use std :: io :: Read ; } pub use a :: X ; use a :: * ;"
        );
    }

    #[test]
    fn macros_pull_in_what_their_bodies_name() {
        let library =
            "#[macro_export] macro_rules! input { () => { $crate::lib::Reader::read() } } \
                       #[macro_export] macro_rules! other { () => {} } \
                       pub struct Reader; impl Reader { pub fn read() {} } \
                       pub use crate::lib::Reader as __Reader;";
        let out = prune_library("fn main() { input!(); }", library);
        assert_eq!(
            out,
            "# [macro_export] macro_rules ! input { () => { $ crate :: lib :: Reader :: read () } } \
             pub struct Reader ; impl Reader { pub fn read () { } }"
        );
    }

    #[test]
    fn a_trait_called_by_method_counts_only_where_it_is_in_scope() {
        // `len` is called in `user`, which does not see `Pool`; `Sized2` is imported there.
        let library = "pub mod pool { pub trait Pool { fn len(&self) -> usize; } \
                       impl Pool for Vec<u8> { fn len(&self) -> usize { 0 } } \
                       pub trait Sized2 { fn size2(&self) -> usize; } \
                       impl Sized2 for u8 { fn size2(&self) -> usize { 2 } } } \
                       pub mod user { use super::pool::Sized2; \
                       pub fn f(v: &Vec<u8>) -> usize { v.len() + 1u8.size2() } }";
        let out = prune_library("fn main() { crate::lib::user::f(&vec![]); }", library);
        assert!(!out.contains("Pool"), "{out}");
        assert!(
            out.contains("pub trait Sized2") && out.contains("impl Sized2 for u8"),
            "{out}"
        );
        // Glob-importing library code from outside puts every trait in scope there.
        let out = prune_library(
            "use crate::lib::pool::*; fn main() { vec![1u8].len(); }",
            library,
        );
        assert!(out.contains("pub trait Pool"), "{out}");
    }

    #[test]
    fn an_impl_needs_every_library_type_its_header_names() {
        // `Extend<Either<L, R>> for (A, B)`: a foreign trait for a foreign type, useless
        // unless `Either` stays.
        let library = "pub enum Either<L, R> { Left(L), Right(R) } pub struct Used; \
                       impl<A, B, L, R> Extend<Either<L, R>> for (A, B) { \
                       fn extend<T: IntoIterator<Item = Either<L, R>>>(&mut self, _: T) {} } \
                       impl std::fmt::Debug for Used { \
                       fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } }";
        let out = prune_library("fn main() { let _ = crate::lib::Used; }", library);
        assert!(
            !out.contains("Either") && out.contains("Debug for Used"),
            "{out}"
        );
    }

    #[test]
    fn a_macro_call_naming_types_follows_them_not_its_helpers() {
        // `zip_impl!(A, B)` implements for `Zip` and calls the helper `min`, which stays
        // for another reason: the call follows `Zip`.
        let library = "macro_rules! zip_impl { ($($t:ident),*) => { \
                       impl<$($t),*> Zip<($($t,)*)> { fn n() -> usize { min(1, 2) } } }; } \
                       pub struct Zip<T>(T); pub fn min(a: usize, b: usize) -> usize { a.min(b) } \
                       zip_impl!(A, B);";
        let out = prune_library("fn main() { crate::lib::min(3, 4); }", library);
        assert!(!out.contains("zip_impl !") && !out.contains("Zip"), "{out}");
        let out = prune_library("fn main() { let _ = crate::lib::Zip(1); }", library);
        assert!(out.contains("zip_impl ! (A , B)"), "{out}");
    }

    #[test]
    fn a_glob_import_counts_only_once_its_module_holds_something() {
        // `b`'s glob import names `Kind`, but nothing else of `b` is used.
        let library = "pub mod a { pub enum Kind { One } } \
                       pub mod b { use super::a::Kind::*; pub fn unused() {} } pub fn f() {}";
        let out = prune_library("fn main() { crate::lib::f(); }", library);
        assert_eq!(out, "pub fn f () { }");
    }

    #[test]
    fn an_import_of_a_name_used_elsewhere_does_not_hold_its_module() {
        // itertools' `either_or_both` imports `Either`, which the solution uses; that
        // must not keep the module's glob import, and through it `EitherOrBoth`.
        let library = "pub enum Either { L } pub use self::both::EitherOrBoth; \
                       pub mod both { use crate::lib::Either; use crate::lib::EitherOrBoth::*; \
                       pub enum EitherOrBoth { Both } \
                       impl From<Either> for EitherOrBoth { fn from(_: Either) -> Self { Both } } }";
        let root = "use crate::lib::Either; fn main() { let _ = Either::L; }";
        assert_eq!(prune_library(root, library), "pub enum Either { L }");
        let root = "use crate::lib::{Either, EitherOrBoth}; \
                    fn main() { let _ = (Either::L, EitherOrBoth::Both); }";
        let out = prune_library(root, library);
        assert!(
            out.contains("impl From < Either > for EitherOrBoth"),
            "{out}"
        );
    }

    #[test]
    fn a_module_path_in_an_import_keeps_the_module_not_items_of_its_name() {
        // `use self::coalesce::*` names the module `coalesce`, not the function.
        let library = "mod coalesce { pub struct Coalesce; } pub use self::coalesce::*; \
                       pub fn coalesce() {}";
        let out = prune_library("fn main() { let _ = crate::lib::Coalesce; }", library);
        assert_eq!(
            out,
            "mod coalesce { pub struct Coalesce ; } pub use self :: coalesce :: * ;"
        );
    }
}
