//! The view model: one [`Frame`] per picture the viewer can show (the start, the state after
//! each turn, the end), holding everything the drawing needs already worked out (region
//! shades, border segments, players sharing a vertex, human-readable events, the score
//! table). The SVG writer draws from it and the HTML page receives it as JSON, so the two
//! cannot disagree about what a frame contains.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::palette::{self, PaletteJson};
use super::replay::{ActionRecord, Event, Pen, Replay, State};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FrameKind {
    /// The initial state (turn 0), after the `[POS]` answers.
    Start,
    /// The state after one played turn.
    Turn,
    /// The footer's state: after the end-of-game settlement, with final ranks.
    End,
}

#[derive(Debug, Clone, Serialize)]
pub struct ViewModel {
    pub seed: u64,
    pub cells: usize,
    pub max_turns: u32,
    pub step_ms: u64,
    pub seats: Vec<String>,
    /// False when the replay has no footer (the game was cut short).
    pub finished: bool,
    pub palette: PaletteJson,
    pub frames: Vec<Frame>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Frame {
    pub kind: FrameKind,
    pub turn: u32,
    pub label: String,
    /// The `[STATUS]` line the bots read at the start of this turn.
    pub status: Option<String>,
    /// What each seat answered this turn (on the start frame: to `[START]`).
    pub actions: Vec<Note>,
    /// What happened this turn (or at the end-of-game settlement).
    pub events: Vec<Note>,
    /// `cells[y][x]`: region id, -1 unowned.
    pub cells: Vec<Vec<i64>>,
    pub regions: Vec<RegionView>,
    /// Unit edges `[x1, y1, x2, y2]` (vertex coordinates) separating a region from anything
    /// else: another region (of any owner), unowned land, or the rim.
    pub borders: Vec<[i32; 4]>,
    pub players: Vec<PlayerView>,
    pub traps: Vec<TrapView>,
    pub scores: Vec<ScoreRow>,
}

/// One readable line; `alert` marks a death or a failed answer (drawn in red).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Note {
    pub text: String,
    pub alert: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct RegionView {
    pub id: i64,
    pub owner: usize,
    pub area: u32,
    pub turn: u32,
    /// Which tint of the owner's colour the region is filled with.
    pub shade: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    pub seat: usize,
    pub x: i32,
    pub y: i32,
    pub pen: &'static str,
    pub stuck: u32,
    pub trail: Vec<[i32; 2]>,
    pub death: Option<String>,
    /// Offset in cell units so players sharing a vertex do not hide each other.
    pub nudge: [f64; 2],
}

#[derive(Debug, Clone, Serialize)]
pub struct TrapView {
    pub x: i32,
    pub y: i32,
    pub left: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct ScoreRow {
    pub seat: usize,
    pub bot: String,
    /// "pen up", "pen down", "pen down, stuck 3", "dead: trespass", ...
    pub state: String,
    pub regions: Vec<u32>,
    pub mud: u32,
    pub score: i64,
    /// Final rank on the end frame; the standing by score (ties by lower seat, as the
    /// `4 - m` term of the score does) on the others.
    pub rank: usize,
}

/// Which frame to show: `N` is the state after turn N (0 = the start), `end` the footer's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnSelector {
    Turn(u32),
    End,
}

impl FromStr for TurnSelector {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text == "end" {
            return Ok(TurnSelector::End);
        }
        text.parse()
            .map(TurnSelector::Turn)
            .map_err(|_| format!("{text:?} is neither a turn number nor \"end\""))
    }
}

impl fmt::Display for TurnSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnSelector::Turn(turn) => write!(f, "{turn}"),
            TurnSelector::End => write!(f, "end"),
        }
    }
}

/// Index in [`ViewModel::frames`] of the selected frame. `end` on a replay without footer
/// selects the last recorded turn (the furthest the game got).
pub fn frame_index(model: &ViewModel, selector: TurnSelector) -> anyhow::Result<usize> {
    let found = match selector {
        TurnSelector::End => Some(model.frames.len() - 1),
        TurnSelector::Turn(turn) => model
            .frames
            .iter()
            .position(|frame| frame.kind != FrameKind::End && frame.turn == turn),
    };
    found.ok_or_else(|| {
        let last = model
            .frames
            .iter()
            .filter(|frame| frame.kind != FrameKind::End)
            .map(|frame| frame.turn)
            .max()
            .unwrap_or(0);
        anyhow::anyhow!("turn {selector} is not in this replay (turns 0..={last} and end)")
    })
}

