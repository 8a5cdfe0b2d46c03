//! The 31 x 31 board: where you stand, where the robots are, which cells hold debris.

use shared_grid::{Bounds, Pos};

/// Rows and columns of the board.
pub const SIZE: usize = 31;
/// The whole board, zero-based inside; the statement's (r, c) is `Pos::new(r - 1, c - 1)`.
pub const BOUNDS: Bounds = Bounds::new(SIZE, SIZE);
/// Your first cell, (15, 15) in the statement's numbering.
pub const START: Pos = Pos::new(14, 14);

/// The statement's one-based "(r,c)", with no space, as the sample output prints it.
pub fn cell_text(cell: Pos) -> String {
    format!("({},{})", cell.row + 1, cell.col + 1)
}

/// Sorts `cells` in row-major order, by insertion (`shared_grid::sort::by_key`): the
/// robots' list after their step is nearly sorted (a robot moves at most one row, so only
/// robots less than three rows apart can change places), which this sorts in about one pass;
/// the opening's list, in the input's order, takes O(R^2) for R <= 960 robots, once a case.
/// Not `sort_unstable`, whose code a C bundle's images would carry for no gain on such lists
/// (`tools/bundle/benches/README.md`).
pub fn sort_cells(cells: &mut [Pos]) {
    shared_grid::sort::by_key(cells, |&cell| cell);
}

/// A position of the game between two of your moves.
///
/// Robots are kept as a sorted list (at most a few dozen) and debris as a bit set: the robots'
/// move needs every robot, the rules need "is there debris here" in O(1). The strategy never
/// copies the board: it forecasts each candidate move from this one (`rules::forecast`) and
/// the game changes the board in place for the chosen move only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    you: Pos,
    robots: Vec<Pos>,
    debris: CellSet,
    debris_cells: usize,
}

impl Board {
    /// You at `you`, live robots at `robots`, debris at `debris`. The cells must be on the
    /// board and pairwise distinct (a robot never shares a cell with you or with debris).
    pub fn from_parts(you: Pos, robots: &[Pos], debris: &[Pos]) -> Board {
        let mut board = Board::opening(robots);
        board.you = you;
        for &cell in debris {
            board.add_debris(cell);
        }
        assert!(BOUNDS.contains(you), "you are off the board at {you:?}");
        assert!(
            board
                .robots
                .iter()
                .all(|&r| BOUNDS.contains(r) && r != you && !board.debris.contains(r)),
            "a robot is off the board or shares a cell"
        );
        assert!(
            board.robots.windows(2).all(|w| w[0] != w[1]),
            "two robots share a cell"
        );
        assert!(!board.debris.contains(you), "you stand on debris");
        board
    }

    /// The opening position: you at (15, 15), the given robots, no debris. Unchecked: the
    /// robots are a `game::Case`'s, which has refused robots off the board, on your cell or
    /// sharing one (tests build other boards with the checks of [`Board::from_parts`]).
    pub fn opening(robots: &[Pos]) -> Board {
        let mut robots = robots.to_vec();
        sort_cells(&mut robots);
        Board {
            you: START,
            robots,
            debris: CellSet::default(),
            debris_cells: 0,
        }
    }

    pub fn you(&self) -> Pos {
        self.you
    }

    /// The live robots, in row-major order.
    pub fn robots(&self) -> &[Pos] {
        &self.robots
    }

    pub fn has_robot(&self, cell: Pos) -> bool {
        self.robots.binary_search(&cell).is_ok()
    }

    pub fn has_debris(&self, cell: Pos) -> bool {
        self.debris.contains(cell)
    }

    /// The number of cells holding debris.
    pub fn debris_cells(&self) -> usize {
        self.debris_cells
    }

    /// "Empty" in the statement's sense: on the board, no robot, no debris, not you.
    pub fn is_empty_cell(&self, cell: Pos) -> bool {
        BOUNDS.contains(cell)
            && cell != self.you
            && !self.debris.contains(cell)
            && !self.has_robot(cell)
    }

