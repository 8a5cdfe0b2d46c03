//! `builtin:ours-sim`: the competing submission strategy `enclosure::bot::sim::Reactive`
//! (big loops kept safe by always keeping a way out, chosen by simulating that policy against
//! a fitted model of each opponent), in process. Deterministic; it ignores the seed.

use enclosure::bot::sim::Reactive;
use enclosure::bot::Strategy as _;
use enclosure::{Action, Game, Vertex};

use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "ours-sim",
    about: "submission candidate: big loops that always keep a safe way out, chosen by simulation",
    make: |_seed| Box::new(StrategyBot::new("ours-sim", OursSim(Reactive::new()))),
};

/// Adapts the engine crate's strategy trait to the arena's (same shape).
pub struct OursSim(pub Reactive);

impl Strategy for OursSim {
    fn start(&mut self, seat: usize) -> Vertex {
        self.0.start(seat)
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        self.0.act(seat, game)
    }
}
