//! [`Reactive`]: a competing strategy that starts big loops near opponents and stays alive by
//! always keeping a way out, judged by a cheap simulation of the reactive policy itself.
//!
//! The planner starts a rectangle only when no opponent could reach its outline before the
//! whole outline is drawn: against bots that stay near (`search`) that leaves 1- and 2-cell
//! loops. This strategy keeps the same never-die guarantee with a weaker, *running* condition:
//!
//! - **Escape invariant (pen down).** A step of the plan is taken only when, after it, some way
//!   of closing (`closing::ClosingContext`) is still safe against every opponent walking
//!   straight at the trail (worst-case threat, one turn later). Otherwise the most valuable
//!   safe closing is drawn at once. The plan's next step is therefore always survivable.
//! - **Choosing the loop (pen up).** Each rectangle (sides up to `max_side`), drawn from its
//!   nearest corner in either direction, is *simulated* under that policy with a fluid model of
//!   the opponents: opponent `o` gets `h_o` of a step closer to the trail per turn (after the
//!   turns it is stuck or busy closing its own loop), `h_o` fitted from how often it walked
//!   towards open trails so far (prior 70%). The simulation walks the tour until the escape
//!   invariant would break, takes the best escape a rectangle offers there (an L or U back to
//!   the trail, from its shape) and values the plan at captured value (squared areas) per
//!   turn. The best rate wins.
//! - **Hunting.** Pen up, an opponent's open trail we can stand on before it can close (plus
//!   `hunt_slack` turns) is walked to: a cut kills it.
//! - Walking avoids traps and the inside of opponents' loops about to close. A last check
//!   (`legal_or_fallback`) replaces any action the rules would kill us for.
//!
//! Deterministic: no randomness; every budget is a count of candidates, not of time.

use super::board::{Board, FAR};
use super::closing::{ClosingContext, Completion};
use super::rect::{capture_value, Rect};
use super::{legal_or_fallback, Strategy};
use crate::action::{Action, PenFlag};
use crate::geometry::{Dir, Vertex, CELLS, VERTICES};
use crate::state::{Game, MAX_TURNS};

/// The knobs of [`Reactive`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReactiveParams {
    /// Longest rectangle side considered.
    pub max_side: i32,
    /// Longest walk to a rectangle's starting corner.
    pub max_travel: u32,
    /// Chase a trail we reach at most this many turns after its owner could close it.
    pub hunt_slack: u32,
    /// Longest walk to a hunted trail.
    pub hunt_reach: u32,
    /// Assumed percent of a step an opponent within `NEAR` of our trail comes closer per
    /// turn before we saw it near a trail, and the least we ever assume (also the drift of
    /// opponents farther away).
    pub prior_approach: u32,
    pub min_approach: u32,
    /// Percent of a drawing opponent's shortest closing counted as delay (it is busy), in
    /// the model and in the worst-case threat that keeps us alive.
    pub busy_weight: u32,
    pub safe_busy_weight: u32,
    /// Added to every plan's turns (favours bigger loops).
    pub overhead: u32,
    /// Value of a kill by enclosure, in squared cells.
    pub kill_bonus: u32,
}

impl Default for ReactiveParams {
    fn default() -> ReactiveParams {
        ReactiveParams {
            max_side: 7,
            max_travel: 6,
            hunt_slack: 4,
            hunt_reach: 10,
            prior_approach: 60,
            min_approach: 20,
            busy_weight: 100,
            safe_busy_weight: 0,
            overhead: 2,
            kill_bonus: 60,
        }
    }
}

/// The strategy (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct Reactive {
    pub params: ReactiveParams,
    /// The vertices still to draw (the last one closes the loop).
    plan: Vec<Vertex>,
    intent: Intent,
}

impl Reactive {
    pub fn new() -> Reactive {
        Reactive::default()
    }

    pub fn with_params(params: ReactiveParams) -> Reactive {
        Reactive {
            params,
            ..Reactive::default()
        }
    }
}

