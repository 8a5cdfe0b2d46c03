//! Cost of one decision of the submission bot on busy positions: the pen-up planner (every
//! rectangle judged) and the pen-down closing search, plus a whole 4-bot self-play game.
use criterion::{criterion_group, criterion_main, Criterion};
use enclosure::bot::{Planner, Strategy};
use enclosure::{Action, Answer, Dir, Game, PenFlag, Vertex};
use std::hint::black_box;

/// A mid-game board: regions of three owners, an open trail, a trap.
fn busy_board() -> Game {
    let mut game =
        Game::new(&[(5, 5), (4, 2), (9, 3), (3, 8)].map(|(x, y)| Some(Vertex::new(x, y))));
    game.add_region(1, &[(0, 0), (1, 0), (0, 1), (1, 1), (2, 0)]);
    game.add_region(2, &[(8, 0), (9, 0), (8, 1), (9, 1)]);
    game.add_region(3, &[(0, 8), (1, 8), (0, 9), (1, 9), (2, 9)]);
    game.set_trap(Vertex::new(6, 6), 2);
    let keep = |d| Some(Ok(Action::new(d, PenFlag::Keep)));
    let stay: Answer = Some(Ok(Action::STAY));
    game.play_turn(&[
        stay,
        Some(Ok(Action::new(Dir::Down, PenFlag::Down))),
        stay,
        stay,
    ]);
    game.play_turn(&[stay, keep(Dir::Down), stay, stay]);
    assert!(game.player(1).pen_down(), "seat 1 must be drawing");
    game
}

fn self_play() -> u32 {
    let mut bots: Vec<Planner> = (0..4).map(|_| Planner::new()).collect();
    let starts: Vec<_> = (0..4).map(|s| Some(bots[s].start(s))).collect();
    let mut game = Game::new(&starts);
    while !game.is_over() {
        let answers: Vec<Answer> = (0..4)
            .map(|s| game.player(s).is_alive().then(|| Ok(bots[s].act(s, &game))))
            .collect();
        game.play_turn(&answers);
    }
    game.turn()
}

fn bench(c: &mut Criterion) {
    let game = busy_board();
    c.bench_function("planner, pen up, busy board", |b| {
        b.iter(|| Planner::new().act(0, black_box(&game)))
    });
    // Seat 1 has an open trail: its decision is the pen-down closing search.
    c.bench_function("planner, pen down, busy board", |b| {
        b.iter(|| Planner::new().act(1, black_box(&game)))
    });
    c.bench_function("4-bot self-play game", |b| b.iter(self_play));
}

criterion_group!(benches, bench);
criterion_main!(benches);
