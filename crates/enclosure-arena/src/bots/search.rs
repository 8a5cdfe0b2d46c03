//! `builtin:search`: Monte Carlo search with the engine as the simulator, the strongest
//! opponent we can build for `ours`.
//!
//! Each turn it lists a few *macro-actions* for itself: with the pen up, every square or
//! near-square loop (sides 1 to [`MAX_SIDE`]) with its current vertex as a corner, plus one
//! plain step in each direction and staying; with the pen down, going on with the loop it is
//! drawing and each way of closing it now ([`closing_paths`]). Every macro whose first action
//! does not kill it outright is scored by playouts: the macro is followed, then everybody
//! (itself included) plays the [`rollout`] policy (draw small random loops, chase a nearby open
//! trail, close an open one), for [`HORIZON`] turns or to the end of the game, settled by the
//! engine. A playout is worth the rank points the seats would get if the game ended there with
//! every live seat credited the same future, plus a share of the points. UCB1 spreads the
//! [`PLAYOUTS`] playouts over the macros; the most-visited one is played. Budgets are counted
//! in playouts, never in time, so a seed fixes the game on any machine.

use enclosure::{Action, Answer, Dir, Game, PenFlag, Vertex, MAX_TURNS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::bold::rect_cells;
use super::closing::{closing_paths, neighbours};
use super::drawing::{
    corner_start, drawable_step, or_survivable, rect_tour, survives, walkable_step,
};
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "search",
    about: "Monte Carlo search over loop plans, playouts simulated with the engine",
    make: |seed| Box::new(StrategyBot::new("search", Search::new(seed, PLAYOUTS))),
};

/// Playouts per turn (the whole budget, shared by the macros).
pub const PLAYOUTS: u32 = 300;
/// Turns simulated per playout (fewer when the game ends first).
pub const HORIZON: u32 = 20;
/// The largest loop side among the macros.
pub const MAX_SIDE: i32 = 5;
/// UCB1 exploration constant (rewards lie in 0..=1).
const EXPLORATION: f64 = 0.4;

pub struct Search {
    rng: ChaCha8Rng,
    playouts: u32,
    /// The loop being drawn: the vertices still to step on.
    plan: Vec<Vertex>,
}

/// A candidate for this turn: its first action and the vertices to follow afterwards.
#[derive(Clone, Debug)]
struct Macro {
    first: Action,
    plan: Vec<Vertex>,
}

impl Search {
    /// A search bot with `playouts` playouts per turn.
    pub fn new(seed: u64, playouts: u32) -> Search {
        Search {
            rng: ChaCha8Rng::seed_from_u64(seed),
            playouts: playouts.max(1),
            plan: Vec::new(),
        }
    }

    /// The macros worth simulating now.
    fn macros(&mut self, game: &Game, seat: usize) -> Vec<Macro> {
        let me = game.player(seat);
        let pos = me.pos();
        let mut macros = Vec::new();
        if me.pen_down() {
            if self.plan.first() == Some(&pos) {
                self.plan.remove(0);
            }
            if let Some(&next) = self.plan.first() {
                if let Some(dir) = Dir::between(pos, next).filter(|d| d.is_move()) {
                    macros.push(Macro {
                        first: Action::new(dir, PenFlag::Keep),
                        plan: self.plan.clone(),
                    });
                }
            }
            for (_, path) in closing_paths(game, seat) {
                let dir = Dir::between(pos, path[0]).expect("paths start next to us");
                macros.push(Macro {
                    first: Action::new(dir, PenFlag::Keep),
                    plan: path,
                });
            }
            if macros.is_empty() {
                macros.push(Macro {
                    first: Action::STAY,
                    plan: Vec::new(),
                });
            }
        } else {
            let unowned = game.unowned_mask();
            for (a, b) in loop_sizes() {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let far = Vertex::new(pos.x + sx * a, pos.y + sy * b);
                    if !far.on_board() || rect_cells(pos, far) & unowned == 0 {
                        continue;
                    }
                    let tour = rect_tour(pos, sx * a, sy * b, (a + b + sx) % 2 == 0);
                    if !super::drawing::tour_drawable(game, pos, &tour) {
                        continue;
                    }
                    let dir = Dir::between(pos, tour[0]).expect("tours start next door");
                    macros.push(Macro {
                        first: Action::new(dir, PenFlag::Down),
                        plan: tour,
                    });
                }
            }
            for dir in Dir::ALL {
                macros.push(Macro {
                    first: Action::new(dir, PenFlag::Keep),
                    plan: Vec::new(),
                });
            }
        }
        macros.retain(|m| survives(game, seat, m.first));
        macros
    }

    /// One playout of `candidate`: its reward for `seat`, in 0..=1.
    fn playout(&mut self, game: &Game, seat: usize, candidate: &Macro) -> f64 {
        let mut sim = game.clone();
        let mut plans: [Vec<Vertex>; 4] = Default::default();
        plans[seat] = candidate.plan.clone();
        for t in 0..HORIZON {
            if sim.is_over() {
                break;
            }
            let answers: Vec<Answer> = (0..sim.seats())
                .map(|s| {
                    if !sim.player(s).is_alive() {
                        None
                    } else if s == seat && t == 0 {
                        Some(Ok(candidate.first))
                    } else {
                        Some(Ok(rollout(&sim, s, &mut plans[s], &mut self.rng)))
                    }
                })
                .collect();
            sim.play_turn(&answers);
        }
        if sim.is_over() {
            sim.finish();
        }
        reward(&sim, seat)
    }
}

