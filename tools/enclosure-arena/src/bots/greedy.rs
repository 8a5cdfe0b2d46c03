//! `builtin:greedy`: from where it stands, draws the rectangle (this vertex a corner, sides
//! up to 6) that captures the most unowned land per move, never asking whether an opponent can
//! cut it. Big loops, big risks.

use enclosure::{Action, Dir, Game, PenFlag, Vertex};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::drawing::{or_survivable, rect_tour, tour_drawable, tour_gain, LoopFollower};
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "greedy",
    about: "greedy rectangles (most land per move), no safety checks",
    make: |seed| Box::new(StrategyBot::new("greedy", Greedy::new(seed))),
};

/// Longest side considered.
const MAX_SIDE: i32 = 6;

pub struct Greedy {
    rng: ChaCha8Rng,
    drawing: LoopFollower,
}

impl Greedy {
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: ChaCha8Rng::seed_from_u64(seed),
            drawing: LoopFollower::default(),
        }
    }
}

impl Strategy for Greedy {
    fn start(&mut self, _seat: usize) -> Vertex {
        Vertex::new(self.rng.random_range(0..=10), self.rng.random_range(0..=10))
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        if let Some(action) = self.drawing.next(game, seat) {
            return action;
        }
        let pos = game.player(seat).pos();
        let mut best: Option<(u32, u32, Vec<Vertex>)> = None; // (gain, moves) compared as a ratio
        for sx in [-1, 1] {
            for sy in [-1, 1] {
                for w in 1..=MAX_SIDE {
                    for h in 1..=MAX_SIDE {
                        let (dx, dy) = (sx * w, sy * h);
                        let far = Vertex::new(pos.x + dx, pos.y + dy);
                        if !far.on_board() {
                            continue;
                        }
                        let tour = rect_tour(pos, dx, dy, self.rng.random_bool(0.5));
                        if !tour_drawable(game, pos, &tour) {
                            continue;
                        }
                        let gain = tour_gain(game, &tour);
                        let moves = tour.len() as u32;
                        if gain > 0 && best.as_ref().is_none_or(|(g, m, _)| gain * m > g * moves) {
                            best = Some((gain, moves, tour));
                        }
                    }
                }
            }
        }
        match best {
            Some((_, _, tour)) => self.drawing.begin(game, seat, tour),
            None => {
                let dir = Dir::MOVES[self.rng.random_range(0..4)];
                or_survivable(game, seat, Action::new(dir, PenFlag::Keep))
            }
        }
    }
}
