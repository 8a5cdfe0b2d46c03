//! [`StrategyBot`]: the protocol half every in-process bot shares. It is the submission's own
//! [`Session`], which keeps the game as the engine rebuilds it from the `[STATUS]` lines
//! (exactly what a submitted bot sees: nothing else) and asks its [`Strategy`] for a move,
//! given a name and the referee's errors.

use enclosure::bot::{Session, Strategy};
use enclosure::format_start;

use crate::bot::{Bot, BotError, BUILTIN_PREFIX};

/// A [`Bot`] made of a [`Strategy`] (see the module doc).
pub struct StrategyBot<S: Strategy> {
    name: String,
    session: Session<S>,
}

impl<S: Strategy> StrategyBot<S> {
    /// `name` is the builtin's registry name, without `builtin:`.
    pub fn new(name: &str, strategy: S) -> StrategyBot<S> {
        StrategyBot {
            name: format!("{BUILTIN_PREFIX}{name}"),
            session: Session::new(strategy),
        }
    }
}

impl<S: Strategy + Send> Bot for StrategyBot<S> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&mut self, seat: usize) -> Result<String, BotError> {
        self.session
            .respond(&format_start(seat))
            .map_err(|why| BotError::Failed(format!("unreadable start: {why}")))
    }

    /// A status the tracker cannot explain fails the bot: the submission plays on from its
    /// last state, but here the referee's own lines are the input, so it is a bug to surface.
    fn act(&mut self, status_line: &str) -> Result<String, BotError> {
        let unexplained = self.session.tracker_errors;
        let answer = self
            .session
            .respond(status_line)
            .map_err(|why| BotError::Failed(format!("unreadable status: {why}")))?;
        if self.session.tracker_errors > unexplained {
            return Err(BotError::Failed(
                "unreadable status: the tracker cannot explain it".to_string(),
            ));
        }
        Ok(answer)
    }
}
