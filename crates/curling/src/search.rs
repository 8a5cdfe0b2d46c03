//! The exact search behind [`min_throws`].
//!
//! 1. Budgets 1 and 2 are tried first by a plain depth-first search, with no
//!    set-up at all: most easy boards end there.
//! 2. Then a branch-and-bound depth-first search: `best` starts at
//!    `MAX_THROWS + 1` and every path found lowers it. Throws are tried in the
//!    plain DFS's order (up, down, left, right): then every cut only drops
//!    subtrees that cannot lower `best`, so `best` falls exactly as in the
//!    plain DFS and the positions visited are a subset of its. (Ordering by
//!    the bound visited fewer on random boards but could be climbed to 7x more
//!    on others.)
//! 3. It starts like the plain DFS, cut only by `best`, and after `WAKE_AT`
//!    positions (a search that is not trivial) it builds the relaxed-game
//!    lower bound (see [`RelaxedBound`]), and after `TABLE_AT` a table of
//!    searched positions; the search goes on where it is. Small searches pay
//!    no set-up at all.
//!    From then on a throw is skipped when the throws used, plus one, plus the
//!    bound at the square it ends on cannot beat `best`, and the search stops
//!    as soon as `best` meets the bound at the start (at once when even the
//!    relaxed game needs more than [`MAX_THROWS`]: the answer is -1).
//! 4. Once the table has started, each position (stone square + set of
//!    removed blocks) with `TABLE_FROM_BUDGET` throws or more left is searched
//!    once, as long as the table (a cache, see `table`) keeps it. Its depth is
//!    its number of removed blocks and `best` only falls, so when it is met
//!    again its limit is no larger, and everything a search within that limit
//!    could find was already found. A position the cache lost is searched
//!    again, as with no table. Positions with fewer throws left are cheaper to
//!    search again than to look up.
//!
//! Every cut is exact: only paths that cannot beat `best` are dropped. The
//! answer is the final `best`. Branch and bound searches the depth-10 tree
//! once, where iterative deepening re-searched it for every budget: on boards
//! with few throws per position and answer -1 that cost up to eight times.
//!
//! A position first checks whether the goal is in sight (its row or column,
//! no block between): then one throw ends the game, and otherwise no throw
//! passes the goal, so the throws themselves never look for it. Slides use bit
//! sets of the blocks per row and per column (see `lines`), one word per line
//! on boards up to 64 x 64: a throw is a couple of word operations, whatever
//! the distance.
//!
//! Where pruning fails (boards hill-climbed against it cut under 2 % of the
//! throws) the search is the plain DFS's tree, so its cost per position is what
//! counts:
//! - the four throws are found without a branch (a mask of the legal ones,
//!   then one loop over its bits): whether a throw is legal is what a search
//!   cannot predict, and the plain DFS pays a mispredicted branch for it;
//! - a position with two throws left (the most numerous) is answered in its
//!   parent's loop, with no call, no bound and no bookkeeping, looking at two
//!   lines at most: only a throw towards the goal's row or
//!   column can end in sight of the goal, so the other throws are never found.
//!   The masks it needs (where such a throw must stop, what lies between that
//!   square and the goal) are made once per board for every square (see
//!   `Lines::towards`);
//! - one number (`cut`) tells a position whether it may go on, and a removed
//!   block is put back by setting its bit, no copy of the board.

mod lines;
mod table;

use crate::bound::RelaxedBound;
use crate::Board;
use lines::{Lines, Narrow, Wide};
use table::Searched;

/// The statement's limit: more than ten throws loses the game.
pub const MAX_THROWS: u32 = 10;

/// Answers up to this many throws are looked for first, by iterative deepening.
const QUICK_BUDGETS: u32 = 2;

/// The branch and bound visits this many positions with no bound and no
/// table (so small searches cost no set-up) before it builds them. At 64 the
/// set-up (a few thousand instructions) pays for itself on every bench set:
/// against 256, 5 % fewer instructions on the climbed boards, 8 % on the hardest
/// random ones and 65 % on the unreachable corners.
const WAKE_AT: u64 = 64;

/// The table starts after this many positions (see the module's point 4). On boards
/// climbed against the search (a thousand positions each, 6 % of lookups hit) the table
/// costs more than it saves: from the start, 4-5 % more instructions there. Large searches
/// are where it pays (15 % fewer on `climbed-nodes`, 40 times as many positions), and
/// from 1,024 they keep nearly all of that (1.4 % short of it).
const TABLE_AT: u64 = 1024;

