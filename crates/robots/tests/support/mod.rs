//! The plain second implementation of the rules and the random games of the randomized test,
//! shared with `make stress` (`examples/stress.rs` includes this module): written straight from
//! the statement (one-based coordinates, a 2-D array of cells, every choice spelled out).

// Each includer uses a different part.
#![allow(dead_code)]

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The whole output for a whole input, through `robots::run_to`; panics with the error line on
/// malformed input.
pub fn output_of(input: &str) -> String {
    let mut out = Vec::new();
    let source = &mut shared_grid::TokenReader::new(input.as_bytes());
    robots::run_to(source, &mut out).unwrap_or_else(|err| panic!("{err}"));
    String::from_utf8(out).expect("the output is ASCII")
}

pub const N: i32 = 31;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    Robot,
    Debris,
}

/// The board with a spare ring of cells (index 0 and 32) that nothing ever uses.
#[derive(Clone)]
struct World {
    cells: [[Cell; 33]; 33],
    me: (i32, i32),
}

fn on_board(r: i32, c: i32) -> bool {
    (1..=N).contains(&r) && (1..=N).contains(&c)
}

fn distance(a: (i32, i32), b: (i32, i32)) -> i32 {
    (a.0 - b.0).abs() + (a.1 - b.1).abs()
}

impl World {
    fn at(&self, r: i32, c: i32) -> Cell {
        self.cells[r as usize][c as usize]
    }

    fn put(&mut self, r: i32, c: i32, cell: Cell) {
        self.cells[r as usize][c as usize] = cell;
    }

    fn all_cells() -> impl Iterator<Item = (i32, i32)> {
        (1..=N).flat_map(|r| (1..=N).map(move |c| (r, c)))
    }

    fn count(&self, kind: Cell) -> i32 {
        World::all_cells()
            .filter(|&(r, c)| self.at(r, c) == kind)
            .count() as i32
    }

    fn empty(&self, r: i32, c: i32) -> bool {
        on_board(r, c) && self.at(r, c) == Cell::Empty && (r, c) != self.me
    }

    /// Walk by (dr, dc), (0, 0) being "remain stationary". `None` if not allowed.
    fn walk(&self, dr: i32, dc: i32) -> Option<World> {
        let mut w = self.clone();
        if (dr, dc) == (0, 0) {
            return Some(w);
        }
        let (r, c) = (self.me.0 + dr, self.me.1 + dc);
        if !on_board(r, c) {
            return None;
        }
        match self.at(r, c) {
            Cell::Empty => {}
            Cell::Robot => return None,
            Cell::Debris => {
                let (r2, c2) = (r + dr, c + dc);
                if !on_board(r2, c2) || self.at(r2, c2) == Cell::Debris {
                    return None;
                }
                // A robot there is destroyed: the cell simply holds debris now.
                w.put(r2, c2, Cell::Debris);
                w.put(r, c, Cell::Empty);
            }
        }
        w.me = (r, c);
        Some(w)
    }

    fn teleport(&self, r: i32, c: i32) -> Option<World> {
        if !self.empty(r, c) {
            return None;
        }
        let mut w = self.clone();
        w.me = (r, c);
        Some(w)
    }

    /// The robots' move. Returns true when some robot walked onto me.
    fn robots_walk(&mut self) -> bool {
        let mut arrivals = [[0u32; 33]; 33];
        for (r, c) in World::all_cells() {
            if self.at(r, c) != Cell::Robot {
                continue;
            }
            // Try all eight neighbours; the closest one to me must be unique.
            let (mut best, mut best_distance, mut tie) = ((0, 0), i32::MAX, false);
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let cell = (r + dr, c + dc);
                    if (dr, dc) == (0, 0) || !on_board(cell.0, cell.1) {
                        continue;
                    }
                    let d = distance(cell, self.me);
                    if d < best_distance {
                        (best, best_distance, tie) = (cell, d, false);
                    } else if d == best_distance {
                        tie = true;
                    }
                }
            }
            assert!(!tie, "two closest cells for robot ({r},{c})");
            let (tr, tc) = best;
            arrivals[tr as usize][tc as usize] += 1;
            self.put(r, c, Cell::Empty);
        }
        for (r, c) in World::all_cells() {
            let n = arrivals[r as usize][c as usize];
            if n == 0 {
                continue;
            }
            if n >= 2 || self.at(r, c) == Cell::Debris {
                self.put(r, c, Cell::Debris);
            } else {
                self.put(r, c, Cell::Robot);
            }
        }
        arrivals[self.me.0 as usize][self.me.1 as usize] > 0
    }

    /// (robots left, distance from me to the nearest one) in one sweep of the board.
    fn robots_and_nearest(&self) -> (i32, Option<i32>) {
        let mut robots = 0;
        let mut nearest: Option<i32> = None;
        for (r, c) in World::all_cells() {
            if self.at(r, c) == Cell::Robot {
                robots += 1;
                let d = distance((r, c), self.me);
                nearest = Some(nearest.map_or(d, |n| n.min(d)));
            }
        }
        (robots, nearest)
    }
}