    /// The smallest distance |dr| + |dc| from you to a live robot, `None` with no robot left.
    pub fn nearest_robot_distance(&self) -> Option<usize> {
        self.robots.iter().map(|r| r.manhattan(self.you)).min()
    }

    pub(crate) fn set_you(&mut self, cell: Pos) {
        self.you = cell;
    }

    /// Hands out the robot list (leaving none), to be changed and given back with
    /// [`set_robots`](Self::set_robots) without a new allocation.
    pub(crate) fn take_robots(&mut self) -> Vec<Pos> {
        std::mem::take(&mut self.robots)
    }

    /// `robots` must be sorted and distinct (as [`robots`](Self::robots) hands them out).
    pub(crate) fn set_robots(&mut self, robots: Vec<Pos>) {
        debug_assert!(robots.windows(2).all(|w| w[0] < w[1]), "robots unsorted");
        self.robots = robots;
    }

    pub(crate) fn remove_robot(&mut self, cell: Pos) -> bool {
        match self.robots.binary_search(&cell) {
            Ok(i) => {
                self.robots.remove(i);
                true
            }
            Err(_) => false,
        }
    }

    pub(crate) fn add_debris(&mut self, cell: Pos) {
        if self.debris.set(cell, true) {
            self.debris_cells += 1;
        }
    }

    pub(crate) fn remove_debris(&mut self, cell: Pos) {
        if self.debris.set(cell, false) {
            self.debris_cells -= 1;
        }
    }
}

/// A set of board cells, one bit per cell (128 bytes, no allocation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CellSet([u64; (SIZE * SIZE).div_ceil(64)]);

impl CellSet {
    pub(crate) fn contains(&self, cell: Pos) -> bool {
        let i = BOUNDS.index(cell);
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Puts `cell` in (`true`) or out; returns whether that changed the set.
    pub(crate) fn set(&mut self, cell: Pos, member: bool) -> bool {
        let changed = self.contains(cell) != member;
        let i = BOUNDS.index(cell);
        self.0[i / 64] ^= u64::from(changed) << (i % 64);
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_has_no_debris_and_sorted_robots() {
        let board = Board::opening(&[Pos::new(20, 3), Pos::new(0, 0)]);
        assert_eq!(board.you(), Pos::new(14, 14));
        assert_eq!(board.robots(), [Pos::new(0, 0), Pos::new(20, 3)]);
        assert_eq!(board.debris_cells(), 0);
        assert!(board.has_robot(Pos::new(20, 3)));
    }

    #[test]
    fn empty_means_no_robot_no_debris_not_you_on_board() {
        let board = Board::from_parts(Pos::new(5, 5), &[Pos::new(5, 6)], &[Pos::new(6, 6)]);
        assert!(!board.is_empty_cell(Pos::new(5, 5)));
        assert!(!board.is_empty_cell(Pos::new(5, 6)));
        assert!(!board.is_empty_cell(Pos::new(6, 6)));
        assert!(!board.is_empty_cell(Pos::new(31, 0)));
        assert!(board.is_empty_cell(Pos::new(4, 4)));
    }

    #[test]
    fn debris_count_follows_cells_not_calls() {
        let mut board = Board::from_parts(START, &[], &[Pos::new(1, 1), Pos::new(1, 1)]);
        assert_eq!(board.debris_cells(), 1);
        board.remove_debris(Pos::new(1, 1));
        board.remove_debris(Pos::new(1, 1));
        assert_eq!(board.debris_cells(), 0);
    }

    #[test]
    fn nearest_distance_is_manhattan() {
        let board = Board::from_parts(START, &[Pos::new(10, 16), Pos::new(14, 20)], &[]);
        assert_eq!(board.nearest_robot_distance(), Some(6));
        assert_eq!(Board::opening(&[]).nearest_robot_distance(), None);
    }
}
