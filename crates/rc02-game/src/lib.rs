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
//! # Interpretations (one line each; the support for each is argued in the module that applies
//! it, and each is pinned by a test)
//! 1. `a b c d` is column, row: sample 2 only works this way ([`game`]).
//! 2. An illegal move (off the board, not the mover's piece, not one orthogonal step, onto a
//!    piece) before the game is decided makes the data invalid: `0`, nothing more read ([`game`]).
//! 3. A move examines only the row and the column through its destination, for the mover
//!    only ([`capture`]).
//! 4. "Formed by this move" means a capture pattern after it, whatever was there before
//!    ([`capture`]).
//! 5. The patterns: (N-2, 1) own and opponent pieces, and for N > 4 also (N-3, 2) and (N-3, 1),
//!    each side consecutive, the groups touching; samples 3 and 4 need all three ([`capture`]).
//! 6. Row and column are judged together on the position right after the move ([`capture`]).
//! 7. End checks after every legal move: at most N/2 pieces (`<=`: a capture can jump past
//!    N/2), then no legal move; every check that can fire names the mover ([`game`]).
//! 8. After the decision, or an illegal move, nothing more is read ([`game`]).
//! 9. Lenient input: fewer than K moves are played as given, lines after the K-th ignored;
//!    N must be even and 4..=100, else one stderr line and exit status 1 (`tests/cli.rs`).

pub mod board;
pub mod capture;
pub mod game;
pub mod trace;

pub use board::{Board, Side};
pub use game::{solve, Answer, Case, Game, IllegalMove, Move, Played, Square, Status};

use shared_grid::{parse_token, InputError, TokenReader};
use std::io::{BufRead, Write};

/// Reads the input, plays it and writes the answer to `out`.
///
/// Moves are read one at a time and never stored, so nothing after the deciding (or an
/// illegal) move is read and memory does not grow with K.
///
/// Lenient input (interpretation 9): fewer than K move lines: the moves present are played (a
/// line cut inside its four numbers is malformed input). Lines after the K-th are ignored. A
/// missing final newline is fine. N must be even and 4..=100 (the rules need an even N >= 4;
/// 100 bounds the work): anything else is reported as bad input (one stderr line, exit 1),
/// like malformed numbers. Pinned: `tests/cli.rs`, `run_tests` below.
pub fn run_to<R: BufRead, W: Write>(
    source: &mut TokenReader<R>,
    out: &mut W,
) -> Result<(), InputError> {
    play_input(source, out, |_, _, _, _, _| {})
}

/// [`run_to`], also narrating every move and drawing the board after it to `trace`.
///
/// Not `run_to` with a sink: apart, the untraced path never formats a trace it would throw
/// away, and a build that never traces (a C bundle's image) leaves the drawing out.
pub fn run_traced_to<R: BufRead, W: Write>(
    source: &mut TokenReader<R>,
    out: &mut W,
    trace: &mut dyn Write,
) -> Result<(), InputError> {
    play_input(source, out, |number, mover, mv, result, board| {
        // The trace is best effort: a closed stderr must not change the answer.
        let _ = trace::write_turn(trace, number, mover, mv, result, board);
    })
}

/// Reads N, K and the moves, plays them, telling `after_move` of each (its number, mover,
/// move, result and the board after it), and writes the answer.
fn play_input<R: BufRead, W: Write>(
    source: &mut TokenReader<R>,
    out: &mut W,
    mut after_move: impl FnMut(usize, Side, Move, &Result<Played, IllegalMove>, &Board),
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
        after_move(number, mover, mv, &result, game.board());
    }
    write!(out, "{}", game.answer())?;
    Ok(())
}

#[cfg(test)]
mod run_tests {
    use super::*;

    fn run_str(input: &str) -> String {
        let (source, mut out) = (&mut TokenReader::new(input.as_bytes()), Vec::new());
        run_to(source, &mut out).unwrap_or_else(|e| panic!("{e}"));
        String::from_utf8(out).unwrap()
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
        let input = &mut TokenReader::new("4 2\n1 3 2 3\n3 4 3 3\n".as_bytes());
        run_traced_to(input, &mut out, &mut trace).unwrap();
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
