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
use crate::result::{short_detail, GameResult, SeatResult, SeatTiming};

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
    let mut deaths = vec![DeathNote::default(); bots.len()];

    let mut starts = Vec::with_capacity(bots.len());
    let mut start_answers = Vec::with_capacity(bots.len());
    for (seat, bot) in bots.iter_mut().enumerate() {
        let reply = ask(bot.as_mut(), config.step_limit, &mut timing[seat], |bot| {
            bot.start(seat)
        });
        let (vertex, answer) = judge_start(seat, reply);
        if vertex.is_none() {
            bot.retire();
            deaths[seat] = DeathNote::of(0, &answer);
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
                let answer = answers.iter().find(|a| a.seat == *seat);
                deaths[*seat] = answer.map_or(DeathNote::at(game.turn()), |answer| {
                    DeathNote::of(game.turn(), answer)
                });
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
    let result = summarise(&game, names, timing, deaths);
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

/// When a seat died and, if the bot itself failed, what its answer was.
#[derive(Debug, Clone, Default)]
struct DeathNote {
    turn: Option<u32>,
    detail: Option<String>,
}

impl DeathNote {
    fn at(turn: u32) -> DeathNote {
        DeathNote {
            turn: Some(turn),
            detail: None,
        }
    }

    /// A death in `turn` after `answer`: its detail when the answer itself killed (a rule
    /// death after a well-formed answer has none).
    fn of(turn: u32, answer: &Answer) -> DeathNote {
        DeathNote {
            turn: Some(turn),
            detail: answer.detail.as_deref().map(short_detail),
        }
    }
}

/// The per-seat outcome once the game is finished.
fn summarise(
    game: &Game,
    names: Vec<String>,
    timing: Vec<SeatTiming>,
    deaths: Vec<DeathNote>,
) -> GameResult {
    let ranks = game.ranks();
    let seats = names
        .into_iter()
        .enumerate()
        .zip(deaths)
        .map(|((seat, bot), note)| {
            let player = &game.players()[seat];
            let dead = !player.is_alive();
            SeatResult {
                seat,
                bot,
                alive: !dead,
                death: player.death().map(|cause| cause.as_str().to_string()),
                death_turn: note.turn.filter(|_| dead),
                detail: note.detail.filter(|_| dead),
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// An in-process bot with canned answers; counts requests and retirements.
    struct Canned {
        start: Result<String, BotError>,
        /// Answer to each turn, in order; `s 0` once they run out.
        turns: Vec<Result<String, BotError>>,
        delay: Duration,
        panic_at_turn: Option<usize>,
        asked: Arc<AtomicUsize>,
        retired: Arc<AtomicUsize>,
    }

    impl Canned {
        fn new(start: &str) -> Canned {
            Canned {
                start: Ok(start.to_string()),
                turns: Vec::new(),
                delay: Duration::ZERO,
                panic_at_turn: None,
                asked: Arc::new(AtomicUsize::new(0)),
                retired: Arc::new(AtomicUsize::new(0)),
            }
        }
        fn turns(mut self, lines: &[&str]) -> Canned {
            self.turns = lines.iter().map(|l| Ok(l.to_string())).collect();
            self
        }
    }

    impl Bot for Canned {
        fn name(&self) -> String {
            "canned".into()
        }
        fn start(&mut self, _seat: usize) -> Result<String, BotError> {
            std::thread::sleep(self.delay);
            self.start.clone()
        }
        fn act(&mut self, status: &str) -> Result<String, BotError> {
            assert!(status.starts_with("[STATUS] "));
            let turn = self.asked.fetch_add(1, Ordering::SeqCst);
            if self.panic_at_turn == Some(turn) {
                panic!("canned bot gives up");
            }
            self.turns
                .get(turn)
                .cloned()
                .unwrap_or_else(|| Ok("[ACTION] s 0".into()))
        }
        fn retire(&mut self) {
            self.retired.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn config(step_ms: u64) -> GameConfig {
        GameConfig {
            seed: 0,
            step_limit: Duration::from_millis(step_ms),
        }
    }

    #[derive(Default)]
    struct Recorder {
        starts: Vec<Answer>,
        turns: Vec<(u32, Vec<Answer>, Vec<Event>)>,
        finished: usize,
    }

    impl Observer for Recorder {
        fn started(&mut self, setup: &Setup<'_>, game: &Game) {
            assert_eq!(game.turn(), 0);
            self.starts = setup.starts.to_vec();
        }
        fn turn_played(&mut self, turn: &TurnLog<'_>, game: &Game) {
            assert_eq!(turn.turn, game.turn());
            self.turns
                .push((turn.turn, turn.actions.to_vec(), turn.events.to_vec()));
        }
        fn finished(&mut self, _events: &[Event], game: &Game, result: &GameResult) {
            assert!(game.is_over());
            assert_eq!(result.turns, game.turn());
            self.finished += 1;
        }
    }

    #[test]
    fn a_dead_seat_is_retired_at_once_and_never_asked_again() {
        let walker = Canned::new("[POS] 0 0").turns(&["[ACTION] l 0"]); // off the board
        let (asked, retired) = (Arc::clone(&walker.asked), Arc::clone(&walker.retired));
        let bots: Vec<Box<dyn Bot>> = vec![
            Box::new(walker),
            Box::new(Canned::new("[POS] 5 5")),
            Box::new(Canned::new("[POS] 9 9")),
        ];
        let mut recorder = Recorder::default();
        let result = play_game_observed(&config(1000), bots, &mut recorder);
        assert_eq!(result.seats[0].death.as_deref(), Some("off_board"));
        assert_eq!(asked.load(Ordering::SeqCst), 1);
        assert!(retired.load(Ordering::SeqCst) >= 1);
        // Turn 2 on: only seats 1 and 2 answer.
        let seats: Vec<usize> = recorder.turns[1].1.iter().map(|a| a.seat).collect();
        assert_eq!(seats, [1, 2]);
        assert_eq!(recorder.finished, 1);
        assert_eq!(result.turns, enclosure::MAX_TURNS);
    }

    #[test]
    fn a_panicking_builtin_crashes_its_seat_not_the_referee() {
        let mut fragile = Canned::new("[POS] 1 1");
        fragile.panic_at_turn = Some(2);
        let bots: Vec<Box<dyn Bot>> = vec![Box::new(fragile), Box::new(Canned::new("[POS] 2 2"))];
        let mut recorder = Recorder::default();
        let result = play_game_observed(&config(1000), bots, &mut recorder);
        assert_eq!(result.seats[0].death.as_deref(), Some("crash"));
        assert_eq!(recorder.turns.len(), 3, "over once one player is left");
        let answer = &recorder.turns[2].1[0];
        assert_eq!(answer.error, Some(DeathCause::Crash));
        assert_eq!(answer.line, None);
    }

    #[test]
    fn a_slow_builtin_times_out_though_it_answered() {
        let mut slow = Canned::new("[POS] 1 1");
        slow.delay = Duration::from_millis(30);
        let bots: Vec<Box<dyn Bot>> = vec![Box::new(slow), Box::new(Canned::new("[POS] 2 2"))];
        let mut recorder = Recorder::default();
        let result = play_game_observed(&config(10), bots, &mut recorder);
        assert_eq!(result.seats[0].death.as_deref(), Some("bad_start"));
        assert_eq!(recorder.starts[0].error, Some(DeathCause::Timeout));
        assert_eq!(result.timing[0].timeouts, 1);
        assert_eq!(result.timing[0].answers.len(), 0);
    }

    #[test]
    fn answers_are_judged_by_the_engine_parsers() {
        let (_, ok) = judge_action(0, Ok("[ACTION] r 0".into()));
        assert_eq!((ok.error, ok.detail), (None, None));
        for bad in [
            "[ACTION] 1 0",
            "[ACTION] r 2",
            "[ACTION] r 0 x",
            "ACTION r 0",
            "",
        ] {
            let (action, answer) = judge_action(3, Ok(bad.into()));
            assert_eq!(action, Err(DeathCause::IllegalOutput), "{bad:?}");
            assert_eq!(answer.line.as_deref(), Some(bad));
            assert!(answer.detail.is_some());
        }
        let (action, answer) = judge_action(1, Err(BotError::Timeout));
        assert_eq!(action, Err(DeathCause::Timeout));
        assert_eq!(answer.line, None);

        assert!(judge_start(0, Ok("[POS] 10 0".into())).0.is_some());
        let (vertex, answer) = judge_start(0, Ok("[POS] 11 0".into()));
        assert_eq!((vertex, answer.error), (None, Some(DeathCause::BadStart)));
        let (vertex, answer) = judge_start(0, Err(BotError::Closed));
        assert_eq!((vertex, answer.error), (None, Some(DeathCause::Crash)));
    }

    #[test]
    #[should_panic(expected = "2 to 4 seats")]
    fn a_game_needs_two_seats() {
        play_game(&config(100), vec![Box::new(Canned::new("[POS] 1 1"))]);
    }
}
