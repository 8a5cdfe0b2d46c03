//! The bot's one breadth-first search over the board's vertices, one unit step a move: pen-up
//! walking distances (`Board::walk`), the ways home of a pen-down trail (`closing`) and the
//! distances back to it (`grow`) are each this search with their own steps.
//!
//! Fixed arrays indexed by `Vertex::index`, no allocation: the bot runs in an unoptimised build.
//! Cost: O(vertices), each step asked about at most once per direction.

use crate::geometry::{Dir, Vertex, SIDE, VERTICES};

/// Distance of a vertex nobody can reach.
pub const FAR: u32 = 1_000;

/// Parent of a source, and of a vertex not reached; a move off the board in `STEPS`.
const NONE: u8 = u8::MAX;

/// The vertex of each index (a table: the bot runs unoptimised, where every call counts).
const AT: [Vertex; VERTICES] = {
    let mut at = [Vertex::new(0, 0); VERTICES];
    let mut i = 0;
    while i < VERTICES {
        at[i] = Vertex::new((i % SIDE) as i32, (i / SIDE) as i32);
        i += 1;
    }
    at
};

/// `STEPS[v][k]`: the index of the vertex one move `Dir::MOVES[k]` (up, down, left, right)
/// from vertex `v`, `NONE` off the board.
const STEPS: [[u8; 4]; VERTICES] = {
    let mut steps = [[NONE; 4]; VERTICES];
    let mut i = 0;
    while i < VERTICES {
        let (x, y) = (i % SIDE, i / SIDE);
        if y > 0 {
            steps[i][0] = (i - SIDE) as u8;
        }
        if y < SIDE - 1 {
            steps[i][1] = (i + SIDE) as u8;
        }
        if x > 0 {
            steps[i][2] = (i - 1) as u8;
        }
        if x < SIDE - 1 {
            steps[i][3] = (i + 1) as u8;
        }
        i += 1;
    }
    steps
};

/// What one search found.
pub struct Bfs {
    /// Moves from the nearest source; `FAR` where no way leads.
    pub dist: [u32; VERTICES],
    /// The vertex each vertex was first reached from (`NONE` for sources and the unreached).
    parent: [u8; VERTICES],
    /// The reached vertices in the order reached, sources first.
    order: [u8; VERTICES],
    reached: usize,
}

impl Bfs {
    /// Searches from every vertex of `sources` at once (in index order). The move
    /// `Dir::MOVES[k]` from `at` to the on-board, not yet reached `to` is taken when
    /// `open(at, k, to)`. A vertex of `ends` is reached but not searched on from (a source always
    /// is). Moves are tried in `Dir::MOVES` order, so ties always break the same way.
    pub fn new(sources: u128, ends: u128, open: impl FnMut(Vertex, usize, Vertex) -> bool) -> Bfs {
        Bfs::search(sources, ends, false, open)
    }

    /// `new`, stopped as soon as it reaches a vertex of `ends`: the nearest one, reached last.
    pub fn to_nearest_end(
        sources: u128,
        ends: u128,
        open: impl FnMut(Vertex, usize, Vertex) -> bool,
    ) -> Bfs {
        Bfs::search(sources, ends, true, open)
    }

    fn search(
        sources: u128,
        ends: u128,
        stop_at_end: bool,
        mut open: impl FnMut(Vertex, usize, Vertex) -> bool,
    ) -> Bfs {
        let mut bfs = Bfs {
            dist: [FAR; VERTICES],
            parent: [NONE; VERTICES],
            order: [0; VERTICES],
            reached: 0,
        };
        for v in 0..VERTICES {
            if sources >> v & 1 == 1 {
                bfs.reach(v, NONE, 0);
            }
        }
        let source_count = bfs.reached;
        let mut head = 0;
        while head < bfs.reached {
            let at = bfs.order[head] as usize;
            head += 1;
            if head > source_count && ends >> at & 1 == 1 {
                continue;
            }
            for (k, &to) in STEPS[at].iter().enumerate() {
                let to = to as usize;
                if to == NONE as usize || bfs.dist[to] != FAR || !open(AT[at], k, AT[to]) {
                    continue;
                }
                bfs.reach(to, at as u8, bfs.dist[at] + 1);
                if stop_at_end && ends >> to & 1 == 1 {
                    return bfs;
                }
            }
        }
        bfs
    }

