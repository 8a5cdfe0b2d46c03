//! Interactive problems: the crate's interactor ([`crate::Problem::interact`]) talks to the
//! solution over pipes, a line at a time, each line awaited at most the time limit. A solution
//! that computes its line but never flushes it is told so.

use crate::measure::{self, Usage};
use crate::{Problem, Run};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The interactor's side of the pipes.
pub struct Talk {
    to_solution: Option<ChildStdin>,
    from_solution: Receiver<String>,
    child: Child,
    /// The longest wait for one line.
    wait: Duration,
    queries: usize,
}

impl Talk {
    /// Sends one line (a newline is added) and flushes it.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let pipe = self.to_solution.as_mut().ok_or("the input is closed")?;
        writeln!(pipe, "{line}")
            .and_then(|()| pipe.flush())
            .map_err(|_| "the solution closed its input (it ended early?)".to_string())
    }

    /// The solution's next line, without its newline.
    pub fn receive(&mut self) -> Result<String, String> {
        match self.from_solution.recv_timeout(self.wait) {
            Ok(line) => {
                self.queries += 1;
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(match self.child.try_wait() {
                Ok(None) => format!(
                    "no line from the solution within {} ms while it still runs: does it flush \
                     stdout after every line?",
                    self.wait.as_millis()
                ),
                _ => "the solution ended without answering".to_string(),
            }),
            Err(RecvTimeoutError::Disconnected) => {
                Err("the solution closed its output without answering".to_string())
            }
        }
    }

    /// Lines received so far (queries and the final answer).
    pub fn lines_received(&self) -> usize {
        self.queries
    }
}

/// Plays `program` against `P`'s interactor on `secret`: `Output(summary)` when the
/// interactor accepts and the program exits cleanly, else `Failed(why)`; and what it cost
/// (the time from the start, the peak at its end).
pub fn play<P: Problem>(program: &Path, secret: &str, wait: Duration) -> (Run, Usage) {
    let started = Instant::now();
    let mut child = match crate::solution::spawn_piped(program) {
        Ok(child) => child,
        Err(why) => return (Run::Failed(why), Usage::default()),
    };
    let stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let (lines, from_solution) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let errors = thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let mut talk = Talk {
        to_solution: child.stdin.take(),
        from_solution,
        child,
        wait,
        queries: 0,
    };
    let verdict = P::interact(secret, &mut talk);
    // Its input closed, the solution must end; one that does not is killed.
    talk.to_solution = None;
    let (ended, mut usage) = measure::wait(&mut talk.child, wait, None);
    usage.elapsed = started.elapsed();
    let status = ended.ok();
    let stderr = errors.join().unwrap_or_default();
    let first = stderr.lines().next().unwrap_or("(nothing on stderr)");
    let run = match (verdict, status) {
        (Err(why), _) => Run::Failed(why),
        (Ok(_), None) => Run::Failed("the solution did not end after the last answer".into()),
        (Ok(_), Some(status)) if !status.success() => {
            Run::Failed(format!("{status}; stderr: {first}"))
        }
        (Ok(summary), Some(_)) => Run::Output(summary),
    };
    (run, usage)
}
