//! `builtin:ours`: the submission bot (`enclosure::bot::Planner`, the very code the bundled
//! binary runs) in process, so tournaments need no process per seat. It is deterministic and
//! ignores the seed.

use enclosure::bot::{Planner, Strategy as _};
use enclosure::{Action, Game, Vertex};

use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "ours",
    about: "the submission bot (rectangles by expected danger, adaptive chases), in process",
    make: |_seed| Box::new(StrategyBot::new("ours", Ours(Planner::new()))),
};

/// Adapts the engine crate's strategy trait to the arena's (same shape).
pub struct Ours(pub Planner);

impl Strategy for Ours {
    fn start(&mut self, seat: usize) -> Vertex {
        self.0.start(seat)
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        self.0.act(seat, game)
    }
}
