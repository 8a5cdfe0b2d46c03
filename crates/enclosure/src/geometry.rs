//! Board geometry: vertices, directions, the cells on either side of an edge.
//!
//! The board is `CELLS x CELLS` unit cells; players stand on the `SIDE x SIDE` vertices.
//! `x` grows to the right and `y` downwards, so `u` is `y - 1` (rulings §1).

/// Cells per side of the board.
pub const CELLS: usize = 10;
/// Vertices per side of the board (`0..=CELLS` on each axis).
pub const SIDE: usize = CELLS + 1;
/// Number of vertices; every vertex index fits in the bits of a `u128`.
pub const VERTICES: usize = SIDE * SIDE;
/// Number of cells.
pub const CELL_COUNT: usize = CELLS * CELLS;

/// A grid vertex `(x, y)`, `x` horizontal, `y` vertical (downwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Vertex {
    pub x: i32,
    pub y: i32,
}

impl Vertex {
    pub const fn new(x: i32, y: i32) -> Vertex {
        Vertex { x, y }
    }

    /// Whether the vertex lies on the board (`0..=10` on both axes).
    pub fn on_board(self) -> bool {
        (0..=CELLS as i32).contains(&self.x) && (0..=CELLS as i32).contains(&self.y)
    }

    /// Whether the vertex lies on the board's rim (it can never be strictly inside a loop).
    pub fn on_rim(self) -> bool {
        self.x == 0 || self.y == 0 || self.x == CELLS as i32 || self.y == CELLS as i32
    }

    /// Row-major index `y * SIDE + x`; only meaningful on the board.
    pub fn index(self) -> usize {
        self.y as usize * SIDE + self.x as usize
    }

    /// The vertex with row-major index `index`.
    pub fn from_index(index: usize) -> Vertex {
        Vertex::new((index % SIDE) as i32, (index / SIDE) as i32)
    }

    /// The single-bit mask of this vertex (for vertex sets kept in a `u128`).
    pub fn bit(self) -> u128 {
        1u128 << self.index()
    }

    /// Steps between the two vertices along the grid, ignoring everything on the board.
    pub fn manhattan(self, other: Vertex) -> i32 {
        (self.x - other.x).abs() + (self.y - other.y).abs()
    }

    /// The neighbour in direction `dir` (possibly off the board); `Stay` gives `self`.
    pub fn step(self, dir: Dir) -> Vertex {
        let (dx, dy) = dir.delta();
        Vertex::new(self.x + dx, self.y + dy)
    }

    /// All vertices of the board in row-major order.
    pub fn all() -> impl Iterator<Item = Vertex> {
        (0..VERTICES).map(Vertex::from_index)
    }
}

/// A direction in an `[ACTION]` line: `u d l r s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
    Stay,
}

/// `(x, y)`, as error messages name a vertex.
impl std::fmt::Display for Vertex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl Dir {
    /// The four moves (without `Stay`).
    pub const MOVES: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];
    /// All five directions.
    pub const ALL: [Dir; 5] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right, Dir::Stay];

    /// `(dx, dy)` of one step.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
            Dir::Stay => (0, 0),
        }
    }

    /// The protocol letter.
    pub fn as_char(self) -> char {
        match self {
            Dir::Up => 'u',
            Dir::Down => 'd',
            Dir::Left => 'l',
            Dir::Right => 'r',
            Dir::Stay => 's',
        }
    }

    /// The direction for a protocol letter (exactly `u d l r s`).
    pub fn from_char(c: char) -> Option<Dir> {
        match c {
            'u' => Some(Dir::Up),
            'd' => Some(Dir::Down),
            'l' => Some(Dir::Left),
            'r' => Some(Dir::Right),
            's' => Some(Dir::Stay),
            _ => None,
        }
    }

    /// The direction of a unit step `from -> to`, `Stay` when equal, `None` when not adjacent.
    pub fn between(from: Vertex, to: Vertex) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| from.step(d) == to)
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
            Dir::Stay => Dir::Stay,
        }
    }

    pub fn is_move(self) -> bool {
        self != Dir::Stay
    }
}

/// Cell `(x, y)` spans vertices `(x, y)..(x + 1, y + 1)`; its index is `y * CELLS + x`.
pub fn cell_index(x: i32, y: i32) -> Option<usize> {
    if (0..CELLS as i32).contains(&x) && (0..CELLS as i32).contains(&y) {
        Some(y as usize * CELLS + x as usize)
    } else {
        None
    }
}

/// The cell `(x, y)` of a cell index.
pub fn cell_of_index(index: usize) -> (i32, i32) {
    ((index % CELLS) as i32, (index / CELLS) as i32)
}

/// The (up to two) cells on either side of the unit edge `a - b`; `None` for a side off the board.
/// A horizontal edge separates the cells above and below it, a vertical one those left and right.
pub fn edge_sides(a: Vertex, b: Vertex) -> [Option<usize>; 2] {
    debug_assert_eq!(a.manhattan(b), 1, "not a unit edge");
    let (x, y) = (a.x.min(b.x), a.y.min(b.y));
    if a.y == b.y {
        [cell_index(x, y - 1), cell_index(x, y)]
    } else {
        [cell_index(x - 1, y), cell_index(x, y)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn up_decreases_y_and_right_increases_x() {
        assert_eq!(Vertex::new(0, 3).step(Dir::Right), Vertex::new(1, 3));
        assert_eq!(Vertex::new(4, 5).step(Dir::Up), Vertex::new(4, 4));
    }

    #[test]
    fn indices_round_trip_and_fit_in_u128() {
        for v in Vertex::all() {
            assert_eq!(Vertex::from_index(v.index()), v);
            assert!(v.index() < 128);
        }
        assert_eq!(Vertex::all().count(), 121);
    }

    #[test]
    fn edge_sides_name_the_two_adjacent_cells() {
        // Horizontal edge (3,4)-(4,4): cells (3,3) above and (3,4) below.
        assert_eq!(
            edge_sides(Vertex::new(4, 4), Vertex::new(3, 4)),
            [Some(33), Some(43)]
        );
        // Vertical edge (3,4)-(3,5): cells (2,4) left and (3,4) right.
        assert_eq!(
            edge_sides(Vertex::new(3, 4), Vertex::new(3, 5)),
            [Some(42), Some(43)]
        );
        // Rim edges have one side off the board.
        assert_eq!(
            edge_sides(Vertex::new(0, 0), Vertex::new(1, 0)),
            [None, Some(0)]
        );
        assert_eq!(
            edge_sides(Vertex::new(10, 9), Vertex::new(10, 10)),
            [Some(99), None]
        );
    }

    #[test]
    fn between_finds_unit_steps_only() {
        let v = Vertex::new(5, 5);
        for d in Dir::ALL {
            assert_eq!(Dir::between(v, v.step(d)), Some(d));
        }
        assert_eq!(Dir::between(v, Vertex::new(7, 5)), None);
    }
}