/// A walking (or staying) move that does not lose, with what the rule compares.
struct Candidate {
    robots: i32,
    nearest: Option<i32>,
    world: World,
}

/// Is `a` a strictly better walking move than `b` by the statement's rule?
fn better(a: &Candidate, b: &Candidate) -> bool {
    if a.robots != b.robots {
        return a.robots < b.robots;
    }
    if let (Some(da), Some(db)) = (a.nearest, b.nearest) {
        if da != db {
            return da > db;
        }
    }
    a.world.me < b.world.me
}

pub fn oracle_case(robots: &[(i32, i32)], teleports: &[(i32, i32)]) -> String {
    let mut w = World {
        cells: [[Cell::Empty; 33]; 33],
        me: (15, 15),
    };
    for &(r, c) in robots {
        w.put(r, c, Cell::Robot);
    }
    let mut used = vec![false; teleports.len()];
    let mut out = String::new();
    let mut moves = 0;
    let mut lost = false;
    while w.count(Cell::Robot) > 0 {
        assert!(moves < 2_000_000, "oracle: endless game");
        moves += 1;
        let mut best_walk: Option<Candidate> = None;
        for dr in -1..=1 {
            for dc in -1..=1 {
                if let Some(mut world) = w.walk(dr, dc) {
                    if world.robots_walk() {
                        continue;
                    }
                    let (robots, nearest) = world.robots_and_nearest();
                    let candidate = Candidate {
                        robots,
                        nearest,
                        world,
                    };
                    if best_walk.as_ref().map_or(true, |b| better(&candidate, b)) {
                        best_walk = Some(candidate);
                    }
                }
            }
        }
        let mut best = best_walk.map(|candidate| candidate.world);
        if best.is_none() {
            for (i, &(r, c)) in teleports.iter().enumerate() {
                if used[i] {
                    continue;
                }
                if let Some(mut next) = w.teleport(r, c) {
                    if !next.robots_walk() {
                        used[i] = true;
                        out += &format!("Move {moves}: teleport to ({r},{c})\n");
                        best = Some(next);
                        break;
                    }
                }
            }
        }
        match best {
            Some(next) => w = next,
            None => {
                let mut next = w.clone();
                assert!(next.robots_walk(), "staying was unsafe, so it loses");
                w = next;
                lost = true;
                break;
            }
        }
    }
    let (r, c) = w.me;
    let debris = w.count(Cell::Debris);
    if lost {
        out += &format!(
            "Lost game after making {moves} moves.\nFinal position: ({r},{c})\n\
             Number of cells with debris: {debris}\nNumber of robots remaining: {}\n",
            w.count(Cell::Robot)
        );
    } else {
        out += &format!(
            "Won game after making {moves} moves.\nFinal position: ({r},{c})\n\
             Number of cells with debris: {debris}\n"
        );
    }
    out
}

pub type Instance = (Vec<(i32, i32)>, Vec<(i32, i32)>);

pub fn oracle(instances: &[Instance]) -> String {
    let blocks: Vec<String> = instances
        .iter()
        .enumerate()
        .map(|(i, (robots, teleports))| {
            format!("Case {}:\n{}", i + 1, oracle_case(robots, teleports))
        })
        .collect();
    blocks.join("\n")
}

/// A cell drawn from one of several regions, so that games start near the centre, near the
/// rim, in corners, or anywhere.
pub fn random_cell(rng: &mut ChaCha8Rng, style: u32) -> (i32, i32) {
    match style {
        0 => (rng.random_range(10..=20), rng.random_range(10..=20)),
        1 => {
            let rim = |rng: &mut ChaCha8Rng| {
                if rng.random_bool(0.5) {
                    rng.random_range(1..=3)
                } else {
                    rng.random_range(29..=31)
                }
            };
            if rng.random_bool(0.5) {
                (rim(rng), rng.random_range(1..=N))
            } else {
                (rng.random_range(1..=N), rim(rng))
            }
        }
        2 => (rng.random_range(13..=17), rng.random_range(13..=17)),
        3 => (rng.random_range(1..=6), rng.random_range(26..=31)),
        _ => (rng.random_range(1..=N), rng.random_range(1..=N)),
    }
}

