//! The licence notice each bundled crate must carry into a bundle.
//!
//! MIT (and the other permissive licences) require the copyright and permission
//! notice to travel with substantial portions of the code, so a bundle ends with the
//! full notice of every crate inlined into it. For a choice of licences (`MIT OR
//! Apache-2.0`) MIT is taken where offered: its notice is a few lines, Apache's ten
//! kilobytes. The notice is the crate's own licence file (the `license-file` of its
//! manifest, or a `LICENSE*`/`LICENCE*`/`COPYING*` file in its package directory whose
//! text is that licence; a workspace crate may rely on the workspace's `LICENSE`). A
//! registry crate may ship without one (proconio 0.4.5 does): for MIT the notice is then
//! rebuilt from the copyright lines of its own source files and the licence's standard
//! permission text, and the bundle says so. Anything else fails: better no bundle than
//! one that breaks its library's licence.

use anyhow::{bail, Context, Result};
use cargo_metadata::camino::{Utf8Path, Utf8PathBuf};
use cargo_metadata::Package;

/// One crate's notice, as it goes into a bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The licence the code is distributed under in the bundle, e.g. `MIT`.
    pub licence: String,
    /// Where the text comes from, for the reader.
    pub origin: String,
    /// The full notice.
    pub text: String,
}

/// Licences that waive the notice requirement (public-domain dedications and their kin):
/// their code travels with a credit line, not a licence text.
const NO_NOTICE_REQUIRED: [&str; 4] = ["CC0-1.0", "Unlicense", "0BSD", "MIT-0"];

/// The permission notice of the MIT licence, in its standard wording.
const MIT_PERMISSION: &str = "\
Permission is hereby granted, free of charge, to any person obtaining a copy of this \
software and associated documentation files (the \"Software\"), to deal in the Software \
without restriction, including without limitation the rights to use, copy, modify, merge, \
publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons \
to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or \
substantial portions of the Software.

THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, \
INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR \
PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE \
FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR \
OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER \
DEALINGS IN THE SOFTWARE.
";

/// Finds the notice of `package`; a workspace crate (no `source`) may fall back to the
/// licence file at `workspace_root`.
pub fn notice(package: &Package, workspace_root: &Utf8Path) -> Result<Notice> {
    let name = format!("{} {}", package.name, package.version);
    let dir = package
        .manifest_path
        .parent()
        .context("manifest without a directory")?;
    if let Some(file) = &package.license_file {
        let path = dir.join(file);
        let text = read(&path)?;
        return Ok(Notice {
            licence: package
                .license
                .clone()
                .unwrap_or_else(|| "see notice".into()),
            origin: format!("{name}'s licence file {file}"),
            text,
        });
    }
    let expression = package.license.as_deref().with_context(|| {
        format!("{name} declares no licence: it cannot be bundled without its terms")
    })?;
    let licence = choose(expression);
    if NO_NOTICE_REQUIRED.contains(&licence.as_str()) {
        return Ok(Notice {
            licence: licence.clone(),
            origin: format!("{name}'s manifest"),
            text: format!(
                "{name} is under {licence}, which asks for no notice: it is named here for credit."
            ),
        });
    }
    let mut dirs = vec![dir.to_owned()];
    if package.source.is_none() && dir != workspace_root {
        dirs.push(workspace_root.to_owned());
    }
    for dir in &dirs {
        if let Some((path, text)) = licence_file(dir, &licence)? {
            let file = path.strip_prefix(dir).unwrap_or(&path);
            let whose = if dir == workspace_root && package.source.is_none() {
                "the workspace's".to_string()
            } else {
                format!("{name}'s")
            };
            return Ok(Notice {
                licence: licence.clone(),
                origin: format!("{whose} {file}"),
                text,
            });
        }
    }
    if licence == "MIT" {
        let copyrights = copyright_lines(&dir.join("src"))?;
        if !copyrights.is_empty() {
            return Ok(Notice {
                licence,
                origin: format!(
                    "{name} ships no licence file: the copyright line of its source files \
                     and the MIT licence's standard permission notice"
                ),
                text: format!("{}\n\n{MIT_PERMISSION}", copyrights.join("\n")),
            });
        }
    }
    bail!(
        "{name} ({expression}) has no {licence} licence file in {dir} and no copyright \
         line to rebuild it from: its notice cannot travel with the bundle"
    )
}

/// The licence taken from an SPDX expression: MIT where offered, else the first choice.
pub fn choose(expression: &str) -> String {
    let choices: Vec<&str> = expression
        .split(" OR ")
        .flat_map(|c| c.split('/'))
        .map(|c| c.trim().trim_matches(|ch| ch == '(' || ch == ')').trim())
        .filter(|c| !c.is_empty())
        .collect();
    let chosen = choices
        .iter()
        .find(|c| **c == "MIT")
        .or(choices.first())
        .copied()
        .unwrap_or(expression);
    chosen.to_string()
}

