//! A replay is enough to redraw any turn: replaying its recorded answers
//! through a fresh engine reproduces every recorded state, and each state is
//! internally consistent (cells agree with regions, scores with the formula).

mod common;

use std::time::Duration;

use common::*;
use enclosure::{parse_action, parse_pos, DeathCause, Game};
use enclosure_arena::replay::StateRecord;
use serde_json::Value;

/// The engine's input for one recorded answer.
fn recorded_answer(answer: &Value) -> Result<enclosure::Action, DeathCause> {
    match answer.get("error") {
        Some(cause) => Err(DeathCause::from_name(cause.as_str().unwrap()).expect("a known cause")),
        None => Ok(parse_action(answer["line"].as_str().unwrap()).expect("a recorded legal line")),
    }
}

/// Rebuilds the game from the replay's answers alone and compares every state.
fn assert_replay_redraws(replay: &[Value]) {
    let header = &replay[0];
    let starts: Vec<_> = header["starts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| match a.get("error") {
            Some(_) => None,
            None => Some(parse_pos(a["line"].as_str().unwrap()).unwrap()),
        })
        .collect();
    let mut game = Game::new(&starts);
    let state = |game: &Game| serde_json::to_value(StateRecord::of(game)).unwrap();
    assert_eq!(state(&game), header["initial"]);
    for turn in &replay[1..replay.len() - 1] {
        assert_eq!(turn["status"], game.status_line());
        let mut answers = vec![None; starts.len()];
        for answer in turn["actions"].as_array().unwrap() {
            answers[answer["seat"].as_u64().unwrap() as usize] = Some(recorded_answer(answer));
        }
        game.play_turn(&answers);
        assert_eq!(state(&game), turn["state"], "turn {}", turn["turn"]);
    }
    game.finish();
    assert_eq!(state(&game), replay[replay.len() - 1]["state"]);
}

/// Cells, regions, traps and scores of one STATE agree with each other.
fn assert_state_consistent(state: &Value) {
    let regions = state["regions"].as_array().unwrap();
    let mut area = vec![0u64; regions.len()];
    let cells = state["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 10);
    for row in cells {
        assert_eq!(row.as_array().unwrap().len(), 10);
        for cell in row.as_array().unwrap() {
            let id = cell.as_i64().unwrap();
            if id >= 0 {
                area[id as usize] += 1;
            }
        }
    }
    let players = state["players"].as_array().unwrap();
    let mut squares = vec![0i64; players.len()];
    for (id, region) in regions.iter().enumerate() {
        assert_eq!(region["id"], id);
        assert_eq!(region["area"], area[id], "region {id}");
        squares[region["owner"].as_u64().unwrap() as usize] += (area[id] * area[id]) as i64;
    }
    for (seat, player) in players.iter().enumerate() {
        let mud = player["mud"].as_i64().unwrap();
        let score = 10 * squares[seat] - 10 * mud + (4 - seat as i64);
        assert_eq!(state["scores"][seat], score, "seat {seat}");
        let dead = player["pen"] == "dead";
        assert_eq!(dead, player["death"].is_string());
        assert_eq!(
            player["pen"] == "down",
            !player["trail"].as_array().unwrap().is_empty()
        );
    }
    for trap in state["traps"].as_array().unwrap() {
        assert!((1..=2).contains(&trap["left"].as_u64().unwrap()));
    }
}

#[test]
fn random_games_can_be_redrawn_from_their_replays() {
    for seed in 0..40 {
        let bots = [
            "builtin:random",
            "builtin:random",
            "builtin:random",
            "builtin:random",
        ]
        .map(String::from);
        let played = play(&bots, seed, Duration::from_secs(5));
        assert_replay_complete(&played);
        assert_replay_redraws(&played.replay);
        for line in &played.replay {
            let state = line.get("initial").or_else(|| line.get("state")).unwrap();
            assert_state_consistent(state);
        }
    }
}

#[test]
fn the_end_line_holds_the_survivor_bonus() {
    // Find a seeded 2-seat game that ends with one survivor.
    let (played, survivor) = (0..200)
        .find_map(|seed| {
            let played = play(
                &["builtin:random".into(), "builtin:random".into()],
                seed,
                Duration::from_secs(5),
            );
            let alive: Vec<usize> = played
                .result
                .seats
                .iter()
                .filter(|s| s.alive)
                .map(|s| s.seat)
                .collect();
            (alive.len() == 1).then(|| (played, alive[0]))
        })
        .expect("some random game leaves one survivor");
    let end = played.replay.last().unwrap();
    let capture_cells: u64 = end["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            assert_eq!(e["kind"], "capture");
            assert_eq!(e["seat"], survivor);
            e["cells"].as_array().unwrap().len() as u64
        })
        .sum();
    let before = &played.replay[played.replay.len() - 2]["state"];
    let unowned = before["cells"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap())
        .filter(|c| c.as_i64() == Some(-1))
        .count() as u64;
    assert_eq!(capture_cells, unowned);
    assert!(end["state"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap())
        .all(|c| c.as_i64() != Some(-1)));
}

#[test]
fn mixed_games_with_misbehaving_bots_can_be_redrawn() {
    let dir = scratch("mixed");
    let bots = [
        bot_command("garbage", "", &dir.join("p0")),
        "builtin:random".to_string(),
        bot_command("crash", "", &dir.join("p2")),
        "builtin:random".to_string(),
    ];
    let played = play(&bots, 9, STEP);
    assert_replay_complete(&played);
    assert_replay_redraws(&played.replay);
}
