//! The C file: `native/loader.c`, a template of the whole C program, compacted (`compact`)
//! and filled with a header holding the licence notices, the images as one LZMA stream
//! written in base 91, and each image's layout and relocations. Only values are computed
//! here; every line of C is in the template.

use super::compact::compact;
use super::compile::{Arch, Optimisation};
use super::hashbrown::Hashbrown;
use super::image::{Image, PAGE};
use crate::metadata::Plan;

/// The whole C program, its header, the images and their tables left as `${NAME}`s.
const TEMPLATE: &str = include_str!("../../native/loader.c");

/// The digits of base 91 in value order, as `loader.c`'s `digits`: printable ASCII but the
/// space (which an editor may trim from a line's end), `"`, `\\` and `?` (a C89 compiler
/// reads `??` followed by some characters as a trigraph). Two digits hold 13 bits: 1.23
/// characters a byte, where base 85 takes 1.25 and base64 1.33.
const DIGITS: &[u8; 91] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&'()*+,-./:;<=>@[]^_`{|}~";

/// Digits per line of the packed image: C89 promises string literals of 509 characters.
const LINE: usize = 500;

/// Who holds the copyright of Rust's `core`, `alloc` and `compiler_builtins`, whose code
/// is in every image; the Rust project offers them under MIT or Apache-2.0.
const RUST_LIBRARY_COPYRIGHT: &str = "\
Rust's core, alloc and compiler_builtins libraries, compiled into the image: MIT or
Apache-2.0, here MIT. Copyright (c) The Rust Project Contributors.";

