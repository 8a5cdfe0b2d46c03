//! The command line:
//! - `enclosure-arena play [--seed N] [--step-ms 1000] [--replay FILE] [--json]
//!   [--quiet-bots] BOT BOT [BOT [BOT]]`: one game;
//! - `enclosure-arena bots`: the builtin bots;
//! - `enclosure-arena replay FILE.jsonl [--html OUT.html] [--turn N|end] [--svg OUT.svg]`:
//!   the replay viewer ([`crate::viewer`]);
//! - `enclosure-arena tournament ...` and `series LINEUPS --out DIR ...`: one line-up, or
//!   every line-up of a file ([`crate::tournament`]).
//!
//! Exit status: 0 when the game was played (whatever the bots did), 2 for a
//! usage error (clap's convention), 1 when a file cannot be read or written.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::bot::BUILTIN_PREFIX;
use crate::bots::REGISTRY;
use crate::lineup::{launch, BotSpec, Launch};
use crate::referee::{play_game_observed, GameConfig, NoObserver};
use crate::replay::ReplayWriter;
use crate::seed::seat_seed;
use crate::table;

#[derive(Debug, Parser)]
#[command(
    name = "enclosure-arena",
    version,
    about = "Referee for Enclosure (NOI 2013) bots"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play one game between 2 to 4 bots and print the result.
    Play(PlayArgs),
    /// List the builtin bots (`builtin:NAME`).
    Bots,
    /// Draw a replay file: an interactive HTML page and/or an SVG of one turn.
    Replay(crate::viewer::ViewerArgs),
    /// Play N seeded games of one line-up, seats rotated, and report each bot's strength.
    Tournament(crate::tournament::TournamentArgs),
    /// Play every line-up of a file as a tournament; one report each and one table of all.
    Series(crate::tournament::SeriesArgs),
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Seed for the builtin bots (each seat gets its own stream derived from it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Time limit per answer, in milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub step_ms: u64,
    /// Write a replay (JSON Lines, format v1, see the README) to FILE.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Discard what bot processes write to stderr (by default it passes through).
    #[arg(long)]
    pub quiet_bots: bool,
    /// Keep each bot program's temporary working directory (its path is printed on stderr).
    #[arg(long)]
    pub keep_bot_dirs: bool,
    /// The memory each bot program may hold, in MiB, as a judge limits it: a bot whose peak
    /// resident set passes it after an answer dies (a crash, "memory limit exceeded").
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    pub memory_limit_mb: Option<u64>,
    /// 2 to 4 bots, seat 0 first: a shell command line (run with `sh -c`) or
    /// `builtin:NAME` (list them with `enclosure-arena bots`).
    #[arg(value_name = "BOT", required = true, num_args = 1..)]
    pub bots: Vec<String>,
}

/// Runs the command line of this process.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Play(args) => play(&args),
        Command::Bots => {
            print!("{}", list_builtins());
            ExitCode::SUCCESS
        }
        Command::Replay(args) => match crate::viewer::run(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => failure(&format!("{e:#}")),
        },
        Command::Tournament(args) => crate::tournament::main(&args),
        Command::Series(args) => crate::tournament::series_main(&args),
    }
}

/// `bots`: one line per builtin, `builtin:NAME` and what it does.
pub fn list_builtins() -> String {
    let width = REGISTRY.iter().map(|b| b.name.len()).max().unwrap_or(0) + BUILTIN_PREFIX.len();
    REGISTRY
        .iter()
        .map(|b| {
            format!(
                "{:<width$}  {}\n",
                format!("{BUILTIN_PREFIX}{}", b.name),
                b.about
            )
        })
        .collect()
}

