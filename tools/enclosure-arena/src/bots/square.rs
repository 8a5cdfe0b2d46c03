//! `builtin:square`: draws fixed 2 x 2 squares (eight moves each) from where it stands, one
//! after the other, with no look at the opponents; walks a random legal step when no square
//! fits. A steady, modest scorer.

use enclosure::{Action, Dir, Game, PenFlag, Vertex};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::drawing::{or_survivable, square_tour, LoopFollower};
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "square",
    about: "fixed 2x2 squares, no safety checks",
    make: |seed| Box::new(StrategyBot::new("square", Square::new(seed))),
};

/// Side of the squares.
const SIDE: i32 = 2;

pub struct Square {
    rng: ChaCha8Rng,
    drawing: LoopFollower,
}

impl Square {
    pub fn new(seed: u64) -> Square {
        Square {
            rng: ChaCha8Rng::seed_from_u64(seed),
            drawing: LoopFollower::default(),
        }
    }
}

impl Strategy for Square {
    fn start(&mut self, _seat: usize) -> Vertex {
        Vertex::new(self.rng.random_range(1..=9), self.rng.random_range(1..=9))
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        if let Some(action) = self.drawing.next(game, seat) {
            return action;
        }
        let pos = game.player(seat).pos();
        // The eight squares with this vertex as a corner, tried from a random one on.
        let shift = self.rng.random_range(0..8);
        if let Some(tour) = square_tour(game, pos, SIDE, shift) {
            return self.drawing.begin(game, seat, tour);
        }
        let dir = Dir::MOVES[self.rng.random_range(0..4)];
        or_survivable(game, seat, Action::new(dir, PenFlag::Keep))
    }
}
