//! The submission's strategy, [`Planner`]: loops that grow while they win the race, chases
//! of trails we reach first. The measurements behind each decision: `benches/README.md`.
//!
//! # Model
//! Each turn rebuilds a few facts from the game (`threats`): which edges lie inside regions,
//! and the *threat* of every vertex, the fewest turns in which some live opponent can stand
//! there. A pen-down player dies as soon as anyone stands on its trail, so a loop that closes
//! in `R` moves is safe when every vertex of its trail and of its way home has threat `>= R`:
//! that is the race every decision below is about. Threat is *expected*, not worst case: what
//! an opponent has shown (`model`) makes it count late where it is unlikely to come.
//!
//! # Algorithm, per turn
//! - **Pen down: race again.** Candidates are the shortest and L-shaped ways home (`closing`)
//!   and every drawn path of up to `grow_horizon` steps back onto the trail (`grow`, a bounded
//!   depth-first search). The rules alone take, of those that win the race, the first step of
//!   the one worth most per turn of the whole loop (captured value, the sum of squared areas,
//!   over turns drawn + turns home + `turn_overhead`); when none wins, the shortest.
//! - **Think** (`think`): the `think_plans` ways home worth most per turn among those that
//!   lose the race by at most `think_risk` turns in a duel (`crowd_risk` while two or more
//!   opponents live), and the rules' choice, are each played out
//!   `playouts` times against the opponents' fitted models; each is worth its value where it
//!   survives and minus a stake where it is cut (`death_stake`, more the more of the game is
//!   left; in a duel plus half the unowned cells squared, which the survivor gains), per turn
//!   of the loop, and the best is taken; the rules' choice is credited a share of its worth
//!   (`think::rules_credit`: a quarter, a half while three opponents live), so thinking
//!   leaves it only for a plan clearly worth more. So a loop grows past the worst-case race
//!   when the opponent near it has not been chasing,
//!   and closes early when it has. The model only makes us bolder where it has evidence: an
//!   opponent is assumed to head for any trail within its grab reach
//!   (`model::Record::grab_reach`), which stays the rules' `near_hard` until it has been seen
//!   passing trails by (two steps while three opponents live, where thinking weighs only
//!   plans that win the race; one for a drawer that has not shown two), and one that breaks
//!   the model's prediction counts at its worst for the rest of the game.
//! - **Pen down in a duel: cut.** A vertex of the rival's open trail next to our pen, when the
//!   rival cannot close this turn and stands more than a step from it and from our trail:
//!   step onto it (`draw::duel_cut`), the rival dies.
//! - **Pen up: chase.** An opponent's open trail we can stand on at most `hunt_slack` turns
//!   after it could close (`escaped_slack` against one that escaped our chases), or at all
//!   within `hunt_reach` when the loop would already take `press_value` (`closing::best_capture`):
//!   walk there. While two or more opponents live, not before our first capture.
//! - **Pen up: guard a lead.** Last opponent left and we lead every seat (`guard`): stand on
//!   its vertex, or on its trail while it draws, instead of drawing: it cannot score there.
//! - **Pen up: start** (`rectangles`). Otherwise the rectangle with the best value per turn
//!   (walk included) whose whole outline wins the race from the start; thinking weighs it, as
//!   above, against the best few that lose that race by at most `think_risk` turns. Walk to
//!   the chosen corner and put the pen down; from then on the pen-down rule decides the shape.
//!   Two bots hovering near each other, neither drawing, end when the playouts find the other
//!   one does not chase.
//! - Mud when an opponent drawing straight will step onto the vertex we leave; never plan a
//!   loop that cannot close by the last turn; a last check (`legal`) replaces any action the
//!   rules would kill us for.
//!
//! # Complexity
//! Threat: one breadth-first search per opponent, O(vertices). Rectangles: O(cells^2) outlines,
//! each judged in O(1) from per-segment facts (`rect::Segments`), and valued in O(cells) when it
//! can be drawn and is in the race. Ways home: at most
//! `grow_budget` vertex visits plus one interior fill per closing found. Thinking:
//! `think_plans + 1` plans a turn, each one breadth-first search per opponent and `playouts`
//! playouts of at most the plan's length in turns. Every budget is a count of work, not time.
//!
//! # Decisions
//! - Think: playouts win more games than the rules alone, at the price of being cut more
//!   often (larger loops), but not in every line-up with the sample program (the models fit
//!   it worst: an open problem). More playouts than the default gain nothing measurable.
//! - Plans that lose the race by a few turns only: more risk lost games. A cut's stake grows
//!   with the turns left: an early death costs the whole rest of the game.
//! - Thinking leaves the rules' choice only for a plan clearly worth more: of several
//!   estimates from a few dozen playouts the best is the most overrated, and leaving the
//!   rules' choice whenever another plan edged ahead lost points to the rules alone. While
//!   three opponents live it takes twice the margin: all its plans win the race there, so
//!   it departs only for a safer one, and at a quarter it scored below the rules alone
//!   against three copies of the sample program, which never chases.
//! - No risk beyond the race while two or more opponents live: thinking then weighs only
//!   plans that win it, by how often the playouts cut them. One turn of risk scored less
//!   against the sample program and died more often where raiders sit; three, more so. In a
//!   duel three turns still win more games against the sample.
//! - Guard a lead in a duel rather than draw on: a lead is land, and the rival standing still
//!   or cut scores nothing more.
//! - In a duel, keep drawing last turn's way home while it still wins the race and is worth
//!   at least `keep_plan` percent of the best (`draw`): re-planning every step let loops snake
//!   away from their start until the race forced the shortest way home, a cell or two out of
//!   a long trail; holding the plan won most of the duels the spiral builders (`careful`,
//!   `raider`, the greedy ones) used to win (`benches/README.md`). With more opponents it
//!   measured no better.
//! - Re-plan every turn rather than follow the rectangle chosen at pen-down: it grows loops
//!   the way the strongest sparring partner does, and it decided the duel against it.
//! - Search ways home exhaustively up to `grow_horizon` steps; a deeper search found no better.
//! - Drawers count at face value two vertices around their zone, not one, and their own way
//!   home is not counted as delay: snaking loops cut ours otherwise.
//! - While three opponents live, a drawer counts one vertex around its zone until it has been
//!   seen drawing outside a zone its trail implied (`model::Record::left_zone`): in a crowd the
//!   second vertex cost more large loops than the snakes it guarded against, and the drawers
//!   that snake (spirals) show it within their first loop. With fewer opponents the tight zone
//!   lost games against the sample program, even after a loop of evidence: two it stays.
//! - Face-value threat everywhere (the worst case) made us timid and lose.
//! - Trust what an opponent has shown: one that took at most half its chances to cut a trail
//!   is `bystander_slack` turns late, not `forecast_slack`; one estimate of that
//!   (`model::Record::chase_percent`) serves the threat map and the playouts alike.
//! - Until an opponent has been offered enough chances to tell, it chases in no playout
//!   while two or more opponents live, as the threat map counts it no hunter: the estimate's
//!   prior (a half each) had the playouts assume more than the rules' race does, and thinking
//!   closed loops early against the sample program, which never chases and seldom comes
//!   near; with two opponents it scored below the rules alone beside the sample and a greedy
//!   spiral builder. In a duel the prior stays: without it thinking won fewer games against
//!   the sample there.
//! - While three opponents live, an opponent not yet seen near trails is assumed to step onto
//!   ours from two steps, not the rules' three (`think::CROWD_REACH`): a bot that keeps away
//!   from trails never shows its reach, and at three thinking closed loops early against
//!   three copies of the sample program, scoring below the rules alone. The rules' race bounds
//!   every plan thinking weighs there anyway.
//! - There, a drawer not seen stepping onto a trail from two steps is assumed to from one
//!   (`think::CROWD_DRAW_REACH`): from two it would give up its own loop's shape, which the
//!   drawers that keep clear of trails never do, and at two thinking traded the rules' safe
//!   loops for smaller ones and scored below the rules alone beside the sample, `careful` and
//!   `raider`. Where drawers were left out of the playouts altogether, the greedy builder
//!   that steps onto trails and the opportunists cut ours more often.
//! - Watch opponents next to trails, not only whether they walk towards them: a bot that
//!   never approaches trails but steps onto any next to it looked harmless to the chase
//!   estimate, and thinking was cut by it where the rules alone never were.
//! - Start two steps in from a corner (`START_INSET`, one corner per seat): other insets did
//!   worse.
//! - Cut a rival's trail beside our pen in a duel, off the way home: a greedy builder drew
//!   its first loop past ours, one step away, and won the games that the rules alone, on
//!   smaller loops, never got into. Among more opponents the same step gained nothing
//!   measurable, so it stays a duel's.
//! - Chase with a slack of a few turns, not sure kills only: drawers rarely take their
//!   shortest way home, but long chases are loops not drawn.
//! - Walk at a drawer whose loop would already take a region of five cells or more however
//!   late we would arrive: the drawers we know race a walker that comes near and close
//!   early, the score counts areas squared, so a region kept small is worth nearly as much
//!   as a cut, and a drawer that does not close in time is cut. It won more games in every
//!   line-up with a builder, above all the duel with the sample program, whose loops are the
//!   largest. With no floor, walking at every loop, it lost games in the line-ups with the
//!   rim walker, whose loops take a cell or two.
//! - Among two or more opponents, build before chasing: no chase until our first capture.
//!   The board is emptiest early and the first loop is the largest; with three drawers
//!   about, the chases of those first turns seldom arrived in time and put our first loop
//!   off by many turns. Once we hold land, chases pay even when they arrive late: a drawer
//!   that sees us coming closes a smaller loop (without them, our own score rose and our
//!   wins fell).
//! - Deterministic: the playouts draw from a generator seeded by the turn and the seat, and
//!   every budget is a count of work (playouts, vertex visits), so a game replays the same.

