//! Rulings §8: start, end conditions, the survivor bonus.
mod common;
use common::*;
use enclosure::{DeathCause, Game, Vertex, MAX_TURNS};

#[test]
fn a_bad_start_is_death_before_turn_one() {
    let g = Game::new(&[None, Some(Vertex::new(11, 0)), Some(Vertex::new(3, 3))]);
    assert_eq!(g.player(0).death(), Some(DeathCause::BadStart));
    assert_eq!(g.player(1).death(), Some(DeathCause::BadStart));
    assert_eq!(
        g.status_line(),
        "[STATUS] 0 0 -1 0 0 0 0 -1 0 0 3 3 0 0 0 0 0 -1 0 0 0",
        "seat 3 is absent: shown as dead from the start too"
    );
    assert!(g.is_over(), "one player left");
}

#[test]
fn the_game_ends_when_at_most_one_player_is_alive() {
    let mut g = game(&[(0, 0), (5, 5), (9, 9)]);
    play(&mut g, &["s", "x"]);
    assert!(!g.is_over());
    play(&mut g, &["s", ".", "x"]);
    assert!(g.is_over());
    let mut g = game(&[(2, 2), (6, 2)]);
    play(&mut g, &["r+ r", "l+ l"]);
    assert_eq!(g.alive_count(), 0);
    assert!(g.is_over());
    assert!(g.finish().is_empty(), "nobody alive: nobody gains");
    assert_eq!(g.unowned_count(), 100);
}

#[test]
fn the_game_ends_after_one_hundred_turns() {
    let mut g = game(&[(0, 0), (10, 10)]);
    for _ in 0..MAX_TURNS - 1 {
        play(&mut g, &["s", "s"]);
    }
    assert_eq!(g.turn(), 99);
    assert!(!g.is_over());
    play(&mut g, &["s", "s"]);
    assert!(g.is_over());
    assert!(g.finish().is_empty(), "two alive: no bonus");
}

#[test]
fn the_game_ends_when_no_cell_is_unowned() {
    let mut g = game(&[(0, 0), (10, 10)]);
    g.add_region(0, &rect(0, 0, 10, 5));
    assert!(!g.is_over());
    g.add_region(1, &rect(0, 5, 10, 10));
    assert!(g.is_over());
}

#[test]
fn the_survivor_takes_every_unowned_cell_and_drops_its_trail() {
    let mut g = game(&[(0, 0), (5, 5)]);
    play(&mut g, &["r+ d l u", "s s s x"]);
    assert_eq!(g.areas(0), vec![1]);
    play(&mut g, &["d+"]);
    assert!(g.is_over());
    let events = g.finish();
    assert_eq!(captures(&events), vec![(0, 99)]);
    assert_eq!(g.areas(0), vec![1, 99]);
    assert!(!g.player(0).pen_down() && g.player(0).trail().is_empty());
    assert_eq!(g.score(0), 10 * (1 + 99 * 99) + 4);
    assert!(g.finish().is_empty(), "finish is idempotent");
    assert_eq!(g.areas(0), vec![1, 99]);
}

#[test]
fn the_survivors_bonus_splits_into_connected_groups() {
    // Dead seat 1 keeps a wall x = 5; the survivor gets 50 cells left and 40 right.
    let mut g = game(&[(0, 0), (9, 9)]);
    g.add_region(1, &rect(5, 0, 6, 10));
    play(&mut g, &["s", "x"]);
    let events = g.finish();
    assert_eq!(captures(&events), vec![(0, 50), (0, 40)]);
    assert_eq!(g.areas(1), vec![10], "the dead keep their land");
    assert_eq!(g.score(1), 10 * 100 + 3);
    assert_eq!(g.ranks(), vec![1, 2]);
}
