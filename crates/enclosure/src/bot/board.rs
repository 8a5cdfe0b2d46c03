//! What the planner needs to know about the board, computed once per turn: which edges lie
//! inside a region (and whose), and how fast each player can reach each vertex.
//!
//! Everything is indexed by `Vertex::index` and kept in fixed arrays: the bot runs in an
//! unoptimised build, so no hashing and few allocations.

use super::bfs::Bfs;
use crate::geometry::{edge_sides, Dir, Vertex, VERTICES};
use crate::state::Game;

/// Edge marker: the edge leaves the board.
const OFF: u8 = 254;
/// Edge marker: the edge is not inside any region (free for everybody, pen up or down).
const FREE: u8 = 255;

/// Edge facts and owners for one position of the game.
pub struct Board {
    /// `edges[v][k]` for the move `Dir::MOVES[k]` from vertex `v`: `OFF`, `FREE`, or the id
    /// of the region the edge lies inside.
    edges: [[u8; 4]; VERTICES],
    /// Owner of each region id.
    owners: Vec<usize>,
    /// Remaining turns of the trap on each vertex.
    traps: [u32; VERTICES],
}

impl Board {
    pub fn new(game: &Game) -> Board {
        let mut edges = [[OFF; 4]; VERTICES];
        let mut traps = [0; VERTICES];
        for v in Vertex::all() {
            traps[v.index()] = game.trap_at(v);
            for (k, dir) in Dir::MOVES.into_iter().enumerate() {
                let to = v.step(dir);
                if !to.on_board() {
                    continue;
                }
                edges[v.index()][k] = match edge_sides(v, to) {
                    [Some(a), Some(b)] => match (game.region_at(a), game.region_at(b)) {
                        (Some(ra), Some(rb)) if ra == rb => ra as u8,
                        _ => FREE,
                    },
                    _ => FREE,
                };
            }
        }
        Board {
            edges,
            owners: game.regions().iter().map(|r| r.owner).collect(),
            traps,
        }
    }

    /// Whether the move `k` from `v` stays on the board outside every region's interior: the
    /// only kind of edge a pen-down player may draw along.
    pub fn drawable(&self, v: Vertex, k: usize) -> bool {
        self.edges[v.index()][k] == FREE
    }

    /// Whether `seat` may walk the move `k` from `v` with its pen up (its own land is fine).
    pub fn walkable(&self, seat: usize, v: Vertex, k: usize) -> bool {
        match self.edges[v.index()][k] {
            OFF => false,
            FREE => true,
            region => self.owners[region as usize] == seat,
        }
    }

    pub fn trap(&self, v: Vertex) -> u32 {
        self.traps[v.index()]
    }

    /// Pen-up walking distances of `seat` from `from`, avoiding the vertices in `avoid`
    /// (a vertex bit set; `from` itself is always allowed), and the ways found.
    pub fn walk(&self, seat: usize, from: Vertex, avoid: u128) -> Bfs {
        Bfs::new(from.bit(), 0, |at, k, to| {
            self.walkable(seat, at, k) && avoid & to.bit() == 0
        })
    }
}

/// The index in `Dir::MOVES` of a step down, and of a step right: the two ways a segment is
/// drawn from its top or left end.
pub const DOWN: usize = 1;
pub const RIGHT: usize = 3;

/// The index in `Dir::MOVES` of the unit step `from -> to`.
pub fn move_index(from: Vertex, to: Vertex) -> Option<usize> {
    Dir::MOVES.into_iter().position(|d| from.step(d) == to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_interiors_block_others_and_drawing_but_not_the_owner_walking() {
        let mut game = Game::new(&[Some(Vertex::new(0, 0)), Some(Vertex::new(5, 5))]);
        game.add_region(1, &[(2, 2), (3, 2), (2, 3), (3, 3)]);
        let board = Board::new(&game);
        // Edge (3,2)-(3,3) is inside the 2x2 region (cells (2,2) and (3,2) on either side).
        assert_eq!(
            (Dir::MOVES[DOWN], Dir::MOVES[RIGHT]),
            (Dir::Down, Dir::Right)
        );
        let down = DOWN;
        assert!(!board.walkable(0, Vertex::new(3, 2), down));
        assert!(board.walkable(1, Vertex::new(3, 2), down));
        assert!(!board.drawable(Vertex::new(3, 2), down));
        // Its border is free.
        assert!(board.drawable(Vertex::new(2, 2), down));
        // Off the board.
        assert!(!board.walkable(0, Vertex::new(0, 0), 0));
    }

    #[test]
    fn walking_goes_around_foreign_land() {
        let mut game = Game::new(&[Some(Vertex::new(0, 5)), Some(Vertex::new(9, 9))]);
        // A wall of land from row 0 to row 9 between x = 1 and x = 3, open at the bottom.
        let cells: Vec<(i32, i32)> = (0..9).flat_map(|y| [(1, y), (2, y)]).collect();
        game.add_region(1, &cells);
        let board = Board::new(&game);
        let walk = board.walk(0, Vertex::new(0, 5), 0);
        // Straight through would be 4; around the wall's open end it is 5 + 3 + 5 = 13...
        // (0,5) -> (0,9) is 4, then right 4 to (4,9), then up 4 to (4,5): 12.
        assert_eq!(walk.dist[Vertex::new(4, 5).index()], 12);
        assert_eq!(walk.first_step(Vertex::new(4, 5)), Some(Dir::Down));
        // The owner walks straight through.
        let own = board.walk(1, Vertex::new(0, 5), 0);
        assert_eq!(own.dist[Vertex::new(4, 5).index()], 4);
    }
}
