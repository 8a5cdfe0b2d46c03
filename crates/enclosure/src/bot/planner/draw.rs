//! Pen down: race again every turn (see the `planner` module doc).

use super::super::board::move_index;
use super::super::closing::{best_closings, closing_distance, ClosingContext, Completion};
use super::super::grow;
use super::super::model::{duel, lone_rival};
use super::super::think::{rules_credit, worth_per_turn, Futures, Plan};
use super::threats::Turn;
use super::{step, Planner};
use crate::action::{Action, PenFlag};
use crate::geometry::{Dir, Vertex};

impl Planner {
    /// Pen down: every turn, race again. Among the ways home that no opponent can cut before
    /// the loop closes (the shortest and L-shaped closings, and every path of up to
    /// `grow_horizon` steps), take the first step of the one worth most per turn of the whole
    /// loop; when none is safe, the shortest. So the loop grows while nobody is near and closes
    /// at the last safe moment, with the largest capture the race still allows.
    pub(super) fn draw(&mut self, turn: &Turn) -> Action {
        let me = turn.game.player(turn.seat);
        let trail = me.trail();
        let pos = me.pos();
        if let Some(v) = duel_cut(turn) {
            self.plan.clear();
            return step(pos, v, PenFlag::Keep);
        }
        let ctx = ClosingContext {
            board: &turn.board,
            trail,
            unowned: turn.game.unowned_mask(),
            threat: &turn.threat,
            avoid: turn.avoid,
            victims: turn.victims,
            kill_bonus: turn.kill_bonus,
        };
        let mut options = ctx.completions();
        let risk = self.risk(turn);
        options.extend(grow::safe_closings(
            &ctx,
            self.params.grow_horizon,
            self.params.grow_budget,
            risk,
        ));
        options.retain(|c| c.path.len() as u32 <= turn.turns_left);
        // Turns the loop takes in all: the trail's vertices (one more than the moves drawn, the
        // same for every candidate), the way home, and the overhead.
        let drawn = trail.len() as u64 + self.params.turn_overhead as u64;
        let per_turn = |c: &Completion| c.value as u64 * 1000 / (drawn + c.path.len() as u64);
        let safe = options
            .iter()
            .filter(|c| c.margin >= 0)
            .max_by_key(|c| (per_turn(c), std::cmp::Reverse(c.path.len())));
        let fallback = || {
            options.iter().min_by_key(|c| {
                (
                    c.path.len(),
                    std::cmp::Reverse(c.margin),
                    std::cmp::Reverse(c.value),
                )
            })
        };
        // Only in a duel: among more opponents the best way home changes as they move, and
        // holding to a plan measured no better.
        let keep = if duel(turn.game) {
            self.params.keep_plan
        } else {
            0
        };
        let kept = self.kept_plan(&ctx, keep);
        let mut chosen = safe.or_else(fallback);
        // Keep drawing last turn's way home while it still wins the race and is worth nearly
        // as much as the best: re-planning every step let the loop snake away from the
        // trail's start, and when the race then forced it home the shortest way closed a
        // loop of a cell or two out of a long trail.
        if let (Some(k), Some(best)) = (&kept, safe) {
            let keep = keep as u64;
            if k.margin >= 0
                && k.path.len() as u32 <= turn.turns_left
                && per_turn(k) * 100 >= per_turn(best) * keep
            {
                chosen = Some(k);
            }
        }
        if self.params.playouts > 0 {
            // Think: the most valuable closings within the risk, and the rules' choice (credited,
            // `worth_per_turn`), each worth its value when it survives and minus the stake when
            // cut, per turn.
            let within_risk = options.iter().filter(|c| c.margin >= -(risk as i64));
            let mut plans = best_closings(within_risk.collect(), per_turn, self.params.think_plans);
            let own = plans.len(); // where the rules' choice goes
            plans.extend(chosen);
            let mut futures = Futures::new(turn.game, turn.seat, &turn.board, &self.model.records);
            let mut best: Option<(i64, &Completion)> = None;
            for (i, c) in plans.into_iter().enumerate() {
                let plan = Plan {
                    trail,
                    walk: &[],
                    draw: &c.path,
                };
                let danger = futures.danger(&plan, self.params.playouts);
                let turns = drawn + c.path.len() as u64;
                let credit = if i == own { rules_credit(turn.game) } else { 0 };
                let worth = worth_per_turn(c.value as u64, danger, turn.death_stake, turns, credit);
                if best.map_or(true, |(b, _)| worth > b) {
                    best = Some((worth, c));
                }
            }
            chosen = best.map(|(_, c)| c).or(chosen);
        }
        match chosen {
            Some(c) => {
                self.plan = c.path[1..].to_vec();
                step(pos, c.path[0], PenFlag::Keep)
            }
            None => {
                self.plan.clear();
                Action::STAY // boxed in: the safety net finds a legal move if there is one
            }
        }
    }

