//! Axis-aligned rectangles on the vertex grid: the loops the planner draws.
//!
//! A rectangle is the cheapest loop for its area (perimeter `2 (w + h)` for `w h` cells), so the
//! planner only ever starts rectangles; the pen-down phase may cut them short (see `closing`).

use crate::capture;
use crate::geometry::{Vertex, CELLS, SIDE};

/// Corners `(x1, y1)` (top left) and `(x2, y2)` (bottom right), `x1 < x2`, `y1 < y2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x1: i32,
    pub y1: i32,
    pub x2: i32,
    pub y2: i32,
}

impl Rect {
    pub fn width(&self) -> i32 {
        self.x2 - self.x1
    }
    pub fn height(&self) -> i32 {
        self.y2 - self.y1
    }
    /// Moves needed to draw the whole outline.
    pub fn perimeter(&self) -> u32 {
        2 * (self.width() + self.height()) as u32
    }

    /// The cells inside, as a cell mask (bit `y * 10 + x`).
    pub fn cells(&self) -> u128 {
        let row = (1u128 << self.width()) - 1;
        (self.y1..self.y2).fold(0, |mask, y| {
            mask | row << (y as usize * CELLS + self.x1 as usize)
        })
    }

    #[cfg(test)]
    pub fn on_outline(&self, v: Vertex) -> bool {
        let inside_x = (self.x1..=self.x2).contains(&v.x);
        let inside_y = (self.y1..=self.y2).contains(&v.y);
        (inside_x && (v.y == self.y1 || v.y == self.y2))
            || (inside_y && (v.x == self.x1 || v.x == self.x2))
    }

    /// Whether `v` is strictly inside (a player there dies when the loop closes).
    pub fn strictly_inside(&self, v: Vertex) -> bool {
        self.x1 < v.x && v.x < self.x2 && self.y1 < v.y && v.y < self.y2
    }

    /// The outline clockwise (on screen: right along the top first) from the top-left corner.
    pub fn outline(&self) -> Vec<Vertex> {
        let mut ring = Vec::with_capacity(self.perimeter() as usize);
        for x in self.x1..self.x2 {
            ring.push(Vertex::new(x, self.y1));
        }
        for y in self.y1..self.y2 {
            ring.push(Vertex::new(self.x2, y));
        }
        for x in (self.x1 + 1..=self.x2).rev() {
            ring.push(Vertex::new(x, self.y2));
        }
        for y in (self.y1 + 1..=self.y2).rev() {
            ring.push(Vertex::new(self.x1, y));
        }
        ring
    }

    /// The vertices visited when drawing the outline from `start` (on it) in one direction:
    /// every outline vertex after `start`, then `start` again (the closing step).
    pub fn tour(&self, start: Vertex, clockwise: bool) -> Vec<Vertex> {
        let mut ring = self.outline();
        if !clockwise {
            ring.reverse();
        }
        let at = ring
            .iter()
            .position(|&v| v == start)
            .expect("the tour starts on the outline");
        ring.rotate_left(at);
        ring.push(start);
        ring.remove(0);
        ring
    }

    /// Every rectangle on the board.
    pub fn all() -> impl Iterator<Item = Rect> {
        let n = CELLS as i32;
        (0..n).flat_map(move |x1| {
            (x1 + 1..=n).flat_map(move |x2| {
                (0..n).flat_map(move |y1| (y1 + 1..=n).map(move |y2| Rect { x1, y1, x2, y2 }))
            })
        })
    }
}

/// The sum of the squared areas of the regions a capture of the unowned cells among `cells`
/// makes, each 4-connected group its own region: the points it brings divided by
/// [`SQUARE_POINTS`](crate::score::SQUARE_POINTS). `cells` must be 4-connected itself (a
/// rectangle, a loop's interior): when all of it is unowned, it is counted as one region.
pub fn capture_value(cells: u128, unowned: u128) -> u32 {
    let free = cells & unowned;
    if free == cells {
        let n = free.count_ones();
        return n * n;
    }
    capture::components(free)
        .into_iter()
        .map(|group| {
            let n = group.count_ones();
            n * n
        })
        .sum()
}

/// Per straight segment of the vertex grid, facts combined over its vertices and edges, so
/// that a rectangle's outline is judged from its four sides in constant time.
pub struct Segments {
    /// `[line][a][b]`, `a < b`: horizontal segments on row `line` from `x = a` to `x = b`.
    horizontal: Vec<SegmentFacts>,
    /// The same for vertical segments on column `line` from `y = a` to `y = b`.
    vertical: Vec<SegmentFacts>,
}

/// What one segment's vertices and edges add up to.
#[derive(Clone, Copy, Default)]
pub struct SegmentFacts {
    /// Every edge of the segment may be drawn.
    pub drawable: bool,
    /// The smallest value of the vertex score (e.g. an opponent's distance) along the segment.
    pub min_threat: u32,
    /// The smallest travel distance to a vertex of the segment, and that vertex.
    pub nearest: (u32, Vertex),
}

