//! `make stress P=rc02-game`: the randomized tests' generator and oracle against a solution
//! binary (see the `stress-kit` crate).

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/support/mod.rs"]
mod support;

fn main() {
    stress_kit::main::<support::Stress>()
}
