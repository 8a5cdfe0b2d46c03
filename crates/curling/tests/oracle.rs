//! Randomized differential test: the solver against a deliberately plain oracle.
//!
//! The oracle (in `support`, shared with `make stress`) is a breadth-first search over
//! *whole board states* (every square's content plus the stone), written from the statement
//! with its own sliding loop and no pruning beyond "never expand the same board twice".

mod support;

use curling::{min_throws, Board};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use stress_kit::Problem;
use support::{oracle, random_board, Stress, BLOCK, GOAL, START, VACANT};

#[test]
fn solver_matches_exhaustive_search_on_random_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(3009);
    let mut cases = 0;
    let mut histogram = [0usize; 12];
    // Every shape from 1 x 2 up to 20 x 20, several boards each, then more small ones.
    for h in 1..=20 {
        for w in 1..=20 {
            if h * w < 2 {
                continue;
            }
            let repeats = if h * w <= 64 { 12 } else { 6 };
            for _ in 0..repeats {
                let rows = random_board(&mut rng, h, w);
                let board = Board::from_codes(rows.clone()).unwrap();
                let expected = oracle(&rows);
                assert_eq!(min_throws(&board), expected, "board {rows:?}");
                histogram[expected.map_or(11, |t| t as usize)] += 1;
                cases += 1;
            }
        }
    }
    assert!(cases >= 3000, "only {cases} boards");
    // The test must exercise long answers too, not only "-1" and short ones.
    assert!(
        histogram[11] > 0 && histogram[1] > 0 && histogram[4..=10].iter().sum::<usize>() > 20,
        "{histogram:?}"
    );
    eprintln!("{cases} boards, answers 0..=10 and -1 (last): {histogram:?}");
}

/// Long staircases in a single row: answers spread over 1..=10 and beyond.
#[test]
fn solver_matches_exhaustive_search_on_long_rows() {
    let mut rng = ChaCha8Rng::seed_from_u64(1144);
    for _ in 0..400 {
        let w = rng.random_range(2..=20);
        let mut row: Vec<u8> = (0..w)
            .map(|_| if rng.random_bool(0.7) { BLOCK } else { VACANT })
            .collect();
        let start = rng.random_range(0..w);
        let goal = (start + rng.random_range(1..w)) % w;
        row[start] = START;
        row[goal] = GOAL;
        let rows = vec![row];
        assert_eq!(
            min_throws(&Board::from_codes(rows.clone()).unwrap()),
            oracle(&rows),
            "{rows:?}"
        );
    }
}

/// Every committed sample's expected output is what the oracle says.
#[test]
fn sample_outputs_agree_with_the_oracle() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/curling");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let input = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
        // The same reader and oracle as `make stress`.
        let answers = Stress::oracle(&Stress::parse(&input));
        assert_eq!(answers, expected, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} samples");
}
