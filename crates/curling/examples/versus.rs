//! Times our search against the plain DFS reference on judge-format files.
//!
//! ```text
//! cargo run --release -p curling --example versus -- crates/curling/benches/data/*.txt
//! ```
//!
//! `corners` and `random` name the generated sets (`benches/support/sets.rs`).
//! For each file: the total time of each solver over all its boards (the
//! fastest of several rounds, each round repeated until it has run 0.2 s),
//! their ratio, and a check that both give the same answers. A quick look;
//! `make bench` is the measurement of record.

#[path = "../benches/support/boards.rs"]
#[allow(dead_code)]
mod boards;
#[path = "../benches/support/plain_dfs.rs"]
mod plain_dfs;
#[path = "../benches/support/sets.rs"]
mod sets;

use curling::search::min_throws_counted;
use curling::{min_throws, Board};
use std::time::{Duration, Instant};

fn per_round(mut run: impl FnMut()) -> Duration {
    (0..5)
        .map(|_| {
            let started = Instant::now();
            let mut rounds = 0u32;
            while rounds == 0 || started.elapsed() < Duration::from_millis(200) {
                run();
                rounds += 1;
            }
            started.elapsed() / rounds
        })
        .min()
        .expect("five rounds")
}

fn main() {
    for path in std::env::args().skip(1) {
        let rows = match path.as_str() {
            "corners" => sets::unreachable_corners(),
            "random" => sets::hardest_of_random(),
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
        let ours = per_round(|| {
            for b in &parsed {
                std::hint::black_box(min_throws(std::hint::black_box(b)));
            }
        });
        let theirs = per_round(|| {
            for r in &rows {
                std::hint::black_box(plain_dfs::plain_dfs(std::hint::black_box(r)));
            }
        });
        println!(
            "{path}: {} boards, ours {ours:.2?} ({our_nodes} positions), \
             plain DFS {theirs:.2?} ({their_nodes} positions), ratio {:.3}",
            rows.len(),
            ours.as_secs_f64() / theirs.as_secs_f64()
        );
    }
}