/// How often each seat walked towards an open trail near it (pen up, not stuck).
#[derive(Clone, Debug, Default)]
struct Intent {
    /// Per seat: moves made with some other trail within [`NEAR`], those that got closer and
    /// those that got farther.
    near: Vec<u32>,
    closer: Vec<u32>,
    farther: Vec<u32>,
    last_pos: Vec<Vertex>,
    /// Per seat: the vertex mask of the open trails of everybody else, last turn.
    last_others: Vec<u128>,
    last_free: Vec<bool>,
}

/// Trails farther than this (Manhattan) say nothing about a walker's intent.
const NEAR: i32 = 6;

impl Intent {
    fn observe(&mut self, game: &Game) {
        let seats = game.seats();
        if self.near.len() == seats {
            for s in 0..seats {
                let now = game.player(s).pos();
                let (before, others) = (self.last_pos[s], self.last_others[s]);
                if !self.last_free[s] || others == 0 {
                    continue;
                }
                let d = distance_to_mask(before, others);
                if d <= NEAR && d > 0 {
                    self.near[s] += 1;
                    let after = distance_to_mask(now, others);
                    if after < d {
                        self.closer[s] += 1;
                    } else if after > d {
                        self.farther[s] += 1;
                    }
                }
            }
        } else {
            self.near = vec![0; seats];
            self.closer = vec![0; seats];
            self.farther = vec![0; seats];
        }
        let trails: Vec<u128> = game.players().iter().map(|p| p.trail_mask()).collect();
        let all = trails.iter().fold(0, |m, t| m | t);
        self.last_pos = game.players().iter().map(|p| p.pos()).collect();
        self.last_others = trails.iter().map(|t| all & !t).collect();
        self.last_free = game
            .players()
            .iter()
            .map(|p| p.is_alive() && !p.pen_down() && p.stuck_left() == 0)
            .collect();
    }

    /// Percent of a step per turn `seat` is assumed to come towards a trail near it: its net
    /// approach so far (a random walker's is about zero), with two moves of prior.
    fn approach(&self, seat: usize, params: &ReactiveParams) -> u32 {
        let (near, closer, farther) = (self.near[seat], self.closer[seat], self.farther[seat]);
        let net = 100 * closer as i64 - 100 * farther as i64 + 2 * params.prior_approach as i64;
        (net / (near as i64 + 2)).clamp(params.min_approach as i64, 100) as u32
    }
}

/// Manhattan distance from `v` to the nearest vertex of a non-empty vertex mask.
fn distance_to_mask(v: Vertex, mask: u128) -> i32 {
    crate::capture::cells(mask)
        .map(|i| Vertex::from_index(i).manhattan(v))
        .min()
        .unwrap_or(i32::MAX)
}

/// One opponent as the simulation sees it.
struct Opponent {
    dist: [u32; VERTICES],
    /// Turns before it starts coming (stuck, or busy closing its own loop).
    delay: u32,
    /// Percent of a step it comes closer per turn.
    approach: u32,
}

/// The facts of one turn.
struct Turn<'a> {
    seat: usize,
    game: &'a Game,
    board: Board,
    opponents: Vec<Opponent>,
    /// Worst case: fewest turns for any opponent to stand on each vertex.
    threat: [u32; VERTICES],
    /// Traps and other players: never drawn onto.
    avoid: u128,
    traps: u128,
    victims: u128,
    turns_left: u32,
    kill_bonus: u32,
}

