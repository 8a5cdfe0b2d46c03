//! The few grid pieces that two or more contest solutions need.
//!
//! Everything here is std only and written for old compilers (the workspace's
//! `rust-version`), because the bundler inlines the parts a solution uses into
//! its submission file.
//!
//! - [`Pos`]: a cell as (row, column), zero-based.
//! - [`Dir4`], [`Dir8`]: the 4 and 8 compass steps, as row/column deltas.
//! - [`Bounds`]: a rows x columns rectangle: bounds checks, stepping, neighbours.
//! - [`Grid`]: a rows x columns array of cells, with parsing and drawing.
//! - [`exit_on_bad_input`]: turn input panics into a one-line error and exit code 1.

mod bounds;
mod dir;
mod fail;
mod grid;
mod pos;

pub use bounds::Bounds;
pub use dir::{Dir4, Dir8};
pub use fail::exit_on_bad_input;
pub use grid::Grid;
pub use pos::Pos;
