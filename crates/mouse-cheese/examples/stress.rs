//! `make stress P=mouse-cheese`: the randomized tests' generator and oracle against a solution
//! binary (see the `stress-kit` crate).

#[path = "../tests/oracle/mod.rs"]
mod oracle;
#[path = "../tests/support/mod.rs"]
mod support;

fn main() {
    stress_kit::main::<support::Stress>()
}
