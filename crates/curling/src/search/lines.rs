//! The blocks of a board as bit sets, one per line (row or column), so a throw
//! finds the block it will hit with a few word operations instead of a walk
//! square by square. A 20-wide row is one `u64`; longer lines take several.

/// `count` lines of `len` bits each, bit `i` of line `l` set when square `i`
/// of that line holds a block.
#[derive(Clone, Debug)]
pub struct Lines {
    words_per_line: usize,
    words: Vec<u64>,
}

impl Lines {
    pub fn new(count: usize, len: usize) -> Lines {
        let words_per_line = len.div_ceil(64);
        Lines {
            words_per_line,
            words: vec![0; count * words_per_line],
        }
    }

    pub fn set(&mut self, line: usize, i: usize) {
        self.words[line * self.words_per_line + i / 64] |= 1 << (i % 64);
    }

    pub fn clear(&mut self, line: usize, i: usize) {
        self.words[line * self.words_per_line + i / 64] &= !(1 << (i % 64));
    }

    /// The first block after square `i` of `line`.
    #[inline]
    pub fn next_after(&self, line: usize, i: usize) -> Option<usize> {
        if self.words_per_line == 1 {
            // Lines of at most 64 squares (every board of the statement): one word.
            let word = self.words[line] & (!1u64).checked_shl(i as u32)?;
            return (word != 0).then(|| word.trailing_zeros() as usize);
        }
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

    /// The last block before square `i` of `line`.
    #[inline]
    pub fn prev_before(&self, line: usize, i: usize) -> Option<usize> {
        let last = i.checked_sub(1)?;
        if self.words_per_line == 1 {
            let word = self.words[line] & (!0u64 >> (63 - last));
            return (word != 0).then(|| 63 - word.leading_zeros() as usize);
        }
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

    /// Whether a block lies strictly between squares `a` and `b` of `line`.
    pub fn any_between(&self, line: usize, a: usize, b: usize) -> bool {
        let (lo, hi) = (a.min(b), a.max(b));
        self.next_after(line, lo).is_some_and(|block| block < hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_neighbours_within_and_across_words() {
        let mut lines = Lines::new(2, 200);
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
        lines.clear(1, 130);
        assert_eq!(lines.next_after(1, 64), Some(199));
    }

    #[test]
    fn a_line_of_exactly_64_squares_ends_cleanly() {
        let mut lines = Lines::new(1, 64);
        lines.set(0, 10);
        assert_eq!(lines.next_after(0, 63), None);
        assert_eq!(lines.next_after(0, 10), None);
        assert_eq!(lines.prev_before(0, 63), Some(10));
    }
}
