//! One attempt as a judge makes it: the solution run on an input (or played against the
//! interactor), timed against the time limit, its output judged by the checker.

use crate::{interact, Checker, Contest, Problem, Run, Solution};
use std::time::Duration;

/// How attempts are judged: the crate's checker, time limit and kind.
pub(crate) struct Judging {
    pub checker: Checker,
    pub time_limit: Option<Duration>,
    pub interactive: bool,
}

impl Judging {
    pub fn of(contest: &Contest) -> Judging {
        Judging {
            checker: contest.checker,
            time_limit: Some(contest.time_limit),
            interactive: contest.interactive,
        }
    }

    /// Byte-exact, untimed: a stress run given no crate directory.
    pub fn exact() -> Judging {
        Judging {
            checker: Checker::Exact,
            time_limit: None,
            interactive: false,
        }
    }

    /// When to kill a run: past twice the limit it is over the limit whatever it would take.
    pub fn timeout(&self, default: Duration) -> Duration {
        self.time_limit.map_or(default, |limit| {
            default.min(limit * 2 + Duration::from_millis(500))
        })
    }

    /// The run, its time and, when it is not accepted, why.
    pub fn attempt<P: Problem>(
        &self,
        solution: &Solution,
        input: &str,
        expected: &str,
    ) -> (Run, Duration, Option<String>) {
        let (run, elapsed) = if self.interactive {
            let wait = self.time_limit.unwrap_or(solution.timeout);
            interact::play::<P>(&solution.program, input, wait)
        } else {
            solution.run_timed(input)
        };
        let why = match &run {
            Run::Failed(why) => Some(why.clone()),
            Run::Output(_) if self.time_limit.is_some_and(|limit| elapsed > limit) => {
                Some(format!(
                    "took {} ms, over the time limit of {} ms",
                    elapsed.as_millis(),
                    self.time_limit.unwrap_or_default().as_millis()
                ))
            }
            Run::Output(_) if self.interactive => None,
            Run::Output(got) => crate::judge::<P>(self.checker, input, expected, got).err(),
        };
        (run, elapsed, why)
    }
}
