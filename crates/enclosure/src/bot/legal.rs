//! The bot's last check: an action the rules would kill us for (a move off the board, back
//! along the trail, into a region, mud with the pen down) is replaced by one that is legal.
//! Whatever the strategy decided, the bot never dies by its own move.

use crate::action::{Action, PenFlag};
use crate::geometry::Dir;
use crate::state::Game;
use crate::turn::Answer;

/// `wanted` if the rules allow it here, else the first legal action (staying is always legal).
/// "Legal" is checked by playing the turn on a copy where every other seat drops out, so only
/// our own action can kill us.
pub fn legal_or_fallback(game: &Game, seat: usize, wanted: Action) -> Action {
    if survives_alone(game, seat, wanted) {
        return wanted;
    }
    Dir::MOVES
        .into_iter()
        .map(|dir| Action::new(dir, PenFlag::Keep))
        .find(|&action| survives_alone(game, seat, action))
        .unwrap_or(Action::STAY)
}

fn survives_alone(game: &Game, seat: usize, action: Action) -> bool {
    let answers: Vec<Answer> = (0..game.seats())
        .map(|s| if s == seat { Some(Ok(action)) } else { None })
        .collect();
    let mut what_if = game.clone();
    what_if.play_turn(&answers);
    what_if.player(seat).is_alive()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Vertex;

    #[test]
    fn an_illegal_wish_becomes_a_legal_action() {
        let game = Game::new(&[Some(Vertex::new(0, 0)), Some(Vertex::new(10, 10))]);
        let off = Action::new(Dir::Up, PenFlag::Keep);
        let fixed = legal_or_fallback(&game, 0, off);
        assert!(survives_alone(&game, 0, fixed));
        assert_ne!(fixed, off);
    }
}
