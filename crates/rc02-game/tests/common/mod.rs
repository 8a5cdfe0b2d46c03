//! A deliberately plain second implementation of the game, straight from the statement, sharing
//! no code with the crate: a `Vec<Vec<char>>` board, and capture patterns found by listing every
//! line that matches the statement's words and comparing strings.

// dead_code: each test file uses a different part. needless_range_loop: the oracle indexes
// the board the way the statement speaks of it, on purpose.
#![allow(dead_code, clippy::needless_range_loop)]

/// What the oracle saw while playing, so the random tests can prove they reached every rule.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    /// Captures by (own pieces, opponent pieces) in the line, with N = 4 and N > 4 apart.
    pub captures_n4: usize,
    pub captures_n_minus_2_1: usize,
    pub captures_n_minus_3_2: usize,
    pub captures_n_minus_3_1: usize,
    pub captures_in_column: usize,
    pub double_captures: usize,
    pub wins_by_count: usize,
    pub wins_by_count_below_half: usize,
    pub wins_by_no_move_of_mover: usize,
    pub wins_by_no_move_of_next: usize,
    pub invalid: usize,
    pub ongoing: usize,
}

fn other(side: char) -> char {
    if side == 'h' {
        'l'
    } else {
        'h'
    }
}

fn name(side: char) -> &'static str {
    if side == 'h' {
        "red"
    } else {
        "blue"
    }
}

/// Every row/column string in which `me` may capture: for each allowed (own, opponent) pair,
/// each order of the two blocks, each place of the joined block on the line.
pub fn capture_lines(n: usize, me: char) -> Vec<(String, usize, usize)> {
    let pairs: Vec<(usize, usize)> = if n == 4 {
        vec![(2, 1)]
    } else {
        vec![(n - 2, 1), (n - 3, 2), (n - 3, 1)]
    };
    let mut lines = Vec::new();
    for (own, opp) in pairs {
        let mine = me.to_string().repeat(own);
        let theirs = other(me).to_string().repeat(opp);
        for block in [format!("{mine}{theirs}"), format!("{theirs}{mine}")] {
            for start in 0..=n - block.len() {
                let line = format!(
                    "{}{}{}",
                    ".".repeat(start),
                    block,
                    ".".repeat(n - start - block.len())
                );
                lines.push((line, own, opp));
            }
        }
    }
    lines
}

fn start(n: usize) -> Vec<Vec<char>> {
    let mut g = vec![vec!['.'; n]; n];
    for r in 0..n {
        g[r][0] = 'h';
        g[r][n - 1] = 'l';
    }
    for c in 0..n {
        let piece = if c < n / 2 { 'h' } else { 'l' };
        g[0][c] = piece;
        g[n - 1][c] = piece;
    }
    g
}

fn count(g: &[Vec<char>], side: char) -> usize {
    g.iter().flatten().filter(|&&ch| ch == side).count()
}

fn stuck(g: &[Vec<char>], side: char) -> bool {
    let n = g.len() as i64;
    for r in 0..n {
        for c in 0..n {
            if g[r as usize][c as usize] != side {
                continue;
            }
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (rr, cc) = (r + dr, c + dc);
                if rr >= 0 && rr < n && cc >= 0 && cc < n && g[rr as usize][cc as usize] == '.' {
                    return false;
                }
            }
        }
    }
    true
}

fn picture(g: &[Vec<char>]) -> String {
    g.iter()
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}

/// A game as the statement tells it. `result` is set once the output is fixed (`0` or `2 ...`).
pub struct Plain {
    pub n: usize,
    pub g: Vec<Vec<char>>,
    pub turn: char,
    pub result: Option<String>,
}

impl Plain {
    pub fn new(n: usize) -> Plain {
        Plain {
            n,
            g: start(n),
            turn: 'h',
            result: None,
        }
    }

