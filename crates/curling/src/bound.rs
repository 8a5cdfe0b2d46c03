//! The lower bound on the throws still needed, used to prune the search.

use crate::{Board, MAX_THROWS};
use shared_grid::Grid;

/// The squares from which a relaxed game, in which any block may already have
/// vanished, can score within k throws, for k = 1..=[`MAX_THROWS`]. A relaxed
/// throw along a line may end on any square whose next square (along the
/// throw) holds an original block, or on the goal.
///
/// Every real throw is also a relaxed throw (a stone only ever stops before a
/// block that was on the board from the start), so the relaxed count never
/// overestimates: a square outside layer k needs more than k real throws.
///
/// The layers are bit sets by row (bit = column), built by a breadth-first
/// search that handles a whole layer with word operations: the squares from
/// which a relaxed throw right ends on a square of the last layer are all
/// those left of the rightmost such stop square in the row (one mask per row),
/// and those from which a throw down ends there are all the squares above one
/// in the same column (a running union from the bottom row up). So each layer
/// costs a few word operations per row word: about 1/64 of the squares.
pub struct RelaxedBound {
    words_per_row: usize,
    rows: usize,
    /// `within[(k - 1) * rows * words_per_row ..]`: the squares that need at most k throws.
    within: Vec<u64>,
    /// Layers built: from the last one on, nothing new is reached.
    layers: usize,
    /// See [`RelaxedBound::stops_within`].
    stops_within: u32,
}

impl RelaxedBound {
    pub fn new(board: &Board) -> RelaxedBound {
        let (rows, cols) = (board.blocks.rows(), board.blocks.cols());
        let goal = (board.goal.row, board.goal.col);
        RelaxedBound::from_blocks(rows, cols, &board.block_words(false), goal)
    }

    /// The bound for a board of `rows` x `cols` squares whose blocks are `blocks`, by row,
    /// `cols.div_ceil(64)` words a row (bit = column), with the goal at `goal`.
    pub fn from_blocks(
        rows: usize,
        cols: usize,
        blocks: &[u64],
        (goal_row, goal_col): (usize, usize),
    ) -> RelaxedBound {
        if cols <= 64 {
            return RelaxedBound::one_word_rows(rows, cols, blocks, (goal_row, goal_col));
        }
        let wpr = cols.div_ceil(64);
        // The bits of a row's last word that are squares of the board.
        let last_word = match cols % 64 {
            0 => !0,
            bits => (1u64 << bits) - 1,
        };
        // Layer 1: the goal's row and column (the goal itself is never a resting square).
        let mut frontier = vec![0u64; rows * wpr];
        for row in 0..rows {
            frontier[row * wpr + goal_col / 64] |= 1 << (goal_col % 64);
        }
        let goal_line = &mut frontier[goal_row * wpr..][..wpr];
        goal_line.fill(!0);
        goal_line[wpr - 1] &= last_word;
        goal_line[goal_col / 64] &= !(1 << (goal_col % 64));
        let mut reached = frontier.clone();
        let mut within = reached.clone();
        let mut layers = 1;
        let mut next = vec![0u64; rows * wpr];
        let mut carry = vec![0u64; wpr];
        while layers < MAX_THROWS as usize {
            next.fill(0);
            for row in 0..rows {
                let line = &frontier[row * wpr..][..wpr];
                if line.iter().all(|&word| word == 0) {
                    continue;
                }
                let block = &blocks[row * wpr..][..wpr];
                let out = &mut next[row * wpr..][..wpr];
                // Stop squares of throws right (a block just right) and left (a block just left).
                let stops_right =
                    |w: usize| line[w] & (block[w] >> 1 | block.get(w + 1).map_or(0, |b| b << 63));
                let stops_left = |w: usize| {
                    line[w] & (block[w] << 1 | w.checked_sub(1).map_or(0, |v| block[v] >> 63))
                };
                if let Some((w, stops)) = (0..wpr)
                    .rev()
                    .map(|w| (w, stops_right(w)))
                    .find(|s| s.1 != 0)
                {
                    // Every square left of the rightmost stop square.
                    out[..w].fill(!0);
                    out[w] |= (1u64 << (63 - stops.leading_zeros())) - 1;
                }
                if let Some((w, stops)) = (0..wpr).map(|w| (w, stops_left(w))).find(|s| s.1 != 0) {
                    // Every square right of the leftmost stop square.
                    out[w] |= (!0u64 << stops.trailing_zeros()) << 1;
                    out[w + 1..].fill(!0);
                    out[wpr - 1] &= last_word;
                }
            }
            // Throws down end on a square with a block below: every square above it.
            carry.fill(0);
            for row in (0..rows).rev() {
                for w in 0..wpr {
                    next[row * wpr + w] |= carry[w];
                    if row + 1 < rows {
                        carry[w] |= frontier[row * wpr + w] & blocks[(row + 1) * wpr + w];
                    }
                }
            }
            // Throws up end on a square with a block above: every square below it.
            carry.fill(0);
            for row in 0..rows {
                for w in 0..wpr {
                    next[row * wpr + w] |= carry[w];
                    if row > 0 {
                        carry[w] |= frontier[row * wpr + w] & blocks[(row - 1) * wpr + w];
                    }
                }
            }
            let mut any = false;
            for ((new, old), front) in next.iter_mut().zip(&mut reached).zip(&mut frontier) {
                *new &= !*old;
                *old |= *new;
                *front = *new;
                any |= *new != 0;
            }
            if !any {
                break;
            }
            within.extend_from_slice(&reached);
            layers += 1;
        }
        RelaxedBound {
            words_per_row: wpr,
            rows,
            within,
            layers,
            // Not worked out for rows of several words (no judge's board).
            stops_within: MAX_THROWS + 1,
        }
    }

