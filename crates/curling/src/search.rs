//! The exact search behind [`min_throws`].
//!
//! Iterative deepening over the throw budget, so the first budget that
//! succeeds is the answer. Budgets 1 and 2 are tried first with no set-up at
//! all (most easy boards end there); then the relaxed-game lower bound (see
//! [`relaxed_distances`]) is computed once, ends the search at once when even
//! the relaxed game needs more than [`MAX_THROWS`], and otherwise gives the
//! first budget worth trying. Inside one budget, a depth-first search
//! - skips a throw when the bound at the square it ends on exceeds the budget
//!   left after it;
//! - with one throw left, only asks whether the goal is in plain sight;
//! - searches each position (stone square + set of removed blocks) once: a
//!   position's depth is the number of removed blocks, so within one budget it
//!   is always met with the same budget left, and meeting it again means it
//!   already failed. The table is cleared between budgets (a failure with a
//!   smaller budget proves nothing about a larger one). Positions with two
//!   throws or fewer left are cheaper to search again than to look up.
//!
//! Slides use bit sets of the blocks per row and per column (see [`lines`]):
//! a throw is a couple of word operations, whatever the distance.

mod lines;

use crate::bound::relaxed_distances;
use crate::Board;
use lines::Lines;
use shared_grid::Pos;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// The statement's limit: more than ten throws loses the game.
pub const MAX_THROWS: u32 = 10;

/// Budgets from this up are looked up in the table of searched positions.
const TABLE_FROM_BUDGET: u32 = 3;

/// The fewest throws that bring the stone to the goal, if ten or fewer do.
pub fn min_throws(board: &Board) -> Option<u32> {
    min_throws_counted(board).0
}

/// [`min_throws`] and the number of positions the search visited (the work
/// measure of the benches and of the hill climber, `examples/climb.rs`).
pub fn min_throws_counted(board: &Board) -> (Option<u32>, u64) {
    let mut search = Search::new(board);
    let start = (board.start.row, board.start.col);
    let mut answer = (1..=2).find(|&budget| search.reaches_goal(start, budget));
    if answer.is_none() {
        let relaxed = relaxed_distances(board);
        let first_budget = relaxed[board.start].max(3);
        if first_budget <= MAX_THROWS {
            search.relaxed = relaxed.iter().map(|(_, &d)| d.min(255) as u8).collect();
            answer = (first_budget..=MAX_THROWS).find(|&budget| {
                search.searched.clear();
                search.reaches_goal(start, budget)
            });
        }
    }
    (answer, search.visited)
}

/// Where a slide along one line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slide {
    /// The stone passed over the goal and stopped there.
    Goal,
    /// The stone stopped on square `at` of the line, before the block on square `block`.
    Stop { at: usize, block: usize },
    /// The stone left the board, or a block touches it on that side.
    Nothing,
}

/// Slides a stone from square `from` of a line along it, towards higher
/// squares when `forward`. `goal` is the goal's square when it is on the line.
fn slide(lines: &Lines, line: usize, from: usize, forward: bool, goal: Option<usize>) -> Slide {
    let block = if forward {
        lines.next_after(line, from)
    } else {
        lines.prev_before(line, from)
    };
    // Squares strictly between the stone and `block`, in the order the stone meets them.
    let passes = |square: usize| {
        if forward {
            square > from && block.map_or(true, |b| square < b)
        } else {
            square < from && block.map_or(true, |b| square > b)
        }
    };
    if goal.is_some_and(passes) {
        return Slide::Goal;
    }
    match block {
        Some(b) if forward && b > from + 1 => Slide::Stop {
            at: b - 1,
            block: b,
        },
        Some(b) if !forward && b + 1 < from => Slide::Stop {
            at: b + 1,
            block: b,
        },
        _ => Slide::Nothing,
    }
}

/// A position of the game: the stone's square and the removed blocks, sorted
/// (the order in which they vanished does not matter), with a Zobrist hash of
/// both kept up to date as blocks go.
#[derive(Clone, PartialEq, Eq)]
struct Position {
    hash: u64,
    stone: usize,
    removed: [usize; MAX_THROWS as usize],
}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// The table's hasher: positions hash themselves (Zobrist), so it passes the word through.
#[derive(Default)]
struct PassHasher(u64);

