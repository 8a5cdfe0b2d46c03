//! Thinking: how likely a plan is to be cut, measured on simulated futures.
//!
//! The planner proposes plans (ways home with the pen down, rectangles with it up); each is
//! played out `playouts` times over the turns it takes. In every playout each live opponent
//! moves by a model fitted to what it has done this game (`model::Record`):
//! - **whether it chases**: a pen-up opponent is a chaser for the whole playout with the
//!   chance it took the kills it was offered so far (`model::Record::chase_percent`, the
//!   estimate the threat map uses too), once it has been offered enough of them to tell
//!   (`model::Record::chase_known`). Before that, while two or more opponents live, it
//!   chases in no playout, as the threat map does not count it as a hunter either (next to
//!   our trail its grab reach, below, still counts): with the estimate's prior of a half for
//!   each, most playouts held a chaser, more than the rules' race assumes. In a duel the
//!   prior stands, and its caution keeps thinking's bolder plans (`think_risk`) in check.
//!   A chaser walks its shortest way towards our trail; anyone else wanders at random.
//! - **whether it steps onto a trail next to it**: within its grab reach of our trail
//!   (`model::Record::grab_reach`: as near as it has stepped onto trails from, and the rules'
//!   worst case where it has shown too little) any opponent, drawing or not, heads for it;
//!   a drawer counts its steps by the edges it may draw, never through land, and while two
//!   or more opponents live it heads for a trail from no farther than that worst case (while
//!   three live, from one step, or from as far as it has shown: `CROWD_DRAW_REACH`).
//!   Without this, a bot that never walks towards trails but takes any next to it looks
//!   harmless, and the playouts draw loops past it that it cuts. While three opponents live,
//!   that worst case reaches `CROWD_REACH` steps, not the rules' three: a bot that keeps away
//!   from trails is never seen passing them, so its reach stayed at three all game, and
//!   against three of them most playouts of the rules' own loop held one heading in. The
//!   rules' race still bounds every plan thinking weighs there (`crowd_risk` 0), so assuming
//!   less can only bring thinking nearer to the rules' choice.
//! - **how it draws and when it closes**: a pen-down opponent draws at random (never back)
//!   until its trail reaches a length drawn around its mean loop so far (8 before its first),
//!   then takes its shortest way home; closed, it walks as a pen-up opponent.
//!
//! A playout ends at the plan's closing move or as soon as an opponent stands on a vertex of
//! our trail drawn by then (the rules' interruption): the plan's *danger* is the share of
//! playouts cut, in thousandths. Everything else (captures, mud, others' fights) is left out:
//! the danger of our own loop is the one question the fixed rules answered worst.
//!
//! Cost: per plan, one breadth-first search per opponent (its way to our trail), then
//! `playouts x turns x opponents` steps of O(1). Budgets are counts of playouts, and the
//! random numbers come from a generator seeded by the turn and the seat, so a game replays the
//! same on any machine.

use super::bfs::{Bfs, FAR};
use super::board::Board;
use super::model::{crowded, duel, Record, WATCHED};
use crate::geometry::{Dir, Vertex, VERTICES};
use crate::state::Game;

