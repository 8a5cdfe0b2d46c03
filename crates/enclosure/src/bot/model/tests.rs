//! What the model records of an opponent, and what it predicts from that, in small set-ups.

use super::*;
use crate::action::{Action, PenFlag};
use crate::geometry::Dir;

fn record(chances: u32, chances_taken: u32, trail_hits: u32) -> Record {
    Record {
        chances,
        chances_taken,
        trail_hits,
        ..Record::default()
    }
}

#[test]
fn the_chase_estimate_and_its_evidence() {
    // Nothing seen: the prior, and not known.
    assert_eq!(record(0, 0, 0).chase_percent(), 50);
    assert!(!record(MIN_CHANCES - 1, 0, 0).chase_known());
    // Chances taken and refused move it from the prior.
    assert_eq!(record(8, 0, 0).chase_percent(), 10);
    assert_eq!(record(8, 8, 0).chase_percent(), 90);
    assert!(record(8, 0, 0).chase_known());
    // One step onto a trail: at least `HIT_CHASE`, and known at once.
    assert_eq!(record(20, 0, 1).chase_percent(), HIT_CHASE);
    assert_eq!(record(8, 8, 1).chase_percent(), 90);
    assert!(record(0, 0, 1).chase_known());
}

#[test]
fn next_to_trails_little_evidence_keeps_the_rules_floor() {
    let mut r = Record::default();
    assert_eq!(r.grab_reach(WATCHED), WATCHED as u32);
    r.passes = [0, 0, MIN_CHANCES - 1];
    assert_eq!(r.grab_reach(WATCHED), 3, "too few passes three steps away");
    r.passes = [0, 0, MIN_CHANCES];
    assert_eq!(
        r.grab_reach(WATCHED),
        2,
        "passing three away says nothing of two"
    );
    r.passes = [MIN_CHANCES, 0, 0];
    assert_eq!(
        r.grab_reach(WATCHED),
        0,
        "passing right next to trails refutes every reach"
    );
    r.grabbed_from = 2;
    assert_eq!(r.grab_reach(WATCHED), 2);
    // Assuming less: unproven distances count only up to `assumed`; one shown, in full.
    r = Record::default();
    assert_eq!(r.grab_reach(2), 2);
    r.grabbed_from = 3;
    assert_eq!(r.grab_reach(2), 3);
}

/// Seat 0 draws right from (2,2) while seat 1, with `records` from its first turn on,
/// makes `moves` from `start`.
fn beside_a_trail(start: Vertex, moves: &[Dir], records: Vec<Record>) -> Record {
    let mut game = Game::new(&[Some(Vertex::new(2, 2)), Some(start)]);
    let mut model = Model::default();
    model.observe(0, &game, &Board::new(&game));
    model.records = records;
    let mut flag = PenFlag::Down;
    for &dir in moves {
        let ours = Action::new(Dir::Right, flag);
        game.play_turn(&[Some(Ok(ours)), Some(Ok(Action::new(dir, PenFlag::Keep)))]);
        model.observe(0, &game, &Board::new(&game));
        flag = PenFlag::Keep;
    }
    model.record(1)
}

#[test]
fn an_opportunist_next_to_a_trail_is_seen_stepping_on() {
    // Seat 1 passes by two rows below our trail, then steps nearer and onto it.
    let fresh = vec![Record::default(); 2];
    let moves = [Dir::Up, Dir::Right, Dir::Up, Dir::Up];
    let r = beside_a_trail(Vertex::new(3, 5), &moves, fresh);
    assert_eq!(r.passes, [0, 1, 0], "{r:?}");
    assert_eq!(
        r.grabbed_from, 2,
        "a run of steps nearer from two away: {r:?}"
    );
    assert!(!r.broken, "the rules' floor allowed it: {r:?}");
    assert!(r.grab_reach(WATCHED) >= 2);
}