impl<'a> Turn<'a> {
    fn new(seat: usize, game: &'a Game, bot: &Reactive) -> Turn<'a> {
        let board = Board::new(game);
        let params = &bot.params;
        let mut threat = [FAR; VERTICES];
        let (mut victims, mut opponents) = (0u128, Vec::new());
        for (other, p) in game.players().iter().enumerate() {
            if other == seat || !p.is_alive() {
                continue;
            }
            victims |= p.pos().bit();
            // Drawers do step on trails while they close their own loops, so the worst case
            // counts them at full speed; the model lets them finish first.
            let busy = if p.pen_down() {
                board.closing_distance(p.trail()).min(20)
            } else {
                0
            };
            let safe_delay = p.stuck_left() + busy * params.safe_busy_weight / 100;
            let delay = p.stuck_left() + busy * params.busy_weight / 100;
            let (dist, _) = board.walk(other, p.pos(), 0);
            for (t, d) in threat.iter_mut().zip(dist.iter()) {
                *t = (*t).min(d.saturating_add(safe_delay));
            }
            opponents.push(Opponent {
                dist,
                delay,
                approach: bot.intent.approach(other, params),
            });
        }
        let traps = Vertex::all()
            .filter(|&v| board.trap(v) > 0)
            .fold(0u128, |m, v| m | v.bit());
        Turn {
            seat,
            game,
            board,
            opponents,
            threat,
            avoid: traps | victims,
            traps,
            victims,
            turns_left: MAX_TURNS.saturating_sub(game.turn()),
            kill_bonus: params.kill_bonus,
        }
    }

    fn closings(&self, trail: &[Vertex], threat: &[u32; VERTICES]) -> Vec<Completion> {
        // Killing the last opponent hands us every unowned cell.
        let kill_bonus = if self.opponents.len() == 1 {
            (self.game.unowned_count() as u32).pow(2) / 2
        } else {
            self.kill_bonus
        };
        ClosingContext {
            board: &self.board,
            trail,
            unowned: self.game.unowned_mask(),
            threat,
            avoid: self.avoid,
            victims: self.victims,
            kill_bonus,
        }
        .completions()
    }

    /// Whether stepping from the end of `trail` to `next` keeps a safe way to close.
    fn step_keeps_escape(&self, trail: &[Vertex], next: Vertex) -> bool {
        let n = trail.len();
        let pos = trail[n - 1];
        if (n >= 2 && trail[n - 2] == next)
            || !self.board.drawable_step(pos, next)
            || self.avoid & next.bit() != 0
        {
            return false;
        }
        if trail.contains(&next) {
            return true; // the closing step: closing wins over interruption
        }
        let mut longer = trail.to_vec();
        longer.push(next);
        let later = self.threat.map(|t| t.saturating_sub(1));
        self.closings(&longer, &later)
            .iter()
            .any(|c| c.margin >= 0 && (c.path.len() as u32) < self.turns_left)
    }
}

/// A rectangle drawn from corner `s`: first `a` steps along `u`, then `b` along `v`, back.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Shape {
    s: Vertex,
    u: (i32, i32),
    v: (i32, i32),
    a: i32,
    b: i32,
}

impl Shape {
    fn at(&self, p: i32, q: i32) -> Vertex {
        Vertex::new(
            self.s.x + p * self.u.0 + q * self.v.0,
            self.s.y + p * self.u.1 + q * self.v.1,
        )
    }

    fn perimeter(&self) -> i32 {
        2 * (self.a + self.b)
    }

    /// The vertex after `k` steps of the tour (0 and the perimeter: the corner `s`).
    fn ring(&self, k: i32) -> Vertex {
        let (a, b) = (self.a, self.b);
        if k <= a {
            self.at(k, 0)
        } else if k <= a + b {
            self.at(a, k - a)
        } else if k <= 2 * a + b {
            self.at(a - (k - a - b), b)
        } else {
            self.at(0, b - (k - 2 * a - b))
        }
    }

    fn tour(&self) -> Vec<Vertex> {
        (1..=self.perimeter()).map(|k| self.ring(k)).collect()
    }

    /// The cells of the local box `p0..p1` x `q0..q1`.
    fn cells(&self, p0: i32, p1: i32, q0: i32, q1: i32) -> u128 {
        let (c, d) = (self.at(p0, q0), self.at(p1, q1));
        Rect {
            x1: c.x.min(d.x),
            y1: c.y.min(d.y),
            x2: c.x.max(d.x),
            y2: c.y.max(d.y),
        }
        .cells()
    }

