//! Cost of the engine: a 100-turn random 4-player game, and one mid-game turn.
use criterion::{criterion_group, criterion_main, Criterion};
use enclosure::{Action, Answer, Dir, Game, PenFlag, Vertex};
use std::hint::black_box;

/// A tiny deterministic generator (xorshift) so the bench needs no extra dependency.
struct Xorshift(u64);
impl Xorshift {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Legal-ish random play: never off the board, never backwards; draws and closes loops.
fn answer(game: &Game, seat: usize, rng: &mut Xorshift) -> Answer {
    let p = game.player(seat);
    if !p.is_alive() {
        return None;
    }
    let trail = p.trail();
    let moves: Vec<Dir> = Dir::MOVES
        .into_iter()
        .filter(|&d| p.pos().step(d).on_board())
        .filter(|&d| trail.len() < 2 || p.pos().step(d) != trail[trail.len() - 2])
        .collect();
    let dir = moves[rng.next(moves.len())];
    let flag = if !p.pen_down() && rng.next(4) == 0 {
        PenFlag::Down
    } else {
        PenFlag::Keep
    };
    Some(Ok(Action::new(dir, flag)))
}

/// Plays up to 100 turns (ignoring the end conditions, so every run has the same length
/// whatever dies) and returns the number of turns in which someone was still alive.
fn hundred_turns(seed: u64) -> u32 {
    let starts = [(1, 1), (9, 1), (1, 9), (9, 9)].map(|(x, y)| Some(Vertex::new(x, y)));
    let mut game = Game::new(&starts);
    let mut rng = Xorshift(seed);
    let mut live_turns = 0;
    for _ in 0..100 {
        if game.alive_count() == 0 {
            break;
        }
        let answers: Vec<Answer> = (0..4).map(|s| answer(&game, s, &mut rng)).collect();
        black_box(game.play_turn(&answers));
        live_turns += 1;
    }
    live_turns
}

fn bench(c: &mut Criterion) {
    c.bench_function("100-turn random 4-player game", |b| {
        b.iter(|| hundred_turns(black_box(0x9e37_79b9_7f4a_7c15)))
    });
    // One turn on a busy board: four open trails, traps, regions.
    let mut game =
        Game::new(&[(2, 2), (7, 2), (2, 7), (7, 7)].map(|(x, y)| Some(Vertex::new(x, y))));
    game.add_region(0, &[(0, 0), (1, 0), (0, 1)]);
    let right = Some(Ok(Action::new(Dir::Right, PenFlag::Down)));
    let down = Some(Ok(Action::new(Dir::Down, PenFlag::Keep)));
    game.play_turn(&[right, right, right, right]);
    game.play_turn(&[down, down, down, down]);
    let left = Some(Ok(Action::new(Dir::Left, PenFlag::Keep)));
    c.bench_function("one turn, four open trails", |b| {
        b.iter(|| {
            let mut g = game.clone();
            black_box(g.play_turn(black_box(&[left, left, left, left])))
        })
    });
    let up = Some(Ok(Action::new(Dir::Up, PenFlag::Keep)));
    let mut closing = game.clone();
    closing.play_turn(&[left, left, left, left]);
    c.bench_function("one turn, four loops closing", |b| {
        b.iter(|| {
            let mut g = closing.clone();
            black_box(g.play_turn(black_box(&[up, up, up, up])))
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
