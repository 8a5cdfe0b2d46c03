//! Rebuilding the full game from the `[STATUS]` lines alone (a bot sees nothing else).
//!
//! Each new status is explained by the actions that lead from the previous state to it: a
//! live player's move follows from its change of position, a pen going down from `stat` 0 -> 1,
//! a mud cast from `scoredecline`. Those actions are replayed through the engine itself, so
//! trails, loop closures, captures and kills come out exactly as the referee computed them.
//!
//! Only players who died this turn leave doubt (did a still player die before the moves, from
//! an illegal output, or stay and get enclosed or cut? did a pen-up mover put its pen down?).
//! The tracker tries every reading of those few players and keeps the first whose result shows
//! exactly the observed status. Every reading that matches leads to the same trails and land
//! (the doubtful players are dead and a pen-up player closes nothing), so only the recorded
//! cause of such a death is a guess: causes that happen before the moves (illegal output,
//! timeout, off-board, trespass ...) cannot be told apart from outside and are recorded as
//! `IllegalOutput`.
//!
//! The referee lists four seats in every `[STATUS]` (rulings §1), so the rebuilt game always
//! has four: the seats absent from a 2- or 3-seat game are dead from the start, like a seat
//! whose `[POS]` was unusable (a bot cannot tell the two apart, and needs not: neither ever
//! plays). The rebuilt game is then the referee's [`Game::padded`].

use crate::action::{Action, DeathCause, PenFlag};
use crate::event::Event;
use crate::geometry::{Dir, Vertex};
use crate::protocol::{parse_status, Stat, Status, ABSENT_SEAT};
use crate::score::MUD_COST;
use crate::state::{Game, TABLE_SEATS};
use crate::turn::Answer;

/// Follows a game through its `[STATUS]` lines.
#[derive(Clone, Debug, Default)]
pub struct Tracker {
    game: Option<Game>,
    events: Vec<Event>,
}

impl Tracker {
    pub fn new() -> Tracker {
        Tracker::default()
    }

    /// The rebuilt game, once the first status has been seen.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The events of the last turn, as the engine reproduced them.
    pub fn last_events(&self) -> &[Event] {
        &self.events
    }

    /// Parses and follows one `[STATUS]` line.
    pub fn observe_line(&mut self, line: &str) -> Result<&Game, String> {
        let status = parse_status(line)?;
        self.observe(&status)
    }

    /// Follows one status: the first one starts the game, each next one is one more turn.
    /// A status of 2 or 3 seats (older referees) is read as the four-seat table it stands for.
    pub fn observe(&mut self, status: &Status) -> Result<&Game, String> {
        let mut table = status.clone();
        if table.seats.len() < TABLE_SEATS {
            table.seats.resize(TABLE_SEATS, ABSENT_SEAT);
        }
        let status = &table;
        match self.game.take() {
            None => {
                self.game = Some(initial_game(status)?);
                self.events.clear();
            }
            Some(before) => match explain(&before, status) {
                Ok((after, events)) => {
                    self.game = Some(after);
                    self.events = events;
                }
                Err(e) => {
                    self.game = Some(before);
                    return Err(e);
                }
            },
        }
        Ok(self.game.as_ref().unwrap())
    }
}

/// The game the first `[STATUS]` describes (turn 1: positions are the starts; a seat already
/// dead never played, whether it had a bad `[POS]` or was absent from a smaller game).
fn initial_game(status: &Status) -> Result<Game, String> {
    if !(2..=4).contains(&status.seats.len()) {
        return Err(format!("{} seats", status.seats.len()));
    }
    let starts: Vec<Option<Vertex>> = status
        .seats
        .iter()
        .map(|s| (s.stat != Stat::Dead).then_some(s.pos))
        .collect();
    let game = Game::new(&starts);
    if game.status() != *status {
        return Err("the first [STATUS] is not the start of a game".to_string());
    }
    Ok(game)
}

