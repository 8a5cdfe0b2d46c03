//! Turn order, move legality, captures and the end of the game.
//!
//! # Interpretations of the moves and the end (each with its support, each pinned by a test)
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

use crate::board::{Board, Side};
use crate::capture::apply_captures;
use shared_grid::Pos;
use std::fmt;

/// A cell as the input names it: 1-based column, then 1-based row; unchecked, so it may lie
/// off the board (zero, negative, past N).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    pub col: i64,
    pub row: i64,
}

impl Square {
    /// The board cell, when the square is on an `n` x `n` board.
    pub fn on_board(self, n: usize) -> Option<Pos> {
        let inside = |v: i64| v >= 1 && v <= n as i64;
        (inside(self.col) && inside(self.row))
            .then(|| Pos::new(self.row as usize - 1, self.col as usize - 1))
    }

    /// The input's name of a board cell.
    pub fn of(p: Pos) -> Square {
        Square {
            col: p.col as i64 + 1,
            row: p.row as i64 + 1,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.col, self.row)
    }
}

/// One input line `a b c d`: the piece at column `a`, row `b` goes to column `c`, row `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    /// The move written `a b c d` in the input.
    pub fn from_input(a: i64, b: i64, c: i64, d: i64) -> Move {
        Move {
            from: Square { col: a, row: b },
            to: Square { col: c, row: d },
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {}", self.from, self.to)
    }
}

/// Why a move breaks the rules (any of them makes the test data invalid: output `0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The origin or the destination is not on the board.
    OffBoard,
    /// The origin is empty or holds an opponent piece.
    NotOwnPiece,
    /// The destination is not one orthogonal step from the origin.
    NotAStep,
    /// The destination already holds a piece.
    Occupied,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "a square is off the board",
            IllegalMove::NotOwnPiece => "no piece of the side to move at the origin",
            IllegalMove::NotAStep => "the destination is not one orthogonal step away",
            IllegalMove::Occupied => "the destination is occupied",
        })
    }
}

/// What a legal move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Opponent pieces removed by this move (row through the destination first, then column).
    pub captured: Vec<Pos>,
    /// The winner, when this move ended the game.
    pub winner: Option<Side>,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Running,
    Won(Side),
    /// An illegal move was read before the game was decided.
    Invalid(IllegalMove),
}

/// The required output: `0`; `1` and the board; or `2`, the winner and the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Invalid,
    Ongoing(Board),
    Won { winner: Side, board: Board },
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Invalid => writeln!(f, "0"),
            Answer::Ongoing(board) => write!(f, "1\n{board}"),
            Answer::Won { winner, board } => write!(f, "2\n{}\n{board}", winner.name()),
        }
    }
}

/// A whole test: the board size and the moves that were read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub n: usize,
    pub moves: Vec<Move>,
}

/// Plays `case` from the starting position; moves after the deciding one (or after an illegal
/// one) are ignored.
pub fn solve(case: &Case) -> Answer {
    let mut game = Game::new(case.n);
    for &mv in &case.moves {
        if game.is_over() {
            break;
        }
        // An illegal move is recorded in the game's status; the answer reports it.
        let _ = game.play(mv);
    }
    game.answer()
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    to_move: Side,
    moves_played: usize,
    status: Status,
}