    /// Whether the relaxed game can score from `(row, col)` within `throws` (at least 1).
    #[inline]
    pub fn within(&self, row: usize, col: usize, throws: u32) -> bool {
        let layer = (throws as usize).min(self.layers) - 1;
        let word = self.within[(layer * self.rows + row) * self.words_per_row + col / 64];
        word >> (col % 64) & 1 != 0
    }

    /// [`RelaxedBound::from_blocks`] when a row fits one word (every board of the
    /// statement): the same layers, with one word per row and no loop over words.
    fn one_word_rows(
        rows: usize,
        cols: usize,
        blocks: &[u64],
        (goal_row, goal_col): (usize, usize),
    ) -> RelaxedBound {
        let blocks = &blocks[..rows];
        let row_squares = if cols == 64 { !0 } else { (1u64 << cols) - 1 };
        let mut frontier = vec![1u64 << goal_col; rows];
        frontier[goal_row] = row_squares & !(1 << goal_col);
        let mut reached = frontier.clone();
        let mut within = Vec::with_capacity(rows * MAX_THROWS as usize);
        within.extend_from_slice(&reached);
        let mut layers = 1;
        let mut next = vec![0u64; rows];
        while layers < MAX_THROWS as usize {
            // Throws right end on a square with a block just right of it: every square left
            // of the rightmost such stop square starts one; throws left likewise.
            for ((out, &line), &block) in next.iter_mut().zip(&frontier).zip(blocks) {
                let stops_right = line & (block >> 1);
                let stops_left = line & (block << 1);
                let mut starts = 0;
                if stops_right != 0 {
                    starts |= (1u64 << (63 - stops_right.leading_zeros())) - 1;
                }
                if stops_left != 0 {
                    starts |= (!0u64 << stops_left.trailing_zeros()) << 1;
                }
                *out = starts & row_squares;
            }
            // Throws down end on a square with a block below: every square above it; throws
            // up likewise (running unions over the rows).
            let mut carry = 0;
            for row in (0..rows - 1).rev() {
                carry |= frontier[row + 1] & blocks.get(row + 2).copied().unwrap_or(0);
                next[row] |= carry;
            }
            carry = 0;
            for row in 1..rows {
                carry |= frontier[row - 1] & blocks.get(row.wrapping_sub(2)).copied().unwrap_or(0);
                next[row] |= carry;
            }
            let mut any = 0;
            for ((new, old), front) in next.iter().zip(&mut reached).zip(&mut frontier) {
                *front = new & !*old;
                *old |= *front;
                any |= *front;
            }
            if any == 0 {
                break;
            }
            within.extend_from_slice(&reached);
            layers += 1;
        }
        // The squares a stone can stop on: next to a block, not the goal. Blocks' own squares
        // count: a stone rests on one once its block is gone.
        let stops: Vec<u64> = (0..rows)
            .map(|row| {
                let block = blocks[row];
                let above = row.checked_sub(1).map_or(0, |up| blocks[up]);
                let below = blocks.get(row + 1).copied().unwrap_or(0);
                let goal = if row == goal_row { 1 << goal_col } else { 0 };
                (block << 1 | block >> 1 | above | below) & row_squares & !goal
            })
            .collect();
        let stops_within = (1..=layers)
            .find(|&k| {
                let layer = &within[(k - 1) * rows..][..rows];
                stops
                    .iter()
                    .zip(layer)
                    .all(|(stop, reached)| stop & !reached == 0)
            })
            .map_or(MAX_THROWS + 1, |k| k as u32);
        RelaxedBound {
            words_per_row: 1,
            rows,
            within,
            layers,
            stops_within,
        }
    }