/// A licence file in `dir` whose text is `licence`.
fn licence_file(dir: &Utf8Path, licence: &str) -> Result<Option<(Utf8PathBuf, String)>> {
    let Ok(entries) = dir.read_dir_utf8() else {
        return Ok(None);
    };
    let mut candidates: Vec<Utf8PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path().to_owned())
        .filter(|p| {
            let file = p.file_name().unwrap_or("").to_ascii_uppercase();
            p.is_file()
                && ["LICENSE", "LICENCE", "COPYING"]
                    .iter()
                    .any(|s| file.starts_with(s))
        })
        .collect();
    candidates.sort();
    for path in candidates {
        let text = read(&path)?;
        if is_licence(&path, &text, licence) {
            return Ok(Some((path, text)));
        }
    }
    Ok(None)
}

/// Whether a licence file holds `licence`: by a phrase of its text where we know one,
/// else by the file's name.
fn is_licence(path: &Utf8Path, text: &str, licence: &str) -> bool {
    let phrase = match licence {
        "MIT" => Some("Permission is hereby granted, free of charge"),
        "Apache-2.0" => Some("Apache License"),
        "ISC" => Some("Permission to use, copy, modify, and/or distribute"),
        "BSD-2-Clause" | "BSD-3-Clause" => {
            Some("Redistribution and use in source and binary forms")
        }
        "Zlib" => Some("This software is provided 'as-is'"),
        _ => None,
    };
    match phrase {
        Some(phrase) => text
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains(phrase),
        None => {
            let file = path.file_name().unwrap_or("").to_ascii_uppercase();
            let id = licence.to_ascii_uppercase();
            file.contains(&id) || file.contains(id.split('-').next().unwrap_or(&id))
        }
    }
}

/// The distinct `Copyright ...` lines of the comments in a crate's sources.
fn copyright_lines(src: &Utf8Path) -> Result<Vec<String>> {
    let mut lines = Vec::new();
    let mut dirs = vec![src.to_owned()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = dir.read_dir_utf8() else {
            continue;
        };
        let mut paths: Vec<Utf8PathBuf> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path().to_owned())
            .collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension() == Some("rs") {
                for line in read(&path)?.lines() {
                    let comment = line.trim_start().trim_start_matches('/').trim();
                    let is_copyright = line.trim_start().starts_with("//")
                        && comment.to_ascii_lowercase().starts_with("copyright ");
                    if is_copyright && !lines.iter().any(|l| l == comment) {
                        lines.push(comment.to_string());
                    }
                }
            }
        }
    }
    Ok(lines)
}

fn read(path: &Utf8Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mit_is_chosen_where_offered() {
        assert_eq!(choose("MIT OR Apache-2.0"), "MIT");
        assert_eq!(choose("Apache-2.0 OR MIT"), "MIT");
        assert_eq!(choose("MIT/Apache-2.0"), "MIT");
        assert_eq!(choose("CC0-1.0"), "CC0-1.0");
        assert_eq!(choose("(Apache-2.0 OR BSD-3-Clause)"), "Apache-2.0");
    }

    #[test]
    fn licence_files_are_recognised_by_their_text() {
        let mit = format!("MIT License\n\nCopyright (c) 2020 A\n\n{MIT_PERMISSION}");
        assert!(is_licence("LICENSE".into(), &mit, "MIT"));
        assert!(!is_licence(
            "LICENSE-APACHE".into(),
            "Apache License\nVersion 2.0",
            "MIT"
        ));
        assert!(is_licence(
            "LICENSE-APACHE".into(),
            "  Apache License\n",
            "Apache-2.0"
        ));
        assert!(is_licence(
            "LICENSE-CC0".into(),
            "Creative Commons",
            "CC0-1.0"
        ));
        let isc = "ISC License\n\nPermission to use, copy, modify, and/or distribute this";
        assert!(is_licence("LICENSE".into(), isc, "ISC"));
        assert!(!is_licence("LICENSE".into(), isc, "MIT"));
    }

    #[test]
    fn copyright_lines_are_found_once() {
        let dir = std::env::temp_dir().join(format!("bundle-licence-{}", std::process::id()));
        let src = Utf8PathBuf::from_path_buf(dir.join("src")).unwrap();
        std::fs::create_dir_all(src.join("inner")).unwrap();
        std::fs::write(
            src.join("lib.rs"),
            "// Copyright 2019 A <a@x>\n//\nfn f() {}\n",
        )
        .unwrap();
        std::fs::write(src.join("inner/m.rs"), "// Copyright 2019 A <a@x>\n").unwrap();
        std::fs::write(src.join("inner/n.rs"), "let s = \"Copyright 1999 B\";\n").unwrap();
        assert_eq!(copyright_lines(&src).unwrap(), ["Copyright 2019 A <a@x>"]);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
