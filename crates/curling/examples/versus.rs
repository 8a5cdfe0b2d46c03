//! Times our search against the plain DFS reference on judge-format files.
//!
//! ```text
//! cargo run --release -p curling --example versus -- crates/curling/benches/data/*.txt
//! ```
//!
//! `corners`, `random` (the hardest 100 of 1,500 random boards) and `random-all` (all 1,500)
//! name the generated sets (`benches/support/sets.rs`),
//! `thin` the 1 x 100,000 board with a block on every third square.
//! For each file: the total CPU time of each solver over all its boards (the
//! median of `ROUNDS` interleaved rounds of at least 0.1 s each, default 15), the median
//! of the rounds' ratios, and a check that both give the same answers. The figures of
//! `benches/README.md` come from here; `make bench` times each set with criterion.

#[path = "../benches/support/boards.rs"]
#[allow(dead_code)]
mod boards;
#[path = "../benches/support/cpu_time.rs"]
mod cpu_time;
#[path = "../benches/support/plain_dfs.rs"]
mod plain_dfs;
#[path = "../benches/support/sets.rs"]
mod sets;

use cpu_time::cpu_time;
use curling::search::min_throws_counted;
use curling::{min_throws, Board};
use std::time::Duration;

/// Mean CPU time of one call of `run` over a round of at least 100 ms.
fn one_round(run: &mut impl FnMut()) -> Duration {
    let started = cpu_time();
    let mut calls = 0u32;
    while calls == 0 || cpu_time() - started < Duration::from_millis(100) {
        run();
        calls += 1;
    }
    (cpu_time() - started) / calls
}

/// Rounds of each solver in turn (`ROUNDS`, default 15), so that a busy machine slows both
/// alike: the median time of each and the median of the rounds' ratios.
fn race(mut ours: impl FnMut(), mut theirs: impl FnMut()) -> (Duration, Duration, f64) {
    let rounds: usize = std::env::var("ROUNDS").map_or(15, |n| n.parse().expect("ROUNDS=n"));
    let (mut our_times, mut their_times, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        let (a, b) = (one_round(&mut ours), one_round(&mut theirs));
        our_times.push(a);
        their_times.push(b);
        ratios.push(a.as_secs_f64() / b.as_secs_f64());
    }
    our_times.sort();
    their_times.sort();
    ratios.sort_by(f64::total_cmp);
    let middle = rounds / 2;
    (our_times[middle], their_times[middle], ratios[middle])
}

fn main() {
    for path in std::env::args().skip(1) {
        let rows = match path.as_str() {
            "corners" => sets::unreachable_corners(),
            "random" => sets::hardest_of_random(),
            "random-all" => sets::random_boards(),
            "thin" => vec![boards::long_thin_board(100_000)],
            _ => boards::parse_boards(
                &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
            ),
        };
        let parsed: Vec<Board> = rows
            .iter()
            .map(|r| Board::from_codes(r.clone()).expect("a valid board"))
            .collect();
        let (mut our_nodes, mut their_nodes) = (0, 0);
        for (r, b) in rows.iter().zip(&parsed) {
            let (answer, nodes) = min_throws_counted(b);
            let (expected, visited) = plain_dfs::plain_dfs(r);
            assert_eq!(answer, expected, "{path}: {r:?}");
            our_nodes += nodes;
            their_nodes += visited;
        }
        let (ours, theirs, ratio) = race(
            || {
                for b in &parsed {
                    std::hint::black_box(min_throws(std::hint::black_box(b)));
                }
            },
            || {
                for r in &rows {
                    std::hint::black_box(plain_dfs::plain_dfs(std::hint::black_box(r)));
                }
            },
        );
        println!(
            "{path}: {} boards, ours {ours:.2?} ({our_nodes} positions), \
             plain DFS {theirs:.2?} ({their_nodes} positions), ratio {ratio:.3}",
            rows.len(),
        );
    }
}
