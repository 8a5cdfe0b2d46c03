use crate::{Bounds, Pos};
use std::ops::{Index, IndexMut};

/// A rows x columns array of cells, stored row by row.
///
/// ```
/// use shared_grid::{Grid, Pos};
/// let mut g = Grid::parse_chars("ab.\n..c\n", |ch| Some(ch)).unwrap();
/// assert_eq!(g[Pos::new(1, 2)], 'c');
/// g[Pos::new(0, 0)] = 'z';
/// assert_eq!(g.draw(|&ch| ch), "zb.\n..c\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    bounds: Bounds,
    cells: Vec<T>,
}

impl<T> Grid<T> {
    /// A grid with every cell set to `fill`.
    pub fn new(rows: usize, cols: usize, fill: T) -> Self
    where
        T: Clone,
    {
        Grid {
            bounds: Bounds::new(rows, cols),
            cells: vec![fill; rows * cols],
        }
    }

    /// A grid from its cells listed row by row; `None` unless there are `rows * cols` of them.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<T>) -> Option<Self> {
        (rows.checked_mul(cols) == Some(cells.len())).then(|| Grid {
            bounds: Bounds::new(rows, cols),
            cells,
        })
    }

    /// A grid from its rows; `None` when the rows differ in length.
    pub fn from_rows(rows: Vec<Vec<T>>) -> Option<Self> {
        let cols = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != cols) {
            return None;
        }
        Some(Grid {
            bounds: Bounds::new(rows.len(), cols),
            cells: rows.into_iter().flatten().collect(),
        })
    }

    /// Parses one row per non-empty line, one cell per non-blank character.
    /// `None` when a character is refused by `cell` or the rows are ragged.
    pub fn parse_chars(text: &str, mut cell: impl FnMut(char) -> Option<T>) -> Option<Self> {
        let rows = text
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| {
                line.chars()
                    .filter(|ch| !ch.is_whitespace())
                    .map(&mut cell)
                    .collect::<Option<Vec<T>>>()
            })
            .collect::<Option<Vec<_>>>()?;
        Grid::from_rows(rows)
    }

    pub fn bounds(&self) -> Bounds {
        self.bounds
    }

    pub fn rows(&self) -> usize {
        self.bounds.rows
    }

    pub fn cols(&self) -> usize {
        self.bounds.cols
    }

    pub fn get(&self, p: Pos) -> Option<&T> {
        if self.bounds.contains(p) {
            Some(&self.cells[self.bounds.index(p)])
        } else {
            None
        }
    }

    /// Every cell with its position, row by row.
    pub fn iter(&self) -> impl Iterator<Item = (Pos, &T)> {
        self.bounds.positions().zip(self.cells.iter())
    }

    /// The cells of one row.
    pub fn row(&self, row: usize) -> &[T] {
        let cols = self.bounds.cols;
        &self.cells[row * cols..(row + 1) * cols]
    }

    /// The first position whose cell satisfies `pred`, in row-major order.
    pub fn find(&self, mut pred: impl FnMut(&T) -> bool) -> Option<Pos> {
        self.iter().find(|(_, cell)| pred(cell)).map(|(p, _)| p)
    }

    /// A new grid of the same shape with `f` applied to every cell.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            bounds: self.bounds,
            cells: self.cells.iter().map(f).collect(),
        }
    }

    /// One line per row, one character per cell, each line ending in `\n`.
    pub fn draw(&self, mut glyph: impl FnMut(&T) -> char) -> String {
        let mut out = String::with_capacity(self.bounds.rows * (self.bounds.cols + 1));
        for row in 0..self.bounds.rows {
            out.extend(self.row(row).iter().map(&mut glyph));
            out.push('\n');
        }
        out
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;

    fn index(&self, p: Pos) -> &T {
        assert!(self.bounds.contains(p), "{p:?} outside {:?}", self.bounds);
        &self.cells[self.bounds.index(p)]
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, p: Pos) -> &mut T {
        assert!(self.bounds.contains(p), "{p:?} outside {:?}", self.bounds);
        let i = self.bounds.index(p);
        &mut self.cells[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ragged_rows_are_refused() {
        assert!(Grid::from_rows(vec![vec![1, 2], vec![3]]).is_none());
        assert!(Grid::parse_chars("ab\nc\n", Some).is_none());
    }

    #[test]
    fn from_cells_needs_exactly_rows_times_cols() {
        let g = Grid::from_cells(2, 3, vec![1, 2, 3, 4, 5, 6]).unwrap();
        assert_eq!(g.row(1), [4, 5, 6]);
        assert!(Grid::from_cells(2, 3, vec![0; 5]).is_none());
        assert!(Grid::from_cells(usize::MAX, 2, vec![0; 2]).is_none());
    }

    #[test]
    fn parse_skips_blank_lines_and_spaces() {
        let g = Grid::parse_chars("\n1 0\n\n0 1", |ch| ch.to_digit(10)).unwrap();
        assert_eq!((g.rows(), g.cols()), (2, 2));
        assert_eq!(g.row(1), [0, 1]);
    }

    #[test]
    fn parse_refuses_unknown_glyphs() {
        assert!(Grid::parse_chars("1x", |ch| ch.to_digit(10)).is_none());
    }

    #[test]
    fn get_outside_is_none() {
        let g = Grid::new(2, 3, 0u8);
        assert_eq!(g.get(Pos::new(1, 2)), Some(&0));
        assert_eq!(g.get(Pos::new(2, 0)), None);
        assert_eq!(g.get(Pos::new(0, 3)), None);
    }

    #[test]
    fn find_map_and_draw_round_trip() {
        let text = "..#\n#..\n";
        let g = Grid::parse_chars(text, |ch| Some(ch == '#')).unwrap();
        assert_eq!(g.find(|&wall| wall), Some(Pos::new(0, 2)));
        let back = g.map(|&wall| if wall { '#' } else { '.' });
        assert_eq!(back.draw(|&ch| ch), text);
    }

    #[test]
    #[should_panic(expected = "outside")]
    fn index_outside_panics() {
        let g = Grid::new(1, 1, ());
        let _ = &g[Pos::new(0, 1)];
    }
}
