//! Reading the cases, leniently (the rules are listed in the crate documentation).

use crate::board::{Cell, Segment, Stick, StickSet};
use proconio::input;
use proconio::source::Source;
use std::io::BufRead;

/// One test case as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub mouse: Cell,
    pub cheese: Cell,
    /// The removed sticks as written, duplicates and non-sticks included.
    pub removed: Vec<Segment>,
}

impl Case {
    /// The interior sticks gone before the game starts. A segment that is not an interior stick
    /// removes nothing, and removing a stick twice is the same as removing it once.
    pub fn open_sticks(&self) -> StickSet {
        self.removed
            .iter()
            .filter_map(|&segment| Stick::from_segment(segment))
            .fold(StickSet::empty(), StickSet::with)
    }
}

/// Reads `T` and then up to `T` cases, stopping early at the end of the input. Empty input
/// holds no cases. Input that ends inside a case, or a token that is not a number of the
/// expected kind, makes proconio panic; a cell outside 1..=9 panics here.
pub fn read_cases<R: BufRead, S: Source<R>>(source: &mut S) -> Vec<Case> {
    if source.is_empty() {
        return Vec::new();
    }
    input! { from &mut *source, declared: usize }
    // No `with_capacity(declared)`: `declared` is untrusted.
    let mut cases = Vec::new();
    for number in 1..=declared {
        if source.is_empty() {
            break;
        }
        cases.push(read_case(source, number));
    }
    cases
}

fn read_case<R: BufRead, S: Source<R>>(source: &mut S, number: usize) -> Case {
    input! { from &mut *source, mouse: i64, cheese: i64, count: usize }
    let mouse = board_cell(mouse, "mouse", number);
    let cheese = board_cell(cheese, "cheese", number);
    // One segment at a time: a huge `count` runs out of input instead of allocating.
    let mut removed = Vec::new();
    for _ in 0..count {
        input! { from &mut *source, x1: i64, y1: i64, x2: i64, y2: i64 }
        removed.push(Segment {
            from: (x1, y1),
            to: (x2, y2),
        });
    }
    Case {
        mouse,
        cheese,
        removed,
    }
}

fn board_cell(number: i64, what: &str, case: usize) -> Cell {
    match Cell::from_number(number) {
        Some(cell) => cell,
        None => panic!("case {case}: the {what}'s cell {number} is not between 1 and 9"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proconio::source::once::OnceSource;

    fn read(text: &str) -> Vec<Case> {
        read_cases(&mut OnceSource::from(text))
    }

    fn seg(x1: i64, y1: i64, x2: i64, y2: i64) -> Segment {
        Segment {
            from: (x1, y1),
            to: (x2, y2),
        }
    }

    #[test]
    fn reads_the_statement_sample() {
        let cases = read("3\n1 2 1\n1 1 1 0\n1 4 0\n7 2 2\n1 2 1 3\n2 2 2 3\n");
        assert_eq!(cases.len(), 3);
        assert_eq!((cases[0].mouse.number(), cases[0].cheese.number()), (1, 2));
        assert_eq!(cases[0].removed, [seg(1, 1, 1, 0)]);
        assert!(cases[1].removed.is_empty());
        assert_eq!(cases[2].removed, [seg(1, 2, 1, 3), seg(2, 2, 2, 3)]);
    }

    #[test]
    fn stops_at_the_end_of_input_when_t_is_too_large() {
        assert_eq!(read("5\n1 4 0\n").len(), 1);
        assert_eq!(read("18446744073709551615 1 4 0").len(), 1);
        assert_eq!(read("2\n").len(), 0);
    }

    #[test]
    fn ignores_cases_beyond_t() {
        assert_eq!(read("1\n1 4 0\n2 5 0\n").len(), 1);
    }

    #[test]
    fn empty_input_has_no_cases() {
        assert!(read("").is_empty());
        assert!(read(" \n\n").is_empty());
    }

    #[test]
    fn duplicates_and_non_sticks_remove_nothing_more() {
        let case = &read("1\n1 9 4\n1 0 1 1\n1 1 1 0\n0 0 1 0\n5 5 7 7\n")[0];
        assert_eq!(case.removed.len(), 4);
        let expected = Stick::from_segment(seg(1, 0, 1, 1)).unwrap();
        assert_eq!(case.open_sticks().iter().collect::<Vec<_>>(), [expected]);
    }

    #[test]
    #[should_panic(expected = "case 2: the cheese's cell 10 is not between 1 and 9")]
    fn cell_outside_the_board_is_refused() {
        read("2\n1 2 0\n1 10 0\n");
    }

    #[test]
    #[should_panic(expected = "end of input")]
    fn input_ending_inside_a_case_is_refused() {
        read("1\n7 2 2\n1 2 1 3\n");
    }
}
