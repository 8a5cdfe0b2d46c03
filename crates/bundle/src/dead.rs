//! The compiler's pass: rustc proves what is dead, and it goes.
//!
//! The bundle is printed, compiled as the binary it is (see `diagnostics`), and each
//! warning of `dead_code`, `unused_imports` or `unused_macros` is mapped back to the
//! syntax tree by its span: the text rustc read is parsed again, so every identifier
//! knows its line and column. What a warning points at goes, with what cannot live
//! without it: a type takes its impls, a trait its impls, a trait method its
//! implementations, an enum variant the match arms that name it, an import only the
//! name it binds. Modules left empty go one round later (a glob `use` of them is only
//! reported unused once they are empty). Then again, until rustc reports nothing that
//! can go. Each round is compiled before it is taken: a round that breaks the build
//! (impls are matched by name, so two types called `Iter` could be confused) is taken
//! again without the removals the errors name, which are never tried again.

use crate::arms;
use crate::diagnostics::{self, Diagnostic, Spot, ITEM_LINTS};
use crate::uses::{retain_leaf_trees, unraw, Leaf};
use anyhow::{bail, Context, Result};
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::{HashMap, HashSet};
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, ImplItem, Item, Pat, Stmt, TraitItem, UseTree};

/// rustc's code for an import that does not resolve.
const UNRESOLVED_IMPORT: &str = "E0432";
const UNUSED_MUST_USE: &str = "unused_must_use";
/// Rounds of import repairs tried before a round's errors are blamed on its removals
/// (a chain of re-exports breaks one link a round).
const MAX_IMPORT_REPAIRS: usize = 4;
/// Checks spent a bundle on trying trait impls by halves.
const IMPL_TRIAL_CHECKS: usize = 24;

/// What the pass did.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// How many times rustc checked the bundle.
    pub compiles: usize,
    /// How many things went (an impl taken with its type counts with the type).
    pub removed: usize,
    /// The unused items rustc still reports, one line each (`line: message`).
    pub left: Vec<String>,
}

/// The lints whose `allow` hides what the pass removes; libraries' own allows of them
/// go too, so that rustc sees everything.
const HIDING_LINTS: [&str; 4] = ["dead_code", "unused", "unused_imports", "unused_macros"];

