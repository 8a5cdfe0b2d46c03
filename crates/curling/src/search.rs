//! The exact search behind [`min_throws`].
//!
//! Iterative deepening over the throw budget (1, 2, ..., [`MAX_THROWS`]) so the
//! first budget that succeeds is the answer. Inside one budget, a depth-first
//! search prunes a position when
//! - a lower bound on the throws it still needs exceeds the budget left (the
//!   larger of [`relaxed_distances`] and [`sight_bound`]), or
//! - the same position (stone square + set of removed blocks) was already
//!   refuted with at least this budget. Refutations stay true across budgets,
//!   so the table is kept for the whole search. Positions with a budget of two
//!   or less are cheaper to search again than to look up, so they stay out.

use crate::bound::{relaxed_distances, sight_bound};
use crate::Board;
use shared_grid::{Dir4, Grid, Pos};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The statement's limit: more than ten throws loses the game.
pub const MAX_THROWS: u32 = 10;

/// The fewest throws that bring the stone to the goal, if ten or fewer do.
pub fn min_throws(board: &Board) -> Option<u32> {
    let relaxed = relaxed_distances(board);
    let first_budget = relaxed[board.start];
    if first_budget > MAX_THROWS {
        return None;
    }
    let mut search = Search {
        blocks: board.blocks.clone(),
        goal: board.goal,
        relaxed,
        removed: Vec::with_capacity(MAX_THROWS as usize),
        refuted: HashMap::default(),
    };
    (first_budget..=MAX_THROWS).find(|&budget| search.reaches_goal(board.start, budget))
}

/// Where one throw ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// The stone passed over the goal and stopped there.
    Goal,
    /// The stone stopped at `at`, and the block at `block` vanished.
    Stop { at: Pos, block: Pos },
    /// The stone left the board: the game is lost.
    OffBoard,
    /// A block touches the stone on that side: the throw is not allowed.
    Refused,
}

/// Slides a stone thrown from `from` towards `dir` over `blocks`.
pub fn throw(blocks: &Grid<bool>, goal: Pos, from: Pos, dir: Dir4) -> Landing {
    let bounds = blocks.bounds();
    let mut at = from;
    loop {
        let Some(next) = bounds.step(at, dir.delta()) else {
            return Landing::OffBoard;
        };
        if blocks[next] {
            return if at == from {
                Landing::Refused
            } else {
                Landing::Stop { at, block: next }
            };
        }
        if next == goal {
            return Landing::Goal;
        }
        at = next;
    }
}

/// A position of the game: the stone's square and the removed blocks, sorted
/// (the order in which they vanished does not matter).
type Position = (usize, [usize; MAX_THROWS as usize]);

/// Budgets up to this are searched again rather than looked up.
const CHEAPER_THAN_A_LOOKUP: u32 = 2;

struct Search {
    /// The board as it stands on the current search path.
    blocks: Grid<bool>,
    goal: Pos,
    /// Throws needed from each square when any block may be gone: a lower bound.
    relaxed: Grid<u32>,
    /// Row-major indices of the blocks removed on the current path.
    removed: Vec<usize>,
    /// For each refuted position, the largest budget it was refuted with.
    refuted: HashMap<Position, u32, BuildHasherDefault<MixHasher>>,
}

impl Search {
    /// Can the stone, resting at `at`, reach the goal within `budget` throws?
    fn reaches_goal(&mut self, at: Pos, budget: u32) -> bool {
        if self.throws_needed_at_least(at) > budget {
            return false;
        }
        let position = (budget > CHEAPER_THAN_A_LOOKUP).then(|| self.position(at));
        if let Some(position) = &position {
            if self.refuted.get(position).is_some_and(|&b| b >= budget) {
                return false;
            }
        }
        for dir in Dir4::ALL {
            match throw(&self.blocks, self.goal, at, dir) {
                Landing::Goal => return true,
                Landing::Stop { at: next, block } => {
                    self.blocks[block] = false;
                    self.removed.push(self.blocks.bounds().index(block));
                    let found = self.reaches_goal(next, budget - 1);
                    self.removed.pop();
                    self.blocks[block] = true;
                    if found {
                        return true;
                    }
                }
                Landing::OffBoard | Landing::Refused => {}
            }
        }
        if let Some(position) = position {
            let best = self.refuted.entry(position).or_insert(0);
            *best = (*best).max(budget);
        }
        false
    }

    fn throws_needed_at_least(&self, at: Pos) -> u32 {
        self.relaxed[at].max(sight_bound(&self.blocks, self.goal, at))
    }

    fn position(&self, at: Pos) -> Position {
        let mut removed = [usize::MAX; MAX_THROWS as usize];
        removed[..self.removed.len()].copy_from_slice(&self.removed);
        removed.sort_unstable();
        (self.blocks.bounds().index(at), removed)
    }
}

/// A small, fast hasher for the refutation table (rotate, xor, multiply per
/// word). Its keys are search positions, not attacker-chosen data, so the
/// default DoS-resistant hasher would only cost time.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&[u8]]) -> Board {
        Board::from_codes(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    #[test]
    fn throw_stops_before_a_block_and_refuses_an_adjacent_one() {
        let b = board(&[&[2, 0, 0, 1, 3]]);
        assert_eq!(
            throw(&b.blocks, b.goal, b.start, Dir4::Right),
            Landing::Stop {
                at: Pos::new(0, 2),
                block: Pos::new(0, 3)
            }
        );
        assert_eq!(
            throw(&b.blocks, b.goal, Pos::new(0, 2), Dir4::Right),
            Landing::Refused
        );
        assert_eq!(
            throw(&b.blocks, b.goal, b.start, Dir4::Left),
            Landing::OffBoard
        );
    }

    #[test]
    fn goal_stops_the_stone_even_with_a_block_behind_it() {
        let b = board(&[&[2, 0, 3, 1]]);
        assert_eq!(
            throw(&b.blocks, b.goal, b.start, Dir4::Right),
            Landing::Goal
        );
        assert_eq!(min_throws(&b), Some(1));
    }

    #[test]
    fn a_stone_cannot_stop_on_the_open_board() {
        // The goal is off the start's row and column and nothing can stop the stone.
        assert_eq!(min_throws(&board(&[&[2, 0], &[0, 3]])), None);
    }

    #[test]
    fn ten_throws_are_allowed_eleven_are_not() {
        assert_eq!(
            min_throws(&board(&[&[2, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3]])),
            Some(10)
        );
        assert_eq!(
            min_throws(&board(&[&[2, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3]])),
            None
        );
    }
}
