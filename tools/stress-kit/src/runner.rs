//! The loop: generate, ask the oracle, run the solution, compare; shrink what disagrees.

use crate::judging::Judging;
use crate::measure::Usage;
use crate::{Contest, Options, Problem, Run, Solution};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;
use std::io::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Shrinking stops after this many candidates or this long, keeping the smallest so far.
const SHRINK_TRIES: usize = 20_000;
const SHRINK_TIME: Duration = Duration::from_secs(60);
/// Lines of the input shown in the report (the whole input is in the sample file).
const SHOWN_LINES: usize = 40;

pub enum Outcome {
    /// Every case accepted; `usage`: the slowest time and the largest peak among them.
    Agreed {
        cases: u64,
        usage: Usage,
    },
    Disagreed(Finding),
}

/// A case the solution got wrong, shrunk.
pub struct Finding {
    /// Which generated case (0-based) first failed.
    pub case: u64,
    pub original_bytes: usize,
    pub input: String,
    /// The oracle's output: one accepted answer.
    pub expected: String,
    pub got: Run,
    /// Why the run is not accepted: the checker's reason, the failure, or the time.
    pub why: String,
    /// Shrinking steps that kept the failure.
    pub steps: usize,
}

/// Runs the loop of `options` for problem `P`. `Err` when the oracle itself fails on a
/// generated input (a bug in the test support, not in the solution) or the crate's contest
/// table cannot be read.
pub fn stress<P: Problem>(options: &Options) -> Result<Outcome, String> {
    let judging = match &options.manifest_dir {
        Some(dir) => Judging::of(&Contest::of_package(dir)?),
        None => Judging::exact(),
    };
    let solution = Solution {
        program: options.solution.clone(),
        timeout: judging.timeout(options.timeout),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let started = Instant::now();
    let mut progress = Progress::new(options.progress);
    let mut case = 0;
    let mut usage = Usage::default();
    loop {
        let out_of_time = options.time.is_some_and(|t| started.elapsed() >= t);
        if options.cases.is_some_and(|n| case >= n) || out_of_time {
            progress.clear();
            return Ok(Outcome::Agreed { cases: case, usage });
        }
        let text = P::generate(&mut rng);
        let expected = oracle::<P>(&text).map_err(|why| {
            format!(
                "the oracle failed ({why}) on case {case} of seed {}:\n{text}",
                options.seed
            )
        })?;
        let (got, cost, wrong) = judging.attempt::<P>(&solution, &text, &expected);
        usage = usage.max(cost);
        if let Some(why) = wrong {
            progress.show(&format!("case {case} fails: shrinking"));
            let first = Finding {
                case,
                original_bytes: text.len(),
                input: text,
                expected,
                got,
                why,
                steps: 0,
            };
            let finding = shrink::<P>(&solution, &judging, first, &mut progress);
            progress.clear();
            return Ok(Outcome::Disagreed(finding));
        }
        case += 1;
        if case % 16 == 0 {
            let seconds = started.elapsed().as_secs_f64();
            progress.show(&format!(
                "seed {}: {case} cases agree ({seconds:.1} s)",
                options.seed
            ));
        }
    }
}

/// The oracle's output for a text, or why it could not give one (a panic, quietly caught:
/// shrinking may try inputs the oracle rejects).
fn oracle<P: Problem>(text: &str) -> Result<String, String> {
    let quiet = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let result = panic::catch_unwind(AssertUnwindSafe(|| P::oracle(&P::parse(text))));
    panic::set_hook(quiet);
    result.map_err(|payload| {
        payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panic".to_string())
    })
}

/// Greedy shrinking: take the first smaller variant that still fails, until none does.
fn shrink<P: Problem>(
    solution: &Solution,
    judging: &Judging,
    mut finding: Finding,
    progress: &mut Progress,
) -> Finding {
    let case = finding.case;
    let failure = |text: &str| -> Option<(String, Run, String)> {
        let expected = oracle::<P>(text).ok()?;
        let (got, _, why) = judging.attempt::<P>(solution, text, &expected);
        Some((expected, got, why?))
    };
    let mut current = P::parse(&finding.input);
    // The canonical writing first: if only the original spelling fails, keep it as it is.
    let canonical = P::write(&current);
    if canonical != finding.input {
        match failure(&canonical) {
            Some((expected, got, why)) => {
                (finding.input, finding.expected, finding.got, finding.why) =
                    (canonical, expected, got, why)
            }
            None => return finding,
        }
    }
    let started = Instant::now();
    let mut tries = 0;
    'smaller: loop {
        for candidate in P::shrink(&current) {
            tries += 1;
            if tries > SHRINK_TRIES || started.elapsed() > SHRINK_TIME {
                break 'smaller;
            }
            let text = P::write(&candidate);
            if let Some((expected, got, why)) = failure(&text) {
                current = candidate;
                (finding.input, finding.expected, finding.got, finding.why) =
                    (text, expected, got, why);
                finding.steps += 1;
                progress.show(&format!(
                    "shrinking case {case}: {} steps, {} bytes",
                    finding.steps,
                    finding.input.len()
                ));
                continue 'smaller;
            }
        }
        break;
    }
    finding
}