    /// The shortest way back to the trail after `k` steps (0 < k < perimeter).
    fn shortest_escape(&self, k: i32) -> i32 {
        let (a, b) = (self.a, self.b);
        if k <= a {
            3
        } else if k <= a + b {
            1 + k - a
        } else if k <= 2 * a + b {
            (1 + k - a - b).min(b)
        } else {
            (self.perimeter() - k).min(a)
        }
    }

    /// The most valuable way back to the trail after `k` steps within `budget` moves, among
    /// the shapes a rectangle offers (U, L, straight across, finishing): (value, moves).
    fn best_escape(&self, k: i32, budget: i32, unowned: u128) -> Option<(u32, i32)> {
        let (a, b) = (self.a, self.b);
        let mut options: Vec<(i32, u128)> = Vec::new();
        if k <= a {
            for j in 1..=b {
                for back in 1..=k {
                    options.push((2 * j + back, self.cells(k - back, k, 0, j)));
                }
            }
        } else if k <= a + b {
            let j = k - a;
            for m in 1..=a {
                options.push((m + j, self.cells(a - m, a, 0, j)));
            }
        } else if k <= 2 * a + b {
            let i = k - a - b;
            for m in 0..=a - i {
                options.push((m + b, self.cells(a - i - m, a, 0, b)));
            }
            for q in 1..b {
                options.push((q + i, self.cells(a - i, a, b - q, b)));
            }
        } else {
            let j = k - 2 * a - b;
            options.push((b - j, self.cells(0, a, 0, b)));
            options.push((a, self.cells(0, a, b - j, b)));
        }
        options
            .into_iter()
            .filter(|&(moves, _)| moves <= budget)
            .map(|(moves, cells)| (capture_value(cells, unowned), moves))
            .max_by_key(|&(value, moves)| (value, std::cmp::Reverse(moves)))
    }
}

/// A rectangle plan and what the simulation made of it.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    shape: Shape,
    travel: u32,
    rate: f64,
}

impl Reactive {
    /// Simulates drawing `shape` after `travel` turns of walking: the captured value per turn.
    fn simulate(&self, turn: &Turn, shape: &Shape, travel: u32) -> f64 {
        let perimeter = shape.perimeter();
        let opponents = &turn.opponents;
        let mut nearest: Vec<u32> = opponents.iter().map(|o| o.dist[shape.s.index()]).collect();
        // The room left after k steps: how many moves an escape may take (in percent).
        let room = |k: i32, nearest: &[u32], worst: bool| -> i64 {
            let elapsed = travel as i64 + k as i64;
            opponents
                .iter()
                .zip(nearest)
                .map(|(o, &d)| {
                    let speed = if worst {
                        100
                    } else if d as i32 <= NEAR {
                        o.approach as i64
                    } else {
                        self.params.min_approach as i64
                    };
                    100 * d as i64 - speed * (elapsed - o.delay as i64).max(0)
                })
                .min()
                .unwrap_or(i64::MAX)
        };
        let unowned = turn.game.unowned_mask();
        let mut k = 0;
        while k + 1 < perimeter {
            let next = shape.ring(k + 1);
            for (d, o) in nearest.iter_mut().zip(opponents) {
                *d = (*d).min(o.dist[next.index()]);
            }
            let needed = 100 * shape.shortest_escape(k + 1) as i64;
            // The first step is checked against the worst case when it is taken now (as
            // `step_keeps_escape` will), against the model after a walk.
            if room(k + 1, &nearest, k == 0 && travel == 0) < needed {
                break;
            }
            k += 1;
        }
        let (value, moves) = if k + 1 >= perimeter {
            (
                capture_value(shape.cells(0, shape.a, 0, shape.b), unowned),
                1,
            )
        } else if k == 0 {
            return 0.0; // not even the first step keeps a way out
        } else {
            // `nearest` went one step too far; the escape budget at k is at least the shortest.
            let budget = (room(k, &nearest, false) / 100).max(shape.shortest_escape(k) as i64);
            match shape.best_escape(k, budget as i32, unowned) {
                Some(best) => best,
                None => return 0.0,
            }
        };
        let turns = travel + (k + moves) as u32;
        if turns > turn.turns_left {
            return 0.0;
        }
        value as f64 / (turns + self.params.overhead) as f64
    }

