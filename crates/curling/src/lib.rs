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
//! [`min_throws`] runs a branch-and-bound depth-first search in the plain
//! DFS's throw order (see [`search`]), so it visits a subset of the plain
//! DFS's positions; once the search proves not trivial it adds two prunings
//! that keep it exact:
//! - a lower bound on the throws still needed (see [`bound`]): the throws a
//!   relaxed game needs in which any block may already be gone (built once
//!   per board, a word-parallel breadth-first search; more than ten means the
//!   goal can never be reached, and the search ends at once);
//! - a table of positions (stone square + removed set) already searched with
//!   at least the current budget, so transpositions (the same blocks removed
//!   in another order) are searched once.
//!
//! # Speed
//! Measured against the plain depth-10 DFS every public accepted program uses
//! (`benches/support/plain_dfs.rs`), on sets of 100 boards of 20 x 20 (30 for the long climbs).
//! Ours over the plain DFS's, in instructions (`perf stat -e instructions:u` on
//! `examples/icount.rs`, `REPEAT=5` less `REPEAT=0`: the same count on every run) and in time
//! (`cycles:u` of the same runs, which on this shared virtual machine varies by up to 2x from
//! run to run for both solvers: the median of 60 ratios of interleaved runs), before
//! (`26102c3`) and after the last work on cost per position. The first four sets were
//! climbed against this search (the commands in `examples/climb.rs`); the "before" column
//! runs the old search on them.
//!
//! | boards | instructions before | after | time before | after |
//! |---|---|---|---|---|
//! | climbed: our positions over the DFS's (`climbed-ratio`) | 0.295 | 0.254 | 0.339 | 0.307 |
//! | the same climb six times longer (`climbed-ratio-long`) | 0.320 | 0.275 | 0.398 | 0.343 |
//! | twenty times longer (`climbed-ratio-xlong`) | 0.323 | 0.283 | 0.403 | 0.358 |
//! | climbed: our time over the DFS's (`climbed-time`) | 0.258 | 0.238 | 0.245 | 0.231 |
//! | `climbed-ratio` against the previous search (`-v4`) | 0.295 | 0.240 | 0.312 | 0.267 |
//! | `climbed-ratio-long` against an older one (`-long-v1`) | 0.325 | 0.264 | 0.379 | 0.323 |
//! | `climbed-ratio-xlong` against the previous one (`-xlong-v1`) | 0.332 | 0.270 | 0.397 | 0.345 |
//! | `climbed-time` against the previous search (`-v2`) | 0.200 | 0.182 | 0.199 | 0.184 |
//! | older climbs (`climbed-ratio-v1` to `-v3`, `climbed-time-v1`) | 0.18-0.30 | 0.16-0.24 | 0.18-0.31 | 0.17-0.28 |
//! | climbed: our positions (`climbed-nodes`) | 0.086 | 0.069 | 0.095 | 0.075 |
//! | hardest 100 of 1,500 random | 0.097 | 0.090 | 0.125 | 0.111 |
//! | goal in an unreachable corner | 0.009 | 0.008 | 0.011 | 0.013 |
//! | 1 x 100,000, a block every third square (11 positions) | 0.511 | 0.509 | 0.6-0.9 | 0.6-0.9 |
//!
//! On the boards climbed against it the pruning fails (under 1 % of throws cut): the search
//! walks the plain DFS's tree less its last level, and what it saves is cost per position
//! (see [`search`]). Leaves (two throws left) are answered exactly in their parent's loop,
//! with no bound, no call and no bookkeeping; the bound is asked only where it can cut (with
//! fewer throws left than the relaxed game needs from every square a stone can stop on); a
//! throw's legality is one comparison; a removed block and its return flip the same bits.
//! Earlier: masks made once per board for positions with two throws left, throw masks from a
//! static table, the next throw looked up by direction, and a direct-mapped table of
//! positions that starts after 1,024 positions. The thin board is one pass over 100,000
//! squares for both; building the bit sets dominates there.
//!
//! Time lags instructions (0.28 of the instructions take 0.36 of the time on
//! `climbed-ratio-xlong`): the plain DFS's tiny working set (the board, 400 bytes) runs more
//! instructions per cycle than ours (bit sets, masks and bound layers, a few kilobytes),
//! most of all when other jobs share the machine. On these boards the trees have 1.3 to 1.9
//! legal throws a position and mostly no answer, and no bound we know prunes them.
//!
//! A stronger bound was tried and left out: a word-parallel pass forward from the start
//! that finds the fewest throws the goal could need and the blocks no nine throws can
//! remove, which then stop every relaxed throw. On `climbed-ratio-long` it halved the
//! positions (26,470 to 14,298) and proved 10 of the 21 boards without an answer before
//! any search. But it costs about 25,000 instructions a board, and the same climbs run
//! against it (same commands and seeds) found boards where it cuts nothing: there the
//! search with it took 0.41-0.45x the plain DFS's instructions, against 0.36-0.39x
//! without it, and 0.34x against 0.24x on a time climb.
//!
//! # Input decisions
//! - Boards of any size are accepted (the statement's 20 x 20 is not assumed), but the header's
//!   sizes are never trusted: the board grows square by square as the data arrives, so a
//!   header promising more squares than the input holds ends in an "end of input" error, not
//!   in a huge allocation. A shape with room for fewer than two squares (a width or height of
//!   0, which cannot hold a start and a goal) or more than `usize::MAX` is refused at once.
//! - Input ends at the line `0 0` or at the end of the data, whichever comes first; a missing
//!   final newline is fine.
//! - Each answer is written as soon as its board is read, so the datasets before a malformed
//!   one are answered. A board without exactly one start and one goal, a square value other
//!   than 0..=3, or a token that is not a number is malformed: the program stops with a
//!   one-line error naming the dataset.

mod board;
pub mod bound;
pub mod search;

pub use board::{Board, Square};
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
    let mut squares = Vec::new();
    for _ in 0..cells {
        let code: u8 = parse_token(source.next_token(), "a square (0, 1, 2 or 3)")?;
        let square = Square::from_code(code).ok_or_else(|| {
            InputError::new(format!("square code {code} is not one of 0, 1, 2, 3"))
        })?;
        squares.push(square);
    }
    let grid = Grid::from_cells(height, width, squares).expect("height x width squares read");
    Board::from_grid(&grid).map(Some).map_err(InputError::new)
}

/// The answer line for one board: the fewest throws, or `-1`.
pub fn answer(board: &Board) -> String {
    match min_throws(board) {
        Some(throws) => throws.to_string(),
        None => "-1".to_string(),
    }
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
            Some(board) => writeln!(out, "{}", answer(&board))?,
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
