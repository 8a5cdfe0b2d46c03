//! Randomized differential test: the solver against a deliberately plain oracle.
//!
//! The oracle is a breadth-first search over *whole board states* (every
//! square's content plus the stone), written from the statement with its own
//! sliding loop and no pruning beyond "never expand the same board twice".

use curling::{min_throws, Board};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

const VACANT: u8 = 0;
const BLOCK: u8 = 1;
const START: u8 = 2;
const GOAL: u8 = 3;

/// Fewest throws (at most 10) by exhaustive breadth-first search, or None.
pub fn oracle(rows: &[Vec<u8>]) -> Option<u32> {
    let h = rows.len() as i32;
    let w = rows[0].len() as i32;
    let mut stone = (0, 0);
    let mut goal = (0, 0);
    let mut board: Vec<Vec<u8>> = rows.to_vec();
    for r in 0..h {
        for c in 0..w {
            match board[r as usize][c as usize] {
                START => {
                    stone = (r, c);
                    board[r as usize][c as usize] = VACANT;
                }
                GOAL => goal = (r, c),
                _ => {}
            }
        }
    }
    let mut layer = vec![(stone, board)];
    let mut seen = HashSet::new();
    for throws in 1..=10u32 {
        let mut next_layer = Vec::new();
        for ((sr, sc), board) in &layer {
            for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let inside = |r: i32, c: i32| r >= 0 && c >= 0 && r < h && c < w;
                let (mut r, mut c) = (*sr, *sc);
                // A block right next to the stone forbids this direction.
                if inside(r + dr, c + dc) && board[(r + dr) as usize][(c + dc) as usize] == BLOCK {
                    continue;
                }
                loop {
                    let (nr, nc) = (r + dr, c + dc);
                    if !inside(nr, nc) {
                        break; // off the board: this throw loses
                    }
                    if (nr, nc) == goal {
                        return Some(throws);
                    }
                    if board[nr as usize][nc as usize] == BLOCK {
                        let mut after = board.clone();
                        after[nr as usize][nc as usize] = VACANT;
                        if seen.insert(((r, c), after.clone())) {
                            next_layer.push(((r, c), after));
                        }
                        break;
                    }
                    r = nr;
                    c = nc;
                }
            }
        }
        layer = next_layer;
    }
    None
}

/// A random board of the given shape and style, with one start and one goal.
fn random_board(rng: &mut ChaCha8Rng, h: usize, w: usize) -> Vec<Vec<u8>> {
    let style = rng.random_range(0..4);
    let mut rows = vec![vec![VACANT; w]; h];
    for (r, row) in rows.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let block = match style {
                0 => rng.random_bool(0.1),  // sparse
                1 => rng.random_bool(0.45), // dense
                2 => (r % 2 == 1 && rng.random_bool(0.8)) || rng.random_bool(0.05), // maze-like walls
                _ => (c % 3 == 2 && rng.random_bool(0.7)) || rng.random_bool(0.15), // columns of blocks
            };
            if block {
                *cell = BLOCK;
            }
        }
    }
    let cells = h * w;
    let start = rng.random_range(0..cells);
    let mut goal = rng.random_range(0..cells - 1);
    if goal >= start {
        goal += 1;
    }
    rows[start / w][start % w] = START;
    rows[goal / w][goal % w] = GOAL;
    rows
}

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
        let mut tokens = input.split_whitespace().map(|t| t.parse::<u8>().unwrap());
        let mut answers = String::new();
        while let (Some(w), Some(h)) = (tokens.next(), tokens.next()) {
            if (w, h) == (0, 0) {
                break;
            }
            let rows: Vec<Vec<u8>> = (0..h)
                .map(|_| (0..w).map(|_| tokens.next().unwrap()).collect())
                .collect();
            let answer = oracle(&rows).map_or(-1, |t| t as i64);
            answers.push_str(&format!("{answer}\n"));
        }
        assert_eq!(answers, expected, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} samples");
}
