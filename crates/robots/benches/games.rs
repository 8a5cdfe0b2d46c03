//! `make bench`: the simulation on maximum-size and adversarial inputs.
//!
//! - "longest games": of 2,000 random cases with 50 robots and 20 teleports (robots near the
//!   rim or anywhere, teleports near the centre, which makes cornered games restart), the 20
//!   that last the most moves, each played to the end;
//! - "judge input": 100 such random cases as one input text through `run_to` (parsing, playing,
//!   formatting);
//! - "worst decision": one choice where every walk is blocked or loses and the 20 teleport
//!   entries all have to be tried (the last one is the only safe one);
//! - "long teleport list": one robot and 100,000 random entries (an adversarial
//!   input), every one of them taken: a game of 2.84 million moves. Before the list index each
//!   search walked the list from its start (quadratic in T); before `rules::Forecaster` each
//!   of the nine candidates of every move copied the board and played its round (4.4 s).

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use robots::board::{Board, START};
use robots::strategy::choose;
use robots::teleports::{TeleportEntries, TeleportList};
use robots::{solve, Case};
use shared_grid::{Dir8, Pos, TokenReader};
use std::hint::black_box;

fn random_cell(rng: &mut ChaCha8Rng, near_rim: bool) -> Pos {
    let coordinate = |rng: &mut ChaCha8Rng| {
        if near_rim && rng.random_bool(0.5) {
            [0, 1, 29, 30][rng.random_range(0..4)]
        } else {
            rng.random_range(0..31)
        }
    };
    Pos::new(coordinate(rng), coordinate(rng))
}

/// A random case's robots and teleport entries: 50 robots, 20 entries near the centre.
fn max_size_cells(rng: &mut ChaCha8Rng) -> (Vec<Pos>, Vec<Pos>) {
    let near_rim = rng.random_bool(0.5);
    let mut robots = Vec::new();
    while robots.len() < 50 {
        let cell = random_cell(rng, near_rim);
        if cell != START && !robots.contains(&cell) {
            robots.push(cell);
        }
    }
    let teleports = (0..20)
        .map(|_| Pos::new(rng.random_range(10..21), rng.random_range(10..21)))
        .collect();
    (robots, teleports)
}

fn max_size_case(rng: &mut ChaCha8Rng) -> Case {
    let (robots, teleports) = max_size_cells(rng);
    Case::new(robots, teleports).unwrap()
}

fn input_text(cases: &[(Vec<Pos>, Vec<Pos>)]) -> String {
    let mut text = String::new();
    for (robots, teleports) in cases {
        text += &format!("{} {}\n", robots.len(), teleports.len());
        for cell in robots.iter().chain(teleports) {
            text += &format!("{} {}\n", cell.row + 1, cell.col + 1);
        }
    }
    text + "0 0\n"
}

fn games(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(1098);
    let mut candidates: Vec<(usize, Case)> = (0..2000)
        .map(|_| {
            let case = max_size_case(&mut rng);
            (solve(&case).moves, case)
        })
        .collect();
    candidates.sort_by_key(|(moves, _)| std::cmp::Reverse(*moves));
    let longest: Vec<Case> = candidates.iter().take(20).map(|(_, c)| c.clone()).collect();
    eprintln!(
        "longest games: {} to {} moves",
        candidates[19].0, candidates[0].0
    );
    c.bench_function("longest games (20 x R=50, T=20)", |b| {
        b.iter(|| {
            longest
                .iter()
                .map(|case| solve(black_box(case)).moves)
                .sum::<usize>()
        })
    });

    let judge: Vec<(Vec<Pos>, Vec<Pos>)> = (0..100).map(|_| max_size_cells(&mut rng)).collect();
    let text = input_text(&judge);
    c.bench_function("judge input (100 x R=50, T=20)", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            robots::run_to(&mut TokenReader::new(black_box(text.as_bytes())), &mut out).unwrap();
            out
        })
    });

    // Robots on your 8 neighbours and 42 more in the rows and columns around them; entries
    // 0..19 are the empty cells just above and left of that block (a robot steps onto each),
    // the last entry is far away.
    let mut robots: Vec<Pos> = Dir8::ALL
        .iter()
        .map(|d| START.offset(d.delta()).unwrap())
        .collect();
    for row in 10..19 {
        for col in 10..19 {
            let cell = Pos::new(row, col);
            if robots.len() < 50 && cell.chebyshev(START) >= 3 {
                robots.push(cell);
            }
        }
    }
    let board = Board::opening(&robots);
    let above = (9..20).map(|col| Pos::new(9, col));
    let left = (10..18).map(|row| Pos::new(row, 9));
    let mut teleports: Vec<Pos> = above.chain(left).collect();
    teleports.push(Pos::new(30, 30));
    let entries = TeleportEntries::from_cells(&teleports);
    let teleports = TeleportList::new(&entries);
    assert_eq!(
        choose(&board, &teleports).teleport_entry,
        Some(19),
        "the bench position must try every entry"
    );
    c.bench_function("worst decision (50 robots, 20 entries)", |b| {
        b.iter(|| choose(black_box(&board), &teleports))
    });
}

fn long_teleport_list(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let teleports: Vec<Pos> = (0..100_000)
        .map(|_| Pos::new(rng.random_range(0..31), rng.random_range(0..31)))
        .collect();
    let case = Case::new(vec![Pos::new(3, 27)], teleports).unwrap();
    let outcome = solve(&case);
    eprintln!(
        "long teleport list: {} teleports taken in {} moves",
        outcome.teleports.len(),
        outcome.moves
    );
    let mut group = c.benchmark_group("adversarial");
    group.sample_size(10);
    group.bench_function("long teleport list (R=1, T=100000)", |b| {
        b.iter(|| solve(black_box(&case)).moves)
    });
    group.finish();
}

criterion_group!(benches, games, long_teleport_list);
criterion_main!(benches);
