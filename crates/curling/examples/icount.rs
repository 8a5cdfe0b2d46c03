//! Runs one solver once over judge-format board files, for counting its
//! instructions (repeatable on a loaded machine, unlike time), under valgrind to see where
//! they go:
//!
//! ```text
//! cargo build --release -p curling --example icount
//! valgrind --tool=callgrind --toggle-collect='*solve_all*' --callgrind-out-file=/dev/null \
//!     target/release/examples/icount ours crates/curling/benches/data/climbed-ratio.txt
//! ```
//!
//! or, for cycles, branch misses and time (`REPEAT` runs the solver that many times, so
//! that reading the files is noise):
//!
//! ```text
//! REPEAT=200 perf stat -e instructions:u,cycles:u,branch-misses:u,task-clock \
//!     target/release/examples/icount ours crates/curling/benches/data/climbed-ratio.txt
//! ```
//!
//! `perf stat` counts the whole process, so for a ratio subtract the counts of a `REPEAT=0`
//! run (reading the files and, for `random`, generating 1,500 boards) from both solvers'.
//! Its `instructions:u` are the same on every run (callgrind counts each byte of a `rep stos`
//! as an instruction, so it charges a zeroed allocation hundreds of times its cost). Its
//! `cycles:u` vary by up to 2x between runs on a shared machine, for both solvers; times are
//! best taken by `versus` (the median of interleaved rounds, `benches/README.md`). Not every
//! machine has the hardware counters: callgrind's instruction count works everywhere.
//!
//! The first argument is `ours` or `dfs` (the plain DFS reference); `corners`, `random`,
//! `random-all` and `thin` name the generated boards, as in `versus`. Only the calls inside
//! `solve_all` are counted: reading and parsing the files are not.

#[path = "../benches/support/boards.rs"]
#[allow(dead_code)]
mod boards;
#[path = "../benches/support/plain_dfs.rs"]
mod plain_dfs;
#[path = "../benches/support/sets.rs"]
mod sets;

use curling::{min_throws, Board};

#[inline(never)]
fn solve_all_ours(boards: &[Board]) -> usize {
    boards.iter().filter(|b| min_throws(b).is_some()).count()
}

#[inline(never)]
fn solve_all_dfs(rows: &[boards::Rows]) -> usize {
    rows.iter()
        .filter(|r| plain_dfs::plain_dfs(r).0.is_some())
        .count()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let solver = args.next().expect("usage: icount ours|dfs FILE...");
    let mut rows = Vec::new();
    for path in args {
        rows.extend(match path.as_str() {
            "corners" => sets::unreachable_corners(),
            "random" => sets::hardest_of_random(),
            "random-all" => sets::random_boards(),
            "thin" => vec![boards::long_thin_board(100_000)],
            _ => boards::parse_boards(
                &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
            ),
        });
    }
    // REPEAT=n solves everything n times: for `perf stat`, which counts the whole process.
    let repeat: usize = std::env::var("REPEAT").map_or(1, |n| n.parse().expect("REPEAT=n"));
    let boards: Vec<Board> = rows
        .iter()
        .map(|r| Board::from_codes(r.clone()).expect("a valid board"))
        .collect();
    let mut solved = 0;
    for _ in 0..repeat {
        solved = match solver.as_str() {
            "ours" => solve_all_ours(&boards),
            "dfs" => solve_all_dfs(&rows),
            _ => panic!("the solver is `ours` or `dfs`"),
        };
    }
    println!("{} boards, {solved} solved", rows.len());
}