/// `play`: prints the table or the JSON report on stdout.
pub fn play(args: &PlayArgs) -> ExitCode {
    let specs = match parse_bots(&args.bots) {
        Ok(specs) => specs,
        Err(message) => usage_error(&message),
    };
    let config = GameConfig {
        seed: args.seed,
        step_limit: Duration::from_millis(args.step_ms),
    };
    // Open the replay before starting any bot: a bad path fails fast.
    let mut replay = match &args.replay {
        None => None,
        Some(path) => match File::create(path) {
            Ok(file) => Some(ReplayWriter::new(BufWriter::new(file))),
            Err(e) => return failure(&format!("cannot create {}: {e}", path.display())),
        },
    };
    let how = Launch {
        step_limit: config.step_limit,
        bot_stderr: !args.quiet_bots,
        keep_bot_dirs: args.keep_bot_dirs,
        memory_limit_mib: args.memory_limit_mb,
    };
    let bots = specs
        .iter()
        .enumerate()
        .map(|(seat, spec)| launch(spec, seat_seed(config.seed, seat), &how))
        .collect();
    let result = match replay.as_mut() {
        Some(writer) => play_game_observed(&config, bots, writer),
        None => play_game_observed(&config, bots, &mut NoObserver),
    };
    if let (Some(writer), Some(path)) = (replay, &args.replay) {
        if let Err(e) = writer.finish() {
            return failure(&format!("cannot write {}: {e}", path.display()));
        }
    }
    let report = if args.json {
        format!("{}\n", result.to_json())
    } else {
        table::render(&result)
    };
    // Not `print!`: it panics when stdout is gone (piped into `head`, say).
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(report.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => failure(&format!("cannot print the result: {e}")),
    }
}

/// The seats' bots, checked: 2 to 4 of them, builtins known.
pub fn parse_bots(args: &[String]) -> Result<Vec<BotSpec>, String> {
    if !(2..=4).contains(&args.len()) {
        return Err(format!("a game needs 2 to 4 bots, got {}", args.len()));
    }
    args.iter().map(|arg| BotSpec::parse(arg)).collect()
}

/// Reports a usage error the way clap reports its own (usage line, exit 2).
fn usage_error(message: &str) -> ! {
    use clap::CommandFactory;
    let mut command = Cli::command();
    let play = command
        .find_subcommand_mut("play")
        .expect("play is a subcommand")
        .clone();
    play.bin_name("enclosure-arena play")
        .error(clap::error::ErrorKind::InvalidValue, message)
        .exit()
}

fn failure(message: &str) -> ExitCode {
    eprintln!("enclosure-arena: error: {message}");
    ExitCode::FAILURE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn play_takes_its_documented_options() {
        let cli = Cli::try_parse_from([
            "enclosure-arena",
            "play",
            "--seed",
            "7",
            "--step-ms",
            "200",
            "--replay",
            "r.jsonl",
            "--json",
            "builtin:idle",
            "./bot --fast",
        ])
        .unwrap();
        let Command::Play(args) = cli.command else {
            panic!("not play")
        };
        assert_eq!((args.seed, args.step_ms, args.json), (7, 200, true));
        assert_eq!(args.replay, Some(PathBuf::from("r.jsonl")));
        assert_eq!(args.bots, ["builtin:idle", "./bot --fast"]);
    }

    #[test]
    fn defaults_are_seed_0_and_one_second() {
        let cli = Cli::try_parse_from(["enclosure-arena", "play", "a", "b"]).unwrap();
        let Command::Play(args) = cli.command else {
            panic!("not play")
        };
        assert_eq!((args.seed, args.step_ms, args.json), (0, 1000, false));
    }

    #[test]
    fn every_builtin_is_listed() {
        let list = list_builtins();
        for name in crate::bots::builtin_names() {
            assert!(list.contains(&format!("builtin:{name} ")), "{list}");
        }
    }

    #[test]
    fn two_to_four_bots() {
        let bots = |n: usize| vec!["builtin:idle".to_string(); n];
        assert!(parse_bots(&bots(1)).is_err());
        assert_eq!(parse_bots(&bots(2)).unwrap().len(), 2);
        assert_eq!(parse_bots(&bots(4)).unwrap().len(), 4);
        assert!(parse_bots(&bots(5)).is_err());
        assert!(parse_bots(&["builtin:idle".into(), "builtin:zzz".into()]).is_err());
    }
}