pub fn build(replay: &Replay) -> ViewModel {
    let header = &replay.header;
    let bots: Vec<String> = header.seats.iter().map(|seat| seat.bot.clone()).collect();
    let last_turn = replay.turns.last().map_or(0, |turn| turn.turn);
    let mut frames = Vec::with_capacity(replay.turns.len() + 2);
    frames.push(frame(
        FrameKind::Start,
        "start".to_string(),
        None,
        &header.starts,
        &[],
        &header.initial,
        &bots,
        None,
    ));
    for record in &replay.turns {
        frames.push(frame(
            FrameKind::Turn,
            format!("turn {} / {last_turn}", record.turn),
            Some(record.status.clone()),
            &record.actions,
            &record.events,
            &record.state,
            &bots,
            None,
        ));
    }
    if let Some(end) = &replay.end {
        let final_ranks: BTreeMap<usize, usize> = end
            .result
            .iter()
            .map(|result| (result.seat, result.rank as usize))
            .collect();
        frames.push(frame(
            FrameKind::End,
            format!("end after {} turns", end.turns),
            None,
            &[],
            &end.events,
            &end.state,
            &bots,
            Some(&final_ranks),
        ));
    }
    ViewModel {
        seed: header.seed,
        cells: header.cells,
        max_turns: header.max_turns,
        step_ms: header.step_ms,
        finished: replay.end.is_some(),
        palette: palette::palette_json(bots.len()),
        seats: bots,
        frames,
    }
}

#[allow(clippy::too_many_arguments)]
fn frame(
    kind: FrameKind,
    label: String,
    status: Option<String>,
    actions: &[ActionRecord],
    events: &[Event],
    state: &State,
    bots: &[String],
    final_ranks: Option<&BTreeMap<usize, usize>>,
) -> Frame {
    let regions = region_views(state);
    Frame {
        kind,
        turn: state.turn,
        label,
        status,
        actions: actions.iter().map(describe_action).collect(),
        events: events.iter().map(describe_event).collect(),
        borders: region_borders(&state.cells),
        cells: state.cells.clone(),
        players: player_views(state),
        traps: state
            .traps
            .iter()
            .map(|trap| TrapView {
                x: trap.x,
                y: trap.y,
                left: trap.left,
            })
            .collect(),
        scores: score_rows(state, &regions, bots, final_ranks),
        regions,
    }
}

/// Shade = the region's position among its owner's regions in capture order, cycling
/// through the tints. Capture order (turn, then id) keeps a region's shade fixed for the
/// whole game, so colours do not jump around while stepping through turns.
fn region_views(state: &State) -> Vec<RegionView> {
    let mut order: Vec<usize> = (0..state.regions.len()).collect();
    order.sort_by_key(|&index| (state.regions[index].turn, state.regions[index].id));
    let mut owned_so_far: BTreeMap<usize, usize> = BTreeMap::new();
    let mut shades = vec![0; state.regions.len()];
    for index in order {
        let count = owned_so_far.entry(state.regions[index].owner).or_insert(0);
        shades[index] = *count % palette::shade_count();
        *count += 1;
    }
    state
        .regions
        .iter()
        .zip(shades)
        .map(|(region, shade)| RegionView {
            id: region.id,
            owner: region.owner,
            area: region.area,
            turn: region.turn,
            shade,
        })
        .collect()
}

/// Every unit edge with an owned cell on at least one side and different region ids on its
/// two sides (the outside of the board counts as unowned).
pub fn region_borders(cells: &[Vec<i64>]) -> Vec<[i32; 4]> {
    let rows = cells.len() as i32;
    let cols = cells.first().map_or(0, |row| row.len()) as i32;
    let id_at = |x: i32, y: i32| -> i64 {
        if (0..cols).contains(&x) && (0..rows).contains(&y) {
            cells[y as usize][x as usize]
        } else {
            -1
        }
    };
    let mut borders = Vec::new();
    for y in 0..=rows {
        for x in 0..=cols {
            // The vertical edge on the left of cell (x, y), then the horizontal edge above it.
            if y < rows {
                let (left, right) = (id_at(x - 1, y), id_at(x, y));
                if left != right {
                    borders.push([x, y, x, y + 1]);
                }
            }
            if x < cols {
                let (above, below) = (id_at(x, y - 1), id_at(x, y));
                if above != below {
                    borders.push([x, y, x + 1, y]);
                }
            }
        }
    }
    borders
}

