//! Enclosure (NOI 2013 team contest, 圈地为王): the rules engine, the protocol, the
//! rebuilding of the game from `[STATUS]` lines, and the bot.
//!
//! # The problem
//! Two to four players walk on the 11 x 11 vertices of a 10 x 10 board, all moving at once.
//! A player who puts its pen down leaves a trail; stepping back onto its own trail closes a
//! loop and captures the unowned cells inside, killing everyone strictly inside. Open trails
//! are fragile: anyone standing on one kills its owner. Players may also throw mud that
//! freezes whoever steps on it for five turns. Score: `10 * sum(area^2) - 10 * casts + (4 - m)`.
//! Where the NOI 2013 statement leaves a case open, this crate follows the rulings in its
//! `RULES.md` (sections §1..§10); every section has its own scenario test file
//! `tests/rules_NN_*.rs`.
//!
//! # Model
//! - [`geometry`]: [`Vertex`] `(x, y)` with `y` downwards, [`Dir`], cells `(x, y)` spanning
//!   `(x, y)..(x + 1, y + 1)`, and [`geometry::edge_sides`], the two cells beside an edge.
//! - [`state`]: the [`Game`]: players, the cell -> region map, regions, traps, the turn.
//!   Sets of cells and vertices are `u128` masks (100 cells, 121 vertices), so a `Game` is
//!   small and cheap to clone: the bot simulates with it in an unoptimised build.
//! - [`turn`]: [`Game::play_turn`] settles one turn in the rulings' order (§7) and returns the
//!   [`Event`]s; [`Game::finish`] gives the survivor the unowned land (§8).
//! - [`capture`]: a loop's interior by the even-odd rule on each row, O(cells), the vertices
//!   strictly inside, and the 4-connected groups that become separate regions.
//! - [`protocol`]: strict parsing and exact formatting of `[START]`, `[POS]`, `[STATUS]`,
//!   `[ACTION]`; [`rebuild`]: the [`Tracker`] that rebuilds the whole game from statuses.
//! - [`bot`]: the bot's side of the protocol ([`bot::Session`], [`bot::serve`]) and its
//!   strategy (`bot::planner` explains it); `main.rs` only wires stdin/stdout to it.
//!
//! # Decisions where the statement is unclear (each pinned by a test)
//! - A live seat without an answer counts as crashed. A stuck seat must still answer well-formed; the answer is ignored, even an otherwise
//!   illegal one, but an unusable answer still kills (§6, §10; `rules_03_actions`).
//! - Deaths at steps 0 and 1 happen before anyone moves: the player stays, interrupts nobody
//!   and springs no trap (§5, §7: a player that died earlier in the turn interrupts nobody).
//! - Traps age before new ones land, so a trap renewed on a vertex gets its full two turns;
//!   a stuck player caught again starts again from five (§6; `rules_06_mud`).
//! - A player that closes a loop interrupts nobody that turn, even a drawer arriving on the
//!   closing vertex (§5: closing beats interruption; `rules_05_interruption`). A
//!   collision and a cut trail are both interruptions, reported as `collision`, `trail_cut`.
//! - Loops closed in one turn are vertex-disjoint, hence nested or apart: settling by area,
//!   then seat, is inside-out. A loop with all-owned interior still closes and kills.
//! - Region ids count up in creation order; one capture's groups in row-major order.
//! - `[STATUS]` always lists four seats (§1): an absent seat is dead at `0 0`, so a bot written
//!   for four plays two or three seats unchanged ([`Game::padded`]). A dead seat keeps where
//!   it died and its `trappedleft`; traps are listed by `x`, then `y`; 2- and 3-seat lines
//!   still parse. Parsing is strict about tokens (`[ACTION] 1 0` is illegal, no `+1`, no `00`)
//!   but takes any run of blanks and a trailing `\r\n`.
//! - The bot reads lines with `BufRead::read_line` ([`bot::serve`]): a reader of tokens
//!   cannot see a line end without blocking on the next line, which the referee sends only
//!   after our answer.
//! - The tracker cannot see why a player died before the moves: it records `illegal_output`;
//!   everything else it rebuilds exactly (`properties.rs`).

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
