//! Plans and the playout policy of `builtin:search` (see [`super::search`]).
//!
//! A [`Plan`] is a pen-up walk to a corner followed by a rectangle drawn from it. The search
//! bot lists its candidate plans with [`loop_plans`] (for each loop size, the corner within
//! walking reach that gains the most points per turn), and in playouts every seat follows
//! [`rollout`]: it cuts an open trail it can reach before its owner closes it, else follows its
//! plan, else picks a new small loop near it the way a greedy square-grabber would.

use std::collections::VecDeque;

use enclosure::geometry::VERTICES;
use enclosure::{Action, Dir, Game, PenFlag, Vertex, MAX_TURNS};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::bold::{rect_cells, rects_at};
use super::closing::{capture_points, closing_value, neighbours, others_mask};
use super::drawing::{drawable_step, rect_tour, tour_drawable, walkable_step};

/// A loop to draw: pen-up steps to its corner, then the tour drawn from the corner back to it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// The vertices still to walk on with the pen up (the last one is the corner).
    pub walk: Vec<Vertex>,
    /// The vertices still to draw on, the pen going down with the first step.
    pub tour: Vec<Vertex>,
}

impl Plan {
    pub fn clear(&mut self) {
        self.walk.clear();
        self.tour.clear();
    }

    /// The plan's next action for `seat`, after dropping the vertex it stands on; `None` when
    /// the plan is over or its next step is no longer allowed.
    pub fn next_action(&mut self, game: &Game, seat: usize) -> Option<Action> {
        let me = game.player(seat);
        let pos = me.pos();
        if me.pen_down() {
            self.walk.clear();
            if self.tour.first() == Some(&pos) {
                self.tour.remove(0);
            }
            let next = *self.tour.first()?;
            let dir = Dir::between(pos, next).filter(|d| d.is_move())?;
            let trail = me.trail();
            let previous = trail.len().checked_sub(2).map(|i| trail[i]);
            return (Some(next) != previous && drawable_step(game, pos, next))
                .then_some(Action::new(dir, PenFlag::Keep));
        }
        if self.walk.first() == Some(&pos) {
            self.walk.remove(0);
        }
        if let Some(&next) = self.walk.first() {
            let dir = Dir::between(pos, next).filter(|d| d.is_move())?;
            return walkable_step(game, seat, pos, next).then_some(Action::new(dir, PenFlag::Keep));
        }
        let next = *self.tour.first()?;
        let dir = Dir::between(pos, next).filter(|d| d.is_move())?;
        drawable_step(game, pos, next).then_some(Action::new(dir, PenFlag::Down))
    }
}

/// The loop sizes the search plans: squares and near-squares with sides up to `max_side`.
pub fn loop_sizes(max_side: i32) -> impl Iterator<Item = (i32, i32)> {
    (1..=max_side).flat_map(move |a| ((a - 1).max(1)..=(a + 1).min(max_side)).map(move |b| (a, b)))
}

/// For each loop size, the plan that gains the most points per turn spent walking to its
/// corner (at most `max_walk` steps) and drawing it, and the best such plan that no opponent
/// could cut even by heading straight for it ([`reachable_by_others`]), with their rates; the
/// loop must be drawable, gain land, avoid standing players and end before the game does.
pub fn loop_plans(game: &Game, seat: usize, max_walk: u32, max_side: i32) -> Vec<(f64, Plan)> {
    let (dist, parent) = walk_tree(game, seat);
    let turns_left = MAX_TURNS.saturating_sub(game.turn());
    let unowned = game.unowned_mask();
    let others = others_mask(game, seat);
    let mut plans = Vec::new();
    for (a, b) in loop_sizes(max_side) {
        let mut best: Option<(f64, Vertex, Vec<Vertex>)> = None;
        let mut safe: Option<(f64, Vertex, Vec<Vertex>)> = None;
        for corner in Vertex::all() {
            let d = dist[corner.index()];
            let cost = d.saturating_add(2 * (a + b) as u32);
            if d > max_walk || cost > turns_left || others & corner.bit() != 0 {
                continue;
            }
            for (dx, dy, cells) in rects_at(corner, a, b, unowned) {
                let rate = capture_points(cells, unowned) as f64 / cost as f64;
                let better = |slot: &Option<(f64, Vertex, Vec<Vertex>)>| {
                    slot.as_ref().is_none_or(|(r, ..)| rate > *r)
                };
                if !better(&best) && !better(&safe) {
                    continue;
                }
                let tour = rect_tour(corner, dx, dy, (corner.x + corner.y) % 2 == 0);
                if !tour_drawable(game, corner, &tour) || tour.iter().any(|v| others & v.bit() != 0)
                {
                    continue;
                }
                if better(&safe) && !reachable_by_others(game, seat, corner, &tour, cost) {
                    safe = Some((rate, corner, tour.clone()));
                }
                if better(&best) {
                    best = Some((rate, corner, tour));
                }
            }
        }
        let safe = safe.filter(|s| best.as_ref().is_none_or(|b| b.1 != s.1 || b.2 != s.2));
        for (rate, corner, tour) in best.into_iter().chain(safe) {
            let walk = path_to(&parent, game.player(seat).pos(), corner);
            plans.push((rate, Plan { walk, tour }));
        }
    }
    plans
}