#[test]
fn a_broken_prediction_means_the_worst_for_the_rest_of_the_game() {
    // Trusted to pass by at every distance, it steps on: the worst from now on.
    let trusted = Record {
        passes: [MIN_CHANCES; WATCHED],
        chances: 20,
        ..Record::default()
    };
    assert_eq!(trusted.chase_percent(), 4);
    let moves = [Dir::Up, Dir::Up];
    let r = beside_a_trail(Vertex::new(3, 4), &moves, vec![trusted.clone(); 2]);
    assert!(r.broken, "{r:?}");
    assert_eq!((r.chase_percent(), r.chase_known()), (100, true));
}

#[test]
fn a_step_towards_a_trail_it_could_cut_is_a_chance_taken() {
    let v = Vertex::new;
    let mut game = Game::new(&[Some(v(2, 2)), Some(v(6, 2))]);
    let mut model = Model::default();
    model.observe(0, &game, &Board::new(&game));
    let down = Some(Ok(Action::new(Dir::Right, PenFlag::Down)));
    let stay = Some(Ok(Action::STAY));
    game.play_turn(&[down, stay]);
    model.observe(0, &game, &Board::new(&game));
    game.play_turn(&[
        Some(Ok(Action::new(Dir::Down, PenFlag::Keep))),
        Some(Ok(Action::new(Dir::Left, PenFlag::Keep))),
    ]);
    model.observe(0, &game, &Board::new(&game));
    let r = model.record(1);
    assert_eq!((r.chances, r.chances_taken), (1, 1), "{r:?}");
}

#[test]
fn a_closed_loop_is_counted_with_its_trail() {
    let v = Vertex::new;
    let mut game = Game::new(&[Some(v(0, 0)), Some(v(6, 2))]);
    let mut model = Model::default();
    model.observe(0, &game, &Board::new(&game));
    for (dir, flag) in [
        (Dir::Right, PenFlag::Down),
        (Dir::Down, PenFlag::Keep),
        (Dir::Left, PenFlag::Keep),
        (Dir::Up, PenFlag::Keep),
    ] {
        game.play_turn(&[Some(Ok(Action::STAY)), Some(Ok(Action::new(dir, flag)))]);
        model.observe(0, &game, &Board::new(&game));
    }
    let r = model.record(1);
    assert_eq!((r.loops, r.loop_moves), (1, 4), "{r:?}");
}

/// Seat 1's record after it draws `moves` from (4,4), pen down on the first, while seat 0
/// stands still in a corner.
fn drawing(moves: &[Dir]) -> Record {
    let mut game = Game::new(&[Some(Vertex::new(0, 0)), Some(Vertex::new(4, 4))]);
    let mut model = Model::default();
    model.observe(0, &game, &Board::new(&game));
    let mut flag = PenFlag::Down;
    for &dir in moves {
        game.play_turn(&[Some(Ok(Action::STAY)), Some(Ok(Action::new(dir, flag)))]);
        model.observe(0, &game, &Board::new(&game));
        flag = PenFlag::Keep;
    }
    model.record(1)
}

#[test]
fn a_drawer_keeps_to_its_zone_or_is_seen_leaving_it() {
    use Dir::{Down, Left, Right, Up};
    // A square, two by two: every move within what the trail implied, and the loop's
    // zone forgotten once it closed.
    let square = drawing(&[Right, Right, Down, Down, Left, Left, Up, Up]);
    assert_eq!(
        (square.left_zone, square.loop_zone),
        (false, None),
        "{square:?}"
    );
    // Right two, then down: the first step right implied a loop about two wide, so three
    // steps down stay within one vertex of it, and the fourth leaves it.
    let on = drawing(&[Right, Right, Down, Down, Down]);
    assert!(!on.left_zone && on.loop_zone.is_some(), "{on:?}");
    let long = drawing(&[Right, Right, Down, Down, Down, Down]);
    assert!(long.left_zone, "{long:?}");
}
