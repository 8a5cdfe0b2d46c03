//! What happened during a turn, in the order it was settled.

use crate::action::DeathCause;
use crate::geometry::Vertex;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `seat` died.
    Death { seat: usize, cause: DeathCause },
    /// `seat` gained a new region `region` made of `cells` (cell `(x, y)` spans vertices
    /// `(x, y)..(x + 1, y + 1)`), listed in row-major order.
    Capture {
        seat: usize,
        region: usize,
        cells: Vec<(i32, i32)>,
    },
    /// `seat` cast mud; the traps that landed on the board.
    MudCast { seat: usize, traps: Vec<Vertex> },
    /// `seat` stepped on (or stood on) a trap at `at` and is stuck for the next five turns.
    Stuck { seat: usize, at: Vertex },
}