/// Removes from `file` what rustc reports unused, until it reports nothing that can go.
pub fn remove_dead(file: &mut syn::File, edition: &str) -> Result<Report> {
    Unhide.visit_file_mut(file);
    let mut report = Report::default();
    let mut current = checked(file, edition, &mut report)?;
    if let Some(error) = current.errors().first() {
        bail!("the bundle does not compile: {}", error.message);
    }
    let trace = std::env::var_os("BUNDLE_DEAD_TRACE").is_some();
    let mut protected: HashSet<String> = HashSet::new();
    loop {
        let mut kills = find_kills(&current.file, &current.unused(), &current.one_sided);
        kills.retain(|kill| !protected.contains(&kill.key));
        let dropped = current.dropped();
        if kills.is_empty() && dropped.is_empty() {
            // Nothing else is unused: the types no code names, then the rules of
            // exported macros, and again what went with them used.
            let mut unnamed = unnamed_types(&current.file);
            unnamed.retain(|kill| !protected.contains(&kill.key));
            if !unnamed.is_empty() {
                let mut candidate = current.file.clone();
                Sweep::new(&unnamed, &candidate).visit_file_mut(&mut candidate);
                let next = settle(&candidate, edition, &mut report)?;
                if next.errors().is_empty() {
                    report.removed += unnamed.len();
                    current = next;
                    continue;
                }
                // One at a time, then: each that breaks the build stays.
                for kill in unnamed {
                    let mut candidate = current.file.clone();
                    let alone = std::slice::from_ref(&kill);
                    Sweep::new(alone, &candidate).visit_file_mut(&mut candidate);
                    let next = settle(&candidate, edition, &mut report)?;
                    if next.errors().is_empty() {
                        report.removed += 1;
                        current = next;
                    } else {
                        if trace {
                            eprintln!(
                                "dead: keeps {}, named: {}",
                                kill.key,
                                next.errors()[0].message
                            );
                        }
                        protected.insert(kill.key);
                    }
                }
                continue;
            }
            if let Some(next) = try_impls(&current, edition, &mut report, &mut protected, trace)? {
                current = next;
                continue;
            }
            let unused = arms::unused(&current.text, &current.file, edition)?;
            report.compiles += unused.checks;
            if unused.rules.is_empty() && unused.macros.is_empty() {
                break;
            }
            let starts: HashSet<(usize, usize)> = unused.rules.iter().map(|s| s.start).collect();
            let macros = find_kills(&current.file, &unused.macros, &[]);
            let mut candidate = current.file.clone();
            arms::RemoveRules(&starts).visit_file_mut(&mut candidate);
            Sweep::new(&macros, &candidate).visit_file_mut(&mut candidate);
            let next = settle(&candidate, edition, &mut report)?;
            if !next.errors().is_empty() {
                break;
            }
            report.removed += starts.len() + macros.len();
            current = next;
            continue;
        }
        let mut candidate = current.file.clone();
        let mut sweep = Sweep::new(&kills, &candidate);
        sweep.visit_file_mut(&mut candidate);
        Discard(&dropped).visit_file_mut(&mut candidate);
        let next = settle(&candidate, edition, &mut report)?;
        let errors = next.errors();
        if errors.is_empty() {
            report.removed += kills.len();
            current = next;
            continue;
        }
        if kills.is_empty() {
            bail!(
                "making a dropped #[must_use] value explicit broke the build: {}",
                errors[0].message
            );
        }
        let mut named: HashSet<&str> = errors
            .iter()
            .flat_map(|d| d.names.iter().map(String::as_str))
            .collect();
        for (bound, original) in &sweep.removed_imports {
            if named.contains(bound.as_str()) {
                named.insert(original);
            }
        }
        let culprits: Vec<&Kill> = kills
            .iter()
            .filter(|kill| named.contains(kill.name.as_str()))
            .collect();
        // Nothing named: the fields are not tried again (an emptied generic struct
        // leaves its parameter unused), else the removals that take others with them,
        // else none of this round.
        let fields: Vec<&Kill> = kills
            .iter()
            .filter(|k| matches!(k.what, What::Field { .. }))
            .collect();
        let risky: Vec<&Kill> = kills.iter().filter(|k| k.takes_others()).collect();
        let blamed = if !culprits.is_empty() {
            culprits
        } else if !fields.is_empty() {
            fields
        } else if !risky.is_empty() {
            risky
        } else {
            kills.iter().collect()
        };
        if trace {
            for error in &errors {
                eprintln!("dead: round broke the build: {}", error.message);
            }
            for kill in &blamed {
                eprintln!("dead: keeps {} for good", kill.key);
            }
        }
        protected.extend(blamed.into_iter().map(|kill| kill.key.clone()));
    }
    report.left = current
        .found
        .iter()
        .filter(|d| is_item_lint(d))
        .map(|d| format!("line {}: {}", d.spans[0].start.0, d.message))
        .collect();
    *file = current.file;
    Ok(report)
}

/// Trait impls nothing may need, tried by halves: the bundle without them is checked,
/// a half that breaks it is split, a single impl that breaks it stays for good. At most
/// `IMPL_TRIAL_CHECKS` checks; what is left untried stays. The new bundle, if any went.
fn try_impls(
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
fn unneeded_impls(file: &syn::File) -> Vec<Kill> {
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

/// The names `fn` defines in `tokens`, at any depth.
fn fn_names(tokens: TokenStream, names: &mut Vec<String>) {
    let mut after_fn = false;
    for token in tokens {
        match &token {
            TokenTree::Ident(ident) if after_fn => names.push(ident.to_string()),
            TokenTree::Group(group) => fn_names(group.stream(), names),
            _ => {}
        }
        after_fn = matches!(&token, TokenTree::Ident(ident) if ident == "fn");
    }
}

/// How many times each identifier is called as a method (`.name`). Method-call syntax
/// is where removing an impl could quietly pick another (auto-referencing finds an impl
/// for `&T`); everything else (operators, paths like `Add::add`, bounds) resolves by
/// types, and rustc says whether it still does.
fn count_uses(tokens: TokenStream, counts: &mut HashMap<String, usize>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) => {
                let called =
                    i > 0 && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '.');
                if called {
                    *counts.entry(ident.to_string()).or_default() += 1;
                }
            }
            TokenTree::Group(group) => count_uses(group.stream(), counts),
            _ => {}
        }
    }
}

