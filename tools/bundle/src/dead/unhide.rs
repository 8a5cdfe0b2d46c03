//! Takes the allows of dead-code lints out, so that rustc sees everything.

use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, ImplItem, Item, TraitItem};

/// The lints whose `allow` hides what the pass removes; libraries' own allows of them
/// go too, so that rustc sees everything.
pub(super) const HIDING_LINTS: [&str; 4] =
    ["dead_code", "unused", "unused_imports", "unused_macros"];

/// Takes `dead_code` and the unused lints out of every `allow`/`expect` attribute outside
/// macro bodies (an attribute left naming nothing goes).
pub(super) struct Unhide;

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
