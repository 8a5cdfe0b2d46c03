//! The `--trace` narration: every move read, what it did, and the board after it.

use crate::board::{Board, Side};
use crate::game::{IllegalMove, Move, Played, Square};
use std::io::{self, Write};

/// Writes one move's story: `move K (side): (a,b) -> (c,d)`, the captures, the verdict and the
/// board (squares as the input writes them: column, then row).
pub fn write_turn(
    out: &mut dyn Write,
    number: usize,
    mover: Side,
    mv: Move,
    result: &Result<Played, IllegalMove>,
    board: &Board,
) -> io::Result<()> {
    writeln!(out, "move {number} ({}): {mv}", mover.name())?;
    match result {
        Err(why) => writeln!(out, "illegal: {why}; the data is invalid"),
        Ok(played) => {
            if !played.captured.is_empty() {
                let squares: Vec<String> = played
                    .captured
                    .iter()
                    .map(|&p| Square::of(p).to_string())
                    .collect();
                writeln!(out, "captures {}", squares.join(" "))?;
            }
            if let Some(winner) = played.winner {
                writeln!(out, "{} wins", winner.name())?;
            }
            write!(out, "{board}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn narrates_a_capture() {
        let mut game = Game::new(4);
        let mut out = Vec::new();
        for (a, b, c, d) in [(1, 3, 2, 3), (3, 4, 3, 3)] {
            let mv = Move::from_input(a, b, c, d);
            let (number, mover) = (game.moves_played() + 1, game.to_move());
            let result = game.play(mv);
            write_turn(&mut out, number, mover, mv, &result, game.board()).unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("move 2 (blue): (3,4) -> (3,3)\ncaptures (2,3)\nhhll\n"),
            "{text}"
        );
    }

    #[test]
    fn narrates_an_illegal_move() {
        let mut game = Game::new(4);
        let mv = Move::from_input(1, 4, 1, 3);
        let result = game.play(mv);
        let mut out = Vec::new();
        write_turn(&mut out, 1, Side::Red, mv, &result, game.board()).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "move 1 (red): (1,4) -> (1,3)\nillegal: the destination is occupied; the data is invalid\n"
        );
    }
}
