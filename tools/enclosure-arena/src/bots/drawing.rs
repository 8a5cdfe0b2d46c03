//! Helpers the drawing baselines share: rectangle tours, drawability and value of a tour,
//! following a planned loop, pen-up walking, and the engine check that an action does not
//! kill its player by the rules.

use enclosure::capture::interior_cells;
use enclosure::geometry::edge_sides;
use enclosure::{Action, Answer, Dir, Game, PenFlag, Vertex, CELLS};

/// The vertices visited when drawing the rectangle with corner `corner` and opposite corner
/// `corner + (dx, dy)` (`dx`, `dy` non-zero, signed), going first along x (or first along y),
/// ending back at `corner`.
pub fn rect_tour(corner: Vertex, dx: i32, dy: i32, x_first: bool) -> Vec<Vertex> {
    let legs: [(i32, i32, i32); 4] = if x_first {
        [
            (dx.signum(), 0, dx.abs()),
            (0, dy.signum(), dy.abs()),
            (-dx.signum(), 0, dx.abs()),
            (0, -dy.signum(), dy.abs()),
        ]
    } else {
        [
            (0, dy.signum(), dy.abs()),
            (dx.signum(), 0, dx.abs()),
            (0, -dy.signum(), dy.abs()),
            (-dx.signum(), 0, dx.abs()),
        ]
    };
    let mut tour = Vec::new();
    let mut at = corner;
    for (sx, sy, n) in legs {
        for _ in 0..n {
            at = Vertex::new(at.x + sx, at.y + sy);
            tour.push(at);
        }
    }
    tour
}

/// Whether the unit step `a -> b` stays on the board and off every region's interior (the
/// only steps a pen-down player may take).
pub fn drawable_step(game: &Game, a: Vertex, b: Vertex) -> bool {
    if !b.on_board() {
        return false;
    }
    match edge_sides(a, b) {
        [Some(x), Some(y)] => match (game.region_at(x), game.region_at(y)) {
            (Some(rx), Some(ry)) => rx != ry,
            _ => true,
        },
        _ => true,
    }
}

/// Whether `seat` may walk `a -> b` with its pen up (its own land is fine).
pub fn walkable_step(game: &Game, seat: usize, a: Vertex, b: Vertex) -> bool {
    if !b.on_board() {
        return false;
    }
    match edge_sides(a, b) {
        [Some(x), Some(y)] => match (game.region_at(x), game.region_at(y)) {
            (Some(rx), Some(ry)) if rx == ry => game.regions()[rx].owner == seat,
            _ => true,
        },
        _ => true,
    }
}

/// Whether the whole tour from `from` can be drawn (every step drawable).
pub fn tour_drawable(game: &Game, from: Vertex, tour: &[Vertex]) -> bool {
    let mut at = from;
    for &next in tour {
        if !drawable_step(game, at, next) {
            return false;
        }
        at = next;
    }
    true
}

/// A drawable square tour of side `side` with `from` as a corner that would gain land: the
/// eight such squares (four quadrants, two directions round) are tried from number `shift` on.
pub fn square_tour(game: &Game, from: Vertex, side: i32, shift: usize) -> Option<Vec<Vertex>> {
    (0..8).map(|i| (i + shift) % 8).find_map(|k| {
        let (dx, dy) = [(side, side), (side, -side), (-side, side), (-side, -side)][k / 2];
        let tour = rect_tour(from, dx, dy, k % 2 == 0);
        let usable = tour.iter().all(|v| v.on_board())
            && tour_drawable(game, from, &tour)
            && tour_gain(game, &tour) > 0;
        usable.then_some(tour)
    })
}

/// The unowned cells a closed tour (ending where it started) would capture.
pub fn tour_gain(game: &Game, tour: &[Vertex]) -> u32 {
    (interior_cells(tour) & game.unowned_mask()).count_ones()
}

/// The game after `seat` plays `action` while every other live seat stays.
pub fn what_if(game: &Game, seat: usize, action: Action) -> Game {
    let answers: Vec<Answer> = (0..game.seats())
        .map(|s| {
            if !game.player(s).is_alive() {
                None
            } else if s == seat {
                Some(Ok(action))
            } else {
                Some(Ok(Action::STAY))
            }
        })
        .collect();
    let mut after = game.clone();
    after.play_turn(&answers);
    after
}

