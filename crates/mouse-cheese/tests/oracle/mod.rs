//! A deliberately naive, independent referee for the tests: sticks are coordinate segments,
//! the mouse walks by flood fill over (x, y) cells, and the game is a plain recursive minimax
//! over the list of standing sticks (memoised per mouse/cheese pair, else 12! lines of play).
//! It shares nothing with the solver but the input type `Segment` and the answer names.

use std::collections::HashMap;

/// A unit segment, smaller end point first (so either input order compares equal).
pub type Seg = ((i64, i64), (i64, i64));

pub fn normalise(a: (i64, i64), b: (i64, i64)) -> Seg {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Every unit segment between lattice points of the 4 x 4 corner grid, minus the ones on the
/// rim: the sticks of the game, sorted.
pub fn interior_sticks() -> Vec<Seg> {
    let on_rim = |((x1, y1), (x2, y2)): Seg| {
        (x1 == x2 && (x1 == 0 || x1 == 3)) || (y1 == y2 && (y1 == 0 || y1 == 3))
    };
    let mut all = Vec::new();
    for x in 0..=3 {
        for y in 0..=3 {
            if x < 3 {
                all.push(normalise((x, y), (x + 1, y)));
            }
            if y < 3 {
                all.push(normalise((x, y), (x, y + 1)));
            }
        }
    }
    let mut sticks: Vec<Seg> = all.into_iter().filter(|&s| !on_rim(s)).collect();
    sticks.sort();
    assert_eq!(sticks.len(), 12);
    sticks
}

/// The cell numbered 1..=9 as (x, y) of its lower-left corner.
pub fn cell_xy(number: u8) -> (i64, i64) {
    let k = i64::from(number) - 1;
    (k % 3, k / 3)
}

/// Flood fill from the mouse's cell; a step to a neighbouring cell is blocked by the standing
/// stick on the side they share.
pub fn mouse_reaches(standing: &[Seg], mouse: (i64, i64), cheese: (i64, i64)) -> bool {
    let mut seen = vec![mouse];
    let mut todo = vec![mouse];
    while let Some((x, y)) = todo.pop() {
        if (x, y) == cheese {
            return true;
        }
        // (neighbour, the side shared with it)
        let steps = [
            ((x + 1, y), normalise((x + 1, y), (x + 1, y + 1))),
            ((x - 1, y), normalise((x, y), (x, y + 1))),
            ((x, y + 1), normalise((x, y + 1), (x + 1, y + 1))),
            ((x, y - 1), normalise((x, y), (x + 1, y))),
        ];
        for (next, side) in steps {
            let inside = (0..3).contains(&next.0) && (0..3).contains(&next.1);
            if inside && !standing.contains(&side) && !seen.contains(&next) {
                seen.push(next);
                todo.push(next);
            }
        }
    }
    false
}

/// The referee for one (mouse, cheese) pair, remembering positions it has solved.
pub struct PairOracle {
    mouse: (i64, i64),
    cheese: (i64, i64),
    memo: HashMap<Vec<Seg>, bool>,
}

impl PairOracle {
    pub fn new(mouse: u8, cheese: u8) -> Self {
        PairOracle {
            mouse: cell_xy(mouse),
            cheese: cell_xy(cheese),
            memo: HashMap::new(),
        }
    }

    /// The answer's name, for the sticks still standing (sorted, no duplicates).
    pub fn answer(&mut self, standing: &[Seg]) -> &'static str {
        if mouse_reaches(standing, self.mouse, self.cheese) {
            "No Cheese!"
        } else if self.mover_wins(standing) {
            "SOHA"
        } else {
            "TARA"
        }
    }

    /// Minimax: the player to move wins if some stick, thrown away, lets the mouse through
    /// or leaves the other player a lost position.
    fn mover_wins(&mut self, standing: &[Seg]) -> bool {
        if let Some(&known) = self.memo.get(standing) {
            return known;
        }
        let mut wins = false;
        for i in 0..standing.len() {
            let mut rest = standing.to_vec();
            rest.remove(i);
            if mouse_reaches(&rest, self.mouse, self.cheese) || !self.mover_wins(&rest) {
                wins = true;
                break;
            }
        }
        self.memo.insert(standing.to_vec(), wins);
        wins
    }
}

/// Referees for every pair, created on demand.
#[derive(Default)]
pub struct Oracle {
    pairs: HashMap<(u8, u8), PairOracle>,
}

impl Oracle {
    /// The answer's name for a case given as the input gives it: removed segments as written.
    pub fn answer(&mut self, mouse: u8, cheese: u8, removed: &[Seg]) -> &'static str {
        if mouse == cheese {
            return "No Cheese!";
        }
        let removed: Vec<Seg> = removed.iter().map(|&(a, b)| normalise(a, b)).collect();
        let standing: Vec<Seg> = interior_sticks()
            .into_iter()
            .filter(|s| !removed.contains(s))
            .collect();
        self.pairs
            .entry((mouse, cheese))
            .or_insert_with(|| PairOracle::new(mouse, cheese))
            .answer(&standing)
    }
}
