//! `builtin:hunter`: goes for the nearest vertex of any opponent's open trail (standing on it
//! kills the drawer), without asking whether it can get there in time, and casts mud when an
//! opponent is right next to it (the traps land on the vertex it leaves and beside it). With
//! nobody drawing, it draws 2 x 2 squares of its own.

use enclosure::{Action, Dir, Game, PenFlag, Vertex};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::drawing::{or_survivable, square_tour, walk_towards, LoopFollower};
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "hunter",
    about: "chases open trails, casts mud at close opponents, else 2x2 squares",
    make: |seed| Box::new(StrategyBot::new("hunter", Hunter::new(seed))),
};

pub struct Hunter {
    rng: ChaCha8Rng,
    drawing: LoopFollower,
}

impl Hunter {
    pub fn new(seed: u64) -> Hunter {
        Hunter {
            rng: ChaCha8Rng::seed_from_u64(seed),
            drawing: LoopFollower::default(),
        }
    }

    /// The open-trail vertex nearest to us (Manhattan distance), if anyone is drawing.
    fn prey(game: &Game, seat: usize) -> Option<Vertex> {
        let pos = game.player(seat).pos();
        game.players()
            .iter()
            .enumerate()
            .filter(|&(s, p)| s != seat && p.is_alive() && p.pen_down())
            .flat_map(|(_, p)| p.trail().iter().copied())
            .min_by_key(|v| (v.x - pos.x).abs() + (v.y - pos.y).abs())
    }

    /// Mud when moving: some opponent stands on or next to the vertex we leave.
    fn flag(game: &Game, seat: usize) -> PenFlag {
        let pos = game.player(seat).pos();
        let close = game.players().iter().enumerate().any(|(s, p)| {
            s != seat
                && p.is_alive()
                && p.stuck_left() == 0
                && (p.pos().x - pos.x).abs() + (p.pos().y - pos.y).abs() <= 1
        });
        if close {
            PenFlag::Mud
        } else {
            PenFlag::Keep
        }
    }
}

impl Strategy for Hunter {
    fn start(&mut self, _seat: usize) -> Vertex {
        Vertex::new(self.rng.random_range(2..=8), self.rng.random_range(2..=8))
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        if let Some(action) = self.drawing.next(game, seat) {
            return action;
        }
        if let Some(target) = Hunter::prey(game, seat) {
            if let Some(dir) = walk_towards(game, seat, target) {
                return or_survivable(game, seat, Action::new(dir, Hunter::flag(game, seat)));
            }
        }
        let pos = game.player(seat).pos();
        let shift = self.rng.random_range(0..8);
        if let Some(tour) = square_tour(game, pos, 2, shift) {
            return self.drawing.begin(game, seat, tour);
        }
        let dir = Dir::MOVES[self.rng.random_range(0..4)];
        or_survivable(game, seat, Action::new(dir, PenFlag::Keep))
    }
}
