//! `builtin:edge`: an edge walker. It walks to the board's rim, then goes round it clockwise,
//! drawing strips against the rim (three along, two deep) wherever the land is free. The rim
//! shelters one side of every loop, and a rim vertex can never be enclosed.

use enclosure::{Action, Dir, Game, PenFlag, Vertex, CELLS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::drawing::{
    or_survivable, rect_tour, tour_drawable, tour_gain, walk_towards, LoopFollower,
};
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "edge",
    about: "walks the rim clockwise, drawing 3x2 strips against it",
    make: |seed| Box::new(StrategyBot::new("edge", Edge::new(seed))),
};

const ALONG: i32 = 3;
const DEEP: i32 = 2;

pub struct Edge {
    rng: ChaCha8Rng,
    drawing: LoopFollower,
}

impl Edge {
    pub fn new(seed: u64) -> Edge {
        Edge {
            rng: ChaCha8Rng::seed_from_u64(seed),
            drawing: LoopFollower::default(),
        }
    }
}

/// On the rim: the clockwise direction along it and the direction into the board.
pub fn rim_directions(v: Vertex) -> Option<(Dir, Dir)> {
    let far = CELLS as i32;
    if v.y == 0 && v.x < far {
        Some((Dir::Right, Dir::Down))
    } else if v.x == far && v.y < far {
        Some((Dir::Down, Dir::Left))
    } else if v.y == far && v.x > 0 {
        Some((Dir::Left, Dir::Up))
    } else if v.x == 0 && v.y > 0 {
        Some((Dir::Up, Dir::Right))
    } else {
        None
    }
}

/// The nearest rim vertex (ties: the first in x, then y order).
pub fn nearest_rim(v: Vertex) -> Vertex {
    let far = CELLS as i32;
    let options = [
        (v.x, Vertex::new(0, v.y)),
        (far - v.x, Vertex::new(far, v.y)),
        (v.y, Vertex::new(v.x, 0)),
        (far - v.y, Vertex::new(v.x, far)),
    ];
    options.iter().min_by_key(|(d, _)| *d).unwrap().1
}

impl Strategy for Edge {
    fn start(&mut self, _seat: usize) -> Vertex {
        Vertex::new(self.rng.random_range(0..=10), self.rng.random_range(0..=10))
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        if let Some(action) = self.drawing.next(game, seat) {
            return action;
        }
        let pos = game.player(seat).pos();
        let Some((along, inward)) = rim_directions(pos) else {
            let dir = walk_towards(game, seat, nearest_rim(pos)).unwrap_or(Dir::Stay);
            return or_survivable(game, seat, Action::new(dir, PenFlag::Keep));
        };
        let (ax, ay) = along.delta();
        let (ix, iy) = inward.delta();
        for len in (1..=ALONG).rev() {
            let (dx, dy) = (ax * len + ix * DEEP, ay * len + iy * DEEP);
            let tour = rect_tour(pos, dx, dy, ax != 0);
            if tour.iter().all(|v| v.on_board())
                && tour_drawable(game, pos, &tour)
                && tour_gain(game, &tour) as i32 == len * DEEP
            {
                return self.drawing.begin(game, seat, tour);
            }
        }
        or_survivable(game, seat, Action::new(along, PenFlag::Keep))
    }
}