/// Mean loop length assumed before an opponent has closed one.
const PRIOR_LOOP: u32 = 8;
/// 2^64 divided by the golden ratio, rounded to odd: SplitMix's step, and the multiplier that
/// spreads a turn's seed (turn and seat) over the generator's state, so that neighbouring
/// turns start far apart.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
/// The credit of the rules' own choice over the plans thinking weighs against it, in percent
/// of its worth. The best of several estimates from a few dozen playouts is the one most
/// overrated, and a departure from the rules' choice is where their race no longer protects
/// us: a plan must be clearly better to be taken.
const RULES_CREDIT: i64 = 25;
/// `RULES_CREDIT` while three opponents live. Thinking then weighs only plans that win the
/// rules' race, so it departs from their choice only for a safer plan, and the danger it
/// sees there is the sum of three opponents' models, each fitted on little: at
/// `RULES_CREDIT` it scored below the rules alone against three copies of the sample program,
/// which never chases.
const CROWD_RULES_CREDIT: i64 = 50;
/// While three opponents live, the farthest an opponent is assumed to step onto our trail
/// from without evidence (`model::Record::grab_reach`).
const CROWD_REACH: usize = 2;
/// While three opponents live, the farthest a drawer is assumed to step onto our trail from
/// without evidence (two when it has shown two: `model::Record::grabbed_from`). One step
/// costs a drawer one move; two cost it its own loop's shape, which the drawers that keep
/// clear of trails (the sample program, the careful spirals) never give up, yet they often
/// draw two steps from ours. Counted as grabbing from there, they cut in the playouts loops
/// the rules' race judged safe, and thinking scored below the rules alone beside the sample,
/// `careful` and `raider`.
const CROWD_DRAW_REACH: u32 = 1;
/// A fixed salt of our own mixed into every seed: any constant does; changing it changes
/// every game.
const SEED_SALT: u64 = 0xE7C1_05E0;

/// What a plan does from now: pen-up steps, then drawn steps (the last one closes the loop).
pub struct Plan<'a> {
    /// The open trail already drawn (empty with the pen up).
    pub trail: &'a [Vertex],
    /// Pen-up steps before the pen goes down (the pen goes down on the first drawn step).
    pub walk: &'a [Vertex],
    /// The drawn steps, the last one back onto the trail.
    pub draw: &'a [Vertex],
}

/// One opponent as the playouts see it: where it starts each playout and its model, fixed
/// for the turn.
struct Opponent {
    seat: usize,
    start: Mover,
    /// Percent of playouts in which it chases.
    chase: u32,
    /// Within this many steps of our trail it heads for it.
    reach: u32,
    /// The same while it draws.
    draw_reach: u32,
    /// Pen down: how it draws.
    drawer: Option<Drawer>,
}

/// The model of a pen-down opponent: its drawn distances home (to its trail as it is now)
/// and its mean loop length.
struct Drawer {
    home: [u32; VERTICES],
    mean_loop: u32,
}

/// Where one opponent is within one playout, and what was drawn for it at the start.
#[derive(Clone, Copy)]
struct Mover {
    pos: Vertex,
    stuck: u32,
    /// Pen down: its trail's length and the vertex it came from (never stepped back onto).
    drawing: Option<(u32, Vertex)>,
    chases: bool,
    /// The trail length at which it heads home.
    loop_length: u32,
}

/// The opponents of one turn and the random stream of its playouts.
pub struct Futures<'a> {
    board: &'a Board,
    opponents: Vec<Opponent>,
    rng: SplitMix,
}

