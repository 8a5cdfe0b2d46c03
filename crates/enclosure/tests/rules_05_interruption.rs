//! Rulings §5: interruption of open trails, collisions, closing beats interruption.
mod common;
use common::*;
use enclosure::DeathCause;

#[test]
fn a_pen_up_player_on_an_open_trail_kills_its_owner_only() {
    let mut g = game(&[(2, 2), (3, 3), (9, 9)]);
    let turns = play(&mut g, &["r+ r r", "s s u"]);
    assert_eq!(deaths(&turns[2]), vec![(0, DeathCause::TrailCut)]);
    assert!(g.player(1).is_alive());
    assert!(g.player(0).trail().is_empty());
}

#[test]
fn the_start_vertex_is_part_of_the_trail() {
    let mut g = game(&[(2, 2), (2, 3), (9, 9)]);
    let events = play_all(&mut g, &["r+ r", "s u"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::TrailCut)]);
}

#[test]
fn putting_the_pen_down_where_someone_stands_is_fatal() {
    let mut g = game(&[(4, 4), (4, 4), (9, 9)]);
    let events = play_all(&mut g, &["s+"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::Collision)]);
    assert!(g.player(1).is_alive());
}

#[test]
fn two_pen_down_players_on_one_vertex_both_die() {
    let mut g = game(&[(2, 2), (6, 2), (9, 9)]);
    let events = play_all(&mut g, &["r+ r", "l+ l"]);
    assert_eq!(
        deaths(&events),
        vec![(0, DeathCause::Collision), (1, DeathCause::Collision)]
    );
    assert!(g.player(2).is_alive());
}

#[test]
fn pen_up_and_pen_down_on_one_vertex_kills_only_the_pen_down_one() {
    let mut g = game(&[(2, 2), (6, 2), (9, 9)]);
    let events = play_all(&mut g, &["r+ r", "l l"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::Collision)]);
}

#[test]
fn pen_up_players_share_vertices_freely() {
    let mut g = game(&[(2, 2), (4, 2), (3, 3)]);
    let events = play_all(&mut g, &["r s", "l s", "u s"]);
    assert!(deaths(&events).is_empty());
}

#[test]
fn crossing_pen_down_players_cut_each_other() {
    // Seats 0 and 1 swap vertices along one edge, both drawing.
    let mut g = game(&[(2, 2), (3, 2), (9, 9)]);
    let events = play_all(&mut g, &["s+ r", "s+ l"]);
    assert_eq!(
        deaths(&events),
        vec![(0, DeathCause::TrailCut), (1, DeathCause::TrailCut)]
    );
}

#[test]
fn mutual_interruption_of_four_players() {
    // Four drawing players on a unit square each step onto the next one's start vertex.
    let mut g = game(&[(1, 1), (2, 1), (2, 2), (1, 2)]);
    let turns = play(&mut g, &["s+ r", "s+ d", "s+ l", "s+ u"]);
    assert!(turns[0].is_empty());
    assert_eq!(
        deaths(&turns[1]),
        (0..4)
            .map(|s| (s, DeathCause::TrailCut))
            .collect::<Vec<_>>()
    );
    assert_eq!(g.alive_count(), 0);
}

#[test]
fn closing_beats_interruption_by_players_on_the_old_trail_or_the_closing_vertex() {
    // Seat 0 closes a unit square at (3,3) on turn 4. On that turn seat 1 steps onto the old
    // trail at (4,3) and seat 2 onto the closing vertex (3,3): everybody survives.
    let mut g = game(&[(3, 3), (5, 3), (3, 2)]);
    let turns = play(&mut g, &["r+ d l u", "s s s l", "s s s d"]);
    assert_eq!(captures(&turns[3]), vec![(0, 1)]);
    assert!(deaths(&turns[3]).is_empty());
    assert_eq!(g.alive_count(), 3);
}

#[test]
fn a_drawing_player_reaching_the_closing_vertex_is_unharmed_that_turn_only() {
    let mut g = game(&[(3, 3), (1, 3), (9, 9)]);
    let turns = play(&mut g, &["r+ d l u s", "s s r+ r s"]);
    // Turn 4: seat 0 closes on (3,3) while seat 1 (drawing) arrives there: both fine.
    assert_eq!(captures(&turns[3]), vec![(0, 1)]);
    assert!(deaths(&turns[3]).is_empty());
    // Turn 5: seat 0 (pen up now) still stands on seat 1's current vertex.
    assert_eq!(deaths(&turns[4]), vec![(1, DeathCause::Collision)]);
}

#[test]
fn a_player_dead_before_the_moves_interrupts_nobody() {
    // Seat 2 walks onto the vertex where seat 1 stands; seat 1 answers garbage that turn.
    let mut g = game(&[(0, 0), (5, 5), (5, 7)]);
    let events = play_all(&mut g, &["s s", "s x", "u+ u"]);
    assert_eq!(deaths(&events), vec![(1, DeathCause::IllegalOutput)]);
    assert!(g.player(2).is_alive());
    // The same with seat 1 staying alive: seat 2 dies.
    let mut g = game(&[(0, 0), (5, 5), (5, 7)]);
    let events = play_all(&mut g, &["s s", "s s", "u+ u"]);
    assert_eq!(deaths(&events), vec![(2, DeathCause::Collision)]);
}
