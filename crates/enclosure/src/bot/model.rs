//! What the planner has learnt about each opponent from the game so far: whether it ever
//! moved, whether it walks towards open trails (a hunter) or ignores them, and how our own
//! chases of its trails ended. The planner turns this into expected rather than worst-case
//! danger: a player that never goes for trails is unlikely to cut ours, and a drawer that
//! always closes in time is not worth chasing.

use super::board::Board;
use super::closing::closing_distance;
use crate::geometry::Vertex;
use crate::state::Game;

/// Trails farther than this (Manhattan) from a walker say nothing about its intent.
const RELEVANT: i32 = 6;
/// A trail is offered to a walker that could stand on it at most this many moves after its
/// drawer could close: drawers rarely close by their shortest way, and sure kills alone are
/// too rare to learn from.
const OFFER_SLACK: u32 = 2;

/// Observations of one seat.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// Turns in a row it stood on the same vertex, and whether it ever moved.
    pub still_turns: u32,
    pub ever_moved: bool,
    /// Pen-up moves made while someone else's trail was near: how many brought it closer.
    pub near_trail_moves: u32,
    pub approaches: u32,
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
}

impl Record {
    /// Whether it has shown itself a hunter: it walked onto a trail, or most of (at least
    /// `min_moves`) pen-up moves near trails approached them. Unknown players do not count:
    /// most bots never hunt, and the first loops are the ones that matter.
    pub fn proven_hunter(&self, min_moves: u32, ratio_percent: u32) -> bool {
        self.trail_hits > 0
            || (self.near_trail_moves >= min_moves
                && 100 * self.approaches > ratio_percent * self.near_trail_moves)
    }

