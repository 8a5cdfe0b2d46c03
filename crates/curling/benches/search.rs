//! `make bench`: the search on 100 maximum-size boards built to make a depth-10
//! search explore as much as possible, against a naive depth-first search.
//!
//! The boards are open 20 x 20 fields with scattered blocks and the goal in a
//! corner whose row and column hold no block: the stone can never come to rest
//! in the goal's row or column, so the goal is unreachable and every search has
//! to exhaust all ten throws.

use criterion::{criterion_group, criterion_main, Criterion};
use curling::search::{throw, Landing};
use curling::{min_throws, Board, MAX_THROWS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared_grid::{Dir4, Pos};

fn adversarial_boards(count: usize, seed: u64) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let density = rng.random_range(0.12..0.30);
            let mut rows = vec![vec![0u8; 20]; 20];
            for row in rows.iter_mut().skip(1) {
                for cell in row.iter_mut().skip(1) {
                    if rng.random_bool(density) {
                        *cell = 1;
                    }
                }
            }
            rows[0][0] = 3;
            let (sr, sc) = loop {
                let (r, c) = (rng.random_range(1..20), rng.random_range(1..20));
                if rows[r][c] == 0 {
                    break (r, c);
                }
            };
            rows[sr][sc] = 2;
            Board::from_codes(rows).unwrap()
        })
        .collect()
}

/// The baseline: every throw sequence up to ten throws, no bound, no table.
fn naive_min_throws(board: &Board) -> Option<u32> {
    fn dfs(blocks: &mut shared_grid::Grid<bool>, goal: Pos, at: Pos, used: u32, best: &mut u32) {
        if used == MAX_THROWS {
            return;
        }
        for dir in Dir4::ALL {
            match throw(blocks, goal, at, dir) {
                Landing::Goal => *best = (*best).min(used + 1),
                Landing::Stop { at: next, block } => {
                    blocks[block] = false;
                    dfs(blocks, goal, next, used + 1, best);
                    blocks[block] = true;
                }
                Landing::OffBoard | Landing::Refused => {}
            }
        }
    }
    let mut best = u32::MAX;
    dfs(
        &mut board.blocks.clone(),
        board.goal,
        board.start,
        0,
        &mut best,
    );
    (best <= MAX_THROWS).then_some(best)
}

fn bench(c: &mut Criterion) {
    let boards = adversarial_boards(100, 2013);
    for board in &boards {
        assert_eq!(
            min_throws(board),
            None,
            "the bench boards must be unreachable"
        );
    }
    let mut group = c.benchmark_group("curling: 100 adversarial 20x20 boards");
    group.sample_size(10);
    group.bench_function("min_throws (iterative deepening + bound + table)", |b| {
        b.iter(|| boards.iter().map(min_throws).collect::<Vec<_>>())
    });
    group.bench_function("naive depth-first search (baseline)", |b| {
        b.iter(|| boards.iter().map(naive_min_throws).collect::<Vec<_>>())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
