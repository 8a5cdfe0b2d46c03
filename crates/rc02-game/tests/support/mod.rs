//! The random games of the randomized test (move policies that exercise every rule, the odd
//! illegal move, lines after the end), and the stress loop's view of an input, shared with
//! `make stress` (`examples/stress.rs` includes this module beside `common`, the oracle).

// Each includer uses a different part.
#![allow(dead_code)]

use crate::common::{input_text, legal_moves, oracle, Plain, Seen};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The whole output for a whole input, through `rc02_game::run_to`; panics with the error line on
/// malformed input.
pub fn output_of(input: &str) -> String {
    let mut out = Vec::new();
    let source = &mut shared_grid::TokenReader::new(input.as_bytes());
    rc02_game::run_to(source, &mut out).unwrap_or_else(|err| panic!("{err}"));
    String::from_utf8(out).expect("the output is ASCII")
}

#[derive(Clone, Copy, Debug)]
pub enum Policy {
    Uniform,
    Capture,
    SqueezeOpponent,
    SqueezeSelf,
}

pub fn mobility(g: &[Vec<char>], side: char) -> usize {
    legal_moves(g, side).len()
}

pub fn pieces(g: &[Vec<char>], side: char) -> usize {
    g.iter().flatten().filter(|&&ch| ch == side).count()
}

/// A legal move for the side to move, chosen by `policy`.
pub fn choose(rng: &mut ChaCha8Rng, game: &Plain, policy: Policy) -> [i64; 4] {
    let me = game.turn;
    let foe = if me == 'h' { 'l' } else { 'h' };
    let options = legal_moves(&game.g, me);
    assert!(
        !options.is_empty(),
        "a running game always has a move for the side to move"
    );
    let uniform = options[rng.random_range(0..options.len())];
    if matches!(policy, Policy::Uniform) || rng.random_bool(0.25) {
        return uniform;
    }
    let score = |m: [i64; 4]| -> i64 {
        let mut next = Plain {
            n: game.n,
            g: game.g.clone(),
            turn: game.turn,
            result: None,
        };
        next.step(m, &mut Seen::default());
        match policy {
            Policy::Uniform => 0,
            Policy::Capture => -(pieces(&next.g, foe) as i64),
            Policy::SqueezeOpponent => {
                mobility(&next.g, foe) as i64 - pieces(&game.g, foe) as i64
                    + pieces(&next.g, foe) as i64
            }
            Policy::SqueezeSelf => mobility(&next.g, me) as i64,
        }
    };
    let scored: Vec<(i64, [i64; 4])> = options.iter().map(|&m| (score(m), m)).collect();
    let best = scored.iter().map(|s| s.0).min().unwrap();
    let good: Vec<_> = scored
        .into_iter()
        .filter(|s| s.0 == best)
        .map(|s| s.1)
        .collect();
    good[rng.random_range(0..good.len())]
}

/// An illegal move of a random kind for the side to move (or, rarely, pure noise).
pub fn illegal(rng: &mut ChaCha8Rng, game: &Plain) -> [i64; 4] {
    let n = game.n as i64;
    let cells: Vec<(i64, i64)> = (1..=n).flat_map(|c| (1..=n).map(move |r| (c, r))).collect();
    let at = |(c, r): (i64, i64)| game.g[(r - 1) as usize][(c - 1) as usize];
    let own: Vec<_> = cells
        .iter()
        .copied()
        .filter(|&p| at(p) == game.turn)
        .collect();
    let pick = |rng: &mut ChaCha8Rng, v: &[(i64, i64)]| v[rng.random_range(0..v.len())];
    let steps = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    for _ in 0..100 {
        let (c, r) = pick(rng, &own);
        let candidate = match rng.random_range(0..6) {
            // off the board: push one coordinate out
            0 => {
                let out = [0, -1, n + 1, n + 7][rng.random_range(0..4)];
                let mut m = [c, r, c, r + 1];
                m[rng.random_range(0..4)] = out;
                m
            }
            // origin not own: empty or opponent's
            1 => {
                let (c, r) = pick(rng, &cells);
                let (dc, dr) = steps[rng.random_range(0..4)];
                [c, r, c + dc, r + dr]
            }
            // two steps straight, or diagonal, or staying
            2 => {
                let (dc, dr) = [
                    (0, 2),
                    (2, 0),
                    (0, -2),
                    (-2, 0),
                    (1, 1),
                    (-1, 1),
                    (1, -1),
                    (-1, -1),
                    (0, 0),
                ][rng.random_range(0..9)];
                [c, r, c + dc, r + dr]
            }
            // onto an occupied neighbour
            3 => {
                let (dc, dr) = steps[rng.random_range(0..4)];
                [c, r, c + dc, r + dr]
            }
            // swapped coordinates of a legal move: (row, column) instead of (column, row)
            4 => {
                let legal = legal_moves(&game.g, game.turn);
                let [a, b, c, d] = legal[rng.random_range(0..legal.len())];
                [b, a, d, c]
            }
            _ => [
                rng.random_range(-2..=n + 2),
                rng.random_range(-2..=n + 2),
                rng.random_range(-2..=n + 2),
                rng.random_range(-2..=n + 2),
            ],
        };
        if !legal_moves(&game.g, game.turn).contains(&candidate) {
            return candidate;
        }
    }
    [0, 0, 0, 0]
}

