//! `builtin:careful`: a careful spiral. Born on a corner of the board picked by its seed, it
//! walks two steps in along the diagonal and draws a square spiral outwards from there (legs
//! 1, 1, 2, 2, ...); where the rim or land cuts the spiral short, it keeps growing by hugging
//! its own trail, turning inwards when it can, so the spiral flattens against the obstacle.
//! Every lap's vertices lie next to the lap before, so home (stepping back onto the trail,
//! the only way to close a loop) stays a step or two away while the loop grows round
//! everything inside it.
//!
//! It grows only while it could still get home before any opponent could stand on its trail
//! or on the way home ([`race::may_extend`]); the moment that margin is gone, or the spiral
//! can grow no further, it goes home the shortest way and does not grow again until the loop
//! is closed. Later spirals start at the quiet spot it can reach: free land round it, far
//! from the opponents, near; it puts the pen down there only when the first step already
//! leaves a safe way home, and otherwise steps away from the nearest opponent.
//!
//! How it differs from `spiral`: that one starts in the middle, follows its planned spiral
//! only, closes when the loop reaches 30 cells and fears opponents by a fixed distance;
//! this one races them, turn by turn, and grows as long as it wins the race.

use enclosure::geometry::VERTICES;
use enclosure::{Action, Dir, Game, PenFlag, Vertex, CELLS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::bold::{occupied, rect_cells, walk_distances};
use super::closing::neighbours;
use super::drawing::{drawable_step, or_survivable, walk_towards};
use super::race::{may_extend, opponents_reach, shortest_way_home, step_along, NEVER};
use super::spiral::{spiral_path, turned};
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "careful",
    about: "from a random corner, spirals out while it wins the race home, then closes",
    make: |seed| Box::new(StrategyBot::new("careful", Careful::new(seed))),
};

/// How far in (along both axes) from its corner the first spiral is centred.
pub const FIRST_CENTRE_IN: i32 = 2;

pub struct Careful {
    rng: ChaCha8Rng,
    /// The board corner it is born on.
    corner: Vertex,
    /// Whether the first spiral, the one next to the corner, is still to be drawn.
    first: bool,
    /// The planned spiral's vertices still ahead (empty once the plan was cut short).
    plan: Vec<Vertex>,
    /// The sense the spiral turns in.
    clockwise: bool,
    /// Whether it has turned for home on this loop.
    going_home: bool,
    /// How many times slower than it could walk a drawing opponent is taken to be when the
    /// spiral decides whether to grow: 1 races everyone at full speed; more bets that a player
    /// busy with its own loop will not leave it to cut ours (`greedy-spiral`).
    drawer_pace: u32,
}

impl Careful {
    pub fn new(seed: u64) -> Careful {
        Careful::with_drawer_pace(seed, 1)
    }

    /// The same spiral, racing drawing opponents as if `drawer_pace` times slower.
    pub fn with_drawer_pace(seed: u64, drawer_pace: u32) -> Careful {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let far = CELLS as i32;
        let corners = [(0, 0), (far, 0), (0, far), (far, far)];
        let (x, y) = corners[rng.random_range(0..4)];
        Careful {
            rng,
            corner: Vertex::new(x, y),
            first: true,
            plan: Vec::new(),
            clockwise: true,
            going_home: false,
            drawer_pace,
        }
    }

    /// Gives up growing the loop being drawn: from the next turn on it goes home the shortest
    /// way (`greedy-spiral-step` calls this after a step off the spiral).
    pub fn head_home(&mut self) {
        self.plan.clear();
        self.going_home = true;
    }

    /// The opponents' reach as the growth rule counts it: a drawing opponent's walk is
    /// stretched by `drawer_pace`, a walker's counts as is.
    fn growth_reach(&self, game: &Game, seat: usize, reach: &[u32; VERTICES]) -> [u32; VERTICES] {
        if self.drawer_pace <= 1 {
            return *reach;
        }
        let mut stretched = [NEVER; VERTICES];
        for (s, player) in game.players().iter().enumerate() {
            if s == seat || !player.is_alive() {
                continue;
            }
            let pace = if player.pen_down() {
                self.drawer_pace
            } else {
                1
            };
            for (r, d) in stretched.iter_mut().zip(walk_distances(game, s)) {
                if d != NEVER {
                    *r = (*r).min(d * pace + player.stuck_left());
                }
            }
        }
        stretched
    }

