//! Lower bounds on the throws still needed, used to prune the search.

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
pub fn relaxed_distances(board: &Board) -> Grid<u32> {
    let bounds = board.blocks.bounds();
    let mut dist = Grid::new(bounds.rows, bounds.cols, u32::MAX);
    let mut queue = VecDeque::new();
    // One throw: any square in the goal's row or column.
    for dir in Dir4::ALL {
        let mut at = board.goal;
        while let Some(next) = bounds.step(at, dir.delta()) {
            dist[next] = 1;
            queue.push_back(next);
            at = next;
        }
    }
    // k + 1 throws: any square on the line behind a square `stop` that needs k,
    // when a throw along that line can end on `stop` (an original block lies just beyond it).
    while let Some(stop) = queue.pop_front() {
        let next_dist = dist[stop] + 1;
        for dir in Dir4::ALL {
            let beyond = bounds.step(stop, dir.delta());
            if !beyond.is_some_and(|b| board.blocks[b]) {
                continue;
            }
            let mut from = stop;
            while let Some(prev) = bounds.step(from, dir.opposite().delta()) {
                if dist[prev] == u32::MAX {
                    dist[prev] = next_dist;
                    queue.push_back(prev);
                }
                from = prev;
            }
        }
    }
    dist
}

/// One throw when the goal is in plain sight along a row or column of the
/// board as it stands, otherwise at least two (a turn, or a block to clear).
pub fn sight_bound(blocks: &Grid<bool>, goal: Pos, at: Pos) -> u32 {
    let in_sight = if at.row == goal.row {
        let (lo, hi) = (at.col.min(goal.col), at.col.max(goal.col));
        (lo + 1..hi).all(|col| !blocks[Pos::new(at.row, col)])
    } else if at.col == goal.col {
        let (lo, hi) = (at.row.min(goal.row), at.row.max(goal.row));
        (lo + 1..hi).all(|row| !blocks[Pos::new(row, at.col)])
    } else {
        false
    };
    if in_sight {
        1
    } else {
        2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&[u8]]) -> Board {
        Board::from_codes(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
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
        // Start (2, 0); the block at (0, 0) lets a stone moving up stop at (1, 0)? No: at (1, 0)
        // it stops before (0, 0), then a throw right along row 1 reaches the goal.
        let b = board(&[&[1, 0, 0], &[0, 0, 3], &[2, 0, 0]]);
        let d = relaxed_distances(&b);
        assert_eq!(d[Pos::new(1, 0)], 1);
        assert_eq!(d[b.start], 2);
    }

    #[test]
    fn sight_is_blocked_by_a_block_between() {
        let b = board(&[&[2, 1, 0, 3]]);
        assert_eq!(sight_bound(&b.blocks, b.goal, b.start), 2);
        assert_eq!(sight_bound(&b.blocks, b.goal, Pos::new(0, 2)), 1);
    }
}