/// Trait impls of library modules: (module and header, position of `impl`, methods with
/// the uses of their names inside the impl).
struct Impls<'a> {
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
fn unnamed_types(file: &syn::File) -> Vec<Kill> {
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
fn unnamed_members(file: &syn::File) -> Vec<Kill> {
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

fn count_idents(tokens: TokenStream, counts: &mut HashMap<String, usize>) {
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => *counts.entry(ident.to_string()).or_default() += 1,
            TokenTree::Group(group) => count_idents(group.stream(), counts),
            _ => {}
        }
    }
}

/// The traits of library modules with their members' names and positions, and how many
/// impls (by the trait's name) define each member.
#[derive(Default)]
struct Traits {
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
struct Mentions {
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

/// Checks `candidate`; an import only dead code used is not reported, and breaks once
/// what it imports is gone: it goes too (rustc reports nothing else until imports
/// resolve), a few times over for chains of re-exports.
fn settle(candidate: &syn::File, edition: &str, report: &mut Report) -> Result<Checked> {
    let mut next = checked(candidate, edition, report)?;
    for _ in 0..MAX_IMPORT_REPAIRS {
        let unresolved = spots(&next.found, |d| {
            d.error && d.lint.as_deref() == Some(UNRESOLVED_IMPORT)
        });
        let mut leaves: Vec<Kill> = find_kills(&next.file, &unresolved, &[])
            .into_iter()
            .filter(|kill| kill.what == What::Leaf)
            .collect();
        // rustc may point at the path's start (`crate::m::Gone::{A, B}`): what it
        // quotes is the path, and every leaf under it goes.
        let paths: Vec<&str> = next
            .found
            .iter()
            .filter(|d| d.error && d.lint.as_deref() == Some(UNRESOLVED_IMPORT))
            .filter_map(|d| d.message.split('`').nth(1))
            .collect();
        leaves.extend(leaves_under(&next.file, &paths));
        if leaves.is_empty() {
            break;
        }
        let mut repaired = next.file;
        Sweep::new(&leaves, &repaired).visit_file_mut(&mut repaired);
        next = checked(&repaired, edition, report)?;
    }
    Ok(next)
}

/// The `use` leaves (anywhere) whose path is one of `paths` or lies under one.
fn leaves_under(file: &syn::File, paths: &[&str]) -> Vec<Kill> {
    struct Under<'a> {
        paths: &'a [&'a str],
        kills: Vec<Kill>,
    }
    impl<'ast> Visit<'ast> for Under<'_> {
        fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
            let mut tree = item.tree.clone();
            retain_leaf_trees(&mut tree, &mut |leaf, node| {
                let full = leaf_text(leaf);
                let under = |path: &&str| full == *path || full.starts_with(&format!("{path}::"));
                if self.paths.iter().any(under) {
                    self.kills.push(Kill {
                        key: format!("use {full}"),
                        name: leaf.bound().unwrap_or("*").to_string(),
                        at: leaf_spot(node).start,
                        what: What::Leaf,
                        home: None,
                    });
                }
                true
            });
        }
    }
    let mut under = Under {
        paths,
        kills: Vec::new(),
    };
    under.visit_file(file);
    under.kills
}

/// Names each `#[must_use]` value a statement drops (`f();` becomes `let _ = f();`, the
/// fix rustc suggests; the value is dropped at the same point).
struct Discard<'a>(&'a [Spot]);

impl VisitMut for Discard<'_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        for stmt in &mut block.stmts {
            let Stmt::Expr(expr, _) = stmt else {
                continue;
            };
            let span = syn::spanned::Spanned::span(&*expr);
            let (start, end) = (span.start(), span.end());
            let spot = Spot {
                start: (start.line, start.column),
                end: (end.line, end.column),
            };
            if self.0.contains(&spot) {
                let value = expr.clone();
                *stmt = syn::parse_quote!(let _ = #value;);
            }
        }
        visit_mut::visit_block_mut(self, block);
    }
}

fn is_item_lint(diagnostic: &Diagnostic) -> bool {
    let lint = diagnostic.lint.as_deref().unwrap_or("");
    !diagnostic.error && ITEM_LINTS.contains(&lint) && !diagnostic.spans.is_empty()
}

/// A printed bundle parsed again (so that spans are positions in the text rustc read)
/// and what rustc says of it.
struct Checked {
    text: String,
    file: syn::File,
    /// Errors of either build, and the warnings both builds give.
    found: Vec<Diagnostic>,
    /// Unused items only one build reports: they go only if they exist only in that
    /// build (under a `#[cfg(..)]`).
    one_sided: Vec<Spot>,
}

impl Checked {
    /// Where rustc reports unused items, in both builds.
    fn unused(&self) -> Vec<Spot> {
        spots(&self.found, is_item_lint)
    }

