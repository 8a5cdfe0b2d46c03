//! Ways to close an open trail (pen down): for each trail vertex, the shortest drawn path
//! back to it and the two L-shaped paths, each judged by what it captures and by how safe it
//! is. The planner falls back on these whenever its rectangle can no longer be finished safely;
//! `closing_distance` is how soon any drawer could close, `best_capture` what it would take.

use super::bfs::{Bfs, FAR};
use super::board::{move_index, Board};
use super::rect::capture_value;
use crate::capture;
use crate::geometry::{Vertex, VERTICES};

/// One way to close the loop.
#[derive(Clone, Debug)]
pub struct Completion {
    /// The vertices to step on, the last one a vertex of the trail (the closing step).
    pub path: Vec<Vertex>,
    /// What the capture is worth: sum of squared areas, plus the kill bonus.
    pub value: u32,
    /// Smallest opponent distance to the trail or the path, minus the moves still needed:
    /// negative when some opponent could stand on the trail before it closes.
    pub margin: i64,
}

/// What the completion search needs besides the board.
pub struct ClosingContext<'a> {
    pub board: &'a Board,
    /// The open trail, current vertex last.
    pub trail: &'a [Vertex],
    /// Unowned cells (cell mask).
    pub unowned: u128,
    /// Per vertex: the fewest turns in which some opponent can stand there.
    pub threat: &'a [u32; VERTICES],
    /// Vertices never to step on (traps, players).
    pub avoid: u128,
    /// Opponents' vertices (a kill when strictly inside the loop) and the value of a kill.
    pub victims: u128,
    pub kill_bonus: u32,
}

impl ClosingContext<'_> {
    /// Every candidate completion (possibly with repeats), unsorted.
    pub fn completions(&self) -> Vec<Completion> {
        let mut found = Vec::new();
        let n = self.trail.len();
        if n < 2 {
            return found;
        }
        for path in self.shortest_paths() {
            found.push(self.judge(path));
        }
        let pos = self.trail[n - 1];
        for &target in &self.trail[..n - 1] {
            for x_first in [true, false] {
                if let Some(path) = self.l_path(pos, target, x_first) {
                    found.push(self.judge(path));
                }
            }
        }
        found
    }

    fn on_trail(&self, v: Vertex) -> bool {
        self.trail.contains(&v)
    }

    /// The shortest way to each trail vertex the pen can close on.
    fn shortest_paths(&self) -> Vec<Vec<Vertex>> {
        let from = self.trail[self.trail.len() - 1];
        let ways = Bfs::new(
            from.bit(),
            mask(self.trail),
            homeward(self.board, self.trail, self.avoid),
        );
        ways.reached()
            .skip(1) // the pen's own vertex
            .filter(|&v| self.on_trail(v))
            .map(|end| ways.path(end))
            .collect()
    }

    /// The path from `from` to `to` along x first then y (or the other way), if every step
    /// may be drawn and it meets the trail only at `to`.
    fn l_path(&self, from: Vertex, to: Vertex, x_first: bool) -> Option<Vec<Vertex>> {
        let mut path = Vec::new();
        let mut at = from;
        let legs = if x_first {
            [true, false]
        } else {
            [false, true]
        };
        for along_x in legs {
            while (along_x && at.x != to.x) || (!along_x && at.y != to.y) {
                let next = if along_x {
                    Vertex::new(at.x + (to.x - at.x).signum(), at.y)
                } else {
                    Vertex::new(at.x, at.y + (to.y - at.y).signum())
                };
                let k = move_index(at, next)?;
                if !self.board.drawable(at, k) || self.avoid & next.bit() != 0 {
                    return None;
                }
                if next != to && self.on_trail(next) {
                    return None;
                }
                path.push(next);
                at = next;
            }
        }
        let n = self.trail.len();
        if path.is_empty() || path[0] == self.trail[n - 2] {
            return None; // nothing to draw, or straight back
        }
        Some(path)
    }

    /// What closing along `path` (its last vertex on the trail) captures, and its margin.
    pub fn judge(&self, path: Vec<Vertex>) -> Completion {
        let end = *path.last().expect("a completion has a closing step");
        let start = self
            .trail
            .iter()
            .position(|&v| v == end)
            .expect("a completion ends on the trail");
        let mut polygon: Vec<Vertex> = self.trail[start..].to_vec();
        polygon.extend_from_slice(&path[..path.len() - 1]);
        let interior = capture::interior_cells(&polygon);
        let inside = capture::strictly_inside_vertices(&polygon, interior);
        let kills = (inside & self.victims).count_ones();
        let value = capture_value(interior, self.unowned) + kills * self.kill_bonus;
        let nearest = self
            .trail
            .iter()
            .chain(path.iter())
            .map(|v| self.threat[v.index()])
            .min()
            .unwrap_or(FAR);
        Completion {
            margin: nearest as i64 - path.len() as i64,
            value,
            path,
        }
    }
}

