//! What the referee needs from a player: the [`Bot`] trait, its errors, and
//! how a command-line `BOT` argument becomes a bot.

use std::fmt;
use std::time::Duration;

use crate::bots;
use crate::process::ProcessBot;

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

/// How a seat's bot is run, as written on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotSpec {
    /// `builtin:NAME`: runs in process.
    Builtin(String),
    /// Anything else: a shell command line run with `sh -c`.
    Command(String),
}

/// Prefix that selects an in-process bot.
pub const BUILTIN_PREFIX: &str = "builtin:";

impl BotSpec {
    /// Reads a `BOT` argument. Fails on an unknown builtin name or an empty command.
    pub fn parse(arg: &str) -> Result<BotSpec, String> {
        if let Some(name) = arg.strip_prefix(BUILTIN_PREFIX) {
            if bots::is_builtin(name) {
                Ok(BotSpec::Builtin(name.to_string()))
            } else {
                Err(format!(
                    "unknown builtin bot '{name}' (known: {})",
                    bots::builtin_names().join(", ")
                ))
            }
        } else if arg.trim().is_empty() {
            Err("empty bot command".to_string())
        } else {
            Ok(BotSpec::Command(arg.to_string()))
        }
    }

    /// The name results and replays show for this seat.
    pub fn display_name(&self) -> String {
        match self {
            BotSpec::Builtin(name) => format!("{BUILTIN_PREFIX}{name}"),
            BotSpec::Command(cmd) => cmd.clone(),
        }
    }
}

/// Everything needed to start the bots of one game.
#[derive(Debug, Clone)]
pub struct Launch {
    /// Per-step time limit handed to process bots.
    pub step_limit: Duration,
    /// Let process bots write to the referee's stderr (else it is discarded).
    pub bot_stderr: bool,
    /// Keep each process bot's temporary working directory after the game.
    pub keep_bot_dirs: bool,
}

/// Starts the bot for one seat. A builtin gets `seed`; a process is spawned
/// (a command that cannot start at all still gives a bot, which then fails
/// its first request: the seat dies by the rules instead of aborting the game).
pub fn launch(spec: &BotSpec, seed: u64, launch: &Launch) -> Box<dyn Bot> {
    match spec {
        BotSpec::Builtin(name) => bots::builtin(name, seed)
            .unwrap_or_else(|| panic!("builtin bot '{name}' vanished from the registry")),
        BotSpec::Command(cmd) => {
            let options = crate::process::SpawnOptions {
                inherit_stderr: launch.bot_stderr,
                keep_dir: launch.keep_bot_dirs,
            };
            Box::new(ProcessBot::spawn(cmd, launch.step_limit, &options))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_specs_must_name_a_registered_bot() {
        assert_eq!(
            BotSpec::parse("builtin:idle"),
            Ok(BotSpec::Builtin("idle".into()))
        );
        assert!(BotSpec::parse("builtin:nope").unwrap_err().contains("idle"));
        assert!(BotSpec::parse("  ").is_err());
    }

    #[test]
    fn anything_else_is_a_shell_command() {
        let spec = BotSpec::parse("./bot --fast").unwrap();
        assert_eq!(spec, BotSpec::Command("./bot --fast".into()));
        assert_eq!(spec.display_name(), "./bot --fast");
        assert_eq!(
            BotSpec::Builtin("random".into()).display_name(),
            "builtin:random"
        );
    }

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
