//! The real binary: line-by-line answers with flushing, clean exit at end of input, one-line
//! errors on malformed referee lines. Only the shape of the answers is checked here, so the
//! tests hold whichever strategy the binary plays (its exact answers are pinned by the
//! samples through `enclosure::bot::serve`).
use enclosure::{parse_action, parse_pos};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use stress_kit::cli;

const BINARY: &str = env!("CARGO_BIN_EXE_enclosure");

fn run(input: &str) -> std::process::Output {
    assert_cmd::Command::new(BINARY)
        .write_stdin(input)
        .output()
        .unwrap()
}

/// Exit status 1 and one stderr line `enclosure: error: ...`, never a panic report.
fn assert_one_line_error(input: &str) {
    cli::fails_cleanly(assert_cmd::Command::new(BINARY).write_stdin(input), BINARY);
}

#[test]
fn malformed_referee_lines_end_with_one_error_line() {
    for input in [
        "[START] 0\n[STATUS] 1 2 3\n",
        "[START] 9\n",
        "hello\n",
        "[START] 0\n[ACTION] s 0\n",
        "[START] 0\n[STATUS] 0 0 0 0 0 10 0 0 0 0 1\n", // truncated: a trap is missing
        "[STA",
    ] {
        assert_one_line_error(input);
    }
}

#[test]
fn input_without_a_final_newline_is_answered() {
    let out = run("[START] 2\n[STATUS] 0 0 0 0 0 10 0 0 0 0 0 10 0 0 0 0");
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.split_inclusive('\n').collect();
    assert_eq!(lines.len(), 2, "{stdout:?}");
    assert!(parse_pos(lines[0]).is_ok(), "{stdout:?}");
    assert!(parse_action(lines[1]).is_ok(), "{stdout:?}");
    assert!(stdout.ends_with('\n'));
    assert!(out.stderr.is_empty());
}

#[test]
fn empty_input_is_a_clean_exit() {
    let out = run("");
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn every_answer_is_flushed_before_the_next_line_is_sent() {
    let mut child = Command::new(BINARY)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdin.write_all(b"[START] 0\n").unwrap();
    stdin.flush().unwrap();
    stdout.read_line(&mut line).unwrap();
    assert!(line.ends_with('\n'));
    let start = parse_pos(&line).unwrap();
    let status = format!("[STATUS] {} {} 0 0 0 5 5 0 0 0 0\n", start.x, start.y);
    stdin.write_all(status.as_bytes()).unwrap();
    stdin.flush().unwrap();
    line.clear();
    stdout.read_line(&mut line).unwrap();
    assert!(line.ends_with('\n'));
    assert!(parse_action(&line).is_ok(), "{line:?}");
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