    /// The fewest relaxed throws within which the goal can be reached from every square a
    /// stone can stop on (next to a block, not the goal; a block's own square too, as its
    /// block may be gone), or `MAX_THROWS + 1` (also when not worked out). A throw always
    /// ends on such a square, so with this many throws or more left after it the bound never
    /// cuts it.
    pub fn stops_within(&self) -> u32 {
        self.stops_within
    }

    /// The number of layers built: layer `k` for `k > layers()` equals the last.
    pub fn layers(&self) -> usize {
        self.layers
    }

    /// Layer `k` (1..=[`Self::layers`]): the squares from which the relaxed game scores within
    /// `k` throws, by row, `cols.div_ceil(64)` words a row, bit = column.
    pub fn layer(&self, k: usize) -> &[u64] {
        let len = self.rows * self.words_per_row;
        &self.within[(k - 1) * len..][..len]
    }

    /// The relaxed game's throws from `(row, col)`, or `MAX_THROWS + 1` when it needs more.
    pub fn throws(&self, row: usize, col: usize) -> u32 {
        (1..=MAX_THROWS)
            .find(|&k| self.within(row, col, k))
            .unwrap_or(MAX_THROWS + 1)
    }
}

/// The relaxed game's throws from every square (see [`RelaxedBound`]),
/// `MAX_THROWS + 1` where it needs more than [`MAX_THROWS`].
pub fn relaxed_distances(board: &Board) -> Grid<u32> {
    let bound = RelaxedBound::new(board);
    let (rows, cols) = (board.blocks.rows(), board.blocks.cols());
    let throws = (0..rows * cols)
        .map(|i| bound.throws(i / cols, i % cols))
        .collect();
    Grid::from_cells(rows, cols, throws).expect("one distance per square")
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared_grid::{Dir4, Pos};
    use std::collections::VecDeque;

    fn board(rows: &[&[u8]]) -> Board {
        Board::from_codes(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    /// The definition, square by square (a quadratic pass, as this module once was),
    /// capped like [`relaxed_distances`].
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
        dist.map(|&d| d.min(MAX_THROWS + 1))
    }

    #[test]
    fn goal_in_an_empty_corner_is_unreachable_even_relaxed() {
        let b = board(&[&[3, 0, 0, 0], &[0, 0, 1, 0], &[0, 2, 0, 0], &[0, 0, 0, 1]]);
        // Row 0 and column 0 hold no block: a stone can never stop in them.
        let d = relaxed_distances(&b);
        assert_eq!(d[Pos::new(0, 1)], 1);
        assert_eq!(d[b.start], MAX_THROWS + 1);
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
    fn word_parallel_layers_label_like_full_rescans() {
        // A small deterministic generator keeps this unit test free of dev-dependencies.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        for case in 0..3000 {
            // Mostly small boards; some rows and columns longer than a 64-bit word.
            let (h, w) = match case % 8 {
                0 => (1 + next(4) as usize, 2 + next(150) as usize),
                1 => (2 + next(150) as usize, 1 + next(4) as usize),
                _ => (1 + next(9) as usize, 2 + next(9) as usize),
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
            let relaxed = relaxed_by_rescanning(&b);
            assert_eq!(relaxed_distances(&b), relaxed, "{rows:?}");
            // The farthest square a stone can stop on, by the definition: next to a block
            // (a block's own square too, once its block is gone), not the goal.
            let bounds = b.blocks.bounds();
            let farthest_stop = (0..h * w)
                .map(|i| Pos::new(i / w, i % w))
                .filter(|&at| at != b.goal)
                .filter(|&at| {
                    Dir4::ALL
                        .iter()
                        .any(|dir| bounds.step(at, dir.delta()).is_some_and(|n| b.blocks[n]))
                })
                .map(|at| relaxed[at])
                .max()
                .unwrap_or(1)
                .max(1);
            let stops_within = RelaxedBound::new(&b).stops_within();
            if w <= 64 {
                assert_eq!(stops_within, farthest_stop, "{rows:?}");
            } else {
                assert!(stops_within >= farthest_stop, "{rows:?}");
            }
        }
    }
}
