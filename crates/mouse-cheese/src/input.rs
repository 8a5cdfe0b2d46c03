//! Reading the cases, leniently (the rules are listed in the crate documentation).

use crate::board::{Cell, Segment, Stick, StickSet};
use shared_grid::{parse_token, InputError, TokenReader};
use std::io::BufRead;

/// One case reduced to what the game needs: the set of interior sticks already gone is built
/// while the segments are read, so a case with millions of segments takes constant memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub mouse: Cell,
    pub cheese: Cell,
    pub gone: StickSet,
}

/// Reads `T`; empty input holds no cases (`0`). A `T` larger than the cases present is fine:
/// the caller stops at the end of the input after a whole case.
pub fn read_case_count<R: BufRead>(source: &mut TokenReader<R>) -> Result<usize, InputError> {
    if source.is_empty() {
        return Ok(0);
    }
    parse_token(source.next_token(), "the number of cases T")
}

/// Reads one case. Input that ends inside it, a token that is not an integer of the expected
/// kind, or a cell outside 1..=9 is an error.
pub fn read_position<R: BufRead>(source: &mut TokenReader<R>) -> Result<Position, InputError> {
    let mouse = read_cell(source, "mouse")?;
    let cheese = read_cell(source, "cheese")?;
    let count: usize = parse_token(source.next_token(), "the number of removed sticks R")?;
    // One segment at a time: a huge `count` runs out of input instead of allocating.
    let mut gone = StickSet::empty();
    for _ in 0..count {
        let mut end = [0i64; 4];
        for value in &mut end {
            *value = parse_token(source.next_token(), "a stick coordinate")?;
        }
        let segment = Segment {
            from: (end[0], end[1]),
            to: (end[2], end[3]),
        };
        if let Some(stick) = Stick::from_segment(segment) {
            gone = gone.with(stick);
        }
    }
    Ok(Position {
        mouse,
        cheese,
        gone,
    })
}

fn read_cell<R: BufRead>(source: &mut TokenReader<R>, what: &str) -> Result<Cell, InputError> {
    let number: i64 = parse_token(source.next_token(), &format!("the {what}'s cell"))?;
    Cell::from_number(number).ok_or_else(|| {
        InputError::new(format!("the {what}'s cell {number} is not between 1 and 9"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// T and then every whole case present, or the first error.
    fn read(text: &str) -> Result<Vec<Position>, InputError> {
        let mut source = TokenReader::new(text.as_bytes());
        let declared = read_case_count(&mut source)?;
        let mut cases = Vec::new();
        while cases.len() < declared && !source.is_empty() {
            cases.push(read_position(&mut source).map_err(|e| e.at(cases.len() + 1))?);
        }
        Ok(cases)
    }

    fn stick(x1: i64, y1: i64, x2: i64, y2: i64) -> Stick {
        Stick::from_segment(Segment {
            from: (x1, y1),
            to: (x2, y2),
        })
        .unwrap()
    }

    #[test]
    fn reads_the_statement_sample() {
        let cases = read("3\n1 2 1\n1 1 1 0\n1 4 0\n7 2 2\n1 2 1 3\n2 2 2 3\n").unwrap();
        assert_eq!(cases.len(), 3);
        assert_eq!((cases[0].mouse.number(), cases[0].cheese.number()), (1, 2));
        assert_eq!(cases[0].gone, StickSet::empty().with(stick(1, 1, 1, 0)));
        assert!(cases[1].gone.is_empty());
        let top = StickSet::empty()
            .with(stick(1, 2, 1, 3))
            .with(stick(2, 2, 2, 3));
        assert_eq!(cases[2].gone, top);
    }

    #[test]
    fn stops_at_the_end_of_input_when_t_is_too_large() {
        assert_eq!(read("5\n1 4 0\n").unwrap().len(), 1);
        assert_eq!(read("18446744073709551615 1 4 0").unwrap().len(), 1);
        assert_eq!(read("2\n").unwrap().len(), 0);
    }

    #[test]
    fn ignores_cases_beyond_t() {
        assert_eq!(read("1\n1 4 0\n2 5 0\n").unwrap().len(), 1);
    }

    #[test]
    fn empty_input_has_no_cases() {
        assert!(read("").unwrap().is_empty());
        assert!(read(" \n\n").unwrap().is_empty());
    }

    #[test]
    fn duplicates_and_non_sticks_remove_nothing_more() {
        let case = read("1\n1 9 4\n1 0 1 1\n1 1 1 0\n0 0 1 0\n5 5 7 7\n").unwrap()[0];
        assert_eq!(case.gone.iter().collect::<Vec<_>>(), [stick(1, 0, 1, 1)]);
    }

    #[test]
    fn cell_outside_the_board_is_refused() {
        let err = read("2\n1 2 0\n1 10 0\n").unwrap_err();
        assert_eq!(
            err.message(),
            "2: the cheese's cell 10 is not between 1 and 9"
        );
    }

    #[test]
    fn input_ending_inside_a_case_is_refused() {
        let err = read("1\n7 2 2\n1 2 1 3\n").unwrap_err();
        assert!(err.message().contains("end of input"), "{err}");
    }
}
