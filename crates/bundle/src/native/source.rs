//! The image crate's source: the Rust bundle, made a `no_std` crate whose `std` is the
//! stand-in (`native/std.rs`), with an entry the loader calls.

use anyhow::{Context, Result};
use syn::visit_mut::VisitMut;
use syn::{parse_quote, Item};

/// The name the loader calls; `compile` makes it the ELF entry, so the linker keeps it.
pub const ENTRY: &str = "image_main";

/// `bundle` (a whole Rust bundle) as the image crate's source.
pub fn image_source(bundle: &str) -> Result<String> {
    let mut file = syn::parse_file(bundle).context("the Rust bundle does not parse")?;
    let has_main = file
        .items
        .iter()
        .any(|item| matches!(item, Item::Fn(f) if f.sig.ident == "main"));
    anyhow::ensure!(has_main, "the Rust bundle has no `fn main` at its root");
    ImportPrelude.visit_file_mut(&mut file);
    file.items.insert(0, prelude_import());
    file.attrs.clear();
    let code = prettyplease::unparse(&file);
    Ok(format!(
        "// The image crate: the Rust bundle, compiled against the std stand-in.\n\
         #![no_std]\n\
         #![no_main]\n\
         #[macro_use]\n\
         extern crate std;\n\
         #[macro_use]\n\
         extern crate alloc;\n\
         \n\
         {code}\n\
         #[no_mangle]\n\
         pub extern \"C\" fn {ENTRY}(host: &'static std::Host) -> i32 {{\n    \
             std::rt::start(host, main)\n\
         }}\n"
    ))
}

/// `Vec`, `String`, `Box`, `ToString`, `ToOwned`: std's prelude has them in every module,
/// `core`'s does not.
fn prelude_import() -> Item {
    parse_quote!(
        #[allow(unused_imports)]
        use std::prelude::v1::*;
    )
}

struct ImportPrelude;

impl VisitMut for ImportPrelude {
    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.insert(0, prelude_import());
        }
        syn::visit_mut::visit_item_mod_mut(self, module);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_module_imports_the_prelude_and_main_gets_an_entry() {
        let source = image_source("fn main() {}\nmod a { mod b { pub fn f() {} } }\n").unwrap();
        assert_eq!(
            source.matches("use std::prelude::v1::*;").count(),
            3,
            "{source}"
        );
        assert!(source.contains("#![no_std]"));
        assert!(source.contains("pub extern \"C\" fn image_main("));
        assert!(source.contains("std::rt::start(host, main)"));
    }

    #[test]
    fn a_bundle_without_main_is_refused() {
        let error = image_source("mod a {}").unwrap_err();
        assert!(error.to_string().contains("no `fn main`"), "{error}");
    }
}
