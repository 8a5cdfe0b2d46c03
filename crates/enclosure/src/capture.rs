//! Loop geometry: the cells strictly inside a closed trail, the vertices strictly inside
//! it, and the 4-connected groups a capture splits into.
//!
//! Cell and vertex sets are bit masks in a `u128` (100 cells, 121 vertices): cheap to copy,
//! which matters because the bot simulates turns in an unoptimised build.

use crate::geometry::{cell_index, Vertex, CELLS};

/// Twice the (unsigned) area enclosed by the closed polygon `poly` (shoelace formula).
pub fn double_area(poly: &[Vertex]) -> i32 {
    let n = poly.len();
    let mut sum = 0;
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        sum += a.x * b.y - b.x * a.y;
    }
    sum.abs()
}

/// The cells strictly inside the closed polygon `poly` (consecutive vertices adjacent, the
/// last adjacent to the first), as a mask over cell indices `y * 10 + x`.
///
/// Even-odd rule on each row: a cell's centre is inside when an odd number of the polygon's
/// vertical edges lie to its left on that row.
pub fn interior_cells(poly: &[Vertex]) -> u128 {
    let mut vertical_edges = [0u16; CELLS];
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if a.x == b.x && a.y != b.y {
            let row = a.y.min(b.y) as usize;
            vertical_edges[row] ^= 1 << a.x;
        }
    }
    let mut inside = 0u128;
    for (row, &edges) in vertical_edges.iter().enumerate() {
        let mut odd = false;
        for col in 0..CELLS {
            if edges >> col & 1 == 1 {
                odd = !odd;
            }
            if odd {
                inside |= 1u128 << (row * CELLS + col);
            }
        }
    }
    inside
}

/// The vertices strictly inside the polygon `poly` whose interior cells are `interior`.
///
/// A vertex off the polygon touches no polygon edge, so its four cells lie on one side:
/// it is inside exactly when the cell to its lower right is. Rim vertices never are.
pub fn strictly_inside_vertices(poly: &[Vertex], interior: u128) -> u128 {
    let on_polygon = poly.iter().fold(0u128, |mask, v| mask | v.bit());
    let mut inside = 0u128;
    for cell in cells(interior) {
        let v = Vertex::new((cell % CELLS) as i32, (cell / CELLS) as i32);
        if on_polygon & v.bit() == 0 {
            inside |= v.bit();
        }
    }
    inside
}

/// The indices of the set bits of a mask, ascending (row-major order for cells).
pub fn cells(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// The 4-connected groups of the cells in `mask`, each as a mask, ordered by their first
/// cell in row-major order.
pub fn components(mut mask: u128) -> Vec<u128> {
    let mut groups = Vec::new();
    while mask != 0 {
        let seed = mask.trailing_zeros() as usize;
        let mut group = 0u128;
        let mut stack = vec![seed];
        mask &= !(1u128 << seed);
        while let Some(cell) = stack.pop() {
            group |= 1u128 << cell;
            let (x, y) = ((cell % CELLS) as i32, (cell / CELLS) as i32);
            for (dx, dy) in [(0, -1), (0, 1), (-1, 0), (1, 0)] {
                if let Some(next) = cell_index(x + dx, y + dy) {
                    if mask >> next & 1 == 1 {
                        mask &= !(1u128 << next);
                        stack.push(next);
                    }
                }
            }
        }
        groups.push(group);
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poly(points: &[(i32, i32)]) -> Vec<Vertex> {
        points.iter().map(|&(x, y)| Vertex::new(x, y)).collect()
    }

    #[test]
    fn unit_square_encloses_one_cell_and_no_vertex() {
        let p = poly(&[(3, 3), (4, 3), (4, 4), (3, 4)]);
        assert_eq!(double_area(&p), 2);
        assert_eq!(interior_cells(&p), 1u128 << 33);
        assert_eq!(strictly_inside_vertices(&p, interior_cells(&p)), 0);
    }

    #[test]
    fn two_by_two_square_encloses_its_centre_vertex() {
        let p = poly(&[
            (0, 0),
            (1, 0),
            (2, 0),
            (2, 1),
            (2, 2),
            (1, 2),
            (0, 2),
            (0, 1),
        ]);
        assert_eq!(double_area(&p), 8);
        let inside = interior_cells(&p);
        assert_eq!(cells(inside).collect::<Vec<_>>(), vec![0, 1, 10, 11]);
        assert_eq!(
            strictly_inside_vertices(&p, inside),
            Vertex::new(1, 1).bit()
        );
    }

    #[test]
    fn l_shape_interior_follows_the_outline() {
        // An L: cells (0,0), (0,1), (1,1).
        let p = poly(&[
            (0, 0),
            (1, 0),
            (1, 1),
            (2, 1),
            (2, 2),
            (1, 2),
            (0, 2),
            (0, 1),
        ]);
        assert_eq!(double_area(&p), 6);
        assert_eq!(
            cells(interior_cells(&p)).collect::<Vec<_>>(),
            vec![0, 10, 11]
        );
    }

    #[test]
    fn components_split_on_four_connectivity_only() {
        // Cells 0 and 1 share an edge; 0 and 11 touch at a corner only.
        let mask = 1u128 | (1u128 << 1) | (1u128 << 22) | (1u128 << 99);
        assert_eq!(components(mask), vec![0b11, 1u128 << 22, 1u128 << 99]);
        assert_eq!(components(1 | 1u128 << 11), vec![1, 1u128 << 11]);
    }
}
