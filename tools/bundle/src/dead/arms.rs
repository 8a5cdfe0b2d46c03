//! Unused rules of exported macros. rustc's `unused_macro_rules` lint skips
//! `#[macro_export]` macros, and a bundle's libraries export theirs (proconio's `input!`
//! has nine rules, most of them for forms a solution never writes). So rustc checks a
//! copy of the bundle in which each exported macro of a top-level module is a plain
//! `macro_rules!` re-exported by `use` (from its module, and from the crate root, where
//! `$crate::name!` looks): rustc then reports its unused rules. The copy keeps every
//! rule where it was (`#[macro_export]` becomes spaces, the `use`s go at the ends of
//! lines that close modules and of the file), so its spans are the bundle's.

use crate::dead::diagnostics::{self, Spot};
use anyhow::Result;
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::collections::HashSet;
use syn::visit_mut::{self, VisitMut};
use syn::Item;

const LINT: &str = "unused_macro_rules";

/// The copy of `text` (the printed `file`) in which exported macros are plain ones, or
/// `None` if no top-level module exports one.
fn unexported(text: &str, file: &syn::File) -> Option<String> {
    let mut blanks: Vec<(usize, usize)> = Vec::new();
    let mut inserts: Vec<(usize, String)> = Vec::new();
    let mut root_uses = String::new();
    let offsets = Offsets::new(text);
    for item in &file.items {
        let Item::Mod(module) = item else { continue };
        let Some((brace, items)) = &module.content else {
            continue;
        };
        let mut names = Vec::new();
        for item in items {
            let Item::Macro(mac) = item else { continue };
            let (Some(name), Some(attr)) = (
                &mac.ident,
                mac.attrs.iter().find(|a| a.path().is_ident("macro_export")),
            ) else {
                continue;
            };
            let span = syn::spanned::Spanned::span(attr);
            blanks.push((offsets.at(span.start())?, offsets.at(span.end())?));
            names.push(name.to_string());
        }
        if names.is_empty() {
            continue;
        }
        // The bundler's `pub use crate::{input, ..};` would now clash with the macro.
        for item in items {
            let Item::Use(import) = item else { continue };
            // Every leaf names one of the macros (a glob or `_` leaf binds no name).
            let mut only_macros = true;
            crate::uses::retain_leaves(&mut import.tree.clone(), &mut |leaf| {
                only_macros &= leaf
                    .bound()
                    .is_some_and(|name| names.iter().any(|n| n == name));
                true
            });
            let from_root = matches!(&import.tree, syn::UseTree::Path(p) if p.ident == "crate");
            if from_root && only_macros {
                let span = syn::spanned::Spanned::span(import);
                blanks.push((offsets.at(span.start())?, offsets.at(span.end())?));
            }
        }
        let list = names.join(", ");
        let close = offsets.at(brace.span.close().start())?;
        inserts.push((close, format!("pub(crate) use {{{list}}}; ")));
        root_uses.push_str(&format!("use {}::{{{list}}};\n", module.ident));
    }
    if blanks.is_empty() {
        return None;
    }
    let mut bytes = text.as_bytes().to_vec();
    for (start, end) in blanks {
        for byte in &mut bytes[start..end] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    }
    let mut out = String::from_utf8(bytes).ok()?;
    inserts.sort();
    for (at, text) in inserts.into_iter().rev() {
        out.insert_str(at, &text);
    }
    out.push_str(&root_uses);
    Some(out)
}

/// Byte offsets of proc-macro2's (line, character column) positions.
struct Offsets<'a> {
    text: &'a str,
    lines: Vec<usize>,
}

