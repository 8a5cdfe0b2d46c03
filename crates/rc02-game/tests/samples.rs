//! Every `samples/rc02-game/*.in`: snapshot of the output, byte-exact `.out` check, and the same
//! answer from the plain oracle (so no `.out` file merely echoes the solver).
//!
//! `statement-*` are the statement's four samples, byte for byte. The others are hand-made; each
//! `.out` was produced by a separate throwaway Python implementation of the rules and is checked
//! against both the crate and the plain Rust oracle here. The "occupied destination" kind of
//! illegal move is `statement-1`.
//!
//! | sample | what it pins |
//! | --- | --- |
//! | capture-n4-column | Red captures in the destination's column (`lhh.`), N = 4 |
//! | capture-n4-row | Red captures in the row (`hhl.`); the origin's row is left as a Blue pattern, which is not Blue's move: no capture there |
//! | capture-row-and-column | one Blue move captures in its row and its column at once |
//! | capture-n6-column | the (N-2, 1) pattern in a column, N = 6 |
//! | capture-grown-pattern | a sideways move turns an uncaptured (N-3, 1) column into (N-2, 1): captures |
//! | capture-n8 | the (N-3, 1) pattern with two empty cells, N = 8 |
//! | no-capture-gap | `hh.l`: groups not touching |
//! | no-capture-opponent-made | Blue's move forms `hhl.` for Red: nobody captures |
//! | no-capture-origin-line | the mover leaves its own pattern in the origin's column: not examined |
//! | invalid-* | each kind of illegal move (off board, zero/negative coordinate, empty origin, opponent's piece, two steps, diagonal, staying, occupied, after a capture, N = 10) |
//! | win-blue-by-count | Red down to N/2 = 2; the later line is ignored |
//! | win-below-half | N = 6: a two-piece capture takes Red from 4 to 2, below N/2 = 3: Blue wins (`<=`) |
//! | win-red-blue-boxed-in, win-blue-red-boxed-in | the side to move has no legal move |
//! | after-win-garbage-ignored | statement 4 with garbage after the deciding move: never read |
//! | fewer-lines-than-k, extra-lines-after-k, no-final-newline, no-moves, ongoing-n10 | lenient input |

mod common;
mod support;

use common::{Plain, Seen};
use std::fs;
use std::path::Path;
use support::output_of;

fn expected_for(path: &Path) -> String {
    fs::read_to_string(path.with_extension("out")).expect("every sample .in has its .out")
}

#[test]
fn samples_match_their_out_files_and_snapshots() {
    insta::glob!("../../../samples/rc02-game", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        let output = output_of(&input);
        assert_eq!(output, expected_for(path), "{}", path.display());
        insta::assert_snapshot!(output);
    });
}

/// The oracle reading the input its own way: tokens, N, K, then groups of four until K moves,
/// the end of the input, or the end of the game (after which nothing is looked at).
fn oracle_on_text(input: &str) -> String {
    let mut tokens = input.split_whitespace();
    let n: usize = tokens.next().unwrap().parse().unwrap();
    let k: usize = tokens.next().unwrap().parse().unwrap();
    let mut game = Plain::new(n);
    let mut seen = Seen::default();
    for _ in 0..k {
        if game.result.is_some() {
            break;
        }
        let group: Vec<i64> = tokens
            .by_ref()
            .take(4)
            .map(|t| t.parse().unwrap())
            .collect();
        if group.is_empty() {
            break;
        }
        game.step([group[0], group[1], group[2], group[3]], &mut seen);
    }
    game.output(&mut seen)
}

#[test]
fn the_plain_oracle_agrees_with_every_out_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/rc02-game");
    let mut checked = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let input = fs::read_to_string(&path).unwrap();
            assert_eq!(
                oracle_on_text(&input),
                expected_for(&path),
                "{}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 4,
        "only {checked} samples found in {}",
        dir.display()
    );
}

/// The crate's binary on every sample, as a judge runs it: its output, its time and its peak
/// memory held to the limits of `[package.metadata.contest]`, reported beside them.
#[test]
fn the_binary_answers_every_sample_within_the_limits() {
    let binary = std::path::Path::new(env!("CARGO_BIN_EXE_rc02-game"));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if let Err(why) = stress_kit::replay_crate_samples::<support::Stress>(binary, dir) {
        panic!("{why}");
    }
}
