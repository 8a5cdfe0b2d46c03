//! The generated bench sets (fixed seeds, so every run sees the same boards).
//! The hill-climbed sets are files instead (`benches/data/`), made by
//! `examples/climb.rs`.

use crate::boards::Rows;
use crate::plain_dfs::plain_dfs;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_rows(rng: &mut ChaCha8Rng, open_first_line: bool) -> Rows {
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

fn place(rng: &mut ChaCha8Rng, rows: &mut Rows, code: u8) {
    loop {
        let (r, c) = (rng.random_range(0..20), rng.random_range(0..20));
        if rows[r][c] == 0 {
            rows[r][c] = code;
            return;
        }
    }
}

/// 100 boards of 20 x 20: open fields with scattered blocks and the goal in a
/// corner whose row and column hold no block, so the stone can never stop in
/// line with it and a plain search must try every throw sequence.
pub fn unreachable_corners() -> Vec<Rows> {
    let mut rng = ChaCha8Rng::seed_from_u64(2013);
    (0..100)
        .map(|_| {
            let mut rows = random_rows(&mut rng, true);
            rows[0][0] = 3;
            let (r, c) = (rng.random_range(1..20), rng.random_range(1..20));
            rows[r][c] = 2;
            rows
        })
        .collect()
}

/// 1,500 random 20 x 20 boards (12-35 % blocks), a start and a goal anywhere.
pub fn random_boards() -> Vec<Rows> {
    let mut rng = ChaCha8Rng::seed_from_u64(3009);
    (0..1500)
        .map(|_| {
            let mut rows = random_rows(&mut rng, false);
            place(&mut rng, &mut rows, 2);
            place(&mut rng, &mut rows, 3);
            rows
        })
        .collect()
}

/// Of [`random_boards`], the 100 on which the plain DFS visits the most positions.
pub fn hardest_of_random() -> Vec<Rows> {
    let mut candidates: Vec<(u64, Rows)> = random_boards()
        .into_iter()
        .map(|rows| (plain_dfs(&rows).1, rows))
        .collect();
    candidates.sort_by_key(|(visited, _)| std::cmp::Reverse(*visited));
    candidates.into_iter().take(100).map(|(_, b)| b).collect()
}
