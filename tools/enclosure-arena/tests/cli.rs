//! The real `enclosure-arena` binary: its outputs, its replay file, its exit
//! codes, and how it reports bad command lines (no panic, no backtrace).

mod common;

use std::process::{Command, Output};

use common::*;
use serde_json::Value;
use stress_kit::cli::{self, Predicate};

fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_enclosure-arena"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Exit status 1 and one stderr line `enclosure-arena: error: <start>...`, never a panic report.
fn assert_one_error_line(out: &Output, start: &str) {
    assert_error_line(out, 1, "enclosure-arena", start);
}

/// Exit status `code` and one stderr line `<program>: error: <start>...`, never a panic report.
fn assert_error_line(out: &Output, code: i32, program: &str, start: &str) {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{stderr}");
    assert!(cli::one_error_line(program).eval(&stderr), "{stderr}");
    assert!(
        stderr.starts_with(&format!("{program}: error: {start}")),
        "{stderr}"
    );
}

#[test]
fn json_is_exactly_one_object_with_the_documented_fields() {
    let out = arena(&[
        "play",
        "--json",
        "--seed",
        "3",
        "builtin:random",
        "builtin:idle",
        "builtin:random",
    ]);
    assert!(out.status.success());
    assert_eq!(text(&out.stderr), "");
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1);
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let keys: Vec<_> = report.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, ["seats", "turns"]); // serde_json sorts; the writer's order is tested in the library
    assert!(stdout.starts_with(r#"{"turns":"#));
    let seats = report["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    for (i, seat) in seats.iter().enumerate() {
        assert_eq!(seat["seat"], i);
        for key in [
            "bot",
            "alive",
            "death",
            "death_turn",
            "detail",
            "regions",
            "mud",
            "score",
            "rank",
        ] {
            assert!(seat.get(key).is_some(), "missing {key}");
        }
        assert_eq!(seat.as_object().unwrap().len(), 10);
    }
    assert_eq!(seats[1]["bot"], "builtin:idle");
    let mut ranks: Vec<_> = seats.iter().map(|s| s["rank"].as_u64().unwrap()).collect();
    ranks.sort();
    assert_eq!(ranks, [1, 2, 3]);
}

#[test]
fn the_table_has_a_row_per_seat_and_the_same_numbers_as_json() {
    let args = ["play", "--seed", "5", "builtin:random", "builtin:random"];
    let table = text(&arena(&args).stdout);
    let json: Value =
        serde_json::from_slice(&arena(&[&args[..], &["--json"]].concat()).stdout).unwrap();
    let lines: Vec<_> = table.lines().collect();
    assert_eq!(lines.len(), 4, "{table}");
    assert!(lines[0].starts_with("seat  bot"));
    assert_eq!(lines[3], format!("{} turns played", json["turns"]));
    for (row, seat) in lines[1..3].iter().zip(json["seats"].as_array().unwrap()) {
        let cells: Vec<_> = row.split_whitespace().collect();
        assert_eq!(cells[0], seat["seat"].to_string());
        assert_eq!(cells[cells.len() - 1], seat["rank"].to_string());
        assert_eq!(cells[cells.len() - 2], seat["score"].to_string());
    }
}

#[test]
fn the_replay_file_is_written_and_the_game_is_reproducible() {
    let dir = scratch("cli-replay");
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    for path in [&a, &b] {
        let out = arena(&[
            "play",
            "--seed",
            "7",
            "--replay",
            path.to_str().unwrap(),
            "builtin:random",
            "builtin:random",
            "builtin:idle",
            "builtin:random",
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let replay = std::fs::read_to_string(&a).unwrap();
    assert_eq!(replay, std::fs::read_to_string(&b).unwrap());
    let lines = parse_replay(&replay);
    assert_eq!(lines[0]["type"], "header");
    assert_eq!(lines[0]["seed"], 7);
    assert_eq!(lines[0]["step_ms"], 1000);
    assert_eq!(lines.last().unwrap()["type"], "end");
    assert_eq!(
        lines.len() as u64,
        lines.last().unwrap()["turns"].as_u64().unwrap() + 2
    );
}

#[test]
fn misbehaving_process_bots_do_not_disturb_the_referee() {
    let dir = scratch("cli-bad");
    let out = arena(&[
        "play",
        "--json",
        "--step-ms",
        "500",
        "--quiet-bots",
        &bot_command("garbage", "", &dir.join("p0")),
        &bot_command("huge", "", &dir.join("p1")),
        "builtin:random",
        &format!(
            "echo $$ > '{}'; echo oops >&2; exit 1",
            dir.join("p3").display()
        ),
    ]);
    assert!(out.status.success());
    assert_eq!(text(&out.stderr), "", "--quiet-bots discards bot stderr");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let deaths: Vec<_> = report["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["death"].clone())
        .collect();
    assert_eq!(
        deaths,
        [
            Value::from("illegal_output"),
            Value::from("illegal_output"),
            Value::Null,
            Value::from("bad_start"),
        ]
    );
    for file in ["p0", "p1", "p3"] {
        assert_all_gone(&dir.join(file));
    }
}

#[test]
fn bot_stderr_passes_through_by_default() {
    let out = arena(&[
        "play", "--step-ms", "2000",
        "echo 'seat zero says hi' >&2; read x; echo '[POS] 0 0'; while read x; do echo '[ACTION] s 0'; done",
        "builtin:random",
    ]);
    assert!(out.status.success());
    assert_eq!(text(&out.stderr), "seat zero says hi\n");
}

/// Usage errors: exit code 2, a clap-style message, no panic.
#[test]
fn bad_command_lines_are_usage_errors() {
    let cases: [&[&str]; 8] = [
        &["play", "builtin:idle"],
        &[
            "play",
            "builtin:idle",
            "builtin:idle",
            "builtin:idle",
            "builtin:idle",
            "builtin:idle",
        ],
        &["play", "builtin:idle", "builtin:nobody"],
        &["play", "builtin:idle", ""],
        &["play", "--step-ms", "0", "builtin:idle", "builtin:idle"],
        &["play", "--seed", "x", "builtin:idle", "builtin:idle"],
        &["play", "--seed"],
        &["fight", "builtin:idle", "builtin:idle"],
    ];
    for args in cases {
        let out = arena(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("panicked") && !stderr.contains("backtrace"),
            "{stderr}"
        );
        assert_eq!(text(&out.stdout), "");
    }
}

#[test]
fn an_unwritable_replay_is_one_error_line_before_any_bot_starts() {
    let dir = scratch("cli-unwritable");
    let marker = dir.join("started");
    let out = arena(&[
        "play",
        "--replay",
        "/nonexistent-dir/replay.jsonl",
        &format!("touch '{}'", marker.display()),
        "builtin:idle",
    ]);
    assert_one_error_line(&out, "cannot create /nonexistent-dir/replay.jsonl");
    assert!(!marker.exists(), "no bot was started");
}

#[test]
fn bots_lists_the_builtins() {
    let out = arena(&["bots"]);
    assert!(out.status.success());
    let listing = text(&out.stdout);
    assert!(listing.lines().any(|l| l.starts_with("builtin:idle ")));
    assert!(listing.lines().any(|l| l.starts_with("builtin:random ")));
}

#[test]
fn replay_draws_what_play_recorded() {
    let dir = scratch("cli-viewer");
    let (jsonl, html, svg) = (dir.join("g.jsonl"), dir.join("g.html"), dir.join("g.svg"));
    let out = arena(&[
        "play",
        "--seed",
        "2",
        "--replay",
        jsonl.to_str().unwrap(),
        "builtin:random",
        "builtin:random",
        "builtin:random",
    ]);
    assert!(out.status.success());
    let out = arena(&[
        "replay",
        jsonl.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "--turn",
        "1",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::read_to_string(&html).unwrap().contains("<html"));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));

    let missing = arena(&[
        "replay",
        dir.join("none.jsonl").to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_one_error_line(&missing, "");
}

#[test]
fn a_closed_stdout_is_an_error_not_a_panic() {
    // Nobody will read the result: the pipe's read end is closed before the arena starts, so
    // its write fails every time (closing it after spawning raced with a fast game).
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_enclosure-arena"))
        .args(["play", "--seed", "1", "builtin:random", "builtin:random"])
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    assert_one_error_line(&out, "cannot print the result");
}

#[test]
fn series_refuses_a_sample_program_that_is_not_there() {
    let dir = scratch("cli-series-sample");
    let lineups = dir.join("lineups");
    std::fs::write(&lineups, "duel 2 builtin:ours sample\n").unwrap();
    let out_dir = dir.join("reports");
    let out = arena(&[
        "series",
        lineups.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
        "--sample",
        "no/such/sample",
    ]);
    assert_error_line(
        &out,
        2,
        "enclosure-arena series",
        "cannot find the sample program no/such/sample",
    );
    assert!(!out_dir.exists(), "nothing written");
}
