//! Longest inputs: K = 1000 moves that never end the game (each side steps a piece out and
//! back), so every move pays the full capture check and the O(N^2) "has a legal move" scan.
//! N = 10 is the statement's maximum; N = 100 is the largest board this program accepts.

use criterion::{criterion_group, criterion_main, Criterion};
use shared_grid::TokenReader;
use std::hint::black_box;

/// The whole output for `input`.
fn run(input: &str) -> String {
    let mut out = Vec::new();
    let source = &mut TokenReader::new(input.as_bytes());
    rc02_game::run_to(source, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// `k` moves of a game that never ends on an `n` x `n` board.
fn shuffle_input(n: usize, k: usize) -> String {
    let mut text = format!("{n} {k}\n");
    let (red_out, blue_out) = ((1, 2, 2, 2), (n, 2, n - 1, 2));
    for i in 0..k {
        let (a, b, c, d) = if i % 2 == 0 { red_out } else { blue_out };
        // every other pair of moves steps back
        let line = if (i / 2) % 2 == 0 {
            (a, b, c, d)
        } else {
            (c, d, a, b)
        };
        text.push_str(&format!("{} {} {} {}\n", line.0, line.1, line.2, line.3));
    }
    text
}

fn bench(c: &mut Criterion) {
    for n in [10, 100] {
        let input = shuffle_input(n, 1000);
        assert!(run(&input).starts_with("1\n"));
        c.bench_function(&format!("run, N = {n}, K = 1000, no end"), |b| {
            b.iter(|| run(black_box(&input)))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
