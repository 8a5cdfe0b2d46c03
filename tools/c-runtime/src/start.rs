//! Start-up and exit (`rt`, `process`, `env`), and what the compiler and `alloc` call by
//! name: the global allocator and the C memory functions.

use crate::host::host;

/// Where the image starts: the loader calls its exported entry, which calls [`rt::start`].
pub mod rt {
    /// Runs the solution's `main` with `host` as its world; returns the exit status.
    pub fn start<T: Termination>(host: &'static crate::Host, main: fn() -> T) -> i32 {
        crate::host::install(host);
        main().report()
    }

    /// What `main` may return, as std's `Termination`: `()` or a `Result` whose error is
    /// printed.
    pub trait Termination {
        fn report(self) -> i32;
    }

    impl Termination for () {
        fn report(self) -> i32 {
            0
        }
    }

    impl<E: core::fmt::Debug> Termination for Result<(), E> {
        fn report(self) -> i32 {
            match self {
                Ok(()) => 0,
                Err(error) => {
                    crate::io::_eprint(format_args!("Error: {error:?}\n"));
                    1
                }
            }
        }
    }
}

pub mod process {
    /// Flushes stdout and stderr, then ends the program with `code`.
    pub fn exit(code: i32) -> ! {
        // SAFETY: the C `exit`, which takes any status.
        unsafe { (crate::host::host().exit)(code) }
    }

    /// Ends the program at once with a failure status, as a panic does.
    pub fn abort() -> ! {
        exit(134)
    }
}

/// The program's arguments: its name alone (see the crate doc).
pub mod env {
    use alloc::string::String;

    /// std's `Args`: an iterator over the arguments, the program's name first.
    #[derive(Debug)]
    pub struct Args {
        name: Option<String>,
    }

    pub fn args() -> Args {
        Args {
            name: Some(String::from("solution")),
        }
    }

    impl Iterator for Args {
        type Item = String;

        fn next(&mut self) -> Option<String> {
            self.name.take()
        }

        fn size_hint(&self) -> (usize, Option<usize>) {
            let n = usize::from(self.name.is_some());
            (n, Some(n))
        }
    }

    impl ExactSizeIterator for Args {}

    impl DoubleEndedIterator for Args {
        fn next_back(&mut self) -> Option<String> {
            self.name.take()
        }
    }
}

// ---- memory -------------------------------------------------------------------------

/// What the C `malloc` guarantees at least: 16 bytes on x86-64 glibc, 8 on 32-bit Windows.
const MALLOC_ALIGN: usize = core::mem::size_of::<usize>();

/// `alloc`'s allocator: C's `malloc`. A block aligned beyond what `malloc` guarantees is
/// cut from a larger one, with the larger block's start stored in the word just before the
/// aligned pointer.
pub(crate) struct HostAllocator;

// SAFETY: blocks come from the C allocator, and an over-aligned one lies inside its larger
// block with room for the stored start before it (`MALLOC_ALIGN` bytes, at least a word).
unsafe impl core::alloc::GlobalAlloc for HostAllocator {
    unsafe fn alloc(&self, layout: core::alloc::Layout) -> *mut u8 {
        let host = host();
        if layout.align() <= MALLOC_ALIGN {
            return (host.malloc)(layout.size().max(1));
        }
        // No overflow: a layout's size, rounded up to its alignment, is at most isize::MAX.
        let block = (host.malloc)(layout.size() + layout.align() + MALLOC_ALIGN);
        if block.is_null() {
            return block;
        }
        let start = block as usize + MALLOC_ALIGN;
        let aligned = (start + layout.align() - 1) & !(layout.align() - 1);
        *(aligned as *mut usize).sub(1) = block as usize;
        aligned as *mut u8
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: core::alloc::Layout) {
        let block = if layout.align() <= MALLOC_ALIGN {
            ptr
        } else {
            *(ptr as *mut usize).sub(1) as *mut u8
        };
        (host().free)(block)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: core::alloc::Layout, size: usize) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            return (host().realloc)(ptr, size.max(1));
        }
        let new_layout = core::alloc::Layout::from_size_align_unchecked(size, layout.align());
        let new = self.alloc(new_layout);
        if !new.is_null() {
            core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(size));
            self.dealloc(ptr, layout);
        }
        new
    }
}

