//! The replay writer: JSON Lines, format "enclosure-replay" version 1, as
//! documented in the crate README (and agreed with the viewer). One header
//! line, one line per played turn, one end line; every line carries the full
//! state after the moment it describes, so any turn can be redrawn alone.
//!
//! The writer is an [`Observer`]: it turns the referee's reports into these
//! records. Writing errors do not disturb the game; the first one is kept
//! and returned by [`ReplayWriter::finish`].

use std::io::{self, Write};

use serde::Serialize;

use enclosure::{Event, Game, Vertex, CELLS, MAX_TURNS};

use crate::referee::{Answer, Observer, Setup, TurnLog};
use crate::result::{GameResult, SeatResult};

/// The `"format"` of the header.
pub const FORMAT: &str = "enclosure-replay";
/// The `"version"` of the header; bump it on any incompatible change.
pub const VERSION: u32 = 1;

/// One line of the replay.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Record {
    Header(Header),
    Turn(TurnRecord),
    End(EndRecord),
}

#[derive(Debug, Clone, Serialize)]
pub struct Header {
    pub format: &'static str,
    pub version: u32,
    pub seed: u64,
    pub cells: usize,
    pub max_turns: u32,
    pub step_ms: u64,
    pub seats: Vec<SeatName>,
    /// Each seat's answer to `[START]` (an addition to the contract's header:
    /// it shows why a seat was dead before turn 1).
    pub starts: Vec<AnswerRecord>,
    /// The state before turn 1.
    pub initial: StateRecord,
}