impl Game {
    /// The starting position of an `n` x `n` game, Red to move. Panics on an unsupported `n`.
    pub fn new(n: usize) -> Game {
        Game {
            board: Board::initial(n),
            to_move: Side::Red,
            moves_played: 0,
            status: Status::Running,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Moves read and accepted so far (the illegal one, if any, is not counted).
    pub fn moves_played(&self) -> usize {
        self.moves_played
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// Once decided or invalid, the game reads no further moves.
    pub fn is_over(&self) -> bool {
        self.status != Status::Running
    }

    pub fn answer(&self) -> Answer {
        match self.status {
            Status::Running => Answer::Ongoing(self.board.clone()),
            Status::Won(winner) => Answer::Won {
                winner,
                board: self.board.clone(),
            },
            Status::Invalid(_) => Answer::Invalid,
        }
    }

    /// Why `mv` would be illegal for the side to move, if it is.
    pub fn check(&self, mv: Move) -> Result<(Pos, Pos), IllegalMove> {
        let n = self.board.size();
        let (Some(from), Some(to)) = (mv.from.on_board(n), mv.to.on_board(n)) else {
            return Err(IllegalMove::OffBoard);
        };
        if self.board.at(from) != Some(self.to_move) {
            return Err(IllegalMove::NotOwnPiece);
        }
        if from.manhattan(to) != 1 {
            return Err(IllegalMove::NotAStep);
        }
        if self.board.at(to).is_some() {
            return Err(IllegalMove::Occupied);
        }
        Ok((from, to))
    }

    /// Plays `mv` for the side to move: move, captures, then the end checks.
    /// An illegal move ends the game as invalid. Panics if the game is already over.
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        assert!(!self.is_over(), "the game is over; no more moves are read");
        let (from, to) = match self.check(mv) {
            Ok(squares) => squares,
            Err(why) => {
                self.status = Status::Invalid(why);
                return Err(why);
            }
        };
        let mover = self.to_move;
        self.board.relocate(from, to);
        let captured = apply_captures(&mut self.board, to, mover);
        self.moves_played += 1;
        self.to_move = mover.opponent();
        let winner = winner(&self.board);
        if let Some(side) = winner {
            self.status = Status::Won(side);
        }
        Ok(Played { captured, winner })
    }
}

/// The end checks, in the order the accepted solutions make them after every move:
/// Red down to N/2 pieces, Blue down to N/2, Red without a legal move, Blue without one.
///
/// "Down to N/2" is `<=`: a two-piece capture can jump from N/2 + 1 to N/2 - 1.
pub fn winner(board: &Board) -> Option<Side> {
    let half = board.size() / 2;
    if board.count(Side::Red) <= half {
        Some(Side::Blue)
    } else if board.count(Side::Blue) <= half {
        Some(Side::Red)
    } else if !board.has_legal_move(Side::Red) {
        Some(Side::Blue)
    } else if !board.has_legal_move(Side::Blue) {
        Some(Side::Red)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(a: i64, b: i64, c: i64, d: i64) -> Move {
        Move::from_input(a, b, c, d)
    }

    #[test]
    fn squares_are_column_then_row() {
        assert_eq!(Square { col: 3, row: 1 }.on_board(4), Some(Pos::new(0, 2)));
        for off in [
            (0, 1),
            (1, 0),
            (5, 1),
            (1, 5),
            (-1, 2),
            (i64::MIN, i64::MAX),
        ] {
            assert_eq!(
                Square {
                    col: off.0,
                    row: off.1
                }
                .on_board(4),
                None,
                "{off:?}"
            );
        }
        assert_eq!(Square::of(Pos::new(0, 2)), Square { col: 3, row: 1 });
    }

    #[test]
    fn each_kind_of_illegal_move() {
        let game = Game::new(4);
        assert_eq!(game.check(mv(0, 2, 1, 2)), Err(IllegalMove::OffBoard));
        assert_eq!(game.check(mv(1, 2, 1, 5)), Err(IllegalMove::OffBoard));
        assert_eq!(game.check(mv(2, 2, 3, 2)), Err(IllegalMove::NotOwnPiece)); // empty
        assert_eq!(game.check(mv(4, 2, 3, 2)), Err(IllegalMove::NotOwnPiece)); // Blue's
        assert_eq!(game.check(mv(1, 2, 3, 2)), Err(IllegalMove::NotAStep));
        assert_eq!(game.check(mv(1, 2, 2, 3)), Err(IllegalMove::NotAStep)); // diagonal
        assert_eq!(game.check(mv(1, 2, 1, 2)), Err(IllegalMove::NotAStep)); // stays
        assert_eq!(game.check(mv(1, 4, 1, 3)), Err(IllegalMove::Occupied)); // sample 1
        assert_eq!(
            game.check(mv(1, 2, 2, 2)),
            Ok((Pos::new(1, 0), Pos::new(1, 1)))
        );
    }

    #[test]
    fn sides_alternate_red_first() {
        let mut game = Game::new(4);
        assert_eq!(game.to_move(), Side::Red);
        // Blue's piece may not move first.
        assert_eq!(
            game.clone().play(mv(4, 2, 3, 2)),
            Err(IllegalMove::NotOwnPiece)
        );
        game.play(mv(1, 2, 2, 2)).unwrap();
        assert_eq!(game.to_move(), Side::Blue);
        assert_eq!(game.check(mv(2, 2, 3, 2)), Err(IllegalMove::NotOwnPiece));
        game.play(mv(4, 2, 3, 2)).unwrap();
        assert_eq!(game.to_move(), Side::Red);
        assert_eq!(game.moves_played(), 2);
    }

    #[test]
    fn an_illegal_move_makes_the_data_invalid() {
        let mut game = Game::new(4);
        assert_eq!(game.play(mv(1, 4, 1, 3)), Err(IllegalMove::Occupied));
        assert_eq!(game.status(), Status::Invalid(IllegalMove::Occupied));
        assert_eq!(game.answer().to_string(), "0\n");
    }

    #[test]
    fn sample_two_capture_by_blue() {
        let case = Case {
            n: 4,
            moves: vec![mv(1, 3, 2, 3), mv(3, 4, 3, 3)],
        };
        assert_eq!(solve(&case).to_string(), "1\nhhll\nh..l\n..ll\nhh.l\n");
    }

    #[test]
    fn counts_at_or_below_half_end_the_game() {
        let at_half = Board::parse("hh....\n......\n......\nllll..\n......\nh.....").unwrap();
        assert_eq!(winner(&at_half), Some(Side::Blue));
        let below_half = Board::parse("hhhh..\n......\n......\nll....\n......\n......").unwrap();
        assert_eq!(winner(&below_half), Some(Side::Red));
    }

    #[test]
    fn count_checks_come_before_the_no_move_checks() {
        // Red is boxed in (not a reachable position, but the order is what is pinned), and
        // Blue is down to N/2: Red wins.
        let board = Board::parse("hhhh\nhhhh\nhhhl\nhhl.").unwrap();
        assert!(!board.has_legal_move(Side::Red));
        assert_eq!(winner(&board), Some(Side::Red));
    }

    #[test]
    fn a_side_without_a_legal_move_loses() {
        // Red boxed in with enough pieces on both sides: Blue wins, and the other way round.
        let board = Board::parse("hhl.\nhl..\nl...\n...l").unwrap();
        assert!(!board.has_legal_move(Side::Red) && board.has_legal_move(Side::Blue));
        assert_eq!(winner(&board), Some(Side::Blue));
        let board = Board::parse("llh.\nlh..\nh...\n...h").unwrap();
        assert_eq!(winner(&board), Some(Side::Red));
    }

    #[test]
    fn the_side_to_move_can_be_stuck_right_after_the_opponent_moves() {
        // Blue (to move next) is boxed in by Red's move from (3,2) to (2,2) (column, row).
        let board = Board::parse("llh.\nl.h.\nh...\n...h").unwrap();
        let mut game = Game {
            board,
            to_move: Side::Red,
            moves_played: 0,
            status: Status::Running,
        };
        let played = game.play(mv(3, 2, 2, 2)).unwrap();
        assert_eq!(played.winner, Some(Side::Red));
        assert_eq!(
            game.answer().to_string(),
            "2\nred\nllh.\nlh..\nh...\n...h\n"
        );
    }

    #[test]
    fn the_mover_always_keeps_a_move() {
        // The cell a piece leaves is empty and next to it: the mover can always step back.
        let mut game = Game::new(4);
        for m in [mv(1, 2, 2, 2), mv(4, 2, 3, 2), mv(2, 2, 2, 3)] {
            let mover = game.to_move();
            game.play(m).unwrap();
            assert!(game.board().has_legal_move(mover));
        }
    }

    #[test]
    fn answers_print_in_the_three_shapes() {
        let board = Board::initial(4);
        assert_eq!(Answer::Invalid.to_string(), "0\n");
        assert_eq!(
            Answer::Ongoing(board.clone()).to_string(),
            "1\nhhll\nh..l\nh..l\nhhll\n"
        );
        let won = Answer::Won {
            winner: Side::Blue,
            board,
        };
        assert_eq!(won.to_string(), "2\nblue\nhhll\nh..l\nh..l\nhhll\n");
    }
}
