//! Curling 2.0 (POJ 3009, AOJ 1144): the fewest throws that bring the stone
//! from the start to the goal, or -1 when ten throws are not enough.
//!
//! # Model
//! A thrown stone slides until it reaches the goal (and stops there), leaves the board (the
//! game is lost), or runs into a block: it stops on the square before it and the block
//! vanishes. A throw straight into an adjacent block is not allowed. So every throw that
//! does not end the game removes one block, and a position after `k` throws is the stone's
//! square and the *set* of the `k` blocks removed.
//!
//! # Algorithm
//! [`min_throws`]: a depth-first branch and bound over throw sequences, in the plain DFS's
//! order of throws (up, down, left, right), that keeps the fewest throws found, `best`, and
//! cuts only what cannot beat it, so the answer is the final `best`:
//! - a lower bound ([`bound::relaxed_layers`]): the throws a relaxed game needs in which any
//!   block may already be gone, built once per board in O(rows x 10) word operations;
//! - a position from which at most two throws can beat `best` is answered at once: only a
//!   throw towards the goal's row or column can end in sight of it, so two lines are looked at.
//!
//! Slides are bit scans of the blocks by row and by column (`lines`), a few word operations
//! whatever the distance. The tree is the plain DFS's, at most 4^10 positions, less the cuts.
//!
//! # Decisions
//! (measured in `benches/README.md`)
//!
//! # Input
//! - Boards of any size are read, but the header's sizes are never trusted: the board grows
//!   square by square as the data arrives, so a header promising more squares than the input
//!   holds ends in an "end of input" error, not a huge allocation. A shape with room for
//!   fewer than two squares, or more than `usize::MAX`, is refused at once.
//! - Input ends at the line `0 0` or at the end of the data; a missing final newline is fine.
//! - Each answer is written as soon as its board is read. A board without exactly one start
//!   and one goal, a square value other than 0..=3, or a token that is not a number stops
//!   the program with a one-line error naming the dataset.

mod board;
pub mod bound;
mod lines;
pub mod search;

pub use board::Board;
pub use search::{min_throws, MAX_THROWS};

use proconio::source::Source;
use shared_grid::{parse_token, Grid, InputError};
use std::io::{BufRead, Write};

/// Reads the next dataset: `None` at the line `0 0` or at the end of the input.
pub fn read_board<R: BufRead, S: Source<R>>(source: &mut S) -> Result<Option<Board>, InputError> {
    if source.is_empty() {
        return Ok(None);
    }
    let width: usize = parse_token(source.next_token(), "the board width")?;
    let height: usize = parse_token(source.next_token(), "the board height")?;
    if width == 0 && height == 0 {
        return Ok(None);
    }
    let cells = match width.checked_mul(height) {
        Some(cells) if cells >= 2 => cells,
        _ => {
            return Err(InputError::new(format!(
                "a {width} x {height} board cannot hold a start and a goal"
            )))
        }
    };
    // No `with_capacity(cells)`: the header is untrusted, the squares that arrive are not.
    let mut codes = Vec::new();
    for _ in 0..cells {
        codes.push(parse_token(source.next_token(), "a square (0, 1, 2 or 3)")?);
    }
    let grid = Grid::from_cells(height, width, codes).expect("height x width squares read");
    Board::from_grid(&grid).map(Some).map_err(InputError::new)
}

/// Answers every dataset up to `0 0` or the end of the input, writing each line to `out` as
/// soon as its board is read. Stops at the first malformed dataset with an error naming it,
/// after the answers to the datasets before it.
pub fn run_to<R: BufRead, S: Source<R>, W: Write>(
    source: &mut S,
    out: &mut W,
) -> Result<(), InputError> {
    for dataset in 1.. {
        match read_board(source).map_err(|err| err.at(format!("dataset {dataset}")))? {
            Some(board) => writeln!(out, "{}", min_throws(&board).map_or(-1, i64::from))?,
            None => break,
        }
    }
    Ok(())
}

/// The whole output for a whole input (tests); panics with the error line on malformed input.
pub fn run<R: BufRead, S: Source<R>>(source: &mut S) -> String {
    let mut out = Vec::new();
    if let Err(err) = run_to(source, &mut out) {
        panic!("{err}");
    }
    String::from_utf8(out).expect("the answers are ASCII")
}
