//! The sparring partners built to test ours (`bold`, `spiral`, `search`) and the opportunists
//! that go for any open trail within reach (`opportunist`, `opportunist2`): they never die by
//! their own move or answer, a seed fixes the game, bold really closes squares, the
//! opportunists still draw loops of their own, and search beats a weak bot. A few games each,
//! so the suite stays fast; the strength figures come from `make tournament`.

use std::time::Duration;

use enclosure_arena::bots::builtin;
use enclosure_arena::seed::seat_seed;
use enclosure_arena::{play_game, GameConfig, GameResult};

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

/// The builtins these tests are about.
const SPARRING: [&str; 5] = ["bold", "spiral", "search", "opportunist", "opportunist2"];

/// Plays one game of builtins `names`, seat `i` seeded from `seed` and `i`. The step limit is
/// generous: a loaded CI machine must not turn a slow answer into a death.
fn play(names: &[&str], seed: u64) -> GameResult {
    let config = GameConfig {
        seed,
        step_limit: Duration::from_secs(20),
    };
    let bots = names
        .iter()
        .enumerate()
        .map(|(seat, name)| builtin(name, seat_seed(seed, seat)).expect("registered builtin"))
        .collect();
    play_game(&config, bots)
}

/// Fails when a sparring bot of `result` died by its own doing.
fn assert_no_self_inflicted_death(result: &GameResult, seed: u64) {
    for seat in &result.seats {
        let Some(cause) = &seat.death else { continue };
        let sparring = SPARRING.iter().any(|n| seat.bot == format!("builtin:{n}"));
        assert!(
            !sparring || !SELF_INFLICTED.contains(&cause.as_str()),
            "seed {seed}: seat {} ({}) died of {cause}",
            seat.seat,
            seat.bot
        );
    }
}

#[test]
fn bold_and_spiral_never_kill_themselves() {
    assert_no_self_inflicted_deaths(&[
        &["bold", "spiral", "hunter", "edge"],
        &["bold", "bold", "bold", "spiral"],
        &["spiral", "spiral", "random", "square"],
        &["ours", "bold", "spiral", "greedy"],
    ]);
}

#[test]
fn opportunists_never_kill_themselves() {
    assert_no_self_inflicted_deaths(&[
        &["opportunist", "bold", "spiral", "hunter"],
        &["opportunist2", "opportunist", "bold", "raider"],
        &["ours", "opportunist2"],
        &["opportunist", "ours"],
    ]);
}

/// Plays each line-up with seeds 0 to 11: no seat ever dies by its own move, and some seats
/// do die (so the check is not vacuous: these bots get killed, only never by their doing).
fn assert_no_self_inflicted_deaths(lineups: &[&[&str]]) {
    let mut deaths_by_others = 0;
    for seed in 0..12 {
        for &lineup in lineups {
            let result = play(lineup, seed);
            assert_no_self_inflicted_death(&result, seed);
            deaths_by_others += result.seats.iter().filter(|s| !s.alive).count();
        }
    }
    assert!(deaths_by_others > 0);
}

#[test]
fn opportunists_draw_loops_of_their_own() {
    for name in ["opportunist", "opportunist2"] {
        let result = play(&[name, "idle"], 3);
        let seat = &result.seats[0];
        assert!(seat.regions.iter().any(|&area| area >= 9), "{seat:?}");
    }
}

#[test]
fn search_never_kills_itself() {
    let lineups: [&[&str]; 2] = [
        &["search", "bold", "spiral", "hunter"],
        &["ours", "search", "search", "edge"],
    ];
    for seed in 0..3 {
        for lineup in lineups {
            assert_no_self_inflicted_death(&play(lineup, seed), seed);
        }
    }
}

#[test]
fn a_seed_fixes_the_game() {
    let lineup = ["search", "bold", "spiral", "hunter"];
    let first = play(&lineup, 11);
    let again = play(&lineup, 11);
    assert_eq!((first.turns, &first.seats), (again.turns, &again.seats));
    // And the seed matters.
    let other = (12..16)
        .map(|seed| play(&lineup, seed))
        .any(|r| r.seats != first.seats);
    assert!(other, "four other seeds all played the same game");
}

#[test]
fn bold_closes_big_squares() {
    for seed in 0..6 {
        let result = play(&["bold", "idle", "idle", "idle"], seed);
        let bold = &result.seats[0];
        assert!(bold.alive, "seed {seed}: {bold:?}");
        assert!(
            bold.regions.iter().any(|&area| area >= 9),
            "seed {seed}: bold closed no 3 x 3 square: {bold:?}"
        );
    }
    // Among moving opponents it has no safety margin and often dies early (that is its
    // style), but it still closes squares.
    let lands: Vec<Vec<usize>> = (0..8)
        .map(|seed| {
            play(&["bold", "hunter", "edge", "square"], seed).seats[0]
                .regions
                .clone()
        })
        .collect();
    let with_land = lands.iter().filter(|regions| !regions.is_empty()).count();
    assert!(with_land >= 3, "bold got land in {with_land} of 8 games");
    assert!(lands.iter().flatten().any(|&area| area >= 9), "{lands:?}");
}

#[test]
fn spiral_closes_loops() {
    let result = play(&["spiral", "idle"], 3);
    let spiral = &result.seats[0];
    assert!(spiral.regions.iter().any(|&area| area >= 9), "{spiral:?}");
}

#[test]
fn search_beats_a_weak_bot() {
    let mut firsts = 0;
    for seed in 0..4 {
        let result = play(&["search", "random", "random", "random"], seed);
        if result.seats[0].rank == 1 {
            firsts += 1;
        }
    }
    assert!(firsts >= 3, "search ranked first in {firsts} of 4 games");
}
