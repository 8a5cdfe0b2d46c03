//! Curling 2.0 (POJ 3009, AOJ 1144): the fewest throws that bring the stone
//! from the start to the goal, or -1 when ten throws are not enough.
//!
//! # Model
//! A thrown stone slides until it reaches the goal (and stops there), leaves
//! the board (the game is lost), or runs into a block: it then stops on the
//! square before the block and that block vanishes. A throw straight into an
//! adjacent block is not allowed. So every throw that does not end the game
//! removes exactly one block, and a position after `k` throws is fully
//! described by the stone's square and the *set* of `k` removed blocks.
//!
//! # Search
//! [`min_throws`] runs an iterative-deepening depth-first search (see
//! [`search`]) with two prunings that keep it exact:
//! - a lower bound on the throws still needed (see [`bound`]): the throws a
//!   relaxed game needs in which any block may already be gone (computed once
//!   per board by a backward breadth-first search; infinite means the goal can
//!   never be reached, and the search ends at once), and 1 or 2 depending on
//!   whether the goal is in plain sight;
//! - a table of positions (stone square + removed set) already shown to fail
//!   with at least the current budget, so transpositions (the same blocks
//!   removed in another order) are searched once.
//!
//! # Input decisions
//! - Boards of any size are accepted (the statement's 20 x 20 is not assumed).
//! - Input ends at the line `0 0` or at the end of the data, whichever comes
//!   first; a missing final newline is fine.
//! - A board without exactly one start and one goal, or with a square value
//!   other than 0..=3, is malformed: the program stops with a one-line error.

mod board;
pub mod bound;
pub mod search;

pub use board::{Board, Square};
pub use search::{min_throws, MAX_THROWS};

use proconio::input;
use proconio::source::Source;
use std::io::BufRead;

/// Reads every dataset up to `0 0` or the end of input.
///
/// Panics with a one-line message on malformed input (the binary turns that
/// into an error exit, see `shared_grid::exit_on_bad_input`).
pub fn read_boards<R: BufRead, S: Source<R>>(source: &mut S) -> Vec<Board> {
    let mut boards = Vec::new();
    while !source.is_empty() {
        input! {
            from &mut *source,
            width: usize,
            height: usize,
        }
        if width == 0 && height == 0 {
            break;
        }
        input! {
            from &mut *source,
            squares: [[u8; width]; height],
        }
        let dataset = boards.len() + 1;
        match Board::from_codes(squares) {
            Ok(board) => boards.push(board),
            Err(why) => panic!("dataset {dataset}: {why}"),
        }
    }
    boards
}

/// The answer line for one board: the fewest throws, or `-1`.
pub fn answer(board: &Board) -> String {
    match min_throws(board) {
        Some(throws) => throws.to_string(),
        None => "-1".to_string(),
    }
}

/// Reads all datasets and returns the whole output, one line per dataset.
pub fn run<R: BufRead, S: Source<R>>(source: &mut S) -> String {
    let mut out = String::new();
    for board in read_boards(source) {
        out.push_str(&answer(&board));
        out.push('\n');
    }
    out
}
