//! The board: nine cells, the twelve sticks between them, and where the mouse can walk.

use shared_grid::{Bounds, Pos};

/// The 3 x 3 board. A cell's [`Pos`] is `(row, col) = (y, x)` of its lower-left corner in the
/// statement's coordinates, so row 0 is the bottom row (cells 1, 2, 3).
const BOARD: Bounds = Bounds::new(3, 3);

/// Number of cells.
pub const CELLS: usize = 9;
/// The bit set of all cells.
pub const ALL_CELLS: u16 = (1 << CELLS) - 1;
/// Number of (interior) sticks.
pub const STICKS: usize = 12;

/// One of the nine cells. Cell number `k` (1..=9) is the unit square whose lower-left corner is
/// `((k - 1) mod 3, (k - 1) div 3)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell with the statement's number `1..=9`, if there is one.
    pub fn from_number(number: i64) -> Option<Cell> {
        if (1..=CELLS as i64).contains(&number) {
            Some(Cell((number - 1) as u8))
        } else {
            None
        }
    }

    /// The statement's number, `1..=9`.
    pub fn number(self) -> u8 {
        self.0 + 1
    }

    /// Zero-based index, `number() - 1`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// All nine cells in number order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    fn at(pos: Pos) -> Cell {
        Cell(BOARD.index(pos) as u8)
    }

    /// The cell whose lower-left corner is `(x, y)`, if it is on the board.
    fn with_corner(x: i64, y: i64) -> Option<Cell> {
        let pos = Pos::new(usize::try_from(y).ok()?, usize::try_from(x).ok()?);
        if BOARD.contains(pos) {
            Some(Cell::at(pos))
        } else {
            None
        }
    }

    /// The cell's bit in a `u16` set of cells.
    pub fn bit(self) -> u16 {
        1 << self.0
    }
}

/// A segment between two lattice points, as the input gives a removed stick: the two end
/// points in either order, in the statement's `(x, y)` coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Segment {
    pub from: (i64, i64),
    pub to: (i64, i64),
}

/// The two cells each stick separates. First the six vertical sticks (between left and right
/// neighbours, bottom row first), then the six horizontal ones (between lower and upper
/// neighbours). Only the order of this table gives sticks their numbers.
const SEPARATES: [(u8, u8); STICKS] = [
    (0, 1),
    (1, 2),
    (3, 4),
    (4, 5),
    (6, 7),
    (7, 8),
    (0, 3),
    (1, 4),
    (2, 5),
    (3, 6),
    (4, 7),
    (5, 8),
];

/// One of the twelve interior sticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stick(u8);

impl Stick {
    /// All twelve sticks.
    pub fn all() -> impl Iterator<Item = Stick> {
        (0..STICKS as u8).map(Stick)
    }

    /// The stick between two cells, if they are orthogonal neighbours.
    pub fn between(a: Cell, b: Cell) -> Option<Stick> {
        let (low, high) = (a.0.min(b.0), a.0.max(b.0));
        Stick::all().find(|s| SEPARATES[usize::from(s.0)] == (low, high))
    }

    /// The interior stick a segment describes, or `None` when the segment is not one: on the
    /// rim, off the board, diagonal, or not one unit long.
    pub fn from_segment(segment: Segment) -> Option<Stick> {
        let ((x1, y1), (x2, y2)) = (segment.from, segment.to);
        let (x, y) = (x1.min(x2), y1.min(y2));
        // Vertical at x from y to y + 1: separates the cells left and right of it.
        // Horizontal at y from x to x + 1: separates the cells below and above it.
        let (a, b) = if x1 == x2 && y1.abs_diff(y2) == 1 {
            (
                Cell::with_corner(x.checked_sub(1)?, y)?,
                Cell::with_corner(x, y)?,
            )
        } else if y1 == y2 && x1.abs_diff(x2) == 1 {
            (
                Cell::with_corner(x, y.checked_sub(1)?)?,
                Cell::with_corner(x, y)?,
            )
        } else {
            return None;
        };
        Stick::between(a, b)
    }

    /// The two cells it separates, lower number first.
    pub fn cells(self) -> (Cell, Cell) {
        let (a, b) = SEPARATES[usize::from(self.0)];
        (Cell(a), Cell(b))
    }

    fn bit(self) -> u16 {
        1 << self.0
    }
}

