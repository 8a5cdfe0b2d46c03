//! The blocks of a board as bit sets, one per line (row or column), so a throw
//! finds the block it will hit with a few word operations instead of a walk
//! square by square. Two layouts, and the search is compiled for each:
//! [`Narrow`] when every line fits one `u64` (every board of the statement),
//! [`Wide`] for longer lines.

/// `count` lines of `len` bits each, bit `i` of line `l` set when square `i`
/// of that line holds a block.
pub trait Lines: Clone {
    fn new(count: usize, len: usize) -> Self;
    /// Lines whose bits are `words`, `len.div_ceil(64)` words per line, lowest bits first.
    fn from_words(count: usize, len: usize, words: &[u64]) -> Self;
    /// As [`Lines::from_words`], taking the words (no copy where the layout is the same).
    fn from_word_vec(count: usize, len: usize, words: Vec<u64>) -> Self {
        Self::from_words(count, len, &words)
    }
    /// What [`Lines::stops_on_towards`] and [`Lines::clear_towards`] keep of one square `to`
    /// of lines of `len` squares: made once, for throws from any square.
    type Towards;
    fn towards(len: usize, to: usize) -> Self::Towards;
    /// [`Lines::stops_on`]`(line, from, to)`, for the `to` of `towards`.
    fn stops_on_towards(&self, line: usize, from: usize, towards: &Self::Towards) -> bool;
    /// No block strictly between squares `from` and `to` of `line`, for the `to` of `towards`.
    fn clear_towards(&self, line: usize, from: usize, towards: &Self::Towards) -> bool;
    fn contains(&self, line: usize, i: usize) -> bool;
    /// The words of the lines, line after line (as [`Lines::from_words`] takes them).
    fn words(&self) -> &[u64];
    fn set(&mut self, line: usize, i: usize);
    /// Removes the block on square `i` of `line` if there is one, puts one there if not.
    fn flip(&mut self, line: usize, i: usize);
    /// The first block after square `i` of `line`.
    fn next_after(&self, line: usize, i: usize) -> Option<usize>;
    /// The last block before square `i` of `line`.
    fn prev_before(&self, line: usize, i: usize) -> Option<usize>;

    /// A throw backwards along `line` from square `i`: the block it stops before, and whether
    /// it is legal (a block lies that way, not right next to square `i`). Without a block the
    /// square is 0.
    #[inline]
    fn throw_back(&self, line: usize, i: usize) -> (usize, bool) {
        match self.prev_before(line, i) {
            Some(block) => (block, block + 1 < i),
            None => (0, false),
        }
    }

    /// A throw forwards along `line` from square `i`, as [`Lines::throw_back`]. The square
    /// is above `i` even without a block (so the square before it is a number).
    #[inline]
    fn throw_forth(&self, line: usize, i: usize) -> (usize, bool) {
        match self.next_after(line, i) {
            Some(block) => (block, block > i + 1),
            None => (i + 2, false),
        }
    }

    /// Whether a block lies strictly between squares `a` and `b` of `line`.
    #[inline]
    fn any_between(&self, line: usize, a: usize, b: usize) -> bool {
        let (lo, hi) = (a.min(b), a.max(b));
        self.next_after(line, lo).is_some_and(|block| block < hi)
    }

    /// Whether a throw along `line` from square `from` towards square `to` stops on `to`:
    /// the first block that way lies just beyond `to` (`to` differs from `from`).
    #[inline]
    fn stops_on(&self, line: usize, from: usize, to: usize) -> bool {
        if to < from {
            to > 0 && self.prev_before(line, from) == Some(to - 1)
        } else {
            self.next_after(line, from) == Some(to + 1)
        }
    }

    /// Whether exactly one block lies strictly between squares `from` and `to` of `line`,
    /// and not next to `from`: a throw from `from` towards `to` stops before it, and once
    /// it is gone nothing stands between the stone and `to`.
    #[inline]
    fn one_block_apart(&self, line: usize, from: usize, to: usize) -> bool {
        let first = if to < from {
            self.prev_before(line, from)
                .filter(|&block| block > to && block + 1 < from)
        } else {
            self.next_after(line, from)
                .filter(|&block| block < to && block > from + 1)
        };
        first.is_some_and(|block| !self.any_between(line, block, to))
    }
}

/// At most 64 lines of at most 64 squares: one word each, in a fixed array
/// (no allocation, and indices masked to 0..64 need no bounds checks).
#[derive(Clone, Debug)]
pub struct Narrow([u64; 64]);

impl Lines for Narrow {
    fn new(count: usize, len: usize) -> Narrow {
        assert!(
            count <= 64 && len <= 64,
            "narrow lines: at most 64 of 64 squares"
        );
        Narrow([0; 64])
    }

