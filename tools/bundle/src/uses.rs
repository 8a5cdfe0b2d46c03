//! The leaves of a `use` tree (`use a::{b, c as d, e::*}` has three), so that callers
//! can decide leaf by leaf which imports stay.

use syn::UseTree;

/// One imported name: its path prefix and what it binds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leaf {
    pub prefix: Vec<String>,
    pub kind: LeafKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeafKind {
    /// `a::b` (or `a::{self}`, with name `self`).
    Name(String),
    /// `a::b as c`.
    Rename(String, String),
    /// `a::*`.
    Glob,
}

impl Leaf {
    /// The name of the imported item, e.g. `b` in `a::b as c` (for `self`, the module).
    pub fn original(&self) -> Option<&str> {
        match &self.kind {
            LeafKind::Name(name) if name == "self" => self.prefix.last().map(String::as_str),
            LeafKind::Name(name) | LeafKind::Rename(name, _) => Some(name),
            LeafKind::Glob => None,
        }
    }

    /// The name this leaf introduces in its module (`c` in `a::b as c`; none for `_` or `*`).
    pub fn bound(&self) -> Option<&str> {
        match &self.kind {
            LeafKind::Rename(_, alias) if alias == "_" => None,
            LeafKind::Rename(_, alias) => Some(alias),
            _ => self.original(),
        }
    }
}

/// Keeps the leaves of `tree` for which `keep` says so; returns false when none is left.
/// Leaves are offered in source order.
pub fn retain_leaves(tree: &mut UseTree, keep: &mut impl FnMut(&Leaf) -> bool) -> bool {
    retain_under(tree, &mut Vec::new(), &mut |leaf, _| keep(leaf))
}

/// As `retain_leaves`, offering each leaf's own tree too (`Name`, `Rename` or `Glob`:
/// where it is in the source).
pub fn retain_leaf_trees(
    tree: &mut UseTree,
    keep: &mut impl FnMut(&Leaf, &UseTree) -> bool,
) -> bool {
    retain_under(tree, &mut Vec::new(), keep)
}

fn retain_under(
    tree: &mut UseTree,
    prefix: &mut Vec<String>,
    keep: &mut impl FnMut(&Leaf, &UseTree) -> bool,
) -> bool {
    let kind = match tree {
        UseTree::Path(path) => {
            prefix.push(unraw(&path.ident));
            let any = retain_under(&mut path.tree, prefix, keep);
            prefix.pop();
            return any;
        }
        UseTree::Group(group) => {
            let items = std::mem::take(&mut group.items);
            group.items = items
                .into_iter()
                .filter_map(|mut t| retain_under(&mut t, prefix, keep).then_some(t))
                .collect();
            if group.items.len() == 1
                && !matches!(&group.items[0], UseTree::Name(n) if n.ident == "self")
            {
                *tree = group.items.pop().expect("one item");
                return true;
            }
            return !group.items.is_empty();
        }
        UseTree::Name(name) => LeafKind::Name(unraw(&name.ident)),
        UseTree::Rename(rename) => LeafKind::Rename(unraw(&rename.ident), unraw(&rename.rename)),
        UseTree::Glob(_) => LeafKind::Glob,
    };
    let leaf = Leaf {
        prefix: prefix.clone(),
        kind,
    };
    keep(&leaf, tree)
}

/// An identifier as a name: `r#type` is `type`.
pub fn unraw(ident: &syn::Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(bare) => bare.to_string(),
        None => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    #[test]
    fn offers_leaves_in_order_and_rebuilds_the_tree() {
        let mut item: syn::ItemUse = syn::parse_quote!(
            use a::{
                b, c as d,
                e::{self, *},
                f as _,
            };
        );
        let mut seen = Vec::new();
        retain_leaves(&mut item.tree, &mut |leaf| {
            seen.push((
                leaf.prefix.join("::"),
                leaf.original().map(str::to_string),
                leaf.bound().map(str::to_string),
            ));
            leaf.bound() == Some("d") || leaf.bound() == Some("e")
        });
        let some = |s: &str| Some(s.to_string());
        assert_eq!(
            seen,
            [
                ("a".to_string(), some("b"), some("b")),
                ("a".to_string(), some("c"), some("d")),
                ("a::e".to_string(), some("e"), some("e")),
                ("a::e".to_string(), None, None),
                ("a".to_string(), some("f"), None),
            ]
        );
        assert_eq!(
            item.to_token_stream().to_string(),
            "use a :: { c as d , e :: { self } } ;"
        );
    }

    #[test]
    fn single_survivor_loses_its_braces() {
        let mut item: syn::ItemUse = syn::parse_quote!(
            use a::{b, c};
        );
        assert!(retain_leaves(&mut item.tree, &mut |leaf| leaf.bound() == Some("c")));
        assert_eq!(item.to_token_stream().to_string(), "use a :: c ;");
        assert!(!retain_leaves(&mut item.tree, &mut |_| false));
    }
}
