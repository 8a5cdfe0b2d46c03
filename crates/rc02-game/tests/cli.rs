//! The real binary on bad, truncated and unusual input.

use assert_cmd::Command;
use predicates::prelude::*;
use std::process::Output;
use stress_kit::cli;

const BINARY: &str = env!("CARGO_BIN_EXE_rc02-game");

fn run_binary(input: &str, args: &[&str]) -> Output {
    Command::new(BINARY)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap()
}

fn assert_one_line_error(input: &str) {
    cli::fails_cleanly(Command::new(BINARY).write_stdin(input), BINARY)
        .stdout(predicate::str::is_empty());
}

#[test]
fn malformed_input_is_one_line_on_stderr_and_exit_one() {
    for input in [
        "",                                  // nothing at all
        "4",                                 // K missing
        "four 1\n1 3 2 3\n",                 // N not a number
        "4 -1\n",                            // negative K
        "4 2\n1 3 2 3\n3 4 x 3\n",           // a word for a coordinate
        "4 2\n1 3 2 3\n3 4 3",               // cut inside the second move
        "4 1\n1 3 2.5 3\n",                  // not an integer
        "4 1\n1 3 2 99999999999999999999\n", // beyond i64
    ] {
        assert_one_line_error(input);
    }
}

#[test]
fn unsupported_board_sizes_are_refused() {
    for input in [
        "5 1\n1 3 2 3\n",
        "2 0\n",
        "0 0\n",
        "102 0\n",
        "1000000000 0\n",
    ] {
        assert_one_line_error(input);
    }
    let out = run_binary("7 0\n", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("N = 7") && stderr.contains("even"),
        "{stderr}"
    );
}

#[test]
fn missing_final_newline_and_fewer_lines_are_fine() {
    let out = run_binary("4 2\n1 3 2 3\n3 4 3 3", &[]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "1\nhhll\nh..l\n..ll\nhh.l\n"
    );
    let out = run_binary("4 9\n1 3 2 3\n3 4 3 3\n", &[]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "1\nhhll\nh..l\n..ll\nhh.l\n"
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn garbage_after_the_decision_is_never_read() {
    let out = run_binary("4 3\n1 4 1 3\nthis is not a move\n", &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0\n");
}

#[test]
fn trace_draws_every_move_on_stderr() {
    let out = run_binary("4 2\n1 3 2 3\n3 4 3 3\n", &["--trace"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "1\nhhll\nh..l\n..ll\nhh.l\n"
    );
    let trace = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        trace,
        "move 1 (red): (1,3) -> (2,3)\nhhll\nh..l\n.h.l\nhhll\n\
         move 2 (blue): (3,4) -> (3,3)\ncaptures (2,3)\nhhll\nh..l\n..ll\nhh.l\n"
    );
}

/// The hostile-input reproducers (huge declared sizes) run under this much address space.
const MEMORY_KIB: u64 = 262_144;

#[test]
fn huge_k_and_tokens_fail_in_bounded_memory() {
    cli::assert_fails_mentioning(
        cli::within_memory(BINARY, MEMORY_KIB)
            .write_stdin("100 18446744073709551615\n1 2 2 2\n100 2 99"),
        BINARY,
        "move 2",
    );
    let input = format!("4 1\n1 3 2 {}\n", "3".repeat(1 << 20));
    cli::fails_cleanly(
        cli::within_memory(BINARY, MEMORY_KIB).write_stdin(input),
        BINARY,
    )
    .stderr(predicate::function(|line: &str| line.len() < 151));
}

#[test]
fn many_moves_stream_in_bounded_memory() {
    // 100,000 moves on the largest board: each side steps a piece out and back.
    let mut input = String::from("100 100000\n");
    for _ in 0..25_000 {
        input.push_str("1 2 2 2\n100 2 99 2\n2 2 1 2\n99 2 100 2\n");
    }
    let out = cli::within_memory(BINARY, MEMORY_KIB)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8(out.stdout).unwrap().starts_with("1\n"));
}

/// A gigabyte of digits with no newline: read token by token, the binary holds at most
/// `shared_grid::TOKEN_LIMIT` bytes of it and stops at once (a line-based reader would need
/// the whole gigabyte, far beyond the address space allowed).
#[test]
fn gigabyte_line_fails_in_bounded_memory() {
    cli::assert_fails_mentioning(
        &mut cli::streamed_within_memory(BINARY, MEMORY_KIB, cli::GIGABYTE_LINE),
        BINARY,
        "expected the board size N, found `5555",
    );
}