/// Positions with at least this many throws left are looked up in the table.
const TABLE_FROM_BUDGET: u32 = 5;

/// The most blocks a tabled position has removed: its throws used are at most
/// `best - 1 - TABLE_FROM_BUDGET`, and `best` at most `MAX_THROWS + 1`.
const TABLED_REMOVED: usize = (MAX_THROWS - TABLE_FROM_BUDGET) as usize;

/// The fewest throws that bring the stone to the goal, if ten or fewer do.
pub fn min_throws(board: &Board) -> Option<u32> {
    min_throws_counted(board).0
}

/// [`min_throws`] and the number of positions the search visited (the work
/// measure of the benches and of the hill climber, `examples/climb.rs`).
pub fn min_throws_counted(board: &Board) -> (Option<u32>, u64) {
    if board.blocks.rows() <= 64 && board.blocks.cols() <= 64 {
        Search::<Narrow>::new(board).run()
    } else {
        Search::<Wide>::new(board).run()
    }
}

/// Room for the blocks a path removes: [`MAX_THROWS`] rounded up to a power of two, so that
/// an index taken modulo it is masked, not checked against the bounds (1.6 % of the
/// instructions on boards climbed against the search).
const PATH_SLOTS: usize = 16;
const _: () = assert!(MAX_THROWS as usize <= PATH_SLOTS);

/// A stone resting on `(row, col)`, and the block a throw stops it before.
type Throw = ((usize, usize), (usize, usize));

/// The legal throws from a stone resting on `(row, col)`, in the plain DFS's order of
/// directions (up, down, left, right): an iterator of [`Throw`]s.
struct Throws {
    /// By direction, where the stone stops and the block it stops before: looked up, not
    /// chosen by a branch on the direction, which no predictor can guess.
    throws: [Throw; 4],
    /// Bit `d` set when the throw in direction `d` is legal.
    legal: u32,
}

impl Iterator for Throws {
    type Item = Throw;

    #[inline(always)]
    fn next(&mut self) -> Option<Throw> {
        if self.legal == 0 {
            return None;
        }
        let direction = self.legal.trailing_zeros() as usize;
        self.legal &= self.legal - 1;
        Some(self.throws[direction & 3])
    }
}

/// A position of the game packed in one number: the stone's square and the
/// removed blocks, sorted (the order in which they vanished does not matter),
/// [`SQUARE_BITS`] bits each. One number hashes and compares in a few
/// instructions, where a struct of six words took a loop for each.
type Position = table::Position;

/// Bits per square in a [`Position`]: six squares fill 126 of its 128 bits.
const SQUARE_BITS: u32 = 21;

/// The most squares a board may have for its positions to be tabled; the all-ones
/// value stands for "no block" in the free places of a position. Larger boards
/// (never a judge's) are searched without the table, which only saves work.
const TABLED_SQUARES: usize = (1 << SQUARE_BITS) - 1;

struct Search<'a, L: Lines> {
    board: &'a Board,
    width: usize,
    /// The blocks on the current search path, by row (bit = column)...
    rows: L,
    /// ... and by column (bit = row).
    cols: L,
    goal: (usize, usize),
    /// Masks towards the goal's row, for any column (where a throw must stop to end in that
    /// row; what lies between a square of the goal's column and the goal)...
    to_goal_row: L::Towards,
    /// ... and towards the goal's column, for any row.
    to_goal_col: L::Towards,
    /// `reach[k - 1]`: the squares from which the relaxed game (any block may
    /// be gone) scores within `k` throws, by row; a throw that ends outside
    /// `reach[k - 1]` with `k` throws left is cut. The last layer stands for
    /// every larger `k`. Empty until the search wakes.
    reach: Vec<L>,
    /// Only a throw with fewer than this many throws left after it is looked up in `reach`:
    /// with more, every square a throw can end on is in it (see
    /// [`RelaxedBound::stops_within`]). 0 until the search wakes. On boards climbed against
    /// the search, the lookups it saves were 5 % of the instructions.
    cuts_below: usize,
    /// Row-major indices of the blocks removed on the current path, by throw.
    removed: [u32; PATH_SLOTS],
    /// Positions already searched (see the module's point 4), once the table has started.
    searched: Searched,
    /// Whether the board is small enough for its positions to be tabled.
    tabled: bool,
    /// Whether the table has started (on a board small enough for it). The table could say
    /// it (it has slots once started), but asked in every position that cost 1.5 % more
    /// instructions than this one flag.
    tabling: bool,
    /// The count of positions from which the search builds something: `WAKE_AT`, then
    /// `table_at`, then never. Leaves do not look (see [`Self::leaf`]): the next position
    /// with three throws or more left does.
    next_stage: u64,
    /// `TABLE_AT` (tests start the table sooner).
    table_at: u64,
    /// Whether waking sets `cuts_below` from the bound (tests switch it off, so that every
    /// throw asks the bound, to check that this changes no position visited).
    skips_bound: bool,
    visited: u64,
    /// Branch and bound: the fewest throws found so far (`MAX_THROWS + 1` at first).
    best: u32,
    /// No answer can be below this: the search stops as soon as `best` reaches it.
    floor: u32,
    /// `best` while the search goes on, 0 once `best` has met `floor`: the one
    /// number a position compares its throws against to know if it may go on.
    cut: u32,
}

