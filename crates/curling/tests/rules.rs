//! The rules of the statement on small boards, through the public interface: how a board is
//! read from its codes, and the throws that end, stop or are refused.

use curling::{min_throws, Board};
use shared_grid::Pos;

fn board(rows: &[&[u8]]) -> Board {
    Board::from_codes(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
}

#[test]
fn codes_become_a_board() {
    let b = Board::from_codes(vec![vec![2, 1, 0], vec![0, 0, 3]]).unwrap();
    assert_eq!(b.start, Pos::new(0, 0));
    assert_eq!(b.goal, Pos::new(1, 2));
    assert!(b.blocks[Pos::new(0, 1)]);
    assert!(!b.blocks[Pos::new(1, 1)]);
}

#[test]
fn malformed_boards_are_refused() {
    assert!(Board::from_codes(vec![vec![0, 3]])
        .unwrap_err()
        .contains("no start"));
    assert!(Board::from_codes(vec![vec![2, 0]])
        .unwrap_err()
        .contains("no goal"));
    assert!(Board::from_codes(vec![vec![2, 2, 3]])
        .unwrap_err()
        .contains("more than one start"));
    assert!(Board::from_codes(vec![vec![2, 4, 3]])
        .unwrap_err()
        .contains("code 4"));
}

#[test]
fn the_goal_stops_the_stone_even_with_a_block_behind_it() {
    assert_eq!(min_throws(&board(&[&[2, 0, 3, 1]])), Some(1));
    assert_eq!(min_throws(&board(&[&[2, 3, 1]])), Some(1));
    assert_eq!(min_throws(&board(&[&[1, 3, 0, 2]])), Some(1));
}

#[test]
fn a_goal_behind_a_block_is_not_passed() {
    // Right stops before the block at 2 and removes it; then the goal is in sight.
    assert_eq!(min_throws(&board(&[&[2, 0, 1, 0, 3]])), Some(2));
    assert_eq!(min_throws(&board(&[&[3, 0, 1, 0, 2]])), Some(2));
}

#[test]
fn a_stone_cannot_stop_on_the_open_board() {
    assert_eq!(min_throws(&board(&[&[2, 0], &[0, 3]])), None);
}

#[test]
fn ten_throws_are_allowed_eleven_are_not() {
    let row = |blocks: usize| {
        let mut row = vec![2, 0];
        row.extend(std::iter::repeat_n(1, blocks));
        row.push(3);
        Board::from_codes(vec![row]).unwrap()
    };
    assert_eq!(min_throws(&row(9)), Some(10));
    assert_eq!(min_throws(&row(10)), None);
}

#[test]
fn columns_slide_like_rows() {
    let column =
        |codes: &[u8]| Board::from_codes(codes.iter().map(|&c| vec![c]).collect()).unwrap();
    assert_eq!(min_throws(&column(&[2, 0, 1, 1, 3])), Some(3));
    assert_eq!(min_throws(&column(&[3, 1, 1, 0, 2])), Some(3));
}