impl<'a> Futures<'a> {
    /// The live opponents of `seat` in `game`, with models fitted from `records`.
    pub fn new(game: &Game, seat: usize, board: &'a Board, records: &[Record]) -> Futures<'a> {
        let mut opponents = Vec::new();
        // Three opponents live: the rules' race is thinking's floor (`Planner::risk`).
        let crowd = crowded(game);
        // With two or more, the chase estimate's prior is left out (see the module doc).
        let duel = duel(game);
        for (other, player) in game.players().iter().enumerate() {
            if other == seat || !player.is_alive() {
                continue;
            }
            let record = records.get(other).cloned().unwrap_or_default();
            let (drawing, drawer) = match player.trail() {
                [.., from, _] if player.pen_down() => (
                    Some((player.trail().len() as u32, *from)),
                    Some(Drawer {
                        home: Bfs::new(player.trail_mask(), 0, |at, k, _| board.drawable(at, k))
                            .dist,
                        mean_loop: (record.loop_moves + PRIOR_LOOP) / (record.loops + 1),
                    }),
                ),
                _ => (None, None),
            };
            let assumed = if crowd { CROWD_REACH } else { WATCHED };
            let reach = record.grab_reach(assumed);
            opponents.push(Opponent {
                seat: other,
                start: Mover {
                    pos: player.pos(),
                    stuck: player.stuck_left(),
                    drawing,
                    chases: false,
                    loop_length: 0,
                },
                chase: if !duel && !record.chase_known() {
                    0
                } else {
                    record.chase_percent()
                },
                reach,
                // While two or more opponents live, a drawer heads for a trail from no farther
                // than assumed without evidence: a reach shown by a walker's chase (a raider's
                // run from six steps) had it leave its own loop for ours in the playouts, which
                // raiders never do, and thinking drew smaller loops beside them than the rules.
                draw_reach: if duel {
                    reach
                } else if crowd {
                    let shown = record.grabbed_from.min(assumed as u32);
                    reach.min(CROWD_DRAW_REACH).max(shown)
                } else {
                    reach.min(assumed as u32)
                },
                drawer,
            });
        }
        let seed = (game.turn() as u64) << 8 | seat as u64;
        Futures {
            board,
            opponents,
            rng: SplitMix(seed.wrapping_mul(GOLDEN_GAMMA) ^ SEED_SALT),
        }
    }

    /// Thousandths of `playouts` simulated futures in which `plan` is cut before it closes.
    pub fn danger(&mut self, plan: &Plan, playouts: u32) -> u32 {
        if plan.draw.is_empty() || playouts == 0 || self.opponents.is_empty() {
            return 0;
        }
        // The turn each vertex joins our trail (already drawn: 0), and the closing turn.
        let mut drawn_at = [FAR; VERTICES];
        let mut trail = 0u128;
        for &v in plan.trail {
            drawn_at[v.index()] = 0;
            trail |= v.bit();
        }
        let down = plan.walk.len() as u32;
        let start = plan.walk.last().copied().or(plan.trail.last().copied());
        if let (true, Some(start)) = (plan.trail.is_empty(), start) {
            drawn_at[start.index()] = down + 1;
            trail |= start.bit();
        }
        for (i, &v) in plan.draw.iter().enumerate() {
            let at = &mut drawn_at[v.index()];
            *at = (*at).min(down + 1 + i as u32);
            trail |= v.bit();
        }
        let closes = down + plan.draw.len() as u32;
        let to_trail: Vec<[u32; VERTICES]> = self
            .opponents
            .iter()
            .map(|o| distances_to(self.board, trail, o.seat, o.drawer.is_some()))
            .collect();
        let mut movers = Vec::with_capacity(self.opponents.len());
        let mut cut = 0;
        for _ in 0..playouts {
            if self.cut_in_one(&mut movers, &drawn_at, closes, &to_trail) {
                cut += 1;
            }
        }
        cut * 1000 / playouts
    }

    /// One playout (`movers` is its scratch space): whether some opponent stands on our trail
    /// before turn `closes`.
    fn cut_in_one(
        &mut self,
        movers: &mut Vec<Mover>,
        drawn_at: &[u32; VERTICES],
        closes: u32,
        to_trail: &[[u32; VERTICES]],
    ) -> bool {
        movers.clear();
        for o in &self.opponents {
            let chases = self.rng.below(100) < o.chase;
            let loop_length = o
                .drawer
                .as_ref()
                .map_or(0, |d| d.mean_loop / 2 + self.rng.below(d.mean_loop + 1));
            movers.push(Mover {
                chases,
                loop_length,
                ..o.start
            });
        }
        for turn in 1..closes {
            for (i, mover) in movers.iter_mut().enumerate() {
                if mover.stuck > 0 {
                    mover.stuck -= 1;
                } else {
                    let o = &self.opponents[i];
                    mover.pos = step(self.board, o, mover, &to_trail[i], &mut self.rng);
                }
                if drawn_at[mover.pos.index()] <= turn {
                    return true;
                }
            }
        }
        false
    }
}

/// Each vertex's distance to `trail` for `seat`, for its chases and grabs: by the edges it may
/// draw while `drawing` (never through land, its own included), else by those it may walk.
/// Walking distances led a drawer into its own land, where it cannot draw, and it never
/// reached a trail it would have cut.
fn distances_to(board: &Board, trail: u128, seat: usize, drawing: bool) -> [u32; VERTICES] {
    Bfs::new(trail, 0, |at, k, _| {
        if drawing {
            board.drawable(at, k)
        } else {
            board.walkable(seat, at, k)
        }
    })
    .dist
}

/// Where opponent `o`, now at `mover`, steps next in a playout (`mover` keeps its trail).
fn step(
    board: &Board,
    o: &Opponent,
    mover: &mut Mover,
    to_trail: &[u32; VERTICES],
    rng: &mut SplitMix,
) -> Vertex {
    let at = mover.pos;
    let nearer = |v: &Vertex| to_trail[v.index()];
    if let (Some((length, from)), Some(d)) = (mover.drawing, o.drawer.as_ref()) {
        let grabs = to_trail[at.index()] <= o.draw_reach;
        let steps = Dir::MOVES
            .into_iter()
            .enumerate()
            .filter(|&(k, dir)| board.drawable(at, k) && at.step(dir) != from)
            .map(|(_, dir)| at.step(dir));
        let next = if grabs {
            steps.min_by_key(nearer)
        } else if length + d.home[at.index()] >= mover.loop_length {
            steps.min_by_key(|v| d.home[v.index()])
        } else {
            pick(rng, steps)
        };
        let Some(next) = next else {
            return at; // boxed in: it waits
        };
        // Back on its trail: closed, and from now on it walks.
        mover.drawing = (d.home[next.index()] != 0).then_some((length + 1, at));
        return next;
    }
    let steps = Dir::MOVES
        .into_iter()
        .enumerate()
        .filter(|&(k, _)| board.walkable(o.seat, at, k))
        .map(|(_, dir)| at.step(dir));
    if mover.chases || to_trail[at.index()] <= o.reach {
        let best = steps.min_by_key(nearer);
        return best.filter(|v| nearer(v) < nearer(&at)).unwrap_or(at);
    }
    pick(rng, steps.chain([at])).unwrap_or(at)
}

/// One of `options` (at most five) at random, `None` when there is none.
fn pick(rng: &mut SplitMix, options: impl Iterator<Item = Vertex>) -> Option<Vertex> {
    let mut chosen = [Vertex::new(0, 0); 5];
    let mut count = 0;
    for v in options {
        chosen[count] = v;
        count += 1;
    }
    (count > 0).then(|| chosen[rng.below(count as u32) as usize])
}

/// What a plan is worth per turn (thousandths of squared cells, as the planner ranks plans):
/// its `value` where it survives and minus `stake` where it is cut, `danger` being the share
/// cut in thousandths, over the `turns` it takes, plus `credit` percent of that (the rules'
/// own choice gets `rules_credit`, so that thinking leaves it only for a plan clearly worth
/// more).
pub fn worth_per_turn(value: u64, danger: u32, stake: u64, turns: u64, credit: i64) -> i64 {
    let danger = danger as i64;
    let gain = (1000 - danger) * value as i64 - danger * stake as i64;
    let worth = gain * 1000 / turns as i64;
    worth + worth.abs() * credit / 100
}

/// The credit of the rules' own choice in `game`: `RULES_CREDIT`, or `CROWD_RULES_CREDIT`
/// while three opponents live.
pub fn rules_credit(game: &Game) -> i64 {
    if crowded(game) {
        CROWD_RULES_CREDIT
    } else {
        RULES_CREDIT
    }
}

/// SplitMix64: a small, well-mixed generator; the playouts need nothing better.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: u32) -> u32 {
        (((self.next() >> 32) * n as u64) >> 32) as u32
    }
}

#[cfg(test)]
mod tests;
