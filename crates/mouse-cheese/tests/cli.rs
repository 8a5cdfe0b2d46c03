//! The real binary on good, lenient, malformed and truncated input.

use assert_cmd::assert::Assert;
use assert_cmd::Command;
use predicates::prelude::*;
use std::process::Output;
use stress_kit::cli;

const BINARY: &str = env!("CARGO_BIN_EXE_mouse-cheese");

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
    let out = cli::fails_cleanly(Command::new(BINARY).write_stdin(input), BINARY)
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

/// The hostile-input reproducers (huge declared sizes) run under this much address space.
const MEMORY_KIB: u64 = 262_144;

fn assert_fails_within_memory(input: &[u8], needle: &str) -> Assert {
    cli::assert_fails_mentioning(
        cli::within_memory(BINARY, MEMORY_KIB).write_stdin(input),
        BINARY,
        needle,
    )
}

#[test]
fn many_cases_run_in_bounded_memory() {
    // 1.5 million cases: the version that kept every case and the whole output needed about
    // 300 MiB for them; answered as read, they fit easily under 256 MiB.
    let cases = 1_500_000;
    let mut input = format!("{cases}\n");
    input.push_str(&"1 4 1\n1 0 1 1\n".repeat(cases));
    let out = cli::within_memory(BINARY, MEMORY_KIB)
        .write_stdin(input)
        .output()
        .unwrap();
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
    cli::assert_fails_mentioning(
        &mut cli::streamed_within_memory(BINARY, MEMORY_KIB, cli::GIGABYTE_LINE),
        BINARY,
        "expected the number of cases T, found `5555",
    );
}
