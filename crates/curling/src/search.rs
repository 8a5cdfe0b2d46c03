//! The exact search behind [`min_throws`] (see the crate doc).

use crate::bound::relaxed_layers;
use crate::lines::Lines;
use crate::Board;
use shared_grid::{Grid, Pos};

/// The statement's limit: more than ten throws loses the game.
pub const MAX_THROWS: u32 = 10;

/// The fewest throws that bring the stone to the goal, if ten or fewer do.
pub fn min_throws(board: &Board) -> Option<u32> {
    min_throws_counted(board).0
}

/// [`min_throws`] and the number of positions the search visited (calls of its recursive
/// step, as the plain DFS counts its own): the work measure of the tests and benches.
pub fn min_throws_counted(board: &Board) -> (Option<u32>, u64) {
    let mut search = Search::new(board);
    (search.run(board), search.visited)
}

/// A square: (row, column).
type At = (usize, usize);

struct Search {
    height: usize,
    /// The blocks left on the current path, by row (bit = column)...
    rows: Lines,
    /// ... and by column (bit = row).
    cols: Lines,
    goal: At,
    /// The relaxed game's layers (see [`relaxed_layers`]): a stone outside layer `k` needs more
    /// than `k` throws.
    reach: Vec<u64>,
    /// The fewest throws found so far; `MAX_THROWS + 1` while none is.
    best: u32,
    visited: u64,
}

impl Search {
    fn new(board: &Board) -> Search {
        let (height, width) = (board.blocks.rows(), board.blocks.cols());
        let (mut rows, mut cols) = (Lines::new(), Lines::new());
        if height <= 64 && width <= 64 {
            // Every square is or-ed in, block or not: a branch on it would be a guess.
            for row in 0..height {
                for (col, &block) in board.blocks.row(row).iter().enumerate() {
                    rows.add(row, col, block);
                    cols.add(col, row, block);
                }
            }
        }
        Search {
            height,
            rows,
            cols,
            goal: (board.goal.row, board.goal.col),
            reach: Vec::new(),
            best: MAX_THROWS + 1,
            visited: 0,
        }
    }

    fn run(&mut self, board: &Board) -> Option<u32> {
        let start = (board.start.row, board.start.col);
        let width = board.blocks.cols();
        if self.height > 64 || width > 64 {
            self.slide(&mut board.blocks.clone(), board.start, 0);
        } else {
            // Answers of one or two throws are found without building anything.
            self.visited = 1;
            self.finish(start, 0, 2);
            if self.best > MAX_THROWS {
                let blocks = &self.rows.0[..self.height];
                self.reach = relaxed_layers(blocks, width, self.goal);
                if self.relaxed_within(start, MAX_THROWS) {
                    self.visited = 0;
                    self.improve(start, 0);
                }
            }
        }
        (self.best <= MAX_THROWS).then_some(self.best)
    }