/// The loop sizes among the macros: squares and near-squares up to [`MAX_SIDE`].
fn loop_sizes() -> impl Iterator<Item = (i32, i32)> {
    (1..=MAX_SIDE)
        .flat_map(|a| (a.saturating_sub(1).max(1)..=(a + 1).min(MAX_SIDE)).map(move |b| (a, b)))
}

impl Strategy for Search {
    fn start(&mut self, seat: usize) -> Vertex {
        let (ox, oy) = (self.rng.random_range(1..=2), self.rng.random_range(1..=2));
        corner_start(seat, ox, oy)
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        let me = game.player(seat);
        if me.stuck_left() > 0 {
            return Action::STAY;
        }
        if !me.pen_down() {
            self.plan.clear();
        }
        let macros = self.macros(game, seat);
        if macros.is_empty() {
            return or_survivable(game, seat, Action::STAY);
        }
        if macros.len() == 1 {
            self.plan = macros[0].plan.clone();
            return macros[0].first;
        }
        let mut visits = vec![0u32; macros.len()];
        let mut totals = vec![0f64; macros.len()];
        for n in 0..self.playouts.max(macros.len() as u32) {
            let arm = if (n as usize) < macros.len() {
                n as usize
            } else {
                let log_n = (n as f64).ln();
                (0..macros.len())
                    .max_by(|&i, &j| {
                        ucb(totals[i], visits[i], log_n)
                            .total_cmp(&ucb(totals[j], visits[j], log_n))
                    })
                    .expect("some macro")
            };
            totals[arm] += self.playout(game, seat, &macros[arm]);
            visits[arm] += 1;
        }
        let best = (0..macros.len())
            .max_by(|&i, &j| {
                (visits[i], totals[i])
                    .partial_cmp(&(visits[j], totals[j]))
                    .expect("finite rewards")
            })
            .expect("some macro");
        self.plan = macros[best].plan.clone();
        macros[best].first
    }
}

fn ucb(total: f64, visits: u32, log_n: f64) -> f64 {
    total / visits as f64 + EXPLORATION * (log_n / visits as f64).sqrt()
}

/// What a playout's end state is worth to `seat`: three quarters the rank points it would get
/// (scaled to 0..=1) if every live seat were credited the same future, one quarter its share
/// of those projected scores.
fn reward(game: &Game, seat: usize) -> f64 {
    let turns_left = MAX_TURNS.saturating_sub(game.turn()) as f64;
    let alive = game.alive_count().max(1) as f64;
    let free_per_seat = game.unowned_count() as f64 / alive;
    // About one 3 x 3 loop (810 points) per 12 turns, as long as free land lasts.
    let future = 810.0 * (turns_left / 12.0).min(free_per_seat / 9.0);
    let projected: Vec<f64> = (0..game.seats())
        .map(|s| {
            let p = game.player(s);
            let bonus = if p.is_alive() && !game.is_over() {
                future
            } else {
                0.0
            };
            (game.score(s) as f64 + bonus).max(0.0)
        })
        .collect();
    let mine = projected[seat];
    let above = projected
        .iter()
        .enumerate()
        .filter(|&(s, &v)| s != seat && (v > mine || (v == mine && s < seat)))
        .count();
    let points = [6.0, 3.0, 1.0, 0.0][above.min(3)] / 6.0;
    let total: f64 = projected.iter().sum();
    let share = if total > 0.0 { mine / total } else { 0.0 };
    0.75 * points + 0.25 * share
}

