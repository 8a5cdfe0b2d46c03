//! The Enclosure (NOI 2013, 圈地为王) referee: runs 2 to 4 bots, as programs
//! or in process, by the statement's protocol and this project's rulings
//! (`crates/enclosure/RULES.md`), and reports results and replays.
//!
//! - [`bot`]: the [`Bot`] trait every player implements, and its errors.
//! - [`lineup`]: how a command-line `BOT` (`builtin:NAME` or a shell command)
//!   becomes one.
//! - [`process`]: bots that are programs: pipes, deadlines, kill and reap.
//! - [`bots`]: the in-process builtins and their registry.
//! - [`referee`]: [`play_game`], one game from start to result.
//! - [`result`], [`table`]: the outcome, as JSON or as a table.
//! - [`replay`]: the replay writer (format v1, see the README).
//! - [`viewer`]: draws replays as an HTML player or SVG pictures.
//! - [`tournament`]: many seeded games of one line-up in parallel, and the report.
//! - [`cli`]: the `enclosure-arena` command line.
//!
//! The rules themselves live in the `enclosure` crate (the engine the bot is
//! built from too): the referee never decides a rule on its own, it only
//! turns bot failures into the rules' death causes. Decisions made here:
//! - A failure to answer `[START]` (timeout, crash, garbage) makes the seat
//!   dead before turn 1 with the engine's `bad_start`; the replay header's
//!   `starts` says what exactly happened.
//! - Lines end at `\n`; a `\r` before it is dropped. A line longer than 4 KiB
//!   is illegal output, cut off without reading further.
//! - A line printed when none was asked for (a second answer) is illegal
//!   output: one line per request.
//! - In-process bots cannot be interrupted: one that answers after the step
//!   limit is treated as timed out (the same rule, measured the same way).
//! - Seats are asked one after another, each with its own full step limit.

pub mod bot;
pub mod bots;
pub mod cli;
pub mod lineup;
pub mod process;
pub mod referee;
pub mod replay;
pub mod result;
pub mod seed;
pub mod table;
pub mod tournament;
pub mod viewer;

pub use bot::{Bot, BotError};
pub use lineup::BotSpec;
pub use referee::{play_game, play_game_observed, GameConfig};
pub use result::{GameResult, SeatResult};
