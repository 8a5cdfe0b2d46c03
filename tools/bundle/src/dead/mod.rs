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

use crate::uses::retain_leaf_trees;
use anyhow::{bail, Context, Result};
use diagnostics::{Diagnostic, Spot, ITEM_LINTS};
use std::collections::HashSet;
use syn::visit::Visit;
use syn::visit_mut::{self, VisitMut};
use syn::Stmt;

mod arms;
pub mod diagnostics;
mod find;
mod sweep;
mod tokens;
mod trials;
mod unhide;

use find::{find_kills, leaf_spot, leaf_text};
use sweep::Sweep;
use trials::{try_impls, unnamed_types};
use unhide::Unhide;

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

/// Removes from `file` what rustc reports unused, until it reports nothing that can go.
///
/// The phases, each tried only when the ones before it find nothing: what rustc reports
/// unused (`remove_reported`); types no code names (`remove_unnamed_types`); trait impls no
/// method call needs (`trials::try_impls`); unused rules of exported macros
/// (`remove_macro_rules`). After any progress, rustc is asked again from the first phase.
pub fn remove_dead(file: &mut syn::File, edition: &str) -> Result<Report> {
    Unhide.visit_file_mut(file);
    let mut pass = Pass {
        report: Report::default(),
        current: None,
        edition,
        protected: HashSet::new(),
        trace: std::env::var_os("BUNDLE_DEAD_TRACE").is_some(),
    };
    let first = checked(file, edition, &mut pass.report)?;
    if let Some(error) = first.errors().first() {
        bail!("the bundle does not compile: {}", error.message);
    }
    pass.current = Some(first);
    loop {
        let progress = pass.remove_reported()?
            || pass.remove_unnamed_types()?
            || pass.remove_unneeded_impls()?
            || pass.remove_macro_rules()?;
        if !progress {
            break;
        }
    }
    let current = pass.current.take().expect("set above");
    pass.report.left = current
        .found
        .iter()
        .filter(|d| is_item_lint(d))
        .map(|d| format!("line {}: {}", d.spans[0].start.0, d.message))
        .collect();
    *file = current.file;
    Ok(pass.report)
}

/// `Pass::current` is set before the first phase.
const STARTED: &str = "the pass starts from a checked bundle";

/// The pass's state between phases: the last bundle that compiled, and the removals that
/// broke the build once (never tried again).
struct Pass<'a> {
    report: Report,
    current: Option<Checked>,
    edition: &'a str,
    protected: HashSet<String>,
    trace: bool,
}

impl Pass<'_> {
    /// Checks `candidate`; keeps it when it compiles. Whether it did.
    fn take_if_it_compiles(&mut self, candidate: &syn::File, removed: usize) -> Result<bool> {
        let next = settle(candidate, self.edition, &mut self.report)?;
        if !next.errors().is_empty() {
            return Ok(false);
        }
        self.report.removed += removed;
        self.current = Some(next);
        Ok(true)
    }

    /// What rustc reports unused (and `#[must_use]` values dropped), in one round. A round
    /// that breaks the build is not taken; the removals its errors name (else the fields,
    /// else those that take others with them, else all of it) are never tried again.
    /// Whether there was anything to try.
    fn remove_reported(&mut self) -> Result<bool> {
        let current = self.current.as_ref().expect(STARTED);
        let mut kills = find_kills(&current.file, &current.unused(), &current.one_sided);
        kills.retain(|kill| !self.protected.contains(&kill.key));
        let dropped = current.dropped();
        if kills.is_empty() && dropped.is_empty() {
            return Ok(false);
        }
        let mut candidate = current.file.clone();
        let mut sweep = Sweep::new(&kills, &candidate);
        sweep.visit_file_mut(&mut candidate);
        Discard(&dropped).visit_file_mut(&mut candidate);
        let next = settle(&candidate, self.edition, &mut self.report)?;
        let errors = next.errors();
        if errors.is_empty() {
            self.report.removed += kills.len();
            self.current = Some(next);
            return Ok(true);
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
        if self.trace {
            for error in &errors {
                eprintln!("dead: round broke the build: {}", error.message);
            }
            for kill in &blamed {
                eprintln!("dead: keeps {} for good", kill.key);
            }
        }
        self.protected
            .extend(blamed.into_iter().map(|kill| kill.key.clone()));
        Ok(true)
    }

    /// Types no code names outside their own impls: all at once, else one at a time (each
    /// that breaks the build stays). Whether there were any to try.
    fn remove_unnamed_types(&mut self) -> Result<bool> {
        let mut unnamed = unnamed_types(&self.current.as_ref().expect(STARTED).file);
        unnamed.retain(|kill| !self.protected.contains(&kill.key));
        if unnamed.is_empty() {
            return Ok(false);
        }
        let mut candidate = self.current.as_ref().expect(STARTED).file.clone();
        Sweep::new(&unnamed, &candidate).visit_file_mut(&mut candidate);
        if self.take_if_it_compiles(&candidate, unnamed.len())? {
            return Ok(true);
        }
        for kill in unnamed {
            let mut candidate = self.current.as_ref().expect(STARTED).file.clone();
            Sweep::new(std::slice::from_ref(&kill), &candidate).visit_file_mut(&mut candidate);
            let next = settle(&candidate, self.edition, &mut self.report)?;
            if next.errors().is_empty() {
                self.report.removed += 1;
                self.current = Some(next);
            } else {
                if self.trace {
                    eprintln!(
                        "dead: keeps {}, named: {}",
                        kill.key,
                        next.errors()[0].message
                    );
                }
                self.protected.insert(kill.key);
            }
        }
        Ok(true)
    }

    /// Trait impls whose methods no method call names, tried by halves (`trials`).
    fn remove_unneeded_impls(&mut self) -> Result<bool> {
        let tried = try_impls(
            self.current.as_ref().expect(STARTED),
            self.edition,
            &mut self.report,
            &mut self.protected,
            self.trace,
        )?;
        match tried {
            Some(next) => {
                self.current = Some(next);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// The unused rules of exported macros (rustc reports them on a copy where the macros
    /// are plain ones, `arms`), and the macros left with none. Whether any went.
    fn remove_macro_rules(&mut self) -> Result<bool> {
        let current = self.current.as_ref().expect(STARTED);
        let unused = arms::unused(&current.text, &current.file, self.edition)?;
        self.report.compiles += unused.checks;
        if unused.rules.is_empty() && unused.macros.is_empty() {
            return Ok(false);
        }
        let starts: HashSet<(usize, usize)> = unused.rules.iter().map(|s| s.start).collect();
        let macros = find_kills(&current.file, &unused.macros, &[]);
        let mut candidate = current.file.clone();
        arms::RemoveRules(&starts).visit_file_mut(&mut candidate);
        Sweep::new(&macros, &candidate).visit_file_mut(&mut candidate);
        self.take_if_it_compiles(&candidate, starts.len() + macros.len())
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

#[cfg(test)]
mod tests {
    use super::tokens::{entries, without_fn, without_impls_of};
    use super::*;
    use proc_macro2::TokenStream;

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