impl<'a, L: Lines> Search<'a, L> {
    fn new(board: &'a Board) -> Search<'a, L> {
        let (height, width) = (board.blocks.rows(), board.blocks.cols());
        let rows = L::from_word_vec(height, width, board.block_words(false));
        let cols = L::from_word_vec(width, height, board.block_words(true));
        Search {
            board,
            width,
            rows,
            cols,
            goal: (board.goal.row, board.goal.col),
            to_goal_row: L::towards(height, board.goal.row),
            to_goal_col: L::towards(width, board.goal.col),
            reach: Vec::new(),
            cuts_below: 0,
            removed: [0; PATH_SLOTS],
            searched: Searched::new(),
            tabled: height * width <= TABLED_SQUARES,
            tabling: false,
            next_stage: WAKE_AT,
            table_at: TABLE_AT,
            skips_bound: true,
            visited: 0,
            best: MAX_THROWS + 1,
            floor: 1,
            cut: MAX_THROWS + 1,
        }
    }

    fn run(mut self) -> (Option<u32>, u64) {
        let start = (self.board.start.row, self.board.start.col);
        if let Some(answer) = (1..=QUICK_BUDGETS).find(|&budget| self.reaches_goal(start, budget)) {
            return (Some(answer), self.visited);
        }
        self.floor = QUICK_BUDGETS + 1;
        self.improve(start, 0);
        ((self.best <= MAX_THROWS).then_some(self.best), self.visited)
    }

    /// The search has visited `next_stage` positions or more: it wakes, or starts the table.
    #[cold]
    fn enter_next_stage(&mut self, used: u32) {
        if self.next_stage == WAKE_AT {
            self.wake(used);
            self.next_stage = self.table_at;
        } else {
            self.tabling = self.tabled;
            if self.tabling {
                self.searched.start();
            }
            self.next_stage = u64::MAX;
        }
    }

    /// The search has proved not trivial: builds the bound.
    #[cold]
    fn wake(&mut self, used: u32) {
        let (height, width) = (self.board.blocks.rows(), self.board.blocks.cols());
        // The board's blocks: those left on the current path and those it removed.
        let mut blocks = self.rows.clone();
        for &square in &self.removed[..used as usize] {
            let square = square as usize;
            blocks.set(square / width, square % width);
        }
        let goal = (self.board.goal.row, self.board.goal.col);
        let bound = RelaxedBound::from_blocks(height, width, blocks.words(), goal);
        // MAX_THROWS + 1 at the start: no answer at all, and every throw is cut from now on.
        self.floor = self
            .floor
            .max(bound.throws(self.board.start.row, self.board.start.col));
        if self.best <= self.floor {
            self.cut = 0;
        }
        self.reach = (1..=bound.layers())
            .map(|k| L::from_words(height, width, bound.layer(k)))
            .collect();
        self.cuts_below = if self.skips_bound {
            bound.stops_within() as usize
        } else {
            usize::MAX
        };
    }

    /// Can the stone, resting at `(row, col)`, reach the goal within `budget`
    /// throws? A plain depth-first search, for the smallest budgets.
    fn reaches_goal(&mut self, (row, col): (usize, usize), budget: u32) -> bool {
        self.visited += 1;
        if self.goal_in_sight(row, col) {
            return true;
        }
        if budget == 1 {
            return false;
        }
        for (next, block) in self.throws(row, col) {
            self.clear(block);
            let found = self.reaches_goal(next, budget - 1);
            self.set(block);
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
        if self.settle((row, col), used) {
            return;
        }
        if self.tabling
            && self.cut >= used + 1 + TABLE_FROM_BUDGET
            && !self.searched.insert(self.position(row, col, used))
        {
            return;
        }
        for (next, block) in self.throws(row, col) {
            // An earlier child may have lowered `best`: then fewer throws are left.
            if used + 3 < self.cut {
                self.child(next, block, used);
            } else if used + 3 == self.cut {
                // Two throws left: this one must end in sight of the goal.
                if self.ends_in_sight(next, block) {
                    self.found(used + 2);
                }
            } else {
                return;
            }
        }
    }

    /// The throw from a position after `used` throws that ends on `next` and removes
    /// `block`: searched from there unless the bound cuts it.
    #[inline(always)]
    fn child(&mut self, next: (usize, usize), block: (usize, usize), used: u32) {
        // After this throw, `used + 1` are spent and at least two more are needed (the goal
        // is not in sight from where it ends, or it would be from here); to beat `best`, at
        // most `after = best - used - 2` more.
        if used + 4 == self.cut {
            // Two more: the child is answered here, without a call, and its test of the throws
            // left is a branch of its own (in `improve`, that branch serves every depth and
            // was mispredicted whenever the depth changed).
            self.leaf(next, block, used);
            return;
        }
        let after = (self.cut - used - 2) as usize;
        if after < self.cuts_below
            && !self.reach[after.min(self.reach.len()) - 1].contains(next.0, next.1)
        {
            return;
        }
        self.clear(block);
        self.removed[used as usize % PATH_SLOTS] = (block.0 * self.width + block.1) as u32;
        self.improve(next, used + 1);
        self.set(block);
    }

    /// The throw from a position with three throws left (after `used`) that ends on `next`
    /// and removes `block`: the child, a leaf with two throws left, is answered here by
    /// looking at two lines at most (see [`Self::lands_in_sight`]). It is counted, but it
    /// leaves the stage to the next position that is not a leaf and records no removed block
    /// (only a stage and the table read them). Nor does it ask the bound: on boards where the
    /// bound fails (on boards climbed against the search it let through 99.7 % of all
    /// throws), that test cost as much as this exact answer, and skipping it took 10 % off
    /// the instructions there.
    #[inline(always)]
    fn leaf(&mut self, next: (usize, usize), block: (usize, usize), used: u32) {
        self.clear(block);
        self.visited += 1;
        if self.goal_in_sight(next.0, next.1) {
            self.found(used + 2);
        } else if self.lands_in_sight(next.0, next.1) {
            self.found(used + 3);
        }
        self.set(block);
    }

    /// The start of [`Self::improve`]: counts the position, answers it when the goal is in
    /// sight or at most two throws can beat `best`, and says whether it did.
    #[inline(always)]
    fn settle(&mut self, (row, col): (usize, usize), used: u32) -> bool {
        self.visited += 1;
        if self.visited >= self.next_stage {
            self.enter_next_stage(used);
        }
        if self.goal_in_sight(row, col) {
            self.found(used + 1);
            return true;
        }
        // Waking may have ended the search (`cut` 0); else two throws or more can beat `best`.
        if used + 3 < self.cut {
            return false;
        }
        if used + 3 == self.cut && self.lands_in_sight(row, col) {
            // Two throws left: the last one must start in sight of the goal.
            self.found(used + 2);
        }
        true
    }

    /// Whether one throw from `(row, col)` ends in sight of the goal (so that a second one
    /// scores). The goal is not in sight from `(row, col)`. Only a throw towards the goal's
    /// row or column can end in sight of it, so at most two lines are looked at.
    #[inline]
    fn lands_in_sight(&self, row: usize, col: usize) -> bool {
        let (goal_row, goal_col) = self.goal;
        if row == goal_row {
            // Along the row, through the one block that hides the goal (a throw across leaves
            // the row and cannot end in the goal's column, which is not the stone's).
            self.rows.one_block_apart(row, col, goal_col)
        } else if col == goal_col {
            self.cols.one_block_apart(col, row, goal_row)
        } else {
            // Up or down to stop in the goal's row, or sideways to stop in its column; the
            // block it removes lies off that line, so the goal is in sight as the board is.
            let (to_row, to_col) = (&self.to_goal_row, &self.to_goal_col);
            (self.cols.stops_on_towards(col, row, to_row)
                & self.rows.clear_towards(goal_row, col, to_col))
                | (self.rows.stops_on_towards(row, col, to_col)
                    & self.cols.clear_towards(goal_col, row, to_row))
        }
    }

    /// Whether the throw that ends on `next` and removes `block` leaves the goal in sight.
    #[inline(always)]
    fn ends_in_sight(&mut self, next: (usize, usize), block: (usize, usize)) -> bool {
        // In the goal's row or column first of all (one comparison each, mostly false).
        (next.0 == self.goal.0 || next.1 == self.goal.1) && self.sees_goal_without(next, block)
    }

    /// A path of `throws` throws reaches the goal (fewer than `best`).
    #[inline(always)]
    fn found(&mut self, throws: u32) {
        self.best = throws;
        self.cut = if throws <= self.floor { 0 } else { throws };
    }

    /// Whether the goal is in sight from `at` once `block` is gone.
    #[inline(always)]
    fn sees_goal_without(&mut self, at: (usize, usize), block: (usize, usize)) -> bool {
        self.clear(block);
        let sees = self.goal_in_sight(at.0, at.1);
        self.set(block);
        sees
    }

    /// The legal throws from `(row, col)`, in the plain DFS's order of directions (up, down,
    /// left, right): where each stops and the block it stops before. The goal is not looked
    /// for: the callers check [`Self::goal_in_sight`] first. Found without branches, listed
    /// with one loop: which throws are legal is what a search cannot predict.
    #[inline(always)]
    fn throws(&self, row: usize, col: usize) -> Throws {
        let (up, up_ok) = self.cols.throw_back(col, row);
        let (down, down_ok) = self.cols.throw_forth(col, row);
        let (left, left_ok) = self.rows.throw_back(row, col);
        let (right, right_ok) = self.rows.throw_forth(row, col);
        // Up and left stop on the square after the block, down and right on the one before.
        Throws {
            throws: [
                ((up + 1, col), (up, col)),
                ((down - 1, col), (down, col)),
                ((row, left + 1), (row, left)),
                ((row, right - 1), (row, right)),
            ],
            legal: u32::from(up_ok)
                | u32::from(down_ok) << 1
                | u32::from(left_ok) << 2
                | u32::from(right_ok) << 3,
        }
    }

    /// The goal is one throw away: in the stone's row or column, no block between.
    #[inline(always)]
    fn goal_in_sight(&self, row: usize, col: usize) -> bool {
        let (goal_row, goal_col) = self.goal;
        (goal_row == row && self.rows.clear_towards(row, col, &self.to_goal_col))
            || (goal_col == col && self.cols.clear_towards(col, row, &self.to_goal_row))
    }

    /// Removes `block`, which is on the board. (`clear` and `set` flip the same bits, so a
    /// throw that removes a block and puts it back makes its two masks once.)
    #[inline(always)]
    fn clear(&mut self, block: (usize, usize)) {
        self.flip(block);
    }

    /// Puts back `block`, which [`Self::clear`] removed.
    #[inline(always)]
    fn set(&mut self, block: (usize, usize)) {
        self.flip(block);
    }

    #[inline(always)]
    fn flip(&mut self, (row, col): (usize, usize)) {
        self.rows.flip(row, col);
        self.cols.flip(col, row);
    }

    #[inline]
    fn position(&self, row: usize, col: usize, used: u32) -> Position {
        // The first `used` removed blocks, the free places all ones: chosen word by word, as a
        // copy of `used` words would call `memcpy` for its variable length.
        let mut removed: [u32; TABLED_REMOVED] = std::array::from_fn(|i| {
            if i < used as usize {
                self.removed[i]
            } else {
                u32::MAX
            }
        });
        // Sorted by compare-exchanges without branches (bubble passes over five words): the
        // library's sort branches on every comparison, and those branches cannot be predicted.
        for pass in (1..TABLED_REMOVED).rev() {
            for i in 0..pass {
                let (low, high) = (
                    removed[i].min(removed[i + 1]),
                    removed[i].max(removed[i + 1]),
                );
                removed[i] = low;
                removed[i + 1] = high;
            }
        }
        // Tabled boards have fewer than 2^21 squares: every square fits its place.
        let stone = (row * self.width + col) as u128;
        removed.iter().fold(stone, |position, &square| {
            position << SQUARE_BITS | u128::from(square) & u128::from(TABLED_SQUARES as u32)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&[u8]]) -> Board {
        Board::from_codes(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    fn throws<L: Lines>(b: &Board, (row, col): (usize, usize)) -> Vec<Throw> {
        Search::<L>::new(b).throws(row, col).collect()
    }

    #[test]
    fn a_throw_stops_before_a_block_and_refuses_an_adjacent_one() {
        let b = board(&[&[2, 0, 0, 1, 0], &[0, 0, 0, 0, 3]]);
        for found in [throws::<Narrow>(&b, (0, 0)), throws::<Wide>(&b, (0, 0))] {
            // Up and left leave the board, down leaves it too, right stops before (0, 3).
            assert_eq!(found, [((0, 2), (0, 3))]);
        }
        assert_eq!(throws::<Narrow>(&b, (0, 2)), [], "adjacent block");
        assert_eq!(throws::<Wide>(&b, (0, 4)), [], "adjacent block");
        let column = board(&[&[1, 2], &[0, 0], &[0, 0], &[3, 0]]);
        assert_eq!(throws::<Narrow>(&column, (3, 0)), [((1, 0), (0, 0))]);
        assert_eq!(throws::<Wide>(&column, (3, 0)), [((1, 0), (0, 0))]);
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
        assert_eq!(throws::<Narrow>(&cross, (2, 2)), all);
        assert_eq!(throws::<Wide>(&cross, (2, 2)), all);
    }

    #[test]
    fn the_goal_stops_the_stone_even_with_a_block_behind_it() {
        assert_eq!(min_throws(&board(&[&[2, 0, 3, 1]])), Some(1));
        assert_eq!(min_throws(&board(&[&[2, 3, 1]])), Some(1));
        assert_eq!(min_throws(&board(&[&[1, 3, 0, 2]])), Some(1));
    }

    #[test]
    fn a_goal_behind_a_block_is_not_passed() {
        // Right stops before the block at 2 and removes it; then the goal is in sight.
        assert_eq!(min_throws(&board(&[&[2, 0, 1, 0, 3]])), Some(2));
        assert_eq!(min_throws(&board(&[&[3, 0, 1, 0, 2]])), Some(2));
    }

    #[test]
    fn narrow_and_wide_searches_visit_the_same_positions_and_the_table_only_saves_work() {
        let mut tabled_saved = 0;
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        for _ in 0..1500 {
            let (h, w) = (1 + next(12) as usize, 2 + next(12) as usize);
            let density = 1 + next(5);
            let mut rows: Vec<Vec<u8>> = (0..h)
                .map(|_| (0..w).map(|_| u8::from(next(10) < density)).collect())
                .collect();
            let start = next((h * w) as u64) as usize;
            let goal = (start + 1 + next((h * w - 1) as u64) as usize) % (h * w);
            rows[start / w][start % w] = 2;
            rows[goal / w][goal % w] = 3;
            let b = Board::from_codes(rows.clone()).unwrap();
            let narrow = Search::<Narrow>::new(&b).run();
            assert_eq!(narrow, Search::<Wide>::new(&b).run(), "{rows:?}");
            // Boards too large for the table are searched without it: same answer.
            let mut untabled = Search::<Narrow>::new(&b);
            untabled.tabled = false;
            let untabled = untabled.run();
            assert_eq!(untabled.0, narrow.0, "{rows:?}");
            // These searches are too small for the table to start: started at once after
            // waking, it finds the same answer with no more positions.
            let mut early = Search::<Narrow>::new(&b);
            early.table_at = WAKE_AT + 1;
            let early = early.run();
            assert_eq!(early.0, narrow.0, "{rows:?}");
            assert!(early.1 <= untabled.1, "{rows:?}");
            tabled_saved += untabled.1 - early.1;
            // The bound is skipped only where it cannot cut: asked for every throw, it cuts
            // the same ones.
            let mut asking = Search::<Narrow>::new(&b);
            asking.skips_bound = false;
            assert_eq!(asking.run(), narrow, "{rows:?}");
        }
        assert!(tabled_saved > 0, "the table never saved a position");
    }

    #[test]
    fn the_bound_is_skipped_only_where_it_cannot_cut() {
        // Boards climbed against the search: deep searches, whose stones also rest where
        // removed blocks stood (squares the first version of the skip forgot).
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data");
        let mut boards = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let mut source = proconio::source::once::OnceSource::from(text.as_str());
            while let Some(b) = crate::read_board(&mut source).unwrap() {
                let mut asking = Search::<Narrow>::new(&b);
                asking.skips_bound = false;
                let skipping = Search::<Narrow>::new(&b).run();
                assert_eq!(asking.run(), skipping, "{}", path.display());
                boards += 1;
            }
        }
        assert!(boards > 1000, "{boards} boards");
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
