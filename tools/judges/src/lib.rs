//! The judges a problem is submitted to, and what each accepts: the rules a bundle is held to.
//!
//! - `profile`: `judges.toml`, one profile per judge: does it take Rust (rustc, editions,
//!   flags, source size limit), what it compiles C and C++ with, each figure with where and
//!   when it was read, and "unknown" where nobody knows;
//! - `contest`: a problem crate's `[package.metadata.contest]` (its title and judges),
//!   resolved against the profiles;
//! - `floor`: what binds a bundle: the oldest rustc, every edition and the smallest size
//!   limit among the problem's judges that take Rust, and who sets each;
//! - `limits`: the time and memory limits a problem is judged under (its metadata, the
//!   strictest its judges record, or the workspace's defaults), and who sets them;
//! - `readme`: the README's generated problems-and-judges table.
//!
//! The bundler (`tools/bundle`) reads these to write and report bundles; the workspace
//! tests hold every bundle to them.

pub mod contest;
pub mod floor;
pub mod limits;
pub mod profile;
pub mod readme;
#[cfg(test)]
mod test_fixtures;
