//! The table of searched positions (point 4 of the search's doc): a cache, not
//! a set. A position's hash picks one slot and a new position takes the slot
//! over, so a lookup is one hash, one comparison and one store, with no probing;
//! the slots double while they fill, up to a bound. Losing a position costs only
//! work: it is searched again, as it would be with no table. A position is only
//! ever reported as seen when that very position is in its slot, so the answer
//! is the same either way, and boards made to collide in it get at worst the
//! search without a table (a subset of the plain DFS's positions).
//!
//! It replaced a `HashSet`: on the boards climbed against the search, where
//! the table hits 6 % of lookups, the set's inserts and growth were 5 % of the
//! instructions and 8 % of the cycles.

/// A position of the game packed in one number (see `search::Position`).
pub type Position = u128;

/// No position is zero: that would put the stone and every removed block on square 0, but a
/// position's free places are all ones and its removed blocks differ from each other.
/// (Zeroed memory comes from the allocator ready-made.)
const EMPTY: Position = 0;

/// Slots when the table starts: room for the few hundred positions of a search
/// of a few thousand without losing many.
const FIRST_SLOTS_LOG2: u32 = 9;

/// The table stops growing here (16 MiB): beyond it, it is a cache of the most
/// recent positions, and memory stays bounded whatever the board.
const MOST_SLOTS_LOG2: u32 = 20;

pub struct Searched {
    slots: Vec<Position>,
    /// Positions written since the last growth (some over others).
    stored: usize,
    /// `64 - log2(slots)`: the hash's top bits pick the slot.
    shift: u32,
}

impl Searched {
    /// A table with no slots: [`Searched::start`] makes them, once a search needs them.
    pub fn new() -> Searched {
        Searched {
            slots: Vec::new(),
            stored: 0,
            shift: 64,
        }
    }

    pub fn start(&mut self) {
        self.slots = vec![EMPTY; 1 << FIRST_SLOTS_LOG2];
        self.shift = 64 - FIRST_SLOTS_LOG2;
    }

    /// Records `position`, and says whether it was new (not in the table).
    #[inline]
    pub fn insert(&mut self, position: Position) -> bool {
        let slot = self.slot(position);
        if self.slots[slot] == position {
            return false;
        }
        self.slots[slot] = position;
        self.stored += 1;
        if 2 * self.stored > self.slots.len() && self.shift > 64 - MOST_SLOTS_LOG2 {
            self.grow();
        }
        true
    }

    #[inline(always)]
    fn slot(&self, position: Position) -> usize {
        // Multiply-rotate mixing (as in FxHash) of the two halves; the top bits are the best mixed.
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let (low, high) = (position as u64, (position >> 64) as u64);
        let hash = (low.wrapping_mul(K).rotate_left(5) ^ high).wrapping_mul(K);
        (hash >> self.shift) as usize
    }

    /// Twice the slots; the positions stored move to their new slots (where two meet, one is lost).
    #[cold]
    fn grow(&mut self) {
        let doubled = vec![EMPTY; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.shift -= 1;
        self.stored = 0;
        for position in old.into_iter().filter(|&p| p != EMPTY) {
            let slot = self.slot(position);
            self.slots[slot] = position;
            self.stored += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_new_once_until_another_takes_its_slot() {
        let mut table = Searched::new();
        table.start();
        assert!(table.insert(7));
        assert!(!table.insert(7));
        // A position whose slot is 7's evicts it: 7 is new again (searched again, no harm).
        let rival = (8..).find(|&p| table.slot(p) == table.slot(7)).unwrap();
        assert!(table.insert(rival));
        assert!(table.insert(7));
    }

    #[test]
    fn growing_keeps_what_fits_and_stops_at_the_most_slots() {
        let mut table = Searched::new();
        table.start();
        for p in 1..5000u128 {
            table.insert(p);
        }
        assert!(table.slots.len() >= 8192, "grew with the positions");
        // Most of the recent positions are still there.
        let kept = (4000..5000u128).filter(|&p| !table.insert(p)).count();
        assert!(kept > 800, "{kept} of 1000 kept");
        for p in 0..(3u128 << MOST_SLOTS_LOG2) {
            table.insert(p << 21 | 1);
        }
        assert_eq!(table.slots.len(), 1 << MOST_SLOTS_LOG2);
    }
}
