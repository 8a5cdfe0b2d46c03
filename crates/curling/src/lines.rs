//! The blocks of a board as bit sets, one per line (row or column): a throw finds the block
//! it will hit with a mask and a bit scan, whatever the distance. Two layouts, and the search
//! is compiled for each: [`Narrow`] when every line fits a word (every board of the
//! statement), [`Wide`] for longer lines.

/// `count` lines of `len` squares, bit `i` of a line set when its square `i` holds a block.
pub trait Lines {
    fn new(count: usize, len: usize) -> Self;

    /// Puts a block on square `i` of `line` if there is none, removes it if there is one.
    fn flip(&mut self, line: usize, i: usize);

    /// Puts a block on square `i` of `line` if `block`.
    fn add(&mut self, line: usize, i: usize, block: bool);

    /// The first block after square `i` of `line` (`forth`) or before it.
    fn first_from(&self, line: usize, i: usize, forth: bool) -> Option<usize>;

    /// A throw along `line` from square `i`, forth (to higher squares) or back: the block it
    /// stops before, and whether it is legal (a block lies that way, not next to `i`).
    #[inline(always)]
    fn throw(&self, line: usize, i: usize, forth: bool) -> (usize, bool) {
        let block = self.first_from(line, i, forth);
        (block.unwrap_or(0), block.is_some_and(|b| b.abs_diff(i) > 1))
    }

    /// Whether no block lies strictly between squares `a` and `b` of `line`.
    #[inline(always)]
    fn clear_between(&self, line: usize, a: usize, b: usize) -> bool {
        self.first_from(line, a, b > a)
            .is_none_or(|block| block.abs_diff(a) >= b.abs_diff(a))
    }

    /// Whether a throw along `line` from square `from` towards square `to` stops on `to`: the
    /// first block that way lies just beyond it.
    #[inline(always)]
    fn stops_on(&self, line: usize, from: usize, to: usize) -> bool {
        let beyond = if to > from { Some(to + 1) } else { to.checked_sub(1) };
        beyond.is_some() && self.first_from(line, from, to > from) == beyond
    }

    /// Whether one block lies strictly between squares `from` and `to` of `line`, not next to
    /// `from`: a throw from `from` stops before it, and once it is gone `to` is in sight.
    #[inline(always)]
    fn one_block_between(&self, line: usize, from: usize, to: usize) -> bool {
        self.first_from(line, from, to > from).is_some_and(|block| {
            let distance = block.abs_diff(from);
            distance > 1 && distance < to.abs_diff(from) && self.clear_between(line, block, to)
        })
    }
}

/// At most 64 lines of at most 64 squares: one word each, in an array (indices masked to
/// 0..64 need no bounds checks). On the boards climbed against the search, 20 % faster than
/// [`Wide`] lines of one word.
pub struct Narrow([u64; 64]);

impl Lines for Narrow {
    fn new(count: usize, len: usize) -> Narrow {
        assert!(count <= 64 && len <= 64, "narrow lines: at most 64 of 64 squares");
        Narrow([0; 64])
    }

    #[inline(always)]
    fn flip(&mut self, line: usize, i: usize) {
        self.0[line & 63] ^= 1 << (i & 63);
    }

    fn add(&mut self, line: usize, i: usize, block: bool) {
        self.0[line & 63] |= u64::from(block) << (i & 63);
    }

    #[inline(always)]
    fn first_from(&self, line: usize, i: usize, forth: bool) -> Option<usize> {
        let word = self.0[line & 63];
        if forth {
            let after = word & (!1 << (i & 63));
            (after != 0).then(|| after.trailing_zeros() as usize)
        } else {
            let before = word & ((1 << (i & 63)) - 1);
            (before != 0).then(|| 63 - before.leading_zeros() as usize)
        }
    }

    // The next three without branches: on the leaves of the search, where they are asked,
    // which way the goal lies changes from one call to the next.
    #[inline(always)]
    fn clear_between(&self, line: usize, a: usize, b: usize) -> bool {
        self.0[line & 63] & between(a, b) == 0
    }

    #[inline(always)]
    fn stops_on(&self, line: usize, from: usize, to: usize) -> bool {
        let beyond = if to > from { to + 1 } else { to.wrapping_sub(1) };
        let path = between(from, beyond) | 1 << (beyond & 63);
        (beyond < 64) & (self.0[line & 63] & path == 1 << (beyond & 63))
    }

    #[inline(always)]
    fn one_block_between(&self, line: usize, from: usize, to: usize) -> bool {
        let blocks = self.0[line & 63] & between(from, to);
        let next_to_from = (2 << (from & 63)) | (1 << (from & 63) >> 1);
        (blocks != 0) & (blocks & blocks.wrapping_sub(1) == 0) & (blocks & next_to_from == 0)
    }