impl<'a> Offsets<'a> {
    fn new(text: &'a str) -> Offsets<'a> {
        let mut lines = vec![0];
        lines.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Offsets { text, lines }
    }

    fn at(&self, at: proc_macro2::LineColumn) -> Option<usize> {
        let start = *self.lines.get(at.line.checked_sub(1)?)?;
        let line = &self.text[start..];
        let column = line
            .char_indices()
            .nth(at.column)
            .map_or(line.len(), |(i, _)| i);
        Some(start + column)
    }
}

/// What of the exported macros is unused, in the debug and in the release build alike.
#[derive(Debug, Default)]
pub struct Unused {
    /// The matchers of unused rules.
    pub rules: Vec<Spot>,
    /// The names of macros never invoked.
    pub macros: Vec<Spot>,
    /// How many times rustc checked the copy.
    pub checks: usize,
}

/// What rustc finds unused among the exported macros of `file` (printed as `text`).
pub fn unused(text: &str, file: &syn::File, edition: &str) -> Result<Unused> {
    let Some(copy) = unexported(text, file) else {
        return Ok(Unused::default());
    };
    let checks = if copy.contains("debug_assertions") {
        2
    } else {
        1
    };
    let (release, debug) = if checks == 2 {
        let (release, debug) = std::thread::scope(|scope| {
            let debug = scope.spawn(|| diagnostics::check(&copy, edition, true, &[LINT]));
            let release = diagnostics::check(&copy, edition, false, &[LINT]);
            (release, debug.join().expect("rustc thread panicked"))
        });
        (release?, debug?)
    } else {
        let release = diagnostics::check(&copy, edition, false, &[LINT])?;
        (release.clone(), release)
    };
    // The copy must compile for its report to mean anything.
    if let Some(error) = release.iter().chain(&debug).find(|d| d.error) {
        if std::env::var_os("BUNDLE_DEAD_TRACE").is_some() {
            eprintln!(
                "dead: the copy with plain macros does not compile: {}",
                error.message
            );
            if let Some(path) = std::env::var_os("BUNDLE_DEAD_COPY") {
                std::fs::write(path, &copy).ok();
            }
        }
        return Ok(Unused {
            checks,
            ..Unused::default()
        });
    }
    let both = |lint: &str| -> Vec<Spot> {
        let of = |found: &[diagnostics::Diagnostic]| -> HashSet<Spot> {
            found
                .iter()
                .filter(|d| d.lint.as_deref() == Some(lint))
                .flat_map(|d| d.spans.iter().copied())
                .collect()
        };
        let in_debug = of(&debug);
        let mut spots: Vec<Spot> = of(&release)
            .into_iter()
            .filter(|s| in_debug.contains(s))
            .collect();
        spots.sort();
        spots
    };
    Ok(Unused {
        rules: both(LINT),
        macros: both("unused_macros"),
        checks,
    })
}

/// Removes the rules whose matchers start at one of `starts`.
pub struct RemoveRules<'a>(pub &'a HashSet<(usize, usize)>);

impl VisitMut for RemoveRules<'_> {
    fn visit_item_macro_mut(&mut self, item: &mut syn::ItemMacro) {
        if item.ident.is_some() {
            item.mac.tokens = without_rules(item.mac.tokens.clone(), self.0);
        }
        visit_mut::visit_item_macro_mut(self, item);
    }
}

/// A `macro_rules!` body (`(matcher) => { .. };` repeated) without the rules whose
/// matcher starts at one of `starts`; never without its last rule.
fn without_rules(body: TokenStream, starts: &HashSet<(usize, usize)>) -> TokenStream {
    let tokens: Vec<TokenTree> = body.clone().into_iter().collect();
    let mut rules: Vec<&[TokenTree]> = Vec::new();
    let mut rest = tokens.as_slice();
    while !rest.is_empty() {
        // matcher, `=`, `>`, transcriber, and `;` unless last.
        let len = (rest.len()).min(if rest.len() > 4 { 5 } else { 4 });
        rules.push(&rest[..len]);
        rest = &rest[len..];
    }
    let punct =
        |token: &TokenTree, c: char| matches!(token, TokenTree::Punct(p) if p.as_char() == c);
    let is_rule = |rule: &&[TokenTree]| {
        rule.len() >= 4
            && matches!(&rule[0], TokenTree::Group(_))
            && punct(&rule[1], '=')
            && punct(&rule[2], '>')
            && matches!(&rule[3], TokenTree::Group(g) if g.delimiter() != Delimiter::None)
            && rule.get(4).is_none_or(|t| punct(t, ';'))
    };
    if !rules.iter().all(is_rule) {
        return body;
    }
    let unused = |rule: &&[TokenTree]| {
        let start = rule[0].span().start();
        starts.contains(&(start.line, start.column))
    };
    let kept: Vec<&[TokenTree]> = rules.iter().filter(|r| !unused(r)).copied().collect();
    if kept.is_empty() || kept.len() == rules.len() {
        return body;
    }
    let mut out: Vec<TokenTree> = Vec::new();
    for rule in kept {
        out.extend(rule[..4].iter().cloned());
        out.push(TokenTree::Punct(proc_macro2::Punct::new(
            ';',
            proc_macro2::Spacing::Alone,
        )));
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_and_removes_the_unused_rules_of_an_exported_macro() {
        let source = "mod lib {\n    pub use crate::twice;\n    #[macro_export]\n    macro_rules! twice {\n        (a $x:expr) => { $crate::twice!(b $x) };\n        (b $x:expr) => { 2 * $x };\n        (c) => { 0 };\n    }\n}\nfn main() {\n    println!(\"{}\", lib::twice!(a 3));\n}\n";
        let file = syn::parse_file(source).unwrap();
        let text = prettyplease::unparse(&file);
        let file = syn::parse_file(&text).unwrap();
        let unused = unused(&text, &file, "2021").unwrap();
        assert_eq!(unused.rules.len(), 1, "{unused:?}");
        assert_eq!(unused.macros.len(), 0, "{unused:?}");
        let starts: HashSet<(usize, usize)> = unused.rules.iter().map(|s| s.start).collect();
        let mut pruned = file.clone();
        RemoveRules(&starts).visit_file_mut(&mut pruned);
        let printed = prettyplease::unparse(&pruned);
        assert!(
            !printed.contains("(c)") && printed.contains("(b $x:expr)"),
            "{printed}"
        );
    }
}
