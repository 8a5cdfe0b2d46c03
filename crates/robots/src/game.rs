//! A whole game: the opening position, the strategy's moves until a win or a loss.
//!
//! # Why every game ends (the move guard)
//! Let Φ be the sum, over live robots, of their king distance max(|dr|, |dc|) to you. A walk
//! or a stay raises each term by at most 1 and the robots' step lowers each live robot's term
//! by exactly 1 (a destroyed robot drops its term, at least 1). So a non-teleport round never
//! raises Φ, and keeps it only if you step away from every robot in its dominant axis. For one
//! robot that means stepping the same way along its dominant row (or column) every round: after
//! at most 30 such rounds you hit the rim. Hence every 31 non-teleport rounds lower Φ, and
//! Φ ≤ 30 R after the start or a teleport; with at most T teleports the game lasts at most
//! (T + 1) · 31 · (30 R + 1) + T moves ([`move_limit`], under one million for R = 50,
//! T = 20). `game::play` asserts that bound instead of looping forever.

use crate::board::{cell_text, sort_cells, Board, BOUNDS, SIZE, START};
use crate::rules::{play_round_in_place, Move};
use crate::strategy::choose;
use crate::teleports::{TeleportEntries, TeleportList};
use shared_grid::Pos;

/// One game of the input: the robots' cells and the teleport list, zero-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    robots: Vec<Pos>,
    teleports: TeleportEntries,
}

impl Case {
    /// Checks what the statement promises: every cell on the board, robots on distinct cells
    /// other than (15, 15). Teleport entries may repeat and may hold a robot at the start.
    pub fn new(robots: Vec<Pos>, teleports: Vec<Pos>) -> Result<Case, String> {
        if let Some(&p) = robots
            .iter()
            .chain(&teleports)
            .find(|&&p| !BOUNDS.contains(p))
        {
            return Err(off_the_board(p));
        }
        Case::with_entries(robots, TeleportEntries::from_cells(&teleports))
    }

    /// [`Case::new`] with the teleport list already built (as the input is read: one entry at
    /// a time, 4 bytes each). The robots' cells must be on the board: `io::read_case`, the
    /// only caller besides `new`, reads no other, and the check stays out of the bundle.
    pub(crate) fn with_entries(
        robots: Vec<Pos>,
        teleports: TeleportEntries,
    ) -> Result<Case, String> {
        if robots.contains(&START) {
            return Err(format!("a robot starts on your cell {}", cell_text(START)));
        }
        let mut sorted = robots.clone();
        sort_cells(&mut sorted);
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("two robots start on {}", cell_text(w[0])));
        }
        Ok(Case { robots, teleports })
    }

    pub fn robots(&self) -> &[Pos] {
        &self.robots
    }

    pub fn teleports(&self) -> &TeleportEntries {
        &self.teleports
    }
}

fn off_the_board(p: Pos) -> String {
    format!("cell {} is off the {SIZE} x {SIZE} board", cell_text(p))
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// (move number, destination) of each teleport taken, in order.
    pub teleports: Vec<(usize, Pos)>,
    pub won: bool,
    /// Your moves, the last one included.
    pub moves: usize,
    /// Your cell at the end (where you were destroyed, after a loss).
    pub final_position: Pos,
    pub debris_cells: usize,
    /// Live robots at the end: 0 after a win; a lone robot that reached you counts.
    pub robots_left: usize,
}

/// What an observer (the `--trace` drawing) sees after each move, and once before the first.
pub struct Step<'a> {
    /// 0 for the opening position.
    pub number: usize,
    pub mv: Option<Move>,
    pub board: &'a Board,
    pub lost: bool,
    /// Which entries of the teleport list are still unused.
    pub teleports: &'a TeleportList<'a>,
}

/// More moves than any game can last (see the crate doc for the proof): with R robots and T
/// teleports, each of the T + 1 stretches between teleports lasts at most 31 * (30 R + 1) moves.
pub fn move_limit(robots: usize, teleports: usize) -> usize {
    let longest_flight = SIZE - 1;
    let widest_gap = SIZE - 1;
    (teleports + 1) * (longest_flight + 1) * (widest_gap * robots + 1) + teleports
}

