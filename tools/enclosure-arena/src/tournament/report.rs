//! Summing a tournament up per bot: the JSON report and the markdown table.
//!
//! Decisions:
//! - Copies of one bot in the line-up (the same `BOT` text, e.g. three `builtin:hunter`) are
//!   reported as ONE bot. Each game gives one observation per bot: the mean over its copies
//!   (of rank points, of "ranked first", of score). Observations of different games are
//!   independent, so the confidence interval over games is honest even with copies; for a
//!   bot with copies, `win_rate` is the chance that a given copy wins.
//! - Rank points: [`RANK_POINTS`] for ranks 1 to 4 (a 2- or 3-seat game uses the first 2 or 3).
//! - `rank_points_ci95`: normal approximation, mean ± 1.96 · s / √games (`stats::mean_ci95`).
//! - `deaths`: causes summed over every copy and game (a map from cause name to count).
//! - `timeouts`: answers that came too late, summed the same way.
//! - `move_ms_p50`, `move_ms_p99`: nearest-rank percentiles of every answer time of the bot
//!   (`[POS]` and `[ACTION]` alike), in milliseconds. They are the only fields that depend
//!   on the machine; everything else depends on the seed and the line-up alone.

use std::collections::BTreeMap;

use enclosure::score::RANK_POINTS;
use serde::Serialize;

use super::stats::{mean_ci95, percentile};
use super::GameRecord;

/// The head of the markdown table of bots: its title row and its alignment row.
pub const TABLE_HEADER: &str = "| bot | seats | rank points (95% CI) | win rate | mean score | deaths | timeouts | move ms p50 / p99 |\n|---|---:|---|---:|---:|---|---:|---:|\n";

/// The rank points as the reports name them: joined by slashes, first rank first.
pub fn rank_points_label() -> String {
    RANK_POINTS.map(|p| p.to_string()).join("/")
}

/// The whole report, as `--json` writes it.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub games: usize,
    pub seed: u64,
    /// The line-up as given (copies included).
    pub lineup: Vec<String>,
    pub ci: &'static str,
    pub bots: Vec<BotReport>,
    /// Every game in order, enough to replay it: `play --seed SEED SEATING...`.
    pub played: Vec<GameEntry>,
}

