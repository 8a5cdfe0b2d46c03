//! Rulings §9: score = 10 * sum(S_i^2) - 10 * casts + (4 - m), and ranks.
mod common;
use common::*;

#[test]
fn score_is_ten_times_the_sum_of_squares_minus_mud_plus_the_seat_tie_break() {
    let mut g = game(&[(0, 0), (10, 10), (5, 5)]);
    g.add_region(2, &rect(0, 5, 2, 6));
    g.add_region(2, &rect(2, 5, 5, 6));
    assert_eq!(g.areas(2), vec![2, 3]);
    play(&mut g, &["s", "s", "u*"]);
    assert_eq!(g.score(2), 10 * (4 + 9) - 10 + 2);
    assert_eq!(g.score(0), 4);
    assert_eq!(g.score(1), 3);
    assert!(g.status_line().contains(" 5 4 0 0 -10 "));
}

#[test]
fn one_big_region_beats_two_small_ones_of_the_same_total() {
    let mut g = game(&[(0, 0), (10, 10)]);
    g.add_region(0, &rect(0, 0, 4, 1));
    g.add_region(1, &rect(0, 2, 2, 3));
    g.add_region(1, &rect(5, 2, 7, 3));
    assert_eq!(g.score(0), 164);
    assert_eq!(g.score(1), 83);
    assert_eq!(g.ranks(), vec![1, 2]);
}

#[test]
fn ties_go_to_the_lower_seat() {
    let g = game(&[(0, 0), (10, 10), (5, 5), (3, 3)]);
    assert_eq!(g.scores(), vec![4, 3, 2, 1]);
    assert_eq!(g.ranks(), vec![1, 2, 3, 4]);
}

#[test]
fn mud_can_make_a_score_negative_and_land_outranks_everything_else() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10), (0, 10)]);
    play(&mut g, &["r* r* r*"]);
    g.add_region(3, &[(9, 0)]);
    assert_eq!(g.scores(), vec![4 - 30, 3, 2, 10 + 1]);
    assert_eq!(g.ranks(), vec![4, 2, 3, 1]);
}
