//! Running the solution under test on one input, with a time limit.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

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
        self.run_timed(input).0
    }

    /// The run and its wall-clock time (from start to exit, or to the kill).
    pub fn run_timed(&self, input: &str) -> (Run, Duration) {
        let mut child = match spawn_piped(&self.program) {
            Ok(child) => child,
            Err(why) => return (Run::Failed(why), Duration::ZERO),
        };
        let mut stdin = child.stdin.take().expect("piped stdin");
        let input = input.to_owned();
        // A solution that stops reading early closes the pipe: not an error of ours.
        let writer = thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        let stdout = drain(child.stdout.take().expect("piped stdout"));
        let stderr = drain(child.stderr.take().expect("piped stderr"));
        let started = Instant::now();
        let mut pause = Duration::from_micros(50);
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Ok(status),
                Ok(None) if started.elapsed() > self.timeout => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break Err(format!("no answer within {:?} (killed)", self.timeout));
                }
                Ok(None) => {
                    thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(5));
                }
                Err(error) => break Err(format!("cannot wait for the solution: {error}")),
            }
        };
        let elapsed = started.elapsed();
        let _ = writer.join();
        let stdout = stdout.join().unwrap_or_default();
        let stderr = stderr.join().unwrap_or_default();
        let run = match status {
            Ok(status) if status.success() => Run::Output(stdout),
            Ok(status) => {
                let first = stderr.lines().next().unwrap_or("(nothing on stderr)");
                Run::Failed(format!("{status}; stderr: {first}"))
            }
            Err(why) => Run::Failed(why),
        };
        (run, elapsed)
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
