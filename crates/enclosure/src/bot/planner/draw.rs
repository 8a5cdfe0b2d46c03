//! Pen down: race again every turn (see the `planner` module doc).

use super::super::closing::{best_closings, ClosingContext, Completion};
use super::super::grow;
use super::super::think::{worth_per_turn, Futures, Plan};
use super::threats::Turn;
use super::{step, Planner};
use crate::action::{Action, PenFlag};

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
        let mut chosen = safe.or_else(fallback);
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
                let worth =
                    worth_per_turn(c.value as u64, danger, turn.death_stake, turns, i == own);
                if best.map_or(true, |(b, _)| worth > b) {
                    best = Some((worth, c));
                }
            }
            chosen = best.map(|(_, c)| c).or(chosen);
        }
        match chosen {
            Some(c) => step(pos, c.path[0], PenFlag::Keep),
            None => Action::STAY, // boxed in: the safety net finds a legal move if there is one
        }
    }
}