#[derive(Debug, Clone, Serialize)]
pub struct SeatName {
    pub seat: usize,
    pub bot: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct TurnRecord {
    pub turn: u32,
    /// The `[STATUS]` line sent at the start of this turn.
    pub status: String,
    /// One entry per seat alive at the start of the turn, in seat order.
    pub actions: Vec<AnswerRecord>,
    pub events: Vec<EventRecord>,
    /// The state after this turn was settled.
    pub state: StateRecord,
}

#[derive(Debug, Clone, Serialize)]
pub struct EndRecord {
    pub turns: u32,
    /// The end-of-game events (the survivor's land).
    pub events: Vec<EventRecord>,
    pub state: StateRecord,
    pub result: Vec<SeatResult>,
}

/// A seat's answer: the line it printed (`null` if none) and, when the answer
/// killed it, the death cause in `error` and the particulars in `detail`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AnswerRecord {
    pub seat: usize,
    pub line: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum EventRecord {
    Death {
        seat: usize,
        cause: &'static str,
    },
    Capture {
        seat: usize,
        region: usize,
        /// `[x, y]` of each cell.
        cells: Vec<[i32; 2]>,
    },
    Mud {
        seat: usize,
        /// `[x, y]` of each trap placed.
        traps: Vec<[i32; 2]>,
    },
    Stuck {
        seat: usize,
        at: [i32; 2],
    },
}

/// Everything needed to draw the board at one moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StateRecord {
    /// Turns played so far.
    pub turn: u32,
    pub players: Vec<PlayerRecord>,
    /// Every region ever captured, in id order.
    pub regions: Vec<RegionRecord>,
    /// `cells[y][x]`: region id of cell `(x, y)`, `-1` when unowned.
    pub cells: Vec<Vec<i64>>,
    pub traps: Vec<TrapRecord>,
    /// Each seat's score as if the game ended now (before any survivor bonus).
    pub scores: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerRecord {
    pub seat: usize,
    pub x: i32,
    pub y: i32,
    /// `"up"`, `"down"` or `"dead"`.
    pub pen: &'static str,
    /// Turns still lost to mud (as `[STATUS]` shows them).
    pub stuck: u32,
    /// Mud casts so far.
    pub mud: u32,
    /// The open trail, from where the pen went down to the current vertex.
    pub trail: Vec<[i32; 2]>,
    pub death: Option<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegionRecord {
    pub id: usize,
    pub owner: usize,
    pub turn: u32,
    pub area: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TrapRecord {
    pub x: i32,
    pub y: i32,
    pub left: u32,
}

impl StateRecord {
    /// A snapshot of `game`.
    pub fn of(game: &Game) -> StateRecord {
        let players = game
            .players()
            .iter()
            .enumerate()
            .map(|(seat, p)| PlayerRecord {
                seat,
                x: p.pos().x,
                y: p.pos().y,
                pen: match (p.is_alive(), p.pen_down()) {
                    (false, _) => "dead",
                    (true, true) => "down",
                    (true, false) => "up",
                },
                stuck: p.stuck_left(),
                mud: p.mud_casts(),
                trail: p.trail().iter().map(|&v| xy(v)).collect(),
                death: p.death().map(|cause| cause.as_str()),
            })
            .collect();
        let regions = game
            .regions()
            .iter()
            .map(|r| RegionRecord {
                id: r.id,
                owner: r.owner,
                turn: r.turn,
                area: r.area,
            })
            .collect();
        let side = CELLS as i32;
        let cells = (0..side)
            .map(|y| {
                (0..side)
                    .map(|x| game.region_of(x, y).map_or(-1, |id| id as i64))
                    .collect()
            })
            .collect();
        let traps = game
            .traps()
            .into_iter()
            .map(|(v, left)| TrapRecord {
                x: v.x,
                y: v.y,
                left,
            })
            .collect();
        let scores = (0..game.players().len()).map(|s| game.score(s)).collect();
        StateRecord {
            turn: game.turn(),
            players,
            regions,
            cells,
            traps,
            scores,
        }
    }
}

impl AnswerRecord {
    pub fn of(answer: &Answer) -> AnswerRecord {
        AnswerRecord {
            seat: answer.seat,
            line: answer.line.clone(),
            error: answer.error.map(|cause| cause.as_str()),
            detail: answer.detail.clone(),
        }
    }
}

impl EventRecord {
    pub fn of(event: &Event) -> EventRecord {
        match event {
            Event::Death { seat, cause } => EventRecord::Death {
                seat: *seat,
                cause: cause.as_str(),
            },
            Event::Capture {
                seat,
                region,
                cells,
            } => EventRecord::Capture {
                seat: *seat,
                region: *region,
                cells: cells.iter().map(|&(x, y)| [x, y]).collect(),
            },
            Event::MudCast { seat, traps } => EventRecord::Mud {
                seat: *seat,
                traps: traps.iter().map(|&v| xy(v)).collect(),
            },
            Event::Stuck { seat, at } => EventRecord::Stuck {
                seat: *seat,
                at: xy(*at),
            },
        }
    }
}

fn xy(v: Vertex) -> [i32; 2] {
    [v.x, v.y]
}

fn events(events: &[Event]) -> Vec<EventRecord> {
    events.iter().map(EventRecord::of).collect()
}

/// Writes a replay to `out`, one flushed line per record (so a replay cut
/// short by a killed referee still holds every turn played until then).
pub struct ReplayWriter<W: Write> {
    out: W,
    error: Option<io::Error>,
}

impl<W: Write> ReplayWriter<W> {
    pub fn new(out: W) -> ReplayWriter<W> {
        ReplayWriter { out, error: None }
    }

    /// The writer back, or the first error met while writing.
    pub fn finish(mut self) -> io::Result<W> {
        if self.error.is_none() {
            if let Err(e) = self.out.flush() {
                self.error = Some(e);
            }
        }
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.out),
        }
    }

    fn write(&mut self, record: &Record) {
        if self.error.is_some() {
            return;
        }
        let written = serde_json::to_writer(&mut self.out, record)
            .map_err(io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"))
            .and_then(|()| self.out.flush());
        if let Err(e) = written {
            self.error = Some(e);
        }
    }
}

impl<W: Write> Observer for ReplayWriter<W> {
    fn started(&mut self, setup: &Setup<'_>, game: &Game) {
        let header = Header {
            format: FORMAT,
            version: VERSION,
            seed: setup.config.seed,
            cells: CELLS,
            max_turns: MAX_TURNS,
            step_ms: setup.config.step_limit.as_millis() as u64,
            seats: setup
                .names
                .iter()
                .enumerate()
                .map(|(seat, bot)| SeatName {
                    seat,
                    bot: bot.clone(),
                })
                .collect(),
            starts: setup.starts.iter().map(AnswerRecord::of).collect(),
            initial: StateRecord::of(game),
        };
        self.write(&Record::Header(header));
    }

    fn turn_played(&mut self, turn: &TurnLog<'_>, game: &Game) {
        let record = TurnRecord {
            turn: turn.turn,
            status: turn.status.to_string(),
            actions: turn.actions.iter().map(AnswerRecord::of).collect(),
            events: events(turn.events),
            state: StateRecord::of(game),
        };
        self.write(&Record::Turn(record));
    }

    fn finished(&mut self, end_events: &[Event], game: &Game, result: &GameResult) {
        let record = EndRecord {
            turns: result.turns,
            events: events(end_events),
            state: StateRecord::of(game),
            result: result.seats.clone(),
        };
        self.write(&Record::End(record));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::GameConfig;
    use crate::result::SeatTiming;
    use enclosure::{parse_action, DeathCause};
    use serde_json::{json, Value};
    use std::time::Duration;

    fn answer(seat: usize, line: &str) -> Answer {
        Answer {
            seat,
            line: Some(line.to_string()),
            error: None,
            detail: None,
        }
    }

    /// Seat 0 draws the 1 x 1 square at the corner, seat 1 casts mud, then
    /// seat 1 times out: every kind of record and event, written by hand.
    fn small_replay() -> Vec<Value> {
        let config = GameConfig {
            seed: 3,
            step_limit: Duration::from_millis(200),
        };
        let names = ["zero".to_string(), "one".to_string()];
        let starts = [answer(0, "[POS] 0 0"), answer(1, "[POS] 5 5")];
        let mut game = Game::new(&[Some(Vertex::new(0, 0)), Some(Vertex::new(5, 5))]);
        let mut writer = ReplayWriter::new(Vec::new());
        writer.started(
            &Setup {
                config: &config,
                names: &names,
                starts: &starts,
            },
            &game,
        );
        let script = [
            ("[ACTION] d 1", Some("[ACTION] r -1")),
            ("[ACTION] r 0", Some("[ACTION] s 0")),
            ("[ACTION] u 0", Some("[ACTION] s 0")),
            ("[ACTION] l 0", None), // seat 1 times out
        ];
        for (zero, one) in script {
            let status = game.status_line();
            let mut answers = vec![answer(0, zero)];
            let mut actions = vec![Some(Ok(parse_action(zero).unwrap())), None];
            match one {
                Some(line) => {
                    answers.push(answer(1, line));
                    actions[1] = Some(Ok(parse_action(line).unwrap()));
                }
                None => {
                    answers.push(Answer {
                        seat: 1,
                        line: None,
                        error: Some(DeathCause::Timeout),
                        detail: Some("timeout".into()),
                    });
                    actions[1] = Some(Err(DeathCause::Timeout));
                }
            }
            let events = game.play_turn(&actions);
            let log = TurnLog {
                turn: game.turn(),
                status: &status,
                actions: &answers,
                events: &events,
            };
            writer.turn_played(&log, &game);
        }
        let end_events = game.finish();
        let result = GameResult {
            turns: game.turn(),
            seats: Vec::new(),
            timing: vec![SeatTiming::default(); 2],
        };
        writer.finished(&end_events, &game, &result);
        let text = String::from_utf8(writer.finish().unwrap()).unwrap();
        text.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn the_header_names_the_format_and_the_seats() {
        let replay = small_replay();
        let header = &replay[0];
        assert_eq!(header["type"], "header");
        assert_eq!(header["format"], "enclosure-replay");
        assert_eq!(header["version"], 1);
        assert_eq!(header["seed"], 3);
        assert_eq!(header["cells"], 10);
        assert_eq!(header["max_turns"], 100);
        assert_eq!(header["step_ms"], 200);
        assert_eq!(
            header["seats"],
            json!([{"seat": 0, "bot": "zero"}, {"seat": 1, "bot": "one"}])
        );
        assert_eq!(header["starts"][1], json!({"seat": 1, "line": "[POS] 5 5"}));
        let initial = &header["initial"];
        assert_eq!(initial["turn"], 0);
        assert_eq!(
            initial["players"][1],
            json!({"seat": 1, "x": 5, "y": 5, "pen": "up", "stuck": 0, "mud": 0,
                   "trail": [], "death": null})
        );
        assert_eq!(initial["cells"], json!(vec![vec![-1; 10]; 10]));
        assert_eq!(initial["scores"], json!([4, 3]));
    }

    #[test]
    fn turns_carry_status_answers_events_and_the_state_after() {
        let replay = small_replay();
        assert_eq!(replay.len(), 1 + 4 + 1);
        let first = &replay[1];
        assert_eq!(first["type"], "turn");
        assert_eq!(first["turn"], 1);
        // Four seats always (rulings §1): seats 2 and 3 are absent, shown dead at 0 0.
        assert_eq!(
            first["status"],
            "[STATUS] 0 0 0 0 0 5 5 0 0 0 0 0 -1 0 0 0 0 -1 0 0 0"
        );
        assert_eq!(
            first["actions"][0],
            json!({"seat": 0, "line": "[ACTION] d 1"})
        );
        // Mud from (5,5) moving right: traps at (5,5) and its up/down neighbours.
        let mud = &first["events"][0];
        assert_eq!(mud["kind"], "mud");
        assert_eq!(mud["seat"], 1);
        let mut traps: Vec<Value> = mud["traps"].as_array().unwrap().clone();
        traps.sort_by_key(|t| t[1].as_i64());
        assert_eq!(traps, [json!([5, 4]), json!([5, 5]), json!([5, 6])]);
        let state = &first["state"];
        assert_eq!(state["players"][0]["pen"], "down");
        assert_eq!(state["players"][0]["trail"], json!([[0, 0], [0, 1]]));
        assert_eq!(state["players"][1]["x"], 6);
        assert_eq!(state["players"][1]["mud"], 1);
        assert_eq!(state["traps"].as_array().unwrap().len(), 3);
        assert_eq!(state["scores"], json!([4, -7]));

        // Turn 4: seat 0 closes the square (capture of cell (0,0), region 0);
        // seat 1 timed out.
        let last = &replay[4];
        assert_eq!(
            last["actions"][1],
            json!({"seat": 1, "line": null, "error": "timeout", "detail": "timeout"})
        );
        let events = last["events"].as_array().unwrap();
        assert!(events.contains(&json!({"kind": "death", "seat": 1, "cause": "timeout"})));
        assert!(
            events.contains(&json!({"kind": "capture", "seat": 0, "region": 0, "cells": [[0, 0]]}))
        );
        let state = &last["state"];
        assert_eq!(state["cells"][0][0], 0);
        assert_eq!(state["cells"][0][1], -1);
        assert_eq!(
            state["regions"],
            json!([{"id": 0, "owner": 0, "turn": 4, "area": 1}])
        );
        assert_eq!(state["players"][0]["pen"], "up");
        assert_eq!(state["players"][0]["trail"], json!([]));
        assert_eq!(state["players"][1]["pen"], "dead");
        assert_eq!(state["players"][1]["death"], "timeout");
        assert_eq!(state["scores"], json!([14, -7]));
    }

    #[test]
    fn the_end_line_holds_the_survivors_land() {
        let replay = small_replay();
        let end = &replay[5];
        assert_eq!(end["type"], "end");
        assert_eq!(end["turns"], 4);
        // Seat 0 survives alone: the other 99 cells, one 4-connected region.
        assert_eq!(end["events"][0]["kind"], "capture", "{}", end["events"]);
        assert_eq!(end["events"][0]["cells"].as_array().unwrap().len(), 99);
        assert_eq!(end["state"]["regions"][1]["area"], 99);
        assert_eq!(end["state"]["scores"][0], 10 * (1 + 99 * 99) + 4);
        assert_eq!(end["result"], json!([]));
    }
}
