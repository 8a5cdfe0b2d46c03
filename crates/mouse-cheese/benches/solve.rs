//! The table build, a whole maximum-size input (999 cases with 12 removed sticks each,
//! end points alternately reversed) through `run_to`, and an adversarial one: 300,000 cases far
//! beyond the statement's T < 1000, streamed through `run_to` (token by token, as `main` reads).

use criterion::{criterion_group, criterion_main, Criterion};
use mouse_cheese::{run_to, Solver};
use shared_grid::TokenReader;
use std::fmt::Write;
use std::hint::black_box;

/// The 12 interior sticks as coordinates, each in both orders.
fn interior_sticks() -> Vec<[i64; 4]> {
    let mut sticks = Vec::new();
    for a in 0..3 {
        for b in 1..3 {
            sticks.push([b, a, b, a + 1]); // vertical at x = b
            sticks.push([a, b, a + 1, b]); // horizontal at y = b
        }
    }
    sticks
}

/// 999 cases (T < 1000): every (mouse, cheese) pair in turn, each listing all 12 sticks except
/// a rotating few so that answers vary; R is as large as the statement allows.
fn maximum_input() -> String {
    let sticks = interior_sticks();
    let mut text = String::from("999\n");
    for case in 0..999usize {
        let mouse = case % 9 + 1;
        let cheese = (case / 9 + mouse) % 9 + 1;
        let kept = case % 13; // 0..=12 sticks left standing
        writeln!(text, "{mouse} {cheese} {}", 12 - kept.min(12)).unwrap();
        for (i, s) in sticks.iter().enumerate().skip(kept.min(12)) {
            let [x1, y1, x2, y2] = *s;
            if (case + i) % 2 == 0 {
                writeln!(text, "{x1} {y1} {x2} {y2}").unwrap();
            } else {
                writeln!(text, "{x2} {y2} {x1} {y1}").unwrap();
            }
        }
    }
    text
}

fn benches(c: &mut Criterion) {
    c.bench_function("solver_new_all_positions", |b| {
        b.iter(|| black_box(Solver::new()))
    });

    let input = maximum_input();
    c.bench_function("run_999_cases", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            run_to(&mut TokenReader::new(black_box(input.as_bytes())), &mut out).unwrap();
            out
        })
    });
}

fn many_cases(c: &mut Criterion) {
    let cases = 300_000;
    let mut input = format!("{cases}\n");
    for case in 0..cases {
        writeln!(input, "{} {} 1\n1 0 1 1", case % 9 + 1, (case / 9) % 9 + 1).unwrap();
    }
    let mut group = c.benchmark_group("adversarial");
    group.sample_size(10);
    group.bench_function("run_to 300000 cases, token by token", |b| {
        b.iter(|| {
            let mut source = TokenReader::new(black_box(input.as_bytes()));
            run_to(&mut source, &mut std::io::sink()).unwrap()
        })
    });
    group.finish();
}

criterion_group!(solve, benches, many_cases);
criterion_main!(solve);