    fn reach(&mut self, v: usize, parent: u8, dist: u32) {
        self.dist[v] = dist;
        self.parent[v] = parent;
        self.order[self.reached] = v as u8;
        self.reached += 1;
    }

    /// Every reached vertex, in the order reached (sources first, then by distance).
    pub fn reached(&self) -> impl Iterator<Item = Vertex> + '_ {
        self.order[..self.reached]
            .iter()
            .map(|&i| Vertex::from_index(i as usize))
    }

    /// The first move of the way found to `to`, from its source; `None` for a source or a
    /// vertex not reached.
    pub fn first_step(&self, to: Vertex) -> Option<Dir> {
        let (mut at, mut before) = (to.index(), self.parent[to.index()]);
        if before == NONE {
            return None;
        }
        while self.parent[before as usize] != NONE {
            at = before as usize;
            before = self.parent[at];
        }
        Dir::between(Vertex::from_index(before as usize), Vertex::from_index(at))
    }

    /// The way found to `to`: the vertices after its source, `to` last (empty for a source or
    /// a vertex not reached).
    pub fn path(&self, to: Vertex) -> Vec<Vertex> {
        let mut path = Vec::new();
        let mut at = to.index();
        while self.parent[at] != NONE {
            path.push(Vertex::from_index(at));
            at = self.parent[at] as usize;
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: i32, y: i32) -> Vertex {
        Vertex::new(x, y)
    }

    #[test]
    fn the_tables_agree_with_the_geometry() {
        for v in Vertex::all() {
            assert_eq!(AT[v.index()], v);
            for (k, dir) in Dir::MOVES.into_iter().enumerate() {
                let to = v.step(dir);
                let want = if to.on_board() {
                    to.index() as u8
                } else {
                    NONE
                };
                assert_eq!(STEPS[v.index()][k], want, "{v:?} {dir:?}");
            }
        }
    }

    #[test]
    fn distances_ways_and_first_steps_on_an_open_board() {
        let bfs = Bfs::new(v(2, 2).bit(), 0, |_, _, _| true);
        assert_eq!(bfs.dist[v(2, 2).index()], 0);
        assert_eq!(bfs.dist[v(5, 0).index()], 5);
        assert_eq!(bfs.reached().count(), VERTICES);
        assert_eq!(bfs.reached().next(), Some(v(2, 2)));
        // Up is tried first: the way to (3,1) goes up, then right.
        assert_eq!(bfs.path(v(3, 1)), vec![v(2, 1), v(3, 1)]);
        assert_eq!(bfs.first_step(v(3, 1)), Some(Dir::Up));
        assert_eq!(bfs.first_step(v(2, 2)), None);
        assert!(bfs.path(v(2, 2)).is_empty());
    }

    #[test]
    fn ends_are_reached_but_not_crossed_and_steps_can_be_closed() {
        // A wall of ends across row 1 but for the source: the rows above are out of reach.
        let wall = (0..=10).fold(0u128, |m, x| m | v(x, 1).bit());
        let bfs = Bfs::new(v(5, 1).bit(), wall & !v(5, 1).bit(), |at, _, to| {
            !(at == v(5, 1) && to == v(5, 0))
        });
        assert_eq!(bfs.dist[v(4, 1).index()], 1);
        assert_eq!(bfs.dist[v(0, 1).index()], 7, "round below the wall");
        assert_eq!(bfs.dist[v(5, 0).index()], FAR);
        assert_eq!(bfs.dist[v(0, 0).index()], FAR);
        // Stopped at the first end reached: (4,1), after (5,0) and (5,2); (6,1) never reached.
        let nearest = Bfs::to_nearest_end(v(5, 1).bit(), wall & !v(5, 1).bit(), |_, _, _| true);
        assert_eq!(nearest.reached().last(), Some(v(4, 1)));
        assert_eq!(nearest.reached().count(), 4);
        assert_eq!(nearest.dist[v(6, 1).index()], FAR);
    }

    #[test]
    fn many_sources_at_once() {
        let bfs = Bfs::new(v(0, 0).bit() | v(10, 10).bit(), 0, |_, _, _| true);
        assert_eq!(bfs.dist[v(5, 4).index()], 9);
        assert_eq!(bfs.dist[v(6, 5).index()], 9);
        assert_eq!(bfs.path(v(10, 9)), vec![v(10, 9)]);
    }
}
