//! `make bench`: our search against the plain depth-10 DFS every public
//! accepted program uses (`support/plain_dfs.rs`), on adversarial inputs.
//!
//! Sets of 20 x 20 boards (100 each):
//! - `climbed-nodes`, `climbed-ratio`, `climbed-time` (`data/*.txt`):
//!   hill-climbed by `examples/climb.rs` against the search, maximising its node
//!   count, its node count over the plain DFS's, or its time over the plain DFS's;
//!   `climbed-ratio-long` and `climbed-ratio-xlong` (30 boards each) are the ratio
//!   climb run six and twenty times longer, the hardest boards for our search (see
//!   `README.md`, which has the figures);
//! - unreachable corners and hardest of random (`support/sets.rs`, fixed seeds);
//!
//! and single long thin boards (1 x 100,000 and 1 x 300,000, a block on every
//! third square), once quadratic in the relaxed-distance pass.

// Shared with the examples, which use more of it.
#[allow(dead_code)]
#[path = "support/boards.rs"]
mod boards;
#[path = "support/plain_dfs.rs"]
mod plain_dfs;
#[path = "support/sets.rs"]
mod sets;

use boards::{load_data_set, long_thin_board, Rows};
use criterion::{criterion_group, criterion_main, Criterion};
use curling::{min_throws, Board};
use plain_dfs::plain_dfs;
use std::time::Duration;

fn bench_set(c: &mut Criterion, name: &str, rows: &[Rows]) {
    let boards: Vec<Board> = rows
        .iter()
        .map(|r| Board::from_codes(r.clone()).expect("a valid board"))
        .collect();
    for (r, b) in rows.iter().zip(&boards) {
        assert_eq!(
            min_throws(b),
            plain_dfs(r).0,
            "the two searches disagree on {r:?}"
        );
    }
    let mut group = c.benchmark_group(format!("curling/{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("min_throws", |b| {
        b.iter(|| boards.iter().map(min_throws).collect::<Vec<_>>())
    });
    group.bench_function("plain DFS", |b| {
        b.iter(|| rows.iter().map(|r| plain_dfs(r).0).collect::<Vec<_>>())
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    for file in [
        "climbed-nodes.txt",
        "climbed-ratio.txt",
        "climbed-ratio-long.txt",
        "climbed-ratio-xlong.txt",
        "climbed-time.txt",
    ] {
        let rows = load_data_set(file);
        let name = format!(
            "{} boards 20x20, {}",
            rows.len(),
            file.trim_end_matches(".txt")
        );
        bench_set(c, &name, &rows);
    }
    bench_set(
        c,
        "100 boards 20x20, unreachable corners",
        &sets::unreachable_corners(),
    );
    bench_set(
        c,
        "100 boards 20x20, hardest of random",
        &sets::hardest_of_random(),
    );
    for len in [100_000, 300_000] {
        bench_set(
            c,
            &format!("1 x {len}, a block every third square"),
            &[long_thin_board(len)],
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
