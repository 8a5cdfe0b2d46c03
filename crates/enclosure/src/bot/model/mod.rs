//! What the planner has learnt about each opponent from the game so far: whether it ever
//! moved, how readily it goes for open trails it could cut (one estimate, used both by the
//! threat map and by the playouts), how big it draws, and how our own chases of its trails
//! ended. The planner turns this into expected rather than worst-case
//! danger: a player that never goes for trails is unlikely to cut ours, and a drawer that
//! always closes in time is not worth chasing.
//!
//! Expected danger may only make us bolder where the evidence supports it. Walking towards
//! trails from afar (the chase estimate) is one behaviour; stepping onto a trail that lies a
//! step or two away is another, and a bot may do the second and never the first. So the
//! model also watches every opponent *next to* open trails (anyone's): from each distance up
//! to `WATCHED`, whether it passed by or stepped on (`Record::grab_reach`). Where it has
//! passed by too rarely to tell, it is assumed to step on, as the rules' race assumes of any
//! walker that near; and once it steps on from farther than the model allowed, the model is
//! wrong about it and assumes the worst for the rest of the game (`Record::broken`).
//!
//! Drawers are watched the same way: whether every move of a loop stayed within one vertex
//! of the loop its trail implied at each earlier turn (`forecast::TIGHT_MARGIN`). One that
//! left it (a spiral, a snake) is counted with the wider margin for the rest of the game
//! (`Record::left_zone`).

use super::board::Board;
use super::closing::closing_distance;
use super::forecast::{drawer_zone, TIGHT_MARGIN};
use crate::geometry::Vertex;
use crate::state::{Game, Player};

/// A trail is offered to a walker that could stand on it at most this many moves after its
/// drawer could close: drawers rarely close by their shortest way, and sure kills alone are
/// too rare to learn from.
const OFFER_SLACK: u32 = 2;
/// The chase percentage of an opponent that has stood on a trail, at least: one cut (or
/// attempt) says more than many moves that went elsewhere.
const HIT_CHASE: u32 = 80;
/// Distances from an open trail at which an opponent's moves are watched, `1..=WATCHED`: the
/// rules' `near_hard`, within which they count every walker at face value. Thinking assumes
/// less of an opponent without evidence only where the rules' race bounds its plans anyway
/// (`Record::grab_reach`'s `assumed`).
pub const WATCHED: usize = 3;
/// Observations after which what an opponent does rests on evidence rather than on a prior:
/// chances to cut a trail, for the chase estimate (`Record::chase_known`, which the threat map
/// and the playouts share), and moves past a trail at one distance without stepping towards
/// it, for trusting it not to step on from there (`Record::grab_reach`).
pub const MIN_CHANCES: u32 = 6;

/// Whether three opponents live. Then the rules' race bounds every plan thinking weighs
/// (`Planner::risk`), so the playouts assume less of an opponent not yet known, and a drawer
/// that has kept to its zone is counted one vertex around it (`forecast::TIGHT_MARGIN`).
pub fn crowded(game: &Game) -> bool {
    game.alive_seats().len() == 4
}

/// Whether at most one opponent lives. Then thinking may weigh plans that lose the race
/// (`Planner::risk`), the pen keeps last turn's way home (`Params::keep_plan`), and the
/// playouts keep the chase estimate's prior for an opponent not yet known; with two or more
/// opponents ours builds its first loop before it chases (`Planner::hunt`).
pub fn duel(game: &Game) -> bool {
    game.alive_seats().len() <= 2
}

/// The one opponent of `seat` still alive, when only one is.
pub fn lone_rival(game: &Game, seat: usize) -> Option<usize> {
    let mut others = game.alive_seats().into_iter().filter(|&s| s != seat);
    match (others.next(), others.next()) {
        (Some(rival), None) => Some(rival),
        _ => None,
    }
}

