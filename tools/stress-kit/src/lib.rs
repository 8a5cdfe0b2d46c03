//! Judging a solution binary as a judge does, and the stress loop behind `make stress`: a
//! problem crate's random generator and oracle (the ones its randomized tests use) against a
//! solution binary, until it fails or the budget ends; a failure is shrunk and written out as
//! a sample.
//!
//! Model: a problem crate implements [`Problem`] in `tests/support/mod.rs` (shared with its
//! tests): generate, parse, write, oracle, shrink; `check` for a custom checker; `interact` for
//! an interactive problem. Its `[package.metadata.contest]` table ([`Contest`]) says how an
//! attempt is judged: the [`Checker`], `time-limit-ms`, `memory-limit-mb`, `interactive`. An
//! attempt is one run of the binary on an input (or one game against the interactor), its
//! time and peak memory measured and held to the limits ([`measure`]), then judged.
//!
//! Algorithm: draw an input from a seeded ChaCha8 stream, ask the oracle, attempt, judge; on the
//! first failure shrink greedily (take the first smaller variant that still fails, repeat; at
//! most 20,000 candidates or 60 s), write `stress-<seed>.in` with the oracle's `.out`. Each
//! attempt costs one process start plus the solution's own time.
//!
//! Decisions:
//! - The checker, time limit and interactivity come from the crate's
//!   `[package.metadata.contest]`, read by the judges crate, which defines that table for the
//!   bundler too: one parser of it, not two.
//! - `float EPS` is |got - expected| <= EPS * max(1, |expected|) per token, the judges' "absolute
//!   or relative error"; non-numeric tokens compare exactly.
//! - A run is killed at twice the time limit plus 0.5 s: it is over the limit whatever it would
//!   take, and shrinking a slow case stays quick.
//! - Interactive lines are read by a thread into a channel and awaited at most the time limit,
//!   so a solution that buffers its output is reported ("does it flush") instead of hanging.
//! - Custom checkers and interactors live in the problem crate; tests outside it (the
//!   workspace's bundle replay) reach them through the crate's stress example, `--replay`.
//!
//! A crate's `examples/stress.rs` is two lines:
//!
//! ```ignore
//! #[path = "../tests/support/mod.rs"]
//! mod support;
//! fn main() {
//!     stress_kit::main::<support::Stress>()
//! }
//! ```
//!
//! `cargo run -p <crate> --example <crate>-stress -- --solution PATH [--seed S] [--cases N]
//! [--time SECS] [--timeout SECS] [--samples DIR] [--manifest-dir DIR]`: exit status 0 when the
//! budget ended with every case accepted, 1 on a failure (written to `DIR/stress-<seed>.in|.out`),
//! 2 on a usage error or an oracle that fails on its own generator's input. `--replay SAMPLE.in
//! --manifest-dir DIR --solution PATH` judges one sample instead (exit 0 or 1 with the reason).

mod checker;
pub mod cli;
mod contest;
mod interact;
mod judging;
pub mod measure;
mod options;
mod replay;
mod runner;
pub mod shrink;
mod solution;

pub use checker::Checker;
pub use contest::{Contest, DEFAULT_TIME_LIMIT};
pub use interact::{play, Talk};
pub use options::Options;
pub use rand_chacha::ChaCha8Rng;
pub use replay::{replay, replay_bundle_sample, replay_crate_samples, replay_one, ByChecker};
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

    /// `checker = "custom"`: whether `got` answers `input` rightly, `expected` being one right
    /// answer (the oracle's or the sample's). Problems with one right answer leave it out.
    fn check(input: &str, expected: &str, got: &str) -> Result<(), String> {
        let _ = (input, expected, got);
        Err("checker = \"custom\" needs `fn check` in the crate's tests/support".to_string())
    }

    /// `interactive = true`: the interactor. Reads the secret from the input text `secret`,
    /// talks to the solution through `talk`, and says how it went (`Ok`: a one-line summary,
    /// e.g. the number of queries; `Err`: the wrong answer or protocol error).
    fn interact(secret: &str, talk: &mut Talk) -> Result<String, String> {
        let _ = (secret, talk);
        Err("interactive = true needs `fn interact` in the crate's tests/support".to_string())
    }
}

/// `got` judged against `expected` for `input` by `checker` (`custom`: [`Problem::check`]).
pub fn judge<P: Problem>(
    checker: Checker,
    input: &str,
    expected: &str,
    got: &str,
) -> Result<(), String> {
    checker.check(expected, got, |expected, got| {
        P::check(input, expected, got)
    })
}

/// The report of a loop in which every case was accepted: the slowest time and the largest
/// peak beside the limits, and a warning when the slowest took over half the time limit.
fn agreed(options: &Options, cases: u64, usage: measure::Usage) {
    let contest = options
        .manifest_dir
        .as_ref()
        .and_then(|dir| Contest::of_package(dir).ok());
    let Some(limits) = contest
        .as_ref()
        .map(judging::Judging::of)
        .and_then(|j| j.limits)
    else {
        eprintln!(
            "stress: {cases} cases from seed {}, all accepted (slowest {} ms, peak {})",
            options.seed,
            usage.elapsed.as_millis(),
            usage.peak_text()
        );
        return;
    };
    eprintln!(
        "stress: {cases} cases from seed {}, all accepted (slowest {})",
        options.seed,
        limits.beside(&usage)
    );
    if usage.elapsed * 2 > limits.time {
        eprintln!(
            "stress: warning: the slowest case took {} ms, over half the time limit of {} ms",
            usage.elapsed.as_millis(),
            limits.time.as_millis()
        );
    }
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
    if let Some(sample) = &options.replay {
        let replayed = options
            .manifest_dir
            .as_ref()
            .ok_or_else(|| "--replay needs --manifest-dir".to_string())
            .and_then(Contest::of_package)
            .and_then(|contest| replay_one::<P>(&options.solution, &contest, sample).map(|_| ()));
        if let Err(why) = replayed {
            eprintln!("{why}");
            std::process::exit(1);
        }
        std::process::exit(0);
    }
    let code = match stress::<P>(&options) {
        Ok(Outcome::Agreed { cases, usage }) => {
            agreed(&options, cases, usage);
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