    /// The centre of the first spiral: [`FIRST_CENTRE_IN`] in from the birth corner.
    pub fn first_centre(&self) -> Vertex {
        let far = CELLS as i32;
        let inward = |c: i32| {
            if c == 0 {
                FIRST_CENTRE_IN
            } else {
                far - FIRST_CENTRE_IN
            }
        };
        Vertex::new(inward(self.corner.x), inward(self.corner.y))
    }

    /// Pen up: walk to the spiral's centre, then put the pen down if that is safe.
    fn begin(&mut self, game: &Game, seat: usize, reach: &[u32; VERTICES]) -> Action {
        let pos = game.player(seat).pos();
        let centre = if self.first {
            self.first_centre()
        } else {
            quiet_spot(game, seat, reach)
        };
        if centre != pos {
            if let Some(dir) = walk_towards(game, seat, centre) {
                return or_survivable(game, seat, Action::new(dir, PenFlag::Keep));
            }
        }
        // The eight spirals (four first directions, two senses), from a random one on.
        let growth_reach = self.growth_reach(game, seat, reach);
        let shift = self.rng.random_range(0..8);
        for k in (0..8).map(|i| (i + shift) % 8) {
            let (dir, clockwise) = (Dir::MOVES[k / 2], k % 2 == 0);
            let plan = spiral_path(pos, dir, clockwise);
            let Some(&next) = plan.first() else { continue };
            let action = Action::new(dir, PenFlag::Down);
            if drawable_step(game, pos, next)
                && !occupied(game, seat, next)
                && may_extend(game, seat, action, &growth_reach)
            {
                (self.plan, self.clockwise, self.first) = (plan, clockwise, false);
                return action;
            }
        }
        // Not safe here (or no room): the corner's spiral is given up, and it steps away.
        self.first = false;
        or_survivable(game, seat, away_from_opponents(game, seat, reach))
    }

    /// Pen down: grow while the race home is won, else go home the shortest way.
    fn grow_or_close(&mut self, game: &Game, seat: usize, reach: &[u32; VERTICES]) -> Action {
        let pos = game.player(seat).pos();
        if self.plan.first() == Some(&pos) {
            self.plan.remove(0);
        }
        if !self.going_home {
            if let Some(action) = self.growth(game, seat) {
                if may_extend(game, seat, action, &self.growth_reach(game, seat, reach)) {
                    return action;
                }
            }
            self.going_home = true;
        }
        let home = shortest_way_home(game, seat).unwrap_or_default();
        step_along(game, seat, &home)
    }

    /// The spiral's next step: the planned vertex while the plan holds, else a step that
    /// hugs the trail, turning inwards first, then straight on, then outwards.
    fn growth(&mut self, game: &Game, seat: usize) -> Option<Action> {
        let me = game.player(seat);
        let pos = me.pos();
        let open = |v: Vertex| {
            v.on_board()
                && drawable_step(game, pos, v)
                && !me.on_trail(v)
                && !occupied(game, seat, v)
        };
        if let Some(&next) = self.plan.first() {
            if open(next) {
                return Dir::between(pos, next).map(|d| Action::new(d, PenFlag::Keep));
            }
            self.plan.clear();
        }
        let trail = me.trail();
        let heading = Dir::between(*trail.get(trail.len().checked_sub(2)?)?, pos)?;
        let inwards = turned(heading, self.clockwise);
        [inwards, heading, inwards.opposite()]
            .into_iter()
            .find(|&d| open(pos.step(d)) && hugs_trail(game, seat, pos.step(d)))
            .map(|d| Action::new(d, PenFlag::Keep))
    }
}

/// Whether `v` lies next to a vertex of `seat`'s trail other than its current one.
fn hugs_trail(game: &Game, seat: usize, v: Vertex) -> bool {
    let me = game.player(seat);
    neighbours(v).any(|n| n != me.pos() && me.on_trail(n))
}

