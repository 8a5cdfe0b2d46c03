//! The image: what of the linked ELF file runs (code, constants, data), laid out as it
//! would be in memory from its lowest address, and the words the loader relocates.

use super::compile::Arch;
use super::source::ENTRY;
use anyhow::{bail, ensure, Context, Result};
use object::{Object, ObjectSection, ObjectSymbol, RelocationFlags, SectionFlags};

/// Sections a running image never reads: unwinding tables (nothing unwinds with
/// `panic=abort`) and the dynamic linker's tables (the loader does its one job).
const NOT_RUN: &[&str] = &[
    ".eh_frame",
    ".eh_frame_hdr",
    ".gcc_except_table",
    ".dynsym",
    ".dynstr",
    ".gnu.hash",
    ".hash",
    ".rela.dyn",
    ".dynamic",
    ".note.gnu.build-id",
];

/// The one relocation of a static position-independent executable, on both machines:
/// the word becomes the load address plus the addend (`R_X86_64_RELATIVE`,
/// `R_386_RELATIVE`; x86-64 gives the addend in the table, x86 in the word itself).
const R_RELATIVE: u32 = 8;

/// The alignment of the loader's array (`loader.c`'s `.balign 4096`).
pub const PAGE: u64 = 4096;

pub struct Image {
    pub arch: Arch,
    /// The image's first bytes as they are in memory; `size - data.len()` zero bytes follow.
    pub data: Vec<u8>,
    /// Bytes of memory the image takes.
    pub size: usize,
    /// Offsets of the words that hold image offsets and become addresses, ascending.
    pub relocations: Vec<usize>,
    /// Offset of the entry the loader calls.
    pub entry: usize,
}

impl Image {
    pub fn from_elf(bytes: &[u8], arch: Arch) -> Result<Image> {
        let elf = object::File::parse(bytes).context("not an object file")?;
        let machine = match arch {
            Arch::X86_64 => object::Architecture::X86_64,
            Arch::X86 => object::Architecture::I386,
        };
        ensure!(
            elf.architecture() == machine,
            "the image is for {:?}, not {machine:?}",
            elf.architecture()
        );
        let word = arch.word_bytes();
        if let Some(symbol) = elf
            .symbols()
            .find(|s| s.is_undefined() && !s.name().unwrap_or("").is_empty())
        {
            bail!(
                "the image needs `{}`, which nothing defines",
                symbol.name().unwrap_or("?")
            );
        }
        let runs = |section: &object::Section| -> bool {
            let allocated = match section.flags() {
                SectionFlags::Elf { sh_flags } => sh_flags & u64::from(object::elf::SHF_ALLOC) != 0,
                _ => false,
            };
            allocated && !NOT_RUN.contains(&section.name().unwrap_or(""))
        };
        let kept: Vec<object::Section> =
            elf.sections().filter(|s| runs(s) && s.size() > 0).collect();
        ensure!(!kept.is_empty(), "the image has no code");
        // From the page that holds the first section: the loader's array is page-aligned, so
        // every section keeps its alignment (up to a page, which `ensure` checks).
        ensure!(
            kept.iter().all(|s| s.align() <= PAGE),
            "a section wants more than page alignment"
        );
        let low = kept.iter().map(|s| s.address()).min().unwrap_or(0) / PAGE * PAGE;
        let end = kept
            .iter()
            .map(|s| s.address() + s.size())
            .max()
            .unwrap_or(0);
        let stored: Vec<&object::Section> = kept
            .iter()
            .filter(|s| s.kind() != object::SectionKind::UninitializedData)
            .collect();
        let data_end = stored
            .iter()
            .map(|s| s.address() + s.size())
            .max()
            .unwrap_or(low);
        let mut data = vec![0u8; usize::try_from(data_end - low)?];
        for section in &stored {
            let start = usize::try_from(section.address() - low)?;
            let content = section.data()?;
            data[start..start + content.len()].copy_from_slice(content);
        }
        let inside = |address: u64| {
            kept.iter()
                .any(|s| s.address() <= address && address < s.address() + s.size())
        };
        let mut relocations = Vec::new();
        for (offset, relocation) in elf.dynamic_relocations().into_iter().flatten() {
            let RelocationFlags::Elf { r_type } = relocation.flags() else {
                bail!("a relocation that is not ELF");
            };
            ensure!(
                r_type == R_RELATIVE,
                "the image needs relocation type {r_type} at {offset:#x}; the loader only adds the load address"
            );
            if !inside(offset) {
                continue; // in a section that is not loaded (.dynamic, unwinding tables)
            }
            let at = usize::try_from(offset - low)?;
            ensure!(
                at + word <= data.len(),
                "the relocated word at {offset:#x} is past the image's data"
            );
            let target = if relocation.has_implicit_addend() {
                let mut bytes = [0u8; 8];
                bytes[..word].copy_from_slice(&data[at..at + word]);
                u64::from_le_bytes(bytes)
            } else {
                u64::try_from(relocation.addend())?
            };
            ensure!(
                inside(target) || target == end,
                "the word at {offset:#x} points at {target:#x}, outside the image's sections"
            );
            data[at..at + word].copy_from_slice(&(target - low).to_le_bytes()[..word]);
            relocations.push(at);
        }
        relocations.sort_unstable();
        let entry = elf
            .symbols()
            .find(|s| s.name() == Ok(ENTRY))
            .with_context(|| format!("the image exports no `{ENTRY}`"))?
            .address();
        ensure!(inside(entry), "the entry {entry:#x} is outside the image");
        Ok(Image {
            arch,
            data,
            size: usize::try_from(end - low)?,
            relocations,
            entry: usize::try_from(entry - low)?,
        })
    }
}
