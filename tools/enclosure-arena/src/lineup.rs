//! A game's line-up as written on the command line: each `BOT` argument is a [`BotSpec`]
//! (`builtin:NAME` or a shell command), and [`launch`] starts it as a [`Bot`], in process
//! (`bots`) or as a program (`process`). Kept apart from `bot`, which both kinds implement,
//! so that neither depends on the other.

use std::time::Duration;

use crate::bot::{Bot, BUILTIN_PREFIX};
use crate::bots;
use crate::process::{ProcessBot, SpawnOptions};

/// How a seat's bot is run, as written on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotSpec {
    /// `builtin:NAME`: runs in process.
    Builtin(String),
    /// Anything else: a shell command line run with `sh -c`.
    Command(String),
}

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
    /// The memory a process bot may hold, in MiB (none: no limit).
    pub memory_limit_mib: Option<u64>,
}

/// Starts the bot for one seat. A builtin gets `seed`; a process is spawned
/// (a command that cannot start at all still gives a bot, which then fails
/// its first request: the seat dies by the rules instead of aborting the game).
pub fn launch(spec: &BotSpec, seed: u64, launch: &Launch) -> Box<dyn Bot> {
    match spec {
        BotSpec::Builtin(name) => bots::builtin(name, seed)
            .unwrap_or_else(|| panic!("builtin bot '{name}' vanished from the registry")),
        BotSpec::Command(cmd) => {
            let options = SpawnOptions {
                inherit_stderr: launch.bot_stderr,
                keep_dir: launch.keep_bot_dirs,
                memory_limit_mib: launch.memory_limit_mib,
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
}
