//! The image crate's source: the Rust bundle, made a `no_std` crate whose `std` is the
//! runtime (`tools/c-runtime`), with an entry the loader calls.

use anyhow::{Context, Result};
use syn::visit_mut::VisitMut;
use syn::{parse_quote, Item};

/// The name the loader calls; `compile` makes it the ELF entry, so the linker keeps it.
pub const ENTRY: &str = "image_main";

/// The loader's way in, the same C signature on both machines. On 32-bit x86 it first
/// aligns the stack to 16 bytes, which the code rustc makes for x86 Linux assumes and a
/// Windows caller does not promise (4 bytes there): `image_main` saves the stack pointer,
/// aligns it and calls `image_run` with the host pointer it was given.
const ENTRIES: &str = r#"#[cfg(target_arch = "x86_64")]
#[no_mangle]
pub extern "C" fn image_main(host: &'static std::Host) -> i32 {
    std::rt::start(host, main)
}

#[cfg(target_arch = "x86")]
extern "C" fn image_run(host: &'static std::Host) -> i32 {
    std::rt::start(host, main)
}

#[cfg(target_arch = "x86")]
core::arch::global_asm!(
    ".globl image_main",
    "image_main:",
    "push ebp",
    "mov ebp, esp",
    "and esp, -16",
    "sub esp, 12",
    "push dword ptr [ebp + 8]",
    "call {run}",
    "mov esp, ebp",
    "pop ebp",
    "ret",
    run = sym image_run,
);
"#;

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
        "// The image crate: the Rust bundle, compiled against the runtime (tools/c-runtime).\n\
         #![no_std]\n\
         #![no_main]\n\
         #[macro_use]\n\
         extern crate std;\n\
         #[macro_use]\n\
         extern crate alloc;\n\
         \n\
         {code}\n\
         {ENTRIES}"
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
        assert!(
            source.contains("\"image_main:\""),
            "the 32-bit entry: {source}"
        );
        assert!(source.contains("std::rt::start(host, main)"));
    }

    #[test]
    fn a_bundle_without_main_is_refused() {
        let error = image_source("mod a {}").unwrap_err();
        assert!(error.to_string().contains("no `fn main`"), "{error}");
    }
}
