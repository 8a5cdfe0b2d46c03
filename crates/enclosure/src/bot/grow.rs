//! Every safe way home (pen down): a depth-first search over the self-avoiding drawn paths of
//! at most `horizon` steps from the current vertex back onto the open trail, keeping those that
//! win the race: no opponent can stand on the trail or the path before the loop closes
//! (`Completion::margin >= 0`). The shortest and L-shaped closings of `closing` are a handful
//! of shapes; this search finds the largest loop the race allows, so a loop that has to be cut
//! short still captures what it can.
//!
//! The search is bounded twice: a path is only extended while the breadth-first distance back to
//! the trail still fits both the horizon and the race, and the whole search stops after
//! `budget` vertices (work, not time, so a game replays the same). Cost: at most `budget`
//! vertex visits plus one interior fill (O(cells)) per closing found.

use super::bfs::{Bfs, FAR};
use super::closing::{ClosingContext, Completion};
use crate::geometry::{Dir, Vertex, VERTICES};

/// The safe closings of `ctx`'s trail found within `horizon` steps and `budget` visits; with
/// `risk > 0`, also those that lose the race by at most `risk` turns (for `think` to judge).
pub fn safe_closings(
    ctx: &ClosingContext,
    horizon: u32,
    budget: u32,
    risk: u32,
) -> Vec<Completion> {
    let n = ctx.trail.len();
    if n < 2 {
        return Vec::new();
    }
    let trail_mask = ctx.trail.iter().fold(0u128, |m, v| m | v.bit());
    let race = ctx
        .trail
        .iter()
        .map(|v| ctx.threat[v.index()])
        .min()
        .unwrap_or(FAR);
    let mut search = Search {
        ctx,
        // From every trail vertex at once along drawable edges (which go both ways).
        home: Bfs::new(trail_mask, 0, |at, k, _| ctx.board.drawable(at, k)).dist,
        trail_mask,
        limit: horizon.min(race + risk),
        risk,
        budget,
        path: Vec::new(),
        on_path: 0,
        found: Vec::new(),
    };
    search.extend(ctx.trail[n - 1], ctx.trail[n - 2]);
    search.found
}

struct Search<'a, 'b> {
    ctx: &'a ClosingContext<'b>,
    /// Drawn steps from each vertex to the nearest trail vertex, never through the trail
    /// (trail vertices are at 0); `FAR` where no way leads.
    home: [u32; VERTICES],
    trail_mask: u128,
    /// Longest closing worth looking at: the horizon, and the race on the trail as it is.
    limit: u32,
    /// Turns by which a closing may lose the race and still be kept.
    risk: u32,
    budget: u32,
    path: Vec<Vertex>,
    on_path: u128,
    found: Vec<Completion>,
}

impl Search<'_, '_> {
    /// Extends the path that ends at `at`, reached from `from`: stepping back there is death.
    /// (`on_path` keeps the search off its own vertices but not off the one the pen stands
    /// on, so without this a step out and back looked like a closing, worth nothing but safe.)
    fn extend(&mut self, at: Vertex, from: Vertex) {
        for (k, dir) in Dir::MOVES.into_iter().enumerate() {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            let to = at.step(dir);
            if !self.ctx.board.drawable(at, k)
                || self.ctx.avoid & to.bit() != 0
                || self.on_path & to.bit() != 0
                || to == from
            {
                continue;
            }
            let steps = self.path.len() as u32 + 1;
            if self.trail_mask & to.bit() != 0 {
                let mut path = self.path.clone();
                path.push(to);
                let closing = self.ctx.judge(path);
                if closing.margin >= -(self.risk as i64) {
                    self.found.push(closing);
                }
                continue;
            }
            let shortest = steps + self.home[to.index()];
            if shortest > self.limit || self.ctx.threat[to.index()] + self.risk < shortest {
                continue; // cannot get home in time from there
            }
            self.path.push(to);
            self.on_path |= to.bit();
            self.extend(to, at);
            self.on_path &= !to.bit();
            self.path.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::board::Board;
    use crate::state::Game;

    fn v(x: i32, y: i32) -> Vertex {
        Vertex::new(x, y)
    }

    /// The safe closings of `trail` on an empty board whose only opponent is far away, but
    /// for the threats given.
    fn closings(
        trail: &[Vertex],
        near: &[(Vertex, u32)],
        horizon: u32,
        budget: u32,
    ) -> Vec<Completion> {
        let game = Game::new(&[Some(v(0, 0)), Some(v(10, 10))]);
        let board = Board::new(&game);
        let mut threat = [FAR; VERTICES];
        for &(at, turns) in near {
            threat[at.index()] = turns;
        }
        let ctx = ClosingContext {
            board: &board,
            trail,
            unowned: game.unowned_mask(),
            threat: &threat,
            avoid: 0,
            victims: 0,
            kill_bonus: 0,
        };
        safe_closings(&ctx, horizon, budget, 0)
    }

    #[test]
    fn finds_a_bigger_loop_than_the_shortest_when_the_race_allows() {
        let trail = [v(2, 2), v(3, 2), v(4, 2), v(4, 3)];
        let all = closings(&trail, &[], 6, 100_000);
        let best = all.iter().max_by_key(|c| c.value).unwrap();
        // The shortest closing, (3,3) (3,2), encloses one cell (value 1); five steps,
        // (4,4) (3,4) (2,4) (2,3) (2,2), close the 2 x 2 square (value 16).
        assert!(best.value >= 16, "{best:?}");
        for c in &all {
            assert!(c.path.len() <= 6 && c.margin >= 0);
            assert!(trail.contains(c.path.last().unwrap()));
            assert_ne!(c.path[0], v(4, 2), "never straight back");
            let drawn = [&trail[..], &c.path].concat();
            for w in drawn.windows(3) {
                assert_ne!(w[0], w[2], "never back the way it came: {c:?}");
            }
        }
    }

    #[test]
    fn the_race_caps_the_length() {
        // Someone can stand on the start in two turns: only closings of two steps or fewer.
        let trail = [v(2, 2), v(3, 2), v(3, 3)];
        let all = closings(&trail, &[(v(2, 2), 2)], 10, 100_000);
        assert!(!all.is_empty());
        assert!(all.iter().all(|c| c.path.len() <= 2), "{all:?}");
    }

    #[test]
    fn the_budget_bounds_the_work() {
        let trail = [v(5, 5), v(5, 6)];
        assert!(closings(&trail, &[], 12, 0).is_empty());
        assert!(!closings(&trail, &[], 12, 10_000).is_empty());
    }
}
