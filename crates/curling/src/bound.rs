//! The lower bound on the throws still needed, used to prune the search.

use crate::Board;
use shared_grid::{Dir4, Grid, Pos};
use std::collections::VecDeque;

/// Throws needed from each square in a relaxed game where any block may
/// already have vanished: a throw along a line may end on any square whose
/// next square (along the throw) holds an original block, or on the goal.
///
/// Every real throw is also a relaxed throw (a stone only ever stops before a
/// block that was on the board from the start), so this never overestimates.
/// `u32::MAX` marks squares from which even the relaxed game never scores:
/// the search then ends at once.
///
/// A backward breadth-first search from the goal. The squares a relaxed throw
/// towards `dir` can end on `stop` from are the whole line behind `stop`, up
/// to the board's edge. Labelling it square by square would cost a row's
/// length per stop square (quadratic on a 1 x 100,000 board), so each sweep
/// records, per direction, the squares it passed, and a later sweep in the
/// same direction stops at the first square already swept: everything behind
/// it was labelled by the earlier sweep, with a distance no larger. Every
/// square is swept at most once per direction: linear time.
pub fn relaxed_distances(board: &Board) -> Grid<u32> {
    let bounds = board.blocks.bounds();
    let mut dist = Grid::new(bounds.rows, bounds.cols, u32::MAX);
    let mut swept = Grid::new(bounds.rows, bounds.cols, [false; 4]);
    let mut queue = VecDeque::new();
    // Labels the squares from which a throw towards `dir` passes `target`,
    // stopping at a square an earlier sweep towards `dir` already passed.
    let mut sweep = |target: Pos,
                     dir: usize,
                     distance: u32,
                     dist: &mut Grid<u32>,
                     queue: &mut VecDeque<Pos>| {
        let mut from = target;
        while let Some(prev) = bounds.step(from, Dir4::ALL[dir].opposite().delta()) {
            if std::mem::replace(&mut swept[prev][dir], true) {
                break;
            }
            if dist[prev] == u32::MAX {
                dist[prev] = distance;
                queue.push_back(prev);
            }
            from = prev;
        }
    };
    // One throw: any square in the goal's row or column, thrown towards it.
    for dir in 0..4 {
        sweep(board.goal, dir, 1, &mut dist, &mut queue);
    }
    // k + 1 throws: any square on the line behind a square `stop` that needs k,
    // when a throw along that line can end on `stop` (an original block lies just beyond it).
    while let Some(stop) = queue.pop_front() {
        let next_dist = dist[stop] + 1;
        for (dir, towards) in Dir4::ALL.into_iter().enumerate() {
            let beyond = bounds.step(stop, towards.delta());
            if beyond.is_some_and(|b| board.blocks[b]) {
                sweep(stop, dir, next_dist, &mut dist, &mut queue);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

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
