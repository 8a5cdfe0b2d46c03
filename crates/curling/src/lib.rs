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
//! # Algorithm and complexity
//! [`min_throws`] is a depth-first branch and bound over throw sequences, in the plain DFS's
//! order (up, down, left, right). It keeps the fewest throws found, `best`, and cuts only
//! paths that cannot beat it, so the answer is the final `best`:
//! - a position from which at most two throws can beat `best` is answered at once: one if the
//!   goal is in sight, two if a throw ends in sight of it, which only a throw towards the
//!   goal's row or column can do, so two lines are looked at;
//! - a lower bound ([`bound::relaxed_layers`]): the throws of a relaxed game in which any
//!   block may already be gone, built once per board, O(rows x 10) word operations.
//!
//! Blocks are bit sets by row and by column (`lines`): a throw is a mask and a bit scan,
//! whatever the distance. The tree is the plain DFS's, at most 4^10 positions, less the cuts,
//! each position O(1); the answers of one or two throws cost O(1) and no set-up.
//!
//! # Decisions
//! Each was measured as our time over the plain DFS's, on boards hill-climbed against our
//! searches (`benches/data`); the figures and commands are in `benches/README.md`.
//! - Answer positions with two throws to spare at once: the largest gain of all, on every
//!   climbed set.
//! - The relaxed bound: it ends unreachable goals at once and costs next to nothing
//!   elsewhere; on climbed boards it cuts almost nothing.
//! - Leaves do not ask the bound: it cuts half of them on climbed boards, a coin toss for the
//!   branch predictor, and asking it was slower than not.
//! - Bit lines of one word, queried without branches (legality, which way the goal lies) and
//!   built without a branch per square: with branches, or with lines of any length, the
//!   search was slower, and the set-up counts on small searches.
//! - Boards with a line over 64 squares (never a judge's) get the plain DFS, sliding square by
//!   square: a few lines instead of a second bit-line layout.
//! - No table of searched positions: it saves up to a quarter of the positions on climbed
//!   boards, but its lookups cost as much time as they save.
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

use shared_grid::{parse_token, Grid, InputError, TokenReader};
use std::io::{BufRead, Write};

/// Reads the next dataset: `None` at the line `0 0` or at the end of the input.
pub fn read_board<R: BufRead>(source: &mut TokenReader<R>) -> Result<Option<Board>, InputError> {
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
pub fn run_to<R: BufRead, W: Write>(
    source: &mut TokenReader<R>,
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
