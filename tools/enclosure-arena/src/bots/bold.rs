//! `builtin:bold`: a square-grabber in the style of strong public bots. Born near a corner, it
//! draws the k x k square (k up to [`MAX_SIDE`]) that gains the most points per turn spent
//! walking to its corner and drawing it, so k shrinks by itself as free land runs out. It takes
//! no safety margin at all: opponents are ignored except that it never steps where it would die
//! by its own move and never plans a loop through a standing player; a loop it cannot finish as
//! planned is closed by the way back onto its trail that captures the most ([`closing_path`]).

use enclosure::geometry::VERTICES;
use enclosure::{Action, Dir, Game, PenFlag, Vertex, CELLS, MAX_TURNS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::closing::{capture_points, closing_path, neighbours, others_mask};
use super::drawing::{
    corner_start, or_survivable, rect_tour, survives, tour_drawable, walkable_step,
};
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "bold",
    about: "from a corner, grabs the k x k square worth most per turn (k <= 3), no safety margin",
    make: |seed| Box::new(StrategyBot::new("bold", Bold::new(seed))),
};

/// The largest square side it tries: bigger squares score more (area squared) but keep the
/// trail open longer. Against hunter, edge and spiral, 3 gave bold the most rank points of
/// 3, 4, 5 and a side that grows per dead rival (`benches/README.md`, "builtin:bold").
pub const MAX_SIDE: i32 = 3;

pub struct Bold {
    rng: ChaCha8Rng,
    /// The vertices of the loop still to step on (pen down), or of the planned loop.
    plan: Vec<Vertex>,
}

/// A loop to draw: where the pen goes down and the tour from there, back to it.
#[derive(Clone, Debug)]
pub struct Target {
    pub corner: Vertex,
    pub tour: Vec<Vertex>,
}

impl Bold {
    pub fn new(seed: u64) -> Bold {
        Bold {
            rng: ChaCha8Rng::seed_from_u64(seed),
            plan: Vec::new(),
        }
    }

    /// The next step of the loop being drawn, re-planned when the plan is blocked.
    fn draw(&mut self, game: &Game, seat: usize) -> Action {
        let pos = game.player(seat).pos();
        if self.plan.first() == Some(&pos) {
            self.plan.remove(0);
        }
        if let Some(action) = self.planned_step(game, seat) {
            return action;
        }
        self.plan = closing_path(game, seat).unwrap_or_default();
        self.planned_step(game, seat)
            .unwrap_or_else(|| or_survivable(game, seat, Action::STAY))
    }

    /// The step towards `plan[0]` if it is adjacent and survivable.
    fn planned_step(&self, game: &Game, seat: usize) -> Option<Action> {
        let pos = game.player(seat).pos();
        let dir = Dir::between(pos, *self.plan.first()?)?;
        let action = Action::new(dir, PenFlag::Keep);
        (dir.is_move() && !occupied(game, seat, pos.step(dir)) && survives(game, seat, action))
            .then_some(action)
    }
}

impl Strategy for Bold {
    fn start(&mut self, seat: usize) -> Vertex {
        let (ox, oy) = (self.rng.random_range(0..=1), self.rng.random_range(0..=1));
        corner_start(seat, ox, oy)
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        let me = game.player(seat);
        if me.stuck_left() > 0 {
            return Action::STAY;
        }
        if me.pen_down() {
            return self.draw(game, seat);
        }
        let shift = self.rng.random_range(0..2);
        let Some(target) = best_square(game, seat, MAX_SIDE, shift) else {
            self.plan.clear();
            let dir = Dir::MOVES[self.rng.random_range(0..4)];
            return or_survivable(game, seat, Action::new(dir, PenFlag::Keep));
        };
        let pos = me.pos();
        if target.corner == pos {
            let dir = Dir::between(pos, target.tour[0]).expect("tours start next to the corner");
            let action = Action::new(dir, PenFlag::Down);
            if !occupied(game, seat, target.tour[0]) && survives(game, seat, action) {
                self.plan = target.tour;
                return action;
            }
        }
        self.plan.clear();
        let dir = walk_dir(game, seat, target.corner).unwrap_or(Dir::Stay);
        or_survivable(game, seat, Action::new(dir, PenFlag::Keep))
    }
}

/// Whether another live player stands on `v` (stepping there with the pen down is death,
/// and it would warn a drawer anyway).
pub fn occupied(game: &Game, seat: usize, v: Vertex) -> bool {
    game.players()
        .iter()
        .enumerate()
        .any(|(s, p)| s != seat && p.is_alive() && p.pos() == v)
}

