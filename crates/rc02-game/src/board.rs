//! The two sides, the N x N board, its starting position and its drawing.

use shared_grid::{Grid, Pos};
use std::fmt;

/// Smallest board the rules are written for (the N > 4 clauses only widen them).
pub const MIN_SIZE: usize = 4;
/// Largest board accepted. The statement stops at 10; the rules make sense for any even N,
/// and 100 keeps the per-move capture check (O(N)) cheap for any K.
pub const MAX_SIZE: usize = 100;

/// A player. Red (`h`) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Red,
    Blue,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Red, Side::Blue];

    pub const fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// The word the output uses for the winner.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }

    /// The board glyph of this side's pieces.
    pub const fn glyph(self) -> char {
        match self {
            Side::Red => 'h',
            Side::Blue => 'l',
        }
    }
}

/// What a cell holds: a piece of one side, or nothing.
pub type Cell = Option<Side>;

/// The glyph of a cell in the output: `h`, `l` or `.`.
pub fn cell_glyph(cell: &Cell) -> char {
    cell.map_or('.', Side::glyph)
}

/// An N x N board (N even, at least 4) with its piece counts kept up to date, and for each
/// side the number of (piece, empty orthogonal neighbour) pairs: the side can move while that
/// is non-zero. Kept up to date cell by cell, so "has a legal move" costs O(1), not O(N^2),
/// and a game of K moves O(K N) whatever K.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Grid<Cell>,
    red: usize,
    blue: usize,
    /// `[Red, Blue]`: pairs (piece of that side, empty neighbour).
    exits: [usize; 2],
}

impl Board {
    /// The starting position: Red fills the leftmost column and the left halves of the top and
    /// bottom rows, Blue the rightmost column and the right halves of those rows.
    ///
    /// Panics when `n` is odd or outside `MIN_SIZE..=MAX_SIZE` (the caller validates input).
    pub fn initial(n: usize) -> Board {
        assert!(
            size_is_supported(n),
            "board size {n} unsupported: N must be even, from {MIN_SIZE} to {MAX_SIZE}"
        );
        let mut cells = Grid::new(n, n, None);
        for row in 0..n {
            cells[Pos::new(row, 0)] = Some(Side::Red);
            cells[Pos::new(row, n - 1)] = Some(Side::Blue);
        }
        for row in [0, n - 1] {
            for col in 0..n {
                let side = if col < n / 2 { Side::Red } else { Side::Blue };
                cells[Pos::new(row, col)] = Some(side);
            }
        }
        Board::from_cells(cells)
    }

    /// A board holding exactly `cells` (square, any content); used by tests to set up positions.
    pub fn from_cells(cells: Grid<Cell>) -> Board {
        assert_eq!(cells.rows(), cells.cols(), "the board is square");
        let count = |side| cells.iter().filter(|(_, c)| **c == Some(side)).count();
        let (red, blue) = (count(Side::Red), count(Side::Blue));
        let mut board = Board {
            cells,
            red,
            blue,
            exits: [0, 0],
        };
        let bounds = board.cells.bounds();
        for p in bounds.positions() {
            if board.cells[p].is_none() {
                board.count_exits_into(p, true);
            }
        }
        board
    }

    /// Adds (`add`) or subtracts the exits that the empty cell `p` gives its neighbours.
    fn count_exits_into(&mut self, p: Pos, add: bool) {
        for q in self.cells.bounds().neighbours4(p) {
            if let Some(side) = self.cells[q] {
                let exits = &mut self.exits[side as usize];
                if add {
                    *exits += 1;
                } else {
                    *exits -= 1;
                }
            }
        }
    }

    /// Sets cell `p`, keeping the exit counts right (piece counts are the caller's business).
    fn put(&mut self, p: Pos, cell: Cell) {
        if self.cells[p].is_none() {
            self.count_exits_into(p, false);
        } else {
            let (side, empty) = (self.cells[p], self.empty_neighbours(p));
            self.exits[side.expect("occupied") as usize] -= empty;
        }
        self.cells[p] = cell;
        if let Some(side) = cell {
            let empty = self.empty_neighbours(p);
            self.exits[side as usize] += empty;
        } else {
            self.count_exits_into(p, true);
        }
    }

    fn empty_neighbours(&self, p: Pos) -> usize {
        let bounds = self.cells.bounds();
        bounds
            .neighbours4(p)
            .filter(|&q| self.cells[q].is_none())
            .count()
    }

    /// Parses rows of `h`, `l` and `.` (the output format); `None` on anything else.
    pub fn parse(text: &str) -> Option<Board> {
        let cells = Grid::parse_chars(text, |ch| match ch {
            'h' => Some(Some(Side::Red)),
            'l' => Some(Some(Side::Blue)),
            '.' => Some(None),
            _ => None,
        })?;
        (cells.rows() == cells.cols() && cells.rows() > 0).then(|| Board::from_cells(cells))
    }