mod draw;
mod params;
mod rectangles;
mod threats;

pub use params::Params;

use super::bfs::Bfs;
use super::board::Board;
use super::closing::{best_capture, closing_distance};
use super::guard;
use super::legal::legal_or_fallback;
use super::model::{duel, Model};
use super::Strategy;
use crate::action::{Action, PenFlag};
use crate::geometry::{Dir, Vertex, CELLS, VERTICES};
use crate::state::Game;
use crate::turn::mud_traps;
use rectangles::{rectangles, think_rectangle};
use threats::Turn;

/// Steps in from a corner, along the diagonal, where we start.
const START_INSET: i32 = 2;

/// The strong bot (see the module docs). Deterministic: its playouts' random numbers are
/// seeded by the turn and the seat.
#[derive(Clone, Debug, Default)]
pub struct Planner {
    pub params: Params,
    /// What the opponents have shown so far.
    model: Model,
    /// Pen down: the rest of the way home chosen last turn (`Params::keep_plan`).
    plan: Vec<Vertex>,
}

impl Planner {
    pub fn new() -> Planner {
        Planner::default()
    }

    pub fn with_params(params: Params) -> Planner {
        Planner {
            params,
            ..Planner::default()
        }
    }
}

impl Strategy for Planner {
    /// A corner per seat: a rim vertex can never be enclosed, and a corner is approached from
    /// one quarter of the board only.
    fn start(&mut self, seat: usize) -> Vertex {
        self.model.reset();
        self.plan.clear();
        let (near, far) = (START_INSET, CELLS as i32 - START_INSET);
        match seat % 4 {
            0 => Vertex::new(near, near),
            1 => Vertex::new(far, near),
            2 => Vertex::new(near, far),
            _ => Vertex::new(far, far),
        }
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        let board = Board::new(game);
        self.model.observe(seat, game, &board);
        let me = game.player(seat);
        if !me.is_alive() || me.stuck_left() > 0 {
            return Action::STAY; // a stuck player's action is ignored anyway
        }
        let turn = Turn::new(seat, game, board, &self.params, &self.model);
        let wanted = if me.pen_down() {
            self.draw(&turn)
        } else {
            self.plan.clear();
            self.walk(&turn)
        };
        legal_or_fallback(game, seat, wanted)
    }
}