/// Observations of one seat.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// Whether it ever moved.
    pub ever_moved: bool,
    /// Times it stood on a vertex of another player's open trail (a cut, or an attempt).
    pub trail_hits: u32,
    /// Our chases of its trails: ended by its death, or by its closing in time.
    pub chased_kills: u32,
    pub chased_escapes: u32,
    /// Pen-up moves made while some open trail was within its reach about when its drawer could
    /// close (Manhattan distance under the closing distance plus `OFFER_SLACK`), and how many of them
    /// went towards that trail: whether it takes the kills it is offered.
    pub chances: u32,
    pub chances_taken: u32,
    /// Loops it closed, and their trails' total length: how big it draws.
    pub loops: u32,
    pub loop_moves: u32,
    /// Moves it made `d + 1` steps from another player's open trail (index `d`) that did not
    /// bring it nearer: it passed by.
    pub passes: [u32; WATCHED],
    /// The distance at which its current run of steps nearer to a trail began (0: none).
    pub run_from: u32,
    /// The farthest distance from which such a run ended on a trail.
    pub grabbed_from: u32,
    /// It stepped onto a trail from farther than `grab_reach` allowed: the model failed, and
    /// we assume the worst of it for the rest of the game.
    pub broken: bool,
    /// It drew outside a tight zone (`forecast::TIGHT_MARGIN`) that its trail implied earlier
    /// in the same loop: it spirals or snakes, and the forecast's tight zone is wrong about it
    /// for the rest of the game.
    pub left_zone: bool,
    /// The tight zones its current trail has implied so far, intersected (`None`: not drawing).
    pub loop_zone: Option<u128>,
}

impl Record {
    /// How likely it is to go for an open trail it could cut, in percent: the share of such
    /// chances it took so far, with a Laplace prior (50 before any), and at least
    /// `HIT_CHASE` once it has stood on another player's trail.
    pub fn chase_percent(&self) -> u32 {
        if self.broken {
            return 100;
        }
        let taken = 100 * (self.chances_taken + 1) / (self.chances + 2);
        if self.trail_hits > 0 {
            taken.max(HIT_CHASE)
        } else {
            taken
        }
    }

    /// Whether `chase_percent` rests on evidence rather than on its prior: at least
    /// `MIN_CHANCES` chances seen, or a trail stood on.
    pub fn chase_known(&self) -> bool {
        self.broken || self.trail_hits > 0 || self.chances >= MIN_CHANCES
    }

    /// How near our trail it must be to step onto it, as the playouts assume: the farthest
    /// distance it has done so from (a whole run of steps nearer counts: an aim and a
    /// detour that happened to lead there look alike), and at least every watched distance
    /// `d` up to `assumed` (`WATCHED`, the rules' worst case, unless the caller assumes less)
    /// it has been seen passing by from fewer than `MIN_CHANCES` times from `d` or nearer (one
    /// that steps onto trails from `d` would not pass by from nearer): with little evidence,
    /// the worst case stays the floor.
    pub fn grab_reach(&self, assumed: usize) -> u32 {
        let seen = |d: usize| self.passes[..d].iter().sum::<u32>();
        let unproven = (1..=assumed).filter(|&d| seen(d) < MIN_CHANCES).max();
        self.grabbed_from.max(unproven.unwrap_or(0) as u32)
    }

    /// Whether chasing its trails without a sure kill has proved useless.
    pub fn escapes_chases(&self) -> bool {
        self.chased_escapes >= 2 && self.chased_escapes > 2 * self.chased_kills
    }
}

/// The records of every seat, updated once per turn.
#[derive(Clone, Debug, Default)]
pub struct Model {
    pub records: Vec<Record>,
    /// The players at the previous turn.
    last: Vec<Player>,
    /// The fewest moves in which each open trail could close at the previous turn.
    last_closing: Vec<u32>,
    /// The seat whose trail we walked towards last turn, if any.
    pub chasing: Option<usize>,
}