/// The shortest way for a pen-down player standing at the end of `trail` to close its loop:
/// the number of moves, or `FAR` when it cannot.
pub fn closing_distance(board: &Board, trail: &[Vertex]) -> u32 {
    let n = trail.len();
    match n {
        0 => FAR,
        1 => 4, // pen just went down in place: the smallest loop is a unit square
        _ => {
            let nearest =
                Bfs::to_nearest_end(trail[n - 1].bit(), mask(trail), homeward(board, trail, 0));
            trail[..n - 1]
                .iter()
                .map(|v| nearest.dist[v.index()])
                .min()
                .unwrap_or(FAR)
        }
    }
}

/// The most a pen-down player at the end of `trail` could capture by closing now, by its
/// shortest or an L-shaped way home, whoever might stand in the way (sum of squared areas of
/// the unowned cells `unowned`).
pub fn best_capture(board: &Board, trail: &[Vertex], unowned: u128) -> u32 {
    let open = [FAR; VERTICES];
    let ctx = ClosingContext {
        board,
        trail,
        unowned,
        threat: &open,
        avoid: 0,
        victims: 0,
        kill_bonus: 0,
    };
    ctx.completions().iter().map(|c| c.value).max().unwrap_or(0)
}

/// The drawn steps the pen at the end of `trail` (at least two vertices) may take on its way
/// home: along drawable edges, off the vertices of `avoid`, never straight back. With the
/// trail's vertices as ends, every trail vertex reached is a closing step.
fn homeward<'a>(
    board: &'a Board,
    trail: &[Vertex],
    avoid: u128,
) -> impl Fn(Vertex, usize, Vertex) -> bool + 'a {
    let n = trail.len();
    let (from, back) = (trail[n - 1], trail[n - 2]);
    move |at, k, to| board.drawable(at, k) && avoid & to.bit() == 0 && !(at == from && to == back)
}

fn mask(trail: &[Vertex]) -> u128 {
    trail.iter().fold(0u128, |m, v| m | v.bit())
}