/// One random test: the board size and the move lines (maybe running past the end).
pub fn random_case(rng: &mut ChaCha8Rng) -> (usize, Vec<[i64; 4]>) {
    let n = [4, 4, 4, 4, 6, 6, 8, 10][rng.random_range(0..8)];
    let policy = [
        Policy::Uniform,
        Policy::Capture,
        Policy::Capture,
        Policy::SqueezeOpponent,
        Policy::SqueezeSelf,
    ][rng.random_range(0..5)];
    let longest = [20, 60, 160][rng.random_range(0..3)];
    let length = rng.random_range(1..=longest);
    let illegal_rate = [0.0, 0.0, 0.01, 0.05][rng.random_range(0..4)];
    let mut game = Plain::new(n);
    let mut moves = Vec::new();
    while moves.len() < length {
        let m = if game.result.is_some() {
            // after the end anything may follow, even garbage
            [
                rng.random_range(-1..=11),
                rng.random_range(-1..=11),
                rng.random_range(-1..=11),
                rng.random_range(-1..=11),
            ]
        } else if rng.random_bool(illegal_rate) {
            illegal(rng, &game)
        } else {
            choose(rng, &game, policy)
        };
        game.step(m, &mut Seen::default());
        moves.push(m);
    }
    (n, moves)
}

/// An input: N, the announced K, every move line present (more or fewer than K), and whether
/// the text ends with a newline.
#[derive(Clone, Debug)]
pub struct Input {
    pub n: usize,
    pub k: usize,
    pub lines: Vec<[i64; 4]>,
    pub final_newline: bool,
}

impl Input {
    /// The lines the game reads: the first K present.
    pub fn played(&self) -> &[[i64; 4]] {
        &self.lines[..self.k.min(self.lines.len())]
    }
}

/// A random game, with K announced as the line count, or more (missing lines), or fewer
/// (extra lines ignored), and one text in ten without its final newline.
pub fn random_input(rng: &mut ChaCha8Rng) -> Input {
    let (n, lines) = random_case(rng);
    let k = match rng.random_range(0..10) {
        0 => lines.len() + rng.random_range(1..5),
        1 => rng.random_range(0..=lines.len()),
        _ => lines.len(),
    };
    let final_newline = !rng.random_bool(0.1);
    Input {
        n,
        k,
        lines,
        final_newline,
    }
}

/// `make stress P=rc02-game`: the plain oracle against the bundle.
pub struct Stress;

impl stress_kit::Problem for Stress {
    type Input = Input;

    fn generate(rng: &mut ChaCha8Rng) -> String {
        Self::write(&random_input(rng))
    }

    /// Tokens: N, K, then every complete group of four.
    fn parse(text: &str) -> Input {
        let tokens: Vec<i64> = text
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let lines = tokens[2..]
            .chunks_exact(4)
            .map(|c| [c[0], c[1], c[2], c[3]])
            .collect();
        Input {
            n: tokens[0] as usize,
            k: tokens[1] as usize,
            lines,
            final_newline: text.ends_with('\n'),
        }
    }

    fn write(input: &Input) -> String {
        let mut text = input_text(input.n, input.k, &input.lines);
        if !input.final_newline {
            text.pop();
        }
        text
    }

    fn oracle(input: &Input) -> String {
        oracle(input.n, input.played(), &mut Seen::default())
    }

    /// Fewer lines (K keeps its distance to the line count), K equal to the line count, a
    /// smaller board.
    fn shrink(input: &Input) -> Vec<Input> {
        let extra = input.k as i64 - input.lines.len() as i64;
        let fewer = stress_kit::shrink::removals(&input.lines)
            .into_iter()
            .map(|lines| Input {
                k: (lines.len() as i64 + extra).max(0) as usize,
                lines,
                ..input.clone()
            });
        let exact = (extra != 0).then(|| Input {
            k: input.lines.len(),
            ..input.clone()
        });
        let smaller = (input.n > 4).then(|| Input {
            n: input.n - 2,
            ..input.clone()
        });
        fewer.chain(exact).chain(smaller).collect()
    }
}