/// Plays the stated strategy to the end.
pub fn solve(case: &Case) -> Outcome {
    play(case, &mut |_| {})
}

/// Plays the stated strategy to the end, showing `observer` every position.
pub fn play(case: &Case, observer: &mut dyn FnMut(&Step)) -> Outcome {
    let mut board = Board::opening(&case.robots);
    let mut list = TeleportList::new(&case.teleports);
    let mut teleports = Vec::new();
    let mut moves = 0;
    let mut last_move = None;
    let mut lost = false;
    let limit = move_limit(case.robots.len(), case.teleports.len());
    loop {
        observer(&Step {
            number: moves,
            mv: last_move,
            board: &board,
            lost,
            teleports: &list,
        });
        // With no robot at the start (R = 0, T > 0) the game is won before any move.
        if lost || board.robots().is_empty() {
            break;
        }
        assert!(
            moves < limit,
            "game longer than {limit} moves, which the crate doc proves impossible"
        );
        let choice = choose(&board, &list);
        moves += 1;
        if let (Some(entry), Move::Teleport(dest)) = (choice.teleport_entry, choice.mv) {
            let taken = list.take(dest);
            debug_assert_eq!(taken, entry);
            teleports.push((moves, dest));
        }
        lost = play_round_in_place(&mut board, choice.mv).expect("the chosen move is legal");
        debug_assert_eq!(
            choice.forecast.map(|f| f.robots_left),
            (!lost).then_some(board.robots().len())
        );
        last_move = Some(choice.mv);
    }
    Outcome {
        teleports,
        won: !lost,
        moves,
        final_position: board.you(),
        debris_cells: board.debris_cells(),
        robots_left: board.robots().len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(row: usize, col: usize) -> Pos {
        Pos::new(row, col)
    }

    #[test]
    fn case_rejects_what_the_statement_rules_out() {
        assert!(Case::new(vec![START], vec![])
            .unwrap_err()
            .contains("(15,15)"));
        assert!(Case::new(vec![p(1, 1), p(1, 1)], vec![])
            .unwrap_err()
            .contains("(2,2)"));
        assert!(Case::new(vec![p(31, 0)], vec![])
            .unwrap_err()
            .contains("off the 31 x 31 board"));
        assert!(Case::new(vec![p(0, 0)], vec![p(0, 31)]).is_err());
        assert!(Case::new(vec![p(0, 0)], vec![p(0, 0), p(0, 0), START]).is_ok());
    }

    #[test]
    fn no_robot_is_a_win_after_zero_moves() {
        let outcome = solve(&Case::new(vec![], vec![p(0, 0)]).unwrap());
        assert!(outcome.won);
        assert_eq!((outcome.moves, outcome.final_position), (0, START));
    }

    #[test]
    fn teleport_entries_are_used_once_and_skipped_ones_stay_available() {
        // Statement sample 3 (zero-based): entry (14,15) is skipped at move 30 and taken at 58;
        // (15,14), taken at 30, is not taken again.
        let case = Case::new(
            vec![p(16, 17), p(12, 17), p(4, 30)],
            vec![p(14, 15), p(15, 14), p(2, 6)],
        )
        .unwrap();
        let outcome = solve(&case);
        assert_eq!(
            outcome.teleports,
            [(30, p(15, 14)), (58, p(14, 15)), (86, p(2, 6))]
        );
        assert_eq!(outcome.moves, 114);
    }

    #[test]
    fn observer_sees_the_opening_and_every_move() {
        let case = Case::new(vec![p(16, 17), p(12, 17), p(7, 11), p(9, 11)], vec![]).unwrap();
        let mut numbers = Vec::new();
        let outcome = play(&case, &mut |step| numbers.push(step.number));
        assert_eq!(numbers, (0..=outcome.moves).collect::<Vec<_>>());
    }

    #[test]
    fn move_limit_grows_with_robots_and_teleports() {
        assert_eq!(move_limit(1, 0), 31 * 31);
        assert_eq!(move_limit(50, 20), 21 * 31 * 1501 + 20);
    }
}
