//! Hill climber that builds Curling 2.0 boards on which our search works hard.
//!
//! It is a test-data tool: its output files are the adversarial data sets
//! under `benches/data/` (judge input format), which `make bench` and the
//! tests replay. Each set there is made, from the repository root, by one
//! command:
//!
//! ```text
//! cargo run --release -p curling --example climb -- \
//!     --objective nodes --boards 100 --steps 400 --seed 2 \
//!     --out crates/curling/benches/data/climbed-nodes.txt
//! cargo run --release -p curling --example climb -- \
//!     --objective ratio --boards 100 --steps 2000 --seed 2 \
//!     --out crates/curling/benches/data/climbed-ratio.txt
//! cargo run --release -p curling --example climb -- \
//!     --objective ratio --boards 30 --steps 12000 --seed 11 \
//!     --out crates/curling/benches/data/climbed-ratio-long.txt
//! cargo run --release -p curling --example climb -- \
//!     --objective ratio --boards 30 --steps 40000 --seed 13 \
//!     --out crates/curling/benches/data/climbed-ratio-xlong.txt
//! cargo run --release -p curling --example climb -- \
//!     --objective time --boards 100 --steps 300 --seed 4 \
//!     --out crates/curling/benches/data/climbed-time.txt
//! ```
//!
//! and its `.out` file by `examples/answers.rs`. The nodes and ratio climbs score
//! positions, so a command gives the same file on every run, but which file
//! depends on the positions the search visits: the files here were climbed against
//! an earlier search, and the commands run against today's climb other boards. A
//! time climb measures time, so the same command gives another file each run.
//!
//! Each of `--boards` climbs starts from a random `--width` x `--height` board
//! (default 20 x 20, 10-40 % blocks) and makes `--steps` mutations (toggle one
//! to three squares between vacant and block, or move the start or the goal),
//! keeping a mutation when the score does not drop. The best board of each
//! climb is written out. Objectives (`--objective`):
//! - `nodes`: positions our search ([`curling::search::min_throws_counted`])
//!   expands: boards where the search itself is slowest;
//! - `ratio`: those positions divided by the positions the plain DFS (the
//!   reference every public accepted program uses, `benches/support/plain_dfs.rs`)
//!   visits, with the divisor floored at `--floor` (default 2000) so that
//!   trivial boards, where both finish in microseconds, cannot win: boards
//!   where our pruning helps least relative to the reference;
//! - `time`: the same ratio in measured time (each solver timed as the fastest
//!   of seven rounds of 0.3 ms, see `time_of`; divisor floored at `--floor`
//!   nanoseconds x 10): noisier, but blind to how each search counts its work,
//!   so it also climbs towards boards where our cost per position is high.
//!
//! Every evaluated board is also a differential test: the climber stops if our
//! answer and the plain DFS's differ.

// Shared with the bench and the other example, which use more of it.
#[allow(dead_code)]
#[path = "../benches/support/boards.rs"]
mod boards;
#[path = "../benches/support/plain_dfs.rs"]
mod plain_dfs;

use boards::{format_boards, Rows};
use curling::search::min_throws_counted;
use curling::Board;
use plain_dfs::plain_dfs;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, PartialEq)]
enum Objective {
    Nodes,
    Ratio,
    Time,
}

struct Options {
    objective: Objective,
    boards: usize,
    steps: usize,
    seed: u64,
    width: usize,
    height: usize,
    floor: u64,
    out: Option<String>,
}

fn usage() -> ! {
    eprintln!(
        "usage: climb [--objective nodes|ratio|time] [--boards N] [--steps N] [--seed N] \
         [--width W] [--height H] [--floor N] [--out FILE]"
    );
    std::process::exit(2);
}

fn parse_options() -> Options {
    let mut o = Options {
        objective: Objective::Nodes,
        boards: 100,
        steps: 400,
        seed: 1,
        width: 20,
        height: 20,
        floor: 2000,
        out: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_else(|| usage());
        let number = || value.parse::<u64>().unwrap_or_else(|_| usage());
        match flag.as_str() {
            "--objective" => {
                o.objective = match value.as_str() {
                    "nodes" => Objective::Nodes,
                    "ratio" => Objective::Ratio,
                    "time" => Objective::Time,
                    _ => usage(),
                }
            }
            "--boards" => o.boards = number() as usize,
            "--steps" => o.steps = number() as usize,
            "--seed" => o.seed = number(),
            "--width" => o.width = number() as usize,
            "--height" => o.height = number() as usize,
            "--floor" => o.floor = number(),
            "--out" => o.out = Some(value),
            _ => usage(),
        }
    }
    if o.width * o.height < 2 {
        usage();
    }
    o
}

