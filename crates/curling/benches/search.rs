//! `make bench`: the search on maximum-size boards built to make a depth-10
//! search explore as much as possible, against a naive depth-first search.
//!
//! Two sets of 100 boards of 20 x 20:
//! - "unreachable corner": open fields with scattered blocks and the goal in a
//!   corner whose row and column hold no block, so the stone can never stop in
//!   line with it and every throw sequence must be tried (by the naive search);
//! - "hardest random": of 1,500 random boards (12-35 % blocks), the 100 on
//!   which the naive search visits the most positions.

use criterion::{criterion_group, criterion_main, Criterion};
use curling::search::{throw, Landing};
use curling::{min_throws, Board, MAX_THROWS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared_grid::{Dir4, Grid, Pos};

fn random_rows(rng: &mut ChaCha8Rng, open_first_line: bool) -> Vec<Vec<u8>> {
    let density = rng.random_range(0.12..0.35);
    let skip = usize::from(open_first_line);
    let mut rows = vec![vec![0u8; 20]; 20];
    for row in rows.iter_mut().skip(skip) {
        for cell in row.iter_mut().skip(skip) {
            if rng.random_bool(density) {
                *cell = 1;
            }
        }
    }
    rows
}

fn place(rng: &mut ChaCha8Rng, rows: &mut [Vec<u8>], code: u8) {
    loop {
        let (r, c) = (rng.random_range(0..20), rng.random_range(0..20));
        if rows[r][c] == 0 {
            rows[r][c] = code;
            return;
        }
    }
}

fn unreachable_corner_boards(rng: &mut ChaCha8Rng) -> Vec<Board> {
    (0..100)
        .map(|_| {
            let mut rows = random_rows(rng, true);
            rows[0][0] = 3;
            let (r, c) = (rng.random_range(1..20), rng.random_range(1..20));
            rows[r][c] = 2;
            Board::from_codes(rows).unwrap()
        })
        .collect()
}

fn hardest_random_boards(rng: &mut ChaCha8Rng) -> Vec<Board> {
    let mut candidates: Vec<(u64, Board)> = (0..1500)
        .map(|_| {
            let mut rows = random_rows(rng, false);
            place(rng, &mut rows, 2);
            place(rng, &mut rows, 3);
            let board = Board::from_codes(rows).unwrap();
            (naive(&board).1, board)
        })
        .collect();
    candidates.sort_by_key(|(visited, _)| std::cmp::Reverse(*visited));
    candidates.into_iter().take(100).map(|(_, b)| b).collect()
}

/// The baseline: every throw sequence up to ten throws, no bound, no table.
/// Returns the answer and the number of positions visited.
fn naive(board: &Board) -> (Option<u32>, u64) {
    fn dfs(
        blocks: &mut Grid<bool>,
        goal: Pos,
        at: Pos,
        used: u32,
        best: &mut u32,
        visited: &mut u64,
    ) {
        *visited += 1;
        if used == MAX_THROWS {
            return;
        }
        for dir in Dir4::ALL {
            match throw(blocks, goal, at, dir) {
                Landing::Goal => *best = (*best).min(used + 1),
                Landing::Stop { at: next, block } => {
                    blocks[block] = false;
                    dfs(blocks, goal, next, used + 1, best, visited);
                    blocks[block] = true;
                }
                Landing::OffBoard | Landing::Refused => {}
            }
        }
    }
    let (mut best, mut visited) = (u32::MAX, 0);
    dfs(
        &mut board.blocks.clone(),
        board.goal,
        board.start,
        0,
        &mut best,
        &mut visited,
    );
    ((best <= MAX_THROWS).then_some(best), visited)
}

fn bench(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(2013);
    let sets = [
        ("unreachable corner", unreachable_corner_boards(&mut rng)),
        ("hardest random", hardest_random_boards(&mut rng)),
    ];
    for (name, boards) in &sets {
        for board in boards {
            assert_eq!(
                min_throws(board),
                naive(board).0,
                "the two searches disagree"
            );
        }
        let mut group = c.benchmark_group(format!("curling/100 boards 20x20, {name}"));
        group.sample_size(10);
        group.bench_function("min_throws", |b| {
            b.iter(|| boards.iter().map(min_throws).collect::<Vec<_>>())
        });
        group.bench_function("naive depth-first search", |b| {
            b.iter(|| boards.iter().map(|bd| naive(bd).0).collect::<Vec<_>>())
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
