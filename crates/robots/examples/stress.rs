//! `make stress P=robots`: the randomized tests' generator and oracle against a solution
//! binary (see the `stress-kit` crate).

#[path = "../tests/support/mod.rs"]
mod support;

fn main() {
    stress_kit::main::<support::Stress>()
}
