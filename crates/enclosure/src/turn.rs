//! One full turn, settled in the rulings' order (§7):
//! 0. illegal output or disallowed action, 1. trespass and off-board moves, 2. moves,
//! 3. mud cast and trap expiry, 4. traps catch players, 5. loops close (inside out) with
//! their kills, 6. interruptions. Plus the end of the game (survivor bonus).

use crate::action::{Action, DeathCause, PenFlag};
use crate::capture;
use crate::event::Event;
use crate::geometry::{edge_sides, Dir, Vertex};
use crate::state::{Game, STUCK_TURNS, TRAP_TURNS};

/// What a seat answered this turn: `None` for a dead seat, `Err(cause)` when its output was
/// unusable (timeout, crash, unreadable line), else the parsed action.
pub type Answer = Option<Result<Action, DeathCause>>;

/// A loop closed this turn: who, and the polygon (from the revisited vertex to the end).
struct Closing {
    seat: usize,
    polygon: Vec<Vertex>,
    double_area: i32,
}

impl Game {
    /// Plays one turn with one answer per seat and returns what happened, in settlement order.
    ///
    /// A live seat whose entry is missing or `None` counts as crashed. A stuck seat's
    /// well-formed action is ignored (it stays), but an `Err` still kills it.
    // Seat numbers index several parallel lists (players, answers, plans): plain index loops.
    #[allow(clippy::needless_range_loop)]
    pub fn play_turn(&mut self, answers: &[Answer]) -> Vec<Event> {
        let seats = self.seats();
        let mut events = Vec::new();
        self.turn += 1;

        // Step 0: the action each live seat will carry out, or its death.
        let mut planned: [Option<Action>; 4] = [None; 4];
        for seat in 0..seats {
            let player = &mut self.players[seat];
            if !player.is_alive() {
                continue;
            }
            let held = player.stuck_left > 0;
            if held {
                player.stuck_left -= 1;
            }
            let answer = answers.get(seat).copied().flatten();
            let verdict = match answer {
                None => Err(DeathCause::Crash),
                Some(Err(cause)) => Err(cause),
                Some(Ok(_)) if held => Ok(Action::STAY),
                Some(Ok(action)) => self.check_allowed(seat, action).map(|()| action),
            };
            match verdict {
                Ok(action) => planned[seat] = Some(action),
                Err(cause) => self.kill(seat, cause, &mut events),
            }
        }

        // Step 1: moves off the board or through region interiors.
        for seat in 0..seats {
            if let Some(action) = planned[seat] {
                if let Err(cause) = self.check_path(seat, action) {
                    planned[seat] = None;
                    self.kill(seat, cause, &mut events);
                }
            }
        }

        // Step 2: everybody moves at once; a pen-down step onto the own trail closes a loop.
        let mut closings = Vec::new();
        let mut casts = Vec::new();
        for (seat, action) in planned.iter().enumerate().take(seats) {
            let Some(action) = *action else { continue };
            let player = &mut self.players[seat];
            let from = player.pos;
            if action.flag == PenFlag::Down {
                player.pen_down = true;
                player.push_trail(from);
            }
            if action.flag == PenFlag::Mud {
                casts.push((seat, from, action.dir));
            }
            if !action.dir.is_move() {
                continue;
            }
            let to = from.step(action.dir);
            player.pos = to;
            if !player.pen_down {
                continue;
            }
            if player.on_trail(to) {
                let start = player.trail.iter().position(|&v| v == to).unwrap();
                let polygon = player.trail[start..].to_vec();
                let double_area = capture::double_area(&polygon);
                closings.push(Closing {
                    seat,
                    polygon,
                    double_area,
                });
            } else {
                player.push_trail(to);
            }
        }

        // Step 3: old traps age (and the oldest vanish), then the new ones land.
        for left in self.traps.iter_mut() {
            *left = left.saturating_sub(1);
        }
        for (seat, from, dir) in casts {
            let traps = mud_traps(from, dir);
            for &v in &traps {
                self.traps[v.index()] = TRAP_TURNS as u8;
            }
            self.players[seat].mud_casts += 1;
            events.push(Event::MudCast { seat, traps });
        }

        // Step 4: everyone standing on a trap is stuck; the traps that caught someone vanish.
        let mut sprung = Vec::new();
        for seat in 0..seats {
            let player = &mut self.players[seat];
            if player.is_alive() && self.traps[player.pos.index()] > 0 {
                player.stuck_left = STUCK_TURNS;
                sprung.push(player.pos);
                events.push(Event::Stuck {
                    seat,
                    at: player.pos,
                });
            }
        }
        for v in sprung {
            self.traps[v.index()] = 0;
        }

        // Step 5: loops close from the inside out (smaller area first, then lower seat).
        closings.sort_by_key(|c| (c.double_area, c.seat));
        let mut closed = [false; 4];
        for closing in &closings {
            if self.players[closing.seat].is_alive() {
                self.close_loop(closing, &mut events);
                closed[closing.seat] = true;
            }
        }

        // Step 6: interruptions, all at once. Players who closed a loop this turn interrupt
        // nobody (closing wins: those on the old trail or closing vertex are unharmed).
        let mut cuts: Vec<(usize, DeathCause)> = Vec::new();
        for (seat, victim) in self.players.iter().enumerate() {
            if !victim.is_alive() || !victim.pen_down {
                continue;
            }
            let mut cause = None;
            for (other, cutter) in self.players.iter().enumerate() {
                if other == seat || closed[other] || !cutter.is_alive() {
                    continue;
                }
                if cutter.pos == victim.pos {
                    cause = Some(DeathCause::Collision);
                    break;
                }
                if victim.on_trail(cutter.pos) {
                    cause = Some(DeathCause::TrailCut);
                }
            }
            if let Some(cause) = cause {
                cuts.push((seat, cause));
            }
        }
        for (seat, cause) in cuts {
            self.kill(seat, cause, &mut events);
        }
        events
    }

