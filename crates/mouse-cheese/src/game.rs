//! The game under perfect play, solved once for every position.

use crate::board::{connected, region, Cell, Stick, StickSet, CELLS};
use crate::input::Case;
use std::fmt;
use std::sync::OnceLock;

/// What the statement asks for one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The mouse reaches the cheese before anybody moves.
    NoCheese,
    /// The first player wins.
    Soha,
    /// The second player wins.
    Tara,
}

impl Outcome {
    /// The exact text printed after `Case k: `.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::NoCheese => "No Cheese!",
            Outcome::Soha => "SOHA",
            Outcome::Tara => "TARA",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every position of the game, solved: for each (mouse, cheese) pair of distinct cells and each
/// set of sticks already thrown away, whether the player about to move wins.
///
/// A move throws one remaining stick away; it wins at once when the mouse then reaches the
/// cheese. Otherwise the position passes to the opponent. A move only adds a stick to the set,
/// so the set's number grows strictly, and filling the table from the highest number down finds
/// every successor already solved (retrograde analysis). The game cannot stall: with all twelve
/// sticks gone every cell is reachable, so a position that is not over always has a move.
#[derive(Clone, Debug)]
pub struct Solver {
    /// `mover_wins[pair(mouse, cheese) * StickSet::COUNT + open]`; meaningless (false) where
    /// the mouse already reaches the cheese, since the game is over there.
    mover_wins: Vec<bool>,
}

fn pair(mouse: Cell, cheese: Cell) -> usize {
    mouse.index() * CELLS + cheese.index()
}

impl Solver {
    /// Solves all 72 x 4,096 positions: 4,096 x 9 flood fills, then one pass of 12 table
    /// lookups per position (a few million steps, well under a millisecond or so).
    pub fn new() -> Solver {
        // regions[open * CELLS + cell]: the cells reachable from `cell`, as a bit set.
        let regions: Vec<u16> = (0..StickSet::COUNT)
            .flat_map(|index| Cell::all().map(move |c| region(StickSet::from_index(index), c)))
            .collect();
        let reaches = |open: StickSet, mouse: Cell, cheese: Cell| {
            regions[open.index() * CELLS + mouse.index()] >> cheese.index() & 1 == 1
        };
        let mut mover_wins = vec![false; CELLS * CELLS * StickSet::COUNT];
        for mouse in Cell::all() {
            for cheese in Cell::all().filter(|&c| c != mouse) {
                let table =
                    &mut mover_wins[pair(mouse, cheese) * StickSet::COUNT..][..StickSet::COUNT];
                for index in (0..StickSet::COUNT).rev() {
                    let open = StickSet::from_index(index);
                    if reaches(open, mouse, cheese) {
                        continue;
                    }
                    table[index] = Stick::all()
                        .filter(|&s| !open.contains(s))
                        .map(|s| open.with(s))
                        .any(|next| reaches(next, mouse, cheese) || !table[next.index()]);
                }
            }
        }
        Solver { mover_wins }
    }

    /// The table built once per process and shared by every later call.
    pub fn shared() -> &'static Solver {
        static SHARED: OnceLock<Solver> = OnceLock::new();
        SHARED.get_or_init(Solver::new)
    }

    /// The answer for one case.
    pub fn solve(&self, case: &Case) -> Outcome {
        self.outcome(case.mouse, case.cheese, case.open_sticks())
    }

    /// The result of the game that starts with the sticks in `open` already gone and SOHA to
    /// move. A mouse standing on the cheese already "reaches" it.
    pub fn outcome(&self, mouse: Cell, cheese: Cell, open: StickSet) -> Outcome {
        if mouse == cheese || connected(open, mouse, cheese) {
            Outcome::NoCheese
        } else if self.mover_wins[pair(mouse, cheese) * StickSet::COUNT + open.index()] {
            Outcome::Soha
        } else {
            Outcome::Tara
        }
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Segment;

    fn cell(number: i64) -> Cell {
        Cell::from_number(number).unwrap()
    }

    fn open(segments: &[(i64, i64, i64, i64)]) -> StickSet {
        segments
            .iter()
            .fold(StickSet::empty(), |set, &(x1, y1, x2, y2)| {
                let segment = Segment {
                    from: (x1, y1),
                    to: (x2, y2),
                };
                set.with(Stick::from_segment(segment).unwrap())
            })
    }

    #[test]
    fn statement_samples() {
        let solver = Solver::new();
        assert_eq!(
            solver.outcome(cell(1), cell(2), open(&[(1, 1, 1, 0)])),
            Outcome::NoCheese
        );
        assert_eq!(solver.outcome(cell(1), cell(4), open(&[])), Outcome::Soha);
        assert_eq!(
            solver.outcome(cell(7), cell(2), open(&[(1, 2, 1, 3), (2, 2, 2, 3)])),
            Outcome::Tara
        );
    }

    #[test]
    fn a_stick_between_mouse_and_cheese_wins_at_once() {
        let solver = Solver::new();
        for stick in Stick::all() {
            let (a, b) = stick.cells();
            // The stick itself stands; with nothing else gone, its removal connects at once.
            assert_eq!(solver.outcome(a, b, StickSet::empty()), Outcome::Soha);
            assert_eq!(solver.outcome(b, a, StickSet::empty()), Outcome::Soha);
            // With everything else gone, the mouse walks around it (the grid has no bridge).
            let rest = StickSet::full().without(stick);
            assert_eq!(solver.outcome(a, b, rest), Outcome::NoCheese);
        }
    }

    #[test]
    fn mouse_on_the_cheese_has_nothing_to_find() {
        let solver = Solver::new();
        for c in Cell::all() {
            assert_eq!(solver.outcome(c, c, StickSet::empty()), Outcome::NoCheese);
        }
    }

    #[test]
    fn outcome_is_symmetric_in_mouse_and_cheese() {
        let solver = Solver::new();
        for m in Cell::all() {
            for c in Cell::all() {
                for index in (0..StickSet::COUNT).step_by(7) {
                    let set = StickSet::from_index(index);
                    assert_eq!(solver.outcome(m, c, set), solver.outcome(c, m, set));
                }
            }
        }
    }

    #[test]
    fn names_are_exact() {
        assert_eq!(Outcome::NoCheese.to_string(), "No Cheese!");
        assert_eq!(Outcome::Soha.to_string(), "SOHA");
        assert_eq!(Outcome::Tara.to_string(), "TARA");
    }
}