impl Hasher for PassHasher {
    fn write(&mut self, _: &[u8]) {
        unreachable!("positions hash as one u64")
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = word;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A fixed pseudo-random word per square (SplitMix64's finaliser): the Zobrist keys.
fn zobrist(square: usize, salt: u64) -> u64 {
    let mut z = (square as u64)
        .wrapping_add(salt)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const BLOCK_SALT: u64 = 1;
const STONE_SALT: u64 = 0x5851_f42d_4c95_7f2d;

struct Search {
    width: usize,
    /// The blocks on the current search path, by row (bit = column)...
    rows: Lines,
    /// ... and by column (bit = row).
    cols: Lines,
    goal: (usize, usize),
    /// Throws needed from each square (row-major) when any block may be gone,
    /// at most 255: a lower bound. All zero until budget 3.
    relaxed: Vec<u8>,
    /// Row-major indices of the blocks removed on the current path.
    removed: Vec<usize>,
    /// Zobrist hash of `removed`.
    removed_hash: u64,
    /// Positions already searched (and failed) with the current budget.
    searched: HashSet<Position, BuildHasherDefault<PassHasher>>,
    visited: u64,
}

impl Search {
    fn new(board: &Board) -> Search {
        let (height, width) = (board.blocks.rows(), board.blocks.cols());
        let mut rows = Lines::new(height, width);
        let mut cols = Lines::new(width, height);
        for (Pos { row, col }, &block) in board.blocks.iter() {
            if block {
                rows.set(row, col);
                cols.set(col, row);
            }
        }
        Search {
            width,
            rows,
            cols,
            goal: (board.goal.row, board.goal.col),
            relaxed: vec![0; height * width],
            removed: Vec::with_capacity(MAX_THROWS as usize),
            removed_hash: 0,
            searched: HashSet::default(),
            visited: 0,
        }
    }

    /// Can the stone, resting at `(row, col)`, reach the goal within `budget` throws?
    fn reaches_goal(&mut self, (row, col): (usize, usize), budget: u32) -> bool {
        self.visited += 1;
        if budget == 1 {
            return self.goal_in_sight(row, col);
        }
        if budget >= TABLE_FROM_BUDGET && !self.searched.insert(self.position(row, col)) {
            return false;
        }
        let (goal_row, goal_col) = self.goal;
        for (by_row, forward) in [(false, false), (false, true), (true, false), (true, true)] {
            let (lines, line, from, goal) = if by_row {
                (&self.rows, row, col, (goal_row == row).then_some(goal_col))
            } else {
                (&self.cols, col, row, (goal_col == col).then_some(goal_row))
            };
            let (next, block) = match slide(lines, line, from, forward, goal) {
                Slide::Goal => return true,
                Slide::Nothing => continue,
                Slide::Stop { at, block } if by_row => ((row, at), (row, block)),
                Slide::Stop { at, block } => ((at, col), (block, col)),
            };
            if u32::from(self.relaxed[next.0 * self.width + next.1]) >= budget {
                continue; // needs more than the budget - 1 left after this throw
            }
            self.remove(block);
            let found = self.reaches_goal(next, budget - 1);
            self.restore(block);
            if found {
                return true;
            }
        }
        false
    }

    /// The goal is one throw away: in the stone's row or column, no block between.
    fn goal_in_sight(&self, row: usize, col: usize) -> bool {
        let (goal_row, goal_col) = self.goal;
        (goal_row == row && !self.rows.any_between(row, col, goal_col))
            || (goal_col == col && !self.cols.any_between(col, row, goal_row))
    }

    fn remove(&mut self, (row, col): (usize, usize)) {
        self.rows.clear(row, col);
        self.cols.clear(col, row);
        let square = row * self.width + col;
        self.removed.push(square);
        self.removed_hash ^= zobrist(square, BLOCK_SALT);
    }

    fn restore(&mut self, (row, col): (usize, usize)) {
        self.rows.set(row, col);
        self.cols.set(col, row);
        let square = self.removed.pop().expect("a removed block");
        self.removed_hash ^= zobrist(square, BLOCK_SALT);
    }

    fn position(&self, row: usize, col: usize) -> Position {
        let stone = row * self.width + col;
        let mut removed = [usize::MAX; MAX_THROWS as usize];
        removed[..self.removed.len()].copy_from_slice(&self.removed);
        removed.sort_unstable();
        Position {
            hash: self.removed_hash ^ zobrist(stone, STONE_SALT),
            stone,
            removed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&[u8]]) -> Board {
        Board::from_codes(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    fn one_line(blocks: &[usize], len: usize) -> Lines {
        let mut lines = Lines::new(1, len);
        for &b in blocks {
            lines.set(0, b);
        }
        lines
    }

    #[test]
    fn a_slide_stops_before_a_block_and_refuses_an_adjacent_one() {
        let line = one_line(&[3], 5);
        assert_eq!(
            slide(&line, 0, 0, true, Some(4)),
            Slide::Stop { at: 2, block: 3 }
        );
        assert_eq!(slide(&line, 0, 2, true, Some(4)), Slide::Nothing);
        assert_eq!(slide(&line, 0, 0, false, Some(4)), Slide::Nothing);
        assert_eq!(
            slide(&line, 0, 4, false, None),
            Slide::Nothing,
            "adjacent block"
        );
        assert_eq!(
            slide(&one_line(&[0], 5), 0, 4, false, None),
            Slide::Stop { at: 1, block: 0 }
        );
    }

    #[test]
    fn the_goal_stops_the_stone_even_with_a_block_behind_it() {
        let line = one_line(&[3], 4);
        assert_eq!(slide(&line, 0, 0, true, Some(2)), Slide::Goal);
        assert_eq!(slide(&line, 0, 0, true, Some(1)), Slide::Goal);
        assert_eq!(min_throws(&board(&[&[2, 0, 3, 1]])), Some(1));
        assert_eq!(min_throws(&board(&[&[1, 3, 0, 2]])), Some(1));
    }

    #[test]
    fn a_goal_behind_the_block_is_not_passed() {
        let line = one_line(&[2], 5);
        assert_eq!(
            slide(&line, 0, 0, true, Some(4)),
            Slide::Stop { at: 1, block: 2 }
        );
        assert_eq!(
            slide(&line, 0, 4, false, Some(0)),
            Slide::Stop { at: 3, block: 2 }
        );
    }

    #[test]
    fn a_stone_cannot_stop_on_the_open_board() {
        // The goal is off the start's row and column and nothing can stop the stone.
        assert_eq!(min_throws(&board(&[&[2, 0], &[0, 3]])), None);
    }

    #[test]
    fn ten_throws_are_allowed_eleven_are_not() {
        assert_eq!(
            min_throws(&board(&[&[2, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3]])),
            Some(10)
        );
        assert_eq!(
            min_throws(&board(&[&[2, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3]])),
            None
        );
    }

    #[test]
    fn columns_slide_like_rows() {
        let column =
            |codes: &[u8]| Board::from_codes(codes.iter().map(|&c| vec![c]).collect()).unwrap();
        assert_eq!(min_throws(&column(&[2, 0, 1, 1, 3])), Some(3));
        assert_eq!(min_throws(&column(&[3, 1, 1, 0, 2])), Some(3));
    }
}
