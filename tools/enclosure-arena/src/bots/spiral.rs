//! `builtin:spiral`: puts the pen down in the freest spot it can reach and draws a square
//! spiral outwards (legs 1, 1, 2, 2, 3, 3, ...). Every vertex of the outer ring has the ring
//! before it one step inwards, so it can close at any moment by stepping in: it does so when
//! the spiral is blocked (rim, land, a player), when the loop would capture [`TARGET_AREA`]
//! cells, when an opponent comes within [`THREAT_DISTANCE`] of its trail, or when time runs out.

use enclosure::{Action, Dir, Game, PenFlag, Vertex, CELLS, MAX_TURNS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::bold::{occupied, rect_cells, walk_distances};
use super::closing::{closing_path, closing_value, neighbours, others_mask};
use super::drawing::{drawable_step, or_survivable, survives, walk_towards};
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "spiral",
    about: "pen down in free space, spirals outwards, steps in to close when big, blocked or threatened",
    make: |seed| Box::new(StrategyBot::new("spiral", Spiral::new(seed))),
};

/// Cells a loop should capture before the spiral closes it unprompted.
pub const TARGET_AREA: u64 = 30;
/// An opponent this close (Manhattan) to the trail makes it close at once.
pub const THREAT_DISTANCE: i32 = 2;

pub struct Spiral {
    rng: ChaCha8Rng,
    /// The spiral's remaining vertices while drawing; the closing path once it closes.
    plan: Vec<Vertex>,
    closing: bool,
}

impl Spiral {
    pub fn new(seed: u64) -> Spiral {
        Spiral {
            rng: ChaCha8Rng::seed_from_u64(seed),
            plan: Vec::new(),
            closing: false,
        }
    }

    /// Gives up the spiral being drawn: from the next turn on it closes the loop by the best
    /// way home (`opportunist` calls this after a step off the spiral).
    pub fn head_home(&mut self) {
        self.plan.clear();
        self.closing = true;
    }

    fn draw(&mut self, game: &Game, seat: usize) -> Action {
        let me = game.player(seat);
        let pos = me.pos();
        if self.plan.first() == Some(&pos) {
            self.plan.remove(0);
        }
        let turns_left = MAX_TURNS.saturating_sub(game.turn());
        let (close_value, close_at) = best_step_in(game, seat);
        let next = self.plan.first().copied().filter(|&next| {
            !self.closing
                && drawable_step(game, pos, next)
                && !me.on_trail(next)
                && !occupied(game, seat, next)
                && survives(game, seat, Action::new(step_dir(pos, next), PenFlag::Keep))
        });
        let big_enough = close_value >= 10 * TARGET_AREA * TARGET_AREA;
        let wants_close = self.closing
            || next.is_none()
            || big_enough
            || turns_left <= 2
            || (close_value > 0 && threatened(game, seat));
        if !wants_close {
            return Action::new(step_dir(pos, next.unwrap()), PenFlag::Keep);
        }
        if let Some(onto) = close_at {
            let action = Action::new(step_dir(pos, onto), PenFlag::Keep);
            if survives(game, seat, action) {
                return action;
            }
        }
        // No single step closes it: take the best way back onto the trail.
        if !self.closing || self.plan.is_empty() {
            self.plan = closing_path(game, seat).unwrap_or_default();
            self.closing = true;
        }
        match self.plan.first().and_then(|&n| Dir::between(pos, n)) {
            Some(dir) if dir.is_move() => {
                or_survivable(game, seat, Action::new(dir, PenFlag::Keep))
            }
            _ => or_survivable(game, seat, Action::STAY),
        }
    }
}

impl Strategy for Spiral {
    fn start(&mut self, _seat: usize) -> Vertex {
        Vertex::new(self.rng.random_range(3..=7), self.rng.random_range(3..=7))
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        let me = game.player(seat);
        if me.stuck_left() > 0 {
            return Action::STAY;
        }
        if me.pen_down() {
            return self.draw(game, seat);
        }
        self.closing = false;
        let pos = me.pos();
        let spot = freest_spot(game, seat);
        if spot != pos {
            let dir = walk_towards(game, seat, spot).unwrap_or(Dir::Stay);
            return or_survivable(game, seat, Action::new(dir, PenFlag::Keep));
        }
        // Try the eight spirals (four first directions, two senses) from a random one on.
        let shift = self.rng.random_range(0..8);
        for k in (0..8).map(|i| (i + shift) % 8) {
            let plan = spiral_path(pos, Dir::MOVES[k / 2], k % 2 == 0);
            let first = plan[0];
            let action = Action::new(step_dir(pos, first), PenFlag::Down);
            if first.on_board()
                && drawable_step(game, pos, first)
                && !occupied(game, seat, first)
                && survives(game, seat, action)
            {
                self.plan = plan;
                return action;
            }
        }
        let dir = Dir::MOVES[self.rng.random_range(0..4)];
        or_survivable(game, seat, Action::new(dir, PenFlag::Keep))
    }
}

