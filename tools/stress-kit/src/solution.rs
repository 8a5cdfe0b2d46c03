//! Running the solution under test on one input, with a time limit, measured.

use crate::measure::{self, Stopped, Usage};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::Duration;

/// A solution program that reads one input on stdin and writes its answer on stdout.
pub struct Solution {
    pub program: PathBuf,
    pub timeout: Duration,
}

/// What one run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Run {
    /// Exited with status 0: its standard output.
    Output(String),
    /// Anything else, described in one line (exit status, signal, timeout, first stderr line).
    Failed(String),
}

impl Solution {
    pub fn run(&self, input: &str) -> Run {
        self.run_measured(input, None).0
    }

    /// The run and what it cost (see [`crate::measure`]); `memory_kib`: stop it once its
    /// resident set passes this, a failure saying so.
    pub fn run_measured(&self, input: &str, memory_kib: Option<u64>) -> (Run, Usage) {
        let mut child = match spawn_piped(&self.program) {
            Ok(child) => child,
            Err(why) => return (Run::Failed(why), Usage::default()),
        };
        let mut stdin = child.stdin.take().expect("piped stdin");
        let input = input.to_owned();
        // A solution that stops reading early closes the pipe: not an error of ours.
        let writer = thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        let stdout = drain(child.stdout.take().expect("piped stdout"));
        let stderr = drain(child.stderr.take().expect("piped stderr"));
        let (ended, usage) = measure::wait(&mut child, self.timeout, memory_kib);
        let _ = writer.join();
        let stdout = stdout.join().unwrap_or_default();
        let stderr = stderr.join().unwrap_or_default();
        let run = match ended {
            Ok(status) if status.success() => Run::Output(stdout),
            Ok(status) => {
                let first = stderr.lines().next().unwrap_or("(nothing on stderr)");
                Run::Failed(format!("{status}; stderr: {first}"))
            }
            Err(Stopped::Time(after)) => {
                Run::Failed(format!("no answer within {after:?} (killed)"))
            }
            Err(Stopped::Memory) => Run::Failed(format!(
                "killed at a resident set of {} (over the memory limit)",
                usage.peak_text()
            )),
        };
        (run, usage)
    }
}

/// `program` started with its three standard streams piped to us.
pub(crate) fn spawn_piped(program: &Path) -> Result<Child, String> {
    Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| format!("cannot start {}: {error}", program.display()))
}

fn drain(mut pipe: impl Read + Send + 'static) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}
