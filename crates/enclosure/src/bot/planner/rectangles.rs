//! Pen up: the rectangles to start. Every rectangle of the board is judged in one pass, each
//! outline in O(1) from per-segment facts (`rect::Segments`): whether it can be drawn, the
//! nearest corner to walk to, and the lowest threat on it. Worth is value per turn, walk
//! included. The rules take the best whose whole outline wins the race from the start;
//! thinking weighs it against the best few that lose that race by a few turns, each played
//! out with the walk to its corner.

use super::super::bfs::{Bfs, FAR};
use super::super::board::{DOWN, RIGHT};
use super::super::model::Record;
use super::super::rect::{capture_value, Rect, Segments};
use super::super::think::{rules_credit, worth_per_turn, Futures, Plan};
use super::threats::Turn;
use super::Params;
use crate::geometry::{Vertex, VERTICES};

/// A rectangle to draw: the outline vertex to start from, what it captures (squared cells,
/// kills included) and the turns it takes (walk, outline, overhead).
#[derive(Clone, Copy)]
pub struct RectOption {
    pub rect: Rect,
    pub start: Vertex,
    pub value: u64,
    pub cost: u64,
}

impl RectOption {
    /// The direction to draw it in from its start: clockwise unless that first step is onto a
    /// trap or a player.
    pub fn clockwise(&self, turn: &Turn) -> bool {
        let tour = self.rect.tour(self.start, true);
        turn.avoid & tour[0].bit() == 0
    }
}

/// The rectangles to start, in one pass over them all (each drawable and gaining something):
/// the rules' choice, worth most of those whose outline wins the race from the start, and
/// the `keep` worth most of those that lose it by at most `risk` turns, best first, for
/// thinking to weigh. `mine` is our walking distance to every vertex.
pub fn rectangles(
    turn: &Turn,
    params: &Params,
    mine: &[u32; VERTICES],
    risk: u32,
    keep: usize,
) -> (Option<RectOption>, Vec<RectOption>) {
    let board = &turn.board;
    // A segment is drawn from its top or left end: rightwards across, downwards else.
    let segments = Segments::new(
        |v, across| board.drawable(v, if across { RIGHT } else { DOWN }),
        &turn.threat,
        mine,
    );
    let unowned = turn.game.unowned_mask();
    let mut rules: Option<RectOption> = None;
    let mut risky: Vec<RectOption> = Vec::with_capacity(keep + 1);
    for rect in Rect::all() {
        let facts = segments.outline(rect);
        if !facts.drawable {
            continue;
        }
        let (travel, start) = facts.nearest;
        if travel >= FAR {
            continue;
        }
        let moves = travel + rect.perimeter();
        if moves > turn.turns_left {
            continue;
        }
        // Turns by which the outline loses the race from the start (none when <= 0). The
        // walk there does not count: opponents cannot know where we go, and the race is run
        // again once the pen is down.
        let shortfall = rect.perimeter() as i64 - facts.min_threat as i64;
        if shortfall > risk as i64 {
            continue;
        }
        let cells = rect.cells();
        let free = (cells & unowned).count_ones();
        if free == 0 {
            continue;
        }
        let cost = (moves + params.turn_overhead) as u64;
        let kills = Vertex::all()
            .filter(|&v| turn.victims & v.bit() != 0 && rect.strictly_inside(v))
            .count() as u32;
        let value = (capture_value(cells, unowned) + kills * turn.kill_bonus) as u64;
        let option = RectOption {
            rect,
            start,
            value,
            cost,
        };
        if shortfall <= 0 && rules.map_or(true, |r| value * r.cost > r.value * cost) {
            rules = Some(option);
        }
        let at = risky.partition_point(|o| o.value * cost >= value * o.cost);
        if at < keep {
            risky.insert(at, option);
            risky.truncate(keep);
        }
    }
    (rules, risky)
}

/// Thinking: of `options` (and the rules' own choice `rules`), the rectangle worth most per
/// turn when its value is weighed by the simulated chance of walking there and drawing it
/// uncut (`walk` is our pen-up walk from where we stand).
pub fn think_rectangle(
    turn: &Turn,
    params: &Params,
    records: &[Record],
    walk: &Bfs,
    options: Vec<RectOption>,
    rules: Option<RectOption>,
) -> Option<RectOption> {
    let mut futures = Futures::new(turn.game, turn.seat, &turn.board, records);
    let mut best: Option<(i64, RectOption)> = None;
    let own = options.len(); // where the rules' choice goes
    for (i, option) in options.into_iter().chain(rules).enumerate() {
        let path = walk.path(option.start);
        let tour = option.rect.tour(option.start, option.clockwise(turn));
        let plan = Plan {
            trail: &[],
            walk: &path,
            draw: &tour,
        };
        let danger = futures.danger(&plan, params.playouts);
        let credit = if i == own { rules_credit(turn.game) } else { 0 };
        let worth = worth_per_turn(option.value, danger, turn.death_stake, option.cost, credit);
        if best.as_ref().map_or(true, |(b, _)| worth > *b) {
            best = Some((worth, option));
        }
    }
    best.map(|(_, option)| option)
}
