//! The bot side of the protocol: a [`Session`] answers each referee line, keeping the rebuilt
//! game up to date; a [`Strategy`] decides. The submission plays [`Planner`] (see `planner`
//! for the strategy).

mod bfs;
mod board;
mod closing;
mod forecast;
mod grow;
mod guard;
mod legal;
mod model;
mod planner;
mod rect;
mod think;

pub use legal::legal_or_fallback;
pub use planner::{Params, Planner};
pub use rect::capture_value;

use crate::action::Action;
use crate::geometry::Vertex;
use crate::protocol::{format_action, format_pos, parse_message, Message};
use crate::rebuild::Tracker;
use crate::state::Game;

/// A way of playing.
pub trait Strategy {
    /// The start vertex for seat `seat`.
    fn start(&mut self, seat: usize) -> Vertex;
    /// The action for this turn; `game` is the state at the start of the turn.
    fn act(&mut self, seat: usize, game: &Game) -> Action;
}

/// One bot's conversation with the referee.
pub struct Session<S: Strategy> {
    strategy: S,
    seat: usize,
    tracker: Tracker,
    /// Statuses the tracker could not explain (the bot then keeps playing on its last state).
    pub tracker_errors: usize,
}

impl<S: Strategy> Session<S> {
    pub fn new(strategy: S) -> Session<S> {
        Session {
            strategy,
            seat: 0,
            tracker: Tracker::new(),
            tracker_errors: 0,
        }
    }

    pub fn tracker(&self) -> &Tracker {
        &self.tracker
    }

    /// The answer line to one referee line (`[POS] ..` or `[ACTION] ..`, without newline).
    /// A line that is not `[START]` or a well-formed `[STATUS]` is an error.
    pub fn respond(&mut self, line: &str) -> Result<String, String> {
        match parse_message(line)? {
            Message::Start(seat) => {
                self.seat = seat;
                self.tracker = Tracker::new();
                Ok(format_pos(self.strategy.start(seat)))
            }
            Message::Status(status) => {
                if self.tracker.observe(&status).is_err() {
                    self.tracker_errors += 1;
                }
                let action = match self.tracker.game() {
                    Some(game) if self.seat < game.seats() => self.strategy.act(self.seat, game),
                    _ => Action::STAY,
                };
                Ok(format_action(action))
            }
        }
    }
}

/// Plays a whole game over line-oriented pipes: one answer line per referee line, flushed at
/// once; returns at end of input. A malformed referee line is an error.
///
/// Lines are read with `BufRead::read_line` rather than a proconio `LineSource`: a `[STATUS]`
/// line's length depends on the seat count, and `LineSource` cannot tell where a line ends
/// without blocking on the next one (which the referee sends only after our answer).
pub fn serve<S: Strategy, R: std::io::BufRead, W: std::io::Write>(
    strategy: S,
    mut input: R,
    mut output: W,
) -> Result<(), String> {
    let mut session = Session::new(strategy);
    let mut line = String::new();
    loop {
        line.clear();
        let read = input.read_line(&mut line).map_err(|e| e.to_string())?;
        if read == 0 {
            return Ok(());
        }
        if line.trim().is_empty() {
            continue;
        }
        let answer = session.respond(&line)?;
        writeln!(output, "{answer}")
            .and_then(|()| output.flush())
            .map_err(|e| e.to_string())?;
    }
}
