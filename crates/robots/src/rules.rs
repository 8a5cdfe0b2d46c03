//! The rules of one round: your move, then the robots' move.
//!
//! # Decisions on the rules (from the statement, each pinned by a test)
//! 2. **The robots' step is unique.** "The adjacent cell ... closest to your current
//!    position": by |dr| + |dc| exactly one neighbour is closest (the step by the sign of each
//!    offset), so no tie rule is needed (`rules::tests::robot_step_is_the_unique_closest_neighbour`).
//! 3. **Only destinations collide.** "All robots walk at the same time": a robot may enter the
//!    cell another robot leaves (`robot_may_enter_the_cell_another_robot_leaves`). Three or
//!    more robots in one cell are "two or more": all destroyed, one debris cell
//!    (`three_robots_into_one_cell_leave_one_debris`). A robot stepping into debris adds no
//!    debris cell (`robot_into_debris_is_destroyed_without_new_debris`).
//! 4. **Reaching you.** Any robot on your cell loses the game. Robots that meet there collide
//!    as anywhere else: they become debris, counted in "cells with debris" and not in "robots
//!    remaining" (sample 2: debris 1, robots 0). A lone robot that reaches you is not destroyed
//!    and counts as remaining (sample 3: robots 1). (`lone_robot_reaching_you_stays_a_robot`,
//!    `robots_meeting_on_you_still_lose_and_become_debris`.)
//! 5. **Pushing.** Debris moves one cell along your step, diagonals included; it cannot enter
//!    debris or leave the board (no chain pushes). A robot in the cell it enters is destroyed
//!    at once, during your move: it becomes that cell's debris (debris count unchanged), does
//!    not take part in the robots' move and so can never reach you
//!    (`robot_destroyed_by_a_push_does_not_move_or_reach_you`, samples `push-*`).
//! 6. **"Empty"** means no robot, no debris and not you: you cannot walk into a robot, and a
//!    teleport to your own cell is never legal. (It would equal staying, which is unsafe
//!    whenever teleports are considered, so this cannot change an answer.)
//! 9. **When the game ends.** After every round (your move and the robots' reply), teleport
//!    rounds included: a robot on you is a loss; otherwise no robot left is a win at once, with
//!    that move counted (sample `win-first-move`, sample `teleport-forced`). The forced stay
//!    that loses counts as a move (sample 2: lost after 2 moves).

use crate::board::{sort_cells, Board, CellSet, BOUNDS};
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

/// What one of your moves does, once the rules allow it: the cell you end on, and where the
/// debris in that cell is pushed (if any). Computed from the board without changing or copying
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    pub you: Pos,
    /// The next cell the same way, when you walk into debris: the debris moves from `you`
    /// there.
    pub push: Option<Pos>,
}

/// What `mv` does on `board`, `None` when the rules forbid it.
///
/// - Walk: see [`step_effect`].
/// - Teleport: the destination must be empty (your own cell is not).
#[inline]
pub fn effect_of(board: &Board, mv: Move) -> Option<Effect> {
    match mv {
        Move::Stay => step_effect(board, (0, 0)),
        Move::Walk(dir) => step_effect(board, dir.delta()),
        Move::Teleport(dest) => board.is_empty_cell(dest).then_some(Effect {
            you: dest,
            push: None,
        }),
    }
}

/// What a step by `delta` (row, column) does; staying is the step (0, 0).
///
/// The target must be on the board and hold no robot. If it holds debris, the debris moves one
/// more step the same way; that cell must be on the board and free of debris. A robot there is
/// destroyed: it becomes the debris of that cell (so the count of debris cells does not
/// change).
#[inline]
pub fn step_effect(board: &Board, delta: (isize, isize)) -> Option<Effect> {
    let target = step_on_board(board.you(), delta)?;
    if board.has_robot(target) {
        return None;
    }
    let push = if board.has_debris(target) {
        let pushed_to = step_on_board(target, delta)?;
        if board.has_debris(pushed_to) {
            return None;
        }
        Some(pushed_to)
    } else {
        None
    };
    Some(Effect { you: target, push })
}

/// The cell one `delta` from `cell`, if on the board: `BOUNDS.step` with one comparison per
/// coordinate (a step off the top or left wraps to a huge index), for the strategy's inner
/// loop.
#[inline]
fn step_on_board(cell: Pos, (dr, dc): (isize, isize)) -> Option<Pos> {
    let next = Pos::new(
        cell.row.wrapping_add_signed(dr),
        cell.col.wrapping_add_signed(dc),
    );
    BOUNDS.contains(next).then_some(next)
}

/// Makes your move on `board`: `effect` must come from [`effect_of`] on this board.
pub fn apply(board: &mut Board, effect: Effect) {
    if let Some(pushed_to) = effect.push {
        board.remove_debris(effect.you);
        board.remove_robot(pushed_to);
        board.add_debris(pushed_to);
    }
    board.set_you(effect.you);
}

