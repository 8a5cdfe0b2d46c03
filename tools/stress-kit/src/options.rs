//! The stress example's command line (a handful of flags: no argument-parser dependency).

use std::path::PathBuf;
use std::time::Duration;

/// What to run and for how long.
#[derive(Clone, Debug)]
pub struct Options {
    /// The solution to test: a program reading the input on stdin.
    pub solution: PathBuf,
    pub seed: u64,
    /// Stop after this many cases...
    pub cases: Option<u64>,
    /// ...or after this long, whichever comes first (10 s when neither is given).
    pub time: Option<Duration>,
    /// Longest run of the solution on one input before it counts as a failure.
    pub timeout: Duration,
    /// Where a disagreement is written as `stress-<seed>.in` and `.out`.
    pub samples: PathBuf,
    /// Print a one-line progress report (on a terminal only).
    pub progress: bool,
    /// The problem crate's directory: its checker and time limit (exact and none without).
    pub manifest_dir: Option<PathBuf>,
    /// Instead of the loop: judge the solution on this one sample (`.out` beside it).
    pub replay: Option<PathBuf>,
}

impl Options {
    pub const USAGE: &'static str = "usage: stress --solution PATH [--seed S] [--cases N] \
        [--time SECS] [--timeout SECS] [--samples DIR] [--manifest-dir DIR] [--replay SAMPLE.in]";

    /// Parses `--flag value` pairs.
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut options = Options {
            solution: PathBuf::new(),
            seed: 1,
            cases: None,
            time: None,
            timeout: Duration::from_secs(10),
            samples: PathBuf::from("."),
            progress: std::io::IsTerminal::is_terminal(&std::io::stderr()),
            manifest_dir: None,
            replay: None,
        };
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
            match flag.as_str() {
                "--solution" => options.solution = PathBuf::from(value()?),
                "--seed" => options.seed = number(&flag, &value()?)?,
                "--cases" => options.cases = Some(number(&flag, &value()?)?),
                "--time" => options.time = Some(seconds(&flag, &value()?)?),
                "--timeout" => options.timeout = seconds(&flag, &value()?)?,
                "--samples" => options.samples = PathBuf::from(value()?),
                "--manifest-dir" => options.manifest_dir = Some(PathBuf::from(value()?)),
                "--replay" => options.replay = Some(PathBuf::from(value()?)),
                _ => return Err(format!("unknown argument `{flag}`")),
            }
        }
        if options.solution.as_os_str().is_empty() {
            return Err("--solution is required".to_string());
        }
        if options.cases.is_none() && options.time.is_none() {
            options.time = Some(Duration::from_secs(10));
        }
        Ok(options)
    }
}

fn number(flag: &str, text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{flag} wants a whole number, not `{text}`"))
}

fn seconds(flag: &str, text: &str) -> Result<Duration, String> {
    let parsed: f64 = text
        .trim_end_matches('s')
        .parse()
        .map_err(|_| format!("{flag} wants seconds, not `{text}`"))?;
    Duration::try_from_secs_f64(parsed).map_err(|_| format!("{flag}: `{text}` is not a duration"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::from_args(args.iter().map(|a| a.to_string()))
    }

    #[test]
    fn flags_are_read_and_the_budget_defaults_to_ten_seconds() {
        let o = parse(&["--solution", "a.out", "--seed", "7", "--timeout", "2.5"]).unwrap();
        assert_eq!(o.seed, 7);
        assert_eq!(o.timeout, Duration::from_millis(2500));
        assert_eq!(o.time, Some(Duration::from_secs(10)));
        assert_eq!(o.cases, None);
        let o = parse(&["--solution", "a.out", "--cases", "30"]).unwrap();
        assert_eq!((o.cases, o.time), (Some(30), None));
    }

    #[test]
    fn mistakes_are_named() {
        assert!(parse(&[]).unwrap_err().contains("--solution"));
        assert!(parse(&["--solution", "x", "--seed", "-1"])
            .unwrap_err()
            .contains("`-1`"));
        assert!(parse(&["--solution"])
            .unwrap_err()
            .contains("needs a value"));
        assert!(parse(&["--bogus"]).unwrap_err().contains("`--bogus`"));
    }
}