    /// Boards with a line of more than 64 squares (never a judge's) have no bit lines: the
    /// plain depth-first search, sliding square by square, cut only by `best`.
    fn slide(&mut self, blocks: &mut Grid<bool>, at: Pos, used: u32) {
        self.visited += 1;
        let goal = Pos::new(self.goal.0, self.goal.1);
        for delta in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            if used + 1 >= self.best {
                return;
            }
            let mut stop = at;
            while let Some(next) = blocks.bounds().step(stop, delta) {
                if next == goal {
                    self.best = used + 1;
                    return;
                }
                if blocks[next] {
                    if stop != at {
                        blocks[next] = false;
                        self.slide(blocks, stop, used + 1);
                        blocks[next] = true;
                    }
                    break;
                }
                stop = next;
            }
        }
    }

    /// Lowers `best` to the fewest throws of any path through the stone resting on `at` after
    /// `used` throws, if that beats it; three throws or more may still beat it. Only paths
    /// that cannot beat `best` are cut, so the final `best` is the answer.
    fn improve(&mut self, at: At, used: u32) {
        self.visited += 1;
        if self.goal_in_sight(at) {
            self.best = used + 1;
            return;
        }
        let (throws, mut legal) = self.throws(at);
        while legal != 0 && used + 2 < self.best {
            let (next, block) = throws[legal.trailing_zeros() as usize];
            legal &= legal - 1;
            // The most throws from `next` that can beat `best` (an earlier throw may have
            // lowered it).
            let left = self.best - 2 - used;
            self.flip(block);
            if left <= 2 {
                // Not asked of the bound: it cuts half of these throws on climbed boards, too
                // many to guess, and its answer costs as much as this exact one.
                self.visited += 1;
                self.finish(next, used + 1, left);
            } else if self.relaxed_within(next, left) {
                self.improve(next, used + 1);
            }
            self.flip(block);
        }
    }

    /// [`Self::improve`] for a stone from which at most `left` throws (one or two) can beat
    /// `best`: one if the goal is in sight, two if a throw ends in sight of it.
    fn finish(&mut self, at: At, used: u32, left: u32) {
        if self.goal_in_sight(at) {
            self.best = used + 1;
        } else if left == 2 && self.lands_in_sight(at) {
            self.best = used + 2;
        }
    }

    /// Whether the relaxed game scores from `at` within `throws` (not more than `MAX_THROWS`).
    fn relaxed_within(&self, (row, col): At, throws: u32) -> bool {
        self.reach[(throws as usize - 1) * self.height + row] >> col & 1 != 0
    }

    /// The throws from `at`, in the plain DFS's order (up, down, left, right): where each
    /// stops, the block it removes, and a mask of the legal ones. The goal is not in sight
    /// from `at`, so no throw reaches it.
    fn throws(&self, (row, col): At) -> ([(At, At); 4], u32) {
        let (up, up_legal) = self.cols.throw(col, row, false);
        let (down, down_legal) = self.cols.throw(col, row, true);
        let (left, left_legal) = self.rows.throw(row, col, false);
        let (right, right_legal) = self.rows.throw(row, col, true);
        let throws = [
            ((up + 1, col), (up, col)),
            ((down.wrapping_sub(1), col), (down, col)),
            ((row, left + 1), (row, left)),
            ((row, right.wrapping_sub(1)), (row, right)),
        ];
        let legal = u32::from(up_legal)
            | u32::from(down_legal) << 1
            | u32::from(left_legal) << 2
            | u32::from(right_legal) << 3;
        (throws, legal)
    }

    /// The goal is one throw away: in the stone's row or column, no block between.
    fn goal_in_sight(&self, (row, col): At) -> bool {
        let (goal_row, goal_col) = self.goal;
        (row == goal_row && self.rows.clear_between(row, col, goal_col))
            || (col == goal_col && self.cols.clear_between(col, row, goal_row))
    }

    /// Whether one throw from `at`, from which the goal is not in sight, ends in sight of it.
    /// Only a throw towards the goal's row or column can, so at most two lines are looked at.
    fn lands_in_sight(&self, (row, col): At) -> bool {
        let (goal_row, goal_col) = self.goal;
        if row == goal_row {
            return self.rows.one_block_between(row, col, goal_col);
        }
        if col == goal_col {
            return self.cols.one_block_between(col, row, goal_row);
        }
        // Across: the throw must stop on the goal's line, and the block it removes lies off it.
        (self.cols.stops_on(col, row, goal_row) && self.rows.clear_between(goal_row, col, goal_col))
            || (self.rows.stops_on(row, col, goal_col)
                && self.cols.clear_between(goal_col, row, goal_row))
    }

    /// Removes the block at `at`, or puts it back.
    fn flip(&mut self, (row, col): At) {
        self.rows.flip(row, col);
        self.cols.flip(col, row);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&[u8]]) -> Board {
        Board::from_codes(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    /// The legal throws from `at`.
    fn throws(b: &Board, at: At) -> Vec<(At, At)> {
        let (throws, legal) = Search::new(b).throws(at);
        (0..4)
            .filter(|d| legal >> d & 1 != 0)
            .map(|d| throws[d])
            .collect()
    }

    #[test]
    fn a_throw_stops_before_a_block_and_refuses_an_adjacent_one() {
        let b = board(&[&[2, 0, 0, 1, 0], &[0, 0, 0, 0, 3]]);
        // Up and left leave the board, down leaves it too, right stops before (0, 3).
        assert_eq!(throws(&b, (0, 0)), [((0, 2), (0, 3))]);
        assert_eq!(throws(&b, (0, 2)), [], "adjacent block");
        assert_eq!(throws(&b, (0, 4)), [], "adjacent block");
        let column = board(&[&[1, 2], &[0, 0], &[0, 0], &[3, 0]]);
        assert_eq!(throws(&column, (3, 0)), [((1, 0), (0, 0))]);
        // Every direction at once, in the plain DFS's order (up, down, left, right).
        let cross = board(&[
            &[0, 0, 1, 0, 0],
            &[0, 0, 0, 0, 0],
            &[1, 0, 2, 0, 1],
            &[0, 0, 0, 0, 3],
            &[0, 0, 1, 0, 0],
        ]);
        let all = [
            ((1, 2), (0, 2)),
            ((3, 2), (4, 2)),
            ((2, 1), (2, 0)),
            ((2, 3), (2, 4)),
        ];
        assert_eq!(throws(&cross, (2, 2)), all);
    }

    #[test]
    fn the_plain_search_of_wide_boards_agrees() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        for _ in 0..1500 {
            let (h, w) = (1 + next(14) as usize, 2 + next(14) as usize);
            let density = 1 + next(5);
            let mut rows: Vec<Vec<u8>> = (0..h)
                .map(|_| (0..w).map(|_| u8::from(next(10) < density)).collect())
                .collect();
            let start = next((h * w) as u64) as usize;
            let goal = (start + 1 + next((h * w - 1) as u64) as usize) % (h * w);
            rows[start / w][start % w] = 2;
            rows[goal / w][goal % w] = 3;
            let b = Board::from_codes(rows.clone()).unwrap();
            let (answer, _) = min_throws_counted(&b);
            // The plain search of boards too wide for bit lines.
            let mut plain = Search::new(&b);
            plain.slide(&mut b.blocks.clone(), b.start, 0);
            assert_eq!(
                (plain.best <= MAX_THROWS).then_some(plain.best),
                answer,
                "{rows:?}"
            );
        }
    }
}
