//! Referee speed: whole games of four in-process builtin bots, from `[START]`
//! to the result, including the bots' own work (each rebuilds the game from
//! the `[STATUS]` lines; `random` also simulates every candidate move).

use criterion::{criterion_group, criterion_main, Criterion};
use enclosure_arena::referee::play_game_observed;
use enclosure_arena::replay::ReplayWriter;
use enclosure_arena::{bots, play_game, seed::seat_seed, Bot, GameConfig};

fn players(name: &str, seed: u64) -> Vec<Box<dyn Bot>> {
    (0..4)
        .map(|seat| bots::builtin(name, seat_seed(seed, seat)).expect("registered"))
        .collect()
}

/// A seed whose game of four `random` bots lasts the full 100 turns.
fn full_length_seed() -> u64 {
    (0..1000)
        .find(|&seed| {
            let config = GameConfig {
                seed,
                ..GameConfig::default()
            };
            play_game(&config, players("random", seed)).turns == enclosure::MAX_TURNS
        })
        .expect("some random game lasts 100 turns")
}

fn games(c: &mut Criterion) {
    let config = GameConfig::default();
    c.bench_function("100 turns, 4 x builtin:idle", |b| {
        b.iter(|| play_game(&config, players("idle", 1)))
    });
    let seed = full_length_seed();
    let config = GameConfig {
        seed,
        ..GameConfig::default()
    };
    c.bench_function("100 turns, 4 x builtin:random", |b| {
        b.iter(|| play_game(&config, players("random", seed)))
    });
    c.bench_function("100 turns, 4 x builtin:random, replay to memory", |b| {
        b.iter(|| {
            let mut writer = ReplayWriter::new(Vec::new());
            play_game_observed(&config, players("random", seed), &mut writer);
            writer.finish().expect("memory does not fail")
        })
    });
}

criterion_group!(benches, games);
criterion_main!(benches);