    /// Without branches: whether a throw is legal is what no predictor guesses, and the
    /// search asks it four times a position.
    #[inline(always)]
    fn throw(&self, line: usize, i: usize, forth: bool) -> (usize, bool) {
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
}

/// The squares strictly between squares `a` and `b` (both below 64) of a [`Narrow`] line.
#[inline(always)]
fn between(a: usize, b: usize) -> u64 {
    let (low, high) = (a.min(b) & 63, a.max(b) & 63);
    ((1 << high) - 1) & (!1 << low)
}

/// Lines of any length, `len.div_ceil(64)` words each.
pub struct Wide {
    words_per_line: usize,
    words: Vec<u64>,
}

impl Lines for Wide {
    fn new(count: usize, len: usize) -> Wide {
        let words_per_line = len.div_ceil(64);
        Wide {
            words_per_line,
            words: vec![0; count * words_per_line],
        }
    }

    fn flip(&mut self, line: usize, i: usize) {
        self.words[line * self.words_per_line + i / 64] ^= 1 << (i % 64);
    }

    fn add(&mut self, line: usize, i: usize, block: bool) {
        self.words[line * self.words_per_line + i / 64] |= u64::from(block) << (i % 64);
    }

    fn first_from(&self, line: usize, i: usize, forth: bool) -> Option<usize> {
        let words = &self.words[line * self.words_per_line..][..self.words_per_line];
        if forth {
            let mut w = (i + 1) / 64;
            let mut bits = words.get(w)? & (!0 << ((i + 1) % 64));
            while bits == 0 {
                w += 1;
                bits = *words.get(w)?;
            }
            Some(w * 64 + bits.trailing_zeros() as usize)
        } else {
            let mut w = i / 64;
            let mut bits = words.get(w).map_or(0, |&word| word & ((1 << (i % 64)) - 1));
            while bits == 0 {
                w = w.checked_sub(1)?;
                bits = words[w];
            }
            Some(w * 64 + 63 - bits.leading_zeros() as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_lines_find_blocks_within_and_across_words() {
        let mut lines = Wide::new(2, 200);
        for i in [0, 63, 64, 130, 199] {
            lines.flip(1, i);
        }
        let after: Vec<_> = [0, 63, 64, 130, 199].map(|i| lines.first_from(1, i, true)).into();
        assert_eq!(after, [Some(63), Some(64), Some(130), Some(199), None]);
        let before: Vec<_> = [199, 130, 64, 63, 0].map(|i| lines.first_from(1, i, false)).into();
        assert_eq!(before, [Some(130), Some(64), Some(63), Some(0), None]);
        assert_eq!(lines.first_from(0, 5, true), None);
        assert!(!lines.clear_between(1, 129, 131));
        assert!(lines.clear_between(1, 199, 130));
        lines.flip(1, 130);
        assert!(lines.clear_between(1, 65, 199));
    }

    /// Each query of both layouts against a walk square by square.
    fn check<L: Lines>(lines: &L, blocks: &[bool]) {
        let len = blocks.len();
        for i in 0..len {
            let after = (i + 1..len).find(|&j| blocks[j]);
            let before = (0..i).rev().find(|&j| blocks[j]);
            for (forth, block) in [(true, after), (false, before)] {
                assert_eq!(lines.first_from(0, i, forth), block, "{len} {i}");
                let (found, legal) = lines.throw(0, i, forth);
                assert_eq!(legal, block.is_some_and(|b| b.abs_diff(i) > 1), "{len} {i}");
                assert!(!legal || Some(found) == block, "{len} {i}");
            }
            for j in (0..len).filter(|&j| j != i) {
                let between = (i.min(j) + 1..i.max(j)).filter(|&k| blocks[k]);
                let between: Vec<usize> = between.collect();
                assert_eq!(lines.clear_between(0, i, j), between.is_empty(), "{len} {i} {j}");
                let beyond = if j > i { Some(j + 1) } else { j.checked_sub(1) };
                let clear = between.is_empty() && !blocks[j];
                let stops = clear && beyond.is_some_and(|b| b < len && blocks[b]);
                assert_eq!(lines.stops_on(0, i, j), stops, "{len} {i} {j}");
                let one = between.len() == 1 && between[0].abs_diff(i) > 1;
                assert_eq!(lines.one_block_between(0, i, j), one, "{len} {i} {j}");
            }
        }
    }

    #[test]
    fn both_layouts_agree_with_a_walk_square_by_square() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for len in [1, 2, 5, 20, 63, 64, 65, 130] {
            let mut wide = Wide::new(1, len);
            let mut narrow = (len <= 64).then(|| Narrow::new(1, len));
            let mut blocks = vec![false; len];
            for _ in 0..len / 2 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let i = (state % len as u64) as usize;
                wide.flip(0, i);
                if let Some(narrow) = &mut narrow {
                    narrow.flip(0, i);
                }
                blocks[i] = !blocks[i];
                check(&wide, &blocks);
                if let Some(narrow) = &narrow {
                    check(narrow, &blocks);
                }
            }
        }
    }
}
