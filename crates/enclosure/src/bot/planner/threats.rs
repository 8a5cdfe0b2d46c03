//! The facts of one turn, rebuilt from the game before every decision: above all the *threat*
//! of every vertex, the fewest turns in which some live opponent can stand there.
//!
//! Threat is walking distance plus turns still stuck, made *expected* rather than worst case
//! by what each opponent has shown (`model`): a pen-up opponent counts at face value within
//! `near_hard` steps, or everywhere once it has shown itself a hunter (it took most of the
//! chances to cut a trail it had, `model::Record::chase_percent`); beyond that it is
//! `forecast_slack` turns late, `bystander_slack` once it has shown itself no hunter. A
//! drawer counts at face value inside the zone its trail implies (`forecast::drawer_zone`,
//! grown by `zone_margin`, or by `forecast::TIGHT_MARGIN` while three opponents live and it
//! has never left such a zone), else late by `forecast_slack`: it is busy closing its own loop.

use super::super::bfs::FAR;
use super::super::board::Board;
use super::super::closing::closing_distance;
use super::super::forecast::{self, TIGHT_MARGIN};
use super::super::model::{crowded, Model};
use super::Params;
use crate::geometry::{Vertex, VERTICES};
use crate::state::{Game, MAX_TURNS};

/// The turns left at which a cut costs `Params::death_stake`.
pub const STAKE_TURNS: u64 = 50;

/// An opponent's trail that could close within this many moves (stuck turns included) may
/// enclose whoever stands inside it: farther off, we can still step out in time.
const CLOSES_SOON: u32 = 2;

/// The facts of one turn, computed once.
pub struct Turn<'a> {
    pub seat: usize,
    pub game: &'a Game,
    pub board: Board,
    /// Per vertex: fewest turns for any live opponent to stand there.
    pub threat: [u32; VERTICES],
    /// Vertices never to draw through: traps and other players.
    pub avoid: u128,
    /// Vertices with a trap.
    pub traps: u128,
    /// Live opponents' vertices.
    pub victims: u128,
    pub kill_bonus: u32,
    /// What being cut costs besides the loop (`Params::death_stake`).
    pub death_stake: u64,
    /// Turns left in the game, counting this one.
    pub turns_left: u32,
}

impl<'a> Turn<'a> {
    pub fn new(
        seat: usize,
        game: &'a Game,
        board: Board,
        params: &Params,
        model: &Model,
    ) -> Turn<'a> {
        let mut threat = [FAR; VERTICES];
        let mut avoid = 0u128;
        let mut victims = 0u128;
        let mut opponents = 0;
        for (other, player) in game.players().iter().enumerate() {
            if other == seat || !player.is_alive() {
                continue;
            }
            opponents += 1;
            avoid |= player.pos().bit();
            victims |= player.pos().bit();
            let mut delay = player.stuck_left();
            let record = model.record(other);
            if game.turn() >= params.still_after && !record.ever_moved && !player.pen_down() {
                delay += params.still_bonus;
            }
            let (chase, known) = (record.chase_percent(), record.chase_known());
            // Where this opponent's threat is taken at face value; elsewhere it is late by
            // `late_elsewhere`.
            let (hard, late_elsewhere) = if player.pen_down() {
                let margin = match crowded(game) && !record.left_zone {
                    true => TIGHT_MARGIN,
                    false => params.zone_margin,
                };
                (
                    forecast::drawer_zone(player.trail(), margin),
                    params.forecast_slack,
                )
            } else if known && chase > params.hunter_ratio {
                (u128::MAX, 0)
            } else if known && chase <= params.bystander_ratio {
                (0, params.bystander_slack)
            } else {
                (0, params.forecast_slack)
            };
            let walk = board.walk(other, player.pos(), 0);
            for (i, (t, d)) in threat.iter_mut().zip(walk.dist.iter()).enumerate() {
                let near = !player.pen_down() && *d <= params.near_hard;
                let late = if near || hard >> i & 1 == 1 {
                    0
                } else {
                    late_elsewhere
                };
                *t = (*t).min(d.saturating_add(delay + late));
            }
        }
        let mut traps = 0u128;
        for v in Vertex::all() {
            if board.trap(v) > 0 {
                traps |= v.bit();
            }
        }
        avoid |= traps;
        // Killing the last opponent hands us every unowned cell: worth far more.
        let windfall = if opponents == 1 {
            (game.unowned_count() as u32).pow(2) / 2
        } else {
            0
        };
        let kill_bonus = params.kill_bonus.max(windfall);
        let turns_left = MAX_TURNS.saturating_sub(game.turn());
        Turn {
            seat,
            game,
            board,
            threat,
            avoid,
            traps,
            victims,
            kill_bonus,
            // A cut ends our scoring: it costs more the more of the game is left.
            death_stake: params.death_stake as u64 * turns_left as u64 / STAKE_TURNS
                + windfall as u64,
            turns_left,
        }
    }

    pub fn pos(&self) -> Vertex {
        self.game.player(self.seat).pos()
    }

    /// Vertices strictly inside the bounding box of an opponent's open trail that it could
    /// close within `CLOSES_SOON` moves: standing there may get us enclosed.
    pub fn enclosure_risk(&self) -> u128 {
        let mut risky = 0u128;
        for (other, player) in self.game.players().iter().enumerate() {
            let trail = player.trail();
            if other == self.seat || !player.is_alive() || trail.len() < 3 {
                continue;
            }
            if player.stuck_left() + closing_distance(&self.board, trail) > CLOSES_SOON {
                continue;
            }
            // Strictly inside the trail's box, off the trail.
            let (x1, x2, y1, y2) = forecast::bounds(trail);
            risky |= forecast::box_mask(x1 + 1, x2 - 1, y1 + 1, y2 - 1) & !player.trail_mask();
        }
        risky
    }
}
