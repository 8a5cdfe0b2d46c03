//! [RC-02] 游戏 (Luogu P6050): simulate Expert Shik's capture game and check the moves.
//!
//! # The problem
//! An N x N board (N even, 4..=10), Red (`h`) on the left column and the left halves of the top
//! and bottom rows, Blue (`l`) on the right column and the right halves of those rows. Red moves
//! first; a move slides one piece one step up, down, left or right onto an empty cell. A move
//! may capture (see [`capture::line_captures`]); a side down to N/2 pieces, or without a legal
//! move, loses. Given K moves, print `0` if the data is invalid (an illegal move before the game
//! is decided), else `1` and the board while the game goes on, or `2`, the winner and the board
//! where it was decided.
//!
//! # Model and algorithm
//! [`board::Board`] is a [`shared_grid::Grid`] of `Option<Side>` with both piece counts kept up
//! to date. [`game::Game::play`] checks the move, moves the piece, applies the captures in the
//! row and the column of the destination, and runs the end checks ([`game::winner`]). Each move
//! costs O(N) (the captures in two lines; "has a legal move" is a counter the board keeps,
//! [`board::Board::has_legal_move`]), so a test costs O(K N) whatever K, and the moves are read
//! one at a time, never stored.
//!
//! # Interpretations (each with its support, each pinned by a test)
//! 1. **`a b c d` is column, row.** The piece at column `a`, row `b` goes to column `c`, row `d`
//!    (rows counted from the top). Sample 2 only works this way: read as (row, column), its first
//!    move would take a Blue piece for Red. Pinned: `game::tests::squares_are_column_then_row`,
//!    sample `statement-2`.
//! 2. **Illegal moves.** A move is illegal when a square is off the board (0, negative or past
//!    N), the origin holds no piece of the side to move (empty or the opponent's: the sides
//!    alternate strictly, Red first, "odd lines Red, even lines Blue"), the destination is not
//!    exactly one orthogonal step away, or the destination is occupied. Any of them, before the
//!    game is decided, makes the data invalid: `0`, and nothing more is read. Off-board squares
//!    are such an illegal move, not an input error. Pinned: `each_kind_of_illegal_move`, samples
//!    `invalid-*`, `statement-1`.
//! 3. **Which lines a move examines, and for whom.** Only the row and the column through the
//!    destination, and only for the side that moved ("formed by your active move"): captures are
//!    automatic, a pattern the opponent's move makes for you does not capture, and a pattern left
//!    behind in the origin's row or column does not either. Pinned:
//!    `lines_not_through_the_destination_are_left_alone`, samples `no-capture-*`.
//! 4. **"Formed by this move" means present after it.** A line through the destination that is a
//!    capture pattern after the move captures, even if it was (another) pattern before: a
//!    sideways move can add the N-1th piece to a column that already read as an uncaptured
//!    (N-3, 1) pattern (left by the opponent's move, which captures nothing for us). Pinned:
//!    sample `capture-grown-pattern`.
//! 5. **The pattern.** A line captures for the mover when it holds N-1 pieces (N > 4: or N-2),
//!    N-2 of them the mover's (N > 4: or N-3) and 1 (N > 4: or 2) the opponent's, each side's
//!    pieces consecutive, the two groups touching. Since own + opponent = total, the pairs are
//!    (N-2, 1) and, for N > 4 only, (N-3, 2) and (N-3, 1); the opponent group may be on either
//!    side of the mover's and the empty cells at either end. Every opponent piece in the line is
//!    removed. Samples 3 and 4 need all three N = 6 pairs (rows `.hhhll`, `hhhll.`, `.hhhl.`).
//!    Pinned: `capture::tests`, samples `statement-3`, `statement-4`, `capture-*`.
//! 6. **Row and column together.** Both lines are judged on the position right after the move;
//!    both may capture. They cross at the destination, which holds the mover's piece, so the
//!    order does not matter. Pinned: `captures_in_row_and_column_at_once`, sample
//!    `capture-row-and-column`.
//! 7. **The end checks.** After every legal move and its captures, in this order: Red at most N/2
//!    pieces (Blue wins), Blue at most N/2 (Red wins), Red without a legal move (Blue wins), Blue
//!    without one (Red wins). Only one of each pair can happen: a capture removes opponent pieces
//!    only, so the mover's count never drops on its own move; and the mover always keeps a move
//!    (stepping back into the cell it left), so "no legal move" can only hit the side to move
//!    next. Every check that can fire names the mover as the winner, so the order never changes
//!    the output; it is kept for fidelity. "Only N/2 left" is read as `<= N/2`, because
//!    a two-piece capture can jump from N/2 + 1 to N/2 - 1; the game must end there rather than
//!    go on with a side below the losing count. Pinned: `game::tests`, samples `win-*`, and the
//!    random games (which count wins below N/2 and check that the mover is never stuck); the
//!    mover's count: `captures_in_row_and_column_at_once`; `<=`: sample `win-below-half`.
//! 8. **After the decision nothing is read** (sample 4: the illegal 22nd move is ignored), not even
//!    malformed tokens; the same after an illegal move. The printed board is the one after the
//!    deciding move's captures. Pinned: samples `statement-4`, `after-win-garbage-ignored`,
//!    `win-blue-by-count`; `nothing_is_read_after_an_illegal_move`; `tests/cli.rs`.
//! 9. **Lenient input.** Fewer than K move lines: the moves present are played (a line cut inside
//!    its four numbers is malformed input). Lines after the K-th are ignored. A missing final
//!    newline is fine. N must be even and 4..=100 (the rules need an even N >= 4; 100 bounds the
//!    work): anything else is reported as bad input (one stderr line, exit 1), like malformed
//!    numbers. Pinned: `tests/cli.rs`, `run_tests` below.

