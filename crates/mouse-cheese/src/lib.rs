//! Game - Mouse and Cheese (UVa 11818).
//!
//! A 3 x 3 board has a stick on each of the 12 unit segments between neighbouring cells. A
//! mouse and a piece of cheese sit on two cells; some sticks are already gone. SOHA, then TARA,
//! alternately throw away one stick; the player after whose move the mouse can walk to the
//! cheese wins. Print `Case k: SOHA` or `Case k: TARA` for the winner under perfect play, or
//! `Case k: No Cheese!` when the mouse reaches the cheese before the first move.
//!
//! # Model
//! - [`board`]: cell `k` is the unit square with lower-left corner `((k-1) mod 3, (k-1) div 3)`
//!   (fixed by the statement's example: the sticks around cell 3 are `2 0 2 1` and `2 1 3 1`).
//!   A [`board::Stick`] is one of the 12 interior unit segments, a [`board::StickSet`] a 12-bit
//!   set of sticks. The rim is not a stick and can never be crossed.
//! - [`game`]: the state of a game is (mouse, cheese, set of sticks gone); whose turn it is does
//!   not matter for "does the player to move win".
//!
//! # Algorithm
//! [`game::Solver::new`] solves every position once by retrograde analysis: a move only adds
//! a stick to the set of sticks gone, so scanning the 4,096 sets from the highest number down
//! finds every successor solved. A move wins if it lets the mouse through or leaves the
//! opponent a lost position. For one (set, mouse) entry the nine cheese cells are the bits of a
//! `u16`, so the whole table is 4,096 x 9 x 12 bit operations; the regions the mouse can reach
//! are built incrementally for all sets too ([`board::all_regions`]). Each case is then a
//! lookup, and the table is built once per process ([`game::Solver::shared`]).
//! `tests/exhaustive.rs` checks all 72 x 4,096 positions with distinct cells against a naive
//! recursive minimax with a flood fill over coordinates.
//!
//! # Decisions where the statement is silent (each pinned by a test)
//! - SOHA moves first whatever R is: the sticks removed "before the game starts" are not moves.
//!   `tests::soha_moves_first_even_after_removals`.
//! - End points may come in either order (statement); a stick given twice is removed once
//!   (removal is idempotent). `input::tests::duplicates_and_non_sticks_remove_nothing_more`.
//! - A segment that is not one of the 12 interior sticks (on the rim, off the board, diagonal,
//!   of length 0 or more than 1) is ignored: there is no such stick to remove, and the rim can
//!   never be opened. `board::tests::rim_and_odd_segments_are_not_sticks`.
//! - `R` may exceed 12 (duplicates, non-sticks): exactly `R` segments are read.
//!   `samples/mouse-cheese/lenient.in` (R = 14).
//! - T larger than the cases present: stop at the end of input after a whole case and answer
//!   the cases read; cases beyond T are ignored; empty input has no cases.
//!   `input::tests::stops_at_the_end_of_input_when_t_is_too_large`.
//!   Each answer is written as soon as its case is read, so the cases before a malformed one are
//!   answered (then the error); memory does not grow with the number of cases.
//! - S = C (excluded by the statement): the mouse already reaches the cheese, `No Cheese!`.
//!   `game::tests::mouse_on_the_cheese_has_nothing_to_find`.
//! - Errors (one stderr line, exit 1 through `shared_grid::run_batch`): a token that is
//!   not an integer (or a negative T or R), input ending inside a case, a cell outside 1..=9.
//!   `tests/cli.rs`.

pub mod board;
pub mod game;
pub mod input;

pub use board::{Cell, Segment, Stick, StickSet};
pub use game::{Outcome, Solver};
pub use input::{read_case_count, read_position, Position};

use shared_grid::{InputError, TokenReader};
use std::io::{BufRead, Write};

/// Reads T, then answers each case as soon as it is read (one `Case k: NAME` line to `out`),
/// up to T cases or the end of the input. Memory stays constant however many cases there are.
/// Stops at the first malformed case with an error naming it, after the answers before it.
pub fn run_to<R: BufRead, W: Write>(
    source: &mut TokenReader<R>,
    out: &mut W,
) -> Result<(), InputError> {
    let declared = read_case_count(source)?;
    let solver = Solver::shared();
    let mut number = 0;
    while number < declared && !source.is_empty() {
        number += 1;
        let case = read_position(source).map_err(|err| err.at(format!("case {number}")))?;
        let outcome = solver.outcome(case.mouse, case.cheese, case.gone);
        writeln!(out, "Case {number}: {outcome}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_text(text: &str) -> String {
        let mut out = Vec::new();
        run_to(&mut TokenReader::new(text.as_bytes()), &mut out).unwrap_or_else(|e| panic!("{e}"));
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn statement_sample() {
        let input = "3\n\n1 2 1\n\n1 1 1 0\n\n1 4 0\n\n7 2 2\n\n1 2 1 3\n\n2 2 2 3\n";
        assert_eq!(
            run_text(input),
            "Case 1: No Cheese!\nCase 2: SOHA\nCase 3: TARA\n"
        );
    }

    #[test]
    fn soha_moves_first_even_after_removals() {
        // Mouse and cheese in opposite corners: with all sticks standing the second player
        // wins, with one stick gone the first. Were the R removals counted as moves, TARA
        // would be to move after R = 1 and the second answer would flip to TARA.
        assert_eq!(
            run_text("2\n1 9 0\n1 9 1\n1 0 1 1\n"),
            "Case 1: TARA\nCase 2: SOHA\n"
        );
    }

    #[test]
    fn mouse_on_cheese_and_no_cases() {
        assert_eq!(run_text("1\n5 5 0\n"), "Case 1: No Cheese!\n");
        assert_eq!(run_text(""), "");
        assert_eq!(run_text("0\n"), "");
    }
}
