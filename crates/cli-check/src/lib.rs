//! What every problem crate's CLI test needs: run the real binary on a given
//! stdin, and check that bad input ends the way the workspace promises (one
//! line on stderr, exit status 1, never a panic report).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `binary` with `args`, writes `input` to its stdin, closes it and waits.
pub fn run(binary: &str, args: &[&str], input: &str) -> Output {
    spawn_and_feed(Command::new(binary).args(args), input.as_bytes())
}

/// Runs `binary` on `input` (any bytes) with its address space limited to `kib` KiB by
/// `ulimit -v` in `sh -c`: an allocation beyond that fails, so a program that trusts a size
/// from its input aborts instead of passing.
pub fn run_with_memory_limit(binary: &str, kib: u64, input: &[u8]) -> Output {
    let script = format!("ulimit -v {kib} && exec \"$0\"");
    spawn_and_feed(Command::new("sh").args(["-c", &script, binary]), input)
}

/// A shell pipeline writing `bytes` copies of `digit` and no newline: a one-line input too big
/// to hold in the test, generated while the binary reads it (and stopped when it stops).
pub fn one_line_of(digit: char, bytes: u64) -> String {
    assert!(
        digit.is_ascii_digit(),
        "a digit, so that the line is one token"
    );
    format!("yes {digit} | tr -d '\\n' | head -c {bytes}")
}

/// Runs `binary` under a `ulimit -v` of `kib` KiB, its stdin the output of the shell pipeline
/// `producer` (see [`one_line_of`]; a list of commands like `printf ...; yes ...` is fine).
pub fn run_streamed_with_memory_limit(binary: &str, kib: u64, producer: &str) -> Output {
    let script = format!("{{ {producer}; }} | {{ ulimit -v {kib} && exec \"$0\"; }}");
    Command::new("sh")
        .args(["-c", &script, binary])
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {script:?}: {e}"))
}

/// [`assert_fails_cleanly_within`] on the output of the shell pipeline `producer`.
pub fn assert_fails_cleanly_streamed_within(binary: &str, kib: u64, producer: &str) -> Failure {
    let out = run_streamed_with_memory_limit(binary, kib, producer);
    let failure = assert_clean_failure(binary, &out, producer);
    assert!(failure.message.len() <= 300, "{}", failure.message);
    failure
}

fn spawn_and_feed(command: &mut Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {command:?}: {e}"));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // Fed from a thread: a large input must not fill the pipe while the binary's output
    // fills the other one. A binary that stops reading early (it found an error) closes
    // the pipe: not a test failure.
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary ran");
    feeder.join().expect("the feeder thread ends");
    out
}

/// [`run`] under `timeout -s KILL`: a binary still running after `seconds` is killed
/// (status 137), so a regression that hangs fails its test instead of hanging it.
pub fn run_killed_after(binary: &str, seconds: u32, input: &str) -> Output {
    run(
        "timeout",
        &["-s", "KILL", &seconds.to_string(), binary],
        input,
    )
}

/// How a binary failed, for the caller's own checks.
pub struct Failure {
    /// The one stderr line, without its newline.
    pub message: String,
    /// Whatever reached stdout before the failure.
    pub stdout: String,
}

/// Runs `binary` on `input` and asserts a clean failure: exit status 1 and
/// exactly one stderr line, newline-terminated, `PROGRAM: error: ...`, with no
/// panic report.
pub fn assert_fails_cleanly(binary: &str, input: &str) -> Failure {
    assert_clean_failure(binary, &run(binary, &[], input), input)
}

/// [`assert_fails_cleanly`] for any input bytes, under a `ulimit -v` of `kib` KiB
/// (see [`run_with_memory_limit`]); also refuses an error line longer than 300 bytes.
pub fn assert_fails_cleanly_within(binary: &str, kib: u64, input: &[u8]) -> Failure {
    let out = run_with_memory_limit(binary, kib, input);
    let shown = String::from_utf8_lossy(&input[..input.len().min(80)]);
    let failure = assert_clean_failure(binary, &out, &shown);
    assert!(failure.message.len() <= 300, "{}", failure.message);
    failure
}

/// [`assert_fails_cleanly`] on each `(input, needle)`: its one error line must mention `needle`.
pub fn assert_each_fails_mentioning(binary: &str, cases: &[(&str, &str)]) {
    for &(input, needle) in cases {
        assert_mentions(&assert_fails_cleanly(binary, input), input, needle);
    }
}

/// [`assert_each_fails_mentioning`] under a `ulimit -v` of `kib` KiB
/// (see [`assert_fails_cleanly_within`]).
pub fn assert_each_fails_mentioning_within(binary: &str, kib: u64, cases: &[(&str, &str)]) {
    for &(input, needle) in cases {
        let failure = assert_fails_cleanly_within(binary, kib, input.as_bytes());
        assert_mentions(&failure, input, needle);
    }
}

/// The check both of the above make of each case's error line.
fn assert_mentions(failure: &Failure, input: &str, needle: &str) {
    assert!(
        failure.message.contains(needle),
        "{input:?}: {}",
        failure.message
    );
}

fn assert_clean_failure(binary: &str, out: &Output, input: &str) -> Failure {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let program = Path::new(binary)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or(binary);
    assert_eq!(
        out.status.code(),
        Some(1),
        "input {input:?}, stderr {stderr:?}"
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "one stderr line for {input:?}: {stderr:?}"
    );
    assert!(stderr.ends_with('\n'), "{stderr:?}");
    assert!(
        stderr.starts_with(&format!("{program}: error: ")),
        "{stderr:?}"
    );
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "a panic report for {input:?}: {stderr:?}"
    );
    Failure {
        message: stderr.trim_end().to_string(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_passes_stdin_and_collects_stdout() {
        let out = run("cat", &[], "a b\n");
        assert_eq!(out.stdout, b"a b\n");
    }

    #[test]
    fn memory_limited_run_still_runs() {
        let out = run_with_memory_limit("cat", 262_144, b"a\x1a\xff");
        assert_eq!(out.stdout, b"a\x1a\xff");
    }

    #[test]
    fn streamed_input_is_one_line_of_digits() {
        let out = run_streamed_with_memory_limit("wc", 262_144, &one_line_of('7', 100_000));
        let counts: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        assert_eq!(
            counts,
            ["0", "1", "100000"],
            "no newline, one word, all bytes"
        );
    }

    #[test]
    fn streamed_run_is_memory_limited() {
        // `head -c` of 300 MiB through a memory-hungry reader (sort holds its whole input)
        // fails under 64 MiB; a streaming one (wc) does not.
        let producer = one_line_of('1', 300 << 20);
        assert!(!run_streamed_with_memory_limit("sort", 65_536, &producer)
            .status
            .success());
        assert!(run_streamed_with_memory_limit("wc", 65_536, &producer)
            .status
            .success());
    }

    #[test]
    #[should_panic(expected = "Some(0)")]
    fn a_successful_run_is_not_a_clean_failure() {
        assert_fails_cleanly("true", "");
    }

    #[test]
    #[should_panic(expected = "one stderr line")]
    fn a_silent_failure_is_not_a_clean_failure() {
        assert_fails_cleanly("false", "");
    }
}