    /// Every rectangle from its nearest corner, both directions, best rate first.
    fn candidates(&self, turn: &Turn, mine: &[u32; VERTICES]) -> Vec<Candidate> {
        let unowned = turn.game.unowned_mask();
        let n = CELLS as i32;
        let max = self.params.max_side;
        let mut found: Vec<Candidate> = Vec::new();
        let mut best_rate = 0.0f64;
        for x1 in 0..n {
            for x2 in x1 + 1..=(x1 + max).min(n) {
                for y1 in 0..n {
                    for y2 in y1 + 1..=(y1 + max).min(n) {
                        let rect = Rect { x1, y1, x2, y2 };
                        let free = (rect.cells() & unowned).count_ones();
                        if free == 0 {
                            continue;
                        }
                        let corners = [
                            (Vertex::new(x1, y1), 1, 1),
                            (Vertex::new(x2, y1), -1, 1),
                            (Vertex::new(x1, y2), 1, -1),
                            (Vertex::new(x2, y2), -1, -1),
                        ];
                        let &(s, dx, dy) = corners
                            .iter()
                            .min_by_key(|c| mine[c.0.index()])
                            .expect("four corners");
                        let travel = mine[s.index()];
                        if travel > self.params.max_travel {
                            continue;
                        }
                        let perimeter = 2 * (x2 - x1 + y2 - y1) as u32;
                        let bound = (free * free) as f64
                            / (travel + perimeter + self.params.overhead) as f64;
                        if bound <= best_rate {
                            continue;
                        }
                        let (w, h) = (x2 - x1, y2 - y1);
                        for shape in [
                            Shape {
                                s,
                                u: (dx, 0),
                                v: (0, dy),
                                a: w,
                                b: h,
                            },
                            Shape {
                                s,
                                u: (0, dy),
                                v: (dx, 0),
                                a: h,
                                b: w,
                            },
                        ] {
                            if !drawable(turn, &shape) {
                                break; // the same outline both ways
                            }
                            let rate = self.simulate(turn, &shape, travel);
                            if rate > 0.0 {
                                best_rate = best_rate.max(rate);
                                found.push(Candidate {
                                    shape,
                                    travel,
                                    rate,
                                });
                            }
                        }
                    }
                }
            }
        }
        found.sort_by(|p, q| q.rate.total_cmp(&p.rate));
        found
    }

    /// Pen down: the plan while it keeps a way out, else the best safe closing now.
    fn draw(&mut self, turn: &Turn) -> Action {
        let me = turn.game.player(turn.seat);
        let (pos, trail) = (me.pos(), me.trail());
        if self.plan.first() == Some(&pos) {
            self.plan.remove(0);
        }
        if let Some(&next) = self.plan.first() {
            let closes = self.plan.last().is_some_and(|v| trail.contains(v));
            if closes
                && self.plan.len() as u32 <= turn.turns_left
                && turn.step_keeps_escape(trail, next)
            {
                return step(pos, next, PenFlag::Keep);
            }
        }
        let options: Vec<Completion> = turn
            .closings(trail, &turn.threat)
            .into_iter()
            .filter(|c| c.path.len() as u32 <= turn.turns_left)
            .collect();
        let safe = options
            .iter()
            .filter(|c| c.margin >= 0)
            .max_by_key(|c| (c.value, std::cmp::Reverse(c.path.len())));
        let chosen = safe.or_else(|| {
            options
                .iter()
                .min_by_key(|c| (c.path.len(), std::cmp::Reverse(c.margin)))
        });
        match chosen {
            Some(c) => {
                self.plan = c.path.clone();
                step(pos, self.plan[0], PenFlag::Keep)
            }
            None => {
                self.plan.clear();
                Action::STAY
            }
        }
    }

