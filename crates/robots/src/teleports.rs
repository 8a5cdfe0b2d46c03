//! The teleport list: its entries as read, kept in 4 bytes each, and during a game which of
//! them are still unused, with the first that works found in time independent of the list's
//! length.
//!
//! # Decision on the list (from the statement, each pinned by a test)
//! 8. **Teleport entries.** "The first unused legal destination ... start the search at the
//!    beginning of the list": each entry of the list is used at most once; an entry skipped
//!    because it was occupied or would lose at once stays unused and is tried again later
//!    (sample 3: (15,16) is skipped at move 30 and taken at move 58). Two equal entries are two
//!    entries (`teleport_only_when_no_walk_is_safe_and_first_usable_entry`).

use crate::board::{cell_text, BOUNDS, SIZE};
use shared_grid::Pos;

/// No entry.
const NONE: u32 = u32::MAX;

/// The input's teleport entries, in list order.
///
/// A game only ever asks for "the first unused entry of this cell", so what is kept is, for
/// each entry, the next entry on the same cell (4 bytes), and each cell's first entry: a list
/// never takes more memory than the text it was read from. (As `Vec<Pos>`, copied into the
/// per-cell queues of a game, it took about ten times that: `benches/README.md`.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeleportEntries {
    /// Per cell (row-major index): its first entry, `NONE` if it has none.
    first: Vec<u32>,
    /// Per cell: its last entry so far (where the next one is linked), `NONE` if none.
    last: Vec<u32>,
    /// Per entry: the next entry on the same cell, `NONE` if none.
    next: Vec<u32>,
    /// (first entry, cell index) for every cell that has one, in list order (the order in
    /// which they were pushed).
    firsts: Vec<(u32, u16)>,
}

impl Default for TeleportEntries {
    fn default() -> TeleportEntries {
        TeleportEntries {
            first: vec![NONE; BOUNDS.len()],
            last: vec![NONE; BOUNDS.len()],
            next: Vec::new(),
            firsts: Vec::new(),
        }
    }
}

impl TeleportEntries {
    /// The entries of `cells`, in order; each must be on the board.
    pub fn from_cells(cells: &[Pos]) -> TeleportEntries {
        let mut entries = TeleportEntries::default();
        for &cell in cells {
            entries.push(cell);
        }
        entries
    }

    /// Appends an entry on `cell`, which must be on the board.
    pub fn push(&mut self, cell: Pos) {
        // The cell's one-based text, not its `Debug`: in the 32-bit C image (rustc 1.85) a
        // `Debug` argument kept the derived formatting code although no message is printed.
        assert!(
            BOUNDS.contains(cell),
            "teleport entry {} off the board",
            cell_text(cell)
        );
        // 2^32 - 1 entries would be 16 GB of input: the memory would have run out long before.
        let entry = u32::try_from(self.next.len())
            .ok()
            .filter(|&entry| entry != NONE)
            .expect("fewer than 2^32 - 1 teleport entries");
        let index = BOUNDS.index(cell);
        match self.last[index] {
            NONE => {
                self.first[index] = entry;
                self.firsts.push((entry, index as u16));
            }
            last => self.next[last as usize] = entry,
        }
        self.last[index] = entry;
        self.next.push(NONE);
    }

    pub fn len(&self) -> usize {
        self.next.len()
    }

    pub fn is_empty(&self) -> bool {
        self.next.is_empty()
    }

    /// Every entry's cell, in list order (tests only: it costs 16 bytes an entry).
    #[cfg(test)]
    pub fn cells(&self) -> Vec<Pos> {
        let mut cells = vec![Pos::default(); self.len()];
        for (index, &first) in self.first.iter().enumerate() {
            let cell = Pos::new(index / SIZE, index % SIZE);
            let mut entry = first;
            while entry != NONE {
                cells[entry as usize] = cell;
                entry = self.next[entry as usize];
            }
        }
        cells
    }
}

/// The entries of one game, each usable once, searched "from the beginning of the list".
///
/// Whether an entry works depends only on its cell, so the search need not walk the list: it
/// walks the cells in the order of their first unused entry, trying each cell once. Taking an
/// entry moves its cell's front to the cell's next entry, later in the list order. A search
/// costs O(cells tried) instead of O(entries), taking an entry O(log C + C) for the C <= 961
/// cells with entries left (a binary search and a shift), and a whole game O(T C) instead of
/// O(T^2).
///
/// The cells in order are a sorted `Vec`, not a `BTreeSet`: there are at most 961, and the
/// B-tree's code, with the stable sort its `collect` brings, was the largest piece of the C
/// bundle's images that the problem does not need (`tools/bundle/benches/README.md`).
#[derive(Clone, Debug)]
pub struct TeleportList<'a> {
    entries: &'a TeleportEntries,
    /// Per cell: its first unused entry, `NONE` if none is left.
    front: Vec<u32>,
    /// (first unused entry, cell index) for every cell that still has one, in list order.
    fronts: Vec<(u32, u16)>,
}

