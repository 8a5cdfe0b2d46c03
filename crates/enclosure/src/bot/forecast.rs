//! Where a drawing opponent is likely to go: the rest of the loop its trail implies.
//!
//! Every drawer among the bots we know (and the sensible ones we do not) draws a rectangle or
//! a rectangle-like loop from where its pen went down: one side, a turn, a second side, a turn,
//! back. So the trail so far says where the rest lies. The *zone* is the bounding box of the
//! trail stretched along the current heading to where the loop probably turns, widened to both
//! sides while only one side is drawn, then grown by a margin for the drawers that close early
//! or spiral. Inside the zone the drawer's worst-case reach is taken at face value; outside it
//! the drawer has to finish (or abandon) its loop first, which the planner counts as slack.

use crate::geometry::{Vertex, CELLS};

/// The margin of a drawer's *tight* zone: the loop its trail implies and one vertex around
/// it, which a drawer of rectangles never leaves (`model::Record::left_zone`).
pub const TIGHT_MARGIN: i32 = 1;

/// The vertex mask of the zone of a drawer with this open trail (start first), grown by
/// `margin` vertices on every side.
pub fn drawer_zone(trail: &[Vertex], margin: i32) -> u128 {
    let Some(&at) = trail.last() else {
        return 0;
    };
    let runs = straight_runs(trail);
    let mut reach = trail.to_vec();
    let mut grow = |v: Vertex| reach.push(v);
    match runs.as_slice() {
        // Pen down in place: a small loop around it, any way.
        [] => {
            grow(Vertex::new(at.x - 2, at.y - 2));
            grow(Vertex::new(at.x + 2, at.y + 2));
        }
        // One side so far: it goes on a little, then turns to either side by about as much.
        [(dx, dy, len)] => {
            let ahead = 2;
            grow(Vertex::new(at.x + dx * ahead, at.y + dy * ahead));
            let across = len + 1;
            let (px, py) = (dy, dx); // perpendicular (either sign)
            grow(Vertex::new(at.x + px * across, at.y + py * across));
            grow(Vertex::new(at.x - px * across, at.y - py * across));
            let s = trail[0];
            grow(Vertex::new(s.x + px * across, s.y + py * across));
            grow(Vertex::new(s.x - px * across, s.y - py * across));
        }
        // Two sides: the second one is about as long as the first.
        [(_, _, first), (dx, dy, second)] => {
            let ahead = (first + 1 - second).max(1);
            grow(Vertex::new(at.x + dx * ahead, at.y + dy * ahead));
        }
        // Three or more: it is heading home; one step of overshoot.
        [.., (dx, dy, _)] => grow(Vertex::new(at.x + dx, at.y + dy)),
    }
    let (x1, x2, y1, y2) = bounds(&reach);
    box_mask(x1 - margin, x2 + margin, y1 - margin, y2 + margin)
}

/// The smallest box `(x1, x2, y1, y2)` holding every vertex of `points`.
pub fn bounds(points: &[Vertex]) -> (i32, i32, i32, i32) {
    let init = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
    points.iter().fold(init, |(x1, x2, y1, y2), v| {
        (x1.min(v.x), x2.max(v.x), y1.min(v.y), y2.max(v.y))
    })
}

/// The mask of the vertices from `(x1, y1)` to `(x2, y2)` that lie on the board.
pub fn box_mask(x1: i32, x2: i32, y1: i32, y2: i32) -> u128 {
    let mut mask = 0;
    for y in y1.max(0)..=y2.min(CELLS as i32) {
        for x in x1.max(0)..=x2.min(CELLS as i32) {
            mask |= Vertex::new(x, y).bit();
        }
    }
    mask
}

/// The trail as straight runs: direction and length of each.
fn straight_runs(trail: &[Vertex]) -> Vec<(i32, i32, i32)> {
    let mut runs: Vec<(i32, i32, i32)> = Vec::new();
    for pair in trail.windows(2) {
        let d = (pair[1].x - pair[0].x, pair[1].y - pair[0].y);
        if d == (0, 0) {
            continue;
        }
        match runs.last_mut() {
            Some(run) if (run.0, run.1) == d => run.2 += 1,
            _ => runs.push((d.0, d.1, 1)),
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trail(points: &[(i32, i32)]) -> Vec<Vertex> {
        points.iter().map(|&(x, y)| Vertex::new(x, y)).collect()
    }

    fn inside(zone: u128, x: i32, y: i32) -> bool {
        zone & Vertex::new(x, y).bit() != 0
    }

    #[test]
    fn one_side_drawn_covers_both_turns() {
        // Right from (4,4) to (6,4): the loop may turn up or down, by about 3.
        let zone = drawer_zone(&trail(&[(4, 4), (5, 4), (6, 4)]), 0);
        assert!(inside(zone, 8, 4) && inside(zone, 6, 1) && inside(zone, 6, 7));
        assert!(inside(zone, 4, 7));
        assert!(!inside(zone, 3, 4) && !inside(zone, 9, 4) && !inside(zone, 5, 8));
    }

    #[test]
    fn two_sides_drawn_predict_a_square() {
        // Right 3, then down 1: the square goes down to y = 7 (3 + 1 = 4 below the start).
        let zone = drawer_zone(&trail(&[(2, 3), (3, 3), (4, 3), (5, 3), (5, 4)]), 0);
        assert!(inside(zone, 5, 7) && inside(zone, 2, 7));
        assert!(!inside(zone, 5, 8) && !inside(zone, 6, 4) && !inside(zone, 1, 3));
        let wide = drawer_zone(&trail(&[(2, 3), (3, 3), (4, 3), (5, 3), (5, 4)]), 1);
        assert!(inside(wide, 6, 8) && inside(wide, 1, 2) && !inside(wide, 7, 4));
    }

    #[test]
    fn no_trail_no_zone() {
        assert_eq!(drawer_zone(&[], 1), 0);
        let dot = drawer_zone(&trail(&[(0, 0)]), 0);
        assert!(inside(dot, 2, 2) && !inside(dot, 3, 0));
    }
}
