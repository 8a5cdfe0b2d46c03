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
