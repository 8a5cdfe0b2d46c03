use shared_grid::{Grid, Pos};

/// A board ready for the search: where the blocks are, where the stone starts, where the goal
/// is.
#[derive(Debug)]
pub struct Board {
    pub blocks: Grid<bool>,
    pub start: Pos,
    pub goal: Pos,
}

impl Board {
    /// Builds a board from the statement's rows of codes (0 vacant, 1 block, 2 start, 3 goal).
    pub fn from_codes(rows: Vec<Vec<u8>>) -> Result<Board, String> {
        Board::from_grid(&Grid::from_rows(rows).ok_or("rows of different lengths")?)
    }

    /// Builds a board from a grid of codes with exactly one start and one goal.
    pub fn from_grid(codes: &Grid<u8>) -> Result<Board, String> {
        if let Some((_, code)) = codes.iter().find(|&(_, &code)| code > 3) {
            return Err(format!("square code {code} is not one of 0, 1, 2, 3"));
        }
        let only = |wanted: u8, name: &str| {
            let mut found = codes.iter().filter(|&(_, &c)| c == wanted).map(|(p, _)| p);
            match (found.next(), found.next()) {
                (Some(p), None) => Ok(p),
                (None, _) => Err(format!("the board has no {name}")),
                (Some(_), Some(_)) => Err(format!("the board has more than one {name}")),
            }
        };
        Ok(Board {
            start: only(2, "start")?,
            goal: only(3, "goal")?,
            blocks: codes.map(|&code| code == 1),
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