/// What one evaluation learned about a board.
struct Eval {
    score: f64,
    ours: u64,
    reference: u64,
    answer: Option<u32>,
}

/// The time of one call of `run`: the least mean over seven rounds of at least 0.3 ms of
/// wall time each. On a machine shared with other jobs a round that is preempted takes
/// milliseconds longer; the fastest round is the one that was not. (Per-thread CPU time
/// from /proc is only updated at scheduler ticks: too coarse for rounds this short.)
fn time_of(mut run: impl FnMut()) -> Duration {
    (0..7)
        .map(|_| {
            let started = Instant::now();
            let mut runs = 0u32;
            while runs == 0 || started.elapsed() < Duration::from_micros(300) {
                run();
                runs += 1;
            }
            started.elapsed() / runs
        })
        .min()
        .expect("seven rounds")
}

fn evaluate(rows: &Rows, o: &Options) -> Eval {
    let board = Board::from_codes(rows.clone()).expect("a valid board");
    let (answer, ours) = min_throws_counted(&board);
    let (expected, reference) = plain_dfs(rows);
    assert_eq!(
        answer, expected,
        "our search and the plain DFS disagree on {rows:?}"
    );
    let score = match o.objective {
        Objective::Nodes => ours as f64,
        Objective::Ratio => ours as f64 / reference.max(o.floor) as f64,
        Objective::Time => {
            let mine = time_of(|| {
                std::hint::black_box(min_throws_counted(std::hint::black_box(&board)));
            });
            let theirs = time_of(|| {
                std::hint::black_box(plain_dfs(std::hint::black_box(rows)));
            });
            let floor = Duration::from_nanos(o.floor * 10);
            mine.as_secs_f64() / theirs.max(floor).as_secs_f64()
        }
    };
    Eval {
        score,
        ours,
        reference,
        answer,
    }
}

fn random_board(rng: &mut ChaCha8Rng, o: &Options) -> Rows {
    let density = rng.random_range(0.10..0.40);
    let mut rows: Rows = (0..o.height)
        .map(|_| {
            (0..o.width)
                .map(|_| u8::from(rng.random_bool(density)))
                .collect()
        })
        .collect();
    for code in [2, 3] {
        let (r, c) = random_square(rng, o);
        if rows[r][c] >= 2 {
            return random_board(rng, o);
        }
        rows[r][c] = code;
    }
    rows
}

fn random_square(rng: &mut ChaCha8Rng, o: &Options) -> (usize, usize) {
    (rng.random_range(0..o.height), rng.random_range(0..o.width))
}

/// A neighbour of `rows`: one to three squares toggled, or the start or the goal moved.
fn mutate(rng: &mut ChaCha8Rng, rows: &Rows, o: &Options) -> Rows {
    let mut next = rows.clone();
    match rng.random_range(0..10) {
        0 | 1 => {
            // Move the start (code 2) or the goal (code 3) to a non-special square.
            let code = if rng.random_bool(0.5) { 2 } else { 3 };
            let (r, c) = random_square(rng, o);
            if next[r][c] < 2 {
                for row in next.iter_mut() {
                    for cell in row.iter_mut().filter(|cell| **cell == code) {
                        *cell = 0;
                    }
                }
                next[r][c] = code;
            }
        }
        _ => {
            for _ in 0..rng.random_range(1..=3) {
                let (r, c) = random_square(rng, o);
                if next[r][c] < 2 {
                    next[r][c] ^= 1;
                }
            }
        }
    }
    next
}

fn main() {
    let o = parse_options();
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let started = Instant::now();
    let mut climbed = Vec::new();
    for index in 0..o.boards {
        let mut best_rows = random_board(&mut rng, &o);
        let mut best = evaluate(&best_rows, &o);
        for _ in 0..o.steps {
            let rows = mutate(&mut rng, &best_rows, &o);
            let eval = evaluate(&rows, &o);
            if eval.score >= best.score {
                best_rows = rows;
                best = eval;
            }
        }
        eprintln!(
            "board {:>3}: score {:>12.4}  ours {:>9}  plain DFS {:>9}  answer {:>2}  ({:.0?})",
            index + 1,
            best.score,
            best.ours,
            best.reference,
            best.answer.map_or(-1, i64::from),
            started.elapsed()
        );
        climbed.push(best_rows);
    }
    let text = format_boards(&climbed);
    match &o.out {
        Some(path) => std::fs::write(path, text).unwrap_or_else(|e| panic!("{path}: {e}")),
        None => print!("{text}"),
    }
}