/// The `count` closings worth most, best first, ties in the list's order, each dropped when
/// its path is the one kept just before it: what a stable sort by worth, `dedup_by` on the
/// path and `truncate` give, picked in O(n * count) instead of sorting the hundreds of
/// closings for their first few: a full insertion sort was too slow in the worst turns, and
/// the standard library's sort too large in the C bundle (`benches/README.md`).
pub fn best_closings(
    candidates: Vec<&Completion>,
    worth: impl Fn(&Completion) -> u64,
    count: usize,
) -> Vec<&Completion> {
    let mut left: Vec<(u64, &Completion)> = candidates.into_iter().map(|c| (worth(c), c)).collect();
    let mut best: Vec<&Completion> = Vec::with_capacity(count);
    while best.len() < count && !left.is_empty() {
        let mut at = 0;
        for i in 1..left.len() {
            if left[i].0 > left[at].0 {
                at = i;
            }
        }
        let (_, next) = left.remove(at);
        if best.last().map_or(true, |kept| kept.path != next.path) {
            best.push(next);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::cell_index;
    use crate::state::Game;

    #[test]
    fn best_closings_are_the_head_of_the_sorted_deduplicated_list() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..2_000 {
            // Few paths and values, so that ties and repeated paths are common.
            let options: Vec<Completion> = (0..rng.random_range(0..30))
                .map(|_| Completion {
                    path: vec![Vertex::new(rng.random_range(0..3), 0)],
                    value: rng.random_range(0..4),
                    margin: 0,
                })
                .collect();
            let count = rng.random_range(0..8);
            let worth = |c: &Completion| u64::from(c.value);
            let mut want: Vec<&Completion> = options.iter().collect();
            want.sort_by_key(|c| std::cmp::Reverse(worth(c)));
            want.dedup_by(|a, b| a.path == b.path);
            want.truncate(count);
            let got = best_closings(options.iter().collect(), worth, count);
            assert!(got
                .iter()
                .map(|c| *c as *const Completion)
                .eq(want.iter().map(|c| *c as *const Completion)));
        }
    }

    fn v(x: i32, y: i32) -> Vertex {
        Vertex::new(x, y)
    }

    #[test]
    fn three_sides_drawn_close_with_one_step_or_go_round() {
        let game = Game::new(&[Some(v(0, 0)), Some(v(10, 10))]);
        let board = Board::new(&game);
        let trail = [
            v(2, 2),
            v(3, 2),
            v(4, 2),
            v(4, 3),
            v(4, 4),
            v(3, 4),
            v(2, 4),
            v(2, 3),
        ];
        let threat = [FAR; VERTICES];
        let ctx = ClosingContext {
            board: &board,
            trail: &trail,
            unowned: game.unowned_mask(),
            threat: &threat,
            avoid: 0,
            victims: 0,
            kill_bonus: 0,
        };
        let all = ctx.completions();
        let shortest = all.iter().min_by_key(|c| c.path.len()).unwrap();
        assert_eq!(shortest.path, vec![v(2, 2)]);
        assert_eq!(shortest.value, 16);
        assert_eq!(shortest.margin, FAR as i64 - 1);
        // Going round the outside to close on the far side captures more.
        let best = all.iter().max_by_key(|c| c.value).unwrap();
        assert!(best.value > 16 && best.path.len() > 1, "{best:?}");
        // Never straight back, never through the trail.
        for c in &all {
            assert_ne!(c.path[0], v(2, 4));
            for w in &c.path[..c.path.len() - 1] {
                assert!(!trail.contains(w));
            }
        }
    }

    #[test]
    fn margin_counts_the_nearest_opponent() {
        let game = Game::new(&[Some(v(0, 0)), Some(v(10, 10))]);
        let board = Board::new(&game);
        let trail = [v(2, 2), v(3, 2), v(3, 3)];
        let mut threat = [FAR; VERTICES];
        threat[v(3, 2).index()] = 2;
        let ctx = ClosingContext {
            board: &board,
            trail: &trail,
            unowned: game.unowned_mask(),
            threat: &threat,
            avoid: 0,
            victims: 0,
            kill_bonus: 0,
        };
        let shortest = ctx
            .completions()
            .into_iter()
            .min_by_key(|c| c.path.len())
            .unwrap();
        assert_eq!(shortest.path, vec![v(2, 3), v(2, 2)]);
        assert_eq!(shortest.margin, 0);
    }

    #[test]
    fn closing_distance_of_an_open_square() {
        let game = Game::new(&[Some(v(0, 0)), Some(v(9, 9))]);
        let board = Board::new(&game);
        let trail = [v(2, 2), v(3, 2), v(4, 2), v(4, 3), v(4, 4)];
        // From (4,4): left twice and up twice reaches (2,2); (3,4)->(3,3)->(3,2) is 3.
        assert_eq!(closing_distance(&board, &trail), 3);
        assert_eq!(closing_distance(&board, &trail[..1]), 4);
    }

    #[test]
    fn best_capture_of_an_open_square_is_the_whole_square_whoever_stands_near() {
        // Seat 1 stands on (2,4), on the way home round the 2 x 2 square: it counts for nothing.
        let game = Game::new(&[Some(v(0, 0)), Some(v(2, 4))]);
        let board = Board::new(&game);
        let trail = [v(2, 2), v(3, 2), v(4, 2), v(4, 3), v(4, 4)];
        let unowned = game.unowned_mask();
        assert_eq!(best_capture(&board, &trail, unowned), 4 * 4);
        let owned = unowned & !(1 << cell_index(3, 2).unwrap()); // three cells left
        assert_eq!(best_capture(&board, &trail, owned), 3 * 3);
        assert_eq!(best_capture(&board, &trail[..1], unowned), 0);
    }
}
