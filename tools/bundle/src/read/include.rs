//! `include_str!("file")` and `include_bytes!("file")` read a file next to the source
//! at compile time; the judge has only the bundle, so the file's contents replace the
//! call, as a string or byte-string literal. Paths are relative to the file holding the
//! call, as rustc resolves them. Calls inside other macros' arguments (token streams)
//! are replaced too; a call whose argument is not a plain string literal is an error.

use anyhow::{Context, Result};
use cargo_metadata::camino::Utf8Path;
use proc_macro2::{Group, Literal, TokenStream, TokenTree};
use syn::visit_mut::{self, VisitMut};

/// Replaces every `include_str!`/`include_bytes!` in `file`, whose directory is `dir`.
pub fn inline_includes(file: &mut syn::File, dir: &Utf8Path) -> Result<()> {
    let mut visitor = Includes { dir, error: None };
    visitor.visit_file_mut(file);
    match visitor.error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

struct Includes<'a> {
    dir: &'a Utf8Path,
    error: Option<anyhow::Error>,
}

impl Includes<'_> {
    fn record<T>(&mut self, result: Result<T>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(error) => {
                self.error.get_or_insert(error);
                None
            }
        }
    }

    /// The literal for `kind!(argument)`, if `kind` is an include macro.
    fn literal(&self, kind: &str, argument: TokenStream) -> Result<Literal> {
        let path: syn::LitStr = syn::parse2(argument)
            .with_context(|| format!("{}: `{kind}!` needs one string literal", self.dir))?;
        let path = self.dir.join(path.value());
        let bytes = std::fs::read(&path).with_context(|| format!("{kind}!: cannot read {path}"))?;
        Ok(match kind {
            "include_str" => {
                let text = String::from_utf8(bytes)
                    .with_context(|| format!("include_str!: {path} is not UTF-8"))?;
                Literal::string(&text)
            }
            _ => Literal::byte_string(&bytes),
        })
    }

    /// The same at token level: `include_str ! ( "x" )` becomes `"..."`.
    fn tokens(&mut self, tokens: TokenStream) -> TokenStream {
        let input: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(input.len());
        let mut i = 0;
        while i < input.len() {
            if let (
                TokenTree::Ident(name),
                Some(TokenTree::Punct(bang)),
                Some(TokenTree::Group(args)),
            ) = (&input[i], input.get(i + 1), input.get(i + 2))
            {
                let kind = name.to_string();
                if include_kind(&kind) && bang.as_char() == '!' {
                    let literal = self.literal(&kind, args.stream());
                    if let Some(literal) = self.record(literal) {
                        out.push(TokenTree::Literal(literal));
                    }
                    i += 3;
                    continue;
                }
            }
            match &input[i] {
                TokenTree::Group(group) => {
                    let mut inner = Group::new(group.delimiter(), self.tokens(group.stream()));
                    inner.set_span(group.span());
                    out.push(TokenTree::Group(inner));
                }
                other => out.push(other.clone()),
            }
            i += 1;
        }
        out.into_iter().collect()
    }
}

fn include_kind(name: &str) -> bool {
    name == "include_str" || name == "include_bytes"
}

/// The include macro `path` names (`include_str`, `std::include_str`, ...), if any.
fn included(path: &syn::Path) -> Option<String> {
    let last = path.segments.last()?.ident.to_string();
    let prefix_ok = path
        .segments
        .iter()
        .rev()
        .skip(1)
        .all(|s| s.ident == "std" || s.ident == "core");
    (include_kind(&last) && prefix_ok).then_some(last)
}

impl VisitMut for Includes<'_> {
    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        if let syn::Expr::Macro(call) = expr {
            if let Some(kind) = included(&call.mac.path) {
                let literal = self.literal(&kind, call.mac.tokens.clone());
                if let Some(literal) = self.record(literal) {
                    *expr = syn::Expr::Lit(syn::ExprLit {
                        attrs: std::mem::take(&mut call.attrs),
                        lit: syn::Lit::new(literal),
                    });
                }
                return;
            }
        }
        visit_mut::visit_expr_mut(self, expr);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        if included(&mac.path).is_none() {
            mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    #[test]
    fn includes_become_literals() {
        let dir = std::env::temp_dir().join(format!("bundle-include-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("data")).unwrap();
        std::fs::write(dir.join("data/table.txt"), "a \"b\"\n").unwrap();
        std::fs::write(dir.join("data/raw.bin"), [0u8, 255]).unwrap();
        let dir = cargo_metadata::camino::Utf8PathBuf::from_path_buf(dir).unwrap();
        let mut file: syn::File = syn::parse_str(
            "const T: &str = include_str!(\"data/table.txt\"); \
             static B: &[u8] = ::core::include_bytes!(\"data/raw.bin\"); \
             fn f() { println!(\"{}\", include_str!(\"data/table.txt\")); }",
        )
        .unwrap();
        inline_includes(&mut file, &dir).unwrap();
        let mut missing: syn::File =
            syn::parse_str("const M: &str = include_str!(\"none.txt\");").unwrap();
        let error = inline_includes(&mut missing, &dir).unwrap_err();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            file.to_token_stream().to_string(),
            "const T : & str = \"a \\\"b\\\"\\n\" ; static B : & [u8] = b\"\\0\\xFF\" ; \
             fn f () { println ! (\"{}\" , \"a \\\"b\\\"\\n\") ; }"
        );
        assert!(format!("{error:#}").contains("none.txt"), "{error:#}");
    }
}
