//! The lower bound on the throws still needed, used to prune the search.

use crate::Board;
use shared_grid::{Grid, Pos};

/// Throws needed from each square in a relaxed game where any block may
/// already have vanished: a throw along a line may end on any square whose
/// next square (along the throw) holds an original block, or on the goal.
///
/// Every real throw is also a relaxed throw (a stone only ever stops before a
/// block that was on the board from the start), so this never overestimates.
/// `u32::MAX` marks squares from which even the relaxed game never scores:
/// the search then ends at once.
pub fn relaxed_distances(board: &Board) -> Grid<u32> {
    let (rows, cols) = (board.blocks.rows(), board.blocks.cols());
    Grid::from_cells(rows, cols, relaxed_throws(board)).expect("one distance per square")
}

/// [`relaxed_distances`], row-major.
///
/// A backward breadth-first search from the goal. The squares a relaxed throw
/// towards `dir` can end on `stop` from are the whole line behind `stop`, up
/// to the board's edge. Labelling it square by square would cost a row's
/// length per stop square (quadratic on a 1 x 100,000 board), so each sweep
/// records, per direction, the squares it passed, and a later sweep in the
/// same direction stops at the first square already swept: everything behind
/// it was labelled by the earlier sweep, with a distance no larger. Every
/// square is swept at most once per direction: linear time.
pub(crate) fn relaxed_throws(board: &Board) -> Vec<u32> {
    let (rows, cols) = (board.blocks.rows(), board.blocks.cols());
    let mut bfs = Sweeps {
        cols,
        dist: vec![u32::MAX; rows * cols],
        swept: vec![0; rows * cols],
        queue: Vec::new(),
    };
    let blocked = |row: usize, col: usize| board.blocks[Pos::new(row, col)];
    // One throw: any square in the goal's row or column, thrown towards it.
    let (goal_row, goal_col) = (board.goal.row, board.goal.col);
    bfs.sweep_row(goal_row, (0..goal_col).rev(), RIGHT, 1);
    bfs.sweep_row(goal_row, goal_col + 1..cols, LEFT, 1);
    bfs.sweep_col(goal_col, (0..goal_row).rev(), DOWN, 1);
    bfs.sweep_col(goal_col, goal_row + 1..rows, UP, 1);
    // k + 1 throws: any square on the line behind a square `stop` that needs k,
    // when a throw along that line can end on `stop` (an original block lies just beyond it).
    let mut head = 0;
    while let Some(&stop) = bfs.queue.get(head) {
        head += 1;
        let (row, col) = (stop / cols, stop % cols);
        let next = bfs.dist[stop] + 1;
        if col + 1 < cols && blocked(row, col + 1) {
            bfs.sweep_row(row, (0..col).rev(), RIGHT, next);
        }
        if col > 0 && blocked(row, col - 1) {
            bfs.sweep_row(row, col + 1..cols, LEFT, next);
        }
        if row + 1 < rows && blocked(row + 1, col) {
            bfs.sweep_col(col, (0..row).rev(), DOWN, next);
        }
        if row > 0 && blocked(row - 1, col) {
            bfs.sweep_col(col, row + 1..rows, UP, next);
        }
    }
    bfs.dist
}

/// Throw directions, as bits of [`Sweeps::swept`].
const UP: u8 = 1;
const DOWN: u8 = 2;
const LEFT: u8 = 4;
const RIGHT: u8 = 8;

struct Sweeps {
    cols: usize,
    dist: Vec<u32>,
    /// Per square, the throw directions whose backward sweeps passed it.
    swept: Vec<u8>,
    /// The breadth-first queue (squares in the order they were labelled).
    queue: Vec<usize>,
}

impl Sweeps {
    /// Labels `distance` on the squares of `row` at `cols_behind` (walking away
    /// from the stop square), until one was already swept for `throw`.
    fn sweep_row(
        &mut self,
        row: usize,
        cols_behind: impl Iterator<Item = usize>,
        throw: u8,
        distance: u32,
    ) {
        for col in cols_behind {
            if !self.label(row * self.cols + col, throw, distance) {
                break;
            }
        }
    }

