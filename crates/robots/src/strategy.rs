//! The stated strategy: which move you make from a position.
//!
//! Each candidate is judged by [`Forecaster::forecast`]: the round's outcome computed from
//! the board as it is, without copying or changing it, so a decision costs O(9 R) plus O(R)
//! per teleport cell tried, and no allocation.
//!
//! # Decision on ties (from the statement, each pinned by a test)
//! 7. **Minimum distance with no robot left.** Undefined; every move that leaves no robot
//!    gets the same value (0), so among them the smallest row, then column, decides. Since the
//!    robot count is compared first, such moves only ever compete with each other
//!    (`strategy::tests::with_no_robot_left_row_then_column_decide`).

use crate::board::Board;
use crate::rules::{effect_of, step_effect, Forecast, Forecaster, Move};
use crate::teleports::TeleportList;
use shared_grid::Dir8;
use std::cmp::Reverse;

/// The move chosen, with the outcome of its round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: Move,
    /// The index in the teleport list of the entry this move uses up.
    pub teleport_entry: Option<usize>,
    /// The round's outcome; `None`: it loses (the forced stay).
    pub forecast: Option<Forecast>,
}

/// Picks your move:
/// 1. among walks and staying that do not lose at once, the one leaving the fewest robots,
///    then the largest distance to the nearest robot left, then the smallest row, then the
///    smallest column of your new cell;
/// 2. else the first unused entry of `teleports` whose cell is empty and whose round does
///    not lose;
/// 3. else staying, which loses.
pub fn choose(board: &Board, teleports: &TeleportList<'_>) -> Choice {
    let forecaster = Forecaster::new(board);
    best_walk_or_stay(board, &forecaster)
        .or_else(|| first_safe_teleport(board, &forecaster, teleports))
        .unwrap_or(Choice {
            mv: Move::Stay,
            teleport_entry: None,
            forecast: None,
        })
}

/// The best of staying and the 8 walks, tried in any order (see [`preference`]); `None` when
/// each of them is forbidden or loses.
fn best_walk_or_stay(board: &Board, forecaster: &Forecaster) -> Option<Choice> {
    // Each move with its step (staying is the step (0, 0)), so that the loop calls
    // `step_effect` directly: through `effect_of` the adversarial bench took 1.2 times as
    // long, through an iterator chain with `min_by_key` 2.7 times.
    let walks = Dir8::ALL.map(|dir| (Move::Walk(dir), dir.delta()));
    let mut best: Option<(Preference, Move, Forecast)> = None;
    for (mv, delta) in [(Move::Stay, (0, 0))].into_iter().chain(walks) {
        let Some(effect) = step_effect(board, delta) else {
            continue;
        };
        let Some(outcome) = forecaster.forecast(effect) else {
            continue;
        };
        let key = preference(&outcome);
        if best.map_or(true, |(best_key, _, _)| key < best_key) {
            best = Some((key, mv, outcome));
        }
    }
    best.map(|(_, mv, outcome)| Choice {
        mv,
        teleport_entry: None,
        forecast: Some(outcome),
    })
}

/// Robots left, nearest robot (larger first), row, column.
type Preference = (usize, Reverse<usize>, usize, usize);

/// Smaller is better. Every candidate ends on a different cell, so there are no ties and the
/// order in which candidates are tried does not matter. With no robot left the distance term
/// is the same (0) for every candidate: the row and column decide.
fn preference(after: &Forecast) -> Preference {
    (
        after.robots_left,
        Reverse(after.nearest_robot.unwrap_or(0)),
        after.you.row,
        after.you.col,
    )
}

fn first_safe_teleport(
    board: &Board,
    forecaster: &Forecaster,
    teleports: &TeleportList,
) -> Option<Choice> {
    let (entry, (mv, outcome)) = teleports.first_working(|dest| {
        let mv = Move::Teleport(dest);
        Some((mv, forecaster.forecast(effect_of(board, mv)?)?))
    })?;
    Some(Choice {
        mv,
        teleport_entry: Some(entry),
        forecast: Some(outcome),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START;
    use crate::teleports::TeleportEntries;
    use shared_grid::Pos;

    fn p(row: usize, col: usize) -> Pos {
        Pos::new(row, col)
    }

    #[test]
    fn fewest_robots_beats_distance() {
        // Staying or walking S makes both robots step into (13, 14) and collide (0 left, so
        // the distance term is 0); walking SW leaves both alive 2 cells away. Fewest first.
        let board = Board::from_parts(START, &[p(12, 13), p(12, 15)], &[]);
        let choice = choose(&board, &TeleportList::new(&TeleportEntries::default()));
        assert!(choice.forecast.unwrap().won());
        assert_eq!(choice.mv, Move::Stay, "stay (row 14) beats S (row 15)");
    }

    #[test]
    fn largest_nearest_distance_then_row_then_column() {
        // One robot straight above. The robot follows a sideways step diagonally, so each cell
        // of row 15 ends 4 away from it (staying: 3). Row 15 ties; the smaller column wins.
        let board = Board::from_parts(START, &[p(10, 14)], &[]);
        let choice = choose(&board, &TeleportList::new(&TeleportEntries::default()));
        assert_eq!(choice.mv, Move::Walk(Dir8::SW));
        let forecast = choice.forecast.unwrap();
        assert_eq!(forecast.you, p(15, 13));
        assert_eq!(forecast.nearest_robot, Some(4));
    }

    #[test]
    fn with_no_robot_left_row_then_column_decide() {
        // Staying and walking N both make the robots collide in (15, 14): no robot is left,
        // the distance term ties, and the smaller row (13, 14) wins over (14, 14).
        let board = Board::from_parts(START, &[p(16, 13), p(16, 15)], &[]);
        let choice = choose(&board, &TeleportList::new(&TeleportEntries::default()));
        assert!(choice.forecast.unwrap().won());
        assert_eq!(choice.mv, Move::Walk(Dir8::N));
    }

    #[test]
    fn teleport_only_when_no_walk_is_safe_and_first_usable_entry() {
        // Robots on all eight neighbours: every walk is blocked and staying loses.
        let ring: Vec<Pos> = Dir8::ALL
            .iter()
            .map(|d| START.offset(d.delta()).unwrap())
            .collect();
        let board = Board::from_parts(START, &ring, &[]);
        assert!(best_walk_or_stay(&board, &Forecaster::new(&board)).is_none());
        // Entry 0 is used; entry 1 holds a robot; entry 2 is next to the robot above you, which
        // steps onto it (loses at once); entry 3 repeats entry 0 and is a separate, unused entry.
        let entries = TeleportEntries::from_cells(&[p(0, 0), ring[0], p(12, 14), p(0, 0)]);
        let mut teleports = TeleportList::new(&entries);
        teleports.take(p(0, 0));
        let choice = choose(&board, &teleports);
        assert_eq!(choice.mv, Move::Teleport(p(0, 0)));
        assert_eq!(choice.teleport_entry, Some(3));
        assert!(choice.forecast.is_some());
    }

    #[test]
    fn no_safe_move_and_no_teleport_means_stay_and_lose() {
        let ring: Vec<Pos> = Dir8::ALL
            .iter()
            .map(|d| START.offset(d.delta()).unwrap())
            .collect();
        let board = Board::from_parts(START, &ring, &[]);
        let entries = TeleportEntries::from_cells(&[p(0, 0)]);
        let mut teleports = TeleportList::new(&entries);
        teleports.take(p(0, 0));
        let choice = choose(&board, &teleports);
        assert_eq!(choice.mv, Move::Stay);
        assert_eq!(choice.forecast, None, "staying loses");
    }
}
