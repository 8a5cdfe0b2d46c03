//! Cost of the engine: a 100-turn random 4-player game, and single busy turns.
use criterion::{criterion_group, criterion_main, Criterion};
use enclosure::geometry::edge_sides;
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

/// Whether moving `dir` is safe from the rules' point of view (on the board, not backwards,
/// not through a region's interior).
fn safe(game: &Game, seat: usize, dir: Dir) -> bool {
    let p = game.player(seat);
    let to = p.pos().step(dir);
    let trail = p.trail();
    if !to.on_board() || (trail.len() >= 2 && to == trail[trail.len() - 2]) {
        return false;
    }
    match edge_sides(p.pos(), to) {
        [Some(a), Some(b)] => game.region_at(a).is_none() || game.region_at(a) != game.region_at(b),
        _ => true,
    }
}

/// Draws small squares (side 1 or 2) one after the other, wandering in between.
struct Player {
    plan: Vec<Dir>,
}

impl Player {
    fn answer(&mut self, game: &Game, seat: usize, rng: &mut Xorshift) -> Answer {
        let p = game.player(seat);
        if !p.is_alive() {
            return None;
        }
        if !p.pen_down() && self.plan.is_empty() && rng.next(3) == 0 {
            let k = 1 + rng.next(2);
            let first = rng.next(4);
            let round = [Dir::Right, Dir::Down, Dir::Left, Dir::Up];
            self.plan = (0..4)
                .flat_map(|i| vec![round[(first + i) % 4]; k])
                .rev()
                .collect();
        }
        let flag = if p.pen_down() {
            PenFlag::Keep
        } else {
            PenFlag::Down
        };
        if let Some(dir) = self.plan.pop() {
            if safe(game, seat, dir) {
                return Some(Ok(Action::new(dir, flag)));
            }
            self.plan.clear();
        }
        let moves: Vec<Dir> = Dir::MOVES
            .into_iter()
            .filter(|&d| safe(game, seat, d))
            .collect();
        if moves.is_empty() {
            return Some(Ok(Action::STAY));
        }
        Some(Ok(Action::new(moves[rng.next(moves.len())], PenFlag::Keep)))
    }
}

/// Plays a game from `seed` for up to 100 turns; returns the turns played.
fn hundred_turns(seed: u64) -> u32 {
    let starts = [(1, 1), (9, 1), (1, 9), (9, 9)].map(|(x, y)| Some(Vertex::new(x, y)));
    let mut game = Game::new(&starts);
    let mut rng = Xorshift(seed);
    let mut players: Vec<Player> = (0..4).map(|_| Player { plan: Vec::new() }).collect();
    while !game.is_over() {
        let answers: Vec<Answer> = (0..4)
            .map(|s| players[s].answer(&game, s, &mut rng))
            .collect();
        black_box(game.play_turn(&answers));
    }
    game.turn()
}

fn bench(c: &mut Criterion) {
    // The first seed whose game lasts the full 100 turns.
    let seed = (1..10_000u64)
        .map(|s| s.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .find(|&s| hundred_turns(s) == 100)
        .expect("a seed with a 100-turn game");
    c.bench_function("100-turn random 4-player game", |b| {
        b.iter(|| hundred_turns(black_box(seed)))
    });
    // One turn on a busy board: four open trails, a region.
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