impl Finding {
    /// `DIR/stress-<seed>.in`, the file the sample is written to.
    pub fn sample_path(options: &Options) -> PathBuf {
        options.samples.join(format!("stress-{}.in", options.seed))
    }

    /// Writes the input and the oracle's output as a sample; returns the `.in` path.
    pub fn write_sample(&self, options: &Options) -> std::io::Result<PathBuf> {
        let path = Self::sample_path(options);
        std::fs::create_dir_all(&options.samples)?;
        std::fs::write(&path, &self.input)?;
        std::fs::write(path.with_extension("out"), &self.expected)?;
        Ok(path)
    }

    /// What a person needs: which case, the shrunk input, and the diff.
    pub fn report(&self, options: &Options) -> String {
        let mut out = String::new();
        writeln!(
            out,
            "stress: case {} of seed {} fails; shrunk in {} steps from {} to {} bytes",
            self.case,
            options.seed,
            self.steps,
            self.original_bytes,
            self.input.len()
        )
        .unwrap();
        let lines: Vec<&str> = self.input.lines().collect();
        writeln!(out, "--- input ({}):", Self::sample_path(options).display()).unwrap();
        for line in lines.iter().take(SHOWN_LINES) {
            writeln!(out, "{line}").unwrap();
        }
        if lines.len() > SHOWN_LINES {
            writeln!(out, "... ({} more lines)", lines.len() - SHOWN_LINES).unwrap();
        }
        match &self.got {
            Run::Output(got) => {
                writeln!(out, "--- not accepted: {}", self.why).unwrap();
                writeln!(out, "--- diff (- oracle, + solution):").unwrap();
                let diff = similar::TextDiff::from_lines(&self.expected, got);
                write!(out, "{}", diff.unified_diff().context_radius(3)).unwrap();
                if !got.ends_with('\n') && self.expected.ends_with('\n') {
                    writeln!(out, "(the solution's output lacks the final newline)").unwrap();
                }
            }
            Run::Failed(why) => {
                writeln!(out, "--- the solution failed: {why}").unwrap();
                writeln!(out, "--- the oracle's output:").unwrap();
                write!(out, "{}", self.expected).unwrap();
            }
        }
        out
    }
}

/// One status line on stderr, rewritten in place (only on a terminal).
struct Progress {
    enabled: bool,
    last: Option<Instant>,
}

impl Progress {
    fn new(enabled: bool) -> Progress {
        Progress {
            enabled,
            last: None,
        }
    }

    fn show(&mut self, message: &str) {
        let due = self
            .last
            .is_none_or(|t| t.elapsed() >= Duration::from_millis(100));
        if self.enabled && due {
            eprint!("\r\x1b[K{message}");
            let _ = std::io::stderr().flush();
            self.last = Some(Instant::now());
        }
    }

    fn clear(&mut self) {
        if self.enabled && self.last.is_some() {
            eprint!("\r\x1b[K");
        }
    }
}