/// The reachable vertex best for a new spiral: free land in the 4 x 4 cells round it, far
/// from every opponent (counted up to 8 turns), near `seat` (ties: the first in reading order).
pub fn quiet_spot(game: &Game, seat: usize, reach: &[u32; VERTICES]) -> Vertex {
    let dist = walk_distances(game, seat);
    let unowned = game.unowned_mask();
    let far = CELLS as i32;
    Vertex::all()
        .filter(|v| dist[v.index()] != NEVER && !occupied(game, seat, *v))
        .max_by_key(|v| {
            let lo = Vertex::new((v.x - 2).max(0), (v.y - 2).max(0));
            let hi = Vertex::new((v.x + 2).min(far), (v.y + 2).min(far));
            let room = (rect_cells(lo, hi) & unowned).count_ones() as i64;
            let calm = reach[v.index()].min(8) as i64;
            (
                2 * room + 2 * calm - dist[v.index()] as i64,
                std::cmp::Reverse(*v),
            )
        })
        .unwrap_or(game.player(seat).pos())
}

/// The pen-up move to the neighbour the opponents need longest to reach.
fn away_from_opponents(game: &Game, seat: usize, reach: &[u32; VERTICES]) -> Action {
    let pos = game.player(seat).pos();
    Dir::MOVES
        .into_iter()
        .filter(|&d| pos.step(d).on_board())
        .max_by_key(|&d| reach[pos.step(d).index()])
        .map_or(Action::STAY, |d| Action::new(d, PenFlag::Keep))
}

impl Strategy for Careful {
    fn start(&mut self, _seat: usize) -> Vertex {
        self.corner
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        let me = game.player(seat);
        if me.stuck_left() > 0 {
            return Action::STAY;
        }
        let reach = opponents_reach(game, seat);
        if me.pen_down() {
            return self.grow_or_close(game, seat, &reach);
        }
        (self.plan, self.going_home) = (Vec::new(), false);
        self.begin(game, seat, &reach)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::bold::Bold;
    use crate::bots::hunter::Hunter;
    use crate::bots::race::testing::{check_no_growth_when_threatened, play, Still};

    fn corners() -> [Vertex; 4] {
        let far = CELLS as i32;
        [(0, 0), (far, 0), (0, far), (far, far)].map(|(x, y)| Vertex::new(x, y))
    }

    #[test]
    fn it_starts_on_a_corner_the_seed_picks() {
        let mut seen = Vec::new();
        for seed in 0..40 {
            let start = Careful::new(seed).start(seed as usize % 4);
            assert!(corners().contains(&start), "seed {seed}: {start:?}");
            assert_eq!(Careful::new(seed).start(0), start, "seed {seed}");
            if !seen.contains(&start) {
                seen.push(start);
            }
        }
        assert_eq!(seen.len(), 4, "every corner is picked by some seed");
    }

    #[test]
    fn unthreatened_it_spirals_next_to_its_corner_into_one_big_loop() {
        for seed in 0..6 {
            let careful = Careful::new(seed);
            let corner = careful.corner;
            let far_away = Vertex::new(10 - corner.x, 10 - corner.y);
            let mut bots: Vec<Box<dyn Strategy>> =
                vec![Box::new(careful), Box::new(Still(far_away))];
            let mut first_pen_down = None;
            let game = play(&mut bots, |game, _| {
                let me = game.player(0);
                if me.pen_down() && first_pen_down.is_none() {
                    first_pen_down = Some(me.trail()[0]);
                }
            });
            let start = first_pen_down.expect("it drew");
            assert!(
                start.manhattan(corner) <= 2 * FIRST_CENTRE_IN,
                "seed {seed}: {start:?}"
            );
            let areas = game.areas(0);
            assert!(areas.iter().any(|&a| a >= 16), "seed {seed}: {areas:?}");
        }
    }

    #[test]
    fn it_never_grows_when_an_opponent_is_as_close_to_its_trail_as_it_is_to_home() {
        let mut applied = 0;
        for seed in 0..10 {
            let mut bots: Vec<Box<dyn Strategy>> = vec![
                Box::new(Careful::new(seed)),
                Box::new(Hunter::new(seed + 100)),
                Box::new(Hunter::new(seed + 200)),
                Box::new(Bold::new(seed + 300)),
            ];
            play(&mut bots, |game, actions| {
                applied += check_no_growth_when_threatened(game, 0, actions[0]) as usize;
            });
        }
        assert!(applied > 0, "no turn put the rule to the test");
    }
}