    /// Where a `#[must_use]` value is dropped unnamed.
    fn dropped(&self) -> Vec<Spot> {
        spots(&self.found, |d| {
            !d.error && d.lint.as_deref() == Some(UNUSED_MUST_USE)
        })
    }

    fn errors(&self) -> Vec<&Diagnostic> {
        self.found.iter().filter(|d| d.error).collect()
    }
}

fn spots(found: &[Diagnostic], keep: impl Fn(&Diagnostic) -> bool) -> Vec<Spot> {
    let chosen = found.iter().filter(|d| keep(d));
    chosen.flat_map(|d| d.spans.iter().copied()).collect()
}

/// Prints `file` and has rustc check it twice, as a judge builds it (`-O`:
/// `debug_assertions` off) and as a debug build does: what `#[cfg(debug_assertions)]`
/// code alone uses stays. Once if nothing depends on `debug_assertions`.
fn checked(file: &syn::File, edition: &str, report: &mut Report) -> Result<Checked> {
    let text = prettyplease::unparse(file);
    let parsed = syn::parse_file(&text).context("the printed bundle does not parse")?;
    // Without a `cfg(debug_assertions)` the two builds are the same program
    // (`debug_assert!` type-checks its condition in both).
    let (release, debug) = if text.contains("debug_assertions") {
        report.compiles += 2;
        let (release, debug) = std::thread::scope(|scope| {
            let debug = scope.spawn(|| diagnostics::check(&text, edition, true, &[]));
            let release = diagnostics::check(&text, edition, false, &[]);
            (release, debug.join().expect("rustc thread panicked"))
        });
        (release?, debug?)
    } else {
        report.compiles += 1;
        let release = diagnostics::check(&text, edition, false, &[])?;
        (release.clone(), release)
    };
    let key = |d: &Diagnostic| (d.lint.clone(), d.spans.clone());
    let in_debug: HashSet<_> = debug.iter().map(key).collect();
    let in_release: HashSet<_> = release.iter().map(key).collect();
    let mut found = Vec::new();
    let mut one_sided = Vec::new();
    for (diagnostic, in_other) in release
        .iter()
        .map(|d| (d, &in_debug))
        .chain(debug.iter().map(|d| (d, &in_release)))
    {
        if diagnostic.error {
            found.push(diagnostic.clone());
        } else if in_other.contains(&key(diagnostic)) {
            if std::ptr::eq(in_other, &in_debug) {
                found.push(diagnostic.clone());
            }
        } else if is_item_lint(diagnostic) {
            one_sided.extend(diagnostic.spans.iter().copied());
        }
    }
    Ok(Checked {
        text,
        file: parsed,
        found,
        one_sided,
    })
}

/// One thing to remove, found at the identifier position `at` of the checked text.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Kill {
    /// Where it is, stable from round to round (`module::Type::name`): the key that
    /// protects it once its removal has broken the build.
    key: String,
    /// The name errors would quote if its removal broke the build.
    name: String,
    at: (usize, usize),
    what: What,
    /// For an item of a module (not a member): the module, whose imports of it go too
    /// (code that is dead as well may have been their only user).
    home: Option<String>,
}