impl Planner {
    /// Pen up: hunt a trail we can surely cut, else go and start the best safe rectangle.
    fn walk(&mut self, turn: &Turn) -> Action {
        let pos = turn.pos();
        // Walking with the pen up, only traps and the risk of being enclosed matter (standing
        // on a drawer's vertex kills it).
        let avoid = turn.traps | turn.enclosure_risk();
        let walk = turn.board.walk(turn.seat, pos, avoid & !pos.bit());
        let mine = &walk.dist;
        if let Some((prey, target)) = self.hunt(turn, mine) {
            self.model.chasing = Some(prey);
            return self.walk_to(turn, &walk, target);
        }
        if let Some(rival) = guard::rival(turn.game, turn.seat) {
            return match guard::step(turn.game.player(rival), &walk) {
                Some(dir) => Action::new(dir, PenFlag::Keep),
                None => Action::STAY,
            };
        }
        if let Some(dir) = self.part_company(turn, avoid) {
            return Action::new(dir, PenFlag::Keep);
        }
        let chosen = if self.params.playouts > 0 {
            let keep = self.params.think_plans;
            let (rules, options) = rectangles(turn, &self.params, mine, self.risk(turn), keep);
            think_rectangle(
                turn,
                &self.params,
                &self.model.records,
                &walk,
                options,
                rules,
            )
        } else {
            rectangles(turn, &self.params, mine, 0, 0).0
        };
        let Some(option) = chosen else {
            return Action::STAY;
        };
        if option.start != pos {
            return self.walk_to(turn, &walk, option.start);
        }
        let tour = option.rect.tour(pos, option.clockwise(turn));
        if turn.avoid & tour[0].bit() == 0 {
            return step(pos, tour[0], PenFlag::Down);
        }
        Action::STAY
    }

