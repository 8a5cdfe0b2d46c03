//! The stress loop behind `make stress`: a problem crate's random generator and oracle (the
//! ones its randomized tests use) against a solution binary, until they disagree or the
//! budget ends; a disagreement is shrunk and written out as a sample.
//!
//! A problem crate implements [`Problem`] in `tests/support/mod.rs` (shared with its tests)
//! and has an `examples/stress.rs` of two lines:
//!
//! ```ignore
//! #[path = "../tests/support/mod.rs"]
//! mod support;
//! fn main() {
//!     stress_kit::main::<support::Stress>()
//! }
//! ```
//!
//! `cargo run -p <crate> --example stress -- --solution PATH [--seed S] [--cases N]
//! [--time SECS] [--timeout SECS] [--samples DIR]`: exit status 0 when the budget ended with
//! every case agreeing, 1 on a disagreement (written to `DIR/stress-<seed>.in|.out`), 2 on a
//! usage error or an oracle that fails on its own generator's input.

mod options;
mod runner;
pub mod shrink;
mod solution;

pub use options::Options;
pub use rand_chacha::ChaCha8Rng;
pub use runner::{stress, Finding, Outcome};
pub use solution::{Run, Solution};

/// A problem as the stress loop sees it. `Input` is the oracle's own model of an input file;
/// the solution only ever sees text.
pub trait Problem {
    type Input: Clone;

    /// One random input text, drawn the way the crate's randomized tests draw theirs.
    fn generate(rng: &mut ChaCha8Rng) -> String;

    /// The oracle's reading of an input text (the generator's texts always parse).
    fn parse(text: &str) -> Self::Input;

    /// The canonical text of an input: what shrunk inputs are written as.
    fn write(input: &Self::Input) -> String;

    /// The expected output, by the crate's deliberately simple oracle.
    fn oracle(input: &Self::Input) -> String;

    /// Smaller variants of `input`, the most aggressive first (fewer cases, then smaller
    /// boards or fewer items, then smaller numbers). Every variant must be a valid input.
    fn shrink(input: &Self::Input) -> Vec<Self::Input>;
}

/// The entry point of a crate's `examples/stress.rs`: reads the options from the command
/// line, runs the loop, prints the report and exits with the status described above.
pub fn main<P: Problem>() {
    let options = match Options::from_args(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("stress: {message}\n{}", Options::USAGE);
            std::process::exit(2);
        }
    };
    let code = match stress::<P>(&options) {
        Ok(Outcome::Agreed { cases }) => {
            eprintln!(
                "stress: {cases} cases from seed {}, no disagreement",
                options.seed
            );
            0
        }
        Ok(Outcome::Disagreed(finding)) => {
            eprint!("{}", finding.report(&options));
            match finding.write_sample(&options) {
                Ok(path) => {
                    eprintln!("stress: wrote {} and its .out", path.display());
                    1
                }
                Err(error) => {
                    eprintln!("stress: cannot write the sample: {error}");
                    2
                }
            }
        }
        Err(message) => {
            eprintln!("stress: {message}");
            2
        }
    };
    std::process::exit(code);
}