impl Kill {
    /// Whether removing it removes more than itself (impls, arms, imports).
    fn takes_others(&self) -> bool {
        !matches!(self.what, What::Leaf) && (self.what != What::Plain || self.home.is_some())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum What {
    /// A function, constant, static, type alias, macro, empty module, or an inherent
    /// impl's member: alone.
    Plain,
    /// A struct, enum or union, with the impls for it (`module` defines it).
    Type { module: String },
    /// A trait, with its impls.
    Trait { module: String },
    /// A trait's member, with its definitions in the trait's impls.
    TraitMember { owner: String },
    /// An enum variant, with the match arms whose pattern names it.
    Variant { owner: String },
    /// A named field never read, with its initializers in struct expressions (only
    /// variables and literals: nothing else is known to have no effect).
    Field { owner: String },
    /// One entry (its tokens' text) of a macro invocation's list, as an impl is tried.
    Entry { text: String },
    /// One name a `use` binds.
    Leaf,
}

/// A line (1-based) and a character column (0-based) of the checked text.
type Position = (usize, usize);

/// A trait's members: names and positions.
type Members = Vec<(String, Position)>;

/// A method an impl defines, and how many method calls by its name the impl holds.
type MethodUses = (String, usize);

fn position(span: proc_macro2::Span) -> Position {
    let start = span.start();
    (start.line, start.column)
}

/// What the warnings at `targets` let go, found in the tree parsed from the checked text;
/// those at `cfg_targets` only if under a `#[cfg(..)]`.
fn find_kills(file: &syn::File, targets: &[Spot], cfg_targets: &[Spot]) -> Vec<Kill> {
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

struct Finder<'a> {
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

/// The identifier of `tokens` that starts at one of `starts`.
fn ident_at(tokens: TokenStream, starts: &HashSet<(usize, usize)>) -> Option<String> {
    tokens.into_iter().find_map(|token| match token {
        TokenTree::Ident(ident) if starts.contains(&position(ident.span())) => {
            Some(ident.to_string())
        }
        TokenTree::Group(group) => ident_at(group.stream(), starts),
        _ => None,
    })
}

/// Every identifier in `tokens`.
fn idents_in(tokens: TokenStream, out: &mut HashSet<String>) {
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => {
                out.insert(ident.to_string());
            }
            TokenTree::Group(group) => idents_in(group.stream(), out),
            _ => {}
        }
    }
}

/// `token`, with `edit` applied to its contents if it is a group.
fn inside_groups(token: &TokenTree, edit: impl Fn(TokenStream) -> TokenStream) -> TokenTree {
    match token {
        TokenTree::Group(g) => {
            let mut inner = Group::new(g.delimiter(), edit(g.stream()));
            inner.set_span(g.span());
            TokenTree::Group(inner)
        }
        other => other.clone(),
    }
}

/// Takes the attributes (`#[..]`) at the end of `out` back out.
fn pop_attributes(out: &mut Vec<TokenTree>) {
    while let Some(TokenTree::Group(g)) = out.last() {
        let attribute = g.delimiter() == Delimiter::Bracket
            && matches!(out.iter().rev().nth(1), Some(TokenTree::Punct(p)) if p.as_char() == '#');
        if !attribute {
            break;
        }
        out.pop();
        out.pop();
    }
}

/// `tokens` without the definitions of `fn <name>` (with their attributes, visibility
/// and qualifiers, up to the body's braces or a `;`), at any depth.
fn without_fn(tokens: TokenStream, name: &str) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let defines = matches!(&tokens[i], TokenTree::Ident(f) if f == "fn")
            && matches!(tokens.get(i + 1), Some(TokenTree::Ident(n)) if n == name);
        if defines {
            // Back over qualifiers, `pub(..)` and attributes already copied.
            loop {
                match out.last() {
                    Some(TokenTree::Ident(q))
                        if ["pub", "const", "unsafe", "async", "extern", "default"]
                            .contains(&q.to_string().as_str()) =>
                    {
                        out.pop();
                    }
                    Some(TokenTree::Literal(_)) => {
                        out.pop();
                    }
                    Some(TokenTree::Group(g))
                        if g.delimiter() == Delimiter::Parenthesis
                            && matches!(out.iter().rev().nth(1), Some(TokenTree::Ident(p)) if p == "pub") =>
                    {
                        out.pop();
                    }
                    _ => break,
                }
            }
            pop_attributes(&mut out);
            i += 2;
            while i < tokens.len() {
                let end = match &tokens[i] {
                    TokenTree::Group(g) => g.delimiter() == Delimiter::Brace,
                    TokenTree::Punct(p) => p.as_char() == ';',
                    _ => false,
                };
                i += 1;
                if end {
                    break;
                }
            }
            continue;
        }
        out.push(inside_groups(&tokens[i], |inner| without_fn(inner, name)));
        i += 1;
    }
    out.into_iter().collect()
}

/// The entries of a macro invocation's tokens: each ends after a top-level `;` or
/// brace group; failing that (one entry), after a top-level `,` (generics hold commas
/// outside groups, so commas come second).
fn entries(tokens: TokenStream) -> Vec<TokenStream> {
    let split = |commas: bool| split_entries(tokens.clone(), commas);
    let entries = split(false);
    if entries.len() > 1 {
        entries
    } else {
        split(true)
    }
}

fn split_entries(tokens: TokenStream, commas: bool) -> Vec<TokenStream> {
    let mut entries = Vec::new();
    let mut entry: Vec<TokenTree> = Vec::new();
    for token in tokens {
        let ends = match &token {
            TokenTree::Punct(p) => p.as_char() == ';' || (commas && p.as_char() == ','),
            TokenTree::Group(g) => !commas && g.delimiter() == Delimiter::Brace,
            _ => false,
        };
        entry.push(token);
        if ends {
            entries.push(entry.drain(..).collect());
        }
    }
    if !entry.is_empty() {
        entries.push(entry.into_iter().collect());
    }
    entries
}

