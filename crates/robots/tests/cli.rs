//! The real binary: awkward but acceptable input, malformed or truncated input (one stderr
//! line, exit status 1, never a panic report), and the `--trace` drawing.

use assert_cmd::assert::Assert;
use assert_cmd::Command;
use predicates::prelude::*;
use std::process::Output;
use stress_kit::cli;

const BINARY: &str = env!("CARGO_BIN_EXE_robots");

fn robots(args: &[&str], input: &str) -> Output {
    Command::new(BINARY)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap()
}

fn assert_fails_cleanly(input: &str, needle: &str) {
    cli::assert_fails_mentioning(Command::new(BINARY).write_stdin(input), BINARY, needle);
}

const WIN_FIRST_MOVE: &str = "Case 1:\nWon game after making 1 moves.\n\
                              Final position: (15,15)\nNumber of cells with debris: 1\n";

#[test]
fn no_terminator_and_no_final_newline() {
    let out = robots(&[], "2 0\n13 14\n13 16");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), WIN_FIRST_MOVE);
    assert!(out.stderr.is_empty());
}

#[test]
fn windows_line_ends_are_whitespace() {
    let out = robots(&[], "2 0\r\n13 14\r\n13 16\r\n0 0\r\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), WIN_FIRST_MOVE);
}

#[test]
fn empty_input_prints_nothing() {
    let out = robots(&[], "");
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn input_ending_inside_a_case_is_an_error() {
    assert_fails_cleanly("2 1\n13 14\n13 16\n", "end of input");
    assert_fails_cleanly("2 0\n13", "end of input");
    assert_fails_cleanly("2", "end of input");
}

#[test]
fn non_numeric_token_is_an_error() {
    assert_fails_cleanly("2 0\n13 x\n13 16\n0 0\n", "`x`");
    assert_fails_cleanly("-1 0\n0 0\n", "`-1`");
}

#[test]
fn cells_the_statement_rules_out_are_errors() {
    assert_fails_cleanly("1 0\n32 1\n0 0\n", "cell (32,1) is off the 31 x 31 board");
    assert_fails_cleanly(
        "1 1\n1 1\n0 -3\n0 0\n",
        "cell (0,-3) is off the 31 x 31 board",
    );
    assert_fails_cleanly("1 0\n15 15\n0 0\n", "a robot starts on your cell (15,15)");
    assert_fails_cleanly("2 0\n3 4\n3 4\n0 0\n", "case 1: two robots start on (3,4)");
    assert_fails_cleanly("100000 0\n", "cannot fit");
}

#[test]
fn trace_draws_every_position_on_stderr_and_keeps_stdout() {
    let out = robots(&["--trace"], "2 0\n13 14\n13 16\n0 0\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), WIN_FIRST_MOVE);
    let trace = String::from_utf8(out.stderr).unwrap();
    let headers: Vec<&str> = trace.lines().filter(|l| l.starts_with("Case ")).collect();
    assert_eq!(
        headers,
        [
            "Case 1, start at (15,15); 2 robots, 0 debris cells",
            "Case 1, move 1: stay at (15,15); 0 robots, 1 debris cells -- won",
        ]
    );
    assert!(
        trace.contains(" 13 .............R.R...............\n"),
        "{trace}"
    );
    assert!(
        trace.contains(" 14 ..............*................\n"),
        "{trace}"
    );
}

#[test]
fn without_trace_stderr_stays_empty() {
    let out = robots(&[], "2 0\n13 14\n13 16\n0 0\n");
    assert!(out.stderr.is_empty());
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
fn cases_before_an_error_are_answered() {
    let good = "2 0\n13 14\n13 16\n";
    let input = format!("{}2 0\n13 14\n13 x\n0 0\n", good.repeat(89));
    assert_fails_within_memory(input.as_bytes(), "case 90: expected a column")
        .stdout(report_of_wins(89));
    assert_fails_within_memory(format!("{}\x1a", good.repeat(89)).as_bytes(), "case 90")
        .stdout(report_of_wins(89));
}

/// The report of `count` cases each won on the first move, as `WIN_FIRST_MOVE`.
fn report_of_wins(count: usize) -> String {
    (1..=count)
        .map(|k| WIN_FIRST_MOVE.replace("Case 1:", &format!("Case {k}:")))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn huge_counts_and_tokens_fail_in_bounded_memory() {
    assert_fails_within_memory(b"0 18446744073709551615\n1 1\n", "end of input");
    let input = format!("1 0\n{} 1\n", "5".repeat(1 << 20));
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
        "case 1: expected the number of robots, found `5555",
    );
    let producer = format!(
        "printf '2 0\\n13 14\\n13 16\\n1 0\\n'; {}",
        cli::GIGABYTE_LINE
    );
    cli::assert_fails_mentioning(
        &mut cli::streamed_within_memory(BINARY, MEMORY_KIB, &producer),
        BINARY,
        "case 2: expected a row",
    )
    .stdout(WIN_FIRST_MOVE);
}

/// Ten million teleport entries (40 MB of input) are kept in 4 bytes each: under 256 MiB they
/// are all read and the case played (no robot: won at once). As `Vec<Pos>` copied into
/// per-cell queues, six million aborted.
#[test]
fn ten_million_teleport_entries_fit_in_bounded_memory() {
    let producer = "echo '0 10000000'; yes '3 4' | head -n 10000000";
    let out = cli::streamed_within_memory(BINARY, MEMORY_KIB, producer)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Case 1:\nWon game after making 0 moves.\nFinal position: (15,15)\n\
         Number of cells with debris: 0\n"
    );
}