/// The symbols an image links against; not in the unit tests, which run on std's.
#[cfg(not(test))]
mod symbols {
    use crate::host::host;

    #[global_allocator]
    static ALLOCATOR: super::HostAllocator = super::HostAllocator;

    // The compiler calls these by name; the C library has fast ones.
    #[no_mangle]
    pub unsafe extern "C" fn memcpy(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
        (host().memcpy)(dest, src, n)
    }

    #[no_mangle]
    pub unsafe extern "C" fn memmove(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
        (host().memmove)(dest, src, n)
    }

    #[no_mangle]
    pub unsafe extern "C" fn memset(dest: *mut u8, byte: i32, n: usize) -> *mut u8 {
        (host().memset)(dest, byte, n)
    }

    #[no_mangle]
    pub unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
        (host().memcmp)(a, b, n)
    }

    #[no_mangle]
    pub unsafe extern "C" fn bcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
        (host().memcmp)(a, b, n)
    }

    /// The precompiled `alloc` was built to unwind: its tables name the unwinding
    /// personality and its landing pads end in `_Unwind_Resume`. Here a panic exits before
    /// anything unwinds, so neither is ever called.
    #[no_mangle]
    pub extern "C" fn rust_eh_personality() {}

    #[no_mangle]
    pub extern "C" fn _Unwind_Resume() -> ! {
        crate::process::abort()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::fake;
    use core::alloc::{GlobalAlloc, Layout};

    #[test]
    fn main_returning_an_error_prints_it_and_gives_status_1() {
        fake::fresh(&[]);
        assert_eq!(rt::start(&fake::HOST, || {}), 0);
        assert_eq!(rt::start(&fake::HOST, || Ok::<(), &str>(())), 0);
        assert_eq!(rt::start(&fake::HOST, || Err("no input")), 1);
        assert_eq!(fake::stderr(), b"Error: \"no input\"\n");
    }

    #[test]
    fn args_are_the_program_name_alone() {
        let mut args = env::args();
        assert_eq!(args.len(), 1);
        assert_eq!(args.next().as_deref(), Some("solution"));
        assert_eq!((args.len(), args.next()), (0, None));
        assert_eq!(env::args().skip(1).count(), 0);
    }

    #[test]
    fn over_aligned_blocks_are_aligned_keep_their_bytes_and_free_cleanly() {
        fake::fresh(&[]);
        for align in [1, 8, 16, 64, 4096] {
            for size in [0, 1, 100, 5000] {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: a valid layout; each block is written within its size and freed once.
                unsafe {
                    let ptr = HostAllocator.alloc(layout);
                    assert!(!ptr.is_null());
                    assert_eq!(ptr as usize % align, 0, "size {size} align {align}");
                    for i in 0..size {
                        *ptr.add(i) = i as u8;
                    }
                    let grown = HostAllocator.realloc(ptr, layout, size * 2 + 1);
                    assert_eq!(grown as usize % align, 0);
                    for i in 0..size {
                        assert_eq!(*grown.add(i), i as u8, "byte {i} after realloc");
                    }
                    HostAllocator
                        .dealloc(grown, Layout::from_size_align(size * 2 + 1, align).unwrap());
                }
            }
        }
    }

    #[test]
    fn a_block_malloc_cannot_give_is_null_not_written() {
        fake::fresh(&[]);
        let layout = Layout::from_size_align(isize::MAX as usize / 2, 64).unwrap();
        // SAFETY: a valid layout; the null result is not used.
        assert!(unsafe { HostAllocator.alloc(layout) }.is_null());
    }
}
