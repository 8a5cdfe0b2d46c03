//! The blocks of a board as bit sets, one word per line (row or column), for boards of at most
//! 64 x 64 squares: a throw finds the block it will hit with a mask and a bit scan, whatever
//! the distance, and without a branch (whether a throw is legal, or which way the goal lies,
//! is what no predictor guesses).

/// Up to 64 lines of up to 64 squares, bit `i` of line `l` set when its square `i` holds a
/// block. A fixed array: indices masked to 0..64 need no bounds checks.
pub struct Lines(pub [u64; 64]);

/// The squares strictly between squares `a` and `b` of a line.
fn between(a: usize, b: usize) -> u64 {
    let (low, high) = (a.min(b) & 63, a.max(b) & 63);
    ((1 << high) - 1) & (!1 << low)
}

impl Lines {
    pub fn new() -> Lines {
        Lines([0; 64])
    }

    /// Puts a block on square `i` of `line` if `block` (without a branch on it).
    pub fn add(&mut self, line: usize, i: usize, block: bool) {
        self.0[line & 63] |= u64::from(block) << (i & 63);
    }

    /// Puts a block on square `i` of `line` if there is none, removes it if there is one.
    pub fn flip(&mut self, line: usize, i: usize) {
        self.0[line & 63] ^= 1 << (i & 63);
    }

    /// A throw along `line` from square `i`, forth (to higher squares) or back: the block it
    /// stops before, and whether it is legal (a block lies that way, not next to `i`).
    pub fn throw(&self, line: usize, i: usize, forth: bool) -> (usize, bool) {
        let word = self.0[line & 63];
        if forth {
            let after = word & (!1 << (i & 63));
            let block = after.trailing_zeros() as usize;
            (block, (after != 0) & (block > i + 1))
        } else {
            let before = word & ((1 << (i & 63)) - 1);
            let block = 63 - (before | 1).leading_zeros() as usize;
            (block, (before != 0) & (block + 1 < i))
        }
    }

    /// Whether no block lies strictly between squares `a` and `b` of `line`.
    pub fn clear_between(&self, line: usize, a: usize, b: usize) -> bool {
        self.0[line & 63] & between(a, b) == 0
    }

    /// Whether a throw along `line` from square `from` towards square `to` stops on `to`: the
    /// first block that way lies just beyond it.
    pub fn stops_on(&self, line: usize, from: usize, to: usize) -> bool {
        let beyond = if to > from {
            to + 1
        } else {
            to.wrapping_sub(1)
        };
        let path = between(from, beyond) | 1 << (beyond & 63);
        (beyond < 64) & (self.0[line & 63] & path == 1 << (beyond & 63))
    }

    /// Whether one block lies strictly between squares `from` and `to` of `line`, not next to
    /// `from`: a throw from `from` stops before it, and once it is gone `to` is in sight.
    pub fn one_block_between(&self, line: usize, from: usize, to: usize) -> bool {
        let blocks = self.0[line & 63] & between(from, to);
        let next_to_from = (2 << (from & 63)) | (1 << (from & 63) >> 1);
        (blocks != 0) & (blocks & blocks.wrapping_sub(1) == 0) & (blocks & next_to_from == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_agree_with_a_walk_square_by_square() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for len in [1, 2, 5, 20, 63, 64] {
            let (mut lines, mut blocks) = (Lines::new(), vec![false; len]);
            for _ in 0..len / 2 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let i = (state % len as u64) as usize;
                lines.flip(0, i);
                blocks[i] = !blocks[i];
                check(&lines, &blocks);
            }
        }
    }

    /// Each query against a walk square by square.
    fn check(lines: &Lines, blocks: &[bool]) {
        let len = blocks.len();
        for i in 0..len {
            let after = (i + 1..len).find(|&j| blocks[j]);
            let before = (0..i).rev().find(|&j| blocks[j]);
            for (forth, block) in [(true, after), (false, before)] {
                let (found, legal) = lines.throw(0, i, forth);
                assert_eq!(legal, block.is_some_and(|b| b.abs_diff(i) > 1), "{len} {i}");
                assert!(!legal || Some(found) == block, "{len} {i}");
            }
            for j in (0..len).filter(|&j| j != i) {
                let between: Vec<usize> = (i.min(j) + 1..i.max(j)).filter(|&k| blocks[k]).collect();
                assert_eq!(
                    lines.clear_between(0, i, j),
                    between.is_empty(),
                    "{len} {i} {j}"
                );
                let beyond = if j > i { Some(j + 1) } else { j.checked_sub(1) };
                let clear = between.is_empty() && !blocks[j];
                let stops = clear && beyond.is_some_and(|b| b < len && blocks[b]);
                assert_eq!(lines.stops_on(0, i, j), stops, "{len} {i} {j}");
                let one = between.len() == 1 && between[0].abs_diff(i) > 1;
                assert_eq!(lines.one_block_between(0, i, j), one, "{len} {i} {j}");
            }
        }
    }
}