    /// Pen up: hunt, else walk to (or start) the best simulated rectangle.
    fn walk(&mut self, turn: &Turn) -> Action {
        let pos = turn.game.player(turn.seat).pos();
        let avoid = (turn.traps | enclosure_risk(turn)) & !pos.bit();
        let (mine, first) = turn.board.walk(turn.seat, pos, avoid);
        if let Some(target) = self.hunt(turn, &mine) {
            return Action::new(Dir::MOVES[first[target.index()]], PenFlag::Keep);
        }
        for candidate in self.candidates(turn, &mine).iter().take(8) {
            let shape = &candidate.shape;
            if candidate.travel > 0 {
                return Action::new(Dir::MOVES[first[shape.s.index()]], PenFlag::Keep);
            }
            let tour = shape.tour();
            if turn.step_keeps_escape(&[pos], tour[0]) {
                self.plan = tour;
                return step(pos, self.plan[0], PenFlag::Down);
            }
        }
        Action::STAY
    }

    /// The nearest vertex of an opponent's open trail we reach in time to cut it.
    fn hunt(&self, turn: &Turn, mine: &[u32; VERTICES]) -> Option<Vertex> {
        let mut best: Option<(u32, Vertex)> = None;
        for (other, p) in turn.game.players().iter().enumerate() {
            if other == turn.seat || !p.is_alive() || !p.pen_down() {
                continue;
            }
            let closes_in = p.stuck_left() + turn.board.closing_distance(p.trail());
            for &v in p.trail() {
                let d = mine[v.index()];
                if d == 0 || d > self.params.hunt_reach || d >= closes_in + self.params.hunt_slack {
                    continue;
                }
                if d <= turn.turns_left && best.map_or(true, |(bd, _)| d < bd) {
                    best = Some((d, v));
                }
            }
        }
        best.map(|(_, v)| v)
    }
}

/// Whether every edge of the shape's outline may be drawn.
fn drawable(turn: &Turn, shape: &Shape) -> bool {
    let mut at = shape.s;
    (1..=shape.perimeter()).all(|k| {
        let next = shape.ring(k);
        let ok = turn.board.drawable_step(at, next);
        at = next;
        ok
    })
}

/// Vertices strictly inside the bounding box of an opponent's open trail that it can close
/// within two moves: standing there may get us enclosed.
fn enclosure_risk(turn: &Turn) -> u128 {
    let mut risky = 0u128;
    for (other, p) in turn.game.players().iter().enumerate() {
        let trail = p.trail();
        if other == turn.seat || !p.is_alive() || trail.len() < 3 {
            continue;
        }
        if p.stuck_left() + turn.board.closing_distance(trail) > 2 {
            continue;
        }
        let xs = trail.iter().map(|v| v.x);
        let ys = trail.iter().map(|v| v.y);
        let (x1, x2) = (xs.clone().min().unwrap(), xs.max().unwrap());
        let (y1, y2) = (ys.clone().min().unwrap(), ys.max().unwrap());
        for x in x1 + 1..x2 {
            for y in y1 + 1..y2 {
                let v = Vertex::new(x, y);
                if !p.on_trail(v) {
                    risky |= v.bit();
                }
            }
        }
    }
    risky
}

fn step(from: Vertex, to: Vertex, flag: PenFlag) -> Action {
    Action::new(Dir::between(from, to).unwrap_or(Dir::Stay), flag)
}