    /// Ends the game (rulings §8): a lone survivor takes every unowned cell (one region per
    /// 4-connected group) and its open trail is discarded. Idempotent.
    pub fn finish(&mut self) -> Vec<Event> {
        if self.finished {
            return Vec::new();
        }
        self.finished = true;
        let alive = self.alive_seats();
        if alive.len() != 1 {
            return Vec::new();
        }
        let seat = alive[0];
        self.players[seat].lift_pen();
        let unowned = self.unowned_mask();
        self.claim(seat, unowned)
            .into_iter()
            .map(|(region, cells)| Event::Capture {
                seat,
                region,
                cells,
            })
            .collect()
    }

    /// Rulings §3 and §6: what an action may not ask for, given the pen state.
    fn check_allowed(&self, seat: usize, action: Action) -> Result<(), DeathCause> {
        let player = &self.players[seat];
        if player.pen_down {
            if action.flag != PenFlag::Keep {
                return Err(DeathCause::PenDownAction);
            }
            let n = player.trail.len();
            if action.dir.is_move() && n >= 2 && player.pos.step(action.dir) == player.trail[n - 2]
            {
                return Err(DeathCause::Backwards);
            }
        } else if action.flag == PenFlag::Mud && !action.dir.is_move() {
            return Err(DeathCause::MudWhileStill);
        }
        Ok(())
    }

    /// Rulings §2 and §3: a move must stay on the board and off the inside of others' regions
    /// (and of one's own, with the pen down or going down).
    fn check_path(&self, seat: usize, action: Action) -> Result<(), DeathCause> {
        if !action.dir.is_move() {
            return Ok(());
        }
        let player = &self.players[seat];
        let to = player.pos.step(action.dir);
        if !to.on_board() {
            return Err(DeathCause::OffBoard);
        }
        let [Some(a), Some(b)] = edge_sides(player.pos, to) else {
            return Ok(());
        };
        match (self.region_at(a), self.region_at(b)) {
            (Some(ra), Some(rb)) if ra == rb => {
                let pen_down = player.pen_down || action.flag == PenFlag::Down;
                if self.regions[ra].owner != seat {
                    Err(DeathCause::Trespass)
                } else if pen_down {
                    Err(DeathCause::PenDownOwnLand)
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }

    /// Settles one closed loop: capture of the unowned interior, kills strictly inside, the
    /// trail vanishes and the pen goes up.
    fn close_loop(&mut self, closing: &Closing, events: &mut Vec<Event>) {
        let interior = capture::interior_cells(&closing.polygon);
        for (region, cells) in self.claim(closing.seat, interior) {
            events.push(Event::Capture {
                seat: closing.seat,
                region,
                cells,
            });
        }
        let inside = capture::strictly_inside_vertices(&closing.polygon, interior);
        for seat in 0..self.seats() {
            let player = &self.players[seat];
            if player.is_alive() && inside & player.pos.bit() != 0 {
                self.kill(seat, DeathCause::Enclosed, events);
            }
        }
        self.players[closing.seat].lift_pen();
    }

    fn kill(&mut self, seat: usize, cause: DeathCause, events: &mut Vec<Event>) {
        self.players[seat].kill(cause);
        events.push(Event::Death { seat, cause });
    }
}

/// The traps of a cast from `from` while moving `dir`: `from` and its two neighbours at right
/// angles to the move, those on the board, ordered by `x` then `y`.
pub fn mud_traps(from: Vertex, dir: Dir) -> Vec<Vertex> {
    let sides = match dir {
        Dir::Left | Dir::Right => [Dir::Up, Dir::Down],
        _ => [Dir::Left, Dir::Right],
    };
    let mut traps = vec![from.step(sides[0]), from, from.step(sides[1])];
    traps.retain(|v| v.on_board());
    traps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mud_lands_behind_and_beside_the_caster() {
        let v = Vertex::new(1, 6);
        let expected = vec![Vertex::new(1, 5), v, Vertex::new(1, 7)];
        assert_eq!(mud_traps(v, Dir::Left), expected);
        assert_eq!(
            mud_traps(v, Dir::Up),
            vec![Vertex::new(0, 6), v, Vertex::new(2, 6)]
        );
        // Off-board traps are dropped.
        assert_eq!(
            mud_traps(Vertex::new(0, 0), Dir::Down),
            vec![Vertex::new(0, 0), Vertex::new(1, 0)]
        );
    }
}
