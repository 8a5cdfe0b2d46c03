//! Token-level reading and editing of macro bodies and invocations.

use super::position;
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use std::collections::{HashMap, HashSet};

/// The names `fn` defines in `tokens`, at any depth.
pub(super) fn fn_names(tokens: TokenStream, names: &mut Vec<String>) {
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
pub(super) fn count_uses(tokens: TokenStream, counts: &mut HashMap<String, usize>) {
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

pub(super) fn count_idents(tokens: TokenStream, counts: &mut HashMap<String, usize>) {
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => *counts.entry(ident.to_string()).or_default() += 1,
            TokenTree::Group(group) => count_idents(group.stream(), counts),
            _ => {}
        }
    }
}

/// The identifier of `tokens` that starts at one of `starts`.
pub(super) fn ident_at(tokens: TokenStream, starts: &HashSet<(usize, usize)>) -> Option<String> {
    tokens.into_iter().find_map(|token| match token {
        TokenTree::Ident(ident) if starts.contains(&position(ident.span())) => {
            Some(ident.to_string())
        }
        TokenTree::Group(group) => ident_at(group.stream(), starts),
        _ => None,
    })
}

/// Every identifier in `tokens`.
pub(super) fn idents_in(tokens: TokenStream, out: &mut HashSet<String>) {
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
pub(super) fn inside_groups(
    token: &TokenTree,
    edit: impl Fn(TokenStream) -> TokenStream,
) -> TokenTree {
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
pub(super) fn pop_attributes(out: &mut Vec<TokenTree>) {
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
pub(super) fn without_fn(tokens: TokenStream, name: &str) -> TokenStream {
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
pub(super) fn entries(tokens: TokenStream) -> Vec<TokenStream> {
    let split = |commas: bool| split_entries(tokens.clone(), commas);
    let entries = split(false);
    if entries.len() > 1 {
        entries
    } else {
        split(true)
    }
}

pub(super) fn split_entries(tokens: TokenStream, commas: bool) -> Vec<TokenStream> {
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
pub(super) fn without_impls_of(tokens: TokenStream, name: &str) -> TokenStream {
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