pub fn random_instance(rng: &mut ChaCha8Rng) -> Instance {
    let count = if rng.random_bool(0.3) {
        rng.random_range(1..=4)
    } else {
        rng.random_range(1..=50)
    };
    let style = rng.random_range(0..6);
    let mut robots: Vec<(i32, i32)> = Vec::new();
    let mut attempts = 0;
    while robots.len() < count {
        attempts += 1;
        // Small regions (5 x 5 around you, a 6 x 6 corner) fill up: spill over to anywhere.
        let region = match style {
            _ if attempts > 500 => 4,
            5 => rng.random_range(0..5),
            _ => style,
        };
        let cell = random_cell(rng, region);
        if cell != (15, 15) && !robots.contains(&cell) {
            robots.push(cell);
        }
    }
    let teleports = (0..rng.random_range(0..=20))
        .map(|_| match rng.random_range(0..10) {
            0 if !robots.is_empty() => robots[rng.random_range(0..robots.len())],
            1 => (15, 15),
            2..=4 => random_cell(rng, 2),
            _ => {
                let region = rng.random_range(0..5);
                random_cell(rng, region)
            }
        })
        .collect();
    (robots, teleports)
}

pub fn input_text(instances: &[Instance], terminated: bool) -> String {
    let mut text = String::new();
    for (robots, teleports) in instances {
        text += &format!("{} {}\n", robots.len(), teleports.len());
        for (r, c) in robots.iter().chain(teleports) {
            text += &format!("{r} {c}\n");
        }
    }
    if terminated {
        text += "0 0\n";
    }
    text
}

/// The input's numbers, read plainly: cases until `0 0` or the end of the tokens.
pub fn parse_instances(text: &str) -> Vec<Instance> {
    let numbers: Vec<i32> = text
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut at = 0;
    let take_cells = |at: &mut usize, count: i32| -> Vec<(i32, i32)> {
        let cells = (0..count as usize)
            .map(|k| (numbers[*at + 2 * k], numbers[*at + 2 * k + 1]))
            .collect();
        *at += 2 * count as usize;
        cells
    };
    let mut instances = Vec::new();
    while at < numbers.len() {
        let (r, t) = (numbers[at], numbers[at + 1]);
        at += 2;
        if (r, t) == (0, 0) {
            break;
        }
        let robots = take_cells(&mut at, r);
        let teleports = take_cells(&mut at, t);
        instances.push((robots, teleports));
    }
    instances
}

/// The input as the stress loop sees it: the games, and whether `0 0` ends them.
#[derive(Clone, Debug)]
pub struct Input {
    pub instances: Vec<Instance>,
    pub terminated: bool,
}

/// `make stress P=robots`: this oracle against the bundle.
pub struct Stress;

impl stress_kit::Problem for Stress {
    type Input = Input;

    /// Three random games, as the randomized test draws them; one input in seven lacks `0 0`.
    fn generate(rng: &mut ChaCha8Rng) -> String {
        let instances: Vec<Instance> = (0..3).map(|_| random_instance(rng)).collect();
        input_text(&instances, rng.random_range(0..7) != 0)
    }

    fn parse(text: &str) -> Input {
        let numbers: Vec<&str> = text.split_whitespace().collect();
        let instances = parse_instances(text);
        let used: usize = instances
            .iter()
            .map(|(r, t)| 2 + 2 * (r.len() + t.len()))
            .sum();
        Input {
            terminated: numbers.len() >= used + 2 && numbers[used..used + 2] == ["0", "0"],
            instances,
        }
    }

    fn write(input: &Input) -> String {
        input_text(&input.instances, input.terminated)
    }

    fn oracle(input: &Input) -> String {
        oracle(&input.instances)
    }

    /// Fewer games; then, in one game, fewer robots (at least one) or fewer teleports.
    fn shrink(input: &Input) -> Vec<Input> {
        use stress_kit::shrink::{each, removals};
        let fewer = removals(&input.instances)
            .into_iter()
            .filter(|games| !games.is_empty());
        let smaller = each(&input.instances, |(robots, teleports)| {
            let fewer_robots = removals(robots)
                .into_iter()
                .filter(|r| !r.is_empty())
                .map(|r| (r, teleports.clone()));
            let fewer_teleports = removals(teleports).into_iter().map(|t| (robots.clone(), t));
            fewer_robots.chain(fewer_teleports).collect()
        });
        let terminated = input.terminated;
        fewer
            .chain(smaller)
            .map(|instances| Input {
                instances,
                terminated,
            })
            .collect()
    }
}