/// The MIT permission notice, which must accompany the Rust libraries' code. A bundle whose
/// own notices already hold it (every crate of this workspace is MIT) names it once.
const MIT_TERMS: &str = "\
  Permission is hereby granted, free of charge, to any person obtaining a copy of this
  software and associated documentation files (the \"Software\"), to deal in the Software
  without restriction, including without limitation the rights to use, copy, modify,
  merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
  permit persons to whom the Software is furnished to do so, subject to the following
  conditions:

  The above copyright notice and this permission notice shall be included in all copies
  or substantial portions of the Software.

  THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
  INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
  PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT
  HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
  CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE
  OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.";

/// Whether `notices` already hold the MIT permission notice, whatever their line breaks.
fn holds_mit_terms(notices: &[&str]) -> bool {
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    words(&notices.join("\n")).contains(&words(MIT_TERMS))
}

pub struct Rendered {
    pub text: String,
    pub compressed_size: usize,
}

/// An image and the rustc that made it (`rustc 1.85.0 (...)`), for the header.
pub struct Built {
    pub image: Image,
    pub rustc: String,
    pub elf: std::path::PathBuf,
}

/// The LZMA coder's literal context, literal position and position bits: 2, 0, 0 packed
/// the five problems' image pairs a little smaller than xz's default 3, 0, 2.
const LZMA_LC_LP_PB: [u32; 3] = [2, 0, 0];

/// xz's strongest preset, `-9e`.
const LZMA_PRESET: u32 = 9 | 1 << 31;

/// The C file of `images`; `hashbrown` where they hold its code, for its notice.
pub fn render(
    plan: &Plan,
    rust_bundle: &str,
    optimisation: Optimisation,
    images: &[&Built],
    left_out: &[(Arch, String)],
    hashbrown: Option<&Hashbrown>,
) -> anyhow::Result<Rendered> {
    let stream = Stream::lay_out(images);
    let packed = lzma(&stream.bytes)?;
    let encoded = base91(&packed);
    let mut values = values(images, &stream, &packed, &encoded, left_out);
    values.push((
        "HEADER".into(),
        header(
            plan,
            rust_bundle,
            optimisation,
            images,
            packed.len(),
            left_out,
            hashbrown,
        ),
    ));
    let text = fill(&compact(TEMPLATE), &values);
    Ok(Rendered {
        text,
        compressed_size: packed.len(),
    })
}

/// The images' code and data one after the other, each from a page boundary (a page is
/// what an image's sections were aligned to), as the loader decompresses them.
struct Stream {
    bytes: Vec<u8>,
    /// Where each image starts.
    offsets: Vec<usize>,
}

impl Stream {
    fn lay_out(images: &[&Built]) -> Stream {
        let mut bytes = Vec::new();
        let mut offsets = Vec::new();
        for built in images {
            bytes.resize(bytes.len().next_multiple_of(PAGE as usize), 0);
            offsets.push(bytes.len());
            bytes.extend_from_slice(&built.image.data);
        }
        Stream { bytes, offsets }
    }
}

/// `bytes` as a raw LZMA1 stream (no header: the loader knows the coder's settings).
fn lzma(bytes: &[u8]) -> anyhow::Result<Vec<u8>> {
    use liblzma::stream::{Action, Filters, LzmaOptions, Status, Stream};
    let [lc, lp, pb] = LZMA_LC_LP_PB;
    let mut options = LzmaOptions::new_preset(LZMA_PRESET)?;
    options
        .literal_context_bits(lc)
        .literal_position_bits(lp)
        .position_bits(pb);
    let mut filters = Filters::new();
    filters.lzma1(&options);
    let mut encoder = Stream::new_raw_encoder(&filters)?;
    let mut out = Vec::with_capacity(bytes.len() + 1024);
    loop {
        let consumed = encoder.total_in() as usize;
        match encoder.process_vec(&bytes[consumed..], &mut out, Action::Finish)? {
            Status::StreamEnd => return Ok(out),
            _ => out.reserve(out.capacity().max(4096)),
        }
    }
}

/// The C comment on top: what the file is, how it was made, and every licence notice of
/// the code inside (the Rust bundle's, Rust's own libraries', and hashbrown's where the
/// images hold it).
fn header(
    plan: &Plan,
    rust_bundle: &str,
    optimisation: Optimisation,
    images: &[&Built],
    packed_size: usize,
    left_out: &[(Arch, String)],
    hashbrown: Option<&Hashbrown>,
) -> String {
    let rust_header: Vec<&str> = rust_bundle
        .lines()
        .take_while(|line| line.starts_with("//"))
        .map(|line| line.trim_start_matches("//"))
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .filter(|line| !line.starts_with("Licence notices:") && !line.starts_with("Generated by"))
        .collect();
    let notices: Vec<&str> = rust_bundle
        .lines()
        .skip_while(|line| !line.starts_with("// Licences of the code above"))
        .skip(1)
        .map(|line| line.strip_prefix("//").unwrap_or(line))
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .collect();
    let (title, libraries) = rust_header
        .split_first()
        .map_or(("", &[][..]), |(t, l)| (*t, l));
    let machines: Vec<&str> = images.iter().map(|b| b.image.arch.name()).collect();
    let mut lines: Vec<String> = vec![
        format!(
            "{title} — C bundle: Rust compiled to {} machine code",
            machines.join(" and ")
        ),
        format!(
            "Generated by `make bundle` from {} (workspace crate `{}`); do not edit, edit the crate.",
            plan.dir, plan.package
        ),
        String::new(),
        format!(
            "The Rust bundle (bundles/{}.rs) compiled with `{} -Cpanic=abort`{}, by stable",
            plan.package,
            optimisation.describe(),
            match optimisation {
                Optimisation::Speed => "",
                chosen if chosen == Optimisation::first_for(&plan.contest) => {
                    " (the crate's c-opt-level)"
                }
                Optimisation::Size => " (at -O it is over the limit)",
                Optimisation::Smallest => " (at -O and at opt-level=s it is over the limit)",
            }
        ),
    ];
    for built in images {
        let image = &built.image;
        lines.push(format!(
            "  {} ({}): {} bytes of code and data",
            built.rustc,
            image.arch.name(),
            image.data.len()
        ));
    }
    lines.push(format!(
        "against tools/c-runtime (a std of core, alloc and C functions the loader passes in), \
         packed into one LZMA stream of {packed_size} bytes."
    ));
    lines.extend(
        [
            "The loader (tools/bundle/native/loader.c, its comments taken out) unpacks this",
            "machine's image into a writable and executable array, which a linker may warn of as",
            "an RWX segment, and calls it; it makes no system call of its own. C89 or C++98; GCC",
            "or clang, -O or none; Linux or Windows (MinGW); x86-64 or 32-bit x86.",
        ]
        .map(str::to_string),
    );
    for (arch, why) in left_out {
        lines.push(format!("It carries no {} image: {why}.", arch.name()));
    }
    lines.extend(libraries.iter().map(|line| line.to_string()));
    lines.push(String::new());
    lines.push("-".repeat(78));
    lines.push("Licences of the code inside; each notice must stay with it.".to_string());
    lines.extend(notices.iter().map(|line| line.to_string()));
    lines.push(String::new());
    lines.extend(RUST_LIBRARY_COPYRIGHT.lines().map(str::to_string));
    if holds_mit_terms(&notices) {
        lines.push("The MIT permission notice above applies to them as well.".to_string());
    } else {
        lines.push(String::new());
        lines.extend(MIT_TERMS.lines().map(str::to_string));
    }
    if let Some(hashbrown) = hashbrown {
        lines.push(String::new());
        lines.extend(hashbrown_heading(hashbrown));
        lines.push(String::new());
        let text = hashbrown.notice.text.trim_end();
        lines.extend(text.lines().map(|line| format!("  {line}")));
    }
    let mut out = String::from("/*\n");
    for line in lines {
        // A notice that held `*/` would end the comment early.
        let line = line.replace("*/", "* /");
        match line.trim_end() {
            "" => out.push_str(" *\n"),
            line => out.push_str(&format!(" * {line}\n")),
        }
    }
    out.push_str(" */\n");
    out
}

/// The line above hashbrown's notice: what it covers, where it comes from, which licence.
fn hashbrown_heading(hashbrown: &Hashbrown) -> Vec<String> {
    let home = hashbrown
        .repository
        .as_deref()
        .map_or(String::new(), |url| format!(" ({url})"));
    let notice = &hashbrown.notice;
    vec![
        format!(
            "{}{home}, the runtime's HashMap and HashSet,",
            hashbrown.name
        ),
        format!(
            "compiled into the image: {}, chosen from {}. Notice: {}.",
            notice.licence, hashbrown.licence, notice.origin
        ),
    ]
}

/// `bytes` in base 91, two digits for each 13 bits: the bits least significant first (each
/// byte's, then the next byte's), each 13 as `first + 91 * second` (at most 8191 of the
/// 8281 that two digits can say), the last 13 padded with zero bits.
fn base91(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 16 / 13 + 2);
    let (mut bits, mut held) = (0u32, 0);
    let mut push = |value: u32| {
        out.push(DIGITS[(value % 91) as usize] as char);
        out.push(DIGITS[(value / 91) as usize] as char);
    };
    for &byte in bytes {
        bits |= u32::from(byte) << held;
        held += 8;
        if held >= 13 {
            push(bits & 0x1fff);
            bits >>= 13;
            held -= 13;
        }
    }
    if held > 0 {
        push(bits);
    }
    out
}