/// Whether some other live player could stand on a vertex of the loop (its corner or `tour`)
/// before the loop closes, `closes_in` turns from now, by walking straight there.
fn reachable_by_others(
    game: &Game,
    seat: usize,
    corner: Vertex,
    tour: &[Vertex],
    closes_in: u32,
) -> bool {
    game.players()
        .iter()
        .enumerate()
        .filter(|&(s, p)| s != seat && p.is_alive())
        .any(|(_, p)| {
            std::iter::once(&corner)
                .chain(tour)
                .any(|&v| (p.pos().manhattan(v) as u32) < closes_in)
        })
}

/// Pen-up walking distances from `seat`'s vertex (around traps) and each vertex's predecessor
/// on a shortest walk.
fn walk_tree(game: &Game, seat: usize) -> ([u32; VERTICES], [u8; VERTICES]) {
    let from = game.player(seat).pos();
    let mut dist = [u32::MAX; VERTICES];
    let mut parent = [u8::MAX; VERTICES];
    dist[from.index()] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        for next in neighbours(at) {
            if dist[next.index()] != u32::MAX
                || game.trap_at(next) > 0
                || !walkable_step(game, seat, at, next)
            {
                continue;
            }
            dist[next.index()] = dist[at.index()] + 1;
            parent[next.index()] = at.index() as u8;
            queue.push_back(next);
        }
    }
    (dist, parent)
}

/// The vertices of the walk from `from` (excluded) to `to` (included) along `parent` links.
fn path_to(parent: &[u8; VERTICES], from: Vertex, to: Vertex) -> Vec<Vertex> {
    let mut path = Vec::new();
    let mut at = to;
    while at != from {
        path.push(at);
        at = Vertex::from_index(parent[at.index()] as usize);
    }
    path.reverse();
    path
}

/// What `seat` would capture by finishing the loop its plan is drawing (0 with the pen up).
pub fn open_loop_value(game: &Game, seat: usize, plan: &Plan) -> u64 {
    let me = game.player(seat);
    if !me.is_alive() || !me.pen_down() {
        return 0;
    }
    let rest = match plan.tour.first() {
        Some(&v) if v == me.pos() => &plan.tour[1..],
        _ => &plan.tour[..],
    };
    match rest.split_last() {
        Some((&onto, path)) => closing_value(game, seat, path, onto),
        None => 0,
    }
}

/// Turns `seat` still needs to close its open trail: what its plan has left, else the
/// distance back to the trail's start.
fn turns_to_close(game: &Game, seat: usize, plan: &Plan) -> i32 {
    let me = game.player(seat);
    if !plan.tour.is_empty() {
        return plan.tour.len() as i32;
    }
    let start = me.trail()[0];
    me.pos().manhattan(start)
}

/// The policy every seat follows in playouts (see the module doc).
pub fn rollout(game: &Game, seat: usize, plans: &mut [Plan], rng: &mut ChaCha8Rng) -> Action {
    let me = game.player(seat);
    if me.stuck_left() > 0 {
        return Action::STAY;
    }
    let pos = me.pos();
    if me.pen_down() {
        if let Some(action) = plans[seat].next_action(game, seat) {
            return action;
        }
        plans[seat].clear();
        return Action::new(closing_step(game, seat, rng), PenFlag::Keep);
    }
    if let Some(dir) = chase(game, seat, plans, rng) {
        plans[seat].clear();
        return Action::new(dir, PenFlag::Keep);
    }
    if let Some(action) = plans[seat].next_action(game, seat) {
        return action;
    }
    plans[seat] = random_loop(game, seat, rng).unwrap_or_default();
    if let Some(action) = plans[seat].next_action(game, seat) {
        return action;
    }
    plans[seat].clear();
    let start = rng.random_range(0..4);
    (0..4)
        .map(|i| Dir::MOVES[(start + i) % 4])
        .find(|&d| walkable_step(game, seat, pos, pos.step(d)))
        .map_or(Action::STAY, |d| Action::new(d, PenFlag::Keep))
}

