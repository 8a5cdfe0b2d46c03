//! Helpers shared by the referee's integration tests: misbehaving bot
//! commands, games played to an in-memory replay, and checks that a replay
//! is complete and that no bot process is left behind.
#![allow(dead_code)] // each test binary uses its own subset

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use enclosure_arena::lineup::{launch, BotSpec, Launch};
use enclosure_arena::referee::play_game_observed;
use enclosure_arena::replay::ReplayWriter;
use enclosure_arena::seed::seat_seed;
use enclosure_arena::{GameConfig, GameResult};
use serde_json::Value;

/// A step limit short enough for a fast suite, long enough for a shell
/// script on a loaded machine to answer a line.
pub const STEP: Duration = Duration::from_millis(500);

/// `tests/bots/NAME.sh`.
pub fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bots")
        .join(format!("{name}.sh"))
}

/// A fresh scratch directory for one test.
pub fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The command line running `tests/bots/NAME.sh ARGS` that first records its
/// shell's pid in `pidfile` (`exec` keeps the pid: it is the bot's group leader).
pub fn bot_command(name: &str, args: &str, pidfile: &Path) -> String {
    format!(
        "echo $$ > '{}'; exec sh '{}' {args}",
        pidfile.display(),
        script(name).display()
    )
}

/// What a test game left behind.
pub struct Played {
    pub result: GameResult,
    /// The replay, one parsed JSON value per line.
    pub replay: Vec<Value>,
    pub elapsed: Duration,
}

/// Plays one game of `bots` (`builtin:NAME` or commands) with a replay in memory.
pub fn play(bots: &[String], seed: u64, step: Duration) -> Played {
    play_within(bots, seed, step, None)
}

/// `play`, with each process bot held to `memory_limit_mib`.
pub fn play_within(
    bots: &[String],
    seed: u64,
    step: Duration,
    memory_limit_mib: Option<u64>,
) -> Played {
    let config = GameConfig {
        seed,
        step_limit: step,
    };
    let how = Launch {
        step_limit: step,
        bot_stderr: false,
        keep_bot_dirs: false,
        memory_limit_mib,
    };
    let players = bots
        .iter()
        .enumerate()
        .map(|(seat, arg)| {
            let spec = BotSpec::parse(arg).expect("valid bot");
            launch(&spec, seat_seed(seed, seat), &how)
        })
        .collect();
    let started = Instant::now();
    let mut writer = ReplayWriter::new(Vec::new());
    let result = play_game_observed(&config, players, &mut writer);
    let elapsed = started.elapsed();
    let bytes = writer.finish().expect("memory never fails");
    Played {
        result,
        replay: parse_replay(&String::from_utf8(bytes).unwrap()),
        elapsed,
    }
}

pub fn parse_replay(text: &str) -> Vec<Value> {
    assert!(text.ends_with('\n'), "the last line is terminated");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON object"))
        .collect()
}

/// Header first, one turn line per turn played (1, 2, ...), end line last,
/// agreeing with the result.
pub fn assert_replay_complete(played: &Played) {
    let replay = &played.replay;
    let turns = played.result.turns as usize;
    assert_eq!(replay.len(), turns + 2, "header + {turns} turns + end");
    assert_eq!(replay[0]["type"], "header");
    assert_eq!(replay[0]["format"], "enclosure-replay");
    assert_eq!(replay[0]["version"], 1);
    let seats = played.result.seats.len();
    assert_eq!(replay[0]["seats"].as_array().unwrap().len(), seats);
    assert_eq!(replay[0]["starts"].as_array().unwrap().len(), seats);
    for (t, line) in replay[1..=turns].iter().enumerate() {
        assert_eq!(line["type"], "turn");
        assert_eq!(line["turn"], t + 1);
        assert_eq!(line["state"]["turn"], t + 1);
        assert!(line["status"].as_str().unwrap().starts_with("[STATUS] "));
    }
    let end = &replay[turns + 1];
    assert_eq!(end["type"], "end");
    assert_eq!(end["turns"], turns);
    assert_eq!(
        end["result"],
        serde_json::to_value(&played.result.seats).unwrap()
    );
}

/// The death cause of `seat` in the result.
pub fn death(played: &Played, seat: usize) -> Option<&str> {
    played.result.seats[seat].death.as_deref()
}

/// The turn in which `seat` died (0: before turn 1), from the replay.
pub fn death_turn(played: &Played, seat: usize) -> Option<u64> {
    if played.replay[0]["initial"]["players"][seat]["death"].is_string() {
        return Some(0);
    }
    played.replay[1..played.replay.len() - 1]
        .iter()
        .find(|turn| {
            turn["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["kind"] == "death" && e["seat"] == seat)
        })
        .map(|turn| turn["turn"].as_u64().unwrap())
}

/// The answer record of `seat` in turn `turn` (or its `[START]` answer for turn 0).
pub fn answer(played: &Played, seat: usize, turn: usize) -> Value {
    let list = if turn == 0 {
        &played.replay[0]["starts"]
    } else {
        &played.replay[turn]["actions"]
    };
    list.as_array()
        .unwrap()
        .iter()
        .find(|a| a["seat"] == seat)
        .cloned()
        .unwrap_or_else(|| panic!("seat {seat} has no answer in turn {turn}"))
}

/// Every pid written (space separated) in `pidfile`.
pub fn pids(pidfile: &Path) -> Vec<u32> {
    let text =
        std::fs::read_to_string(pidfile).unwrap_or_else(|e| panic!("{}: {e}", pidfile.display()));
    text.split_whitespace()
        .map(|p| p.parse().unwrap())
        .collect()
}

/// Process `pid` of the bot whose group leader was `leader` is gone: neither
/// running nor a zombie (`/proc/PID` exists for both). A process found there
/// in another process group is a stranger that reused the number.
pub fn assert_gone(pid: u32, leader: u32) {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return;
    };
    // Fields after the parenthesised command name: state, ppid, pgrp, ...
    let after_name = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let (state, pgrp) = (fields[0], fields[2]);
    assert_ne!(
        pgrp,
        leader.to_string(),
        "process {pid} of the bot is still there (state {state}): {stat}"
    );
}

/// Every process the bot recorded in `pidfile` (leader first) is gone.
pub fn assert_all_gone(pidfile: &Path) {
    let pids = pids(pidfile);
    for &pid in &pids {
        assert_gone(pid, pids[0]);
    }
}
