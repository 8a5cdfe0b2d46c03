//! `builtin:rim`: a careful rim walker. Born on a seeded vertex of the board's outer ring, it
//! goes round the ring clockwise and encloses strips against it. The pen goes down on the
//! ring and the trail runs along the ring, a step a turn, as long as the strip (two cells
//! deep where that land is free, else one) holds only unowned cells, the next corner of the
//! board is not reached, and the planned way home round the strip's inner side still ends
//! before any opponent could stand on the trail or on that way ([`race::is_safe`]). Then it
//! goes home round the inner side; threatened sooner than that plan allows, it takes the
//! shortest way home instead.
//!
//! How it differs from `edge`, which also walks the rim: `edge` draws fixed 3 x 2 rectangles
//! and never looks at the opponents; this one grows each strip as long as it wins the race
//! home, and cuts it short when threatened.

use enclosure::geometry::VERTICES;
use enclosure::{Action, Dir, Game, PenFlag, Vertex, CELLS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::bold::{occupied, rect_cells};
use super::drawing::{drawable_step, or_survivable, tour_drawable, walk_towards, what_if};
use super::edge::{nearest_rim, rim_directions};
use super::race::{is_safe, opponents_reach, shortest_way_home, step_along, turns_left};
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "rim",
    about: "walks the rim clockwise, strips along it while it wins the race home, closes when threatened",
    make: |seed| Box::new(StrategyBot::new("rim", Rim::new(seed))),
};

/// The depths a strip is tried with, deepest first.
pub const DEPTHS: [i32; 2] = [2, 1];

/// The strip being drawn: where the pen went down, along the ring, and how deep.
#[derive(Clone, Copy, Debug)]
struct Strip {
    start: Vertex,
    along: Dir,
    inward: Dir,
    depth: i32,
}

impl Strip {
    /// The way home from `head` (on the ring, ahead of `start`): in, back along the inner
    /// side, and out onto `start`.
    fn way_home(&self, head: Vertex) -> Vec<Vertex> {
        let back = self.along.opposite();
        let length = (head.x - self.start.x).abs() + (head.y - self.start.y).abs();
        let legs = [
            (self.inward, self.depth),
            (back, length),
            (self.inward.opposite(), self.depth),
        ];
        let mut at = head;
        let mut path = Vec::new();
        for (dir, steps) in legs {
            for _ in 0..steps {
                at = at.step(dir);
                path.push(at);
            }
        }
        path
    }

    /// Whether the cells between the ring from `a` to `b` (one step apart) and the strip's
    /// inner side are all unowned.
    fn column_free(&self, game: &Game, a: Vertex, b: Vertex) -> bool {
        let (ix, iy) = self.inward.delta();
        let inner = Vertex::new(b.x + ix * self.depth, b.y + iy * self.depth);
        let column = rect_cells(a, inner);
        inner.on_board() && column & game.unowned_mask() == column
    }
}

pub struct Rim {
    rng: ChaCha8Rng,
    strip: Option<Strip>,
    /// The way home being followed, once the strip stopped growing.
    home: Vec<Vertex>,
}

impl Rim {
    pub fn new(seed: u64) -> Rim {
        Rim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            strip: None,
            home: Vec::new(),
        }
    }

    /// Pen up: on the ring, a strip starts here if one may, else it walks on clockwise; off
    /// the ring, it walks to the nearest ring vertex.
    fn walk(&mut self, game: &Game, seat: usize, reach: &[u32; VERTICES]) -> Action {
        let pos = game.player(seat).pos();
        let Some((along, inward)) = rim_directions(pos) else {
            let dir = walk_towards(game, seat, nearest_rim(pos)).unwrap_or(Dir::Stay);
            return or_survivable(game, seat, Action::new(dir, PenFlag::Keep));
        };
        for depth in DEPTHS {
            let strip = Strip {
                start: pos,
                along,
                inward,
                depth,
            };
            let action = Action::new(along, PenFlag::Down);
            if strip.column_free(game, pos, pos.step(along))
                && may_grow(game, seat, &strip, action, reach)
            {
                self.strip = Some(strip);
                return action;
            }
        }
        or_survivable(game, seat, Action::new(along, PenFlag::Keep))
    }

    /// Pen down: one more step along the ring while that is safe, else home.
    fn draw(&mut self, game: &Game, seat: usize, reach: &[u32; VERTICES]) -> Action {
        let me = game.player(seat);
        let pos = me.pos();
        let Some(strip) = self.strip else {
            // Not a loop of ours (cannot happen from a fresh start): close it.
            return step_along(
                game,
                seat,
                &shortest_way_home(game, seat).unwrap_or_default(),
            );
        };
        if self.home.is_empty() {
            let next = pos.step(strip.along);
            let action = Action::new(strip.along, PenFlag::Keep);
            if next.on_board()
                && strip.column_free(game, pos, next)
                && may_grow(game, seat, &strip, action, reach)
            {
                return action;
            }
            self.home = strip.way_home(pos);
        }
        if self.home.first() == Some(&pos) {
            self.home.remove(0);
        }
        let planned_ok = self.home.first().is_some_and(|&next| {
            drawable_step(game, pos, next)
                && !occupied(game, seat, next)
                && is_safe(reach, me.trail(), &self.home, 0)
        });
        if !planned_ok {
            self.home = shortest_way_home(game, seat).unwrap_or_default();
        }
        step_along(game, seat, &self.home)
    }
}