/// The best of a few random small loops near `seat` (corner within two steps each way, sides
/// 1 to 3) by points per turn, reached by an L-shaped walk.
fn random_loop(game: &Game, seat: usize, rng: &mut ChaCha8Rng) -> Option<Plan> {
    let pos = game.player(seat).pos();
    let unowned = game.unowned_mask();
    let others = others_mask(game, seat);
    let mut best: Option<(f64, Plan)> = None;
    for _ in 0..4 {
        let corner = Vertex::new(
            pos.x + rng.random_range(-2..=2),
            pos.y + rng.random_range(-2..=2),
        );
        let a = rng.random_range(1..=3);
        let b = (a + rng.random_range(-1..=1)).clamp(1, 3);
        let dx = if rng.random_bool(0.5) { a } else { -a };
        let dy = if rng.random_bool(0.5) { b } else { -b };
        let far = Vertex::new(corner.x + dx, corner.y + dy);
        if !corner.on_board() || !far.on_board() || others & corner.bit() != 0 {
            continue;
        }
        let cells = rect_cells(corner, far);
        if cells & unowned == 0 {
            continue;
        }
        let Some(walk) = l_walk(game, seat, pos, corner) else {
            continue;
        };
        let rate = capture_points(cells, unowned) as f64 / (walk.len() as i32 + 2 * (a + b)) as f64;
        if best.as_ref().is_some_and(|(r, _)| rate <= *r) {
            continue;
        }
        let tour = rect_tour(corner, dx, dy, rng.random_bool(0.5));
        if tour_drawable(game, corner, &tour) {
            best = Some((rate, Plan { walk, tour }));
        }
    }
    best.map(|(_, plan)| plan)
}

/// The pen-up walk from `from` to `to` along x then y, if every step is walkable.
fn l_walk(game: &Game, seat: usize, from: Vertex, to: Vertex) -> Option<Vec<Vertex>> {
    let mut walk = Vec::new();
    let mut at = from;
    while at != to {
        let next = if at.x != to.x {
            Vertex::new(at.x + (to.x - at.x).signum(), at.y)
        } else {
            Vertex::new(at.x, at.y + (to.y - at.y).signum())
        };
        if !walkable_step(game, seat, at, next) {
            return None;
        }
        walk.push(next);
        at = next;
    }
    Some(walk)
}

/// A pen-down step off plan: close the loop now if a trail vertex is next door, else head for
/// the trail's start.
fn closing_step(game: &Game, seat: usize, rng: &mut ChaCha8Rng) -> Dir {
    let me = game.player(seat);
    let pos = me.pos();
    let trail = me.trail();
    let previous = trail.len().checked_sub(2).map(|i| trail[i]);
    let goal = trail[0];
    let shift = rng.random_range(0..4);
    let mut best: Option<(i32, Dir)> = None;
    for i in 0..4 {
        let dir = Dir::MOVES[(shift + i) % 4];
        let to = pos.step(dir);
        if Some(to) == previous || !drawable_step(game, pos, to) {
            continue;
        }
        let distance = if me.on_trail(to) {
            -1
        } else {
            to.manhattan(goal)
        };
        if best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, dir));
        }
    }
    best.map_or(Dir::Stay, |(_, dir)| dir)
}

/// A pen-up step towards the nearest vertex of an opponent's open trail that `seat` can reach
/// no later than the opponent can close it, most of the time.
fn chase(game: &Game, seat: usize, plans: &[Plan], rng: &mut ChaCha8Rng) -> Option<Dir> {
    let pos = game.player(seat).pos();
    let mut target: Option<(i32, Vertex)> = None;
    for (s, p) in game.players().iter().enumerate() {
        if s == seat || !p.is_alive() || !p.pen_down() {
            continue;
        }
        let left = turns_to_close(game, s, &plans[s]);
        for &v in p.trail() {
            let d = pos.manhattan(v);
            if d <= left + 1 && target.is_none_or(|(best, _)| d < best) {
                target = Some((d, v));
            }
        }
    }
    let (_, target) = target?;
    if !rng.random_bool(0.8) {
        return None;
    }
    neighbours(pos)
        .filter(|&n| walkable_step(game, seat, pos, n))
        .min_by_key(|&n| n.manhattan(target))
        .and_then(|n| Dir::between(pos, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_sizes_are_squares_and_near_squares() {
        let sizes: Vec<_> = loop_sizes(5).collect();
        assert!(sizes.contains(&(1, 1)) && sizes.contains(&(3, 4)) && sizes.contains(&(5, 5)));
        assert!(sizes.iter().all(|&(a, b)| (a - b).abs() <= 1));
    }

    #[test]
    fn a_plan_walks_to_its_corner_then_draws_its_loop() {
        let mut game = Game::new(&[Some(Vertex::new(2, 2)), Some(Vertex::new(9, 9))]);
        let plans = loop_plans(&game, 0, 3, 2);
        let (_, plan) = plans
            .iter()
            .find(|(_, p)| p.tour.len() == 8)
            .expect("a 2 x 2 loop")
            .clone();
        let mut plan = plan;
        let mut steps = 0;
        while let Some(action) = plan.next_action(&game, 0) {
            game.play_turn(&[Some(Ok(action)), Some(Ok(Action::STAY))]);
            steps += 1;
            if !game.player(0).pen_down() && plan.walk.is_empty() && plan.tour.len() <= 1 {
                break;
            }
        }
        assert_eq!(game.areas(0), vec![4], "after {steps} steps");
    }
}