/// One game of the tournament.
#[derive(Debug, Clone, Serialize)]
pub struct GameEntry {
    pub game: usize,
    /// The game's seed, as `play --seed` takes it.
    pub seed: u64,
    /// The bot of each seat, seat 0 first: `play`'s `BOT` arguments for this game.
    pub seating: Vec<String>,
    pub scores: Vec<i64>,
    /// Every seat that died, with when and (for a bot's own failure) what it did.
    pub deaths: Vec<DeathEntry>,
    /// The replay file, when `--replays` kept this game.
    pub replay: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct DeathEntry {
    pub seat: usize,
    pub cause: String,
    pub turn: Option<u32>,
    pub detail: Option<String>,
}

impl GameEntry {
    fn new(lineup: &[String], record: &GameRecord) -> GameEntry {
        let seats = &record.result.seats;
        GameEntry {
            game: record.index,
            seed: record.seed,
            seating: record.seating.iter().map(|&i| lineup[i].clone()).collect(),
            scores: seats.iter().map(|s| s.score).collect(),
            deaths: seats
                .iter()
                .filter_map(|s| {
                    Some(DeathEntry {
                        seat: s.seat,
                        cause: s.death.clone()?,
                        turn: s.death_turn,
                        detail: s.detail.clone(),
                    })
                })
                .collect(),
            replay: None,
        }
    }
}

/// One bot's line.
#[derive(Debug, Clone, Serialize)]
pub struct BotReport {
    pub bot: String,
    /// How many seats of each game this bot holds.
    pub copies: usize,
    pub rank_points_mean: f64,
    pub rank_points_ci95: [f64; 2],
    pub win_rate: f64,
    pub score_mean: f64,
    pub deaths: BTreeMap<String, u64>,
    pub timeouts: u64,
    pub move_ms_p50: f64,
    pub move_ms_p99: f64,
}

impl Report {
    /// Sums up `records` (one per game, any order) of the line-up `lineup`.
    pub fn new(seed: u64, lineup: &[String], records: &[GameRecord]) -> Report {
        let mut names: Vec<&String> = Vec::new();
        for name in lineup {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        let bots = names
            .iter()
            .map(|name| summarise(name, lineup, records))
            .collect();
        Report {
            games: records.len(),
            seed,
            lineup: lineup.to_vec(),
            ci: "normal approximation over games: mean +- 1.96 s / sqrt(games)",
            bots,
            played: records
                .iter()
                .map(|record| GameEntry::new(lineup, record))
                .collect(),
        }
    }

    /// One markdown table row per bot, each ending with a newline (the columns of
    /// `TABLE_HEADER`).
    pub fn rows(&self) -> Vec<String> {
        self.bots
            .iter()
            .map(|bot| {
                let deaths = if bot.deaths.is_empty() {
                    "-".to_string()
                } else {
                    bot.deaths
                        .iter()
                        .map(|(cause, n)| format!("{cause} {n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                format!(
                    "| `{}` | {} | {:.2} ({:.2} – {:.2}) | {:.1}% | {:.0} | {} | {} | {:.2} / {:.2} |\n",
                    bot.bot,
                    bot.copies,
                    bot.rank_points_mean,
                    bot.rank_points_ci95[0],
                    bot.rank_points_ci95[1],
                    100.0 * bot.win_rate,
                    bot.score_mean,
                    deaths,
                    bot.timeouts,
                    bot.move_ms_p50,
                    bot.move_ms_p99
                )
            })
            .collect()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always serialises")
    }

    /// A short markdown section: a heading, one line of method, the table, the replay link.
    pub fn to_markdown(&self, replay_link: Option<&str>) -> String {
        let mut out = format!(
            "## {}\n\n{} games, seed {}, seats rotated through every order of the line-up. \
             Rank points {}; 95% CI by the normal approximation over games. \
             Copies of one bot count as one bot (mean over its seats per game).\n\n",
            self.lineup.join(" vs "),
            self.games,
            self.seed,
            rank_points_label()
        );
        out.push_str(TABLE_HEADER);
        for row in self.rows() {
            out.push_str(&row);
        }
        if let Some(link) = replay_link {
            out.push_str(&format!(
                "\nReplay of the first kept game: [{link}]({link})\n"
            ));
        }
        out
    }
}

fn summarise(name: &str, lineup: &[String], records: &[GameRecord]) -> BotReport {
    let copies = lineup.iter().filter(|entry| *entry == name).count();
    let mut points = Vec::with_capacity(records.len());
    let mut wins = Vec::with_capacity(records.len());
    let mut scores = Vec::with_capacity(records.len());
    let mut deaths: BTreeMap<String, u64> = BTreeMap::new();
    let mut timeouts = 0u64;
    let mut times = Vec::new();
    for record in records {
        let seats: Vec<usize> = (0..record.seating.len())
            .filter(|&seat| lineup[record.seating[seat]] == name)
            .collect();
        let n = seats.len() as f64;
        let mut p = 0.0;
        let mut w = 0.0;
        let mut s = 0.0;
        for &seat in &seats {
            let outcome = &record.result.seats[seat];
            p += RANK_POINTS
                .get(outcome.rank - 1)
                .map_or(0.0, |&p| f64::from(p));
            w += if outcome.rank == 1 { 1.0 } else { 0.0 };
            s += outcome.score as f64;
            if let Some(cause) = &outcome.death {
                *deaths.entry(cause.clone()).or_default() += 1;
            }
            let timing = &record.result.timing[seat];
            timeouts += u64::from(timing.timeouts);
            times.extend(timing.answers.iter().map(|d| d.as_secs_f64() * 1000.0));
        }
        points.push(p / n);
        wins.push(w / n);
        scores.push(s / n);
    }
    let (rank_points_mean, rank_points_ci95) = mean_ci95(&points);
    BotReport {
        bot: name.to_string(),
        copies,
        rank_points_mean,
        rank_points_ci95,
        win_rate: mean_ci95(&wins).0,
        score_mean: mean_ci95(&scores).0,
        deaths,
        timeouts,
        move_ms_p50: percentile(&times, 50.0),
        move_ms_p99: percentile(&times, 99.0),
    }
}
