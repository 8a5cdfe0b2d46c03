//! The exact search behind [`min_throws`].
//!
//! 1. Budgets 1 and 2 are tried first by a plain depth-first search, with no
//!    set-up at all: most easy boards end there.
//! 2. The relaxed-game lower bound (see [`relaxed_throws`]) is computed once;
//!    when even the relaxed game needs more than [`MAX_THROWS`], the answer
//!    is -1 at once.
//! 3. Otherwise a branch-and-bound depth-first search: `best` starts at
//!    `MAX_THROWS + 1` and every path found lowers it. A throw is skipped when
//!    the throws used, plus one, plus the bound at the square it ends on,
//!    cannot beat `best`; the search stops as soon as `best` meets the bound
//!    at the start. Throws are tried in the plain DFS's order (up, down,
//!    left, right), not by the bound: then every cut only drops subtrees that
//!    cannot lower `best`, so `best` falls exactly as in the plain DFS and the
//!    positions visited are a subset of its. (Ordering by the bound visited
//!    fewer on random boards but could be climbed to 7x more on others.)
//! 4. Each position (stone square + set of removed blocks) is searched once.
//!    Its depth is its number of removed blocks and `best` only falls, so
//!    when it is met again its limit is no larger, and everything a search
//!    within that limit could find was already found. Positions with two
//!    throws or fewer left are cheaper to search again than to look up.
//!
//! Every cut is exact: only paths that cannot beat `best` are dropped. The
//! answer is the final `best`. Branch and bound searches the depth-10 tree
//! once, where iterative deepening re-searched it for every budget: on boards
//! with few throws per position and answer -1 that cost up to eight times.
//!
//! Slides use bit sets of the blocks per row and per column (see [`lines`]):
//! a throw is a couple of word operations, whatever the distance.

mod lines;

use crate::bound::relaxed_throws;
use crate::Board;
use lines::Lines;
use shared_grid::Pos;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// The statement's limit: more than ten throws loses the game.
pub const MAX_THROWS: u32 = 10;

/// Budgets from this up are looked up in the table of searched positions.
const TABLE_FROM_BUDGET: u32 = 5;

/// The fewest throws that bring the stone to the goal, if ten or fewer do.
pub fn min_throws(board: &Board) -> Option<u32> {
    min_throws_counted(board).0
}

