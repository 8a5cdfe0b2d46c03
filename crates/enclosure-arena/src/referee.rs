//! Running one game: [`play_game`] asks the bots, lets the engine settle each
//! turn, and reports a [`GameResult`]. It never fails and never panics on a
//! bot's behalf: whatever a bot does wrong becomes its death by the rules.
//!
//! Protocol order (statement §二, rulings §8 and §10): `[START] m` to each seat
//! in turn, each answering `[POS] x y`; then every turn the same `[STATUS]` line
//! goes to each live seat in seat order, and that seat's `[ACTION]` is read
//! before the next seat is asked. Asking one seat at a time keeps each bot's
//! measured think time its own (bots do not compete for the CPU) and matches
//! the statement's transcript.
//!
//! The referee is reusable in process: tournaments call [`play_game`] from
//! several threads at once (bots are `Send`, nothing here is global).

use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use enclosure::{parse_action, parse_pos, Action, DeathCause, Event, Game};

use crate::bot::{Bot, BotError};
use crate::result::{GameResult, SeatResult, SeatTiming};

/// What a game needs besides its bots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameConfig {
    /// Drives the builtin bots (see [`crate::seed::seat_seed`]); recorded in replays.
    pub seed: u64,
    /// How long a bot may take for one answer (`[POS]` or `[ACTION]`).
    pub step_limit: Duration,
}

impl Default for GameConfig {
    /// Seed 0 and the statement's 1 second per step.
    fn default() -> GameConfig {
        GameConfig {
            seed: 0,
            step_limit: Duration::from_millis(1000),
        }
    }
}

/// One seat's answer to one request, as the replay records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub seat: usize,
    /// The line the bot printed, if it printed one.
    pub line: Option<String>,
    /// The death cause this answer earned (`timeout`, `illegal_output`, ...), if any.
    pub error: Option<DeathCause>,
    /// What exactly went wrong (`closed`, `line_too_long`, a parse message, ...).
    pub detail: Option<String>,
}

/// The start of a game, before turn 1.
pub struct Setup<'a> {
    pub config: &'a GameConfig,
    /// Each seat's bot name.
    pub names: &'a [String],
    /// Each seat's answer to `[START]`.
    pub starts: &'a [Answer],
}

/// One played turn.
pub struct TurnLog<'a> {
    /// 1-based number of the turn just played.
    pub turn: u32,
    /// The `[STATUS]` line sent at the start of the turn.
    pub status: &'a str,
    /// The answers of the seats that were alive at the start of the turn.
    pub actions: &'a [Answer],
    /// What the engine reported, in settlement order.
    pub events: &'a [Event],
}

