//! The lower bound that prunes the search: throws in a relaxed game.

use crate::MAX_THROWS;

/// The squares from which a relaxed game, in which any block may already be gone, scores
/// within `k` throws, for the blocks `blocks` (a word a row, bit = column, `cols` squares at
/// most 64) and the goal at `goal`: row `row` of layer `k` is word `(k - 1) * rows + row`,
/// for `k` in `1..=MAX_THROWS`. A relaxed throw ends on any square of its line whose next
/// square holds a block of the original board (or at the goal), whatever lies between.
///
/// Every real throw is a relaxed one (a stone only ever stops before a block that was there
/// from the start, and only ever passes empty squares), so a square outside layer `k` needs
/// more than `k` real throws.
///
/// A breadth-first search backwards from the goal, a layer at a time and a row per word: the
/// squares from which a throw rightwards can end on a square of the last layer are those left
/// of the rightmost such stop square (one mask a row), the ones from which a throw downwards
/// can are those above one in its column (a running union from the bottom row up), and so on.
/// O(rows) word operations a layer, O(rows x MAX_THROWS) in all.
pub fn relaxed_layers(
    blocks: &[u64],
    cols: usize,
    (goal_row, goal_col): (usize, usize),
) -> Vec<u64> {
    let rows = blocks.len();
    let block_row = |row: Option<usize>| row.and_then(|row| blocks.get(row)).copied().unwrap_or(0);
    let all = !0 >> (64 - cols);
    // Layer 1: the goal's row and column, less the goal.
    let mut frontier: Vec<u64> = (0..rows)
        .map(|row| {
            if row == goal_row {
                all & !(1 << goal_col)
            } else {
                1 << goal_col
            }
        })
        .collect();
    let mut reached = frontier.clone();
    let mut layers = Vec::with_capacity(rows * MAX_THROWS as usize);
    layers.extend_from_slice(&reached);
    let mut next = vec![0u64; rows];
    for _ in 1..MAX_THROWS {
        next.fill(0);
        for (out, (&line, &block)) in next.iter_mut().zip(frontier.iter().zip(blocks)) {
            let (stops_right, stops_left) = (line & block >> 1, line & block << 1);
            if stops_right != 0 {
                *out |= (1 << (63 - stops_right.leading_zeros())) - 1;
            }
            if stops_left != 0 {
                *out |= !0 << stops_left.trailing_zeros() << 1;
            }
        }
        let mut carry = 0;
        for row in (0..rows).rev() {
            next[row] |= carry;
            carry |= frontier[row] & block_row(row.checked_add(1));
        }
        carry = 0;
        for row in 0..rows {
            next[row] |= carry;
            carry |= frontier[row] & block_row(row.checked_sub(1));
        }
        for ((front, seen), &new) in frontier.iter_mut().zip(&mut reached).zip(&next) {
            *front = new & all & !*seen;
            *seen |= *front;
        }
        layers.extend_from_slice(&reached);
    }
    layers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use shared_grid::{Dir4, Grid};
    use std::collections::VecDeque;

    fn board(rows: &[&[u8]]) -> Board {
        Board::from_codes(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    /// The definition, square by square: a breadth-first search that walks the whole line
    /// behind every stop square.
    fn relaxed_by_rescanning(board: &Board) -> Grid<u8> {
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
                let stops = bounds.step(stop, dir.delta());
                if !stops.is_some_and(|b| board.blocks[b]) {
                    continue;
                }
                let mut from = stop;
                while let Some(prev) = bounds.step(from, dir.opposite().delta()) {
                    if dist[prev] == u32::MAX && prev != board.goal {
                        dist[prev] = dist[stop] + 1;
                        queue.push_back(prev);
                    }
                    from = prev;
                }
            }
        }
        dist.map(|&d| d.min(MAX_THROWS + 1) as u8)
    }

    /// The relaxed throws from every square (row-major) by the layers, `MAX_THROWS + 1` for
    /// more; 0 for the goal.
    fn distances(b: &Board) -> Vec<u8> {
        let (rows, cols) = (b.blocks.rows(), b.blocks.cols());
        let row_bits = |row: &[bool]| {
            row.iter()
                .rev()
                .fold(0, |bits, &x| bits << 1 | u64::from(x))
        };
        let blocks: Vec<u64> = (0..rows).map(|row| row_bits(b.blocks.row(row))).collect();
        let layers = relaxed_layers(&blocks, cols, (b.goal.row, b.goal.col));
        (0..rows * cols)
            .map(|i| {
                let (row, col) = (i / cols, i % cols);
                let k = (0..MAX_THROWS as usize).find(|k| layers[k * rows + row] >> col & 1 != 0);
                if (row, col) == (b.goal.row, b.goal.col) {
                    0
                } else {
                    k.map_or(MAX_THROWS as u8 + 1, |k| k as u8 + 1)
                }
            })
            .collect()
    }

    #[test]
    fn goal_in_an_empty_corner_is_unreachable_even_relaxed() {
        let b = board(&[&[3, 0, 0, 0], &[0, 0, 1, 0], &[0, 2, 0, 0], &[0, 0, 0, 1]]);
        // Row 0 and column 0 hold no block: a stone can never stop in them.
        let d = distances(&b);
        assert_eq!(d[1], 1);
        assert_eq!(d[2 * 4 + 1], MAX_THROWS as u8 + 1);
    }

    #[test]
    fn relaxed_distances_count_turns() {
        // Up from (2, 0) stops at (1, 0) before the block at (0, 0), then right scores.
        let b = board(&[&[1, 0, 0], &[0, 0, 3], &[2, 0, 0]]);
        let d = distances(&b);
        assert_eq!((d[3], d[6]), (1, 2));
    }

    #[test]
    fn word_parallel_layers_label_like_full_rescans() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        for case in 0..3000 {
            let (h, w) = match case % 8 {
                0 => (1 + next(4) as usize, 2 + next(63) as usize),
                1 => (2 + next(150) as usize, 1 + next(4) as usize),
                _ => (1 + next(12) as usize, 2 + next(12) as usize),
            };
            let density = 1 + next(6);
            let mut rows: Vec<Vec<u8>> = (0..h)
                .map(|_| (0..w).map(|_| u8::from(next(10) < density)).collect())
                .collect();
            let start = next((h * w) as u64) as usize;
            let goal = (start + 1 + next((h * w - 1) as u64) as usize) % (h * w);
            rows[start / w][start % w] = 2;
            rows[goal / w][goal % w] = 3;
            let b = Board::from_codes(rows.clone()).unwrap();
            let mut want = relaxed_by_rescanning(&b);
            want[b.goal] = 0;
            let want: Vec<u8> = want.iter().map(|(_, &d)| d).collect();
            assert_eq!(distances(&b), want, "{rows:?}");
        }
    }
}