/// `tokens` without the `impl .. <name> .. for .. { .. }` blocks (and their attributes),
/// at any depth.
fn without_impls_of(tokens: TokenStream, name: &str) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if matches!(&tokens[i], TokenTree::Ident(word) if word == "impl") {
            let body = (i + 1..tokens.len()).find(
                |&j| matches!(&tokens[j], TokenTree::Group(g) if g.delimiter() == Delimiter::Brace),
            );
            if let Some(body) = body {
                let header = &tokens[i + 1..body];
                let is_ident =
                    |t: &TokenTree, word: &str| matches!(t, TokenTree::Ident(x) if x == word);
                let of_trait = header.iter().position(|t| is_ident(t, name));
                let for_at = header.iter().position(|t| is_ident(t, "for"));
                if matches!((of_trait, for_at), (Some(t), Some(f)) if t < f) {
                    pop_attributes(&mut out);
                    if matches!(out.last(), Some(TokenTree::Ident(u)) if u == "unsafe") {
                        out.pop();
                    }
                    i = body + 1;
                    continue;
                }
            }
        }
        out.push(inside_groups(&tokens[i], |inner| {
            without_impls_of(inner, name)
        }));
        i += 1;
    }
    out.into_iter().collect()
}

fn leaf_text(leaf: &Leaf) -> String {
    let mut parts = leaf.prefix.clone();
    parts.push(match &leaf.kind {
        crate::uses::LeafKind::Name(name) => name.clone(),
        crate::uses::LeafKind::Rename(name, alias) => format!("{name} as {alias}"),
        crate::uses::LeafKind::Glob => "*".to_string(),
    });
    parts.join("::")
}

/// Where a use tree's leaf is: `b` in `a::b`, `c as d` whole, `*`.
fn leaf_spot(node: &UseTree) -> Spot {
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
fn self_type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => {
            path.path.segments.last().map(|s| unraw(&s.ident))
        }
        syn::Type::Reference(reference) => self_type_name(&reference.elem),
        syn::Type::Paren(paren) => self_type_name(&paren.elem),
        _ => None,
    }
}

/// Applies one round's kills to a clone of the tree they were found in (its spans
/// still say where each thing was).
struct Sweep {
    at: HashSet<(usize, usize)>,
    /// Dead types and traits by name, with the module defining each.
    types: HashMap<String, String>,
    traits: HashMap<String, String>,
    /// (trait, member) pairs.
    members: HashSet<(String, String)>,
    /// (enum, variant) pairs.
    variants: HashSet<(String, String)>,
    /// Entries of invocations to remove: (the invocation's position, the entry's text).
    entries: HashSet<(Position, String)>,
    /// (struct, field) pairs.
    fields: HashSet<(String, String)>,
    /// Dead items of modules by name, with the last segment of their module's path.
    imported: HashSet<(String, String)>,
    /// The imports removed with the item they import: (name bound, name imported).
    removed_imports: Vec<(String, String)>,
    /// The identifiers in each `macro_rules!` body, by macro name.
    macro_bodies: HashMap<String, HashSet<String>>,
    /// The names of every type and trait defined outside macro bodies.
    defined: HashSet<String>,
    module: Vec<String>,
    /// The self type of the impl being swept, for `Self::Variant` patterns.
    self_type: Option<String>,
}