/// Watches a game as it is played (the replay writer is one). Every method
/// gets the engine's state right after the moment it describes.
pub trait Observer {
    fn started(&mut self, _setup: &Setup<'_>, _game: &Game) {}
    fn turn_played(&mut self, _turn: &TurnLog<'_>, _game: &Game) {}
    /// `events` are those of the end of the game (the survivor's land).
    fn finished(&mut self, _events: &[Event], _game: &Game, _result: &GameResult) {}
}

/// An observer that ignores everything.
pub struct NoObserver;

impl Observer for NoObserver {}

/// Plays one game between 2 to 4 bots (seat `i` is `bots[i]`).
pub fn play_game(config: &GameConfig, bots: Vec<Box<dyn Bot>>) -> GameResult {
    play_game_observed(config, bots, &mut NoObserver)
}

/// [`play_game`], reporting each step to `observer`.
///
/// Panics when there are fewer than 2 or more than 4 bots: callers check the
/// seat count up front (the command line does).
pub fn play_game_observed(
    config: &GameConfig,
    mut bots: Vec<Box<dyn Bot>>,
    observer: &mut dyn Observer,
) -> GameResult {
    assert!(
        (2..=4).contains(&bots.len()),
        "a game has 2 to 4 seats, not {}",
        bots.len()
    );
    let names: Vec<String> = bots.iter().map(|bot| bot.name()).collect();
    let mut timing = vec![SeatTiming::default(); bots.len()];

    let mut starts = Vec::with_capacity(bots.len());
    let mut start_answers = Vec::with_capacity(bots.len());
    for (seat, bot) in bots.iter_mut().enumerate() {
        let reply = ask(bot.as_mut(), config.step_limit, &mut timing[seat], |bot| {
            bot.start(seat)
        });
        let (vertex, answer) = judge_start(seat, reply);
        if vertex.is_none() {
            bot.retire();
        }
        starts.push(vertex);
        start_answers.push(answer);
    }
    let mut game = Game::new(&starts);
    observer.started(
        &Setup {
            config,
            names: &names,
            starts: &start_answers,
        },
        &game,
    );

    while !game.is_over() {
        let status = game.status_line();
        let mut actions = vec![None; bots.len()];
        let mut answers = Vec::with_capacity(bots.len());
        for (seat, bot) in bots.iter_mut().enumerate() {
            if !game.player(seat).is_alive() {
                continue;
            }
            let reply = ask(bot.as_mut(), config.step_limit, &mut timing[seat], |bot| {
                bot.act(&status)
            });
            let (action, answer) = judge_action(seat, reply);
            actions[seat] = Some(action);
            answers.push(answer);
        }
        let events = game.play_turn(&actions);
        for event in &events {
            if let Event::Death { seat, .. } = event {
                bots[*seat].retire(); // dead players get no more input
            }
        }
        observer.turn_played(
            &TurnLog {
                turn: game.turn(),
                status: &status,
                actions: &answers,
                events: &events,
            },
            &game,
        );
    }

    let end_events = game.finish();
    for bot in &mut bots {
        bot.retire();
    }
    let result = summarise(&game, names, timing);
    observer.finished(&end_events, &game, &result);
    result
}

/// Sends one request through `request` and times it. A panicking in-process
/// bot counts as crashed; an in-process bot that answers after the limit
/// (it cannot be interrupted) is treated as if it had not answered in time.
fn ask(
    bot: &mut dyn Bot,
    limit: Duration,
    timing: &mut SeatTiming,
    request: impl FnOnce(&mut dyn Bot) -> Result<String, BotError>,
) -> Result<String, BotError> {
    let started = Instant::now();
    let reply = panic::catch_unwind(AssertUnwindSafe(|| request(&mut *bot)))
        .unwrap_or_else(|_| Err(BotError::Failed("the bot panicked".to_string())));
    let took = started.elapsed();
    let reply = match reply {
        Ok(_) if !bot.self_timed() && took > limit => Err(BotError::Timeout),
        other => other,
    };
    match &reply {
        Ok(_) => timing.answers.push(took),
        Err(BotError::Timeout) => timing.timeouts += 1,
        Err(_) => {}
    }
    reply
}

/// The start vertex a `[START]` reply asks for (`None`: the seat dies before
/// turn 1, rulings §8) and how the replay records it.
fn judge_start(
    seat: usize,
    reply: Result<String, BotError>,
) -> (Option<enclosure::Vertex>, Answer) {
    match reply {
        Ok(line) => match parse_pos(&line) {
            Ok(vertex) => (Some(vertex), answered(seat, line)),
            Err(why) => (None, rejected(seat, Some(line), DeathCause::BadStart, why)),
        },
        Err(e) => (None, failed(seat, &e)),
    }
}

/// The engine's input for one seat's `[ACTION]` reply and its replay record.
fn judge_action(
    seat: usize,
    reply: Result<String, BotError>,
) -> (Result<Action, DeathCause>, Answer) {
    match reply {
        Ok(line) => match parse_action(&line) {
            Ok(action) => (Ok(action), answered(seat, line)),
            Err(why) => (
                Err(DeathCause::IllegalOutput),
                rejected(seat, Some(line), DeathCause::IllegalOutput, why),
            ),
        },
        Err(e) => (Err(e.death_cause()), failed(seat, &e)),
    }
}

fn answered(seat: usize, line: String) -> Answer {
    Answer {
        seat,
        line: Some(line),
        error: None,
        detail: None,
    }
}

fn rejected(seat: usize, line: Option<String>, cause: DeathCause, detail: String) -> Answer {
    Answer {
        seat,
        line,
        error: Some(cause),
        detail: Some(detail),
    }
}

fn failed(seat: usize, error: &BotError) -> Answer {
    rejected(seat, None, error.death_cause(), error.to_string())
}

/// The per-seat outcome once the game is finished.
fn summarise(game: &Game, names: Vec<String>, timing: Vec<SeatTiming>) -> GameResult {
    let ranks = game.ranks();
    let seats = names
        .into_iter()
        .enumerate()
        .map(|(seat, bot)| {
            let player = &game.players()[seat];
            SeatResult {
                seat,
                bot,
                alive: player.is_alive(),
                death: player.death().map(|cause| cause.as_str().to_string()),
                regions: game.areas(seat),
                mud: player.mud_casts(),
                score: game.score(seat),
                rank: ranks[seat],
            }
        })
        .collect();
    GameResult {
        turns: game.turn(),
        seats,
        timing,
    }
}
