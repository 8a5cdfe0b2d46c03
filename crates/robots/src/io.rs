//! Reading the input's cases and writing the judges' report.

use crate::board::SIZE;
use crate::game::{Case, Outcome};
use proconio::input;
use proconio::source::Source;
use shared_grid::Pos;
use std::fmt::Write;
use std::io::BufRead;

/// More robots than this cannot stand on distinct cells other than yours.
const MAX_ROBOTS: usize = SIZE * SIZE - 1;

/// Reads cases up to the `0 0` line, or to the end of the input when that line is missing.
///
/// Panics (one line, turned into an error exit by `main`) on a token that is not a number,
/// on input that stops inside a case, and on what the statement rules out: a cell off the
/// board, a robot on (15, 15), two robots on one cell.
pub fn read_cases<R: BufRead, S: Source<R>>(source: &mut S) -> Vec<Case> {
    let mut cases = Vec::new();
    while !source.is_empty() {
        input! { from &mut *source, robots: usize, teleports: usize }
        if robots == 0 && teleports == 0 {
            break;
        }
        assert!(
            robots <= MAX_ROBOTS,
            "case {}: {robots} robots cannot fit on distinct cells of the board",
            cases.len() + 1
        );
        let robots = read_cells(source, robots);
        let teleports = read_cells(source, teleports);
        let case = Case::new(robots, teleports)
            .unwrap_or_else(|err| panic!("case {}: {err}", cases.len() + 1));
        cases.push(case);
    }
    cases
}

/// `count` cells, pushed one at a time: a huge count in broken input reserves nothing up front.
fn read_cells<R: BufRead, S: Source<R>>(source: &mut S, count: usize) -> Vec<Pos> {
    let mut cells = Vec::new();
    for _ in 0..count {
        cells.push(read_cell(source));
    }
    cells
}

/// One "row column" pair of the input, one-based, as a zero-based cell.
fn read_cell<R: BufRead, S: Source<R>>(source: &mut S) -> Pos {
    input! { from &mut *source, row: i64, col: i64 }
    let on_board = |x: i64| (1..=SIZE as i64).contains(&x);
    assert!(
        on_board(row) && on_board(col),
        "cell ({row},{col}) is off the {SIZE} x {SIZE} board"
    );
    Pos::new(row as usize - 1, col as usize - 1)
}

/// The statement's one-based "(r,c)", with no space, as the sample output prints it.
pub fn cell_text(cell: Pos) -> String {
    format!("({},{})", cell.row + 1, cell.col + 1)
}

/// The report of one case, ending with a newline.
pub fn format_case(number: usize, outcome: &Outcome) -> String {
    let mut out = format!("Case {number}:\n");
    for &(move_number, dest) in &outcome.teleports {
        let _ = writeln!(out, "Move {move_number}: teleport to {}", cell_text(dest));
    }
    let verdict = if outcome.won { "Won" } else { "Lost" };
    let _ = writeln!(out, "{verdict} game after making {} moves.", outcome.moves);
    let _ = writeln!(out, "Final position: {}", cell_text(outcome.final_position));
    let _ = writeln!(out, "Number of cells with debris: {}", outcome.debris_cells);
    if !outcome.won {
        let _ = writeln!(out, "Number of robots remaining: {}", outcome.robots_left);
    }
    out
}

/// Every case's report, with one empty line between consecutive cases.
pub fn format_report(outcomes: &[Outcome]) -> String {
    outcomes
        .iter()
        .enumerate()
        .map(|(i, outcome)| format_case(i + 1, outcome))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proconio::source::once::OnceSource;

    fn cases(text: &str) -> Vec<Case> {
        read_cases(&mut OnceSource::from(text))
    }

    #[test]
    fn stops_at_zero_zero_and_ignores_what_follows() {
        let read = cases("1 0\n1 1\n0 0\n1 0\n2 2\n");
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].robots(), [Pos::new(0, 0)]);
    }

    #[test]
    fn end_of_input_without_terminator_or_final_newline() {
        let read = cases("1 1\n1 1\n31 31");
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].teleports(), [Pos::new(30, 30)]);
        assert!(cases("").is_empty());
        assert!(cases("  \n").is_empty());
    }

    #[test]
    fn zero_robots_with_teleports_is_a_case() {
        let read = cases("0 1\n3 3\n0 0\n");
        assert_eq!(read.len(), 1);
        assert!(read[0].robots().is_empty());
    }

    #[test]
    fn counts_above_the_statement_limits_are_read() {
        let robots: Vec<String> = (1..=60)
            .map(|col| format!("{} {}", 1 + col / 31, 1 + col % 31))
            .collect();
        let teleports = vec!["1 1"; 25];
        let text = format!(
            "60 25\n{}\n{}\n0 0\n",
            robots.join("\n"),
            teleports.join("\n")
        );
        let read = cases(&text);
        assert_eq!(
            (read[0].robots().len(), read[0].teleports().len()),
            (60, 25)
        );
    }

    #[test]
    #[should_panic(expected = "cell (0,5) is off the 31 x 31 board")]
    fn cell_off_the_board_is_refused() {
        cases("1 0\n0 5\n0 0\n");
    }

    #[test]
    #[should_panic(expected = "case 1: a robot starts on your cell (15,15)")]
    fn robot_on_your_cell_is_refused() {
        cases("1 0\n15 15\n0 0\n");
    }

    #[test]
    #[should_panic(expected = "cannot fit")]
    fn absurd_robot_count_is_refused_before_reading() {
        cases("961 0\n");
    }

    #[test]
    fn report_separates_cases_by_one_empty_line() {
        let won = Outcome {
            teleports: vec![(3, Pos::new(15, 14))],
            won: true,
            moves: 1,
            final_position: Pos::new(13, 15),
            debris_cells: 1,
            robots_left: 0,
        };
        let lost = Outcome {
            won: false,
            robots_left: 2,
            ..won.clone()
        };
        assert_eq!(
            format_report(&[won, lost]),
            "Case 1:\nMove 3: teleport to (16,15)\nWon game after making 1 moves.\n\
             Final position: (14,16)\nNumber of cells with debris: 1\n\n\
             Case 2:\nMove 3: teleport to (16,15)\nLost game after making 1 moves.\n\
             Final position: (14,16)\nNumber of cells with debris: 1\nNumber of robots remaining: 2\n"
        );
        assert_eq!(format_report(&[]), "");
    }
}