    /// Reads one more input line `a b c d` (ignored once the result is fixed).
    pub fn step(&mut self, [a, b, c, d]: [i64; 4], seen: &mut Seen) {
        if self.result.is_some() {
            return;
        }
        let n = self.n;
        let size = n as i64;
        let g = &mut self.g;
        let turn = self.turn;
        let on = |v: i64| 1 <= v && v <= size;
        if !(on(a) && on(b) && on(c) && on(d)) {
            seen.invalid += 1;
            self.result = Some("0\n".to_string());
            return;
        }
        // a, c are columns; b, d are rows.
        let (r1, c1, r2, c2) = (
            (b - 1) as usize,
            (a - 1) as usize,
            (d - 1) as usize,
            (c - 1) as usize,
        );
        let step = (b - d).abs() + (a - c).abs();
        if g[r1][c1] != turn || g[r2][c2] != '.' || step != 1 {
            seen.invalid += 1;
            self.result = Some("0\n".to_string());
            return;
        }
        g[r1][c1] = '.';
        g[r2][c2] = turn;
        let foe = other(turn);
        let row: String = g[r2].iter().collect();
        let col: String = (0..n).map(|r| g[r][c2]).collect();
        let patterns = capture_lines(n, turn);
        let row_hit = patterns.iter().find(|p| p.0 == row).cloned();
        let col_hit = patterns.iter().find(|p| p.0 == col).cloned();
        for hit in [&row_hit, &col_hit].into_iter().flatten() {
            let (_, own, opp) = hit;
            if n == 4 {
                seen.captures_n4 += 1;
            } else if *own == n - 2 {
                seen.captures_n_minus_2_1 += 1;
            } else if *opp == 2 {
                seen.captures_n_minus_3_2 += 1;
            } else {
                seen.captures_n_minus_3_1 += 1;
            }
        }
        if col_hit.is_some() {
            seen.captures_in_column += 1;
        }
        if row_hit.is_some() && col_hit.is_some() {
            seen.double_captures += 1;
        }
        if row_hit.is_some() {
            for cc in 0..n {
                if g[r2][cc] == foe {
                    g[r2][cc] = '.';
                }
            }
        }
        if col_hit.is_some() {
            for rr in 0..n {
                if g[rr][c2] == foe {
                    g[rr][c2] = '.';
                }
            }
        }
        let (reds, blues) = (count(g, 'h'), count(g, 'l'));
        let winner = if reds <= n / 2 || blues <= n / 2 {
            seen.wins_by_count += 1;
            if reds < n / 2 || blues < n / 2 {
                seen.wins_by_count_below_half += 1;
            }
            Some(if reds <= n / 2 { 'l' } else { 'h' })
        } else if stuck(g, 'h') || stuck(g, 'l') {
            if stuck(g, turn) {
                seen.wins_by_no_move_of_mover += 1;
            } else {
                seen.wins_by_no_move_of_next += 1;
            }
            Some(if stuck(g, 'h') { 'l' } else { 'h' })
        } else {
            None
        };
        if let Some(w) = winner {
            self.result = Some(format!("2\n{}\n{}", name(w), picture(g)));
        }
        self.turn = foe;
    }

    /// The output if the input ended here.
    pub fn output(&self, seen: &mut Seen) -> String {
        match &self.result {
            Some(fixed) => fixed.clone(),
            None => {
                seen.ongoing += 1;
                format!("1\n{}", picture(&self.g))
            }
        }
    }
}

/// Plays `moves` (each `a b c d` as in the input) on an `n` x `n` board; returns the output.
pub fn oracle(n: usize, moves: &[[i64; 4]], seen: &mut Seen) -> String {
    let mut game = Plain::new(n);
    for &m in moves {
        game.step(m, seen);
    }
    game.output(seen)
}

/// All legal moves for `side` on `g`, as `[a, b, c, d]` (column, row, column, row; 1-based).
pub fn legal_moves(g: &[Vec<char>], side: char) -> Vec<[i64; 4]> {
    let n = g.len() as i64;
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if g[r as usize][c as usize] != side {
                continue;
            }
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (rr, cc) = (r + dr, c + dc);
                if rr >= 0 && rr < n && cc >= 0 && cc < n && g[rr as usize][cc as usize] == '.' {
                    out.push([c + 1, r + 1, cc + 1, rr + 1]);
                }
            }
        }
    }
    out
}

/// The input text for `n` and `moves`, announcing `k` moves.
pub fn input_text(n: usize, k: usize, moves: &[[i64; 4]]) -> String {
    let mut text = format!("{n} {k}\n");
    for [a, b, c, d] in moves {
        text.push_str(&format!("{a} {b} {c} {d}\n"));
    }
    text
}
