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
