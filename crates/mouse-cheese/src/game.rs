//! The game under perfect play, solved once for every position.

use crate::board::{all_regions, Cell, Stick, StickSet, ALL_CELLS, CELLS};
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

/// Every position of the game, solved: for each set of sticks already gone, each mouse
/// cell and each cheese cell, whether the player about to move wins.
///
/// A move throws one remaining stick away; it wins at once when the mouse then reaches the
/// cheese. Otherwise the position passes to the opponent. A move only adds a stick to the set,
/// so the set's number grows strictly, and filling the table from the highest number down finds
/// every successor already solved (retrograde analysis). The game cannot stall: with all twelve
/// sticks gone every cell is reachable, so a position that is not over always has a move.
///
/// The nine cheese cells of one (gone sticks, mouse) entry are the bits of one `u16`, so a move is
/// evaluated for all of them with one OR.
#[derive(Clone, Debug)]
pub struct Solver {
    /// `regions[gone][cell]`: the cells reachable from `cell` (see [`all_regions`]).
    regions: Vec<[u16; CELLS]>,
    /// `mover_wins[gone][mouse]`: the cheese cells for which the player to move wins. Only
    /// cells outside the mouse's region are set; for the others the game is already over.
    mover_wins: Vec<[u16; CELLS]>,
}

impl Solver {
    /// Solves all 4,096 x 9 x 9 positions: 4,096 x 9 x 12 bit operations.
    pub fn new() -> Solver {
        let regions = all_regions();
        let mut mover_wins = vec![[0u16; CELLS]; StickSet::COUNT];
        for index in (0..StickSet::COUNT).rev() {
            let gone = StickSet::from_index(index);
            for mouse in Cell::all().map(Cell::index) {
                let mut wins = 0;
                for next in Stick::all()
                    .filter(|&s| !gone.contains(s))
                    .map(|s| gone.with(s))
                {
                    // Throwing this stick away wins for each cheese the mouse then reaches and
                    // each cheese for which the opponent, to move next, loses.
                    wins |= regions[next.index()][mouse] | !mover_wins[next.index()][mouse];
                }
                mover_wins[index][mouse] = wins & !regions[index][mouse] & ALL_CELLS;
            }
        }
        Solver {
            regions,
            mover_wins,
        }
    }

    /// The table built once per process and shared by every later call.
    pub fn shared() -> &'static Solver {
        static SHARED: OnceLock<Solver> = OnceLock::new();
        SHARED.get_or_init(Solver::new)
    }

    /// The result of the game that starts with the sticks of `gone` already gone and SOHA to
    /// move. A mouse standing on the cheese already reaches it (its region holds its own cell).
    pub fn outcome(&self, mouse: Cell, cheese: Cell, gone: StickSet) -> Outcome {
        let (gone, mouse) = (gone.index(), mouse.index());
        if self.regions[gone][mouse] & cheese.bit() != 0 {
            Outcome::NoCheese
        } else if self.mover_wins[gone][mouse] & cheese.bit() != 0 {
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

    fn gone(segments: &[(i64, i64, i64, i64)]) -> StickSet {
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
            solver.outcome(cell(1), cell(2), gone(&[(1, 1, 1, 0)])),
            Outcome::NoCheese
        );
        assert_eq!(solver.outcome(cell(1), cell(4), gone(&[])), Outcome::Soha);
        assert_eq!(
            solver.outcome(cell(7), cell(2), gone(&[(1, 2, 1, 3), (2, 2, 2, 3)])),
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
