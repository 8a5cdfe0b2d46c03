//! Tournaments: `enclosure-arena tournament --games N [--seed S] [--jobs J] [--json FILE]
//! [--markdown FILE] [--replays DIR] BOT...` plays N seeded games of one line-up and reports
//! each bot's strength.
//!
//! - Seating: game `g` seats the line-up in permutation number `g mod k!` (lexicographic order
//!   of the `k` line-up entries), so over any multiple of `k!` games every bot sits in every
//!   seat equally often, in every arrangement, and the `4 - m` tie-break favours nobody.
//! - Seeds: game `g` is seeded with `game_seed(S, g)`; its seats' builtins get
//!   `seat_seed(game seed, seat)` as in `play`. A game depends only on `S`, `g` and the
//!   line-up, never on `--jobs` or on timing, so the report (minus move times) is the same
//!   for any number of threads.
//! - Threads: `J` workers (default: all cores) take game numbers from a shared counter; the
//!   results are put back in game order before anything is summed.
//! - Aggregation (see `report`): copies of one bot in a line-up (same `BOT` text) are one bot.
//! - Reproduction: the report lists each game's seed and seating; `play --seed SEED` with the
//!   bots in that seat order replays the game exactly (for builtins, which are deterministic
//!   given their seed, as long as none times out).

mod command;
mod report;
mod series;
mod stats;

pub use command::{main, TournamentArgs};
pub use report::{BotReport, DeathEntry, GameEntry, Report};
pub use series::{main as series_main, SeriesArgs};
pub use stats::{mean_ci95, percentile};

use itertools::Itertools;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use crate::lineup::{launch, BotSpec, Launch};
use crate::referee::{play_game, play_game_observed, GameConfig};
use crate::replay::ReplayWriter;
use crate::result::GameResult;
use crate::seed::seat_seed;

/// What a tournament needs besides its line-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentConfig {
    pub games: usize,
    pub seed: u64,
    /// Worker threads (at least 1).
    pub jobs: usize,
    pub step_limit: Duration,
    /// Which games keep their replay (`None`: none).
    pub keep: Option<Keep>,
    /// Keep each bot program's temporary working directory.
    pub keep_bot_dirs: bool,
    /// The memory each bot program may hold, in MiB.
    pub memory_limit_mib: Option<u64>,
}

/// Which games of a tournament keep their replay (`--keep`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Keep {
    /// Game 0 only.
    First,
    /// Every game where some bot died by its own doing: a failure of the bot (timeout,
    /// crash, illegal output, bad start) or a move the rules forbid (off the board,
    /// trespass, ...); being enclosed, cut or run into by another player does not count.
    Deaths,
    /// Every game.
    All,
}

impl Keep {
    /// Whether game `index`, which ended with `result`, keeps its replay.
    pub fn keeps(self, index: usize, result: &GameResult) -> bool {
        match self {
            Keep::First => index == 0,
            Keep::All => true,
            Keep::Deaths => result.seats.iter().any(|seat| {
                seat.death
                    .as_deref()
                    .and_then(enclosure::DeathCause::from_name)
                    .is_some_and(own_doing)
            }),
        }
    }
}

/// A death the bot brought on itself: everything but another player's loop or interruption.
pub fn own_doing(cause: enclosure::DeathCause) -> bool {
    use enclosure::DeathCause;
    !matches!(
        cause,
        DeathCause::Enclosed | DeathCause::TrailCut | DeathCause::Collision
    )
}

/// One played game of a tournament.
#[derive(Debug, Clone)]
pub struct GameRecord {
    pub index: usize,
    pub seed: u64,
    /// `seating[seat]` = index in the line-up of the bot in that seat.
    pub seating: Vec<usize>,
    pub result: GameResult,
    /// The replay (JSON Lines, format v1) when it was asked for.
    pub replay: Option<String>,
}

/// The seed of game `game` of a tournament seeded with `seed`.
pub fn game_seed(seed: u64, game: usize) -> u64 {
    // Seat seeds are derived from game seeds the same way; use a distinct stream (seat "100").
    seat_seed(seed, 100 + game)
}

/// The seating of game `game` for a line-up of `k` bots: permutation number `game mod k!` of
/// `0..k` in lexicographic order.
pub fn seating(game: usize, k: usize) -> Vec<usize> {
    let orders: usize = (1..=k).product();
    (0..k)
        .permutations(k)
        .nth(game % orders)
        .expect("k! orders of k seats")
}

/// Plays the tournament; the records come back in game order.
pub fn run(config: &TournamentConfig, lineup: &[BotSpec]) -> Vec<GameRecord> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; config.games]);
    let how = Launch {
        step_limit: config.step_limit,
        bot_stderr: false,
        keep_bot_dirs: config.keep_bot_dirs,
        memory_limit_mib: config.memory_limit_mib,
    };
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.max(1).min(config.games.max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= config.games {
                    break;
                }
                let record = play_one(config, lineup, &how, index);
                done.lock()
                    .expect("no worker panics while holding the lock")[index] = Some(record);
            });
        }
    });
    done.into_inner()
        .expect("workers are done")
        .into_iter()
        .map(|record| record.expect("every game was played"))
        .collect()
}

fn play_one(
    config: &TournamentConfig,
    lineup: &[BotSpec],
    how: &Launch,
    index: usize,
) -> GameRecord {
    let seed = game_seed(config.seed, index);
    let seats = seating(index, lineup.len());
    let bots = seats
        .iter()
        .enumerate()
        .map(|(seat, &entry)| launch(&lineup[entry], seat_seed(seed, seat), how))
        .collect();
    let game = GameConfig {
        seed,
        step_limit: config.step_limit,
    };
    let record_replay = match config.keep {
        None => false,
        Some(Keep::First) => index == 0,
        Some(_) => true, // kept or not is known at the end
    };
    let (result, replay) = if record_replay {
        let mut writer = ReplayWriter::new(Vec::new());
        let result = play_game_observed(&game, bots, &mut writer);
        let bytes = writer.finish().expect("writing to memory cannot fail");
        let kept = config.keep.is_some_and(|keep| keep.keeps(index, &result));
        let replay = kept.then(|| String::from_utf8(bytes).expect("replays are UTF-8"));
        (result, replay)
    } else {
        (play_game(&game, bots), None)
    };
    GameRecord {
        index,
        seed,
        seating: seats,
        result,
        replay,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seatings_cycle_through_every_permutation() {
        let all: Vec<Vec<usize>> = (0..24).map(|g| seating(g, 4)).collect();
        assert_eq!(all[0], vec![0, 1, 2, 3]);
        assert_eq!(all[1], vec![0, 1, 3, 2]);
        assert_eq!(all[23], vec![3, 2, 1, 0]);
        let mut unique = all.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 24);
        assert_eq!(seating(24, 4), all[0]);
        // Every entry sits in every seat equally often.
        for seat in 0..4 {
            for entry in 0..4 {
                assert_eq!(all.iter().filter(|s| s[seat] == entry).count(), 6);
            }
        }
        assert_eq!(seating(5, 2), vec![1, 0]);
    }
}