impl Sweep {
    fn new(kills: &[Kill], file: &syn::File) -> Sweep {
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
struct MacroBodies {
    bodies: HashMap<String, HashSet<String>>,
    defined: HashSet<String>,
    /// The `fn` names of each macro whose body writes an `impl`.
    methods: HashMap<String, Vec<String>>,
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

fn item_attrs(item: &Item) -> &[Attribute] {
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

fn trait_member_ident(member: &TraitItem) -> Option<&syn::Ident> {
    match member {
        TraitItem::Fn(f) => Some(&f.sig.ident),
        TraitItem::Const(c) => Some(&c.ident),
        TraitItem::Type(t) => Some(&t.ident),
        _ => None,
    }
}

fn impl_member_ident(member: &ImplItem) -> Option<&syn::Ident> {
    match member {
        ImplItem::Fn(f) => Some(&f.sig.ident),
        ImplItem::Const(c) => Some(&c.ident),
        ImplItem::Type(t) => Some(&t.ident),
        _ => None,
    }
}

/// The type and trait names a list of items defines.
fn defined_names<'a>(items: impl IntoIterator<Item = &'a Item>) -> HashSet<String> {
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

/// Takes `dead_code` and the unused lints out of every `allow`/`expect` attribute outside
/// macro bodies (an attribute left naming nothing goes).
struct Unhide;

impl Unhide {
    fn clean(attrs: &mut Vec<Attribute>) {
        attrs.retain_mut(|attr| {
            let syn::Meta::List(list) = &attr.meta else {
                return true;
            };
            if !(list.path.is_ident("allow") || list.path.is_ident("expect")) {
                return true;
            }
            let Ok(lints) =
                list.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
            else {
                return true;
            };
            let hides = |lint: &syn::Path| HIDING_LINTS.iter().any(|name| lint.is_ident(name));
            if !lints.iter().any(hides) {
                return true;
            }
            let rest: Vec<&syn::Path> = lints.iter().filter(|lint| !hides(lint)).collect();
            if rest.is_empty() {
                return false;
            }
            let path = &list.path;
            let rebuilt: Attribute = match attr.style {
                syn::AttrStyle::Outer => syn::parse_quote!(#[#path(#(#rest),*)]),
                syn::AttrStyle::Inner(_) => syn::parse_quote!(#![#path(#(#rest),*)]),
            };
            *attr = rebuilt;
            true
        });
    }
}

impl VisitMut for Unhide {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        Self::clean(&mut file.attrs);
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mut(&mut self, item: &mut Item) {
        let attrs = match item {
            Item::Const(i) => Some(&mut i.attrs),
            Item::Enum(i) => Some(&mut i.attrs),
            Item::Fn(i) => Some(&mut i.attrs),
            Item::Impl(i) => Some(&mut i.attrs),
            Item::Macro(i) => Some(&mut i.attrs),
            Item::Mod(i) => Some(&mut i.attrs),
            Item::Static(i) => Some(&mut i.attrs),
            Item::Struct(i) => Some(&mut i.attrs),
            Item::Trait(i) => Some(&mut i.attrs),
            Item::TraitAlias(i) => Some(&mut i.attrs),
            Item::Type(i) => Some(&mut i.attrs),
            Item::Union(i) => Some(&mut i.attrs),
            Item::Use(i) => Some(&mut i.attrs),
            _ => None,
        };
        if let Some(attrs) = attrs {
            Self::clean(attrs);
        }
        visit_mut::visit_item_mut(self, item);
    }

    fn visit_impl_item_mut(&mut self, item: &mut ImplItem) {
        match item {
            ImplItem::Const(i) => Self::clean(&mut i.attrs),
            ImplItem::Fn(i) => Self::clean(&mut i.attrs),
            ImplItem::Type(i) => Self::clean(&mut i.attrs),
            _ => {}
        }
        visit_mut::visit_impl_item_mut(self, item);
    }

    fn visit_trait_item_mut(&mut self, item: &mut TraitItem) {
        match item {
            TraitItem::Const(i) => Self::clean(&mut i.attrs),
            TraitItem::Fn(i) => Self::clean(&mut i.attrs),
            TraitItem::Type(i) => Self::clean(&mut i.attrs),
            _ => {}
        }
        visit_mut::visit_trait_item_mut(self, item);
    }

    fn visit_variant_mut(&mut self, variant: &mut syn::Variant) {
        Self::clean(&mut variant.attrs);
        visit_mut::visit_variant_mut(self, variant);
    }

    fn visit_field_mut(&mut self, field: &mut syn::Field) {
        Self::clean(&mut field.attrs);
        visit_mut::visit_field_mut(self, field);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind the pass removes, next to what uses the same names and stays.
    const SOURCE: &str = r#"
mod lib {
    #![allow(dead_code, unused_imports)]
    use std::collections::HashMap;
    use std::fmt::Write as _;
    pub fn used() -> u32 { Shape::Square.sides() + Kept::new().0 }
    pub fn unused() {}
    pub const UNUSED: u32 = 1;
    pub static ALSO_UNUSED: u32 = 2;
    pub type Alias = u32;
    pub struct Kept(pub u32);
    impl Kept {
        pub fn new() -> Kept { Kept(3) }
        pub fn never(&self) -> u32 { self.0 }
    }
    pub struct Gone { pub value: u32 }
    impl Gone { pub fn make() -> Gone { Gone { value: 1 } } }
    impl std::fmt::Display for Gone {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.value) }
    }
    pub trait Unused { fn poke(&self); }
    impl Unused for Kept { fn poke(&self) {} }
    pub enum Shape { Square, Circle }
    impl Shape {
        pub fn sides(&self) -> u32 {
            match self { Shape::Square => 4, Shape::Circle => 0 }
        }
    }
    macro_rules! unused_macro { () => {}; }
    pub mod empty { pub fn inside() {} }
    pub use empty::inside;
    pub struct Cache { pub hits: u32, pub seen: u32 }
    pub fn cache(hits: u32) -> u32 { let c = Cache { hits, seen: 0 }; c.hits }
}
fn main() {
    println!("{} {}", lib::used(), lib::cache(5));
}
"#;

    fn pass(source: &str) -> (String, Report) {
        let mut file = syn::parse_file(source).unwrap();
        let report = remove_dead(&mut file, "2021").unwrap();
        (prettyplease::unparse(&file), report)
    }

    #[test]
    fn removes_what_rustc_reports_and_what_goes_with_it() {
        let (text, report) = pass(SOURCE);
        for gone in [
            "allow(dead_code",
            "HashMap",
            "fmt::Write",
            "fn unused",
            "UNUSED",
            "ALSO_UNUSED",
            "Alias",
            "fn never",
            "Gone",
            "Display",
            "trait Unused",
            "fn poke",
            "Circle",
            "unused_macro",
            "mod empty",
            "inside",
            "seen",
        ] {
            assert!(!text.contains(gone), "{gone} stayed:\n{text}");
        }
        for kept in ["fn used", "Kept(3)", "Shape::Square => 4", "Cache { hits }"] {
            assert!(text.contains(kept), "{kept} went:\n{text}");
        }
        assert!(report.left.is_empty(), "{:?}", report.left);
        assert!(report.removed >= 15, "{report:?}");
        let again = pass(&text);
        assert_eq!(again.0, text, "a second pass finds nothing");
        assert_eq!(
            again.1.compiles, 1,
            "one check (no debug_assertions, no macros)"
        );
    }

    /// What only `#[cfg(debug_assertions)]` code uses stays; so does what only the
    /// release build uses.
    #[test]
    fn keeps_what_either_build_uses() {
        let source = r#"
fn for_debug() -> u32 { 1 }
fn for_release() -> u32 { 2 }
fn neither() -> u32 { 3 }
#[cfg(debug_assertions)]
fn pick() -> u32 { for_debug() }
#[cfg(not(debug_assertions))]
fn pick() -> u32 { for_release() }
fn main() { println!("{}", pick()); }
"#;
        let (text, _) = pass(source);
        assert!(
            text.contains("fn for_debug") && text.contains("fn for_release"),
            "{text}"
        );
        assert!(!text.contains("fn neither"), "{text}");
    }

    /// A `#[must_use]` value a statement drops gets the name rustc suggests.
    #[test]
    fn names_dropped_must_use_values() {
        let source = "fn main() { let v = vec![1u8]; v.iter().map(|x| x + 1); }\n";
        let (text, report) = pass(source);
        assert!(text.contains("let _ = v.iter().map(|x| x + 1);"), "{text}");
        assert!(report.left.is_empty());
    }

    #[test]
    fn macro_bodies_lose_dead_trait_members_and_impls_of_dead_traits() {
        let body: TokenStream =
            "impl Dead for u8 { fn f() {} } impl Live for u8 { pub fn g() {} fn h() {} }"
                .parse()
                .unwrap();
        let without = without_impls_of(body.clone(), "Dead").to_string();
        assert!(
            !without.contains("Dead") && without.contains("Live"),
            "{without}"
        );
        let without = without_fn(body, "g").to_string();
        assert!(
            !without.contains("fn g") && without.contains("fn h"),
            "{without}"
        );
    }

    #[test]
    fn invocation_entries_split_at_semicolons_and_braces_before_commas() {
        let count = |text: &str| entries(text.parse().unwrap()).len();
        assert_eq!(
            count("for<M: A, T: B> <X> ~ <Y> { {x} } for<I: C> <Z> ~ <Z> { {y} }"),
            2
        );
        assert_eq!(count("impl<M: A> _ for X<M>; impl<I: B> _ for Y<I>;"), 2);
        assert_eq!(count("i8, i16, u32"), 3);
    }
}
