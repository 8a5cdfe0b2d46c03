//! Enclosure (NOI 2013 team contest, 圈地为王): the rules engine, the protocol, the
//! rebuilding of the game from `[STATUS]` lines, and the bot.
//!
//! TODO(doc): full crate documentation (model, algorithm, interpretations).

pub mod action;
pub mod bot;
pub mod capture;
pub mod event;
pub mod geometry;
pub mod protocol;
pub mod rebuild;
pub mod score;
pub mod state;
pub mod turn;

pub use action::{Action, DeathCause, PenFlag};
pub use event::Event;
pub use geometry::{Dir, Vertex, CELLS, SIDE};
pub use protocol::{
    format_action, format_pos, format_start, format_status, parse_action, parse_message, parse_pos,
    parse_start, parse_status, Message, SeatStatus, Stat, Status,
};
pub use rebuild::Tracker;
pub use state::{Game, Player, Region, MAX_TURNS};
pub use turn::{mud_traps, Answer};

/// Replays a whole transcript of referee lines (`[START]`, `[STATUS]`) through the placeholder
/// bot and returns its answers, one line each. Lines are recovered from the token stream: a
/// message runs until the next `[...]` tag or the end of input.
pub fn run<R: std::io::BufRead, S: proconio::source::Source<R>>(source: &mut S) -> String {
    let mut session = bot::Session::new(bot::Idle);
    let mut out = String::new();
    let mut pending_tag: Option<String> = None;
    loop {
        let tag = match pending_tag.take() {
            Some(tag) => tag,
            None if source.is_empty() => break,
            None => {
                proconio::input! { from &mut *source, tag: String }
                tag
            }
        };
        let mut line = tag;
        while !source.is_empty() {
            proconio::input! { from &mut *source, token: String }
            if token.starts_with('[') {
                pending_tag = Some(token);
                break;
            }
            line.push(' ');
            line.push_str(&token);
        }
        match session.respond(&line) {
            Ok(answer) => {
                out.push_str(&answer);
                out.push('\n');
            }
            Err(e) => panic!("bad referee line: {e}"),
        }
    }
    out
}
