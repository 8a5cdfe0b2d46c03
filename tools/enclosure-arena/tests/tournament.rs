//! The tournament runner: deterministic whatever the thread count, seats rotated through
//! every order, copies reported as one bot, the statistics, and the command line.
use std::time::Duration;

use enclosure::score::RANK_POINTS;
use enclosure_arena::tournament::{mean_ci95, run, seating, Report, TournamentConfig};
use enclosure_arena::BotSpec;

fn lineup(names: &[&str]) -> (Vec<BotSpec>, Vec<String>) {
    let specs: Vec<BotSpec> = names.iter().map(|n| BotSpec::parse(n).unwrap()).collect();
    let shown = specs.iter().map(BotSpec::display_name).collect();
    (specs, shown)
}

fn config(games: usize, jobs: usize) -> TournamentConfig {
    TournamentConfig {
        games,
        seed: 42,
        jobs,
        step_limit: Duration::from_secs(5),
        keep: None,
        keep_bot_dirs: false,
        memory_limit_mib: None,
    }
}

/// The report as JSON without the two machine-dependent fields.
fn without_timing(report: &Report) -> serde_json::Value {
    let mut value = serde_json::to_value(report).unwrap();
    for bot in value["bots"].as_array_mut().unwrap() {
        let bot = bot.as_object_mut().unwrap();
        assert!(bot.remove("move_ms_p50").is_some() && bot.remove("move_ms_p99").is_some());
    }
    value
}

#[test]
fn the_same_seed_gives_the_same_report_on_any_number_of_threads() {
    let (specs, names) = lineup(&[
        "builtin:ours",
        "builtin:greedy",
        "builtin:hunter",
        "builtin:random",
    ]);
    let one = run(&config(30, 1), &specs);
    let three = run(&config(30, 3), &specs);
    for (a, b) in one.iter().zip(&three) {
        assert_eq!((a.index, a.seed, &a.seating), (b.index, b.seed, &b.seating));
        assert_eq!(a.result.seats, b.result.seats, "game {}", a.index);
    }
    let (ra, rb) = (
        Report::new(42, &names, &one),
        Report::new(42, &names, &three),
    );
    assert_eq!(without_timing(&ra), without_timing(&rb));
    // A different seed plays different games.
    let other = run(
        &TournamentConfig {
            seed: 43,
            ..config(30, 2)
        },
        &specs,
    );
    assert_ne!(
        one.iter()
            .map(|r| r.result.seats.clone())
            .collect::<Vec<_>>(),
        other
            .iter()
            .map(|r| r.result.seats.clone())
            .collect::<Vec<_>>()
    );
}

#[test]
fn every_bot_sits_in_every_seat_equally_often() {
    let (specs, names) = lineup(&[
        "builtin:idle",
        "builtin:square",
        "builtin:edge",
        "builtin:random",
    ]);
    let records = run(&config(48, 2), &specs);
    for seat in 0..4 {
        for (entry, name) in names.iter().enumerate() {
            let here: Vec<_> = records
                .iter()
                .filter(|r| r.seating[seat] == entry)
                .collect();
            assert_eq!(here.len(), 12, "{name} in seat {seat}");
            for record in here {
                assert_eq!(&record.result.seats[seat].bot, name);
            }
        }
    }
    // Two bots: they swap seats every other game.
    assert_eq!(seating(0, 2), vec![0, 1]);
    assert_eq!(seating(1, 2), vec![1, 0]);
}

#[test]
fn copies_of_a_bot_are_one_bot_with_per_game_means() {
    let (specs, names) = lineup(&[
        "builtin:idle",
        "builtin:idle",
        "builtin:idle",
        "builtin:ours",
    ]);
    let records = run(&config(24, 2), &specs);
    let report = Report::new(42, &names, &records);
    assert_eq!(report.bots.len(), 2);
    let (idle, ours) = (&report.bots[0], &report.bots[1]);
    assert_eq!((idle.bot.as_str(), idle.copies), ("builtin:idle", 3));
    assert_eq!(ours.copies, 1);
    // Every rank's points are given out in each game, so the means add up to their sum.
    let per_game: f64 = RANK_POINTS.iter().map(|&p| f64::from(p)).sum();
    assert!((3.0 * idle.rank_points_mean + ours.rank_points_mean - per_game).abs() < 1e-9);
    assert!((3.0 * idle.win_rate + ours.win_rate - 1.0).abs() < 1e-9);
    assert!(ours.rank_points_ci95[0] <= ours.rank_points_mean);
    assert!(ours.rank_points_mean <= ours.rank_points_ci95[1]);
}

