//! The placeholder bot: starts in a corner and never moves. A rim vertex is never strictly
//! inside a loop and a pen-up player is never cut, so it cannot die by the rules.

use super::Strategy;
use crate::action::Action;
use crate::geometry::{Vertex, CELLS};
use crate::state::Game;

#[derive(Clone, Copy, Debug, Default)]
pub struct Idle;

impl Strategy for Idle {
    fn start(&mut self, seat: usize) -> Vertex {
        let far = CELLS as i32;
        // One corner per seat, away from the others.
        match seat % 4 {
            0 => Vertex::new(0, 0),
            1 => Vertex::new(far, 0),
            2 => Vertex::new(0, far),
            _ => Vertex::new(far, far),
        }
    }

    fn act(&mut self, _seat: usize, _game: &Game) -> Action {
        Action::STAY
    }
}
