//! The teleport list: which entries are still unused, and the first one that works, found in
//! time independent of the list's length.

use crate::board::BOUNDS;
use shared_grid::Pos;
use std::collections::BTreeSet;

/// The input's teleport entries, each usable once, searched "from the beginning of the list".
///
/// Whether an entry works depends only on its cell, so the search need not walk the list: it
/// walks the cells in the order of their first unused entry, trying each cell once. Taking an
/// entry moves its cell's front to the cell's next unused entry. A search costs O(cells tried
/// x log) instead of O(entries), and a whole game O(T log T) instead of O(T^2).
#[derive(Clone, Debug)]
pub struct TeleportList {
    entries: Vec<Pos>,
    used: Vec<bool>,
    /// For each cell (row-major index), its unused entries, last first (the next to take is
    /// at the end).
    unused_by_cell: Vec<Vec<usize>>,
    /// (first unused entry, cell index) for every cell that still has one, in list order.
    fronts: BTreeSet<(usize, usize)>,
}

impl TeleportList {
    /// `entries` must be cells of the board (the input check makes sure).
    pub fn new(entries: Vec<Pos>) -> TeleportList {
        let mut unused_by_cell = vec![Vec::new(); BOUNDS.len()];
        for (entry, &cell) in entries.iter().enumerate().rev() {
            unused_by_cell[BOUNDS.index(cell)].push(entry);
        }
        let fronts = unused_by_cell
            .iter()
            .enumerate()
            .filter_map(|(cell, queue)| Some((*queue.last()?, cell)))
            .collect();
        TeleportList {
            used: vec![false; entries.len()],
            entries,
            unused_by_cell,
            fronts,
        }
    }

    /// Every entry, in input order.
    pub fn entries(&self) -> &[Pos] {
        &self.entries
    }

    /// `used()[i]`: entry `i` has been taken.
    pub fn used(&self) -> &[bool] {
        &self.used
    }

    /// The first unused entry, in list order, whose cell `works` accepts, with what `works`
    /// returned for it. `works` is asked about each distinct cell at most once.
    pub fn first_working<T>(&self, mut works: impl FnMut(Pos) -> Option<T>) -> Option<(usize, T)> {
        self.fronts
            .iter()
            .find_map(|&(entry, _)| Some((entry, works(self.entries[entry])?)))
    }

    /// Marks `entry` used. It must be the first unused entry of its cell (as
    /// [`first_working`](Self::first_working) returns).
    pub fn take(&mut self, entry: usize) {
        let cell = BOUNDS.index(self.entries[entry]);
        let queue = &mut self.unused_by_cell[cell];
        assert_eq!(
            queue.pop(),
            Some(entry),
            "only a cell's first unused entry is taken"
        );
        self.used[entry] = true;
        self.fronts.remove(&(entry, cell));
        if let Some(&next) = queue.last() {
            self.fronts.insert((next, cell));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(row: usize, col: usize) -> Pos {
        Pos::new(row, col)
    }

    /// The statement's way: walk the list from the start, skip used entries.
    fn naive_first(list: &TeleportList, works: impl Fn(Pos) -> bool) -> Option<usize> {
        (0..list.entries().len()).find(|&i| !list.used()[i] && works(list.entries()[i]))
    }

    #[test]
    fn matches_walking_the_list_from_the_start() {
        let cells = [
            p(0, 0),
            p(1, 1),
            p(0, 0),
            p(2, 2),
            p(1, 1),
            p(0, 0),
            p(3, 3),
        ];
        let mut list = TeleportList::new(cells.to_vec());
        // Cells whose row is odd "do not work" on odd rounds.
        for round in 0..cells.len() {
            let works = |c: Pos| round % 2 == 0 || c.row % 2 == 0;
            let expected = naive_first(&list, works);
            let mut asked = Vec::new();
            let got = list.first_working(|c| {
                asked.push(c);
                works(c).then_some(())
            });
            assert_eq!(got.map(|(i, ())| i), expected, "round {round}");
            let times_asked = asked.len();
            asked.sort();
            asked.dedup();
            assert_eq!(asked.len(), times_asked, "each cell asked once");
            if let Some(i) = expected {
                list.take(i);
            }
        }
    }

    #[test]
    fn used_entries_are_never_offered_again() {
        let mut list = TeleportList::new(vec![p(5, 5), p(5, 5)]);
        assert_eq!(list.first_working(Some), Some((0, p(5, 5))));
        list.take(0);
        assert_eq!(list.first_working(Some), Some((1, p(5, 5))));
        list.take(1);
        assert_eq!(list.first_working(Some), None);
        assert_eq!(list.used(), [true, true]);
    }
}
