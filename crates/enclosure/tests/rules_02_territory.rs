//! Rulings §2: regions, edges inside regions, trespass, own land with the pen down.
mod common;
use common::*;
use enclosure::DeathCause;

/// Seat 1 owns the 3 x 3 block of cells x 2..5, y 2..5 (vertices 2..=5).
fn with_block(starts: &[(i32, i32)]) -> enclosure::Game {
    let mut g = game(starts);
    assert_eq!(g.add_region(1, &rect(2, 2, 5, 5)), vec![0]);
    g
}

#[test]
fn moving_through_the_interior_of_another_players_region_is_trespass() {
    let mut g = with_block(&[(3, 2), (9, 9), (0, 0)]);
    let events = play_all(&mut g, &["d"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::Trespass)]);
    assert_eq!(g.player(0).pos(), v(3, 2), "a trespasser does not move");
}

#[test]
fn trespass_kills_with_the_pen_down_too() {
    let mut g = with_block(&[(3, 2), (9, 9), (0, 0)]);
    let events = play_all(&mut g, &["d+"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::Trespass)]);
}

#[test]
fn walking_along_the_border_of_another_players_region_is_allowed() {
    let mut g = with_block(&[(2, 2), (9, 9), (0, 0)]);
    let events = play_all(&mut g, &["r r r d d d l l l u u u"]);
    assert!(deaths(&events).is_empty());
    assert_eq!(g.player(0).pos(), v(2, 2));
    // Even with the pen down (the loop around the block then captures nothing new).
    let events = play_all(&mut g, &["r+ r r d d d l l l u u u"]);
    assert!(deaths(&events).is_empty());
    assert!(captures(&events).is_empty());
}

#[test]
fn a_vertex_on_the_border_may_be_left_outwards_but_not_inwards() {
    let mut g = with_block(&[(3, 5), (9, 9), (0, 0)]);
    let events = play_all(&mut g, &["d u u"]);
    // d leaves the block, u comes back to the border, the next u enters the interior.
    assert_eq!(deaths(&events), vec![(0, DeathCause::Trespass)]);
    assert_eq!(g.player(0).pos(), v(3, 5));
}

#[test]
fn the_seam_between_two_regions_is_not_inside_either() {
    // Two regions of the same owner side by side: columns 2..4 and 4..6; the seam is x = 4.
    let mut g = game(&[(4, 2), (9, 9), (0, 0)]);
    let a = g.add_region(1, &rect(2, 2, 4, 5));
    let b = g.add_region(1, &rect(4, 2, 6, 5));
    assert_eq!((a, b), (vec![0], vec![1]), "regions never merge");
    let events = play_all(&mut g, &["d d d"]);
    assert!(deaths(&events).is_empty());
    assert_eq!(g.player(0).pos(), v(4, 5));
    // Stepping off the seam into the interior of the right region is trespass.
    let events = play_all(&mut g, &["u u r"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::Trespass)]);
    assert_eq!(g.player(0).pos(), v(4, 3));
}

#[test]
fn a_seam_between_different_owners_is_walkable_with_the_pen_down() {
    let mut g = game(&[(4, 2), (9, 9), (0, 0)]);
    g.add_region(1, &rect(2, 2, 4, 5));
    g.add_region(2, &rect(4, 2, 6, 5));
    let events = play_all(&mut g, &["d+ d d"]);
    assert!(deaths(&events).is_empty());
    assert_eq!(g.player(0).trail().len(), 4);
}

#[test]
fn rim_edges_are_never_inside() {
    let mut g = game(&[(0, 0), (9, 9)]);
    g.add_region(1, &rect(0, 0, 2, 2));
    let events = play_all(&mut g, &["r r d", "s"]);
    // Along the rim is fine; (2,0) -> (2,1) is the region's border: fine too.
    assert!(deaths(&events).is_empty());
    let events = play_all(&mut g, &["l"]);
    // (2,1) -> (1,1): cells (1,0) and (1,1) are both in the region.
    assert_eq!(deaths(&events), vec![(0, DeathCause::Trespass)]);
}

#[test]
fn own_region_is_free_with_the_pen_up() {
    let mut g = with_block(&[(0, 0), (3, 2), (9, 0)]);
    let events = play_all(&mut g, &["s s s s", "d d r r"]);
    assert!(deaths(&events).is_empty());
    assert_eq!(g.player(1).pos(), v(5, 4));
}

#[test]
fn entering_own_interior_with_the_pen_down_kills() {
    let mut g = with_block(&[(0, 0), (3, 2), (9, 0)]);
    let events = play_all(&mut g, &["s s", "r+ d"]);
    assert_eq!(deaths(&events), vec![(1, DeathCause::PenDownOwnLand)]);
    assert_eq!(g.player(1).pos(), v(4, 2));
}

#[test]
fn the_move_that_puts_the_pen_down_counts_too() {
    let mut g = with_block(&[(0, 0), (3, 3), (9, 0)]);
    let events = play_all(&mut g, &["s", "d+"]);
    assert_eq!(deaths(&events), vec![(1, DeathCause::PenDownOwnLand)]);
}

#[test]
fn putting_the_pen_down_inside_own_land_without_moving_is_allowed_but_traps_you() {
    let mut g = with_block(&[(0, 0), (3, 3), (9, 0)]);
    let events = play_all(&mut g, &["s", "s+"]);
    assert!(deaths(&events).is_empty());
    assert!(g.player(1).pen_down());
    let events = play_all(&mut g, &["s", "r"]);
    assert_eq!(deaths(&events), vec![(1, DeathCause::PenDownOwnLand)]);
}

#[test]
fn regions_of_one_owner_never_merge() {
    // Two unit loops side by side: cells (0,0) then (1,0): two regions of area 1.
    let mut g = game(&[(0, 0), (10, 10)]);
    let events = play_all(&mut g, &["r+ d l u r r+ d l u"]);
    assert_eq!(captures(&events), vec![(0, 1), (0, 1)]);
    assert_eq!(g.areas(0), vec![1, 1]);
    assert_eq!(g.region_of(0, 0), Some(0));
    assert_eq!(g.region_of(1, 0), Some(1));
    assert_eq!(g.score(0), 10 * (1 + 1) + 4);
}
