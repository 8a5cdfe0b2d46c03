//! Where a C bundle's binary keeps the image: the loader declares the array in a section
//! that must end up in memory the system maps writable and executable. An assembler that
//! drops the flags (clang's, before the loader declared the section in assembly) gives a
//! program that compiles without a word and crashes at the image's first instruction;
//! these checks catch that in the binary itself.

use object::{Object, ObjectSection, ObjectSegment, SectionFlags, SegmentFlags};
use std::path::Path;

/// The image array's section in ELF files and in Windows' PE files (at most 8 characters).
const ELF_SECTION: &str = ".rust_image";
const PE_SECTION: &str = ".rustimg";

/// Whether the image array of the binary at `path` lies in memory mapped writable and
/// executable: in ELF, inside a loadable segment flagged W and X; in PE, a section whose
/// characteristics say write and execute (Windows maps each section as it says). The
/// reason where it does not.
pub fn image_memory_is_writable_and_executable(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = object::File::parse(&*bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = match file.format() {
        object::BinaryFormat::Elf => ELF_SECTION,
        object::BinaryFormat::Pe => PE_SECTION,
        other => return Err(format!("{}: a {other:?} file", path.display())),
    };
    let section = file
        .section_by_name(name)
        .ok_or_else(|| format!("{}: no {name} section", path.display()))?;
    let (start, end) = (section.address(), section.address() + section.size());
    match section.flags() {
        SectionFlags::Coff { characteristics } => {
            let wanted = object::pe::IMAGE_SCN_MEM_WRITE | object::pe::IMAGE_SCN_MEM_EXECUTE;
            if characteristics & wanted == wanted {
                Ok(())
            } else {
                Err(format!(
                    "{}: {name} has characteristics {characteristics:#x}, not write and execute",
                    path.display()
                ))
            }
        }
        _ => {
            let segment = file
                .segments()
                .find(|s| s.address() <= start && end <= s.address() + s.size())
                .ok_or_else(|| format!("{}: no loaded segment holds {name}", path.display()))?;
            let SegmentFlags::Elf { p_flags } = segment.flags() else {
                return Err(format!("{}: a segment that is not ELF", path.display()));
            };
            let wanted = object::elf::PF_W | object::elf::PF_X;
            if p_flags & wanted == wanted {
                Ok(())
            } else {
                Err(format!(
                    "{}: {name} is in a segment flagged {p_flags:#x}, not writable and executable",
                    path.display()
                ))
            }
        }
    }
}