/// A set of sticks, one bit per stick. The game only ever needs the set of sticks already
/// gone (the places the mouse may walk through).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StickSet(u16);

impl StickSet {
    /// Number of distinct sets: `2^12`.
    pub const COUNT: usize = 1 << STICKS;

    pub fn empty() -> StickSet {
        StickSet(0)
    }

    /// All twelve sticks.
    pub fn full() -> StickSet {
        StickSet((StickSet::COUNT - 1) as u16)
    }

    /// The set numbered `index` (`0..COUNT`), bit `i` standing for stick `i`.
    pub fn from_index(index: usize) -> StickSet {
        debug_assert!(index < StickSet::COUNT);
        StickSet(index as u16)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn contains(self, stick: Stick) -> bool {
        self.0 & stick.bit() != 0
    }

    /// This set plus `stick` (no change when it is already in).
    pub fn with(self, stick: Stick) -> StickSet {
        StickSet(self.0 | stick.bit())
    }

    /// This set minus `stick` (no change when it is not in).
    pub fn without(self, stick: Stick) -> StickSet {
        StickSet(self.0 & !stick.bit())
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The sticks in the set.
    pub fn iter(self) -> impl Iterator<Item = Stick> {
        Stick::all().filter(move |&s| self.contains(s))
    }
}

/// The region the mouse can reach, for every set of gone sticks and start cell at once:
/// `regions[gone.index()][cell.index()]`.
///
/// Built incrementally rather than by 36,864 flood fills: the set `gone` is the set without its
/// lowest stick plus that stick, whose removal merges the two regions on either side of it.
pub fn all_regions() -> Vec<[u16; CELLS]> {
    let mut regions = vec![[0u16; CELLS]; StickSet::COUNT];
    for cell in Cell::all() {
        regions[0][cell.index()] = cell.bit();
    }
    for index in 1..StickSet::COUNT {
        let smaller = index & (index - 1);
        let (a, b) = Stick(index.trailing_zeros() as u8).cells();
        let before = regions[smaller];
        let merged = before[a.index()] | before[b.index()];
        regions[index] = before.map(|r| if r & merged != 0 { merged } else { r });
    }
    regions
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive reference for `all_regions`: the cells the mouse can reach from `start` when
    /// exactly the sticks of `gone` are gone (a bit set over cell indices), by flood fill.
    fn region(gone: StickSet, start: Cell) -> u16 {
        let mut reached = start.bit();
        // Each pass joins at least one more cell or stops, so at most nine passes.
        loop {
            let before = reached;
            for (a, b) in gone.iter().map(Stick::cells) {
                if reached & (a.bit() | b.bit()) != 0 {
                    reached |= a.bit() | b.bit();
                }
            }
            if reached == before {
                return reached;
            }
        }
    }

    fn seg(x1: i64, y1: i64, x2: i64, y2: i64) -> Segment {
        Segment {
            from: (x1, y1),
            to: (x2, y2),
        }
    }

    fn cell(number: i64) -> Cell {
        Cell::from_number(number).unwrap()
    }

    #[test]
    fn cell_numbers_run_left_to_right_bottom_to_top() {
        assert_eq!(Cell::with_corner(0, 0), Some(cell(1)));
        assert_eq!(Cell::with_corner(2, 0), Some(cell(3)));
        assert_eq!(Cell::with_corner(0, 2), Some(cell(7)));
        assert_eq!(Cell::with_corner(2, 2), Some(cell(9)));
        assert_eq!(Cell::with_corner(3, 0), None);
        assert_eq!(Cell::with_corner(-1, 0), None);
        assert_eq!(Cell::from_number(0), None);
        assert_eq!(Cell::from_number(10), None);
        assert_eq!(
            Cell::all().map(Cell::number).collect::<Vec<_>>(),
            (1..=9).collect::<Vec<_>>()
        );
    }

    #[test]
    fn sticks_are_exactly_the_twelve_neighbour_pairs() {
        let mut pairs = Vec::new();
        for p in BOARD.positions() {
            for q in BOARD.neighbours4(p).filter(|&q| q > p) {
                pairs.push((Cell::at(p), Cell::at(q)));
            }
        }
        assert_eq!(pairs.len(), STICKS);
        for (a, b) in pairs {
            let stick = Stick::between(a, b).expect("every neighbour pair has a stick");
            assert_eq!(stick.cells(), (a, b));
            assert_eq!(Stick::between(b, a), Some(stick));
        }
        assert_eq!(Stick::between(cell(1), cell(5)), None);
        assert_eq!(
            Stick::between(cell(3), cell(4)),
            None,
            "3 and 4 are not neighbours"
        );
    }

    #[test]
    fn statement_example_sticks_surround_cell_3() {
        // "The two sticks surrounding the cheese [cell 3] ... "2 0 2 1" and "2 1 3 1"."
        assert_eq!(
            Stick::from_segment(seg(2, 0, 2, 1)),
            Stick::between(cell(2), cell(3))
        );
        assert_eq!(
            Stick::from_segment(seg(2, 1, 3, 1)),
            Stick::between(cell(3), cell(6))
        );
    }

    #[test]
    fn end_points_may_come_in_either_order() {
        for stick in Stick::all() {
            let found: Vec<_> = all_unit_segments()
                .filter(|&s| Stick::from_segment(s) == Some(stick))
                .collect();
            assert_eq!(found.len(), 1, "{stick:?} has one segment");
            let s = found[0];
            let reversed = seg(s.to.0, s.to.1, s.from.0, s.from.1);
            assert_eq!(Stick::from_segment(reversed), Some(stick));
        }
    }

    fn all_unit_segments() -> impl Iterator<Item = Segment> {
        (0..=3).flat_map(|x| (0..=3).flat_map(move |y| [seg(x, y, x + 1, y), seg(x, y, x, y + 1)]))
    }

    #[test]
    fn rim_and_odd_segments_are_not_sticks() {
        for rim in [
            seg(0, 0, 1, 0),
            seg(0, 0, 0, 1),
            seg(3, 2, 3, 3),
            seg(2, 3, 3, 3),
        ] {
            assert_eq!(Stick::from_segment(rim), None, "{rim:?}");
        }
        for odd in [
            seg(1, 1, 1, 1),
            seg(1, 0, 1, 2),
            seg(1, 1, 2, 2),
            seg(-1, 1, 0, 1),
            seg(4, 1, 4, 2),
            seg(i64::MIN, 0, i64::MAX, 0),
            seg(i64::MIN, 0, i64::MIN, 1),
            seg(0, i64::MIN, 1, i64::MIN),
        ] {
            assert_eq!(Stick::from_segment(odd), None, "{odd:?}");
        }
        let interior = all_unit_segments()
            .filter(|&s| Stick::from_segment(s).is_some())
            .count();
        assert_eq!(interior, STICKS);
    }

    #[test]
    fn regions_follow_open_sticks() {
        assert_eq!(region(StickSet::full(), cell(5)), 0x1ff);
        assert_eq!(region(StickSet::empty(), cell(5)), cell(5).bit());
        // The top row's sticks gone: 7 - 8 - 9, as in the statement's third sample.
        let top = StickSet::empty()
            .with(Stick::from_segment(seg(1, 2, 1, 3)).unwrap())
            .with(Stick::from_segment(seg(2, 2, 2, 3)).unwrap());
        assert_eq!(
            region(top, cell(9)),
            cell(7).bit() | cell(8).bit() | cell(9).bit()
        );
        assert_ne!(region(top, cell(7)) & cell(9).bit(), 0);
        assert_eq!(region(top, cell(7)) & cell(2).bit(), 0);
    }

    #[test]
    fn incremental_regions_match_the_flood_fill() {
        let regions = all_regions();
        assert_eq!(regions.len(), StickSet::COUNT);
        for (index, row) in regions.iter().enumerate() {
            let gone = StickSet::from_index(index);
            for c in Cell::all() {
                assert_eq!(row[c.index()], region(gone, c), "{gone:?} {c:?}");
            }
        }
    }

    #[test]
    fn stick_set_basics() {
        let s = Stick::between(cell(4), cell(5)).unwrap();
        let set = StickSet::empty().with(s).with(s);
        assert_eq!(set.len(), 1);
        assert_eq!(StickSet::full().len(), STICKS);
        assert_eq!(StickSet::full().without(s).without(s).len(), STICKS - 1);
        assert!(set.without(s).is_empty());
        assert!(set.contains(s) && !set.is_empty());
        assert_eq!(set.iter().collect::<Vec<_>>(), [s]);
        assert_eq!(StickSet::from_index(set.index()), set);
    }
}
