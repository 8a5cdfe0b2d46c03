//! Every builtin bot plays many seeded games, alone and mixed: the referee always finishes,
//! and no builtin ever dies by its own doing (crash, timeout, illegal output or an illegal
//! move); only the deaths others cause are allowed.
use std::time::Duration;

use enclosure_arena::bots::{builtin, builtin_names};
use enclosure_arena::seed::seat_seed;
use enclosure_arena::{play_game, GameConfig};

const OTHERS_FAULT: [&str; 3] = ["enclosed", "trail_cut", "collision"];

/// Builtins whose budget makes a game cost seconds of CPU (`search`: 900 playouts a turn, about
/// 10 s a game): a few self-play games here, none in the 400 mixed ones (they took 10 of the
/// CI's 21 minutes); tests/sparring.rs plays them against the others.
const SLOW: [&str; 1] = ["search"];

fn check(names: &[&str], seed: u64) {
    let config = GameConfig {
        seed,
        step_limit: Duration::from_secs(5),
    };
    let bots = names
        .iter()
        .enumerate()
        .map(|(seat, name)| builtin(name, seat_seed(seed, seat)).unwrap())
        .collect();
    let result = play_game(&config, bots);
    assert!(result.turns <= 100);
    for seat in &result.seats {
        if let Some(cause) = &seat.death {
            assert!(
                OTHERS_FAULT.contains(&cause.as_str()),
                "seed {seed}: {} in seat {} died by {cause}",
                seat.bot,
                seat.seat
            );
        }
    }
}

#[test]
fn each_builtin_against_copies_of_itself() {
    for name in builtin_names() {
        let seeds = if SLOW.contains(&name) { 3 } else { 60 };
        for seed in 0..seeds {
            check(&[name; 4], seed);
        }
    }
}

#[test]
fn mixed_line_ups() {
    let names: Vec<&str> = builtin_names()
        .into_iter()
        .filter(|name| !SLOW.contains(name))
        .collect();
    for seed in 0..400u64 {
        let pick = |k: u64| names[(seat_seed(seed, k as usize) % names.len() as u64) as usize];
        let seats = 2 + (seed % 3) as usize;
        let line_up: Vec<&str> = (0..seats as u64).map(pick).collect();
        check(&line_up, 1000 + seed);
    }
}

#[test]
fn the_registry_has_the_simple_baselines_and_ours() {
    for name in [
        "idle", "random", "square", "greedy", "edge", "hunter", "ours",
    ] {
        assert!(builtin(name, 0).is_some(), "{name}");
    }
}