#[test]
fn confidence_interval_of_a_known_sample() {
    // Mean 5, sample standard deviation sqrt(32 / 7): half-width 1.96 * sqrt(32 / 7 / 8).
    let (mean, [lo, hi]) = mean_ci95(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
    assert_eq!(mean, 5.0);
    assert!(
        (hi - 6.4816).abs() < 1e-3 && (lo - 3.5184).abs() < 1e-3,
        "{lo} {hi}"
    );
}

#[test]
fn the_command_writes_json_markdown_and_the_first_replay() {
    let dir = std::env::temp_dir().join(format!("tournament-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (json, markdown, replays) = (dir.join("t.json"), dir.join("t.md"), dir.join("replays"));
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_enclosure-arena"))
        .args(["tournament", "--games", "4", "--jobs", "2", "--seed", "5"])
        .arg("--json")
        .arg(&json)
        .arg("--markdown")
        .arg(&markdown)
        .arg("--replays")
        .arg(&replays)
        .args(["builtin:ours", "builtin:hunter", "builtin:hunter"])
        .status()
        .unwrap();
    assert!(status.success());
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["games"], 4);
    let bots = report["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    for key in [
        "bot",
        "rank_points_mean",
        "rank_points_ci95",
        "win_rate",
        "score_mean",
        "deaths",
        "timeouts",
        "move_ms_p50",
        "move_ms_p99",
    ] {
        assert!(bots[0].get(key).is_some(), "missing {key}");
    }
    let md = std::fs::read_to_string(&markdown).unwrap();
    assert!(md.contains("| `builtin:ours` | 1 |"), "{md}");
    assert!(
        md.contains("(replays/game-0000-ours-hunter-hunter.html)"),
        "{md}"
    );
    let replay =
        std::fs::read_to_string(replays.join("game-0000-ours-hunter-hunter.jsonl")).unwrap();
    assert!(replay.starts_with("{\"type\":\"header\""));
    assert!(replay.lines().last().unwrap().contains("\"type\":\"end\""));
    assert!(replays.join("game-0000-ours-hunter-hunter.html").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_line_up_is_a_usage_error() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_enclosure-arena"))
        .args(["tournament", "--games", "2", "builtin:ours"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn game_17_of_a_tournament_replays_byte_for_byte_with_play() {
    let dir = std::env::temp_dir().join(format!("tournament-repro-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (json, replays) = (dir.join("t.json"), dir.join("replays"));
    let arena = env!("CARGO_BIN_EXE_enclosure-arena");
    let status = std::process::Command::new(arena)
        .args(["tournament", "--games", "20", "--jobs", "2", "--seed", "9"])
        .arg("--json")
        .arg(&json)
        .arg("--replays")
        .arg(&replays)
        .args(["--keep", "all"])
        .args(["builtin:random", "builtin:greedy", "builtin:hunter"])
        .status()
        .unwrap();
    assert!(status.success());
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let played = report["played"].as_array().unwrap();
    assert_eq!(played.len(), 20, "every game is listed");
    let game = &played[17];
    assert_eq!(game["game"], 17);
    let seating: Vec<&str> = game["seating"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap())
        .collect();
    // Game 17 of 3 bots is permutation 17 mod 6 = 5: the line-up reversed.
    assert_eq!(
        seating,
        ["builtin:hunter", "builtin:greedy", "builtin:random"]
    );
    let kept = replays.join("game-0017-random-greedy-hunter.jsonl");
    assert_eq!(game["replay"], kept.display().to_string());

    let again = dir.join("again.jsonl");
    let out = std::process::Command::new(arena)
        .args(["play", "--json", "--seed", &game["seed"].to_string()])
        .arg("--replay")
        .arg(&again)
        .args(&seating)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        std::fs::read(&again).unwrap(),
        std::fs::read(&kept).unwrap()
    );
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let scores: Vec<&serde_json::Value> = result["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["score"])
        .collect();
    assert_eq!(serde_json::json!(scores), game["scores"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn keep_deaths_keeps_exactly_the_games_where_a_bot_died_by_its_own_doing() {
    use enclosure_arena::result::GameResult;
    use enclosure_arena::tournament::Keep;
    let dead = |cause: &str| {
        let mut result: GameResult = enclosure_arena::play_game(
            &enclosure_arena::GameConfig::default(),
            vec![
                enclosure_arena::bots::builtin("idle", 0).unwrap(),
                enclosure_arena::bots::builtin("idle", 1).unwrap(),
            ],
        );
        result.seats[1].death = Some(cause.to_string());
        result
    };
    assert!(Keep::Deaths.keeps(5, &dead("illegal_output")));
    assert!(Keep::Deaths.keeps(5, &dead("off_board")));
    assert!(!Keep::Deaths.keeps(5, &dead("trail_cut")));
    assert!(!Keep::Deaths.keeps(5, &dead("enclosed")));
    assert!(Keep::First.keeps(0, &dead("enclosed")) && !Keep::First.keeps(1, &dead("crash")));
    assert!(Keep::All.keeps(7, &dead("collision")));
}