/// The values the template's names stand for: the stream's text and size, the coder's
/// settings, and for each machine whether the file carries its image, and where the image
/// is, how big, its check, entry and relocations (zeros for a machine it lacks, whose
/// `#error` says why).
fn values(
    images: &[&Built],
    stream: &Stream,
    packed: &[u8],
    encoded: &str,
    left_out: &[(Arch, String)],
) -> Vec<(String, String)> {
    let [lc, lp, pb] = LZMA_LC_LP_PB;
    let lines: Vec<String> = encoded
        .as_bytes()
        .chunks(LINE)
        .map(|chunk| {
            let digits = std::str::from_utf8(chunk).expect("base 91 digits are ASCII");
            format!("\"{digits}\",")
        })
        .collect();
    let mut values: Vec<(String, String)> = vec![
        ("PACKED_LINES".into(), lines.join("\n")),
        ("PACKED_SIZE".into(), packed.len().to_string()),
        ("LZMA_LC".into(), lc.to_string()),
        ("LZMA_LP".into(), lp.to_string()),
        ("LZMA_PB".into(), pb.to_string()),
    ];
    for arch in Arch::ALL {
        let carried = images
            .iter()
            .zip(&stream.offsets)
            .find(|(b, _)| b.image.arch == arch);
        let missing = left_out
            .iter()
            .find(|(a, _)| *a == arch)
            .map_or(String::new(), |(_, why)| why.replace(['"', '\\'], "'"));
        let machine = match carried {
            Some((built, &offset)) => Machine::of(&built.image, offset, stream, packed.len()),
            None => Machine::default(),
        };
        let prefix = macro_prefix(arch);
        let mut set = |name: &str, value: String| values.push((format!("{prefix}_{name}"), value));
        set("CARRIED", u8::from(carried.is_some()).to_string());
        set("MISSING", missing);
        set("BUFFER_SIZE", machine.buffer_size.to_string());
        set("OFFSET", machine.offset.to_string());
        set("DATA_END", machine.data_end.to_string());
        set("CHECK", machine.check.to_string());
        set("ENTRY", machine.entry.to_string());
        set("RELOCATION_STEPS", machine.relocation_steps);
    }
    values
}

