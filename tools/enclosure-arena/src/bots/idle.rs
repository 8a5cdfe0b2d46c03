//! `builtin:idle`: starts at a seeded random vertex and stays there, pen up.
//! The smallest legal bot; a punching bag for the others and for tests.

use enclosure::{Action, Dir, Game, PenFlag, Vertex};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "idle",
    about: "stays where it starts, pen up",
    make: |seed| Box::new(StrategyBot::new("idle", Idle { seed })),
};

struct Idle {
    seed: u64,
}

impl Strategy for Idle {
    fn start(&mut self, _seat: usize) -> Vertex {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        Vertex::new(rng.random_range(0..=10), rng.random_range(0..=10))
    }

    fn act(&mut self, _seat: usize, _game: &Game) -> Action {
        Action {
            dir: Dir::Stay,
            flag: PenFlag::Keep,
        }
    }
}
