//! The capture rule: which lines a move examines and when a line lets the mover capture.
//!
//! # Interpretations of the capture rule (each with its support, each pinned by a test)
//! 3. **Which lines a move examines, and for whom.** Only the row and the column through the
//!    destination, and only for the side that moved ("formed by your active move"): captures are
//!    automatic, a pattern the opponent's move makes for you does not capture, and a pattern left
//!    behind in the origin's row or column does not either. Pinned:
//!    `lines_not_through_the_destination_are_left_alone`, samples `no-capture-*`.
//! 4. **"Formed by this move" means present after it.** A line through the destination that is a
//!    capture pattern after the move captures, even if it was (another) pattern before: a
//!    sideways move can add the N-1th piece to a column that already read as an uncaptured
//!    (N-3, 1) pattern (left by the opponent's move, which captures nothing for us). Pinned:
//!    sample `capture-grown-pattern`.
//! 5. **The pattern.** A line captures for the mover when it holds N-1 pieces (N > 4: or N-2),
//!    N-2 of them the mover's (N > 4: or N-3) and 1 (N > 4: or 2) the opponent's, each side's
//!    pieces consecutive, the two groups touching. Since own + opponent = total, the pairs are
//!    (N-2, 1) and, for N > 4 only, (N-3, 2) and (N-3, 1); the opponent group may be on either
//!    side of the mover's and the empty cells at either end. Every opponent piece in the line is
//!    removed. Samples 3 and 4 need all three N = 6 pairs (rows `.hhhll`, `hhhll.`, `.hhhl.`).
//!    Pinned: `capture::tests`, samples `statement-3`, `statement-4`, `capture-*`.
//! 6. **Row and column together.** Both lines are judged on the position right after the move;
//!    both may capture. They cross at the destination, which holds the mover's piece, so the
//!    order does not matter. Pinned: `captures_in_row_and_column_at_once`, sample
//!    `capture-row-and-column`.

use crate::board::{Board, Cell, Side};
use shared_grid::Pos;

/// Whether `line` (a whole row or column, N cells) lets `mover` capture the opponent pieces in it.
///
/// The statement's clauses, for N = 4 and for N > 4:
/// - the line holds N-1 pieces (N > 4: or N-2),
/// - N-2 of them are the mover's (N > 4: or N-3), the rest, 1 (N > 4: or 2), the opponent's,
/// - the mover's pieces are consecutive, so are the opponent's, and the two groups touch.
///
/// Own + opponent = total, so the allowed (own, opponent) pairs are (N-2, 1) and, for N > 4,
/// also (N-3, 2) and (N-3, 1). "Both groups consecutive and touching" is the same as: the
/// occupied cells form one unbroken stretch made of exactly two runs of one colour each.
pub fn line_captures(line: &[Cell], mover: Side) -> bool {
    let n = line.len();
    let own = line.iter().filter(|&&c| c == Some(mover)).count();
    let opponent = line
        .iter()
        .filter(|&&c| c == Some(mover.opponent()))
        .count();
    let counts_allowed = if n > 4 {
        matches!((n - own, opponent), (2, 1) | (3, 2) | (3, 1))
    } else {
        own + 2 == n && opponent == 1
    };
    counts_allowed && occupied_stretch_has_two_runs(line)
}

/// True when the pieces of `line` sit in one gap-free stretch that changes colour exactly once.
///
/// Between its first and last piece, the line must change cell content exactly once. A gap
/// (an empty cell inside the stretch) would count as two changes, so it is refused too.
fn occupied_stretch_has_two_runs(line: &[Cell]) -> bool {
    let (Some(first), Some(last)) = (
        line.iter().position(Option::is_some),
        line.iter().rposition(Option::is_some),
    ) else {
        return false;
    };
    let changes = line[first..=last]
        .windows(2)
        .filter(|w| w[0] != w[1])
        .count();
    changes == 1
}

/// The row and the column through `dest`, each as its list of cells (row first).
fn lines_through(board: &Board, dest: Pos) -> [Vec<Pos>; 2] {
    let n = board.size();
    let row = (0..n).map(|col| Pos::new(dest.row, col)).collect();
    let column = (0..n).map(|row| Pos::new(row, dest.col)).collect();
    [row, column]
}

