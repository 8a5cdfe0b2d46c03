//! The few pieces that two or more contest solutions need: reading untrusted input, and
//! grids.
//!
//! Everything here is std only and written for old compilers (the workspace's
//! `rust-version`), because the bundler inlines the parts a solution uses into
//! its submission file.
//!
//! **Reading input** (`tokens`, `input`, `fail`): every problem uses these.
//! - [`TokenReader`]: the input's whitespace-separated tokens read one at a time (proconio's
//!   `Source` methods), so memory is bounded by one token, however long the lines.
//! - [`parse_token`], [`InputError`]: a token of untrusted input as a value, or an error
//!   message that quotes at most 40 characters of it.
//! - [`run_batch`]: a batch program's `main`: answers stream to a buffered stdout, an error
//!   flushes them and ends with one stderr line and exit code 1.
//! - [`exit_on_bad_input`]: turn input panics into a one-line error and exit code 1.
//!
//! **Grids** (`pos`, `dir`, `bounds`, `grid`): the board problems use these.
//! - [`Pos`]: a cell as (row, column), zero-based.
//! - [`Dir4`], [`Dir8`]: the 4 and 8 compass steps, as row/column deltas.
//! - [`Bounds`]: a rows x columns rectangle: bounds checks, stepping, neighbours.
//! - [`Grid`]: a rows x columns array of cells, with parsing and drawing.
//!
//! **Sorting** ([`sort`]): [`sort::by_key`], the small stable sort of nearly sorted lists
//! (Robots), whose code in a bundle is a fraction of the standard library's.
//!
//! One crate, not two: a bundle inlines only what its solution uses, so a problem that
//! reads input and draws no grid carries no grid code either way.

mod bounds;
mod dir;
mod fail;
mod grid;
mod input;
mod pos;
pub mod sort;
mod tokens;

pub use bounds::Bounds;
pub use dir::{Dir4, Dir8};
pub use fail::{exit_on_bad_input, run_batch};
pub use grid::Grid;
pub use input::{parse_token, quote, InputError, QUOTE_LIMIT};
pub use pos::Pos;
pub use tokens::{TokenReader, TOKEN_LIMIT};
