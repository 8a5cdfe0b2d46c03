//! The oracle and the random boards of the randomized tests, shared with `make stress`
//! (`examples/stress.rs` includes this module): an exhaustive breadth-first search over whole
//! board states, written from the statement, and the stress loop's view of the input.

// Each includer uses a different part.
#![allow(dead_code)]

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// The whole output for a whole input, through `curling::run_to`; panics with the error line on
/// malformed input.
pub fn output_of(input: &str) -> String {
    let mut out = Vec::new();
    let source = &mut shared_grid::TokenReader::new(input.as_bytes());
    curling::run_to(source, &mut out).unwrap_or_else(|err| panic!("{err}"));
    String::from_utf8(out).expect("the output is ASCII")
}

pub const VACANT: u8 = 0;
pub const BLOCK: u8 = 1;
pub const START: u8 = 2;
pub const GOAL: u8 = 3;

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
pub fn random_board(rng: &mut ChaCha8Rng, h: usize, w: usize) -> Vec<Vec<u8>> {
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

/// The input as the stress loop sees it: boards (rows of square codes), and whether the
/// `0 0` line ends them.
#[derive(Clone, Debug)]
pub struct Input {
    pub boards: Vec<Vec<Vec<u8>>>,
    pub terminated: bool,
}

/// `make stress P=curling`: this oracle against the bundle.
pub struct Stress;

impl stress_kit::Problem for Stress {
    type Input = Input;

    /// One to five boards of any shape up to 20 x 20; one input in seven lacks `0 0`.
    fn generate(rng: &mut ChaCha8Rng) -> String {
        let count = rng.random_range(1..=5);
        let boards = (0..count)
            .map(|_| loop {
                let (h, w) = (rng.random_range(1..=20), rng.random_range(1..=20));
                if h * w >= 2 {
                    break random_board(rng, h, w);
                }
            })
            .collect();
        let terminated = rng.random_range(0..7) != 0;
        Self::write(&Input { boards, terminated })
    }

    /// Plain tokens: `w h` and the squares, until `0 0` or the end.
    fn parse(text: &str) -> Input {
        let mut tokens = text.split_whitespace().map(|t| t.parse::<usize>().unwrap());
        let mut boards = Vec::new();
        let mut terminated = false;
        while let (Some(w), Some(h)) = (tokens.next(), tokens.next()) {
            if (w, h) == (0, 0) {
                terminated = true;
                break;
            }
            let rows = (0..h)
                .map(|_| (0..w).map(|_| tokens.next().unwrap() as u8).collect())
                .collect();
            boards.push(rows);
        }
        Input { boards, terminated }
    }

    fn write(input: &Input) -> String {
        let mut text = String::new();
        for rows in &input.boards {
            text += &format!("{} {}\n", rows[0].len(), rows.len());
            for row in rows {
                let squares: Vec<String> = row.iter().map(u8::to_string).collect();
                text += &squares.join(" ");
                text.push('\n');
            }
        }
        if input.terminated {
            text += "0 0\n";
        }
        text
    }

    fn oracle(input: &Input) -> String {
        let answers = input.boards.iter().map(|rows| match oracle(rows) {
            Some(throws) => format!("{throws}\n"),
            None => "-1\n".to_string(),
        });
        answers.collect()
    }

    /// Fewer boards; then, in one board, a row or a column fewer (never the start's or the
    /// goal's), or a block fewer.
    fn shrink(input: &Input) -> Vec<Input> {
        let with_boards = |boards: Vec<Vec<Vec<u8>>>| Input {
            boards,
            terminated: input.terminated,
        };
        let fewer = stress_kit::shrink::removals(&input.boards);
        let smaller = stress_kit::shrink::each(&input.boards, |rows| smaller_boards(rows));
        fewer
            .into_iter()
            .filter(|boards| !boards.is_empty())
            .chain(smaller)
            .map(with_boards)
            .collect()
    }
}

fn holds_start_and_goal(rows: &[Vec<u8>]) -> bool {
    let has = |code| rows.iter().flatten().any(|&s| s == code);
    !rows.is_empty() && !rows[0].is_empty() && has(START) && has(GOAL)
}

/// One board with a row, a column or a block fewer, keeping its start and goal.
fn smaller_boards(rows: &[Vec<u8>]) -> Vec<Vec<Vec<u8>>> {
    let (h, w) = (rows.len(), rows[0].len());
    let without_row = (0..h).map(|r| {
        let mut fewer = rows.to_vec();
        fewer.remove(r);
        fewer
    });
    let without_column = (0..w).map(|c| {
        let mut fewer = rows.to_vec();
        for row in &mut fewer {
            row.remove(c);
        }
        fewer
    });
    let without_block = (0..h * w)
        .filter(|&k| rows[k / w][k % w] == BLOCK)
        .map(|k| {
            let mut fewer = rows.to_vec();
            fewer[k / w][k % w] = VACANT;
            fewer
        });
    let candidates = without_row
        .chain(without_column)
        .filter(|b| holds_start_and_goal(b));
    candidates.chain(without_block).collect()
}
