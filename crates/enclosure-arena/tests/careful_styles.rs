//! The careful sparring styles of issue 33 (`careful`, `raider`, `rim`): over many seeded games
//! against the other builtins and each other, none dies by its own move or answer, and each
//! gains land. Their rules (corner start, the race home, raiding, staying on the rim) are
//! tested beside their code in `src/bots/`.

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

/// The styles under test.
const CAREFUL: [&str; 3] = ["careful", "raider", "rim"];

/// One game of builtins `names`, seat `i` seeded from `seed` and `i`, with a step limit no
/// loaded machine turns into a death.
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

#[test]
fn the_careful_styles_never_kill_themselves_and_gain_land() {
    let lineups: [&[&str]; 6] = [
        &["careful", "raider", "rim", "ours"],
        &["careful", "hunter", "bold", "edge"],
        &["raider", "bold", "bold", "spiral"],
        &["rim", "hunter", "hunter", "random"],
        &["raider", "raider", "careful", "square"],
        &["rim", "rim", "greedy", "ours"],
    ];
    let mut land = [0usize; 3];
    for seed in 0..20 {
        for lineup in lineups {
            let result = play(lineup, seed);
            for seat in &result.seats {
                let Some(style) = CAREFUL
                    .iter()
                    .position(|n| seat.bot == format!("builtin:{n}"))
                else {
                    continue;
                };
                land[style] += seat.regions.iter().sum::<usize>();
                if let Some(cause) = &seat.death {
                    assert!(
                        !SELF_INFLICTED.contains(&cause.as_str()),
                        "seed {seed}, {lineup:?}: seat {} ({}) died of {cause}",
                        seat.seat,
                        seat.bot
                    );
                }
            }
        }
    }
    for (name, area) in CAREFUL.iter().zip(land) {
        assert!(area > 0, "{name} gained no land in 120 games");
    }
}
