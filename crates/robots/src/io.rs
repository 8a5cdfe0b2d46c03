//! Reading the input's cases and writing the judges' report.
//!
//! # Input and output decisions (from the statement, each pinned by a test)
//! 1. **Output format.** The sample wins over the prose: `Move m: teleport to (r,c)` and
//!    `Final position: (r,c)` with no space after the comma, the colon after "position" in
//!    the win block too; one empty line between consecutive cases (the judges' "separate the
//!    output for each case by a blank line"), none before the first or after the last.
//!    Pinned by `samples/robots/statement.*` and `io::tests`.
//! 10. **Lenient input.** Cases are read up to `0 0` or to the end of the input (the terminator
//!     may be missing, so may the final newline). A case with R = 0 and T > 0 is played: no
//!     robot is there, so it is won after 0 moves. R and T above the statement's limits are
//!     accepted as long as the robots fit on distinct cells. Errors (one stderr line, exit
//!     status 1): a token that is not a number, input ending inside a case, a cell off the
//!     board, a robot on (15, 15), two robots on one cell, more than 960 robots.
//!

use crate::board::{cell_text, SIZE};
use crate::game::{Case, Outcome};
use crate::teleports::TeleportEntries;
use shared_grid::{parse_token, InputError, Pos, TokenReader};
use std::fmt::Write;
use std::io::BufRead;

/// More robots than this cannot stand on distinct cells other than yours.
const MAX_ROBOTS: usize = SIZE * SIZE - 1;

/// Reads the next case: `None` at the `0 0` line or at the end of the input (the line may be
/// missing).
///
/// An error on a token that is not a number, on input that stops inside the case, and on what
/// the statement rules out: a cell off the board, a robot on (15, 15), two robots on one cell.
pub fn read_case<R: BufRead>(source: &mut TokenReader<R>) -> Result<Option<Case>, InputError> {
    if source.is_empty() {
        return Ok(None);
    }
    let robots: usize = parse_token(source.next_token(), "the number of robots")?;
    let teleports: usize = parse_token(source.next_token(), "the number of teleports")?;
    if robots == 0 && teleports == 0 {
        return Ok(None);
    }
    if robots > MAX_ROBOTS {
        return Err(InputError::new(format!(
            "{robots} robots cannot fit on distinct cells of the board"
        )));
    }
    // Pushed one at a time: a huge count in broken input reserves nothing up front, and the
    // teleport list grows by 4 bytes an entry (`TeleportEntries`), less than its text.
    let mut robot_cells = Vec::new();
    for _ in 0..robots {
        robot_cells.push(read_cell(source)?);
    }
    let mut entries = TeleportEntries::default();
    for _ in 0..teleports {
        entries.push(read_cell(source)?);
    }
    Case::with_entries(robot_cells, entries)
        .map(Some)
        .map_err(InputError::new)
}

/// One "row column" pair of the input, one-based, as a zero-based cell.
fn read_cell<R: BufRead>(source: &mut TokenReader<R>) -> Result<Pos, InputError> {
    let row: i64 = parse_token(source.next_token(), "a row")?;
    let col: i64 = parse_token(source.next_token(), "a column")?;
    let on_board = |x: i64| (1..=SIZE as i64).contains(&x);
    if !(on_board(row) && on_board(col)) {
        return Err(InputError::new(format!(
            "cell ({row},{col}) is off the {SIZE} x {SIZE} board"
        )));
    }
    Ok(Pos::new(row as usize - 1, col as usize - 1))
}

/// The report of one case, ending with a newline.
pub fn format_case(number: usize, outcome: &Outcome) -> String {
    let mut out = format!("Case {number}:\n");
    for &(move_number, dest) in &outcome.teleports {
        let _ = writeln!(out, "Move {move_number}: teleport to {}", cell_text(dest));
    }
    let verdict = if outcome.won { "Won" } else { "Lost" };
    let _ = write!(
        out,
        "{verdict} game after making {} moves.\n\
         Final position: {}\n\
         Number of cells with debris: {}\n",
        outcome.moves,
        cell_text(outcome.final_position),
        outcome.debris_cells
    );
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

    /// Every case up to `0 0` or the end; panics with the first error.
    fn cases(text: &str) -> Vec<Case> {
        let mut source = TokenReader::new(text.as_bytes());
        let mut read = Vec::new();
        while let Some(case) = read_case(&mut source).unwrap_or_else(|err| panic!("{err}")) {
            read.push(case);
        }
        read
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
        assert_eq!(read[0].teleports().cells(), [Pos::new(30, 30)]);
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
    #[should_panic(expected = "a robot starts on your cell (15,15)")]
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