/// Whether `seat` may play `action` (a step along the ring) and still take `strip`'s way
/// home safely from there, one turn later, before the game ends.
fn may_grow(
    game: &Game,
    seat: usize,
    strip: &Strip,
    action: Action,
    reach: &[u32; VERTICES],
) -> bool {
    let after = what_if(game, seat, action);
    let me = after.player(seat);
    if !me.is_alive() || !me.pen_down() || occupied(game, seat, me.pos()) {
        return false;
    }
    let home = strip.way_home(me.pos());
    let (inside, last) = home.split_at(home.len() - 1);
    (home.len() as u32) < turns_left(game)
        && tour_drawable(&after, me.pos(), &home)
        && me.on_trail(last[0])
        && inside
            .iter()
            .all(|&v| !me.on_trail(v) && !occupied(game, seat, v))
        && is_safe(reach, me.trail(), &home, 1)
}

impl Strategy for Rim {
    fn start(&mut self, _seat: usize) -> Vertex {
        let far = CELLS as i32;
        let k = self.rng.random_range(0..4 * far);
        let (side, offset) = (k / far, k % far);
        match side {
            0 => Vertex::new(offset, 0),
            1 => Vertex::new(far, offset),
            2 => Vertex::new(far - offset, far),
            _ => Vertex::new(0, far - offset),
        }
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        let me = game.player(seat);
        if me.stuck_left() > 0 {
            return Action::STAY;
        }
        let reach = opponents_reach(game, seat);
        if me.pen_down() {
            return self.draw(game, seat, &reach);
        }
        (self.strip, self.home) = (None, Vec::new());
        self.walk(game, seat, &reach)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::hunter::Hunter;
    use crate::bots::race::testing::{check_no_growth_when_threatened, play, Still};

    #[test]
    fn it_starts_on_the_ring() {
        for seed in 0..40 {
            let start = Rim::new(seed).start(0);
            assert!(start.on_rim(), "seed {seed}: {start:?}");
        }
    }

    #[test]
    fn the_way_home_goes_round_the_strips_inner_side() {
        let strip = Strip {
            start: Vertex::new(3, 0),
            along: Dir::Right,
            inward: Dir::Down,
            depth: 2,
        };
        let home = strip.way_home(Vertex::new(5, 0));
        let expected = [(5, 1), (5, 2), (4, 2), (3, 2), (3, 1), (3, 0)];
        assert_eq!(home, expected.map(|(x, y)| Vertex::new(x, y)));
    }

    #[test]
    fn while_drawing_it_stays_on_the_ring_until_it_turns_for_home() {
        for seed in 0..6 {
            let mut bots: Vec<Box<dyn Strategy>> = vec![
                Box::new(Rim::new(seed)),
                Box::new(Still(Vertex::new(10, 10))),
            ];
            let mut turns_drawing = 0;
            let game = play(&mut bots, |game, _| {
                let me = game.player(0);
                if !me.pen_down() {
                    return;
                }
                turns_drawing += 1;
                // The trail is a run along one side of the ring, then (going home) vertices
                // off that side.
                let trail = me.trail();
                let side = |v: &Vertex| match trail[0].x == trail[1].x {
                    true => v.x == trail[0].x,
                    false => v.y == trail[0].y,
                };
                let run = trail.iter().take_while(|v| side(v)).count();
                assert!(
                    trail[..run].iter().all(|v| v.on_rim()),
                    "seed {seed}: {trail:?}"
                );
                assert!(!trail[run..].iter().any(side), "seed {seed}: {trail:?}");
            });
            assert!(turns_drawing > 0, "seed {seed}: never drew");
            let areas = game.areas(0);
            assert!(areas.iter().sum::<usize>() >= 12, "seed {seed}: {areas:?}");
        }
    }

    #[test]
    fn it_never_grows_when_an_opponent_is_as_close_to_its_trail_as_it_is_to_home() {
        let mut applied = 0;
        for seed in 0..10 {
            let mut bots: Vec<Box<dyn Strategy>> = vec![
                Box::new(Rim::new(seed)),
                Box::new(Hunter::new(seed + 100)),
                Box::new(Hunter::new(seed + 200)),
                Box::new(Hunter::new(seed + 300)),
            ];
            play(&mut bots, |game, actions| {
                applied += check_no_growth_when_threatened(game, 0, actions[0]) as usize;
            });
        }
        assert!(applied > 0, "no turn put the rule to the test");
    }
}
