//! Reading a replay (format v1, JSON Lines) into typed records, and checking it is
//! consistent enough to draw.
//!
//! These types are the viewer's own: they mirror the contract, not the referee's writer
//! types, so a replay written by any referee version that keeps the format can be read.
//! Unknown fields are ignored (a later v1 writer may add some); unknown event kinds are
//! kept as [`Event::Other`] and shown as such.

use anyhow::{bail, ensure, Context};
use serde::Deserialize;

/// The only `format` value a replay header may carry.
pub const FORMAT_NAME: &str = "enclosure-replay";
/// The format version this reader understands.
pub const FORMAT_VERSION: u32 = 1;

/// A whole replay: the header, every played turn in order, and the footer when the game
/// finished (a replay cut short by a killed referee has none; the viewer still shows it).
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    pub header: Header,
    pub turns: Vec<TurnRecord>,
    pub end: Option<EndRecord>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Header {
    pub format: String,
    pub version: u32,
    #[serde(default)]
    pub seed: u64,
    pub cells: usize,
    #[serde(default)]
    pub max_turns: u32,
    #[serde(default)]
    pub step_ms: u64,
    pub seats: Vec<SeatInfo>,
    /// Each seat's answer to `[START]` (written by the referee, optional here): it tells why
    /// a seat was dead before turn 1.
    #[serde(default)]
    pub starts: Vec<ActionRecord>,
    pub initial: State,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct SeatInfo {
    pub seat: usize,
    pub bot: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct TurnRecord {
    pub turn: u32,
    /// The `[STATUS]` line sent at the start of this turn.
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub actions: Vec<ActionRecord>,
    #[serde(default)]
    pub events: Vec<Event>,
    /// The state after this turn was resolved.
    pub state: State,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ActionRecord {
    pub seat: usize,
    #[serde(default)]
    pub line: Option<String>,
    /// The death cause when the answer killed the seat.
    #[serde(default)]
    pub error: Option<String>,
    /// The particulars of that failure, in words.
    #[serde(default)]
    pub detail: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Event {
    Death {
        seat: usize,
        cause: String,
    },
    Capture {
        seat: usize,
        region: i64,
        #[serde(default)]
        cells: Vec<[i32; 2]>,
    },
    Mud {
        seat: usize,
        #[serde(default)]
        traps: Vec<[i32; 2]>,
    },
    Stuck {
        seat: usize,
        at: [i32; 2],
    },
    /// An event kind this reader does not know (a newer writer): shown, not interpreted.
    #[serde(other)]
    Other,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct EndRecord {
    pub turns: u32,
    #[serde(default)]
    pub events: Vec<Event>,
    pub state: State,
    #[serde(default)]
    pub result: Vec<SeatResult>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct SeatResult {
    pub seat: usize,
    #[serde(default)]
    pub bot: String,
    pub alive: bool,
    #[serde(default)]
    pub death: Option<String>,
    #[serde(default)]
    pub regions: Vec<u32>,
    #[serde(default)]
    pub mud: u32,
    pub score: i64,
    pub rank: u32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct State {
    pub turn: u32,
    pub players: Vec<PlayerState>,
    #[serde(default)]
    pub regions: Vec<RegionState>,
    /// `cells[y][x]`: region id of cell (x, y), -1 when unowned.
    pub cells: Vec<Vec<i64>>,
    #[serde(default)]
    pub traps: Vec<TrapState>,
    pub scores: Vec<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pen {
    Up,
    Down,
    Dead,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct PlayerState {
    pub seat: usize,
    pub x: i32,
    pub y: i32,
    pub pen: Pen,
    #[serde(default)]
    pub stuck: u32,
    #[serde(default)]
    pub mud: u32,
    #[serde(default)]
    pub trail: Vec<[i32; 2]>,
    #[serde(default)]
    pub death: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct RegionState {
    pub id: i64,
    pub owner: usize,
    #[serde(default)]
    pub turn: u32,
    pub area: u32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct TrapState {
    pub x: i32,
    pub y: i32,
    pub left: u32,
}

/// One line of the file, dispatched on its `"type"`.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Line {
    Header(Box<Header>),
    Turn(Box<TurnRecord>),
    End(Box<EndRecord>),
}

/// Largest board side the viewer accepts: the rules fix 10; a bound keeps a corrupt
/// header from asking for a gigantic drawing.
const MAX_CELLS: usize = 64;

impl Replay {
    /// Parses a whole replay file. Blank lines are skipped; every error names its line.
    ///
    /// Strict about order (header first, turns 1, 2, 3, ... consecutively, nothing after the
    /// footer) because a replay out of order cannot be trusted to redraw the game; tolerant
    /// about a missing footer (the game was cut short: every recorded turn still shows).
    pub fn parse(text: &str) -> anyhow::Result<Replay> {
        let mut header: Option<Header> = None;
        let mut turns: Vec<TurnRecord> = Vec::new();
        let mut end: Option<EndRecord> = None;
        for (index, raw) in text.lines().enumerate() {
            let number = index + 1;
            let raw = raw.trim();
            if raw.is_empty() {
                continue;
            }
            let line: Line = serde_json::from_str(raw).map_err(|e| record_error(number, &e))?;
            ensure!(
                end.is_none(),
                "replay line {number}: a record after the end record"
            );
            match line {
                Line::Header(h) => {
                    ensure!(header.is_none(), "replay line {number}: a second header");
                    check_header(&h).with_context(|| format!("replay line {number}"))?;
                    header = Some(*h);
                }
                Line::Turn(t) => {
                    let Some(h) = header.as_ref() else {
                        bail!("replay line {number}: a turn before the header");
                    };
                    let expected = turns.len() as u32 + 1;
                    ensure!(
                        t.turn == expected,
                        "replay line {number}: expected turn {expected}, found turn {}",
                        t.turn
                    );
                    check_state(h, &t.state).with_context(|| format!("replay line {number}"))?;
                    turns.push(*t);
                }
                Line::End(e) => {
                    let Some(h) = header.as_ref() else {
                        bail!("replay line {number}: the end record before the header");
                    };
                    check_state(h, &e.state).with_context(|| format!("replay line {number}"))?;
                    end = Some(*e);
                }
            }
        }
        let Some(header) = header else {
            bail!("replay has no header line (is it an enclosure replay?)");
        };
        Ok(Replay { header, turns, end })
    }

    pub fn seat_count(&self) -> usize {
        self.header.seats.len()
    }
}

/// serde_json counts lines inside the record (always 1 here): report the file's line and
/// the column instead.
fn record_error(number: usize, error: &serde_json::Error) -> anyhow::Error {
    let text = error.to_string();
    let what = text.split(" at line ").next().unwrap_or(&text);
    anyhow::anyhow!(
        "replay line {number}, column {}: not a valid v1 record: {what}",
        error.column()
    )
}

fn check_header(header: &Header) -> anyhow::Result<()> {
    ensure!(
        header.format == FORMAT_NAME,
        "format is {:?}, expected {FORMAT_NAME:?}",
        header.format
    );
    ensure!(
        header.version == FORMAT_VERSION,
        "replay format version {} is not supported (this viewer reads version {FORMAT_VERSION})",
        header.version
    );
    ensure!(
        (1..=MAX_CELLS).contains(&header.cells),
        "board of {} cells per side is out of range 1..={MAX_CELLS}",
        header.cells
    );
    ensure!(
        (1..=8).contains(&header.seats.len()),
        "{} seats is out of range",
        header.seats.len()
    );
    for (index, seat) in header.seats.iter().enumerate() {
        ensure!(seat.seat == index, "seat list out of order at {index}");
    }
    check_state(header, &header.initial).context("initial state")
}

/// Checks what the drawing relies on, so rendering can index without surprises: board
/// dimensions, one player per seat in order, coordinates on the board, region ids and
/// owners that exist.
fn check_state(header: &Header, state: &State) -> anyhow::Result<()> {
    let side = header.cells;
    let seats = header.seats.len();
    let on_board =
        |x: i32, y: i32| (0..=side as i32).contains(&x) && (0..=side as i32).contains(&y);
    ensure!(
        state.cells.len() == side && state.cells.iter().all(|row| row.len() == side),
        "cells must be {side} rows of {side}"
    );
    ensure!(
        state.players.len() == seats,
        "{} players for {seats} seats",
        state.players.len()
    );
    ensure!(
        state.scores.len() == seats,
        "{} scores for {seats} seats",
        state.scores.len()
    );
    for (index, player) in state.players.iter().enumerate() {
        ensure!(player.seat == index, "player list out of order at {index}");
        ensure!(
            on_board(player.x, player.y),
            "seat {index} stands off the board at ({}, {})",
            player.x,
            player.y
        );
        for &[x, y] in &player.trail {
            ensure!(
                on_board(x, y),
                "seat {index} has a trail vertex off the board at ({x}, {y})"
            );
        }
    }
    for region in &state.regions {
        ensure!(
            region.owner < seats,
            "region {} is owned by seat {} which does not exist",
            region.id,
            region.owner
        );
    }
    for row in &state.cells {
        for &id in row {
            ensure!(
                id == -1 || state.regions.iter().any(|region| region.id == id),
                "a cell belongs to region {id} which is not listed"
            );
        }
    }
    for trap in &state.traps {
        ensure!(
            on_board(trap.x, trap.y),
            "trap off the board at ({}, {})",
            trap.x,
            trap.y
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-seat header on a 2 x 2 board, nothing played.
    pub(crate) const HEADER: &str = r#"{"type":"header","format":"enclosure-replay","version":1,"cells":2,"seats":[{"seat":0,"bot":"a"},{"seat":1,"bot":"b"}],"initial":{"turn":0,"players":[{"seat":0,"x":0,"y":0,"pen":"up"},{"seat":1,"x":2,"y":2,"pen":"up"}],"cells":[[-1,-1],[-1,-1]],"scores":[4,3]}}"#;

    #[test]
    fn blank_lines_and_crlf_endings_are_accepted() {
        let text = format!("\r\n{HEADER}\r\n\r\n");
        let replay = Replay::parse(&text).unwrap();
        assert_eq!((replay.turns.len(), replay.end.is_none()), (0, true));
        assert_eq!(replay.header.starts, []);
    }

    #[test]
    fn optional_fields_default_to_empty() {
        let replay = Replay::parse(HEADER).unwrap();
        let player = &replay.header.initial.players[0];
        assert_eq!(
            (
                player.stuck,
                player.mud,
                player.trail.len(),
                player.death.as_deref()
            ),
            (0, 0, 0, None)
        );
        assert!(replay.header.initial.traps.is_empty() && replay.header.initial.regions.is_empty());
    }

    #[test]
    fn a_second_header_is_rejected() {
        let error = Replay::parse(&format!("{HEADER}\n{HEADER}")).unwrap_err();
        assert!(format!("{error:#}").contains("line 2: a second header"));
    }

    #[test]
    fn serde_positions_are_replaced_by_the_file_line_and_column() {
        let error = Replay::parse(&format!("{HEADER}\n{{\"type\":\"turn\",")).unwrap_err();
        let text = format!("{error:#}");
        assert!(
            text.starts_with("replay line 2, column 15: not a valid v1 record: EOF"),
            "{text}"
        );
        assert!(!text.contains(" at line "), "{text}");
    }
}
