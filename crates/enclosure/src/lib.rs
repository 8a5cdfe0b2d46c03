//! Enclosure (NOI 2013 team contest, 圈地为王): the rules engine, the protocol, the
//! rebuilding of the game from `[STATUS]` lines, and the bot.
//!
//! # The problem
//! Two to four players walk on the 11 x 11 vertices of a 10 x 10 board, all moving at once.
//! A player who puts its pen down leaves a trail; stepping back onto its own trail closes a
//! loop and captures the unowned cells inside, killing everyone strictly inside. Open trails
//! are fragile: anyone standing on one kills its owner. Players may also throw mud that
//! freezes whoever steps on it for five turns. Score: `10 * sum(area^2) - 10 * casts + (4 - m)`.
//! The statement (`shared/problems/enclosure.md`) is completed by the project's rulings
//! (`shared/enclosure-rules.md`, sections §1..§10), which this crate follows; every section
//! has its own scenario test file `tests/rules_NN_*.rs`.
//!
//! # Model
//! - [`geometry`]: [`Vertex`] `(x, y)` with `y` downwards, [`Dir`], cells `(x, y)` spanning
//!   `(x, y)..(x + 1, y + 1)`, and [`geometry::edge_sides`], the two cells beside an edge.
//! - [`state`]: the [`Game`]: players (position, pen, trail, stuck turns, casts, death), the
//!   cell -> region map, the regions (id, owner, turn, area), traps, the turn counter. Sets of
//!   cells and vertices are `u128` masks (100 cells, 121 vertices), so a `Game` is small and
//!   cheap to clone: the bot simulates with it in an unoptimised build.
//! - [`turn`]: [`Game::play_turn`] settles one turn in the rulings' order (§7) and returns the
//!   [`Event`]s; [`Game::finish`] gives the survivor the unowned land (§8).
//! - [`capture`]: the interior of a loop by the even-odd rule on each row (a cell is inside
//!   when an odd number of the loop's vertical edges lie to its left), the vertices strictly
//!   inside, and the 4-connected groups that become separate regions.
//! - [`protocol`]: strict parsing and exact formatting of `[START]`, `[POS]`, `[STATUS]`,
//!   `[ACTION]`; [`rebuild`]: the [`Tracker`] that rebuilds the whole game from statuses.
//! - [`bot`]: the bot's side of the protocol ([`bot::Session`], [`bot::serve`]) and its
//!   strategies; `main.rs` only wires stdin/stdout to it.
//!
//! # Decisions where the statement is unclear (each pinned by a test)
//! - A live seat without an answer counts as crashed; a stuck seat must still answer with a
//!   well-formed line, which is then ignored (even an otherwise illegal one), while an
//!   unusable answer still kills it (`rules_03_actions`). Reason: rulings §6 and §10.
//! - Deaths at steps 0 and 1 happen before anyone moves: the player stays where it stood,
//!   takes part in nothing else that turn (it interrupts nobody, springs no trap) and is
//!   reported there (`rules_05`, `rules_07`). Reason: "a player already dead earlier in the
//!   turn interrupts nobody" (§5).
//! - Traps age before new ones land in step 3, so a trap renewed on the same vertex gets its
//!   full two turns (`rules_06_mud`). Reason: "a new trap replaces an old one" (§6).
//! - The stuck countdown is taken at the start of each turn; a stuck player caught again
//!   starts again from five (`rules_06_mud`). Reason: "any live player on a trap is stuck".
//! - A player that closes a loop interrupts nobody in that turn: anyone on its old trail or
//!   its closing vertex is unharmed, even a drawing player arriving on the closing vertex
//!   (next turn that player is cut if the closer stays) (`rules_05_interruption`). Reason:
//!   "closing wins over interruption" (§5).
//! - A collision (someone on a drawing player's current vertex) and a cut trail are both
//!   interruptions; they are reported as `collision` and `trail_cut` respectively.
//! - Loops closed the same turn are vertex-disjoint (a shared vertex would have cut one of
//!   them earlier), hence nested or apart: settling by area, then seat, is inside-out.
//! - A loop whose interior is all owned still closes: the trail vanishes, the pen goes up and
//!   players inside die (`rules_04_captures`).
//! - Region ids count up from 0 in creation order; the groups of one capture are numbered in
//!   row-major order of their first cell; a region's `turn` is the turn that created it.
//! - `[STATUS]` always lists four seats (rulings §1: "always lists every seat"), so a bot
//!   written for the statement's four players plays a 2- or 3-seat game unchanged: an absent
//!   seat is shown dead at `0 0` with `trappedleft` and `scoredecline` 0, exactly like a seat
//!   dead from the start (bad `[POS]`), and the tracker rebuilds the game as that four-seat
//!   table ([`Game::padded`]). A dead seat keeps the position where it died and its
//!   `trappedleft` as it was. Traps are listed by `x`, then `y` (the sample's order). Lines
//!   with 2 or 3 seats are still parsed (the seat count follows from the token count).
//! - Parsing is strict about tokens (`[ACTION] 1 0`, the scanned sample, is illegal; no `+1`,
//!   no `00`) but accepts any run of blanks between tokens and a trailing `\r\n`.
//! - The bot reads lines with `BufRead::read_line` (not proconio's `LineSource`): a status's
//!   length depends on the seat count and `LineSource` cannot see a line end without blocking
//!   on the next line, which the referee sends only after our answer. [`run`] (for the sample
//!   transcripts) reads the token stream with proconio and cuts it at each `[TAG]`.
//! - The tracker cannot see why a player died before the moves (illegal output, timeout,
//!   off-board, trespass...): it records `illegal_output` then; everything else (trails,
//!   captures, kills after the moves, traps) it rebuilds exactly (`properties.rs`).

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
pub use state::{Game, Player, Region, MAX_TURNS, NOWHERE, TABLE_SEATS};
pub use turn::{mud_traps, Answer};

/// Replays a whole transcript of referee lines (`[START]`, `[STATUS]`) through the submitted
/// bot and returns its answers, one line each. Lines are recovered from the token stream: a
/// message runs until the next `[...]` tag or the end of input.
pub fn run<R: std::io::BufRead, S: proconio::source::Source<R>>(source: &mut S) -> String {
    let mut session = bot::Session::new(bot::Planner::new());
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
