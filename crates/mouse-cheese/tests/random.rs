//! Randomized whole-program tests: seeded random inputs written the many ways the lenient
//! reader accepts (either end point order, duplicates, rim and junk segments, odd whitespace,
//! T larger than the cases present, no final newline, mouse on the cheese), answered by `run`
//! and by the naive oracle. Also checks every committed sample output against the oracle.

mod oracle;

use mouse_cheese::run;
use oracle::{interior_sticks, Oracle, Seg};
use proconio::source::once::OnceSource;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write;

struct RandomCase {
    mouse: u8,
    cheese: u8,
    written: Vec<Seg>,
}

fn random_case(rng: &mut ChaCha8Rng, sticks: &[Seg]) -> RandomCase {
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

fn separator(rng: &mut ChaCha8Rng) -> &'static str {
    [" ", " ", "  ", "\t", "\n", "\r\n", "\n\n"][rng.random_range(0..7)]
}

/// The input text and the output the oracle expects for it.
fn random_input(rng: &mut ChaCha8Rng, sticks: &[Seg], oracle: &mut Oracle) -> (String, String) {
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

#[test]
fn random_inputs_agree_with_the_naive_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(11818);
    let sticks = interior_sticks();
    let mut oracle = Oracle::default();
    let mut cases = 0;
    for _ in 0..2000 {
        let (text, expected) = random_input(&mut rng, &sticks, &mut oracle);
        let got = run(&mut OnceSource::from(text.as_str()));
        assert_eq!(got, expected, "input:\n{text}");
        cases += expected.lines().count();
    }
    assert!(cases > 7000, "only {cases} cases");
}

/// The oracle's own reading of an input: whitespace-separated integers, T then up to T cases.
fn oracle_output(text: &str, oracle: &mut Oracle) -> String {
    let numbers: Vec<i64> = text
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut next = numbers.into_iter();
    let declared = next.next().unwrap_or(0);
    let mut out = String::new();
    for k in 1..=declared {
        let Some(mouse) = next.next() else { break };
        let cheese = next.next().unwrap();
        let count = next.next().unwrap();
        let removed: Vec<Seg> = (0..count)
            .map(|_| {
                let mut n = || next.next().unwrap();
                ((n(), n()), (n(), n()))
            })
            .collect();
        let answer = oracle.answer(mouse as u8, cheese as u8, &removed);
        writeln!(out, "Case {k}: {answer}").unwrap();
    }
    out
}

#[test]
fn sample_outputs_agree_with_the_naive_oracle() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/mouse-cheese");
    let mut oracle = Oracle::default();
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let input = std::fs::read_to_string(&path).unwrap();
            let output = std::fs::read_to_string(path.with_extension("out")).unwrap();
            assert_eq!(
                output,
                oracle_output(&input, &mut oracle),
                "{}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} samples");
}
