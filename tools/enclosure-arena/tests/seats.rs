//! Smaller tables: a bot written for the statement's four players plays 2- and 3-seat games
//! unchanged (absent seats are listed dead), and a bot's own failure is shown in detail.

mod common;

use common::*;
use enclosure_arena::table;

/// `tests/bots/four.sh`: stops answering unless every `[STATUS]` has four seats.
fn four_player_bot(x: u32, y: u32) -> String {
    format!("sh '{}' {x} {y}", script("four").display())
}

#[test]
fn a_four_player_bot_plays_two_and_three_seat_games() {
    for others in [vec!["builtin:idle"], vec!["builtin:idle", "builtin:random"]] {
        let mut bots = vec![four_player_bot(2, 2)];
        bots.extend(others.iter().map(|b| b.to_string()));
        let played = play(&bots, 3, STEP);
        assert_replay_complete(&played);
        assert_eq!(death(&played, 0), None, "{bots:?}");
        assert_eq!(played.result.timing[0].timeouts, 0);
        // It moved right on turn 1: it understood the status.
        assert_eq!(played.replay[1]["state"]["players"][0]["x"], 3);
        for turn in &played.replay[1..played.replay.len() - 1] {
            let status = turn["status"].as_str().unwrap();
            let numbers = status.split(' ').count() - 1;
            assert!(numbers >= 21 && (numbers - 21) % 3 == 0, "{status}");
            // Absent seats: dead at 0 0, never stuck, no mud.
            for seat in bots.len()..4 {
                let fields: Vec<&str> = status.split(' ').skip(1 + 5 * seat).take(5).collect();
                assert_eq!(fields, ["0", "0", "-1", "0", "0"], "{status}");
            }
        }
    }
}

#[test]
fn the_table_and_json_show_what_a_failing_bot_did() {
    let pids = scratch("detail").join("pids");
    let bots = [
        bot_command("garbage", "", &pids),
        "builtin:idle".to_string(),
    ];
    let played = play(&bots, 1, STEP);
    let seat = &played.result.seats[0];
    assert_eq!(seat.death.as_deref(), Some("illegal_output"));
    assert_eq!(seat.death_turn, Some(1));
    let detail = seat.detail.as_deref().unwrap();
    assert!(detail.contains("hello"), "{detail}");
    assert!(detail.chars().count() <= 63, "shortened: {detail}");
    let table = table::render(&played.result);
    assert!(
        table.contains(&format!("dead: illegal_output, turn 1: {detail}")),
        "{table}"
    );
    let json: serde_json::Value = serde_json::from_str(&played.result.to_json()).unwrap();
    assert_eq!(json["seats"][0]["detail"], detail);
    assert_eq!(json["seats"][0]["death_turn"], 1);
    assert_eq!(json["seats"][1]["detail"], serde_json::Value::Null);
}

/// A C++ bot as NOI contestants wrote them (`tests/bots/noi.cpp`), compiled without
/// optimisation like the judge did, plays a 2-seat game. Skipped when g++ is missing.
#[test]
fn a_noi_style_cpp_bot_plays_a_two_seat_game() {
    let dir = scratch("noi-cpp");
    let binary = dir.join("noi");
    let source = script("noi").with_extension("cpp");
    let compiled = std::process::Command::new("g++")
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status();
    match compiled {
        Err(_) => {
            eprintln!("g++ not found: skipped");
            return;
        }
        Ok(status) => assert!(status.success(), "g++ failed"),
    }
    let bots = [binary.display().to_string(), "builtin:idle".to_string()];
    let played = play(&bots, 2, STEP);
    assert_replay_complete(&played);
    assert_eq!(death(&played, 0), None);
    let last = &played.replay[played.replay.len() - 1];
    assert_eq!(last["state"]["players"][0]["x"], 9, "it walked its row");
}
