//! The reference every public accepted Curling 2.0 program uses, written here
//! as our own code: a plain depth-first search over throw sequences on a
//! mutable array board, sliding the stone square by square, cut only by "ten
//! throws at most" and "no deeper than the best answer found so far".
//!
//! Benches and the hill climber measure our search against it; tests use it
//! as a second, independent answer. Included with `#[path]` (it is not part of
//! the library, so never part of the bundle).

const BLOCK: u8 = 1;
const START: u8 = 2;
const GOAL: u8 = 3;

/// The answer (fewest throws, at most ten) and the number of positions the
/// plain DFS visited (calls of its recursive function).
pub fn plain_dfs(rows: &[Vec<u8>]) -> (Option<u32>, u64) {
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    let mut dfs = PlainDfs {
        width: width as isize,
        height: height as isize,
        board: rows.iter().flatten().copied().collect(),
        best: 11,
        visited: 0,
    };
    let start = dfs
        .board
        .iter()
        .position(|&s| s == START)
        .expect("no start");
    dfs.board[start] = 0;
    dfs.search((start / width) as isize, (start % width) as isize, 0);
    ((dfs.best <= 10).then_some(dfs.best), dfs.visited)
}

struct PlainDfs {
    width: isize,
    height: isize,
    /// Row-major square codes; the start square is vacant.
    board: Vec<u8>,
    best: u32,
    visited: u64,
}

impl PlainDfs {
    fn search(&mut self, row: isize, col: isize, used: u32) {
        self.visited += 1;
        // One more throw must still beat the best found and stay within ten.
        if used + 1 >= self.best {
            return;
        }
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (mut r, mut c) = (row, col);
            let mut moved = false;
            loop {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 || nr >= self.height || nc >= self.width {
                    break; // off the board
                }
                let next = (nr * self.width + nc) as usize;
                if self.board[next] == GOAL {
                    self.best = self.best.min(used + 1);
                    break;
                }
                if self.board[next] == BLOCK {
                    if moved {
                        self.board[next] = 0;
                        self.search(r, c, used + 1);
                        self.board[next] = BLOCK;
                    }
                    break;
                }
                r = nr;
                c = nc;
                moved = true;
            }
        }
    }
}