    /// N.
    pub fn size(&self) -> usize {
        self.cells.rows()
    }

    pub fn cells(&self) -> &Grid<Cell> {
        &self.cells
    }

    pub fn at(&self, p: Pos) -> Cell {
        self.cells[p]
    }

    pub fn count(&self, side: Side) -> usize {
        match side {
            Side::Red => self.red,
            Side::Blue => self.blue,
        }
    }

    /// Moves the piece at `from` to the empty cell `to` (legality is the caller's business).
    pub fn relocate(&mut self, from: Pos, to: Pos) {
        debug_assert!(self.cells[to].is_none(), "{to:?} is occupied");
        let piece = self.cells[from];
        self.put(from, None);
        self.put(to, piece);
    }

    /// Empties `p`, keeping the counts right.
    pub fn remove(&mut self, p: Pos) {
        match self.cells[p] {
            Some(Side::Red) => self.red -= 1,
            Some(Side::Blue) => self.blue -= 1,
            None => return,
        }
        self.put(p, None);
    }

    /// Whether `side` could move: one of its pieces has an empty orthogonal neighbour.
    pub fn has_legal_move(&self, side: Side) -> bool {
        self.exits[side as usize] > 0
    }

    /// N lines of `h`, `l`, `.`, each ending in a newline.
    pub fn draw(&self) -> String {
        self.cells.draw(cell_glyph)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.draw())
    }
}

/// Whether the rules (and this program) accept an N x N board.
pub fn size_is_supported(n: usize) -> bool {
    n % 2 == 0 && (MIN_SIZE..=MAX_SIZE).contains(&n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_position_for_four() {
        assert_eq!(Board::initial(4).draw(), "hhll\nh..l\nh..l\nhhll\n");
    }

    #[test]
    fn initial_position_for_six() {
        let expected = "hhhlll\nh....l\nh....l\nh....l\nh....l\nhhhlll\n";
        assert_eq!(Board::initial(6).draw(), expected);
    }

    #[test]
    fn each_side_starts_with_two_n_minus_two_pieces() {
        for n in (4..=12).step_by(2) {
            let board = Board::initial(n);
            for side in Side::BOTH {
                assert_eq!(board.count(side), 2 * n - 2, "n = {n}, {side:?}");
            }
        }
    }

    #[test]
    fn counts_follow_removals() {
        let mut board = Board::initial(4);
        board.remove(Pos::new(0, 0));
        board.remove(Pos::new(1, 1)); // already empty: no change
        assert_eq!((board.count(Side::Red), board.count(Side::Blue)), (5, 6));
        board.relocate(Pos::new(1, 3), Pos::new(1, 2));
        assert_eq!(board.count(Side::Blue), 6);
        assert_eq!(board.draw(), ".hll\nh.l.\nh..l\nhhll\n");
    }

    /// The definition, by a full scan.
    fn scan_has_legal_move(board: &Board, side: Side) -> bool {
        let bounds = board.cells().bounds();
        board.cells().iter().any(|(p, cell)| {
            *cell == Some(side) && bounds.neighbours4(p).any(|q| board.at(q).is_none())
        })
    }

    #[test]
    fn exit_counts_follow_every_change() {
        // A fixed pseudo-random walk of relocations and removals on a 6 x 6 board.
        let mut board = Board::initial(6);
        let mut state = 12345u64;
        for _ in 0..2000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = (state >> 33) as usize;
            let p = Pos::new(r % 6, (r / 6) % 6);
            let q = Pos::new((r / 36) % 6, (r / 216) % 6);
            if r % 7 == 0 {
                board.remove(p);
            } else if board.at(p).is_some() && board.at(q).is_none() {
                board.relocate(p, q);
            }
            let fresh = Board::from_cells(board.cells().clone());
            assert_eq!(board, fresh, "incremental counts equal recounted ones");
            for side in Side::BOTH {
                assert_eq!(
                    board.has_legal_move(side),
                    scan_has_legal_move(&board, side)
                );
            }
        }
    }

    #[test]
    fn legal_moves_need_an_empty_neighbour() {
        let boxed_in = Board::parse("hl..\nl...\n....\n....").unwrap();
        assert!(!boxed_in.has_legal_move(Side::Red));
        assert!(boxed_in.has_legal_move(Side::Blue));
        assert!(Board::initial(4).has_legal_move(Side::Red));
    }

    #[test]
    fn parse_round_trips_and_refuses_other_glyphs() {
        let text = "hhll\nh..l\n..ll\nhh.l\n";
        assert_eq!(Board::parse(text).unwrap().draw(), text);
        assert!(Board::parse("hx\n..\n").is_none());
        assert!(Board::parse("hhh\n...\n").is_none());
    }

    #[test]
    fn unsupported_sizes() {
        assert!(!size_is_supported(2));
        assert!(!size_is_supported(5));
        assert!(!size_is_supported(102));
        assert!(size_is_supported(4) && size_is_supported(10) && size_is_supported(100));
    }
}
