//! One attempt as a judge makes it: the solution run on an input (or played against the
//! interactor), its time and peak memory held to the limits, its output judged by the checker.

use crate::measure::Usage;
use crate::{interact, Checker, Contest, Problem, Run, Solution};
use judges::limits::Source;
use std::time::Duration;

/// How attempts are judged: the crate's checker, limits and kind.
pub(crate) struct Judging {
    pub checker: Checker,
    pub limits: Option<JudgeLimits>,
    pub interactive: bool,
}

/// The limits an attempt is held to, and what the line reporting a run over one names.
pub(crate) struct JudgeLimits {
    pub package: String,
    pub time: Duration,
    pub time_source: Source,
    pub memory_mib: u64,
    pub memory_source: Source,
}

impl JudgeLimits {
    /// Why `usage` is over a limit, in one line; memory first (a hog is also slow). A peak
    /// no higher than the launcher's own is not the solution's (see `measure`): a real hog
    /// among those is stopped while it runs instead.
    pub fn exceeded(&self, usage: &Usage) -> Option<String> {
        let package = &self.package;
        if usage.peak_kib > self.memory_mib << 10 && usage.peak_kib > usage.launcher_kib {
            return Some(format!(
                "memory limit exceeded: peak {} > {} MiB ({package}; {})",
                usage.peak_text(),
                self.memory_mib,
                self.memory_source
            ));
        }
        (usage.elapsed > self.time).then(|| {
            format!(
                "time limit exceeded: {} ms > {} ms ({package}; {})",
                usage.elapsed.as_millis(),
                self.time.as_millis(),
                self.time_source
            )
        })
    }

    /// The usage beside the limits: `12 ms of 2000 ms, peak 3.1 MiB of 64 MiB`.
    pub fn beside(&self, usage: &Usage) -> String {
        format!(
            "{} ms of {} ms, peak {} of {} MiB",
            usage.elapsed.as_millis(),
            self.time.as_millis(),
            usage.peak_text(),
            self.memory_mib
        )
    }
}

impl Judging {
    pub fn of(contest: &Contest) -> Judging {
        Judging {
            checker: contest.checker,
            limits: Some(JudgeLimits {
                package: contest.package.clone(),
                time: contest.time_limit,
                time_source: contest.time_source.clone(),
                memory_mib: contest.memory_limit_mb,
                memory_source: contest.memory_source.clone(),
            }),
            interactive: contest.interactive,
        }
    }

    /// Byte-exact, without limits: a stress run given no crate directory.
    pub fn exact() -> Judging {
        Judging {
            checker: Checker::Exact,
            limits: None,
            interactive: false,
        }
    }

    /// When to kill a run: past twice the limit it is over the limit whatever it would take.
    pub fn timeout(&self, default: Duration) -> Duration {
        self.limits.as_ref().map_or(default, |limits| {
            default.min(limits.time * 2 + Duration::from_millis(500))
        })
    }

    /// The run, what it cost and, when it is not accepted, why. A run is stopped once its
    /// resident set passes the memory limit, as a judge stops it, and any run whose peak at
    /// exit is over the limit fails.
    pub fn attempt<P: Problem>(
        &self,
        solution: &Solution,
        input: &str,
        expected: &str,
    ) -> (Run, Usage, Option<String>) {
        let (run, usage) = if self.interactive {
            let wait = self.limits.as_ref().map_or(solution.timeout, |l| l.time);
            interact::play::<P>(&solution.program, input, wait)
        } else {
            let stop_at = self.limits.as_ref().map(|l| l.memory_mib << 10);
            solution.run_measured(input, stop_at)
        };
        let limits = self.limits.as_ref();
        let over_memory = limits
            .and_then(|l| l.exceeded(&usage))
            .filter(|why| why.starts_with("memory"));
        // A run stopped for its memory reads as the limit's one line, not as the kill.
        let run = match &over_memory {
            Some(line) => Run::Failed(line.clone()),
            None => run,
        };
        let why = match &run {
            // A run stopped for its memory is reported as such, not as the kill it took.
            _ if over_memory.is_some() => over_memory,
            Run::Failed(why) => Some(why.clone()),
            Run::Output(_) if limits.is_some_and(|l| l.exceeded(&usage).is_some()) => {
                limits.and_then(|l| l.exceeded(&usage))
            }
            Run::Output(_) if self.interactive => None,
            Run::Output(got) => crate::judge::<P>(self.checker, input, expected, got).err(),
        };
        (run, usage, why)
    }
}
