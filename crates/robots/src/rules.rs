//! The rules of one round: your move, then the robots' move.

use crate::board::{Board, BOUNDS};
use shared_grid::{Dir8, Pos};

/// One of your moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Stay,
    /// One step in a compass direction, pushing debris if the target cell holds some.
    Walk(Dir8),
    /// A jump to an empty cell.
    Teleport(Pos),
}

/// The board after your move and the robots' reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub board: Board,
    /// A robot walked into your cell: the game is lost.
    pub lost: bool,
}

impl Round {
    /// Won: no robot is left and none reached you.
    pub fn won(&self) -> bool {
        !self.lost && self.board.robots().is_empty()
    }

    pub fn is_over(&self) -> bool {
        self.lost || self.board.robots().is_empty()
    }
}

/// The board right after your move, `None` when the rules forbid the move.
///
/// - Walk: the target must be on the board and hold no robot. If it holds debris, the debris
///   moves one more step the same way; that cell must be on the board and free of debris. A
///   robot there is destroyed: it becomes the debris of that cell (so the count of debris
///   cells does not change).
/// - Teleport: the destination must be empty (your own cell is not).
pub fn your_move(board: &Board, mv: Move) -> Option<Board> {
    let mut next = board.clone();
    match mv {
        Move::Stay => {}
        Move::Walk(dir) => {
            let target = BOUNDS.step(board.you(), dir.delta())?;
            if board.has_robot(target) {
                return None;
            }
            if board.has_debris(target) {
                let pushed_to = BOUNDS.step(target, dir.delta())?;
                if board.has_debris(pushed_to) {
                    return None;
                }
                next.remove_debris(target);
                next.remove_robot(pushed_to);
                next.add_debris(pushed_to);
            }
            next.set_you(target);
        }
        Move::Teleport(dest) => {
            if !board.is_empty_cell(dest) {
                return None;
            }
            next.set_you(dest);
        }
    }
    Some(next)
}

/// The one cell, among the robot's eight neighbours, closest to `you` by |dr| + |dc|.
///
/// Unique: with both offsets non-zero the diagonal step toward you gains 2 and every other
/// step at most 1; with one offset zero the straight step gains 1 and every other step at
/// most 0. So the robot steps by the sign of each offset.
pub fn robot_step(robot: Pos, you: Pos) -> Pos {
    debug_assert_ne!(robot, you, "a robot on your cell has already won");
    let toward = |from: usize, to: usize| (to as isize - from as isize).signum();
    robot
        .offset((toward(robot.row, you.row), toward(robot.col, you.col)))
        .expect("a step toward a cell of the board stays on the board")
}

/// All robots step toward you at once. Returns whether one reached you.
///
/// Robots that end in the same cell (two or more), or in a cell with debris, are destroyed
/// and leave one debris cell there. Only destinations matter: every robot moves, so a robot
/// may enter the cell another robot is leaving.
pub fn robots_move(board: &mut Board) -> bool {
    let you = board.you();
    let mut targets: Vec<Pos> = board
        .robots()
        .iter()
        .map(|&robot| robot_step(robot, you))
        .collect();
    targets.sort_unstable();
    let reached_you = targets.binary_search(&you).is_ok();
    let mut survivors = Vec::with_capacity(targets.len());
    // `targets` is sorted, so robots bound for one cell are neighbours. (Not
    // `slice::chunk_by`: stable only since Rust 1.77, and BOJ runs 1.73.)
    let mut start = 0;
    while start < targets.len() {
        let cell = targets[start];
        let count = targets[start..].iter().take_while(|&&t| t == cell).count();
        if count == 1 && !board.has_debris(cell) {
            survivors.push(cell);
        } else {
            board.add_debris(cell);
        }
        start += count;
    }
    board.set_robots(survivors);
    reached_you
}

