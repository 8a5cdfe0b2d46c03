//! The careful sparring styles (`careful`, `raider`, `rim`), which grow a loop only while they
//! could close it before any opponent reaches their trail: over many seeded games against the
//! other builtins and each other, none dies by its own move or answer, and each encloses land
//! by closing its own loops (the lone survivor's land at the end does not count). Their rules (corner start, the race home, raiding, staying on the rim) are
//! tested beside their code in `src/bots/`.

use std::time::Duration;

use enclosure::{DeathCause, Event, Game};
use enclosure_arena::bots::builtin;
use enclosure_arena::referee::{Observer, TurnLog};
use enclosure_arena::seed::seat_seed;
use enclosure_arena::{play_game_observed, GameConfig, GameResult};

/// The styles under test.
const CAREFUL: [&str; 3] = ["careful", "raider", "rim"];

/// The cells each seat captured by closing loops during the turns (not the lone survivor's
/// land at the end, which a bot gets by merely outliving the others).
#[derive(Default)]
struct Enclosed([usize; 4]);

impl Observer for Enclosed {
    fn turn_played(&mut self, turn: &TurnLog<'_>, _game: &Game) {
        for event in turn.events {
            if let Event::Capture { seat, cells, .. } = event {
                self.0[*seat] += cells.len();
            }
        }
    }
}

/// One game of builtins `names`, seat `i` seeded from `seed` and `i`, with a step limit no
/// loaded machine turns into a death; also the cells each seat enclosed during the turns.
fn play(names: &[&str], seed: u64) -> (GameResult, [usize; 4]) {
    let config = GameConfig {
        seed,
        step_limit: Duration::from_secs(20),
    };
    let bots = names
        .iter()
        .enumerate()
        .map(|(seat, name)| builtin(name, seat_seed(seed, seat)).expect("registered builtin"))
        .collect();
    let mut enclosed = Enclosed::default();
    let result = play_game_observed(&config, bots, &mut enclosed);
    (result, enclosed.0)
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
    let mut seats = [0usize; 3];
    for seed in 0..20 {
        for lineup in lineups {
            let (result, enclosed) = play(lineup, seed);
            for seat in &result.seats {
                let Some(style) = CAREFUL
                    .iter()
                    .position(|n| seat.bot == format!("builtin:{n}"))
                else {
                    continue;
                };
                seats[style] += 1;
                land[style] += enclosed[seat.seat];
                if let Some(name) = &seat.death {
                    // Only an interruption (enclosed, trail cut, collision) is someone
                    // else's doing; every other cause happens before anyone moves.
                    let cause = DeathCause::from_name(name).expect("a known death cause");
                    assert!(
                        !cause.is_before_moves(),
                        "seed {seed}, {lineup:?}: seat {} ({}) died of {cause}",
                        seat.seat,
                        seat.bot
                    );
                }
            }
        }
    }
    assert_eq!(
        seats,
        [60, 80, 80],
        "seats of careful, raider and rim in 120 games"
    );
    for (name, area) in CAREFUL.iter().zip(land) {
        assert!(area > 0, "{name} enclosed no land in 120 games");
    }
}
