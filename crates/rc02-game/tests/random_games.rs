//! Thousands of seeded random games, played through the crate (`run_to` on the input text and
//! `solve` on the parsed case) and through the plain oracle of `common`, outputs compared. The
//! games come from `support`, shared with `make stress`.
//!
//! Games mix move policies so that every rule gets exercised: uniform random moves, moves that
//! capture when they can, moves that squeeze the opponent (or the mover itself) out of moves,
//! an occasional illegal move of each kind, moves after the end, short and long inputs.

mod common;
mod support;

use common::{oracle, Seen};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rc02_game::{solve, Case, Move};
use stress_kit::Problem;
use support::{output_of, random_input, Stress};

#[test]
fn random_games_agree_with_the_plain_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5c02_6a3e);
    let mut seen = Seen::default();
    let games = 3000;
    for game in 0..games {
        let input = random_input(&mut rng);
        let (n, played) = (input.n, input.played());
        let expected = oracle(n, played, &mut seen);
        let text = Stress::write(&input);
        let got = output_of(&text);
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
