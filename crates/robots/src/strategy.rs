//! The stated strategy: which move you make from a position.

use crate::board::Board;
use crate::rules::{play_round, Move, Round};
use crate::teleports::TeleportList;
use shared_grid::Dir8;
use std::cmp::Reverse;

/// The move chosen, with its outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: Move,
    /// The index in the teleport list of the entry this move uses up.
    pub teleport_entry: Option<usize>,
    pub round: Round,
}

/// Picks your move:
/// 1. among walks and staying that do not lose at once, the one leaving the fewest robots,
///    then the largest distance to the nearest robot left, then the smallest row, then the
///    smallest column of your new cell;
/// 2. else the first unused entry of `teleports` whose cell is empty and whose round does
///    not lose;
/// 3. else staying, which loses.
pub fn choose(board: &Board, teleports: &TeleportList) -> Choice {
    best_walk_or_stay(board)
        .or_else(|| first_safe_teleport(board, teleports))
        .unwrap_or_else(|| Choice {
            mv: Move::Stay,
            teleport_entry: None,
            round: play_round(board, Move::Stay).expect("staying is always legal"),
        })
}

fn best_walk_or_stay(board: &Board) -> Option<Choice> {
    let walks = Dir8::ALL.into_iter().map(Move::Walk);
    std::iter::once(Move::Stay)
        .chain(walks)
        .filter_map(|mv| Some((mv, play_round(board, mv)?)))
        .filter(|(_, round)| !round.lost)
        .min_by_key(|(_, round)| preference(&round.board))
        .map(|(mv, round)| Choice {
            mv,
            teleport_entry: None,
            round,
        })
}

/// Smaller is better. Every candidate ends on a different cell, so there are no ties and the
/// order in which candidates are tried does not matter. With no robot left the distance term
/// is the same (0) for every candidate: the row and column decide.
fn preference(after: &Board) -> (usize, Reverse<usize>, usize, usize) {
    let you = after.you();
    (
        after.robots().len(),
        Reverse(after.nearest_robot_distance().unwrap_or(0)),
        you.row,
        you.col,
    )
}

fn first_safe_teleport(board: &Board, teleports: &TeleportList) -> Option<Choice> {
    let (entry, (mv, round)) = teleports.first_working(|dest| {
        // Checked before `play_round`, which copies the board first.
        if !board.is_empty_cell(dest) {
            return None;
        }
        let mv = Move::Teleport(dest);
        let round = play_round(board, mv).filter(|round| !round.lost)?;
        Some((mv, round))
    })?;
    Some(Choice {
        mv,
        teleport_entry: Some(entry),
        round,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START;
    use shared_grid::Pos;

    fn p(row: usize, col: usize) -> Pos {
        Pos::new(row, col)
    }

    #[test]
    fn fewest_robots_beats_distance() {
        // Staying or walking S makes both robots step into (13, 14) and collide (0 left, so
        // the distance term is 0); walking SW leaves both alive 2 cells away. Fewest first.
        let board = Board::from_parts(START, &[p(12, 13), p(12, 15)], &[]);
        let choice = choose(&board, &TeleportList::new(vec![]));
        assert!(choice.round.won());
        assert_eq!(choice.mv, Move::Stay, "stay (row 14) beats S (row 15)");
    }

    #[test]
    fn largest_nearest_distance_then_row_then_column() {
        // One robot straight above. The robot follows a sideways step diagonally, so each cell
        // of row 15 ends 4 away from it (staying: 3). Row 15 ties; the smaller column wins.
        let board = Board::from_parts(START, &[p(10, 14)], &[]);
        let choice = choose(&board, &TeleportList::new(vec![]));
        assert_eq!(choice.mv, Move::Walk(Dir8::SW));
        assert_eq!(choice.round.board.you(), p(15, 13));
        assert_eq!(choice.round.board.nearest_robot_distance(), Some(4));
    }

    #[test]
    fn with_no_robot_left_row_then_column_decide() {
        // Staying and walking N both make the robots collide in (15, 14): no robot is left,
        // the distance term ties, and the smaller row (13, 14) wins over (14, 14).
        let board = Board::from_parts(START, &[p(16, 13), p(16, 15)], &[]);
        let choice = choose(&board, &TeleportList::new(vec![]));
        assert!(choice.round.won());
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
        assert!(best_walk_or_stay(&board).is_none());
        // Entry 0 is used; entry 1 holds a robot; entry 2 is next to the robot above you, which
        // steps onto it (loses at once); entry 3 repeats entry 0 and is a separate, unused entry.
        let mut teleports = TeleportList::new(vec![p(0, 0), ring[0], p(12, 14), p(0, 0)]);
        teleports.take(0);
        let choice = choose(&board, &teleports);
        assert_eq!(choice.mv, Move::Teleport(p(0, 0)));
        assert_eq!(choice.teleport_entry, Some(3));
        assert!(!choice.round.lost);
    }

    #[test]
    fn no_safe_move_and_no_teleport_means_stay_and_lose() {
        let ring: Vec<Pos> = Dir8::ALL
            .iter()
            .map(|d| START.offset(d.delta()).unwrap())
            .collect();
        let board = Board::from_parts(START, &ring, &[]);
        let mut teleports = TeleportList::new(vec![p(0, 0)]);
        teleports.take(0);
        let choice = choose(&board, &teleports);
        assert_eq!(choice.mv, Move::Stay);
        assert!(choice.round.lost);
    }
}