    /// Whether it has shown itself no hunter: at least `min_moves` pen-up moves near trails, at
    /// most `ratio_percent` percent of them approaching, and never onto one.
    pub fn proven_bystander(&self, min_moves: u32, ratio_percent: u32) -> bool {
        self.trail_hits == 0
            && self.near_trail_moves >= min_moves
            && 100 * self.approaches <= ratio_percent * self.near_trail_moves
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
    /// Positions and open trails at the previous turn.
    last_pos: Vec<Vertex>,
    last_trails: Vec<Vec<Vertex>>,
    last_pen: Vec<bool>,
    last_stuck: Vec<u32>,
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
            let (before, now) = (self.last_pos[seat], player.pos());
            if now == before {
                record.still_turns += 1;
            } else {
                record.still_turns = 0;
                record.ever_moved = true;
            }
            if seat == me || self.last_stuck[seat] > 0 {
                continue;
            }
            if self.last_pen[seat] {
                if player.is_alive() && !player.pen_down() {
                    record.loops += 1;
                    record.loop_moves += self.last_trails[seat].len() as u32;
                }
                continue;
            }
            self.note_chance(seat, before, now);
            let record = &mut self.records[seat];
            let trails = self
                .last_trails
                .iter()
                .enumerate()
                .filter(|&(other, _)| other != seat)
                .flat_map(|(_, trail)| trail.iter().copied());
            let mut nearest_before = i32::MAX;
            let mut nearest_now = i32::MAX;
            let mut hit = false;
            for v in trails {
                nearest_before = nearest_before.min(before.manhattan(v));
                nearest_now = nearest_now.min(now.manhattan(v));
                hit |= v == now;
            }
            if hit && !player.pen_down() {
                record.trail_hits += 1; // walked onto it: drawing through a trail is not a hunt
            }
            if nearest_before <= RELEVANT && nearest_before > 0 {
                record.near_trail_moves += 1;
                if nearest_now < nearest_before {
                    record.approaches += 1;
                }
            }
        }
        self.remember(game, board);
    }

    /// Counts a chance `seat` had, moving from `before` to `now`, to cut an open trail.
    fn note_chance(&mut self, seat: usize, before: Vertex, now: Vertex) {
        let mut offered = None;
        for (other, trail) in self.last_trails.iter().enumerate() {
            let reach = trail.iter().map(|&v| before.manhattan(v)).min();
            if let Some(reach) = reach
                .filter(|&r| other != seat && (r as u32) < self.last_closing[other] + OFFER_SLACK)
            {
                if offered.map_or(true, |(best, _)| reach < best) {
                    offered = Some((reach, other));
                }
            }
        }
        if let Some((reach, other)) = offered {
            let record = &mut self.records[seat];
            record.chances += 1;
            let after = self.last_trails[other]
                .iter()
                .map(|&v| now.manhattan(v))
                .min();
            if after.is_some_and(|after| after < reach) {
                record.chances_taken += 1;
            }
        }
    }

    fn remember(&mut self, game: &Game, board: &Board) {
        self.last_closing = game
            .players()
            .iter()
            .map(|p| {
                if p.pen_down() {
                    closing_distance(board, p.trail())
                } else {
                    0
                }
            })
            .collect();
        self.last_pos = game.players().iter().map(|p| p.pos()).collect();
        self.last_trails = game.players().iter().map(|p| p.trail().to_vec()).collect();
        self.last_pen = game.players().iter().map(|p| p.pen_down()).collect();
        self.last_stuck = game.players().iter().map(|p| p.stuck_left()).collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Action, PenFlag};
    use crate::geometry::Dir;

    fn record(near_trail_moves: u32, approaches: u32, trail_hits: u32) -> Record {
        Record {
            near_trail_moves,
            approaches,
            trail_hits,
            ..Record::default()
        }
    }

    #[test]
    fn hunter_bystander_or_unknown() {
        // The sample program near our trails: 10 moves, 3 towards them.
        let sample = record(10, 3, 0);
        assert!(sample.proven_bystander(6, 50) && !sample.proven_hunter(6, 75));
        // Half of the moves towards a trail is still no hunt; more is no bystander.
        assert!(record(10, 5, 0).proven_bystander(6, 50));
        assert!(!record(10, 6, 0).proven_bystander(6, 50));
        // Too little evidence either way, or a single step onto a trail.
        assert!(!record(5, 0, 0).proven_bystander(6, 50));
        assert!(!record(20, 1, 1).proven_bystander(6, 50));
        assert!(record(20, 1, 1).proven_hunter(6, 75));
        assert!(record(8, 7, 0).proven_hunter(6, 75));
    }

    #[test]
    fn a_step_towards_a_trail_it_could_cut_is_a_chance_taken() {
        let v = Vertex::new;
        let mut game = Game::new(&[Some(v(2, 2)), Some(v(6, 2))]);
        let mut model = Model::default();
        model.observe(0, &game, &Board::new(&game));
        let down = Some(Ok(Action::new(Dir::Right, PenFlag::Down)));
        let stay = Some(Ok(Action::STAY));
        game.play_turn(&[down, stay]);
        model.observe(0, &game, &Board::new(&game));
        game.play_turn(&[
            Some(Ok(Action::new(Dir::Down, PenFlag::Keep))),
            Some(Ok(Action::new(Dir::Left, PenFlag::Keep))),
        ]);
        model.observe(0, &game, &Board::new(&game));
        let r = model.record(1);
        assert_eq!((r.chances, r.chances_taken), (1, 1), "{r:?}");
    }

    #[test]
    fn a_closed_loop_is_counted_with_its_trail() {
        let v = Vertex::new;
        let mut game = Game::new(&[Some(v(0, 0)), Some(v(6, 2))]);
        let mut model = Model::default();
        model.observe(0, &game, &Board::new(&game));
        for (dir, flag) in [
            (Dir::Right, PenFlag::Down),
            (Dir::Down, PenFlag::Keep),
            (Dir::Left, PenFlag::Keep),
            (Dir::Up, PenFlag::Keep),
        ] {
            game.play_turn(&[Some(Ok(Action::STAY)), Some(Ok(Action::new(dir, flag)))]);
            model.observe(0, &game, &Board::new(&game));
        }
        let r = model.record(1);
        assert_eq!((r.loops, r.loop_moves), (1, 4), "{r:?}");
    }
}