/// The vertices of a square spiral from `from` (excluded), first leg along `first`, turning
/// clockwise (on screen, `y` down) or not, legs 1, 1, 2, 2, 3, 3, ..., cut where it leaves
/// the board.
pub fn spiral_path(from: Vertex, first: Dir, clockwise: bool) -> Vec<Vertex> {
    let turn = |d: Dir| turned(d, clockwise);
    let mut path = Vec::new();
    let (mut at, mut dir) = (from, first);
    for leg in 0.. {
        for _ in 0..leg / 2 + 1 {
            at = at.step(dir);
            if !at.on_board() {
                return path;
            }
            path.push(at);
        }
        dir = turn(dir);
    }
    path
}

/// `d` turned a quarter clockwise (on screen, `y` down) or anticlockwise.
pub fn turned(d: Dir, clockwise: bool) -> Dir {
    let clockwise_turn = match d {
        Dir::Right => Dir::Down,
        Dir::Down => Dir::Left,
        Dir::Left => Dir::Up,
        Dir::Up => Dir::Right,
        Dir::Stay => Dir::Stay,
    };
    if clockwise {
        clockwise_turn
    } else {
        clockwise_turn.opposite()
    }
}

/// The direction of the unit step `a -> b`.
fn step_dir(a: Vertex, b: Vertex) -> Dir {
    Dir::between(a, b).unwrap_or(Dir::Stay)
}

/// The best single step that closes the loop now: its value and the trail vertex.
fn best_step_in(game: &Game, seat: usize) -> (u64, Option<Vertex>) {
    let trail = game.player(seat).trail();
    let Some(&pos) = trail.last() else {
        return (0, None);
    };
    let previous = trail.len().checked_sub(2).map(|i| trail[i]);
    neighbours(pos)
        .filter(|&v| Some(v) != previous && game.player(seat).on_trail(v))
        .filter(|&v| drawable_step(game, pos, v))
        .map(|v| (closing_value(game, seat, &[], v), Some(v)))
        .max_by_key(|&(value, v)| (value, std::cmp::Reverse(v)))
        .unwrap_or((0, None))
}

/// Whether a live, free opponent is within [`THREAT_DISTANCE`] of `seat`'s trail.
fn threatened(game: &Game, seat: usize) -> bool {
    let trail = game.player(seat).trail();
    game.players().iter().enumerate().any(|(s, p)| {
        s != seat
            && p.is_alive()
            && p.stuck_left() == 0
            && trail
                .iter()
                .any(|v| (v.x - p.pos().x).abs() + (v.y - p.pos().y).abs() <= THREAT_DISTANCE)
    })
}

/// The reachable vertex with the most unowned cells within three of it, nearest first.
fn freest_spot(game: &Game, seat: usize) -> Vertex {
    let dist = walk_distances(game, seat);
    let unowned = game.unowned_mask();
    let others = others_mask(game, seat);
    let far = CELLS as i32;
    Vertex::all()
        .filter(|v| dist[v.index()] != u32::MAX && others & v.bit() == 0)
        .max_by_key(|v| {
            let lo = Vertex::new((v.x - 3).max(0), (v.y - 3).max(0));
            let hi = Vertex::new((v.x + 3).min(far), (v.y + 3).min(far));
            let room = (rect_cells(lo, hi) & unowned).count_ones() as i64;
            (3 * room - dist[v.index()] as i64, std::cmp::Reverse(*v))
        })
        .unwrap_or(game.player(seat).pos())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spiral_grows_one_step_every_two_legs() {
        let path = spiral_path(Vertex::new(5, 5), Dir::Right, true);
        assert_eq!(
            &path[..6],
            &[
                Vertex::new(6, 5),
                Vertex::new(6, 6),
                Vertex::new(5, 6),
                Vertex::new(4, 6),
                Vertex::new(4, 5),
                Vertex::new(4, 4),
            ]
        );
        assert!(path.iter().all(|v| v.on_board()));
    }
}
