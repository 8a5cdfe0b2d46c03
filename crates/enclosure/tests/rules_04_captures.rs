//! Rulings §4: trails, loops, captures and kills inside them.
mod common;
use common::*;
use enclosure::{DeathCause, Event};

#[test]
fn capture_of_a_single_cell() {
    let mut g = game(&[(3, 3), (9, 9)]);
    let turns = play(&mut g, &["r+ d l u"]);
    assert!(turns[..3].iter().all(|t| t.is_empty()));
    assert_eq!(
        turns[3],
        vec![Event::Capture {
            seat: 0,
            region: 0,
            cells: vec![(3, 3)]
        }]
    );
    let p = g.player(0);
    assert!(
        !p.pen_down() && p.trail().is_empty(),
        "trail vanishes, pen goes up"
    );
    assert_eq!(p.pos(), v(3, 3));
    assert_eq!(g.regions()[0].owner, 0);
    assert_eq!(g.regions()[0].turn, 4);
    assert_eq!(g.score(0), 10 + 4);
}

#[test]
fn the_trail_grows_one_vertex_per_move_from_where_the_pen_went_down() {
    let mut g = game(&[(3, 3), (9, 9)]);
    play(&mut g, &["r+ d s l"]);
    assert_eq!(g.player(0).trail(), &[v(3, 3), v(4, 3), v(4, 4), v(3, 4)]);
}

#[test]
fn a_loop_with_a_tail_captures_only_the_loop() {
    // Tail (1,1) -> (2,1), then a 2 x 2 square back to (2,1).
    let mut g = game(&[(1, 1), (3, 2), (1, 2)]);
    let events = play_all(&mut g, &["r+ r r d d l l u u"]);
    assert_eq!(captures(&events), vec![(0, 4)]);
    assert_eq!(g.region_cells(0), vec![(2, 1), (3, 1), (2, 2), (3, 2)]);
    // Seat 1 stood on (3,2), the square's centre; seat 2 beside the tail.
    assert_eq!(deaths(&events), vec![(1, DeathCause::Enclosed)]);
    assert!(g.player(2).is_alive());
    assert!(g.player(0).trail().is_empty());
}

#[test]
fn vertices_on_the_polygon_are_safe() {
    // Seat 1 stands on a corner of the loop's polygon from the start: it would cut the trail
    // when seat 0 reaches it, so seat 0 closes exactly there.
    let mut g = game(&[(3, 3), (4, 4), (9, 9)]);
    let events = play_all(&mut g, &["d+ r u l"]);
    // (3,3) -> (3,4) -> (4,4): seat 0 steps onto seat 1 (pen up): seat 0 dies.
    assert_eq!(deaths(&events), vec![(0, DeathCause::Collision)]);

    let mut g = game(&[(3, 3), (6, 5), (9, 9)]);
    let events = play_all(&mut g, &["r+ r d d l l u u", "s s s s s s s l"]);
    // Seat 1 steps onto the corner (5,5) on the closing turn: on the polygon, not inside.
    assert_eq!(captures(&events), vec![(0, 4)]);
    assert!(deaths(&events).is_empty());
}

#[test]
fn nested_loops_closed_in_the_same_turn_settle_inside_out() {
    // Seat 0 draws a 4 x 4 square (1,1)..(5,5) in 16 moves; seat 1 closes a unit square
    // at (3,3) on the same 16th turn. The inner one gains its cell, then dies inside.
    let mut g = game(&[(1, 1), (3, 3), (9, 9)]);
    let turns = play(
        &mut g,
        &[
            "r+ r r r d d d d l l l l u u u u",
            "s s s s s s s s s s s s r+ d l u",
        ],
    );
    assert!(turns[..15].iter().all(|t| t.is_empty()));
    let last = &turns[15];
    assert_eq!(captures(last), vec![(1, 1), (0, 15)]);
    assert_eq!(deaths(last), vec![(1, DeathCause::Enclosed)]);
    assert!(
        matches!(last[2], Event::Death { seat: 1, .. }),
        "kill after the captures"
    );
    assert_eq!(g.areas(0), vec![15]);
    assert_eq!(g.areas(1), vec![1], "the dead keep their land");
    assert_eq!(g.owner_of(3, 3), Some(1));
    assert_eq!(g.owner_of(2, 2), Some(0));
}

