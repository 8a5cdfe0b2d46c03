//! Rulings §1: board, coordinates, cells, seats.
mod common;
use common::*;
use enclosure::{DeathCause, Game, Vertex};

#[test]
fn u_decreases_y_and_r_increases_x() {
    let mut g = game(&[(5, 5), (0, 3)]);
    play(&mut g, &["u", "r"]);
    assert_eq!(g.player(0).pos(), v(5, 4));
    // The statement's sample: `r` takes (0,3) to (1,3).
    assert_eq!(g.player(1).pos(), v(1, 3));
    play(&mut g, &["l d", "s"]);
    assert_eq!(g.player(0).pos(), v(4, 5));
}

#[test]
fn every_step_off_the_board_is_death_and_the_player_stays_put() {
    for (start, step) in [((0, 5), "l"), ((10, 5), "r"), ((5, 0), "u"), ((5, 10), "d")] {
        let mut g = game(&[start, (3, 3), (4, 4)]);
        let events = play_all(&mut g, &[step]);
        assert_eq!(
            deaths(&events),
            vec![(0, DeathCause::OffBoard)],
            "{start:?} {step}"
        );
        assert_eq!(g.player(0).pos(), v(start.0, start.1));
    }
}

#[test]
fn the_rim_itself_is_walkable() {
    let mut g = game(&[(0, 0), (10, 10)]);
    let events = play_all(&mut g, &["d d r r u u", "u u l l d d"]);
    assert!(deaths(&events).is_empty());
    assert_eq!(g.player(0).pos(), v(2, 0));
    assert_eq!(g.player(1).pos(), v(8, 10));
}

#[test]
fn area_is_counted_in_cells() {
    // A 2 x 1 loop along the top-left corner: cells (0,0) and (1,0).
    let mut g = game(&[(0, 0), (10, 10)]);
    let events = play_all(&mut g, &["r+ r d l l u"]);
    assert_eq!(captures(&events), vec![(0, 2)]);
    assert_eq!(g.region_of(0, 0), Some(0));
    assert_eq!(g.region_of(1, 0), Some(0));
    assert_eq!(g.region_of(2, 0), None);
    assert_eq!(g.areas(0), vec![2]);
    assert_eq!(g.unowned_count(), 98);
}

#[test]
fn status_lists_every_seat_and_absent_ones_as_dead() {
    let g = game(&[(1, 2), (3, 4)]);
    assert_eq!(
        g.status_line(),
        "[STATUS] 1 2 0 0 0 3 4 0 0 0 0 0 -1 0 0 0 0 -1 0 0 0"
    );
    let g = game(&[(1, 2), (3, 4), (5, 6)]);
    assert_eq!(
        g.status_line(),
        "[STATUS] 1 2 0 0 0 3 4 0 0 0 5 6 0 0 0 0 0 -1 0 0 0"
    );
    let g = game(&[(1, 2), (3, 4), (5, 6), (7, 8)]);
    assert_eq!(
        g.status_line(),
        "[STATUS] 1 2 0 0 0 3 4 0 0 0 5 6 0 0 0 7 8 0 0 0 0"
    );
}

#[test]
#[should_panic(expected = "2 to 4 seats")]
fn a_game_has_at_least_two_seats() {
    Game::new(&[Some(Vertex::new(0, 0))]);
}

#[test]
fn players_may_share_a_start_vertex() {
    let mut g = game(&[(4, 4), (4, 4), (4, 4)]);
    let events = play_all(&mut g, &["s s", "s s", "r l"]);
    assert!(deaths(&events).is_empty());
}