/// Your move followed by the robots' move; `None` when your move is illegal.
pub fn play_round(board: &Board, mv: Move) -> Option<Round> {
    let mut next = your_move(board, mv)?;
    let lost = robots_move(&mut next);
    Some(Round { board: next, lost })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START;

    fn p(row: usize, col: usize) -> Pos {
        Pos::new(row, col)
    }

    #[test]
    fn robot_steps_diagonally_then_straight() {
        assert_eq!(robot_step(p(20, 10), p(14, 14)), p(19, 11));
        assert_eq!(robot_step(p(14, 30), p(14, 14)), p(14, 29));
        assert_eq!(robot_step(p(0, 14), p(14, 14)), p(1, 14));
    }

    #[test]
    fn robot_step_is_the_unique_closest_neighbour() {
        let you = p(14, 14);
        for robot in BOUNDS.positions().filter(|&r| r != you) {
            let mut best: Vec<Pos> = BOUNDS.neighbours8(robot).collect();
            let closest = best.iter().map(|n| n.manhattan(you)).min().unwrap();
            best.retain(|n| n.manhattan(you) == closest);
            assert_eq!(best, [robot_step(robot, you)], "robot at {robot:?}");
        }
    }

    #[test]
    fn walking_into_a_robot_is_illegal() {
        let board = Board::from_parts(START, &[p(13, 14)], &[]);
        assert_eq!(your_move(&board, Move::Walk(Dir8::N)), None);
    }

    #[test]
    fn walking_off_the_board_is_illegal() {
        let board = Board::from_parts(p(0, 30), &[p(20, 20)], &[]);
        for dir in [Dir8::N, Dir8::NE, Dir8::E, Dir8::SE, Dir8::NW] {
            assert_eq!(your_move(&board, Move::Walk(dir)), None, "{dir:?}");
        }
        assert!(your_move(&board, Move::Walk(Dir8::S)).is_some());
    }

    #[test]
    fn push_moves_debris_one_cell() {
        let board = Board::from_parts(START, &[p(0, 0)], &[p(13, 15)]);
        let next = your_move(&board, Move::Walk(Dir8::NE)).unwrap();
        assert_eq!(next.you(), p(13, 15));
        assert!(next.has_debris(p(12, 16)) && !next.has_debris(p(13, 15)));
        assert_eq!(next.debris_cells(), 1);
    }

    #[test]
    fn push_blocked_by_debris_behind() {
        let board = Board::from_parts(START, &[p(0, 0)], &[p(14, 15), p(14, 16)]);
        assert_eq!(your_move(&board, Move::Walk(Dir8::E)), None);
    }

    #[test]
    fn push_blocked_by_the_rim() {
        let board = Board::from_parts(p(1, 5), &[p(20, 20)], &[p(0, 5)]);
        assert_eq!(your_move(&board, Move::Walk(Dir8::N)), None);
        let corner = Board::from_parts(p(1, 1), &[p(20, 20)], &[p(0, 0)]);
        assert_eq!(your_move(&corner, Move::Walk(Dir8::NW)), None);
    }

    #[test]
    fn push_destroys_the_robot_behind() {
        let board = Board::from_parts(START, &[p(14, 16), p(3, 3)], &[p(14, 15)]);
        let next = your_move(&board, Move::Walk(Dir8::E)).unwrap();
        assert_eq!(next.robots(), [p(3, 3)]);
        assert!(next.has_debris(p(14, 16)));
        assert_eq!(next.debris_cells(), 1);
    }

    #[test]
    fn robot_destroyed_by_a_push_does_not_move_or_reach_you() {
        // The robot at (14, 16) is one step from you: had it moved, it would have reached you.
        let board = Board::from_parts(p(14, 13), &[p(14, 15)], &[p(14, 14)]);
        let round = play_round(&board, Move::Walk(Dir8::E)).unwrap();
        assert!(round.won());
        assert_eq!(round.board.debris_cells(), 1);
    }

    #[test]
    fn teleport_needs_an_empty_cell() {
        let board = Board::from_parts(START, &[p(3, 3)], &[p(4, 4)]);
        assert_eq!(your_move(&board, Move::Teleport(p(3, 3))), None);
        assert_eq!(your_move(&board, Move::Teleport(p(4, 4))), None);
        assert_eq!(your_move(&board, Move::Teleport(START)), None);
        assert_eq!(
            your_move(&board, Move::Teleport(p(0, 0))).map(|b| b.you()),
            Some(p(0, 0))
        );
    }

    #[test]
    fn two_robots_into_one_cell_leave_one_debris() {
        let mut board = Board::from_parts(START, &[p(12, 13), p(12, 15), p(0, 0)], &[]);
        assert!(!robots_move(&mut board));
        assert_eq!(board.robots(), [p(1, 1)]);
        assert!(board.has_debris(p(13, 14)));
        assert_eq!(board.debris_cells(), 1);
    }

    #[test]
    fn three_robots_into_one_cell_leave_one_debris() {
        let mut board = Board::from_parts(START, &[p(12, 13), p(12, 14), p(12, 15)], &[]);
        assert!(!robots_move(&mut board));
        assert!(board.robots().is_empty());
        assert_eq!(board.debris_cells(), 1);
    }

    #[test]
    fn robot_into_debris_is_destroyed_without_new_debris() {
        let mut board = Board::from_parts(START, &[p(12, 14)], &[p(13, 14)]);
        assert!(!robots_move(&mut board));
        assert!(board.robots().is_empty());
        assert_eq!(board.debris_cells(), 1);
    }

    #[test]
    fn robot_may_enter_the_cell_another_robot_leaves() {
        let mut board = Board::from_parts(START, &[p(14, 16), p(14, 17)], &[]);
        assert!(!robots_move(&mut board));
        assert_eq!(board.robots(), [p(14, 15), p(14, 16)]);
    }

    #[test]
    fn lone_robot_reaching_you_stays_a_robot() {
        let mut board = Board::from_parts(START, &[p(13, 13)], &[]);
        assert!(robots_move(&mut board));
        assert_eq!(board.robots(), [START]);
        assert_eq!(board.debris_cells(), 0);
    }

    #[test]
    fn robots_meeting_on_you_still_lose_and_become_debris() {
        let mut board = Board::from_parts(START, &[p(13, 13), p(15, 15)], &[]);
        assert!(robots_move(&mut board));
        assert!(board.robots().is_empty());
        assert!(board.has_debris(START));
        let round = Round { board, lost: true };
        assert!(!round.won() && round.is_over());
    }
}