#[test]
fn equal_loops_in_the_same_turn_settle_by_seat() {
    let mut g = game(&[(6, 6), (1, 1), (9, 0)]);
    let events = play_all(&mut g, &["r+ d l u", "r+ d l u"]);
    assert_eq!(
        events,
        vec![
            Event::Capture {
                seat: 0,
                region: 0,
                cells: vec![(6, 6)]
            },
            Event::Capture {
                seat: 1,
                region: 1,
                cells: vec![(1, 1)]
            },
        ]
    );
}

#[test]
fn a_loop_around_someone_elses_region_takes_the_rest_and_kills_the_owner_inside() {
    let mut g = game(&[(2, 2), (4, 4), (9, 9)]);
    g.add_region(1, &rect(3, 3, 5, 5));
    let events = play_all(&mut g, &["r+ r r r d d d d l l l l u u u u"]);
    assert_eq!(captures(&events), vec![(0, 12)]);
    assert_eq!(deaths(&events), vec![(1, DeathCause::Enclosed)]);
    assert_eq!(g.owner_of(3, 3), Some(1), "owned cells stay as they were");
    assert_eq!(g.owner_of(2, 2), Some(0));
    assert_eq!(g.areas(1), vec![4]);
}

#[test]
fn unowned_interior_split_by_a_region_becomes_several_regions() {
    // Seat 1's column x = 4 cuts the 4 x 4 interior into 8 cells left and 4 right.
    let mut g = game(&[(2, 2), (10, 10), (9, 0)]);
    g.add_region(1, &rect(4, 2, 5, 6));
    let events = play_all(&mut g, &["r+ r r r d d d d l l l l u u u u"]);
    assert_eq!(captures(&events), vec![(0, 8), (0, 4)]);
    assert_eq!(g.areas(0), vec![8, 4]);
    assert_eq!(g.score(0), 10 * (64 + 16) + 4);
}

#[test]
fn a_loop_around_own_land_makes_a_separate_region() {
    let mut g = game(&[(2, 2), (10, 10)]);
    g.add_region(0, &[(3, 3)]);
    let events = play_all(&mut g, &["r+ r r d d d l l l u u u"]);
    assert_eq!(captures(&events), vec![(0, 8)]);
    assert_eq!(g.areas(0), vec![1, 8]);
}

#[test]
fn a_loop_around_nothing_unowned_still_closes_and_kills() {
    let mut g = game(&[(2, 2), (3, 3), (9, 9)]);
    g.add_region(2, &rect(2, 2, 4, 4));
    let events = play_all(&mut g, &["r+ r d d l l u u"]);
    assert!(captures(&events).is_empty());
    assert_eq!(deaths(&events), vec![(1, DeathCause::Enclosed)]);
    assert!(!g.player(0).pen_down());
}

#[test]
fn touching_the_rim_or_own_land_closes_nothing() {
    let mut g = game(&[(0, 5), (10, 10)]);
    g.add_region(0, &rect(3, 2, 5, 4));
    let events = play_all(&mut g, &["r+ r u u r u"]);
    // The trail runs (0,5) (1,5) (2,5) (2,4) (2,3), then (3,3) on the border of own land and
    // (3,2) along that border. Nothing closes.
    assert!(events.is_empty());
    assert!(g.player(0).pen_down());
    assert_eq!(g.player(0).trail().len(), 7);
    let events = play_all(&mut g, &["l l l"]);
    // Back to the rim at (0,2): still nothing.
    assert!(events.is_empty());
    assert_eq!(g.player(0).pos(), v(0, 2));
    assert!(g.player(0).pen_down());
}

#[test]
fn closing_on_the_start_vertex_and_on_a_middle_vertex() {
    // Closing on the start: the whole trail is the polygon.
    let mut g = game(&[(0, 0), (10, 10)]);
    let events = play_all(&mut g, &["d+ d r r u u l l"]);
    assert_eq!(captures(&events), vec![(0, 4)]);
    // Closing on a middle vertex: down from (5,0), then a unit square hanging off (5,3).
    let mut g = game(&[(5, 0), (10, 10)]);
    let events = play_all(&mut g, &["d+ d d r d l"]);
    // Trail (5,0) (5,1) (5,2) (5,3) (6,3) (6,4) (5,4); then u closes on (5,3).
    assert!(events.is_empty());
    let events = play_all(&mut g, &["u"]);
    assert_eq!(captures(&events), vec![(0, 1)]);
    assert_eq!(g.region_cells(0), vec![(5, 3)]);
}