/// Whether `seat` is still alive after playing `action` while every other live seat stays.
pub fn survives(game: &Game, seat: usize, action: Action) -> bool {
    what_if(game, seat, action).player(seat).is_alive()
}

/// `wanted` if it survives, else the first surviving plain move, else staying.
pub fn or_survivable(game: &Game, seat: usize, wanted: Action) -> Action {
    if survives(game, seat, wanted) {
        return wanted;
    }
    Dir::MOVES
        .into_iter()
        .map(|d| Action::new(d, PenFlag::Keep))
        .find(|&a| survives(game, seat, a))
        .unwrap_or(Action::STAY)
}

/// The first move of a shortest pen-up walk from `seat`'s vertex to `target`.
pub fn walk_towards(game: &Game, seat: usize, target: Vertex) -> Option<Dir> {
    let from = game.player(seat).pos();
    if from == target {
        return None;
    }
    let mut first: Vec<Option<Dir>> = vec![None; 121];
    let mut seen = [false; 121];
    let mut queue = std::collections::VecDeque::new();
    seen[from.index()] = true;
    queue.push_back(from);
    while let Some(at) = queue.pop_front() {
        for dir in Dir::MOVES {
            let to = at.step(dir);
            if !walkable_step(game, seat, at, to) || seen[to.index()] {
                continue;
            }
            seen[to.index()] = true;
            first[to.index()] = if at == from {
                Some(dir)
            } else {
                first[at.index()]
            };
            if to == target {
                return first[to.index()];
            }
            queue.push_back(to);
        }
    }
    None
}

/// A loop being drawn: the vertices still to step on.
#[derive(Debug, Default)]
pub struct LoopFollower {
    pub plan: Vec<Vertex>,
}

impl LoopFollower {
    /// Starts drawing `tour` from the current vertex: the pen goes down with the first step.
    pub fn begin(&mut self, game: &Game, seat: usize, tour: Vec<Vertex>) -> Action {
        let pos = game.player(seat).pos();
        self.plan = tour;
        let dir = Dir::between(pos, self.plan[0]).unwrap_or(Dir::Stay);
        or_survivable(game, seat, Action::new(dir, PenFlag::Down))
    }

    /// The next step of the loop while the pen is down (`None` when the pen is up).
    pub fn next(&mut self, game: &Game, seat: usize) -> Option<Action> {
        let me = game.player(seat);
        if !me.pen_down() {
            self.plan.clear();
            return None;
        }
        if self.plan.first() == Some(&me.pos()) {
            self.plan.remove(0);
        }
        let wanted = match self
            .plan
            .first()
            .and_then(|&next| Dir::between(me.pos(), next))
        {
            Some(dir) => Action::new(dir, PenFlag::Keep),
            None => Action::STAY,
        };
        Some(or_survivable(game, seat, wanted))
    }
}

/// The start vertex `(ox, oy)` steps in from the board corner that belongs to `seat`
/// (one corner per seat, in reading order), so that starting bots spread out.
pub fn corner_start(seat: usize, ox: i32, oy: i32) -> Vertex {
    let far = CELLS as i32;
    match seat % 4 {
        0 => Vertex::new(ox, oy),
        1 => Vertex::new(far - ox, oy),
        2 => Vertex::new(ox, far - oy),
        _ => Vertex::new(far - ox, far - oy),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tour_goes_round_and_comes_back() {
        let c = Vertex::new(5, 5);
        let tour = rect_tour(c, -2, 1, true);
        assert_eq!(tour.len(), 6);
        assert_eq!(*tour.last().unwrap(), c);
        assert_eq!(tour[0], Vertex::new(4, 5));
        assert_eq!(tour[2], Vertex::new(3, 6));
    }

    #[test]
    fn gain_counts_unowned_interior_cells() {
        let game = Game::new(&[Some(Vertex::new(0, 0)), Some(Vertex::new(9, 9))]);
        let tour = rect_tour(Vertex::new(0, 0), 3, 2, false);
        assert_eq!(tour_gain(&game, &tour), 6);
        assert!(tour_drawable(&game, Vertex::new(0, 0), &tour));
    }
}