/// One machine's image as the loader's `struct image_layout` and array size give it.
#[derive(Default)]
struct Machine {
    /// The array the image runs in: the stream up to the image, and the image in memory.
    buffer_size: usize,
    offset: usize,
    data_end: usize,
    entry: usize,
    /// The loader's `tables_check`: the Adler-32 of the stream's bytes up to `data_end`
    /// and of every number above and of the coder's, as four bytes each, least
    /// significant first.
    check: u32,
    /// The relocated words as distances from the one before, 20 to a line, each followed
    /// by a comma.
    relocation_steps: String,
}

impl Machine {
    fn of(image: &Image, offset: usize, stream: &Stream, packed_size: usize) -> Machine {
        let data_end = offset + image.data.len();
        let buffer_size = offset + image.size;
        let mut previous = 0;
        let steps: Vec<usize> = image
            .relocations
            .iter()
            .map(|&at| {
                let step = at - previous;
                previous = at;
                step
            })
            .collect();
        let [lc, lp, pb] = LZMA_LC_LP_PB.map(|bits| bits as usize);
        let mut check = adler2::Adler32::new();
        check.write_slice(&stream.bytes[..data_end]);
        let numbers = [
            buffer_size,
            offset,
            data_end,
            image.entry,
            packed_size,
            lc,
            lp,
            pb,
            steps.len(),
        ];
        for number in numbers.iter().chain(&steps) {
            let number = u32::try_from(*number).expect("the tables' numbers are below 2^32");
            check.write_slice(&number.to_le_bytes());
        }
        let rows: Vec<String> = steps
            .chunks(20)
            .map(|row| {
                let row: Vec<String> = row.iter().map(usize::to_string).collect();
                format!("{},", row.join(", "))
            })
            .collect();
        Machine {
            buffer_size,
            offset,
            data_end,
            entry: image.entry,
            check: check.checksum(),
            relocation_steps: rows.join("\n"),
        }
    }
}

/// `template` with each `${NAME}` replaced by the value of NAME; every name the template
/// uses must have a value, and every value a place.
fn fill(template: &str, values: &[(String, String)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|(_, v)| v.len()).sum::<usize>());
    let mut used = vec![false; values.len()];
    let mut rest = template;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let end = rest[start..]
            .find('}')
            .expect("a `${` in the template is closed")
            + start;
        let name = &rest[start + 2..end];
        let index = values
            .iter()
            .position(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("the template names `{name}`, which has no value"));
        out.push_str(&values[index].1);
        used[index] = true;
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    if let Some(index) = used.iter().position(|u| !u) {
        panic!("the template has no place for `{}`", values[index].0);
    }
    out
}

/// How the template's names of `arch`'s values begin.
fn macro_prefix(arch: Arch) -> &'static str {
    match arch {
        Arch::X86_64 => "X86_64",
        Arch::X86 => "X86",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base91_writes_each_13_bits_as_two_digits_least_significant_first() {
        assert_eq!(base91(&[]), "");
        // 8 bits, padded to 13: 0x01 is 1 = 1 + 91 * 0.
        assert_eq!(base91(&[1]), "10");
        // 0xff 0x1f: the first 13 bits are all ones, 8191 = 1 + 91 * 90; 3 zero bits follow.
        assert_eq!(base91(&[0xff, 0x1f]), "1~00");
        // 13 bytes are exactly 8 pairs; 14 need a ninth.
        assert_eq!(base91(&[0xa5; 13]).len(), 16);
        assert_eq!(base91(&[0xa5; 14]).len(), 18);
        let digits: std::collections::BTreeSet<u8> = DIGITS.iter().copied().collect();
        assert_eq!(digits.len(), 91, "no digit twice");
        for unsafe_in_a_literal in [b' ', b'"', b'\\', b'?'] {
            assert!(!digits.contains(&unsafe_in_a_literal));
        }
    }

    #[test]
    fn the_mit_terms_are_found_however_a_notice_breaks_its_lines() {
        let rewrapped: Vec<&str> = MIT_TERMS.split(". ").collect();
        assert!(holds_mit_terms(&[
            "MIT License",
            "",
            &rewrapped.join(".\n  ")
        ]));
        assert!(!holds_mit_terms(&["Apache License, Version 2.0"]));
    }
}