/// Spreads players standing on one vertex around it (a small circle of radius 0.2 cell),
/// in seat order; a player alone stays centred.
fn player_views(state: &State) -> Vec<PlayerView> {
    let mut sharing: BTreeMap<(i32, i32), Vec<usize>> = BTreeMap::new();
    for player in &state.players {
        sharing
            .entry((player.x, player.y))
            .or_default()
            .push(player.seat);
    }
    state
        .players
        .iter()
        .map(|player| {
            let group = &sharing[&(player.x, player.y)];
            let nudge = if group.len() < 2 {
                [0.0, 0.0]
            } else {
                let place = group
                    .iter()
                    .position(|&seat| seat == player.seat)
                    .unwrap_or(0);
                let angle = std::f64::consts::TAU * place as f64 / group.len() as f64
                    - std::f64::consts::FRAC_PI_4 * 3.0;
                let round = |value: f64| (value * 1000.0).round() / 1000.0;
                [round(0.2 * angle.cos()), round(0.2 * angle.sin())]
            };
            PlayerView {
                seat: player.seat,
                x: player.x,
                y: player.y,
                pen: pen_name(player.pen),
                stuck: player.stuck,
                trail: player.trail.clone(),
                death: if player.pen == Pen::Dead {
                    Some(
                        player
                            .death
                            .clone()
                            .unwrap_or_else(|| "unknown".to_string()),
                    )
                } else {
                    None
                },
                nudge,
            }
        })
        .collect()
}

fn pen_name(pen: Pen) -> &'static str {
    match pen {
        Pen::Up => "up",
        Pen::Down => "down",
        Pen::Dead => "dead",
    }
}

fn score_rows(
    state: &State,
    regions: &[RegionView],
    bots: &[String],
    final_ranks: Option<&BTreeMap<usize, usize>>,
) -> Vec<ScoreRow> {
    let mut standing: Vec<usize> = (0..state.players.len()).collect();
    standing.sort_by_key(|&seat| (std::cmp::Reverse(state.scores[seat]), seat));
    state
        .players
        .iter()
        .map(|player| {
            let seat = player.seat;
            let mut owned: Vec<&RegionView> = regions.iter().filter(|r| r.owner == seat).collect();
            owned.sort_by_key(|region| (region.turn, region.id));
            let rank = final_ranks
                .and_then(|ranks| ranks.get(&seat).copied())
                .unwrap_or_else(|| 1 + standing.iter().position(|&s| s == seat).unwrap_or(0));
            ScoreRow {
                seat,
                bot: bots.get(seat).cloned().unwrap_or_default(),
                state: describe_player_state(player.pen, player.stuck, player.death.as_deref()),
                regions: owned.iter().map(|region| region.area).collect(),
                mud: player.mud,
                score: state.scores[seat],
                rank,
            }
        })
        .collect()
}

fn describe_player_state(pen: Pen, stuck: u32, death: Option<&str>) -> String {
    let pen_text = match pen {
        Pen::Dead => return format!("dead: {}", death.unwrap_or("unknown")),
        Pen::Up => "pen up",
        Pen::Down => "pen down",
    };
    if stuck > 0 {
        format!("{pen_text}, stuck {stuck}")
    } else {
        pen_text.to_string()
    }
}

/// `seat 1: [ACTION] r 0`, `seat 2: no answer (timeout)`, `seat 0: [ACTION] x 9
/// (illegal_output: ...)`.
fn describe_action(action: &ActionRecord) -> Note {
    let answer = action.line.as_deref().unwrap_or("no answer");
    let failure = match (&action.error, &action.detail) {
        (Some(error), Some(detail)) => format!(" ({error}: {detail})"),
        (Some(error), None) => format!(" ({error})"),
        (None, Some(detail)) => format!(" ({detail})"),
        (None, None) => String::new(),
    };
    Note {
        text: format!("seat {}: {answer}{failure}", action.seat),
        alert: action.error.is_some(),
    }
}