/// [`min_throws`] and the number of positions the search visited (the work
/// measure of the benches and of the hill climber, `examples/climb.rs`).
pub fn min_throws_counted(board: &Board) -> (Option<u32>, u64) {
    let mut search = Search::new(board);
    let start = (board.start.row, board.start.col);
    if let Some(answer) = (1..=2).find(|&budget| search.reaches_goal(start, budget)) {
        return (Some(answer), search.visited);
    }
    search.relaxed = relaxed_throws(board);
    search.floor = search.relaxed[start.0 * search.width + start.1].max(3);
    if search.floor > MAX_THROWS {
        return (None, search.visited);
    }
    search.searched.reserve(256);
    search.improve(start, 0);
    let answer = (search.best <= MAX_THROWS).then_some(search.best);
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
#[inline]
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
    stone: u32,
    removed: [u32; MAX_THROWS as usize],
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
#[inline]
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
    /// Throws needed from each square (row-major) when any block may be gone:
    /// a lower bound. Empty until budget 3.
    relaxed: Vec<u32>,
    /// Row-major indices of the blocks removed on the current path.
    removed: Vec<usize>,
    /// Zobrist hash of `removed`.
    removed_hash: u64,
    /// Positions already searched (see the module's point 4).
    searched: HashSet<Position, BuildHasherDefault<PassHasher>>,
    visited: u64,
    /// Branch and bound: the fewest throws found so far (`MAX_THROWS + 1` at first).
    best: u32,
    /// No answer can be below this: the search stops as soon as `best` reaches it.
    floor: u32,
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
            relaxed: Vec::new(),
            removed: Vec::with_capacity(MAX_THROWS as usize),
            removed_hash: 0,
            searched: HashSet::default(),
            visited: 0,
            best: MAX_THROWS + 1,
            floor: 1,
        }
    }

    /// Can the stone, resting at `(row, col)`, reach the goal within `budget`
    /// throws? A plain depth-first search, for the smallest budgets (1 and 2).
    fn reaches_goal(&mut self, (row, col): (usize, usize), budget: u32) -> bool {
        self.visited += 1;
        if budget == 1 {
            return self.goal_in_sight(row, col);
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
            self.remove(block);
            let found = self.reaches_goal(next, budget - 1);
            self.restore(block);
            if found {
                return true;
            }
        }
        false
    }

    /// Branch and bound from the stone resting at `(row, col)` after `used`
    /// throws: lowers `best` to the fewest throws of any path through here
    /// that beats it. Callers make sure two more throws can still beat it
    /// (positions with one throw left are checked by their parent).
    fn improve(&mut self, (row, col): (usize, usize), used: u32) {
        self.visited += 1;
        let left = self.best - 1 - used;
        if left >= TABLE_FROM_BUDGET && !self.searched.insert(self.position(row, col)) {
            return;
        }
        // Every throw's landing first: one that reaches the goal ends this position.
        let mut throws = [((0, 0), (0, 0), 0); 4];
        let mut count = 0;
        for (by_row, forward) in [(false, false), (false, true), (true, false), (true, true)] {
            match self.throw(row, col, by_row, forward) {
                Slide::Goal => {
                    self.best = used + 1;
                    return;
                }
                Slide::Nothing => {}
                Slide::Stop { at, block } => {
                    let (next, block) = if by_row {
                        ((row, at), (row, block))
                    } else {
                        ((at, col), (block, col))
                    };
                    let bound = self.relaxed[next.0 * self.width + next.1];
                    throws[count] = (next, block, bound);
                    count += 1;
                }
            }
        }
        for &(next, block, bound) in &throws[..count] {
            // After this throw, used + 1 are spent and at least `bound` more are needed.
            if self.best <= self.floor || (used + 1).saturating_add(bound) >= self.best {
                continue;
            }
            self.remove(block);
            if used + 3 == self.best {
                // One throw left after this one: a leaf, checked here rather than visited.
                if self.goal_in_sight(next.0, next.1) {
                    self.best = used + 2;
                }
            } else {
                self.improve(next, used + 1);
            }
            self.restore(block);
        }
    }

    #[inline]
    fn throw(&self, row: usize, col: usize, by_row: bool, forward: bool) -> Slide {
        let (goal_row, goal_col) = self.goal;
        if by_row {
            slide(
                &self.rows,
                row,
                col,
                forward,
                (goal_row == row).then_some(goal_col),
            )
        } else {
            slide(
                &self.cols,
                col,
                row,
                forward,
                (goal_col == col).then_some(goal_row),
            )
        }
    }

    /// The goal is one throw away: in the stone's row or column, no block between.
    #[inline]
    fn goal_in_sight(&self, row: usize, col: usize) -> bool {
        let (goal_row, goal_col) = self.goal;
        (goal_row == row && !self.rows.any_between(row, col, goal_col))
            || (goal_col == col && !self.cols.any_between(col, row, goal_row))
    }

    #[inline]
    fn remove(&mut self, (row, col): (usize, usize)) {
        self.rows.clear(row, col);
        self.cols.clear(col, row);
        let square = row * self.width + col;
        self.removed.push(square);
        self.removed_hash ^= zobrist(square, BLOCK_SALT);
    }

    #[inline]
    fn restore(&mut self, (row, col): (usize, usize)) {
        self.rows.set(row, col);
        self.cols.set(col, row);
        let square = self.removed.pop().expect("a removed block");
        self.removed_hash ^= zobrist(square, BLOCK_SALT);
    }

    #[inline]
    fn position(&self, row: usize, col: usize) -> Position {
        let stone = row * self.width + col;
        let mut removed = [u32::MAX; MAX_THROWS as usize];
        for (slot, &square) in removed.iter_mut().zip(&self.removed) {
            *slot = square as u32; // boards of 2^32 squares do not fit in memory
        }
        removed.sort_unstable();
        Position {
            hash: self.removed_hash ^ zobrist(stone, STONE_SALT),
            stone: stone as u32,
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
