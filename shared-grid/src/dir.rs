/// The four orthogonal steps. `Up` is towards row 0, `Left` towards column 0.
///
/// ```
/// use shared_grid::Dir4;
/// assert_eq!(Dir4::Up.delta(), (-1, 0));
/// assert_eq!(Dir4::Left.opposite(), Dir4::Right);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir4 {
    Up,
    Down,
    Left,
    Right,
}

impl Dir4 {
    pub const ALL: [Dir4; 4] = [Dir4::Up, Dir4::Down, Dir4::Left, Dir4::Right];

    /// (row delta, column delta).
    #[inline]
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir4::Up => (-1, 0),
            Dir4::Down => (1, 0),
            Dir4::Left => (0, -1),
            Dir4::Right => (0, 1),
        }
    }

    #[inline]
    pub const fn opposite(self) -> Dir4 {
        match self {
            Dir4::Up => Dir4::Down,
            Dir4::Down => Dir4::Up,
            Dir4::Left => Dir4::Right,
            Dir4::Right => Dir4::Left,
        }
    }
}

/// The eight compass steps, clockwise from north (north = towards row 0).
///
/// ```
/// use shared_grid::Dir8;
/// assert_eq!(Dir8::NE.delta(), (-1, 1));
/// assert_eq!(Dir8::ALL.len(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir8 {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir8 {
    pub const ALL: [Dir8; 8] = [
        Dir8::N,
        Dir8::NE,
        Dir8::E,
        Dir8::SE,
        Dir8::S,
        Dir8::SW,
        Dir8::W,
        Dir8::NW,
    ];

    /// (row delta, column delta).
    #[inline]
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir8::N => (-1, 0),
            Dir8::NE => (-1, 1),
            Dir8::E => (0, 1),
            Dir8::SE => (1, 1),
            Dir8::S => (1, 0),
            Dir8::SW => (1, -1),
            Dir8::W => (0, -1),
            Dir8::NW => (-1, -1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposites_cancel() {
        for d in Dir4::ALL {
            let (a, b) = d.delta();
            let (c, e) = d.opposite().delta();
            assert_eq!((a + c, b + e), (0, 0));
        }
    }

    #[test]
    fn eight_distinct_unit_steps() {
        let mut deltas: Vec<_> = Dir8::ALL.iter().map(|d| d.delta()).collect();
        deltas.sort();
        deltas.dedup();
        assert_eq!(deltas.len(), 8);
        assert!(deltas
            .iter()
            .all(|&(r, c)| r.abs() <= 1 && c.abs() <= 1 && (r, c) != (0, 0)));
    }
}
