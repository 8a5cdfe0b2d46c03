//! The real binary on good, lenient, malformed and truncated input.

use assert_cmd::assert::Assert;
use assert_cmd::Command;
use predicates::prelude::*;

const BINARY: &str = env!("CARGO_BIN_EXE_mouse-cheese");

/// How bad input must end: exit status 1 and one stderr line `mouse-cheese: error: ...` of at
/// most 300 bytes, never a panic report.
fn fails_cleanly(command: &mut Command) -> Assert {
    command.assert().code(1).stderr(
        predicate::str::is_match(r"\Amouse-cheese: error: [^\n]*\n\z")
            .unwrap()
            .and(predicate::str::contains("panicked").not())
            .and(predicate::function(|line: &str| line.len() <= 301)),
    )
}
use std::process::Output;

fn run_binary(input: &str) -> Output {
    Command::new(BINARY).write_stdin(input).output().unwrap()
}

fn assert_ok(input: &str, expected: &str) {
    let out = run_binary(input);
    assert!(out.status.success(), "{input:?}: {out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        expected,
        "{input:?}"
    );
    assert!(out.stderr.is_empty(), "{input:?}");
}

/// Exit status 1, exactly one stderr line naming the program, no panic report; returns that
/// line. Only the cases before the bad one may be answered on stdout.
fn assert_refused(input: &str) -> String {
    let out = fails_cleanly(Command::new(BINARY).write_stdin(input))
        .stdout(predicate::str::is_empty().or(predicate::eq("Case 1: SOHA\n")))
        .get_output()
        .clone();
    String::from_utf8(out.stderr).unwrap()
}

const SAMPLE_OUT: &str = "Case 1: No Cheese!\nCase 2: SOHA\nCase 3: TARA\n";

#[test]
fn sample_without_final_newline() {
    assert_ok(
        "3\n1 2 1\n1 1 1 0\n1 4 0\n7 2 2\n1 2 1 3\n2 2 2 3",
        SAMPLE_OUT,
    );
    assert_ok(
        "3\r\n1 2 1\r\n1 1 1 0\r\n1 4 0\r\n7 2 2\r\n1 2 1 3\r\n2 2 2 3\r\n",
        SAMPLE_OUT,
    );
}

#[test]
fn lenient_input_is_answered() {
    // T larger than the cases present; a duplicate and a rim stick; mouse on the cheese.
    assert_ok(
        "9\n1 4 0\n1 2 3\n1 0 1 1\n1 1 1 0\n0 0 1 0\n5 5 0\n",
        "Case 1: SOHA\nCase 2: No Cheese!\nCase 3: No Cheese!\n",
    );
    assert_ok("", "");
    assert_ok("0\n", "");
}

#[test]
fn malformed_input_is_refused() {
    assert_refused("1\n1 2 x\n");
    assert_refused("one\n");
    assert_refused("-1\n1 4 0\n");
    assert_refused("1\n1 2 -1\n");
    assert_refused("1\n1 2 1\n1 1 1 0.5\n");
    assert_refused("1\n1 2 1\n1 1 1 99999999999999999999\n");
}

#[test]
fn truncated_input_is_refused() {
    assert_refused("2\n1 4 0\n7 2 2\n1 2 1 3\n");
    assert_refused("1\n7 2 1\n1 2 1");
    assert_refused("1\n7 2");
    // A huge R must run out of input, not out of memory.
    assert_refused("1\n7 2 18446744073709551615\n1 2 1 3\n");
}

#[test]
fn cells_off_the_board_are_refused() {
    let line = assert_refused("1\n0 2 0\n");
    assert!(
        line.contains("mouse's cell 0 is not between 1 and 9"),
        "{line}"
    );
    let line = assert_refused("2\n1 2 0\n3 10 0\n");
    assert!(line.contains("case 2: the cheese's cell 10"), "{line}");
}

/// The issue-14 reproducers run under this much address space (256 MiB).
const MEMORY_KIB: u64 = 262_144;

/// The binary under a `ulimit -v` of `MEMORY_KIB`: an allocation beyond it fails, so a
/// program that trusts a size from its input aborts instead of passing.
fn within_memory() -> Command {
    let script = format!("ulimit -v {MEMORY_KIB} && exec \"$0\"");
    let mut command = Command::new("sh");
    command.args(["-c", &script, BINARY]);
    command
}

/// The binary under the same limit, its stdin the output of the shell pipeline `producer`,
/// made while the binary reads it (and stopped when it stops).
fn streamed_within_memory(producer: &str) -> Command {
    let script = format!("{{ {producer}; }} | {{ ulimit -v {MEMORY_KIB} && exec \"$0\"; }}");
    let mut command = Command::new("sh");
    command.args(["-c", &script, BINARY]);
    command
}

/// A gigabyte of `5`s and no newline, for [`streamed_within_memory`]: one line too big to
/// hold.
const GIGABYTE_LINE: &str = "yes 5 | tr -d '\\n' | head -c 1073741824";

fn assert_fails_within_memory(input: &[u8], needle: &str) -> Assert {
    fails_cleanly(within_memory().write_stdin(input)).stderr(predicate::str::contains(needle))
}

#[test]
fn many_cases_run_in_bounded_memory() {
    // 1.5 million cases: the version that kept every case and the whole output needed about
    // 300 MiB for them; answered as read, they fit easily under 256 MiB.
    let cases = 1_500_000;
    let mut input = format!("{cases}\n");
    input.push_str(&"1 4 1\n1 0 1 1\n".repeat(cases));
    let out = within_memory().write_stdin(input).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), cases);
    assert!(
        text.ends_with(&format!("Case {cases}: SOHA\n")),
        "{}",
        &text[text.len() - 40..]
    );
}

#[test]
fn cases_before_an_error_are_answered() {
    let input = format!("100\n{}1 x 0\n", "1 4 0\n".repeat(89));
    let answered = || predicate::function(|out: &str| out.lines().count() == 89);
    assert_fails_within_memory(
        input.as_bytes(),
        "case 90: expected the cheese's cell, found `x`",
    )
    .stdout(answered());
    let input = format!("100\n{}\x1a", "1 4 0\n".repeat(89));
    assert_fails_within_memory(input.as_bytes(), "case 90").stdout(answered());
}

#[test]
fn error_lines_quote_little_of_a_huge_token() {
    let input = format!("1\n1 2 1\n1 1 1 {}\n", "9".repeat(1 << 20));
    assert_fails_within_memory(input.as_bytes(), "case 1")
        .stderr(predicate::function(|line: &str| line.len() < 151));
}

/// A gigabyte of digits with no newline: read token by token, the binary holds at most
/// `shared_grid::TOKEN_LIMIT` bytes of it and stops at once (a line-based reader would need
/// the whole gigabyte, far beyond the address space allowed).
#[test]
fn gigabyte_line_fails_in_bounded_memory() {
    fails_cleanly(&mut streamed_within_memory(GIGABYTE_LINE)).stderr(predicate::str::contains(
        "expected the number of cases T, found `5555",
    ));
}