/// Pen-up walking distances from `seat`'s vertex (`u32::MAX`: unreachable), around traps.
pub fn walk_distances(game: &Game, seat: usize) -> [u32; VERTICES] {
    let from = game.player(seat).pos();
    let mut dist = [u32::MAX; VERTICES];
    dist[from.index()] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        for next in neighbours(at) {
            if dist[next.index()] != u32::MAX
                || game.trap_at(next) > 0
                || !walkable_step(game, seat, at, next)
            {
                continue;
            }
            dist[next.index()] = dist[at.index()] + 1;
            queue.push_back(next);
        }
    }
    dist
}

/// The first step of a shortest pen-up walk to `target` that avoids traps.
fn walk_dir(game: &Game, seat: usize, target: Vertex) -> Option<Dir> {
    // Walk backwards: distances from the target, then step to the neighbour closest to it.
    let from = game.player(seat).pos();
    let dist = walk_distances(game, seat);
    if dist[target.index()] == u32::MAX {
        return None;
    }
    // Retrace from the target to the vertex next to us.
    let mut at = target;
    while dist[at.index()] > 1 {
        at = neighbours(at)
            .find(|n| dist[n.index()] == dist[at.index()] - 1 && walkable_step(game, seat, *n, at))
            .expect("a shortest path retraces");
    }
    Dir::between(from, at)
}

/// The unit cells of the rectangle with opposite corners `a` and `b`, as a cell mask.
pub fn rect_cells(a: Vertex, b: Vertex) -> u128 {
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
    let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
    let row: u128 = ((1u128 << (x1 - x0)) - 1) << x0;
    (y0..y1).fold(0, |mask, y| mask | row << (y as usize * CELLS))
}

/// The rectangles of `a` x `b` cells with a corner at `corner`, in the four orientations
/// (right and down first, as every caller ranks ties), that lie on the board and hold some of
/// the `unowned` cells: the far corner's offset from `corner`, and the rectangle's cells.
pub fn rects_at(
    corner: Vertex,
    a: i32,
    b: i32,
    unowned: u128,
) -> impl Iterator<Item = (i32, i32, u128)> {
    [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        .into_iter()
        .filter_map(move |(sx, sy)| {
            let (dx, dy) = (sx * a, sy * b);
            let far = Vertex::new(corner.x + dx, corner.y + dy);
            if !far.on_board() {
                return None;
            }
            let cells = rect_cells(corner, far);
            (cells & unowned != 0).then_some((dx, dy, cells))
        })
}

/// The square (side up to `max_side`) that gains the most points per turn spent reaching its
/// corner and drawing it, finished before the game ends. `shift` picks which way round.
pub fn best_square(game: &Game, seat: usize, max_side: i32, shift: usize) -> Option<Target> {
    let dist = walk_distances(game, seat);
    let turns_left = MAX_TURNS.saturating_sub(game.turn());
    let unowned = game.unowned_mask();
    let others = others_mask(game, seat);
    let mut best: Option<(f64, Vertex, i32, i32)> = None;
    for corner in Vertex::all() {
        let d = dist[corner.index()];
        if d == u32::MAX || others & corner.bit() != 0 {
            continue;
        }
        for side in 1..=max_side {
            let cost = d + 4 * side as u32;
            if cost > turns_left {
                break;
            }
            for (dx, dy, cells) in rects_at(corner, side, side, unowned) {
                let rate = capture_points(cells, unowned) as f64 / cost as f64;
                if best.is_some_and(|(b, ..)| rate <= b) {
                    continue;
                }
                let tour = rect_tour(corner, dx, dy, shift == 0);
                if tour_drawable(game, corner, &tour) && tour.iter().all(|v| others & v.bit() == 0)
                {
                    best = Some((rate, corner, dx, dy));
                }
            }
        }
    }
    best.map(|(_, corner, dx, dy)| Target {
        corner,
        tour: rect_tour(corner, dx, dy, shift == 0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rect_cells_counts_the_cells_between_two_corners() {
        let cells = rect_cells(Vertex::new(3, 1), Vertex::new(1, 4));
        assert_eq!(cells.count_ones(), 6);
        assert_ne!(cells & 1u128 << 11, 0); // cell (1, 1)
        assert_eq!(cells & 1u128 << 13, 0); // cell (3, 1) is outside
    }

    #[test]
    fn on_an_empty_board_it_plans_the_largest_square_from_where_it_stands() {
        let game = Game::new(&[Some(Vertex::new(0, 0)), Some(Vertex::new(10, 10))]);
        let target = best_square(&game, 0, 5, 0).expect("a square");
        assert_eq!(target.corner, Vertex::new(0, 0));
        assert_eq!(target.tour.len(), 4 * 5);
    }
}