impl Strategy for Reactive {
    /// Two steps in from a corner, one corner per seat (as the planner).
    fn start(&mut self, seat: usize) -> Vertex {
        *self = Reactive::with_params(self.params);
        let (near, far) = (2, CELLS as i32 - 2);
        match seat % 4 {
            0 => Vertex::new(near, near),
            1 => Vertex::new(far, near),
            2 => Vertex::new(near, far),
            _ => Vertex::new(far, far),
        }
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        self.intent.observe(game);
        let me = game.player(seat);
        if !me.is_alive() || me.stuck_left() > 0 {
            return Action::STAY;
        }
        let turn = Turn::new(seat, game, self);
        let wanted = if me.pen_down() {
            self.draw(&turn)
        } else {
            self.plan.clear();
            self.walk(&turn)
        };
        legal_or_fallback(game, seat, wanted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: i32, y: i32) -> Vertex {
        Vertex::new(x, y)
    }

    #[test]
    fn a_shape_tours_its_outline_and_comes_back() {
        let shape = Shape {
            s: v(5, 5),
            u: (-1, 0),
            v: (0, 1),
            a: 2,
            b: 3,
        };
        let tour = shape.tour();
        assert_eq!(tour.len(), 10);
        assert_eq!(tour[0], v(4, 5));
        assert_eq!(tour[2], v(3, 6));
        assert_eq!(*tour.last().unwrap(), v(5, 5));
        assert_eq!(shape.cells(0, 2, 0, 3).count_ones(), 6);
    }

    #[test]
    fn escapes_of_a_rectangle() {
        let shape = Shape {
            s: v(0, 0),
            u: (1, 0),
            v: (0, 1),
            a: 4,
            b: 3,
        };
        // On the first side: a unit U; on the second, back along the row.
        assert_eq!(shape.shortest_escape(2), 3);
        assert_eq!(shape.shortest_escape(6), 3);
        // After the first side and two steps down, 6 moves close 4 x 2.
        assert_eq!(shape.best_escape(6, 6, !0), Some((64, 6)));
        assert_eq!(shape.best_escape(6, 2, !0), None);
        // On the last side the rest of the outline is the only long way.
        assert_eq!(shape.best_escape(12, 2, !0), Some((144, 2)));
    }

    /// Plays `turns` turns of seat 0 against a seat 1 that stays where it is.
    fn against_a_statue(start: Vertex, statue: Vertex, turns: usize) -> Game {
        let mut game = Game::new(&[Some(start), Some(statue)]);
        let mut bot = Reactive::new();
        for _ in 0..turns {
            let mine = bot.act(0, &game);
            game.play_turn(&[Some(Ok(mine)), Some(Ok(Action::STAY))]);
            assert!(game.player(0).is_alive());
        }
        game
    }

    #[test]
    fn far_from_everybody_it_takes_a_big_loop() {
        let game = against_a_statue(v(2, 2), v(10, 10), 40);
        assert!(
            game.areas(0).iter().any(|&a| a >= 16),
            "{:?}",
            game.areas(0)
        );
    }

    #[test]
    fn next_to_an_opponent_it_still_draws_but_keeps_a_way_out() {
        let game = against_a_statue(v(2, 2), v(5, 2), 30);
        assert!(!game.areas(0).is_empty(), "it captured something");
    }
}

#[cfg(test)]
mod timing {
    use super::super::Planner;
    use super::*;
    use crate::turn::Answer;

    /// Move times of this strategy against three planners, seats rotated, unoptimised when
    /// run by `cargo test`: `cargo test -p enclosure --lib sim::timing -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn move_times_against_planners() {
        let mut times = Vec::new();
        for seat in 0..4 {
            let mut bot = Reactive::new();
            let mut others: Vec<Planner> = (0..4).map(|_| Planner::new()).collect();
            let starts: Vec<_> = (0..4)
                .map(|s| {
                    Some(if s == seat {
                        bot.start(s)
                    } else {
                        others[s].start(s)
                    })
                })
                .collect();
            let mut game = Game::new(&starts);
            while !game.is_over() {
                let answers: Vec<Answer> = (0..4)
                    .map(|s| {
                        if !game.player(s).is_alive() {
                            return None;
                        }
                        if s != seat {
                            return Some(Ok(others[s].act(s, &game)));
                        }
                        let clock = std::time::Instant::now();
                        let action = bot.act(s, &game);
                        times.push(clock.elapsed().as_secs_f64() * 1e3);
                        Some(Ok(action))
                    })
                    .collect();
                game.play_turn(&answers);
            }
            eprintln!(
                "seat {seat}: areas {:?}, death {:?}",
                game.areas(seat),
                game.player(seat).death()
            );
        }
        times.sort_by(f64::total_cmp);
        let at = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
        eprintln!(
            "{} moves: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            times.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}