fn describe_event(event: &Event) -> Note {
    let text = match event {
        Event::Death { seat, cause } => format!("seat {seat} died: {cause}"),
        Event::Capture {
            seat,
            region,
            cells,
        } => {
            let plural = if cells.len() == 1 { "" } else { "s" };
            format!(
                "seat {seat} captured region {region} ({} cell{plural})",
                cells.len()
            )
        }
        Event::Mud { seat, traps } => {
            let plural = if traps.len() == 1 { "" } else { "s" };
            format!("seat {seat} cast mud ({} trap{plural})", traps.len())
        }
        Event::Stuck { seat, at: [x, y] } => format!("seat {seat} stuck in mud at ({x}, {y})"),
        Event::Other => "an event this viewer does not know".to_string(),
    };
    Note {
        text,
        alert: matches!(event, Event::Death { .. }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::viewer::replay::Replay;

    #[test]
    fn a_lone_owned_cell_has_four_border_edges() {
        let mut cells = vec![vec![-1; 3]; 3];
        cells[1][1] = 7;
        let mut borders = region_borders(&cells);
        borders.sort();
        assert_eq!(
            borders,
            vec![[1, 1, 1, 2], [1, 1, 2, 1], [1, 2, 2, 2], [2, 1, 2, 2]]
        );
    }

    #[test]
    fn owned_land_on_the_rim_is_bordered_by_the_rim() {
        let cells = vec![vec![0, 0], vec![0, 0]];
        let mut borders = region_borders(&cells);
        borders.sort();
        assert_eq!(borders.len(), 8, "{borders:?}");
        assert!(borders.contains(&[0, 0, 0, 1]));
        assert!(borders.contains(&[0, 2, 1, 2]));
    }

    #[test]
    fn two_regions_side_by_side_are_separated_even_with_one_owner() {
        // Region ids, not owners, decide borders: regions never merge (rulings §2).
        let cells = vec![vec![0, 1]];
        let borders = region_borders(&cells);
        assert!(borders.contains(&[1, 0, 1, 1]), "{borders:?}");
    }

    #[test]
    fn unowned_land_has_no_borders() {
        assert!(region_borders(&vec![vec![-1; 4]; 4]).is_empty());
    }

    fn replay(scores: [i64; 3], result_ranks: Option<[u32; 3]>) -> Replay {
        let seats: Vec<_> = (0..3)
            .map(|s| serde_json::json!({"seat": s, "bot": format!("b{s}")}))
            .collect();
        let players: Vec<_> = (0..3)
            .map(|s| serde_json::json!({"seat": s, "x": 0, "y": 0, "pen": "up"}))
            .collect();
        let state =
            serde_json::json!({"turn": 0, "players": players, "cells": [[-1]], "scores": scores});
        let header = serde_json::json!({"type": "header", "format": "enclosure-replay", "version": 1,
            "cells": 1, "seats": seats, "initial": state});
        let mut text = format!("{header}\n");
        if let Some(ranks) = result_ranks {
            let result: Vec<_> = (0..3)
                .map(|s| serde_json::json!({"seat": s, "alive": true, "score": scores[s], "rank": ranks[s]}))
                .collect();
            let end =
                serde_json::json!({"type": "end", "turns": 0, "state": state, "result": result});
            text.push_str(&format!("{end}\n"));
        }
        Replay::parse(&text).unwrap()
    }

    fn ranks(frame: &Frame) -> Vec<usize> {
        frame.scores.iter().map(|row| row.rank).collect()
    }

    #[test]
    fn standing_is_by_score_then_lower_seat() {
        let model = build(&replay([5, 9, 5], None));
        assert_eq!(ranks(&model.frames[0]), [2, 1, 3]);
    }

    #[test]
    fn the_end_frame_takes_the_ranks_of_the_result() {
        // The referee's ranks are authoritative, even where a plain sort would differ.
        let model = build(&replay([5, 9, 5], Some([3, 1, 2])));
        assert_eq!(ranks(&model.frames[0]), [2, 1, 3]);
        assert_eq!(ranks(&model.frames[1]), [3, 1, 2]);
    }

    #[test]
    fn turn_selector_reads_numbers_and_end() {
        assert_eq!("57".parse::<TurnSelector>(), Ok(TurnSelector::Turn(57)));
        assert_eq!("end".parse::<TurnSelector>(), Ok(TurnSelector::End));
        assert!("-1".parse::<TurnSelector>().is_err());
        assert!("last".parse::<TurnSelector>().is_err());
    }

    #[test]
    fn player_state_text_names_the_death_cause_and_stuck_turns() {
        assert_eq!(
            describe_player_state(Pen::Dead, 0, Some("trespass")),
            "dead: trespass"
        );
        assert_eq!(
            describe_player_state(Pen::Down, 3, None),
            "pen down, stuck 3"
        );
        assert_eq!(describe_player_state(Pen::Up, 0, None), "pen up");
    }
}
