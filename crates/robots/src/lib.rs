//! Robots (POJ 1098 = ZOJ 1065 = BOJ 7357): play the stated strategy of the Robots game
//! exactly and report how it ends.
//!
//! # Model
//! A 31 x 31 board; you start on (15, 15), R robots elsewhere, and T teleport cells are listed.
//! You move (8 walks, stay, or teleport), then every robot takes one step toward you; robots
//! that meet, or step into debris, become debris. You lose when a robot steps onto you and
//! win when no robot is left. Your moves follow a fixed strategy; print the teleports taken
//! and the end of the game.
//! - [`board::Board`]: your cell, the sorted live robots, a debris grid (zero-based cells).
//! - [`rules`]: your move ([`rules::effect_of`]: walking, pushing debris, teleporting), the
//!   robots' move ([`rules::robots_move`]), one round of both in place
//!   ([`rules::play_round_in_place`]), and
//!   its forecast without playing it ([`rules::Forecaster`]).
//! - [`strategy::choose`]: the statement's choice rule; [`game::play`]: the whole game;
//!   [`io`]: the input's cases and the judges' report; [`trace`]: `robots --trace`.
//!
//! # Algorithm and complexity
//! Plain simulation, made cheap. Each move tries staying and the 8 walks, then, if none is
//! safe, the teleport entries in list order. A candidate's round is forecast from the board as
//! it is in O(R) ([`rules::Forecaster`]), and only the chosen move is played, in place; the
//! teleport search tries each cell once, in the order of its first unused entry
//! ([`teleports::TeleportList`]). So a move costs O(9 R) plus O(R) per teleport cell tried,
//! with no allocation, and a game lasts at most (T + 1) · 31 · (30 R + 1) + T moves
//! ([`game::move_limit`], proved in [`game`]), a bound `game::play` asserts.
//! Each case is played as soon as it is read and its report written at once.
//!
//! # Decisions (the figures: `benches/README.md`)
//! - Forecast candidates instead of playing each on a copy: no board is copied, and the
//!   longest games spend several times fewer cycles.
//! - Teleport entries kept in 4 bytes each, fewer than their text: the memory a list takes
//!   never exceeds the input it was read from.
//! - No B-tree and no library sort (the teleport cells in a sorted `Vec` of at most 961, one
//!   insertion sort for the robots' nearly sorted cells): without their code the C bundle
//!   keeps 8 KiB of its 64 KiB free (with std's sort it would not, even optimised for size),
//!   and no bench is slower.
//!
//! Where the statement is unclear (each decision argued in the module that applies it and
//! pinned by a test):
//! 1. Output format: the sample wins over the prose (no space after the comma, one empty line
//!    between cases) ([`io`]).
//! 2. The robots' step is unique: one neighbour is closest by |dr| + |dc| ([`rules`]).
//! 3. Only destinations collide; three robots in one cell leave one debris ([`rules`]).
//! 4. Robots meeting on you lose the game and become debris; a lone one stays a robot
//!    ([`rules`]).
//! 5. Debris is pushed one cell, never into debris or off the board; a robot there is
//!    destroyed during your move ([`rules`]).
//! 6. "Empty" means no robot, no debris and not you ([`rules`]).
//! 7. With no robot left every move scores distance 0: row, then column decide ([`strategy`]).
//! 8. Each teleport entry is used at most once; a skipped entry stays unused ([`teleports`]).
//! 9. The game ends after every round, teleport rounds included; the losing stay counts
//!    ([`rules`]).
//! 10. Lenient input (missing `0 0`, R = 0 with T > 0, limits beyond the statement's);
//!     malformed input ends with one stderr line and exit status 1 ([`io`]).

pub mod board;
pub mod game;
pub mod io;
pub mod rules;
pub mod strategy;
pub mod teleports;
pub mod trace;

pub use game::{play, solve, Case, Outcome};

use shared_grid::{InputError, TokenReader};
use std::io::{BufRead, Write};

/// Plays each case as soon as it is read and writes its report to `out` (one empty line
/// between reports), up to `0 0` or the end of the input. Stops at the first malformed case
/// with an error naming it, after the reports before it.
pub fn run_to<R: BufRead, W: Write>(
    source: &mut TokenReader<R>,
    out: &mut W,
) -> Result<(), InputError> {
    run_cases(source, out, |_, case| solve(case))
}

/// [`run_to`], also handing `sink` a drawing of the board before the first move and after
/// every move of every case.
///
/// Not `run_to` with an optional sink: a C bundle's image never traces (it has no
/// arguments), and only with the two paths apart does the compiler drop the drawing from
/// the image (`tools/bundle/benches/README.md`).
pub fn run_traced_to<R: BufRead, W: Write>(
    source: &mut TokenReader<R>,
    out: &mut W,
    sink: &mut dyn FnMut(&str),
) -> Result<(), InputError> {
    run_cases(source, out, |number, case| {
        play(case, &mut |step| sink(&trace::draw(number, step)))
    })
}

/// Reads the cases one by one, has `answer` play each (with its number), writes its report.
fn run_cases<R: BufRead, W: Write>(
    source: &mut TokenReader<R>,
    out: &mut W,
    mut answer: impl FnMut(usize, &Case) -> Outcome,
) -> Result<(), InputError> {
    for number in 1.. {
        let Some(case) = io::read_case(source).map_err(|err| err.at(format!("case {number}")))?
        else {
            break;
        };
        let outcome = answer(number, &case);
        if number > 1 {
            writeln!(out)?;
        }
        out.write_all(io::format_case(number, &outcome).as_bytes())?;
    }
    Ok(())
}
