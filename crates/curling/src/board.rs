use shared_grid::{Grid, Pos};

/// What a square of the input holds (codes 0..=3 of the statement).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    Vacant,
    Block,
    Start,
    Goal,
}

impl Square {
    pub fn from_code(code: u8) -> Option<Square> {
        match code {
            0 => Some(Square::Vacant),
            1 => Some(Square::Block),
            2 => Some(Square::Start),
            3 => Some(Square::Goal),
            _ => None,
        }
    }
}

/// A board ready for the search: where the blocks are, where the stone starts,
/// where the goal is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub blocks: Grid<bool>,
    pub start: Pos,
    pub goal: Pos,
}

impl Board {
    /// Builds a board from the statement's rows of codes.
    pub fn from_codes(rows: Vec<Vec<u8>>) -> Result<Board, String> {
        let squares = rows
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|code| Square::from_code(code).ok_or(code))
                    .collect::<Result<Vec<_>, u8>>()
            })
            .collect::<Result<Vec<_>, u8>>()
            .map_err(|code| format!("square code {code} is not one of 0, 1, 2, 3"))?;
        let grid = Grid::from_rows(squares).ok_or("rows of different lengths")?;
        Board::from_grid(&grid)
    }

    /// Builds a board from a grid of squares with exactly one start and one goal.
    pub fn from_grid(squares: &Grid<Square>) -> Result<Board, String> {
        let only = |wanted: Square, name: &str| {
            let mut found = squares
                .iter()
                .filter(|&(_, &s)| s == wanted)
                .map(|(p, _)| p);
            match (found.next(), found.next()) {
                (Some(p), None) => Ok(p),
                (None, _) => Err(format!("the board has no {name}")),
                (Some(_), Some(_)) => Err(format!("the board has more than one {name}")),
            }
        };
        Ok(Board {
            start: only(Square::Start, "start")?,
            goal: only(Square::Goal, "goal")?,
            blocks: squares.map(|&s| s == Square::Block),
        })
    }

    /// The blocks as bit sets, one per row (bit = column) or, `by_column`, one per column
    /// (bit = row): `len.div_ceil(64)` words per line, lowest bits first.
    pub fn block_words(&self, by_column: bool) -> Vec<u64> {
        let (rows, cols) = (self.blocks.rows(), self.blocks.cols());
        let (lines, len) = if by_column {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let per_line = len.div_ceil(64);
        let mut words = vec![0u64; lines * per_line];
        // Every square is or-ed in, block or not: a branch per square would be mispredicted
        // on most boards, and this runs for every board.
        for row in 0..rows {
            let squares = self.blocks.row(row);
            if !by_column {
                for (word, chunk) in words[row * per_line..].iter_mut().zip(squares.chunks(64)) {
                    *word = bits_of(chunk);
                }
            } else if per_line == 1 {
                // The common case (at most 64 rows), without `step_by`: on the 1 x 100,000
                // board the general loop below cost 1.7M instructions against 1.0M.
                for (line, &block) in words.iter_mut().zip(squares) {
                    *line |= u64::from(block) << row;
                }
            } else {
                let (word, bit) = (row / 64, row % 64);
                for (line, &block) in words[word..].iter_mut().step_by(per_line).zip(squares) {
                    *line |= u64::from(block) << bit;
                }
            }
        }
        words
    }
}

/// Up to 64 squares as the low bits of a word (square `i` is bit `i`), one shift and one
/// `or` a square. (Gathering eight squares with a multiplication copied them to a byte array
/// first, a call to `memcpy` each time: 13 % more instructions on the 1 x 100,000 board.)
fn bits_of(squares: &[bool]) -> u64 {
    squares
        .iter()
        .rev()
        .fold(0, |bits, &block| bits << 1 | u64::from(block))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_become_a_board() {
        let b = Board::from_codes(vec![vec![2, 1, 0], vec![0, 0, 3]]).unwrap();
        assert_eq!(b.start, Pos::new(0, 0));
        assert_eq!(b.goal, Pos::new(1, 2));
        assert!(b.blocks[Pos::new(0, 1)]);
        assert!(!b.blocks[Pos::new(1, 1)]);
    }

    #[test]
    fn bits_of_squares_gathers_every_pattern() {
        for pattern in 0..1u64 << 11 {
            let squares: Vec<bool> = (0..11).map(|i| pattern >> i & 1 != 0).collect();
            assert_eq!(bits_of(&squares), pattern);
        }
        assert_eq!(bits_of(&[true; 64]), !0);
        assert_eq!(bits_of(&[]), 0);
    }

    #[test]
    fn block_words_are_bit_sets_by_row_or_column() {
        let mut codes = vec![vec![0; 70]; 2];
        codes[0][0] = 2;
        codes[1][69] = 3;
        codes[0][3] = 1;
        codes[1][65] = 1;
        let b = Board::from_codes(codes).unwrap();
        assert_eq!(b.block_words(false), [1 << 3, 0, 0, 1 << 1]);
        let mut by_column = vec![0; 70];
        by_column[3] = 1;
        by_column[65] = 2;
        assert_eq!(b.block_words(true), by_column);
        // Columns of more than 64 squares: the board turned a quarter, the same words.
        let mut turned = vec![vec![0; 2]; 70];
        for (row, codes) in codes_of(&b).iter().enumerate() {
            for (col, &code) in codes.iter().enumerate() {
                turned[col][row] = code;
            }
        }
        let turned = Board::from_codes(turned).unwrap();
        assert_eq!(turned.block_words(true), b.block_words(false));
        assert_eq!(turned.block_words(false), b.block_words(true));
    }

    fn codes_of(b: &Board) -> Vec<Vec<u8>> {
        let mut codes: Vec<Vec<u8>> = (0..b.blocks.rows())
            .map(|row| b.blocks.row(row).iter().map(|&x| u8::from(x)).collect())
            .collect();
        codes[b.start.row][b.start.col] = 2;
        codes[b.goal.row][b.goal.col] = 3;
        codes
    }

    #[test]
    fn malformed_boards_are_refused() {
        assert!(Board::from_codes(vec![vec![0, 3]])
            .unwrap_err()
            .contains("no start"));
        assert!(Board::from_codes(vec![vec![2, 0]])
            .unwrap_err()
            .contains("no goal"));
        assert!(Board::from_codes(vec![vec![2, 2, 3]])
            .unwrap_err()
            .contains("more than one start"));
        assert!(Board::from_codes(vec![vec![2, 4, 3]])
            .unwrap_err()
            .contains("code 4"));
    }
}
