//! Stage 1: each crate's module tree read into one syntax tree (`load`, with the files its
//! `include!`s name: `include`), stripped of tests, disabled features and docs (`strip`),
//! its paths rewritten to work from inside a module of one crate (`rewrite`), and its
//! `extern crate` items and macro imports mapped into the bundle (`externs`).

pub mod externs;
pub mod include;
pub mod load;
pub mod rewrite;
pub mod strip;
