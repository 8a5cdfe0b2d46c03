//! [`StrategyBot`]: the protocol half every in-process bot shares. It keeps
//! the game as the engine rebuilds it from the `[STATUS]` lines (exactly what
//! a submitted bot sees: nothing else), asks its [`Strategy`] for a move, and
//! answers with protocol strings.

use enclosure::{format_action, format_pos, Action, Game, Tracker, Vertex};

use crate::bot::{Bot, BotError, BUILTIN_PREFIX};

/// The decisions of an in-process bot.
pub trait Strategy: Send {
    /// Where to be born (`[POS]`), knowing only the seat.
    fn start(&mut self, seat: usize) -> Vertex;
    /// This turn's action, given the game rebuilt from every `[STATUS]` so far.
    fn act(&mut self, seat: usize, game: &Game) -> Action;
}

/// A [`Bot`] made of a [`Strategy`] (see the module doc).
pub struct StrategyBot<S> {
    name: String,
    seat: usize,
    tracker: Tracker,
    strategy: S,
}

impl<S: Strategy> StrategyBot<S> {
    /// `name` is the builtin's registry name, without `builtin:`.
    pub fn new(name: &str, strategy: S) -> StrategyBot<S> {
        StrategyBot {
            name: format!("{BUILTIN_PREFIX}{name}"),
            seat: 0,
            tracker: Tracker::new(),
            strategy,
        }
    }
}

impl<S: Strategy> Bot for StrategyBot<S> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&mut self, seat: usize) -> Result<String, BotError> {
        self.seat = seat;
        Ok(format_pos(self.strategy.start(seat)))
    }

    fn act(&mut self, status_line: &str) -> Result<String, BotError> {
        let game = self
            .tracker
            .observe_line(status_line)
            .map_err(|why| BotError::Failed(format!("unreadable status: {why}")))?;
        let action = self.strategy.act(self.seat, game);
        Ok(format_action(action))
    }
}
