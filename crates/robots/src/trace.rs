//! The `--trace` drawing: the board after every move, for players comparing answers.

use crate::board::{cell_text, SIZE};
use crate::game::Step;
use crate::rules::Move;
use shared_grid::Pos;
use std::fmt::Write;

/// One position as text: a header line, two lines of column numbers, then one line per row:
/// `@` you, `X` you destroyed, `R` robot, `*` debris, `t` an unused teleport entry's empty
/// cell, `.` an empty cell. Ends with an empty line.
pub fn draw(case_number: usize, step: &Step) -> String {
    let board = step.board;
    let mut out = format!("Case {case_number}, {}", describe(step));
    let _ = writeln!(
        out,
        "; {} robots, {} debris cells{}",
        board.robots().len(),
        board.debris_cells(),
        match (step.lost, board.robots().is_empty()) {
            (true, _) => " -- lost",
            (false, true) => " -- won",
            _ => "",
        }
    );
    // The one-based column numbers, written downwards: tens, then units.
    out.push_str("    0000000001111111111222222222233\n    1234567890123456789012345678901\n");
    for row in 0..SIZE {
        let line: String = (0..SIZE)
            .map(|col| {
                let cell = Pos::new(row, col);
                let occupied = board.has_robot(cell) || board.has_debris(cell);
                match () {
                    _ if cell == board.you() && occupied => 'X',
                    _ if cell == board.you() => '@',
                    _ if board.has_robot(cell) => 'R',
                    _ if board.has_debris(cell) => '*',
                    _ if step.teleports.has_unused(cell) => 't',
                    _ => '.',
                }
            })
            .collect();
        let _ = writeln!(out, "{:>3} {line}", row + 1);
    }
    out.push('\n');
    out
}

fn describe(step: &Step) -> String {
    let (number, you) = (step.number, cell_text(step.board.you()));
    match step.mv {
        None => format!("start at {you}"),
        Some(Move::Stay) => format!("move {number}: stay at {you}"),
        Some(Move::Walk(dir)) => format!("move {number}: walk {dir:?} to {you}"),
        Some(Move::Teleport(_)) => format!("move {number}: teleport to {you}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::teleports::{TeleportEntries, TeleportList};

    #[test]
    fn marks_every_kind_of_cell() {
        let board = Board::from_parts(Pos::new(0, 0), &[Pos::new(0, 2)], &[Pos::new(0, 3)]);
        let entries = TeleportEntries::from_cells(&[Pos::new(0, 1), Pos::new(0, 4)]);
        let mut list = TeleportList::new(&entries);
        list.take(Pos::new(0, 4));
        let step = Step {
            number: 4,
            mv: Some(Move::Walk(shared_grid::Dir8::W)),
            board: &board,
            lost: false,
            teleports: &list,
        };
        let text = draw(2, &step);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "Case 2, move 4: walk W to (1,1); 1 robots, 1 debris cells"
        );
        assert!(lines[2].starts_with("    1234567890"));
        assert!(lines[3].starts_with("  1 @tR*.."), "{}", lines[3]);
        assert_eq!(lines.len(), 3 + SIZE + 1);
    }

    #[test]
    fn destroyed_you_is_an_x() {
        let mut board = Board::from_parts(Pos::new(5, 5), &[Pos::new(4, 4), Pos::new(6, 6)], &[]);
        assert!(crate::rules::robots_move(&mut board));
        let entries = TeleportEntries::default();
        let step = Step {
            number: 9,
            mv: Some(Move::Stay),
            board: &board,
            lost: true,
            teleports: &TeleportList::new(&entries),
        };
        let text = draw(1, &step);
        assert!(text.lines().next().unwrap().ends_with("-- lost"));
        assert!(text.lines().nth(8).unwrap().starts_with("  6 .....X."));
    }
}