    fn from_words(count: usize, len: usize, words: &[u64]) -> Narrow {
        let mut lines = Narrow::new(count, len);
        lines.0[..count].copy_from_slice(&words[..count]);
        lines
    }

    type Towards = NarrowTowards;

    fn towards(len: usize, to: usize) -> NarrowTowards {
        // Squares off the line, and `to` itself, never stop a throw: no block is ever exactly
        // the `stop` of 1 under a `path` of 0.
        let mut towards = NarrowTowards {
            path: [0; 64],
            stop: [1; 64],
            between: [0; 64],
        };
        for from in (0..len.min(64)).filter(|&from| from != to) {
            towards.between[from] = between(from, to);
            // The square beyond `to`, seen from `from`; off the line, nothing stops the throw.
            let beyond = if from < to {
                to + 1
            } else {
                to.wrapping_sub(1)
            };
            if beyond < len {
                towards.path[from] = between(from, beyond) | 1 << beyond;
                towards.stop[from] = 1 << beyond;
            }
        }
        towards
    }

    #[inline(always)]
    fn stops_on_towards(&self, line: usize, from: usize, towards: &NarrowTowards) -> bool {
        self.0[line & 63] & towards.path[from & 63] == towards.stop[from & 63]
    }

    #[inline(always)]
    fn clear_towards(&self, line: usize, from: usize, towards: &NarrowTowards) -> bool {
        self.0[line & 63] & towards.between[from & 63] == 0
    }

    #[inline(always)]
    fn contains(&self, line: usize, i: usize) -> bool {
        self.0[line & 63] >> (i & 63) & 1 != 0
    }

    fn words(&self) -> &[u64] {
        &self.0
    }

    #[inline(always)]
    fn set(&mut self, line: usize, i: usize) {
        self.0[line & 63] |= 1 << (i & 63);
    }

    #[inline(always)]
    fn flip(&mut self, line: usize, i: usize) {
        self.0[line & 63] ^= 1 << (i & 63);
    }

    #[inline(always)]
    fn next_after(&self, line: usize, i: usize) -> Option<usize> {
        let word = self.0[line & 63] & (!1u64 << (i & 63));
        (word != 0).then(|| word.trailing_zeros() as usize)
    }

    #[inline(always)]
    fn prev_before(&self, line: usize, i: usize) -> Option<usize> {
        let word = self.0[line & 63] & ((1u64 << (i & 63)) - 1);
        (word != 0).then(|| 63 - word.leading_zeros() as usize)
    }

    #[inline(always)]
    fn one_block_apart(&self, line: usize, from: usize, to: usize) -> bool {
        let blocks = self.0[line & 63] & between(from, to);
        let next_to_from = (2u64 << (from & 63)) | (1u64 << (from & 63) >> 1);
        (blocks != 0) & (blocks & blocks.wrapping_sub(1) == 0) & (blocks & next_to_from == 0)
    }

    // Branch-free: which throws are legal is what a search cannot predict. The masks come
    // from tables: a shift by a variable count costs x86 a move to its count register.
    #[inline(always)]
    fn throw_back(&self, line: usize, i: usize) -> (usize, bool) {
        let (word, masks) = (self.0[line & 63], &SQUARE_MASKS[i & 63]);
        let before = word & masks.before;
        // The highest block before `i`; 0 when there is none (then `before` is 0 too).
        let block = 63 - (before | 1).leading_zeros() as usize;
        // Legal when some block lies before `i` but none right before it: then `before` is
        // below that square's bit, and is not 0 (which the subtraction wraps to the top).
        (block, before.wrapping_sub(1) < masks.far_before)
    }

    #[inline(always)]
    fn throw_forth(&self, line: usize, i: usize) -> (usize, bool) {
        let (word, masks) = (self.0[line & 63], &SQUARE_MASKS[i & 63]);
        let after = word & masks.after;
        // The lowest block after `i`; 64 when there is none.
        let block = after.trailing_zeros() as usize;
        // Legal when the lowest block after `i` (0 when there is none) is beyond the square
        // right after it.
        (block, after & after.wrapping_neg() > masks.next)
    }
}

/// [`Narrow`] masks towards one square `to` of every line, by the square `from` a throw
/// starts on: one load and one comparison each, where working them out took dozens of
/// instructions (the search asks these of every position with two throws left).
pub struct NarrowTowards {
    /// The squares after `from` up to the one beyond `to`: a throw stops on `to` when, of
    /// these, only the one beyond holds a block.
    path: [u64; 64],
    /// The square beyond `to`, seen from `from`.
    stop: [u64; 64],
    /// The squares strictly between `from` and `to`.
    between: [u64; 64],
}