/// The cheap policy every seat follows in playouts. With the pen down: the planned loop if it
/// is still drawable, else the move that brings it nearest its trail's start (closing on any
/// trail vertex). With the pen up: chase an open trail within reach, else often start a small
/// random loop, else a random step.
pub fn rollout(game: &Game, seat: usize, plan: &mut Vec<Vertex>, rng: &mut ChaCha8Rng) -> Action {
    let me = game.player(seat);
    if me.stuck_left() > 0 {
        return Action::STAY;
    }
    let pos = me.pos();
    if me.pen_down() {
        return Action::new(rollout_draw(game, seat, plan, rng), PenFlag::Keep);
    }
    plan.clear();
    if let Some(dir) = chase(game, seat, rng) {
        return Action::new(dir, PenFlag::Keep);
    }
    if rng.random_bool(0.4) {
        let (a, b) = (rng.random_range(1..=3), rng.random_range(1..=3));
        let (sx, sy) = if rng.random_bool(0.5) {
            (1, 1)
        } else {
            (-1, -1)
        };
        let (sx, sy) = if rng.random_bool(0.5) {
            (sx, -sy)
        } else {
            (sx, sy)
        };
        let far = Vertex::new(pos.x + sx * a, pos.y + sy * b);
        if far.on_board() && rect_cells(pos, far) & game.unowned_mask() != 0 {
            let tour = rect_tour(pos, sx * a, sy * b, rng.random_bool(0.5));
            if super::drawing::tour_drawable(game, pos, &tour) {
                let dir = Dir::between(pos, tour[0]).expect("tours start next door");
                *plan = tour;
                return Action::new(dir, PenFlag::Down);
            }
        }
    }
    let start = rng.random_range(0..4);
    (0..4)
        .map(|i| Dir::MOVES[(start + i) % 4])
        .find(|&d| walkable_step(game, seat, pos, pos.step(d)))
        .map_or(Action::STAY, |d| Action::new(d, PenFlag::Keep))
}

/// A pen-down step in a playout (see [`rollout`]).
fn rollout_draw(game: &Game, seat: usize, plan: &mut Vec<Vertex>, rng: &mut ChaCha8Rng) -> Dir {
    let me = game.player(seat);
    let pos = me.pos();
    let trail = me.trail();
    let previous = trail.len().checked_sub(2).map(|i| trail[i]);
    if plan.first() == Some(&pos) {
        plan.remove(0);
    }
    if let Some(&next) = plan.first() {
        if let Some(dir) = Dir::between(pos, next) {
            if dir.is_move() && Some(next) != previous && drawable_step(game, pos, next) {
                return dir;
            }
        }
        plan.clear();
    }
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
            -1 // closes the loop now
        } else {
            (to.x - goal.x).abs() + (to.y - goal.y).abs()
        };
        if best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, dir));
        }
    }
    best.map_or(Dir::Stay, |(_, dir)| dir)
}

/// A step towards the nearest vertex of an opponent's open trail within reach, if any.
fn chase(game: &Game, seat: usize, rng: &mut ChaCha8Rng) -> Option<Dir> {
    let pos = game.player(seat).pos();
    let target = game
        .players()
        .iter()
        .enumerate()
        .filter(|&(s, p)| s != seat && p.is_alive() && p.pen_down())
        .flat_map(|(_, p)| p.trail().iter().copied())
        .min_by_key(|v| (v.x - pos.x).abs() + (v.y - pos.y).abs())?;
    let distance = (target.x - pos.x).abs() + (target.y - pos.y).abs();
    if distance > 6 || !rng.random_bool(0.7) {
        return None;
    }
    neighbours(pos)
        .filter(|&n| walkable_step(game, seat, pos, n))
        .min_by_key(|n| (n.x - target.x).abs() + (n.y - target.y).abs())
        .and_then(|n| Dir::between(pos, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_sizes_are_squares_and_near_squares() {
        let sizes: Vec<_> = loop_sizes().collect();
        assert!(sizes.contains(&(1, 1)) && sizes.contains(&(3, 4)) && sizes.contains(&(5, 5)));
        assert!(sizes.iter().all(|&(a, b)| (a - b).abs() <= 1));
    }

    #[test]
    fn the_same_seed_chooses_the_same_action() {
        let game = Game::new(&[Some(Vertex::new(2, 2)), Some(Vertex::new(8, 8))]);
        let (mut a, mut b) = (Search::new(5, 40), Search::new(5, 40));
        for _ in 0..3 {
            assert_eq!(a.act(0, &game), b.act(0, &game));
        }
    }
}