pub mod board;
pub mod capture;
pub mod game;
pub mod trace;

pub use board::{Board, Side};
pub use game::{solve, Answer, Case, Game, IllegalMove, Move, Played, Square, Status};

use proconio::source::Source;
use shared_grid::{parse_token, InputError};
use std::io::{BufRead, Write};

/// Reads the input, plays it and returns the exact output (tests); panics with the error line
/// on bad input.
pub fn run<R: BufRead, S: Source<R>>(source: &mut S) -> String {
    let mut out = Vec::new();
    if let Err(err) = run_to(source, &mut out, &mut std::io::sink()) {
        panic!("{err}");
    }
    String::from_utf8(out).expect("the answer is ASCII")
}

/// Reads the input, plays it and writes the answer to `out`, narrating every move and the
/// board after it to `trace` (`io::sink()` for none).
///
/// Moves are read one at a time and never stored, so nothing after the deciding (or an
/// illegal) move is read and memory does not grow with K.
pub fn run_to<R: BufRead, S: Source<R>, W: Write>(
    source: &mut S,
    out: &mut W,
    trace: &mut dyn Write,
) -> Result<(), InputError> {
    let n: usize = parse_token(source.next_token(), "the board size N")?;
    let k: u64 = parse_token(source.next_token(), "the number of moves K")?;
    if !board::size_is_supported(n) {
        return Err(InputError::new(format!(
            "N = {n} is not supported: N must be even, from {} to {}",
            board::MIN_SIZE,
            board::MAX_SIZE
        )));
    }
    let mut game = Game::new(n);
    let mut read = 0;
    while read < k && !game.is_over() && !source.is_empty() {
        read += 1;
        let mut value = [0i64; 4];
        for v in &mut value {
            *v = parse_token(source.next_token(), "a coordinate")
                .map_err(|err| err.at(format!("move {read}")))?;
        }
        let mv = Move::from_input(value[0], value[1], value[2], value[3]);
        let (number, mover) = (game.moves_played() + 1, game.to_move());
        let result = game.play(mv);
        // The trace is best effort: a closed stderr must not change the answer.
        let _ = trace::write_turn(trace, number, mover, mv, &result, game.board());
    }
    write!(out, "{}", game.answer())?;
    Ok(())
}

#[cfg(test)]
mod run_tests {
    use super::*;
    use proconio::source::once::OnceSource;

    fn run_str(input: &str) -> String {
        run(&mut OnceSource::from(input))
    }

    #[test]
    fn statement_samples() {
        assert_eq!(run_str("4 1\n1 4 1 3\n"), "0\n");
        assert_eq!(
            run_str("4 2\n1 3 2 3\n3 4 3 3\n"),
            "1\nhhll\nh..l\n..ll\nhh.l\n"
        );
    }

    #[test]
    fn fewer_lines_than_announced_plays_those_present() {
        assert_eq!(
            run_str("4 5\n1 3 2 3\n3 4 3 3"),
            run_str("4 2\n1 3 2 3\n3 4 3 3\n")
        );
        assert_eq!(run_str("4 3"), "1\nhhll\nh..l\nh..l\nhhll\n");
    }

    #[test]
    fn lines_after_the_kth_are_ignored() {
        assert_eq!(
            run_str("4 1\n1 3 2 3\n9 9 9 9\n"),
            "1\nhhll\nh..l\n.h.l\nhhll\n"
        );
    }

    #[test]
    fn nothing_is_read_after_an_illegal_move() {
        assert_eq!(run_str("4 3\n1 4 1 3\nnot numbers at all"), "0\n");
    }

    #[test]
    fn off_board_squares_are_an_illegal_move() {
        assert_eq!(run_str("4 1\n-1 3 0 3\n"), "0\n");
        assert_eq!(run_str("4 1\n1 3 1 99999999999\n"), "0\n");
    }

    #[test]
    fn trace_shows_every_move() {
        let (mut trace, mut out) = (Vec::new(), Vec::new());
        let input = &mut OnceSource::from("4 2\n1 3 2 3\n3 4 3 3\n");
        run_to(input, &mut out, &mut trace).unwrap();
        assert_eq!(out, b"1\nhhll\nh..l\n..ll\nhh.l\n");
        let trace = String::from_utf8(trace).unwrap();
        assert!(trace.starts_with("move 1 (red): (1,3) -> (2,3)\nhhll\nh..l\n.h.l\nhhll\n"));
        assert!(trace
            .ends_with("move 2 (blue): (3,4) -> (3,3)\ncaptures (2,3)\nhhll\nh..l\n..ll\nhh.l\n"));
    }

    #[test]
    #[should_panic(expected = "must be even")]
    fn odd_sizes_are_refused() {
        run_str("5 0\n");
    }
}