fn slot(line: usize, a: usize, b: usize) -> usize {
    (line * SIDE + a) * SIDE + b
}

impl Segments {
    /// `drawable(v, horizontal)`: the edge from `v` one step right (or down) may be drawn;
    /// `threat[v]` and `travel[v]` per vertex index.
    pub fn new(
        drawable: impl Fn(Vertex, bool) -> bool,
        threat: &[u32],
        travel: &[u32],
    ) -> Segments {
        let mut horizontal = vec![SegmentFacts::default(); SIDE * SIDE * SIDE];
        let mut vertical = vec![SegmentFacts::default(); SIDE * SIDE * SIDE];
        for line in 0..SIDE {
            for (along_x, table) in [(true, &mut horizontal), (false, &mut vertical)] {
                let at = |i: usize| {
                    if along_x {
                        Vertex::new(i as i32, line as i32)
                    } else {
                        Vertex::new(line as i32, i as i32)
                    }
                };
                for a in 0..SIDE {
                    let first = at(a);
                    let mut facts = SegmentFacts {
                        drawable: true,
                        min_threat: threat[first.index()],
                        nearest: (travel[first.index()], first),
                    };
                    for b in a + 1..SIDE {
                        let v = at(b);
                        facts.drawable &= drawable(at(b - 1), along_x);
                        facts.min_threat = facts.min_threat.min(threat[v.index()]);
                        if travel[v.index()] < facts.nearest.0 {
                            facts.nearest = (travel[v.index()], v);
                        }
                        table[slot(line, a, b)] = facts;
                    }
                }
            }
        }
        Segments {
            horizontal,
            vertical,
        }
    }

    /// The facts of the outline of `r`.
    pub fn outline(&self, r: Rect) -> SegmentFacts {
        let (x1, y1, x2, y2) = (r.x1 as usize, r.y1 as usize, r.x2 as usize, r.y2 as usize);
        let sides = [
            self.horizontal[slot(y1, x1, x2)],
            self.horizontal[slot(y2, x1, x2)],
            self.vertical[slot(x1, y1, y2)],
            self.vertical[slot(x2, y1, y2)],
        ];
        let mut all = sides[0];
        for side in &sides[1..] {
            all.drawable &= side.drawable;
            all.min_threat = all.min_threat.min(side.min_threat);
            if side.nearest.0 < all.nearest.0 {
                all.nearest = side.nearest;
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x1: i32, y1: i32, x2: i32, y2: i32) -> Rect {
        Rect { x1, y1, x2, y2 }
    }

    #[test]
    fn outline_and_tour_go_round_once_and_close() {
        let r = rect(1, 1, 3, 2);
        assert_eq!(r.perimeter(), 6);
        let v = |x, y| Vertex::new(x, y);
        assert_eq!(
            r.outline(),
            vec![v(1, 1), v(2, 1), v(3, 1), v(3, 2), v(2, 2), v(1, 2)]
        );
        let tour = r.tour(v(3, 2), false);
        assert_eq!(
            tour,
            vec![v(3, 1), v(2, 1), v(1, 1), v(1, 2), v(2, 2), v(3, 2)]
        );
        assert!(tour.iter().all(|&w| r.on_outline(w)));
    }

    #[test]
    fn cells_of_a_rectangle() {
        let r = rect(2, 3, 4, 5);
        assert_eq!(
            capture::cells(r.cells()).collect::<Vec<_>>(),
            vec![32, 33, 42, 43]
        );
        assert_eq!(Rect::all().count(), 55 * 55);
    }

    #[test]
    fn split_captures_score_by_parts() {
        let r = rect(0, 0, 3, 1); // cells 0, 1, 2
        let unowned = !(1u128 << 1);
        assert_eq!(capture_value(r.cells(), unowned), 2);
        assert_eq!(capture_value(r.cells(), !0), 9);
    }

    #[test]
    fn segments_combine_sides() {
        let threat: Vec<u32> = (0..SIDE * SIDE).map(|i| i as u32).collect();
        let travel = vec![5; SIDE * SIDE];
        let centre = Segments::new(|v, _| v != Vertex::new(2, 2), &threat, &travel);
        let facts = centre.outline(rect(1, 1, 3, 3));
        assert!(facts.drawable, "(2,2) is the centre, not on the outline");
        assert_eq!(facts.min_threat, Vertex::new(1, 1).index() as u32);
        let top = Segments::new(
            |v, across| !(v == Vertex::new(2, 1) && across),
            &threat,
            &travel,
        );
        assert!(!top.outline(rect(1, 1, 3, 3)).drawable);
        assert!(top.outline(rect(1, 2, 3, 3)).drawable);
    }
}
