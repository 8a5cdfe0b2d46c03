//! `enclosure-arena replay FILE.jsonl [--html OUT.html] [--turn N|end] [--svg OUT.svg]`
//! through the real binary: the files it writes are the library's output, and every error
//! is one line on stderr with a non-zero exit (no panic, no backtrace).

mod viewer_support;

use std::path::Path;
use std::process::{Command, Output};

use viewer_support::viewer::{render_svg, render_svg_end};
use viewer_support::{fixture, fixture_path, scratch_dir, HAND_FIXTURE};

fn replay(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_enclosure-arena"))
        .arg("replay")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn assert_one_line_error(output: &Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success(),
        "expected a failure, stderr: {stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "one line on stderr: {stderr}");
    assert!(stderr.contains(expected), "{expected:?} not in {stderr:?}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
}

#[test]
fn replay_writes_the_page_and_the_picture_of_a_turn() {
    let dir = scratch_dir("cli");
    let fixture_file = fixture_path(HAND_FIXTURE);
    let fixture_arg = fixture_file.to_str().unwrap();
    let output = replay(&[fixture_arg, "--html", "game.html"], &dir);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let page = std::fs::read_to_string(dir.join("game.html")).unwrap();
    assert!(page.starts_with("<!doctype html>") && page.contains(r#"data-start-frame="0""#));

    let output = replay(&[fixture_arg, "--turn", "5", "--svg", "turn5.svg"], &dir);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let replay_data = fixture(HAND_FIXTURE);
    assert_eq!(
        std::fs::read_to_string(dir.join("turn5.svg")).unwrap(),
        render_svg(&replay_data, 5)
    );

    let output = replay(
        &[
            fixture_arg,
            "--turn",
            "end",
            "--svg",
            "end.svg",
            "--html",
            "end.html",
        ],
        &dir,
    );
    assert!(output.status.success());
    assert_eq!(
        std::fs::read_to_string(dir.join("end.svg")).unwrap(),
        render_svg_end(&replay_data)
    );
    assert!(std::fs::read_to_string(dir.join("end.html"))
        .unwrap()
        .contains(r#"data-start-frame="9""#));
}

#[test]
fn replay_errors_are_one_line() {
    let dir = scratch_dir("cli-errors");
    let fixture_file = fixture_path(HAND_FIXTURE);
    let fixture_arg = fixture_file.to_str().unwrap();
    assert_one_line_error(
        &replay(&[fixture_arg, "--turn", "57", "--svg", "x.svg"], &dir),
        "turn 57 is not in this replay (turns 0..=8 and end)",
    );
    assert_one_line_error(
        &replay(&["missing.jsonl", "--html", "x.html"], &dir),
        "cannot read missing.jsonl",
    );
    assert_one_line_error(&replay(&[fixture_arg], &dir), "nothing to write");
    // Cut 100 bytes into the first turn, as if the referee had been killed mid-write.
    let text = std::fs::read_to_string(&fixture_file).unwrap();
    let cut = text.find('\n').unwrap() + 101;
    std::fs::write(dir.join("truncated.jsonl"), &text[..cut]).unwrap();
    assert_one_line_error(
        &replay(&["truncated.jsonl", "--html", "x.html"], &dir),
        "in truncated.jsonl: replay line 2, column 100: not a valid v1 record: EOF while parsing",
    );
    assert_one_line_error(
        &replay(&[fixture_arg, "--html", "no/such/dir/x.html"], &dir),
        "cannot write",
    );
    assert!(
        !dir.join("x.svg").exists() && !dir.join("x.html").exists(),
        "nothing written on error"
    );
    // A malformed --turn is a usage error (clap's exit status 2).
    let output = replay(&[fixture_arg, "--turn", "last", "--svg", "x.svg"], &dir);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("neither a turn number nor \"end\""));
}
