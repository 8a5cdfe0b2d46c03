//! The random inputs of the randomized test, and the stress loop's view of an input, shared
//! with `make stress` (`examples/stress.rs` includes this module beside `oracle`). Inputs are
//! written the many ways the lenient reader accepts (either end point order, duplicates, rim and
//! junk segments, odd whitespace, T larger than the cases present, no final newline).

// Each includer uses a different part.
#![allow(dead_code)]

use crate::oracle::{interior_sticks, Oracle, Seg};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::fmt::Write;

/// The whole output for a whole input, through `mouse_cheese::run_to`; panics with the error line on
/// malformed input.
pub fn output_of(input: &str) -> String {
    let mut out = Vec::new();
    let source = &mut shared_grid::TokenReader::new(input.as_bytes());
    mouse_cheese::run_to(source, &mut out).unwrap_or_else(|err| panic!("{err}"));
    String::from_utf8(out).expect("the output is ASCII")
}

pub struct RandomCase {
    mouse: u8,
    cheese: u8,
    written: Vec<Seg>,
}

pub fn random_case(rng: &mut ChaCha8Rng, sticks: &[Seg]) -> RandomCase {
    let mouse = rng.random_range(1..=9);
    let cheese = if rng.random_bool(0.05) {
        mouse
    } else {
        let c = rng.random_range(1..=8);
        if c >= mouse {
            c + 1
        } else {
            c
        }
    };
    let density = rng.random_range(0.0..=1.0);
    let mut written = Vec::new();
    for &(a, b) in sticks {
        if rng.random_bool(density) {
            written.push(if rng.random_bool(0.5) { (a, b) } else { (b, a) });
        }
    }
    if !written.is_empty() && rng.random_bool(0.2) {
        let again = written[rng.random_range(0..written.len())];
        written.push((again.1, again.0));
    }
    if rng.random_bool(0.2) {
        // A rim segment: never a stick.
        let t = rng.random_range(0..3);
        let rim = [
            ((t, 0), (t + 1, 0)),
            ((3, t), (3, t + 1)),
            ((0, t + 1), (0, t)),
            ((t + 1, 3), (t, 3)),
        ];
        written.push(rim[rng.random_range(0..rim.len())]);
    }
    if rng.random_bool(0.1) {
        let mut coord = || rng.random_range(-4..8);
        written.push(((coord(), coord()), (coord(), coord())));
    }
    written.shuffle(rng);
    RandomCase {
        mouse,
        cheese,
        written,
    }
}

pub fn separator(rng: &mut ChaCha8Rng) -> &'static str {
    [" ", " ", "  ", "\t", "\n", "\r\n", "\n\n"][rng.random_range(0..7)]
}

/// The input text and the output the oracle expects for it.
pub fn random_input(rng: &mut ChaCha8Rng, sticks: &[Seg], oracle: &mut Oracle) -> (String, String) {
    let count = rng.random_range(0..=8);
    let cases: Vec<RandomCase> = (0..count).map(|_| random_case(rng, sticks)).collect();
    let declared = if rng.random_bool(0.15) {
        count + rng.random_range(1..5)
    } else {
        count
    };
    let mut text = declared.to_string();
    let mut expected = String::new();
    for (k, case) in cases.iter().enumerate() {
        let head = [
            case.mouse as i64,
            case.cheese as i64,
            case.written.len() as i64,
        ];
        for n in head {
            text.push_str(separator(rng));
            write!(text, "{n}").unwrap();
        }
        for &((x1, y1), (x2, y2)) in &case.written {
            for n in [x1, y1, x2, y2] {
                text.push_str(separator(rng));
                write!(text, "{n}").unwrap();
            }
        }
        let answer = oracle.answer(case.mouse, case.cheese, &case.written);
        writeln!(expected, "Case {}: {answer}", k + 1).unwrap();
    }
    if rng.random_bool(0.7) {
        text.push('\n');
    }
    (text, expected)
}

/// An input as the oracle reads it: the declared T and the cases present (at most T).
#[derive(Clone, Debug)]
pub struct Input {
    pub declared: i64,
    /// (mouse, cheese, removed segments as written)
    pub cases: Vec<(i64, i64, Vec<Seg>)>,
}

/// The oracle's own reading of an input: whitespace-separated integers, T then up to T cases.
pub fn parse(text: &str) -> Input {
    let numbers: Vec<i64> = text
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut next = numbers.into_iter();
    let declared = next.next().unwrap_or(0);
    let mut cases = Vec::new();
    for _ in 1..=declared {
        let Some(mouse) = next.next() else { break };
        let cheese = next.next().unwrap();
        let count = next.next().unwrap();
        let removed: Vec<Seg> = (0..count)
            .map(|_| {
                let mut n = || next.next().unwrap();
                ((n(), n()), (n(), n()))
            })
            .collect();
        cases.push((mouse, cheese, removed));
    }
    Input { declared, cases }
}

/// The expected output for an input text, by the naive oracle.
pub fn oracle_output(text: &str, oracle: &mut Oracle) -> String {
    answers(&parse(text), oracle)
}

fn answers(input: &Input, oracle: &mut Oracle) -> String {
    let mut out = String::new();
    for (k, (mouse, cheese, removed)) in input.cases.iter().enumerate() {
        let answer = oracle.answer(*mouse as u8, *cheese as u8, removed);
        writeln!(out, "Case {}: {answer}", k + 1).unwrap();
    }
    out
}

thread_local! {
    /// One oracle for the whole stress run: it remembers the positions it has solved.
    static ORACLE: RefCell<Oracle> = RefCell::new(Oracle::default());
}

/// `make stress P=mouse-cheese`: the naive oracle against the bundle.
pub struct Stress;

impl stress_kit::Problem for Stress {
    type Input = Input;

    fn generate(rng: &mut ChaCha8Rng) -> String {
        let sticks = interior_sticks();
        ORACLE.with(|oracle| random_input(rng, &sticks, &mut oracle.borrow_mut()).0)
    }

    fn parse(text: &str) -> Input {
        parse(text)
    }

    fn write(input: &Input) -> String {
        let mut text = format!("{}\n", input.declared);
        for (mouse, cheese, removed) in &input.cases {
            writeln!(text, "{mouse} {cheese} {}", removed.len()).unwrap();
            for ((x1, y1), (x2, y2)) in removed {
                writeln!(text, "{x1} {y1} {x2} {y2}").unwrap();
            }
        }
        text
    }

    fn oracle(input: &Input) -> String {
        ORACLE.with(|oracle| answers(input, &mut oracle.borrow_mut()))
    }

    /// Fewer cases (T shrinks with them); T down to the cases present; fewer segments.
    fn shrink(input: &Input) -> Vec<Input> {
        use stress_kit::shrink::{each, removals};
        let missing = input.declared - input.cases.len() as i64;
        let fewer = removals(&input.cases)
            .into_iter()
            .filter(|cases| !cases.is_empty())
            .map(|cases| Input {
                declared: cases.len() as i64 + missing,
                cases,
            });
        let exact = (missing > 0).then(|| Input {
            declared: input.cases.len() as i64,
            cases: input.cases.clone(),
        });
        let shorter = each(&input.cases, |(mouse, cheese, removed)| {
            let fewer = removals(removed).into_iter();
            fewer.map(|r| (*mouse, *cheese, r)).collect()
        });
        let shorter = shorter.into_iter().map(|cases| Input {
            declared: input.declared,
            cases,
        });
        fewer.chain(exact).chain(shorter).collect()
    }
}
