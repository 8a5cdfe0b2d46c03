/// A cell of a grid: zero-based row and column.
///
/// Ordering is row first, then column: the order in which most statements
/// break ties ("smallest row, then smallest column").
///
/// ```
/// use shared_grid::Pos;
/// let p = Pos::new(2, 5);
/// assert_eq!(p.manhattan(Pos::new(4, 1)), 6);
/// assert!(Pos::new(1, 9) < Pos::new(2, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    #[inline]
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }

    /// |dr| + |dc|: the number of 4-way steps between two cells.
    #[inline]
    pub fn manhattan(self, other: Pos) -> usize {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }

    /// max(|dr|, |dc|): the number of 8-way (king) steps between two cells.
    #[inline]
    pub fn chebyshev(self, other: Pos) -> usize {
        self.row
            .abs_diff(other.row)
            .max(self.col.abs_diff(other.col))
    }

    /// The cell `(dr, dc)` away, or `None` when that would be a negative index.
    /// Upper bounds are the caller's business (see [`crate::Bounds::step`]).
    #[inline]
    pub fn offset(self, (dr, dc): (isize, isize)) -> Option<Pos> {
        Some(Pos {
            row: self.row.checked_add_signed(dr)?,
            col: self.col.checked_add_signed(dc)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        let a = Pos::new(3, 3);
        assert_eq!(a.manhattan(a), 0);
        assert_eq!(a.manhattan(Pos::new(0, 7)), 7);
        assert_eq!(a.chebyshev(Pos::new(0, 7)), 4);
    }

    #[test]
    fn offset_stops_at_zero() {
        assert_eq!(Pos::new(0, 4).offset((-1, 0)), None);
        assert_eq!(Pos::new(0, 4).offset((1, -4)), Some(Pos::new(1, 0)));
    }

    #[test]
    fn order_is_row_major() {
        let mut v = vec![Pos::new(2, 0), Pos::new(1, 5), Pos::new(1, 2)];
        v.sort();
        assert_eq!(v, [Pos::new(1, 2), Pos::new(1, 5), Pos::new(2, 0)]);
    }
}