    /// Last turn's way home from where the pen stands now, judged again, if it can still be
    /// drawn: every step drawable and clear, only its last vertex on the trail.
    fn kept_plan(&self, ctx: &ClosingContext, keep: u32) -> Option<Completion> {
        let (trail, path) = (ctx.trail, &self.plan);
        let n = trail.len();
        if keep == 0 || path.is_empty() || n < 2 || path[0] == trail[n - 2] {
            return None;
        }
        let mut at = trail[n - 1];
        for (i, &v) in path.iter().enumerate() {
            let k = move_index(at, v)?;
            let closing = i + 1 == path.len();
            if !ctx.board.drawable(at, k)
                || ctx.avoid & v.bit() != 0
                || trail.contains(&v) != closing
            {
                return None;
            }
            at = v;
        }
        Some(ctx.judge(path.clone()))
    }
}

/// Pen down in a duel: a vertex of the rival's open trail next to us, to step onto. Standing
/// there kills the rival, and a duel's survivor has the rest of the board to itself. Only
/// when the rival cannot close this turn (closing wins over the cut, and its loop could
/// enclose us) and stands more than a step from that vertex and from our trail (else it
/// could cut us first, or both of us die on one vertex).
fn duel_cut(turn: &Turn) -> Option<Vertex> {
    let game = turn.game;
    let me = game.player(turn.seat);
    let rival = game.player(lone_rival(game, turn.seat)?);
    let near = |v: &Vertex| v.manhattan(rival.pos()) <= 1;
    if !rival.pen_down()
        || closing_distance(&turn.board, rival.trail()) < 2
        || me.trail().iter().any(near)
    {
        return None;
    }
    let pos = me.pos();
    (0..4)
        .filter(|&k| turn.board.drawable(pos, k))
        .map(|k| pos.step(Dir::MOVES[k]))
        .find(|v| rival.on_trail(*v) && !me.on_trail(*v) && !near(v) && turn.avoid & v.bit() == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::bfs::FAR;
    use crate::bot::board::Board;
    use crate::geometry::VERTICES;
    use crate::state::Game;

    fn v(x: i32, y: i32) -> Vertex {
        Vertex::new(x, y)
    }

    #[test]
    fn a_kept_plan_is_judged_again_and_dropped_once_blocked() {
        let game = Game::new(&[Some(v(3, 3)), Some(v(9, 9))]);
        let board = Board::new(&game);
        let threat = [FAR; VERTICES];
        let trail = [v(2, 2), v(3, 2), v(3, 3)];
        let ctx = |avoid| ClosingContext {
            board: &board,
            trail: &trail,
            unowned: game.unowned_mask(),
            threat: &threat,
            avoid,
            victims: 0,
            kill_bonus: 0,
        };
        let mut planner = Planner::new();
        planner.plan = vec![v(2, 3), v(2, 2)];
        let kept = planner.kept_plan(&ctx(0), 75).expect("still drawable");
        assert_eq!((kept.value, kept.path.len()), (1, 2));
        assert!(planner.kept_plan(&ctx(0), 0).is_none(), "0: never kept");
        assert!(
            planner.kept_plan(&ctx(v(2, 3).bit()), 75).is_none(),
            "blocked"
        );
        planner.plan = vec![v(3, 2)];
        assert!(planner.kept_plan(&ctx(0), 75).is_none(), "straight back");
    }

    /// Where seat 0 would cut, having drawn (2,2) (2,3) (2,4) while seat 1 drew (3,4) (4,4)
    /// (5,4) (5,5) and then moved `last`: the first vertex of its trail is right of our pen.
    fn cut_beside_a_drawer(last: Dir) -> Option<Vertex> {
        let mut game = Game::new(&[Some(v(2, 2)), Some(v(3, 4))]);
        let stay = Some(Ok(Action::STAY));
        let down = |d| Some(Ok(Action::new(d, PenFlag::Down)));
        let keep = |d| Some(Ok(Action::new(d, PenFlag::Keep)));
        game.play_turn(&[stay, down(Dir::Right)]);
        game.play_turn(&[stay, keep(Dir::Right)]);
        game.play_turn(&[down(Dir::Down), keep(Dir::Down)]);
        game.play_turn(&[keep(Dir::Down), keep(last)]);
        let planner = Planner::new();
        let board = Board::new(&game);
        duel_cut(&Turn::new(0, &game, board, &planner.params, &planner.model))
    }

    #[test]
    fn drawing_in_a_duel_it_steps_onto_the_rivals_trail_beside_it() {
        // At (5,6) the rival is three moves from closing: standing on (3,4) kills it.
        assert_eq!(cut_beside_a_drawer(Dir::Down), Some(v(3, 4)));
        // At (4,5) it closes next turn, onto (4,4): a cut would come too late.
        assert_eq!(cut_beside_a_drawer(Dir::Left), None);
    }
}