impl<'a> TeleportList<'a> {
    /// Every entry unused.
    pub fn new(entries: &'a TeleportEntries) -> TeleportList<'a> {
        TeleportList {
            entries,
            front: entries.first.clone(),
            fronts: entries.firsts.clone(),
        }
    }

    /// The first unused entry, in list order, whose cell `works` accepts, with what `works`
    /// returned for it. `works` is asked about each distinct cell at most once.
    pub fn first_working<T>(&self, mut works: impl FnMut(Pos) -> Option<T>) -> Option<(usize, T)> {
        self.fronts.iter().find_map(|&(entry, index)| {
            let index = usize::from(index);
            let cell = Pos::new(index / SIZE, index % SIZE);
            Some((entry as usize, works(cell)?))
        })
    }

    /// Uses up the first unused entry of `cell` (there must be one) and returns it.
    pub fn take(&mut self, cell: Pos) -> usize {
        let index = BOUNDS.index(cell);
        let entry = self.front[index];
        assert!(entry != NONE, "no unused entry left on {}", cell_text(cell));
        let at = self.fronts.partition_point(|&(front, _)| front < entry);
        let next = self.entries.next[entry as usize];
        self.front[index] = next;
        if next == NONE {
            self.fronts.remove(at);
        } else {
            // The cell's next entry comes later in the list: the cells between move up one.
            let to = at + self.fronts[at..].partition_point(|&(front, _)| front < next);
            self.fronts[at..to].rotate_left(1);
            self.fronts[to - 1] = (next, index as u16);
        }
        entry as usize
    }

    /// Whether some entry on `cell` is still unused.
    pub fn has_unused(&self, cell: Pos) -> bool {
        self.front[BOUNDS.index(cell)] != NONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(row: usize, col: usize) -> Pos {
        Pos::new(row, col)
    }

    #[test]
    fn cells_come_back_in_order() {
        let cells = [p(0, 0), p(1, 1), p(0, 0), p(30, 30), p(1, 1), p(0, 0)];
        let entries = TeleportEntries::from_cells(&cells);
        assert_eq!((entries.len(), entries.cells()), (6, cells.to_vec()));
        assert!(TeleportEntries::default().is_empty());
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
        let entries = TeleportEntries::from_cells(&cells);
        let mut list = TeleportList::new(&entries);
        // The statement's way: walk the list from the start, skip used entries.
        let mut used = [false; 7];
        // Cells whose row is odd "do not work" on odd rounds.
        for round in 0..cells.len() {
            let works = |c: Pos| round % 2 == 0 || c.row % 2 == 0;
            let expected = (0..cells.len()).find(|&i| !used[i] && works(cells[i]));
            let mut asked = Vec::new();
            let got = list.first_working(|c| {
                asked.push(c);
                works(c).then_some(c)
            });
            assert_eq!(got.map(|(i, _)| i), expected, "round {round}");
            let times_asked = asked.len();
            asked.sort();
            asked.dedup();
            assert_eq!(asked.len(), times_asked, "each cell asked once");
            if let Some((i, cell)) = got {
                assert_eq!(cell, cells[i]);
                assert_eq!(list.take(cell), i);
                used[i] = true;
            }
            for &cell in &cells {
                let unused = (0..cells.len()).any(|i| !used[i] && cells[i] == cell);
                assert_eq!(list.has_unused(cell), unused);
            }
        }
    }

    #[test]
    fn used_entries_are_never_offered_again() {
        let entries = TeleportEntries::from_cells(&[p(5, 5), p(5, 5)]);
        let mut list = TeleportList::new(&entries);
        assert_eq!(list.first_working(Some), Some((0, p(5, 5))));
        assert_eq!(list.take(p(5, 5)), 0);
        assert_eq!(list.first_working(Some), Some((1, p(5, 5))));
        assert_eq!(list.take(p(5, 5)), 1);
        assert_eq!(list.first_working(Some), None);
        assert!(!list.has_unused(p(5, 5)));
    }

    #[test]
    #[should_panic(expected = "no unused entry left")]
    fn taking_from_a_cell_without_entries_is_a_bug() {
        let entries = TeleportEntries::from_cells(&[p(5, 5)]);
        TeleportList::new(&entries).take(p(5, 6));
    }
}
