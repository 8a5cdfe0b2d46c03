//! The builtin bots: `random` never kills itself, every builtin is
//! deterministic given the game seed, and seeds matter.

mod common;

use std::time::Duration;

use common::*;

/// Deaths a bot can only suffer by its own move or output.
const SELF_INFLICTED: [&str; 10] = [
    "illegal_output",
    "timeout",
    "crash",
    "bad_start",
    "off_board",
    "trespass",
    "pen_down_own_land",
    "backwards",
    "mud_while_still",
    "pen_down_action",
];

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|name| format!("builtin:{name}")).collect()
}

#[test]
fn random_never_kills_itself() {
    let mut deaths_by_others = 0;
    for seed in 0..150 {
        let played = play(&names(&["random"; 4]), seed, Duration::from_secs(5));
        for seat in &played.result.seats {
            if let Some(cause) = &seat.death {
                assert!(
                    !SELF_INFLICTED.contains(&cause.as_str()),
                    "seed {seed}: seat {} died of {cause}",
                    seat.seat
                );
                deaths_by_others += 1;
            }
        }
    }
    // The check above is not vacuous: random bots do kill each other.
    assert!(deaths_by_others > 0);
}

#[test]
fn random_cannot_be_killed_by_idle_players() {
    // Idle players never move, and random checks its moves against players
    // that stay put: it must survive every game against them.
    for seed in 0..100 {
        let played = play(
            &names(&["idle", "random", "idle"]),
            seed,
            Duration::from_secs(5),
        );
        assert!(played.result.seats[1].alive, "seed {seed}");
    }
}

#[test]
fn random_captures_land() {
    let captured: usize = (0..20)
        .map(|seed| {
            let played = play(&names(&["random", "idle"]), seed, Duration::from_secs(5));
            played.result.seats[0].regions.iter().sum::<usize>()
        })
        .sum();
    assert!(captured > 0);
}

#[test]
fn the_same_seed_replays_the_same_game() {
    for name in enclosure_arena::bots::builtin_names() {
        let bots = names(&[name, "random", name, "random"]);
        let a = play(&bots, 42, Duration::from_secs(5));
        let b = play(&bots, 42, Duration::from_secs(5));
        assert_eq!(a.replay, b.replay, "{name}");
        assert_eq!(a.result.seats, b.result.seats, "{name}");
    }
}

#[test]
fn different_seeds_give_different_games() {
    let bots = names(&["random"; 4]);
    let replays: Vec<_> = (0..5)
        .map(|seed| play(&bots, seed, Duration::from_secs(5)).replay)
        .collect();
    for i in 0..replays.len() {
        for j in 0..i {
            assert_ne!(replays[i], replays[j], "seeds {i} and {j}");
        }
    }
}

#[test]
fn games_in_parallel_threads_match_games_played_alone() {
    // What a tournament does: play_game on several threads at once.
    let bots = names(&["random", "idle", "random", "random"]);
    let alone: Vec<_> = (0..6)
        .map(|seed| play(&bots, seed, Duration::from_secs(5)).replay)
        .collect();
    let together: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..6)
            .map(|seed| {
                let bots = &bots;
                scope.spawn(move || play(bots, seed, Duration::from_secs(5)).replay)
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(alone, together);
}
