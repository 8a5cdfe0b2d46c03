//! What the planner has learnt about each opponent from the game so far: whether it ever
//! moved, how readily it goes for open trails it could cut (one estimate, used both by the
//! threat map and by the playouts), how big it draws, and how our own chases of its trails
//! ended. The planner turns this into expected rather than worst-case
//! danger: a player that never goes for trails is unlikely to cut ours, and a drawer that
//! always closes in time is not worth chasing.

use super::board::Board;
use super::closing::closing_distance;
use crate::geometry::Vertex;
use crate::state::Game;

/// A trail is offered to a walker that could stand on it at most this many moves after its
/// drawer could close: drawers rarely close by their shortest way, and sure kills alone are
/// too rare to learn from.
const OFFER_SLACK: u32 = 2;
/// The chase percentage of an opponent that has stood on a trail, at least: one cut (or
/// attempt) says more than many moves that went elsewhere.
const HIT_CHASE: u32 = 80;

/// Observations of one seat.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// Turns in a row it stood on the same vertex, and whether it ever moved.
    pub still_turns: u32,
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
}

impl Record {
    /// How likely it is to go for an open trail it could cut, in percent: the share of such
    /// chances it took so far, with a Laplace prior (50 before any), and at least
    /// `HIT_CHASE` once it has stood on another player's trail.
    pub fn chase_percent(&self) -> u32 {
        let taken = 100 * (self.chances_taken + 1) / (self.chances + 2);
        if self.trail_hits > 0 {
            taken.max(HIT_CHASE)
        } else {
            taken
        }
    }

    /// Whether `chase_percent` rests on evidence rather than on its prior: at least
    /// `min_chances` chances seen, or a trail stood on.
    pub fn chase_known(&self, min_chances: u32) -> bool {
        self.trail_hits > 0 || self.chances >= min_chances
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
            let hit = self
                .last_trails
                .iter()
                .enumerate()
                .any(|(other, trail)| other != seat && trail.contains(&now));
            if hit && !player.pen_down() {
                record.trail_hits += 1; // walked onto it: drawing through a trail is not a hunt
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

    fn record(chances: u32, chances_taken: u32, trail_hits: u32) -> Record {
        Record {
            chances,
            chances_taken,
            trail_hits,
            ..Record::default()
        }
    }

    #[test]
    fn the_chase_estimate_and_its_evidence() {
        // Nothing seen: the prior, and not known.
        assert_eq!(record(0, 0, 0).chase_percent(), 50);
        assert!(!record(5, 0, 0).chase_known(6));
        // Chances taken and refused move it from the prior.
        assert_eq!(record(8, 0, 0).chase_percent(), 10);
        assert_eq!(record(8, 8, 0).chase_percent(), 90);
        assert!(record(8, 0, 0).chase_known(6));
        // One step onto a trail: at least `HIT_CHASE`, and known at once.
        assert_eq!(record(20, 0, 1).chase_percent(), HIT_CHASE);
        assert_eq!(record(8, 8, 1).chase_percent(), 90);
        assert!(record(0, 0, 1).chase_known(6));
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
