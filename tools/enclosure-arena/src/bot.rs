//! What the referee needs from a player: the [`Bot`] trait and its errors. Both kinds of bot
//! (`process`, `bots`) implement it; `lineup` turns command-line arguments into them.

use std::fmt;

/// One seat's player as the referee sees it: it answers protocol lines with
/// protocol lines. Process bots and in-process builtins speak the very same
/// strings, so they are interchangeable and measured the same way.
pub trait Bot: Send {
    /// The name shown in results and replays (`builtin:random`, or the command line).
    fn name(&self) -> String;

    /// Receives `[START] seat`; answers the `[POS] x y` line.
    fn start(&mut self, seat: usize) -> Result<String, BotError>;

    /// Receives one `[STATUS] ...` line; answers the `[ACTION] d a` line.
    fn act(&mut self, status_line: &str) -> Result<String, BotError>;

    /// True when `start`/`act` enforce the step time limit themselves (a
    /// process is cut off at the deadline). In-process bots cannot be
    /// interrupted, so the referee times them and turns a late answer into
    /// [`BotError::Timeout`].
    fn self_timed(&self) -> bool {
        false
    }

    /// The seat is dead or the game is over: no more input will come. A
    /// process bot is killed and reaped here; calling it twice is harmless.
    fn retire(&mut self) {}
}

/// Why a bot gave no usable line. Each maps to a death cause of the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotError {
    /// No complete line before the step deadline.
    Timeout,
    /// The bot's output ended (it exited, crashed or closed stdout).
    Closed,
    /// A line longer than the referee accepts (see `process::MAX_LINE_BYTES`).
    LineTooLong,
    /// Bytes that are not UTF-8: certainly not a protocol line.
    NotUtf8,
    /// A line arrived when none was asked for (two answers to one request).
    Unsolicited,
    /// Anything else (spawn failure, an in-process bot's internal error).
    Failed(String),
}

impl BotError {
    /// The rules' death cause for this failure.
    pub fn death_cause(&self) -> enclosure::DeathCause {
        use enclosure::DeathCause;
        match self {
            BotError::Timeout => DeathCause::Timeout,
            BotError::Closed | BotError::Failed(_) => DeathCause::Crash,
            BotError::LineTooLong | BotError::NotUtf8 | BotError::Unsolicited => {
                DeathCause::IllegalOutput
            }
        }
    }

    /// A short stable name, used for the replay's `"error"` field.
    pub fn as_str(&self) -> &'static str {
        match self {
            BotError::Timeout => "timeout",
            BotError::Closed => "closed",
            BotError::LineTooLong => "line_too_long",
            BotError::NotUtf8 => "not_utf8",
            BotError::Unsolicited => "unsolicited",
            BotError::Failed(_) => "failed",
        }
    }
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Failed(why) => write!(f, "failed: {why}"),
            other => f.write_str(other.as_str()),
        }
    }
}

impl std::error::Error for BotError {}

/// Prefix that selects an in-process bot.
pub const BUILTIN_PREFIX: &str = "builtin:";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_failure_kills_with_the_matching_cause() {
        use enclosure::DeathCause;
        assert_eq!(BotError::Timeout.death_cause(), DeathCause::Timeout);
        assert_eq!(BotError::Closed.death_cause(), DeathCause::Crash);
        assert_eq!(
            BotError::LineTooLong.death_cause(),
            DeathCause::IllegalOutput
        );
        assert_eq!(BotError::NotUtf8.death_cause(), DeathCause::IllegalOutput);
        assert_eq!(
            BotError::Unsolicited.death_cause(),
            DeathCause::IllegalOutput
        );
    }
}
