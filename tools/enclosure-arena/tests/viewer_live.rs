//! The contract between the replay writer and the viewer, checked on live output: the
//! referee binary plays games (`play --replay`), and the viewer must read every replay and
//! draw every frame exactly as the recorded state says. Also the committed referee fixture,
//! frame by frame.

mod viewer_support;

use std::process::Command;

use viewer_support::viewer::{render_html, render_svg, render_svg_end, Replay, State};
use viewer_support::{
    cell_colours, fixture, owner_in_state, scratch_dir, tags_with, REFEREE_FIXTURE,
};

/// Every frame's SVG shows each cell with the owner the state gives it, each live player at
/// its vertex with its pen, each dead one with its cause, each trap with its turns left.
fn assert_frames_match_states(replay: &Replay, what: &str) {
    let mut states: Vec<(u32, &State)> = vec![(0, &replay.header.initial)];
    states.extend(replay.turns.iter().map(|turn| (turn.turn, &turn.state)));
    for (turn, state) in states {
        check_picture(
            &render_svg(replay, turn),
            state,
            &format!("{what} turn {turn}"),
        );
    }
    if let Some(end) = &replay.end {
        check_picture(&render_svg_end(replay), &end.state, &format!("{what} end"));
    }
}

fn check_picture(svg: &str, state: &State, what: &str) {
    for (&(x, y), (owner, _)) in &cell_colours(svg) {
        let expected = owner_in_state(state, x, y);
        assert_eq!(*owner, expected, "{what}: cell ({x},{y})");
    }
    let players = tags_with(svg, "data-pen");
    assert_eq!(players.len(), state.players.len(), "{what}");
    for (tag, player) in players.iter().zip(&state.players) {
        assert_eq!(tag["data-seat"], player.seat.to_string(), "{what}");
        let pen = format!("{:?}", player.pen).to_lowercase();
        assert_eq!(tag["data-pen"], pen, "{what}: seat {}", player.seat);
        if let Some(cause) = &player.death {
            assert_eq!(tag["data-death"], *cause, "{what}: seat {}", player.seat);
        }
    }
    let mut traps: Vec<String> = tags_with(svg, "data-trap")
        .iter()
        .map(|tag| format!("{} {}", tag["data-trap"], tag["data-left"]))
        .collect();
    let mut expected: Vec<String> = state
        .traps
        .iter()
        .map(|trap| format!("{},{} {}", trap.x, trap.y, trap.left))
        .collect();
    traps.sort();
    expected.sort();
    assert_eq!(traps, expected, "{what}");
    let trails: usize = tags_with(svg, "data-length")
        .iter()
        .map(|tag| tag["data-length"].parse::<usize>().unwrap())
        .sum();
    assert_eq!(
        trails,
        state
            .players
            .iter()
            .map(|player| player.trail.len())
            .sum::<usize>(),
        "{what}"
    );
}

#[test]
fn the_recorded_referee_game_is_drawn_frame_by_frame() {
    let replay = fixture(REFEREE_FIXTURE);
    assert_eq!(replay.seat_count(), 4);
    assert!(replay.end.is_some());
    assert_frames_match_states(&replay, REFEREE_FIXTURE);
}

#[test]
fn live_referee_replays_are_read_and_drawn() {
    let dir = scratch_dir("live");
    let lineups: [&[&str]; 3] = [
        &[
            "builtin:random",
            "builtin:random",
            "builtin:random",
            "builtin:random",
        ],
        &["builtin:random", "builtin:idle", "builtin:random"],
        &["builtin:idle", "builtin:random"],
    ];
    for (index, lineup) in lineups.iter().enumerate() {
        for seed in [1u64, 7, 42] {
            let path = dir.join(format!("game-{index}-{seed}.jsonl"));
            let status = Command::new(env!("CARGO_BIN_EXE_enclosure-arena"))
                .args(["play", "--json", "--seed", &seed.to_string(), "--replay"])
                .arg(&path)
                .args(lineup.iter())
                .stdout(std::process::Stdio::null())
                .status()
                .unwrap();
            assert!(status.success(), "play failed for {lineup:?} seed {seed}");
            let text = std::fs::read_to_string(&path).unwrap();
            let what = format!("{lineup:?} seed {seed}");
            let replay = Replay::parse(&text).unwrap_or_else(|e| panic!("{what}: {e:#}"));
            assert!(replay.end.is_some(), "{what}: no end record");
            assert_frames_match_states(&replay, &what);
            assert!(render_html(&replay).contains("\"finished\":true"));
        }
    }
}
