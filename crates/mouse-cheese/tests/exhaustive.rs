//! The solver against the naive oracle on every position: 72 (mouse, cheese) pairs of distinct
//! cells x 4,096 sets of removed sticks = 294,912 positions.

mod oracle;

use mouse_cheese::{Cell, Segment, Solver, Stick, StickSet};
use oracle::{interior_sticks, Oracle, Seg};

fn segment((from, to): Seg) -> Segment {
    Segment { from, to }
}

#[test]
fn every_position_agrees_with_the_naive_oracle() {
    let solver = Solver::new();
    let mut oracle = Oracle::default();
    let sticks = interior_sticks();
    let mut checked = 0usize;
    let mut tally = [0usize; 3];
    let mut failures = Vec::new();
    for mouse in 1..=9u8 {
        for cheese in (1..=9u8).filter(|&c| c != mouse) {
            for mask in 0..1u32 << sticks.len() {
                let removed: Vec<Seg> = (0..sticks.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| sticks[i])
                    .collect();
                // Give about half of the sticks with their end points swapped.
                let written: Vec<Segment> = removed
                    .iter()
                    .enumerate()
                    .map(|(i, &(a, b))| {
                        segment(if (i + mouse as usize) % 2 == 0 {
                            (a, b)
                        } else {
                            (b, a)
                        })
                    })
                    .collect();
                // As the input is read: a segment that is no interior stick removes nothing,
                // one removed twice is removed once.
                let gone = written
                    .iter()
                    .filter_map(|&segment| Stick::from_segment(segment))
                    .fold(StickSet::empty(), StickSet::with);
                let (mouse_cell, cheese_cell) = (
                    Cell::from_number(mouse.into()).unwrap(),
                    Cell::from_number(cheese.into()).unwrap(),
                );
                let expected = oracle.answer(mouse, cheese, &removed);
                let got = solver.outcome(mouse_cell, cheese_cell, gone).name();
                if got != expected && failures.len() < 10 {
                    failures.push(format!("mouse {mouse} cheese {cheese} removed {removed:?}: solver {got}, oracle {expected}"));
                }
                tally[["No Cheese!", "SOHA", "TARA"]
                    .iter()
                    .position(|&n| n == expected)
                    .unwrap()] += 1;
                checked += 1;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "disagreements:\n{}",
        failures.join("\n")
    );
    assert_eq!(checked, 72 * 4096);
    // The oracle's verdicts are not degenerate: every answer occurs many times.
    assert!(tally.iter().all(|&n| n > 1000), "tally {tally:?}");
}