    /// Turns by which a plan judged by thinking may lose the race: `think_risk` in a duel,
    /// `crowd_risk` while two or more opponents live (each may cut a bold loop); none for
    /// the rules alone.
    fn risk(&self, turn: &Turn) -> u32 {
        let p = &self.params;
        if p.playouts == 0 {
            0
        } else if duel(turn.game) {
            p.think_risk
        } else {
            p.crowd_risk
        }
    }

    /// The first step of our pen-up `walk` to `target` (reached, and not where we stand), with
    /// mud when it traps an opponent.
    fn walk_to(&self, turn: &Turn, walk: &Bfs, target: Vertex) -> Action {
        match walk.first_step(target) {
            Some(dir) => Action::new(dir, self.mud_flag(turn, dir)),
            None => Action::STAY,
        }
    }

    /// A step away when an opponent shares our vertex, in a direction set by our seat.
    /// Copies of this bot that meet on one vertex would otherwise take the same decisions
    /// forever, each seeing the others at distance zero (three copies once stood together for
    /// most of a game).
    fn part_company(&self, turn: &Turn, avoid: u128) -> Option<Dir> {
        let pos = turn.pos();
        if turn.victims & pos.bit() == 0 {
            return None;
        }
        (0..4)
            .map(|i| (turn.seat + i) % 4)
            .find(|&k| {
                turn.board.walkable(turn.seat, pos, k) && avoid & pos.step(Dir::MOVES[k]).bit() == 0
            })
            .map(|k| Dir::MOVES[k])
    }

    /// The nearest vertex of an opponent's open trail we can stand on before that opponent
    /// can close its loop, or at all within `hunt_reach` when that loop would already take
    /// `press_value`; none before our first capture while two or more opponents live.
    fn hunt(&self, turn: &Turn, mine: &[u32; VERTICES]) -> Option<(usize, Vertex)> {
        // While two or more opponents live, no chase before our first capture: the board is
        // emptiest then and our first loop the largest, and chases of drawers that close
        // before we arrive only delay it.
        if !duel(turn.game) && turn.game.areas(turn.seat).is_empty() {
            return None;
        }
        let mut best: Option<(u32, usize, Vertex)> = None;
        // Never farther than the game lasts.
        let reach = self.params.hunt_reach.min(turn.turns_left);
        for (other, player) in turn.game.players().iter().enumerate() {
            if other == turn.seat || !player.is_alive() || !player.pen_down() {
                continue;
            }
            let trail = player.trail();
            // Its nearest trail vertex we can stand on (the first of the nearest): if that one
            // is not worth the walk, no farther one is.
            let nearest = trail
                .iter()
                .map(|&v| (mine[v.index()], v))
                .filter(|&(d, _)| d > 0)
                .min_by_key(|&(d, _)| d);
            let Some((d, v)) = nearest else {
                continue;
            };
            if d > reach || best.is_some_and(|(bd, _, _)| d >= bd) {
                continue;
            }
            let closes_in = player.stuck_left() + closing_distance(&turn.board, trail);
            let slack = if self.model.record(other).escapes_chases() {
                self.params.escaped_slack
            } else {
                self.params.hunt_slack
            };
            // A loop about to take a big region is worth walking at even when we would arrive
            // late: the drawer closes it early, smaller, or is cut.
            let press = self.params.press_value;
            let late = d >= closes_in + slack;
            if late
                && (press == 0
                    || best_capture(&turn.board, trail, turn.game.unowned_mask()) < press)
            {
                continue;
            }
            best = Some((d, other, v));
        }
        best.map(|(_, seat, v)| (seat, v))
    }

    /// `Mud` when casting while moving `dir` traps an opponent about to step behind us.
    fn mud_flag(&self, turn: &Turn, dir: Dir) -> PenFlag {
        let traps = mud_traps(turn.pos(), dir);
        for (other, player) in turn.game.players().iter().enumerate() {
            let trail = player.trail();
            if other == turn.seat
                || !player.is_alive()
                || player.stuck_left() > 0
                || trail.len() < 2
            {
                continue;
            }
            let (at, before) = (trail[trail.len() - 1], trail[trail.len() - 2]);
            let next = Vertex::new(2 * at.x - before.x, 2 * at.y - before.y);
            if traps.contains(&next) {
                return PenFlag::Mud;
            }
        }
        PenFlag::Keep
    }
}

/// The action stepping from `from` to the adjacent `to`.
fn step(from: Vertex, to: Vertex, flag: PenFlag) -> Action {
    let dir = Dir::between(from, to).unwrap_or(Dir::Stay);
    if dir == Dir::Stay && flag == PenFlag::Mud {
        return Action::STAY;
    }
    Action::new(dir, flag)
}

#[cfg(test)]
mod tests;
