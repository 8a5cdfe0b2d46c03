//! The `std` of a C bundle's image: the part of the standard library that problem crates
//! use, made of `core`, `alloc` and the C functions the loader hands in ([`Host`]).
//!
//! **Model.** The bundler compiles this crate under the name `std`, then the flattened Rust
//! bundle against it (`--extern std=...`), so a solution's `std::io::stdin()`, `println!`,
//! `std::process::exit` and the rest resolve here with the solution's text unchanged. The
//! image has no operating system of its own: every effect (reading, writing, allocating,
//! exiting) is a call through the host table the loader passes to [`rt::start`]. What is not
//! here (threads, files, time, networking) fails to compile, and `make bundle` names the
//! item it missed.
//!
//! **Parts**, one job each:
//! - [`host`]: the host table, and [`host::Exclusive`], the one kind of mutable global;
//! - [`start`]: start-up and exit ([`rt`], [`process`], [`env`]), the allocator and the
//!   memory functions the compiler calls by name;
//! - [`panic`]: the panic handler and hooks;
//! - [`io`]: the I/O traits, stdin (filled a line at a time), stdout and stderr;
//! - [`collections`]: `alloc`'s collections, and `HashMap`/`HashSet`, hashbrown's table
//!   (a crate of its own, which the bundler compiles beside this one);
//! - [`hash`]: `core::hash`, and the fixed hasher std's maps use by default;
//! - [`sync`]: `Arc` and `OnceLock`.
//!
//! **Soundness.** No function hands out `&mut` to shared state: the stdin buffer and the
//! panic hook sit in [`host::Exclusive`], a lock that refuses (panics) instead of waiting,
//! and whose guard is the only way to the value; the host table is set once through an
//! atomic pointer and only read after. The image runs one thread, but nothing here relies
//! on that: the unit tests run these types on many.
//!
//! **Where it differs from std, on purpose** (each forced by the image having no operating
//! system, or by the judges' size limits):
//! - `HashMap` and `HashSet` hash with one fixed hasher: with no source of randomness,
//!   std's per-run seed cannot be drawn (what that costs, and the hasher's design: [`hash`]).
//!   The table is std's own, hashbrown, so keys need `Hash + Eq` as std's do, operations
//!   take expected O(1), and any `BuildHasher` goes (`FxHashMap`). Each is a type of its
//!   own that derefs to hashbrown's, so the methods a solution calls are hashbrown's, by
//!   std's names; `Entry<'_, K, V>` named in a signature means the default hasher's.
//! - A panic prints one fixed line ([`panic::PANIC_LINE`], through the hook a solution set,
//!   as std would) and exits with status 101, without unwinding; inside `catch_unwind`,
//!   which therefore never returns `Err`, with status 1, as a program that catches a panic
//!   to report it would ([`panic::catch_unwind`] says why). A handler that reads nothing of the panic lets the compiler drop
//!   every panic message, the code that formats them and their locations, a large share of
//!   a compressed image. Judges show no stderr; to read the message, run the Rust bundle.
//! - `env::args()` is the program's name alone: judges pass no arguments, and a constant
//!   list lets the compiler drop what only an argument would turn on (a problem's debugging
//!   trace, for example).
//! - `BufWriter` passes writes straight on to the C library's `stdout`, which buffers
//!   already; whatever was written before a panic or an exit is flushed by the C `exit`,
//!   as std's `BufWriter` flush would be.
//! - A second lock of stdin (or a re-entered `OnceLock` initialiser) panics, where std's
//!   would wait forever.
#![cfg_attr(not(test), no_std)]
// std has the numeric modules (`std::u32::MAX`), so this crate re-exports them too.
#![allow(clippy::legacy_numeric_constants)]

extern crate alloc;

pub mod collections;
pub mod hash;
pub mod host;
pub mod io;
pub mod panic;
pub mod start;
pub mod sync;

pub use host::Host;
pub use start::{env, process, rt};

// The rest of std's paths, as `core` and `alloc` have them.
pub use alloc::{borrow, boxed, fmt, rc, slice, str, string, vec};
pub use core::{
    any, array, ascii, cell, char, clone, cmp, convert, default, hint, iter, marker, mem, num, ops,
    option, ptr, result,
};
// `std::u32::MAX` and the like: deprecated, still in old solutions and crates.
pub use core::{f32, f64, i128, i16, i32, i64, i8, isize, u128, u16, u32, u64, u8, usize};

pub mod error {
    pub use core::error::Error;
}

/// The names std's prelude gives every module and `core`'s does not; the bundler adds
/// `use std::prelude::v1::*;` to each module of the image.
pub mod prelude {
    pub mod v1 {
        pub use alloc::borrow::ToOwned;
        pub use alloc::boxed::Box;
        pub use alloc::string::{String, ToString};
        pub use alloc::vec::Vec;
    }
}

#[macro_export]
macro_rules! print {
    ($($arg:tt)*) => { $crate::io::_print(format_args!($($arg)*)) };
}

#[macro_export]
macro_rules! println {
    () => { $crate::io::_print(format_args!("\n")) };
    ($($arg:tt)*) => {{
        $crate::io::_print(format_args!($($arg)*));
        $crate::io::_print(format_args!("\n"));
    }};
}

#[macro_export]
macro_rules! eprint {
    ($($arg:tt)*) => { $crate::io::_eprint(format_args!($($arg)*)) };
}

#[macro_export]
macro_rules! eprintln {
    () => { $crate::io::_eprint(format_args!("\n")) };
    ($($arg:tt)*) => {{
        $crate::io::_eprint(format_args!($($arg)*));
        $crate::io::_eprint(format_args!("\n"));
    }};
}