impl Model {
    pub fn reset(&mut self) {
        *self = Model::default();
    }

    pub fn record(&self, seat: usize) -> Record {
        self.records.get(seat).cloned().unwrap_or_default()
    }

    /// Takes in the new state of the game (once per turn, before deciding); `board` is its
    /// edges, as the planner builds them for the turn.
    pub fn observe(&mut self, me: usize, game: &Game, board: &Board) {
        let seats = game.seats();
        if self.records.len() != seats {
            self.records = vec![Record::default(); seats];
            self.remember(game, board);
            return;
        }
        if let Some(target) = self.chasing.take() {
            let prey = game.player(target);
            if !prey.is_alive() {
                self.records[target].chased_kills += 1;
            } else if !prey.pen_down() {
                self.records[target].chased_escapes += 1;
            } else {
                self.chasing = Some(target); // still drawing: the chase goes on
            }
        }
        for (seat, player) in game.players().iter().enumerate() {
            let record = &mut self.records[seat];
            let was = &self.last[seat];
            let (before, now) = (was.pos(), player.pos());
            record.ever_moved |= now != before;
            if seat == me || was.stuck_left() > 0 {
                continue;
            }
            let walking = !was.pen_down();
            if !walking && player.is_alive() {
                // Every tight zone of this loop so far must hold the drawer's new vertex.
                let zone =
                    record.loop_zone.unwrap_or(u128::MAX) & drawer_zone(was.trail(), TIGHT_MARGIN);
                record.left_zone |= zone & now.bit() == 0;
                record.loop_zone = player.pen_down().then_some(zone);
                if !player.pen_down() {
                    record.loops += 1;
                    record.loop_moves += was.trail().len() as u32;
                }
            }
            self.note_move(seat, before, now, walking);
        }
        self.remember(game, board);
    }

    /// Watches `seat`'s move from `before` to `now` against the nearest open trail of
    /// another player. From `d <= WATCHED` steps away it passed by or came nearer; a run of
    /// steps nearer that ends on the trail is a grab from where the run began. `walking`
    /// (pen up before the move): the trail within its reach about when its drawer could close
    /// (distance under the closing distance plus `OFFER_SLACK`) was a chance to cut it, taken
    /// if it came nearer; standing on the trail is a hit.
    fn note_move(&mut self, seat: usize, before: Vertex, now: Vertex, walking: bool) {
        let mut nearest = None;
        for (other, was) in self.last.iter().enumerate() {
            for v in was.trail().iter().filter(|_| other != seat) {
                let d = before.manhattan(*v) as usize;
                if nearest.map_or(true, |(best, _)| d < best) {
                    nearest = Some((d, other));
                }
            }
        }
        let Some((from, other)) = nearest else {
            return;
        };
        let to = self.last[other]
            .trail()
            .iter()
            .map(|v| now.manhattan(*v) as usize)
            .min();
        let nearer = to < Some(from);
        let r = &mut self.records[seat];
        if walking && from < (self.last_closing[other] + OFFER_SLACK) as usize {
            r.chances += 1;
            r.chances_taken += nearer as u32;
        }
        if !nearer {
            r.run_from = 0;
            if (1..=WATCHED).contains(&from) {
                r.passes[from - 1] += 1;
            }
        } else if to == Some(0) {
            let run = r.run_from.max(from as u32);
            r.broken |= run > r.grab_reach(WATCHED);
            r.grabbed_from = r.grabbed_from.max(run);
            r.trail_hits += walking as u32;
            r.run_from = 0;
        } else if r.run_from == 0 {
            r.run_from = from as u32;
        }
    }

    fn remember(&mut self, game: &Game, board: &Board) {
        self.last = game.players().to_vec();
        self.last_closing = self
            .last
            .iter()
            .map(|p| {
                if p.pen_down() {
                    closing_distance(board, p.trail())
                } else {
                    0
                }
            })
            .collect();
    }
}

#[cfg(test)]
mod tests;
