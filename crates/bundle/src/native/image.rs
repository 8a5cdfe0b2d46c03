//! The image: what of the linked ELF file runs (code, constants, data), laid out as it
//! would be in memory from its lowest address, and the words the loader relocates.

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

/// x86-64's one relocation in a static position-independent executable: the word becomes
/// the load address plus the addend.
const R_X86_64_RELATIVE: u32 = 8;

/// The alignment of the loader's array (`loader.c`'s `aligned(4096)`).
pub const PAGE: u64 = 4096;

pub struct Image {
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
    pub fn from_elf(bytes: &[u8]) -> Result<Image> {
        let elf = object::File::parse(bytes).context("not an object file")?;
        ensure!(
            elf.architecture() == object::Architecture::X86_64,
            "the image is for {:?}, not x86-64",
            elf.architecture()
        );
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
                r_type == R_X86_64_RELATIVE,
                "the image needs relocation type {r_type} at {offset:#x}; the loader only adds the load address"
            );
            if !inside(offset) {
                continue; // in a section that is not loaded (.dynamic, unwinding tables)
            }
            let target = u64::try_from(relocation.addend())?;
            ensure!(
                inside(target) || target == end,
                "the word at {offset:#x} points at {target:#x}, outside the image's sections"
            );
            let at = usize::try_from(offset - low)?;
            ensure!(
                at + 8 <= data.len(),
                "the relocated word at {offset:#x} is past the image's data"
            );
            data[at..at + 8].copy_from_slice(&(target - low).to_le_bytes());
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
            data,
            size: usize::try_from(end - low)?,
            relocations,
            entry: usize::try_from(entry - low)?,
        })
    }
}