/// Applies the captures of `mover`'s piece that has just arrived at `dest` and returns the
/// captured cells (row first, then column; each in board order).
///
/// Only the row and the column through the destination are examined: that is where this move
/// can have formed a pattern, and the pattern must be "formed by your active move". The two lines
/// cross at `dest`, which holds the mover's own piece, so capturing in one of them cannot change
/// the other: both are judged on the position right after the move, and both may capture.
pub fn apply_captures(board: &mut Board, dest: Pos, mover: Side) -> Vec<Pos> {
    let mut captured = Vec::new();
    for line in lines_through(board, dest) {
        let cells: Vec<Cell> = line.iter().map(|&p| board.at(p)).collect();
        if line_captures(&cells, mover) {
            captured.extend(
                line.into_iter()
                    .filter(|&p| board.at(p) == Some(mover.opponent())),
            );
        }
    }
    for &p in &captured {
        board.remove(p);
    }
    captured
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Vec<Cell> {
        text.chars()
            .map(|ch| match ch {
                'h' => Some(Side::Red),
                'l' => Some(Side::Blue),
                _ => None,
            })
            .collect()
    }

    fn red_captures(text: &str) -> bool {
        line_captures(&line(text), Side::Red)
    }

    #[test]
    fn four_needs_two_own_and_one_opponent_with_one_gap() {
        for yes in ["hhl.", ".hhl", "lhh.", ".lhh"] {
            assert!(red_captures(yes), "{yes}");
        }
        for no in [
            "hl.h", "hlh.", "hh.l", "hhll", "hhhl", "hh..", "h.l.", "hhlh", "....",
        ] {
            assert!(!red_captures(no), "{no}");
        }
    }

    #[test]
    fn four_does_not_get_the_wider_patterns() {
        // (N-3, 1) and (N-3, 2) only exist for N > 4.
        assert!(!red_captures("hl.."));
        assert!(!red_captures("hll."));
    }

    #[test]
    fn six_allows_three_count_combinations() {
        for yes in [
            "hhhhl.", ".lhhhh", // (N-2, 1)
            "hhhll.", ".llhhh", // (N-3, 2)
            "hhhl..", "..lhhh", ".hhhl.", // (N-3, 1)
        ] {
            assert!(red_captures(yes), "{yes}");
        }
    }

    #[test]
    fn six_refusals() {
        for no in [
            "hhhhll", // N pieces
            "hhh...", // no opponent
            "hhll..", // own N-4
            "hhhlll", // N pieces
            "hhhlh.", // own split
            "hhh.l.", // groups apart
            "lhhhl.", // opponent split
            "hl.hhh", // gap
        ] {
            assert!(!red_captures(no), "{no}");
        }
    }

    #[test]
    fn the_pattern_is_judged_for_the_given_side_only() {
        assert!(line_captures(&line("llh."), Side::Blue));
        assert!(!line_captures(&line("llh."), Side::Red));
    }

    #[test]
    fn captures_in_row_and_column_at_once() {
        // Red arrives at (row 1, col 1): row 1 reads "hhl." and column 1 reads "hhl." too.
        let mut board = Board::parse("hh..\nhhl.\n.l..\n....").unwrap();
        let captured = apply_captures(&mut board, Pos::new(1, 1), Side::Red);
        assert_eq!(captured, [Pos::new(1, 2), Pos::new(2, 1)]);
        assert_eq!(board.draw(), "hh..\nhh..\n....\n....\n");
        assert_eq!(board.count(Side::Blue), 0);
        // A capture never touches the capturing side's own count.
        assert_eq!(board.count(Side::Red), 4);
    }

    #[test]
    fn lines_not_through_the_destination_are_left_alone() {
        // Row 0 is a red pattern, but Red's piece arrived at (row 3, col 3).
        let mut board = Board::parse("hhl.\n....\n....\n...h").unwrap();
        assert!(apply_captures(&mut board, Pos::new(3, 3), Side::Red).is_empty());
        assert_eq!(board.count(Side::Blue), 1);
    }

    #[test]
    fn two_opponent_pieces_go_at_once() {
        let mut board = Board::parse("hhhll.\n......\n......\n......\n......\n......").unwrap();
        let captured = apply_captures(&mut board, Pos::new(0, 2), Side::Red);
        assert_eq!(captured, [Pos::new(0, 3), Pos::new(0, 4)]);
    }
}
