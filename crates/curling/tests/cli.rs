//! The real binary on awkward input: no trailing newline, no `0 0`, and
//! malformed or truncated data, which must end in one stderr line and a
//! non-zero exit, never a panic report.

use std::process::Output;

fn curling(input: &str) -> Output {
    cli_check::run(env!("CARGO_BIN_EXE_curling"), &[], input)
}

fn assert_fails_cleanly(input: &str, needle: &str) {
    let line = cli_check::assert_fails_cleanly(env!("CARGO_BIN_EXE_curling"), input).message;
    assert!(line.contains(needle), "{line:?} should mention {needle:?}");
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
