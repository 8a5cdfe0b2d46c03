//! The real binary on awkward input: no trailing newline, no `0 0`, and
//! malformed or truncated data, which must end in one stderr line and a
//! non-zero exit, never a panic report.

use assert_cmd::assert::Assert;
use assert_cmd::Command;
use predicates::prelude::*;
use std::process::Output;
use stress_kit::cli;

const BINARY: &str = env!("CARGO_BIN_EXE_curling");

fn curling(input: &str) -> Output {
    Command::new(BINARY).write_stdin(input).output().unwrap()
}

fn assert_fails_cleanly(input: &str, needle: &str) {
    cli::assert_fails_mentioning(Command::new(BINARY).write_stdin(input), BINARY, needle);
}

#[test]
fn end_of_input_ends_the_datasets() {
    let out = curling("2 1\n3 2\n3 1\n2 0 3");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1\n1\n");
}

#[test]
fn empty_input_prints_nothing() {
    let out = curling("");
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn truncated_board_is_an_error() {
    assert_fails_cleanly("3 2\n2 0 3\n0 0", "end of input");
}

#[test]
fn non_numeric_square_is_an_error() {
    assert_fails_cleanly("2 1\n2 x\n0 0\n", "`x`");
}

#[test]
fn unknown_square_code_is_an_error() {
    assert_fails_cleanly("3 1\n2 7 3\n0 0\n", "code 7");
}

#[test]
fn board_without_goal_is_an_error() {
    assert_fails_cleanly("2 1\n2 0\n0 0\n", "dataset 1: the board has no goal");
}

#[test]
fn boards_larger_than_the_statement_are_solved() {
    // 40 x 1: a staircase of blocks the statement's 20 x 20 limit would not allow.
    let mut row = vec!["0"; 40];
    row[0] = "2";
    row[39] = "3";
    row[30] = "1";
    let input = format!("40 1\n{}\n0 0\n", row.join(" "));
    let out = curling(&input);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "2\n");
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
fn header_sizes_are_never_trusted() {
    // Each used to allocate the whole board (or 50 million empty rows) before reading it.
    for (input, needle) in [
        ("0 2147483648\n", "cannot hold a start and a goal"),
        ("0 50000000\n", "cannot hold a start and a goal"),
        ("50000000 0\n", "cannot hold a start and a goal"),
        ("1 1\n2\n", "cannot hold a start and a goal"),
        ("18446744073709551615 2\n", "cannot hold a start and a goal"),
        ("3 100000000000\n2 0 3\n", "end of input"),
        ("2147483648 2147483648\n2 3\n", "end of input"),
    ] {
        assert_fails_within_memory(input.as_bytes(), needle);
    }
}

/// `count` one-throw boards, `2 1 / 2 3`.
fn easy_boards(count: usize) -> String {
    "2 1\n2 3\n".repeat(count)
}

#[test]
fn datasets_before_an_error_are_answered() {
    assert_fails_within_memory(
        format!("{}2 1\n2 9\n0 0\n", easy_boards(89)).as_bytes(),
        "dataset 90: square code 9",
    )
    .stdout("1\n".repeat(89));
    // A stray Ctrl-Z where the `0 0` line should be.
    assert_fails_within_memory(format!("{}\x1a", easy_boards(89)).as_bytes(), "dataset 90")
        .stdout("1\n".repeat(89));
}

#[test]
fn error_lines_quote_little_of_a_huge_token() {
    let input = format!("2 1\n2 {}\n", "7".repeat(1 << 20));
    assert_fails_within_memory(input.as_bytes(), "dataset 1")
        .stderr(predicate::function(|line: &str| line.len() < 121));
    assert_fails_within_memory(&[b'2', b' ', 0xff, b'\n'], "")
        .stderr(predicate::function(|line: &str| line.len() < 201));
}

#[test]
fn lenient_spacing_still_reads() {
    let out = curling("2 1\r\n2\t3\r\n\r\n3 1\r\n2 0 3\r\n0 0\r\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1\n1\n");
}

/// A gigabyte of digits with no newline: read token by token, the binary holds at most
/// `shared_grid::TOKEN_LIMIT` bytes of it and stops at once (a line-based reader would need
/// the whole gigabyte, far beyond the address space allowed).
#[test]
fn gigabyte_line_fails_in_bounded_memory() {
    cli::assert_fails_mentioning(
        &mut cli::streamed_within_memory(BINARY, MEMORY_KIB, cli::GIGABYTE_LINE),
        BINARY,
        "expected the board width, found `5555",
    );
}
