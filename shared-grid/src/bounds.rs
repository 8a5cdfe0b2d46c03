use crate::Pos;

/// A `rows` x `cols` rectangle of cells with its origin at (0, 0).
///
/// ```
/// use shared_grid::{Bounds, Dir4, Pos};
/// let b = Bounds::new(2, 3);
/// assert!(b.contains(Pos::new(1, 2)));
/// assert_eq!(b.step(Pos::new(0, 0), Dir4::Up.delta()), None);
/// assert_eq!(b.neighbours4(Pos::new(0, 0)).count(), 2);
/// assert_eq!(b.positions().count(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    pub rows: usize,
    pub cols: usize,
}

impl Bounds {
    #[inline]
    pub const fn new(rows: usize, cols: usize) -> Self {
        Bounds { rows, cols }
    }

    #[inline]
    pub fn contains(self, p: Pos) -> bool {
        p.row < self.rows && p.col < self.cols
    }

    /// The cell one `delta` away from `p`, if it is inside.
    #[inline]
    pub fn step(self, p: Pos, delta: (isize, isize)) -> Option<Pos> {
        p.offset(delta).filter(|&q| self.contains(q))
    }

    /// The inside cells among the 4 orthogonal neighbours of `p`.
    pub fn neighbours4(self, p: Pos) -> impl Iterator<Item = Pos> {
        crate::Dir4::ALL
            .into_iter()
            .filter_map(move |d| self.step(p, d.delta()))
    }

    /// The inside cells among the 8 neighbours of `p`.
    pub fn neighbours8(self, p: Pos) -> impl Iterator<Item = Pos> {
        crate::Dir8::ALL
            .into_iter()
            .filter_map(move |d| self.step(p, d.delta()))
    }

    /// Every cell, row by row.
    pub fn positions(self) -> impl Iterator<Item = Pos> {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| Pos::new(row, col)))
    }

    /// Row-major index of an inside cell.
    #[inline]
    pub fn index(self, p: Pos) -> usize {
        debug_assert!(self.contains(p), "{p:?} outside {self:?}");
        p.row * self.cols + p.col
    }

    /// The number of cells.
    pub fn len(self) -> usize {
        self.rows * self.cols
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_edges() {
        let b = Bounds::new(3, 4);
        assert_eq!(b.neighbours8(Pos::new(0, 0)).count(), 3);
        assert_eq!(b.neighbours8(Pos::new(1, 1)).count(), 8);
        assert_eq!(b.neighbours4(Pos::new(2, 3)).count(), 2);
        assert!(!b.contains(Pos::new(3, 0)));
        assert!(!b.contains(Pos::new(0, 4)));
    }

    #[test]
    fn index_matches_positions_order() {
        let b = Bounds::new(3, 4);
        for (i, p) in b.positions().enumerate() {
            assert_eq!(b.index(p), i);
        }
        assert_eq!(b.len(), 12);
    }

    #[test]
    fn one_row_board() {
        let b = Bounds::new(1, 5);
        let around: Vec<_> = b.neighbours4(Pos::new(0, 2)).collect();
        assert_eq!(around, [Pos::new(0, 1), Pos::new(0, 3)]);
    }
}
