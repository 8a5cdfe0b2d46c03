//! The real binary on bad, truncated and unusual input.

use std::process::Output;

fn run_binary(input: &str, args: &[&str]) -> Output {
    cli_check::run(env!("CARGO_BIN_EXE_rc02-game"), args, input)
}

fn assert_one_line_error(input: &str) {
    let failure = cli_check::assert_fails_cleanly(env!("CARGO_BIN_EXE_rc02-game"), input);
    assert!(failure.stdout.is_empty(), "{input:?}: nothing on stdout");
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