/// The readings of one seat's answer that can lead from `before` to `after`.
fn readings(game: &Game, seat: usize, after: &Status) -> Result<Vec<Answer>, String> {
    let player = game.player(seat);
    if !player.is_alive() {
        return Ok(vec![None]);
    }
    let seen = &after.seats[seat];
    let dir = Dir::between(player.pos(), seen.pos)
        .ok_or_else(|| format!("seat {seat} jumped from {} to {}", player.pos(), seen.pos))?;
    if player.stuck_left() > 0 {
        // Held in place: any well-formed action reads the same; or it died before moving.
        return Ok(vec![
            Some(Ok(Action::STAY)),
            Some(Err(DeathCause::IllegalOutput)),
        ]);
    }
    let cast = seen.score_decline < -(MUD_COST * player.mud_casts() as i64);
    let flag_options: &[PenFlag] = if cast {
        &[PenFlag::Mud]
    } else if player.pen_down() {
        &[PenFlag::Keep]
    } else if seen.stat == Stat::Down {
        &[PenFlag::Down]
    } else if seen.stat == Stat::Dead {
        &[PenFlag::Keep, PenFlag::Down]
    } else {
        &[PenFlag::Keep]
    };
    let mut options: Vec<Answer> = flag_options
        .iter()
        .map(|&flag| Some(Ok(Action::new(dir, flag))))
        .collect();
    if seen.stat == Stat::Dead && dir == Dir::Stay {
        options.push(Some(Err(DeathCause::IllegalOutput)));
    }
    Ok(options)
}

/// The state after one turn that shows exactly `after`, with its events.
fn explain(before: &Game, after: &Status) -> Result<(Game, Vec<Event>), String> {
    let seats = before.seats();
    if after.seats.len() != seats {
        return Err(format!(
            "[STATUS] lists {} seats, the game has {seats}",
            after.seats.len()
        ));
    }
    let options = (0..seats)
        .map(|seat| readings(before, seat, after))
        .collect::<Result<Vec<_>, _>>()?;
    // Odometer over the readings; at most 3^4 combinations, usually exactly one.
    let mut choice = vec![0usize; seats];
    loop {
        let answers: Vec<Answer> = (0..seats).map(|s| options[s][choice[s]]).collect();
        let mut game = before.clone();
        let events = game.play_turn(&answers);
        if game.status() == *after {
            return Ok((game, events));
        }
        let mut s = 0;
        while s < seats && choice[s] + 1 == options[s].len() {
            choice[s] = 0;
            s += 1;
        }
        if s == seats {
            return Err("no legal turn leads to this [STATUS]".to_string());
        }
        choice[s] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2- or 3-seat game is followed through its four-seat statuses, and the rebuilt game is
    /// the referee's, padded with the absent seats.
    #[test]
    fn smaller_games_are_rebuilt_as_padded_four_seat_tables() {
        for seats in 2..=4 {
            let starts: Vec<Option<Vertex>> = (0..seats)
                .map(|s| Some(Vertex::new(2 + 2 * s, 5)))
                .collect();
            let mut referee = Game::new(&starts);
            let mut tracker = Tracker::new();
            let plan = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];
            for turn in 0..6 {
                let status = referee.status();
                assert_eq!(status.seats.len(), TABLE_SEATS);
                let rebuilt = tracker.observe_line(&referee.status_line()).unwrap();
                assert_eq!(*rebuilt, referee.padded(), "{seats} seats, turn {turn}");
                // Seat 0 draws a unit square; the others wait.
                let answers: Vec<Answer> = (0..seats)
                    .map(|s| {
                        let action = match (s, turn) {
                            (0, 0) => Action::new(plan[0], PenFlag::Down),
                            (0, 1..=3) => Action::new(plan[turn], PenFlag::Keep),
                            _ => Action::STAY,
                        };
                        Some(Ok(action))
                    })
                    .collect();
                referee.play_turn(&answers);
            }
            assert_eq!(referee.areas(0), vec![1]);
            let rebuilt = tracker.observe_line(&referee.status_line()).unwrap();
            assert_eq!(*rebuilt, referee.padded());
            assert_eq!(rebuilt.areas(0), vec![1]);
        }
    }
}