/// The one cell, among the robot's eight neighbours, closest to `you` by |dr| + |dc|.
///
/// Unique: with both offsets non-zero the diagonal step toward you gains 2 and every other
/// step at most 1; with one offset zero the straight step gains 1 and every other step at
/// most 0. So the robot steps by the sign of each offset.
pub fn robot_step(robot: Pos, you: Pos) -> Pos {
    debug_assert_ne!(robot, you, "a robot on your cell has already won");
    // One step from `from` toward `to` (none when equal), without a branch: this runs for
    // every robot and every candidate move.
    let toward = |from: usize, to: usize| from + usize::from(from < to) - usize::from(from > to);
    Pos::new(toward(robot.row, you.row), toward(robot.col, you.col))
}

/// All robots step toward you at once. Returns whether one reached you.
///
/// Robots that end in the same cell (two or more), or in a cell with debris, are destroyed
/// and leave one debris cell there. Only destinations matter: every robot moves, so a robot
/// may enter the cell another robot is leaving. Works in the board's own robot list: no
/// allocation.
pub fn robots_move(board: &mut Board) -> bool {
    let you = board.you();
    let mut robots = board.take_robots();
    for robot in robots.iter_mut() {
        *robot = robot_step(*robot, you);
    }
    sort_cells(&mut robots);
    let reached_you = robots.binary_search(&you).is_ok();
    // Sorted, so robots bound for one cell are neighbours; survivors are packed to the front.
    // (Not `slice::chunk_by`: stable only since Rust 1.77, and BOJ runs 1.73.)
    let mut kept = 0;
    let mut start = 0;
    while start < robots.len() {
        let cell = robots[start];
        let count = robots[start..].iter().take_while(|&&t| t == cell).count();
        if count == 1 && !board.has_debris(cell) {
            robots[kept] = cell;
            kept += 1;
        } else {
            board.add_debris(cell);
        }
        start += count;
    }
    robots.truncate(kept);
    board.set_robots(robots);
    reached_you
}

/// Your move followed by the robots' move, on `board` itself; `None` (board unchanged) when
/// your move is illegal, else whether a robot reached you.
pub fn play_round_in_place(board: &mut Board, mv: Move) -> Option<bool> {
    let effect = effect_of(board, mv)?;
    apply(board, effect);
    Some(robots_move(board))
}

/// What the strategy needs to know of a round that does not lose, known before playing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forecast {
    /// Your cell after your move.
    pub you: Pos,
    /// Live robots after the robots' move.
    pub robots_left: usize,
    /// The smallest |dr| + |dc| from you to a live robot after the robots' move; `None` when
    /// no robot is left.
    pub nearest_robot: Option<usize>,
}

impl Forecast {
    /// Won: no robot left (and, this being a forecast, none reached you).
    pub fn won(&self) -> bool {
        self.robots_left == 0
    }
}

/// Forecasts the rounds of the candidate moves from one position, without changing or copying
/// the board (the strategy asks it about each of its candidates, so this is the hot loop of a
/// long game).
pub struct Forecaster<'a> {
    board: &'a Board,
    /// Some two robots are within two king steps of each other. Robots further apart cannot
    /// step into one cell, so when this is false no round from here has a collision between
    /// robots, and the forecast skips looking for one.
    robots_may_meet: bool,
}

impl<'a> Forecaster<'a> {
    /// O(R) plus the pairs of robots within two rows of each other.
    pub fn new(board: &'a Board) -> Forecaster<'a> {
        let robots = board.robots();
        let robots_may_meet = robots.iter().enumerate().any(|(i, a)| {
            robots[i + 1..]
                .iter()
                .take_while(|b| b.row <= a.row + 2)
                .any(|b| b.chebyshev(*a) <= 2)
        });
        Forecaster {
            board,
            robots_may_meet,
        }
    }

    /// The outcome of the round that makes your move `effect` (from [`effect_of`] on the
    /// board), `None` when a robot would reach you. O(R), a 128-byte bit set or two, no
    /// allocation.
    ///
    /// Agrees with playing the round ([`play_round_in_place`];
    /// `forecast_matches_playing_the_round` checks it on random positions): the robot under
    /// pushed debris is gone before the robots move; a destination shared by two robots, or
    /// holding debris after your push, destroys whoever enters it.
    #[inline]
    pub fn forecast(&self, effect: Effect) -> Option<Forecast> {
        let board = self.board;
        let you = effect.you;
        let crushed = effect.push;
        // The cell the debris leaves is your new cell: a robot entering it loses the game
        // anyway, so only the cell it enters needs care.
        let has_debris_after = |cell: Pos| crushed == Some(cell) || board.has_debris(cell);
        let moving = board
            .robots()
            .iter()
            .filter(|&&robot| Some(robot) != crushed);
        // Destinations entered by two or more robots; filled only when one is (rare).
        let mut shared: Option<CellSet> = None;
        if self.robots_may_meet {
            let mut entered = CellSet::default();
            for &robot in moving.clone() {
                let cell = robot_step(robot, you);
                if !entered.set(cell, true) {
                    shared.get_or_insert_with(CellSet::default).set(cell, true);
                }
            }
        }
        let mut robots_left = 0;
        let mut nearest = usize::MAX;
        for &robot in moving {
            let cell = robot_step(robot, you);
            if cell == you {
                return None;
            }
            let destroyed = shared.is_some_and(|shared| shared.contains(cell));
            if !destroyed && !has_debris_after(cell) {
                robots_left += 1;
                nearest = nearest.min(cell.manhattan(you));
            }
        }
        Some(Forecast {
            you,
            robots_left,
            nearest_robot: (robots_left > 0).then_some(nearest),
        })
    }
}

/// [`Forecaster::forecast`] for one round.
pub fn forecast(board: &Board, effect: Effect) -> Option<Forecast> {
    Forecaster::new(board).forecast(effect)
}

#[cfg(test)]
mod tests {
    use super::*;