    fn sweep_col(
        &mut self,
        col: usize,
        rows_behind: impl Iterator<Item = usize>,
        throw: u8,
        distance: u32,
    ) {
        for row in rows_behind {
            if !self.label(row * self.cols + col, throw, distance) {
                break;
            }
        }
    }

    /// False when `square` was already swept for `throw`: the sweep ends.
    fn label(&mut self, square: usize, throw: u8, distance: u32) -> bool {
        if self.swept[square] & throw != 0 {
            return false;
        }
        self.swept[square] |= throw;
        if self.dist[square] == u32::MAX {
            self.dist[square] = distance;
            self.queue.push(square);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared_grid::Dir4;
    use std::collections::VecDeque;

    fn board(rows: &[&[u8]]) -> Board {
        Board::from_codes(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    /// The definition, square by square: the quadratic pass this module replaced.
    fn relaxed_by_rescanning(board: &Board) -> Grid<u32> {
        let bounds = board.blocks.bounds();
        let mut dist = Grid::new(bounds.rows, bounds.cols, u32::MAX);
        let mut queue = VecDeque::new();
        for dir in Dir4::ALL {
            let mut at = board.goal;
            while let Some(next) = bounds.step(at, dir.delta()) {
                dist[next] = 1;
                queue.push_back(next);
                at = next;
            }
        }
        while let Some(stop) = queue.pop_front() {
            for dir in Dir4::ALL {
                if !bounds
                    .step(stop, dir.delta())
                    .is_some_and(|b| board.blocks[b])
                {
                    continue;
                }
                let mut from = stop;
                while let Some(prev) = bounds.step(from, dir.opposite().delta()) {
                    if dist[prev] == u32::MAX {
                        dist[prev] = dist[stop] + 1;
                        queue.push_back(prev);
                    }
                    from = prev;
                }
            }
        }
        dist
    }

    #[test]
    fn goal_in_an_empty_corner_is_unreachable_even_relaxed() {
        let b = board(&[&[3, 0, 0, 0], &[0, 0, 1, 0], &[0, 2, 0, 0], &[0, 0, 0, 1]]);
        // Row 0 and column 0 hold no block: a stone can never stop in them.
        let d = relaxed_distances(&b);
        assert_eq!(d[Pos::new(0, 1)], 1);
        assert_eq!(d[b.start], u32::MAX);
    }

    #[test]
    fn relaxed_distances_count_turns() {
        // A stone moving up from (2, 0) stops at (1, 0) before the block at (0, 0), then a
        // throw right along row 1 reaches the goal.
        let b = board(&[&[1, 0, 0], &[0, 0, 3], &[2, 0, 0]]);
        let d = relaxed_distances(&b);
        assert_eq!(d[Pos::new(1, 0)], 1);
        assert_eq!(d[b.start], 2);
    }

    #[test]
    fn sweeps_that_stop_early_label_like_full_rescans() {
        // A small deterministic generator keeps this unit test free of dev-dependencies.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        for _ in 0..3000 {
            let (h, w) = (1 + next(9) as usize, 2 + next(9) as usize);
            let density = 1 + next(6);
            let mut rows: Vec<Vec<u8>> = (0..h)
                .map(|_| (0..w).map(|_| u8::from(next(10) < density)).collect())
                .collect();
            let start = next((h * w) as u64) as usize;
            let goal = (start + 1 + next((h * w - 1) as u64) as usize) % (h * w);
            rows[start / w][start % w] = 2;
            rows[goal / w][goal % w] = 3;
            let b = Board::from_codes(rows.clone()).unwrap();
            assert_eq!(relaxed_distances(&b), relaxed_by_rescanning(&b), "{rows:?}");
        }
    }
}