/// The masks of a line of [`Narrow`] around its square `i`: the squares before it and after
/// it, the square right after it (none off the line), and the squares at least two before
/// it (the bit of the square right before `i`, less one; all ones for square 0, before
/// which no throw is ever legal).
#[derive(Clone, Copy)]
struct SquareMasks {
    before: u64,
    after: u64,
    far_before: u64,
    next: u64,
}

static SQUARE_MASKS: [SquareMasks; 64] = {
    let none = SquareMasks {
        before: 0,
        after: 0,
        far_before: 0,
        next: 0,
    };
    let mut masks = [none; 64];
    let mut i = 0;
    while i < 64 {
        masks[i] = SquareMasks {
            before: (1 << i) - 1,
            after: !1 << i,
            far_before: if i > 0 { (1 << (i - 1)) - 1 } else { !0 },
            next: if i < 63 { 1 << (i + 1) } else { 0 },
        };
        i += 1;
    }
    masks
};

/// The squares strictly between `a` and `b` (both below 64) as a mask of one word.
#[inline(always)]
fn between(a: usize, b: usize) -> u64 {
    let (low, high) = (a.min(b) & 63, a.max(b) & 63);
    ((1u64 << high) - 1) & (!1u64 << low)
}

/// Lines of any length: `len.div_ceil(64)` words each.
#[derive(Clone, Debug)]
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

    fn from_words(count: usize, len: usize, words: &[u64]) -> Wide {
        let mut lines = Wide::new(count, len);
        let n = lines.words.len();
        lines.words.copy_from_slice(&words[..n]);
        lines
    }

    fn from_word_vec(count: usize, len: usize, words: Vec<u64>) -> Wide {
        let words_per_line = len.div_ceil(64);
        assert_eq!(words.len(), count * words_per_line, "one line's words each");
        Wide {
            words_per_line,
            words,
        }
    }

    /// Wide lines keep `to` itself (they are never a judge's, speed is not their point).
    type Towards = usize;

    fn towards(_: usize, to: usize) -> usize {
        to
    }

    fn stops_on_towards(&self, line: usize, from: usize, &to: &usize) -> bool {
        self.stops_on(line, from, to)
    }

    fn clear_towards(&self, line: usize, from: usize, &to: &usize) -> bool {
        !self.any_between(line, from, to)
    }

    fn contains(&self, line: usize, i: usize) -> bool {
        self.words[line * self.words_per_line + i / 64] >> (i % 64) & 1 != 0
    }

    fn words(&self) -> &[u64] {
        &self.words
    }

    fn set(&mut self, line: usize, i: usize) {
        self.words[line * self.words_per_line + i / 64] |= 1 << (i % 64);
    }

    fn flip(&mut self, line: usize, i: usize) {
        self.words[line * self.words_per_line + i / 64] ^= 1 << (i % 64);
    }

    fn next_after(&self, line: usize, i: usize) -> Option<usize> {
        let words = &self.words[line * self.words_per_line..][..self.words_per_line];
        let first = i + 1;
        let mut w = first / 64;
        let mut word = *words.get(w)? & (!0u64 << (first % 64));
        loop {
            if word != 0 {
                return Some(w * 64 + word.trailing_zeros() as usize);
            }
            w += 1;
            word = *words.get(w)?;
        }
    }

    fn prev_before(&self, line: usize, i: usize) -> Option<usize> {
        let last = i.checked_sub(1)?;
        let words = &self.words[line * self.words_per_line..][..self.words_per_line];
        let mut w = last / 64;
        let mut word = words[w] & (!0u64 >> (63 - last % 64));
        loop {
            if word != 0 {
                return Some(w * 64 + 63 - word.leading_zeros() as usize);
            }
            w = w.checked_sub(1)?;
            word = words[w];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_lines_find_neighbours_within_and_across_words() {
        let mut lines = Wide::new(2, 200);
        for i in [0, 63, 64, 130, 199] {
            lines.set(1, i);
        }
        assert_eq!(lines.next_after(1, 0), Some(63));
        assert_eq!(lines.next_after(1, 63), Some(64));
        assert_eq!(lines.next_after(1, 64), Some(130));
        assert_eq!(lines.next_after(1, 130), Some(199));
        assert_eq!(lines.next_after(1, 199), None);
        assert_eq!(lines.prev_before(1, 199), Some(130));
        assert_eq!(lines.prev_before(1, 130), Some(64));
        assert_eq!(lines.prev_before(1, 64), Some(63));
        assert_eq!(lines.prev_before(1, 63), Some(0));
        assert_eq!(lines.prev_before(1, 0), None);
        assert_eq!(lines.next_after(0, 5), None);
        assert_eq!(lines.prev_before(0, 199), None);
        assert!(lines.any_between(1, 129, 131));
        assert!(!lines.any_between(1, 199, 130));
        assert!(lines.any_between(1, 131, 65));
        lines.flip(1, 130);
        assert_eq!(lines.next_after(1, 64), Some(199));
        lines.flip(1, 130);
        assert_eq!(lines.next_after(1, 64), Some(130));
    }

    #[test]
    fn a_throw_stops_on_a_square_and_sees_through_one_block() {
        // Blocks at 2 and 6 of a line of 10.
        let mut lines = Wide::new(1, 10);
        lines.set(0, 2);
        lines.set(0, 6);
        assert!(lines.stops_on(0, 4, 5), "right, before the block at 6");
        assert!(lines.stops_on(0, 5, 3) && lines.stops_on(0, 9, 7));
        assert!(!lines.stops_on(0, 4, 4 + 2), "the block itself");
        assert!(!lines.stops_on(0, 9, 3), "the block at 6 comes first");
        assert!(!lines.stops_on(0, 1, 0), "nothing beyond the line's end");
        assert!(
            lines.one_block_apart(0, 4, 0),
            "through the block at 2 to 0"
        );
        assert!(
            !lines.one_block_apart(0, 3, 0),
            "the block is next to the stone"
        );
        assert!(!lines.one_block_apart(0, 0, 9), "two blocks between");
        assert!(!lines.one_block_apart(0, 3, 5), "no block between");
    }

    #[test]
    fn narrow_and_wide_lines_agree_up_to_64_squares() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for len in 1..=64 {
            let (mut narrow, mut wide) = (Narrow::new(1, len), Wide::new(1, len));
            for _ in 0..len / 2 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let i = (state % len as u64) as usize;
                narrow.set(0, i);
                wide.set(0, i);
            }
            for i in 0..len {
                assert_eq!(narrow.next_after(0, i), wide.next_after(0, i), "{len} {i}");
                // Throws: the same legality, and the same block when legal.
                for (n, w) in [
                    (narrow.throw_back(0, i), wide.throw_back(0, i)),
                    (narrow.throw_forth(0, i), wide.throw_forth(0, i)),
                ] {
                    assert_eq!(n.1, w.1, "{len} {i}");
                    assert!(!n.1 || n.0 == w.0, "{len} {i}");
                }
                assert_eq!(
                    narrow.prev_before(0, i),
                    wide.prev_before(0, i),
                    "{len} {i}"
                );
                for j in 0..len {
                    assert_eq!(narrow.any_between(0, i, j), wide.any_between(0, i, j));
                    let (towards, wide_towards) = (Narrow::towards(len, j), Wide::towards(len, j));
                    for lines_towards in [
                        narrow.clear_towards(0, i, &towards),
                        wide.clear_towards(0, i, &wide_towards),
                    ] {
                        assert_eq!(lines_towards, !wide.any_between(0, i, j), "{len} {i} {j}");
                    }
                    if i != j {
                        let (n, w) = (&narrow, &wide);
                        assert_eq!(n.stops_on(0, i, j), w.stops_on(0, i, j), "{len} {i} {j}");
                        assert_eq!(
                            n.stops_on_towards(0, i, &towards),
                            w.stops_on(0, i, j),
                            "{len} {i} {j}"
                        );
                        assert_eq!(w.stops_on_towards(0, i, &wide_towards), w.stops_on(0, i, j));
                        assert_eq!(
                            n.one_block_apart(0, i, j),
                            w.one_block_apart(0, i, j),
                            "{len} {i} {j}"
                        );
                    }
                }
                // The blocks vanish one by one, as a search removes them.
                if narrow.contains(0, i) {
                    narrow.flip(0, i);
                    wide.flip(0, i);
                }
                assert_eq!(narrow.next_after(0, 0), wide.next_after(0, 0));
            }
        }
    }

    #[test]
    fn a_line_of_exactly_64_squares_ends_cleanly() {
        let mut narrow = Narrow::new(1, 64);
        let mut wide = Wide::new(1, 64);
        narrow.set(0, 10);
        wide.set(0, 10);
        assert_eq!(narrow.next_after(0, 63), None);
        assert_eq!(wide.next_after(0, 63), None);
        assert_eq!(narrow.next_after(0, 10), None);
        assert_eq!(narrow.prev_before(0, 63), Some(10));
        assert_eq!(wide.prev_before(0, 63), Some(10));
    }
}