    // What the tests play: your move alone, and a whole round on a copy of the board.

    /// The board after your move and the robots' reply.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Round {
        board: Board,
        /// A robot walked into your cell: the game is lost.
        lost: bool,
    }

    impl Round {
        /// Won: no robot is left and none reached you.
        fn won(&self) -> bool {
            !self.lost && self.board.robots().is_empty()
        }

        fn is_over(&self) -> bool {
            self.lost || self.board.robots().is_empty()
        }
    }

    /// The board right after your move, `None` when the rules forbid the move (see
    /// [`effect_of`]).
    fn your_move(board: &Board, mv: Move) -> Option<Board> {
        let effect = effect_of(board, mv)?;
        let mut next = board.clone();
        apply(&mut next, effect);
        Some(next)
    }

    /// Your move followed by the robots' move on a copy of `board`; `None` when your move is
    /// illegal.
    fn play_round(board: &Board, mv: Move) -> Option<Round> {
        let mut next = board.clone();
        let lost = play_round_in_place(&mut next, mv)?;
        Some(Round { board: next, lost })
    }
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

    /// `forecast` against playing the round on a copy, for every move from random positions
    /// crowded enough for pushes, crushed robots, collisions and robots entering debris.
    #[test]
    fn forecast_matches_playing_the_round() {
        use rand::{Rng, SeedableRng};
        type Rng8 = rand_chacha::ChaCha8Rng;
        let mut rng = Rng8::seed_from_u64(0xF0CA);
        // A cell at most 4 rows and 4 columns from `around`, clamped to the board.
        let near = |rng: &mut Rng8, around: Pos| {
            let mut coordinate = |c: usize| (c + rng.random_range(0..9)).saturating_sub(4).min(30);
            p(coordinate(around.row), coordinate(around.col))
        };
        let (mut pushes, mut crushed, mut checked) = (0, 0, 0);
        for _ in 0..4000 {
            let corner = [p(1, 1), START, p(29, 29), p(0, 30)][rng.random_range(0..4)];
            let you = near(&mut rng, corner);
            let mut cells = vec![you];
            let mut robots = Vec::new();
            let mut debris = Vec::new();
            for _ in 0..rng.random_range(0..30) {
                let cell = near(&mut rng, you);
                if !cells.contains(&cell) {
                    cells.push(cell);
                    if rng.random_bool(0.5) {
                        robots.push(cell);
                    } else {
                        debris.push(cell);
                    }
                }
            }
            let board = Board::from_parts(you, &robots, &debris);
            let walks = Dir8::ALL.into_iter().map(Move::Walk);
            let teleports: Vec<Move> = (0..3)
                .map(|_| Move::Teleport(near(&mut rng, you)))
                .collect();
            for mv in std::iter::once(Move::Stay).chain(walks).chain(teleports) {
                let Some(effect) = effect_of(&board, mv) else {
                    assert_eq!(play_round(&board, mv), None);
                    continue;
                };
                let round = play_round(&board, mv).unwrap();
                let expected = Forecast {
                    you: round.board.you(),
                    robots_left: round.board.robots().len(),
                    nearest_robot: round.board.nearest_robot_distance(),
                };
                let got = forecast(&board, effect);
                if round.lost {
                    assert_eq!(got, None, "{board:?} {mv:?}");
                } else {
                    assert_eq!(got, Some(expected), "{board:?} {mv:?}");
                }
                pushes += usize::from(effect.push.is_some());
                crushed += usize::from(effect.push.is_some_and(|to| board.has_robot(to)));
                checked += 1;
            }
        }
        assert!(
            checked > 20_000 && pushes > 1000 && crushed > 100,
            "{checked} {pushes} {crushed}"
        );
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
