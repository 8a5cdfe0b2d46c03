//! Thousands of seeded random games, played through the crate (`run` on the input text and
//! `solve` on the parsed case) and through the plain oracle of `common`, outputs compared.
//!
//! Games mix move policies so that every rule gets exercised: uniform random moves, moves that
//! capture when they can, moves that squeeze the opponent (or the mover itself) out of moves,
//! an occasional illegal move of each kind, moves after the end, short and long inputs.

mod common;

use common::{input_text, legal_moves, oracle, Plain, Seen};
use proconio::source::once::OnceSource;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rc02_game::{run, solve, Case, Move};

#[derive(Clone, Copy, Debug)]
enum Policy {
    Uniform,
    Capture,
    SqueezeOpponent,
    SqueezeSelf,
}

fn mobility(g: &[Vec<char>], side: char) -> usize {
    legal_moves(g, side).len()
}

fn pieces(g: &[Vec<char>], side: char) -> usize {
    g.iter().flatten().filter(|&&ch| ch == side).count()
}

/// A legal move for the side to move, chosen by `policy`.
fn choose(rng: &mut ChaCha8Rng, game: &Plain, policy: Policy) -> [i64; 4] {
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
fn illegal(rng: &mut ChaCha8Rng, game: &Plain) -> [i64; 4] {
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
fn random_case(rng: &mut ChaCha8Rng) -> (usize, Vec<[i64; 4]>) {
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

#[test]
fn random_games_agree_with_the_plain_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5c02_6a3e);
    let mut seen = Seen::default();
    let games = 3000;
    for game in 0..games {
        let (n, moves) = random_case(&mut rng);
        // Announce K as the line count, or more (missing lines), or fewer (extra lines ignored).
        let k = match rng.random_range(0..10) {
            0 => moves.len() + rng.random_range(1..5),
            1 => rng.random_range(0..=moves.len()),
            _ => moves.len(),
        };
        let played = &moves[..k.min(moves.len())];
        let expected = oracle(n, played, &mut seen);
        let mut text = input_text(n, k, &moves);
        if rng.random_bool(0.1) {
            text.pop(); // no final newline
        }
        let got = run(&mut OnceSource::from(text.as_str()));
        assert_eq!(got, expected, "game {game}, input:\n{text}");
        let case = Case {
            n,
            moves: played
                .iter()
                .map(|&[a, b, c, d]| Move::from_input(a, b, c, d))
                .collect(),
        };
        assert_eq!(
            solve(&case).to_string(),
            expected,
            "game {game} through solve"
        );
    }
    eprintln!("{seen:#?}");
    // The comparison above is only worth something if the games reached every rule.
    let reached = [
        ("N = 4 captures", seen.captures_n4),
        ("(N-2, 1) captures", seen.captures_n_minus_2_1),
        ("(N-3, 2) captures", seen.captures_n_minus_3_2),
        ("(N-3, 1) captures", seen.captures_n_minus_3_1),
        ("captures in a column", seen.captures_in_column),
        ("row and column at once", seen.double_captures),
        ("wins by count", seen.wins_by_count),
        ("wins by a jump below N/2", seen.wins_by_count_below_half),
        ("side to move without a move", seen.wins_by_no_move_of_next),
        ("invalid data", seen.invalid),
        ("games still running", seen.ongoing),
    ];
    for (what, times) in reached {
        assert!(
            times >= 5,
            "only {times} random games reached: {what}\n{seen:#?}"
        );
    }
    // The mover always has a move back into the cell it left: only the side to move can be stuck.
    assert_eq!(seen.wins_by_no_move_of_mover, 0);
}
