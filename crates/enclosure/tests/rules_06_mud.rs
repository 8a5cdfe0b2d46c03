//! Rulings §6: mud casts, trap placement, expiry, getting stuck, the 5..1 countdown.
mod common;
use common::*;
use enclosure::{DeathCause, Event};

#[test]
fn mud_across_a_move_lands_behind_and_beside_the_caster() {
    // The statement's sample: seat 1 at (1,6) moves left casting mud.
    let mut g = game(&[(9, 3), (1, 6)]);
    let events = play_all(&mut g, &["s", "l*"]);
    assert_eq!(
        events,
        vec![Event::MudCast {
            seat: 1,
            traps: vec![v(1, 5), v(1, 6), v(1, 7)]
        }]
    );
    assert_eq!(g.player(1).pos(), v(0, 6));
    assert_eq!(g.traps(), vec![(v(1, 5), 2), (v(1, 6), 2), (v(1, 7), 2)]);
    assert_eq!(g.player(1).mud_casts(), 1);
    assert_eq!(g.score(1), 3 - 10);
}

#[test]
fn vertical_moves_put_the_side_traps_left_and_right() {
    let mut g = game(&[(5, 5), (0, 0)]);
    play_all(&mut g, &["u*"]);
    assert_eq!(g.traps(), vec![(v(4, 5), 2), (v(5, 5), 2), (v(6, 5), 2)]);
}

#[test]
fn traps_off_the_board_are_dropped() {
    let mut g = game(&[(0, 0), (10, 10)]);
    let events = play_all(&mut g, &["r*"]);
    assert_eq!(
        events,
        vec![Event::MudCast {
            seat: 0,
            traps: vec![v(0, 0), v(0, 1)]
        }]
    );
}

#[test]
fn a_trap_catches_in_its_turn_and_the_next_and_vanishes_on_the_third() {
    // Cast on turn 1 from (5,5) moving right: traps (5,4) (5,5) (5,6).
    for (script, caught_on) in [("r", Some(1)), ("s r", Some(2)), ("s s r", None)] {
        let mut g = game(&[(5, 5), (4, 4), (0, 0)]);
        let turns = play(&mut g, &["r* s s", script]);
        let caught: Vec<usize> = (0..turns.len())
            .filter(|&t| !stuck(&turns[t]).is_empty())
            .collect();
        match caught_on {
            Some(t) => assert_eq!(caught, vec![t - 1], "{script}"),
            None => assert!(caught.is_empty(), "{script}"),
        }
        assert_eq!(g.player(1).pos(), v(5, 4));
    }
}

#[test]
fn trap_turns_read_two_then_one_then_gone() {
    let mut g = game(&[(5, 5), (0, 0)]);
    play(&mut g, &["r*"]);
    assert!(g.traps().iter().all(|&(_, left)| left == 2));
    assert!(g.status_line().ends_with(" 3 5 4 2 5 5 2 5 6 2"));
    play(&mut g, &["s"]);
    assert!(g.traps().iter().all(|&(_, left)| left == 1));
    play(&mut g, &["s"]);
    assert!(g.traps().is_empty());
    assert!(g.status_line().ends_with(" 0"));
}

#[test]
fn a_trap_catches_in_the_turn_of_the_cast() {
    // Seat 1 moves onto the caster's old vertex in the very turn of the cast.
    let mut g = game(&[(5, 5), (4, 5), (0, 0)]);
    let events = play_all(&mut g, &["r*", "r"]);
    assert_eq!(stuck(&events), vec![(1, v(5, 5))]);
    assert_eq!(g.trap_at(v(5, 5)), 0, "the trap is used up");
    assert_eq!(g.trap_at(v(5, 4)), 2);
    // A player standing still beside the caster is caught by a side trap.
    let mut g = game(&[(5, 5), (5, 4), (0, 0)]);
    let events = play_all(&mut g, &["r*", "s"]);
    assert_eq!(stuck(&events), vec![(1, v(5, 4))]);
}

#[test]
fn several_players_on_one_trap_are_all_stuck() {
    // Seat 0 casts from (5,5) moving up: traps (4,5) (5,5) (6,5). Seat 2 stays on the
    // caster's old vertex and seat 1 steps onto it: both stuck, the trap used up.
    let mut g = game(&[(5, 5), (5, 6), (5, 5)]);
    let events = play_all(&mut g, &["u*", "u", "s"]);
    assert_eq!(stuck(&events), vec![(1, v(5, 5)), (2, v(5, 5))]);
    assert_eq!(g.traps(), vec![(v(4, 5), 2), (v(6, 5), 2)]);
}

#[test]
fn the_caster_can_be_caught_by_its_own_trap() {
    let mut g = game(&[(5, 5), (0, 0)]);
    let events = play_all(&mut g, &["r* l"]);
    assert_eq!(stuck(&events), vec![(0, v(5, 5))]);
}

#[test]
fn stuck_countdown_reads_5_4_3_2_1_then_0() {
    let mut g = game(&[(5, 5), (4, 5), (0, 0)]);
    play(&mut g, &["r*", "r"]);
    let mut seen = Vec::new();
    for _ in 0..6 {
        seen.push(g.player(1).stuck_left());
        assert!(g
            .status_line()
            .contains(&format!(" 5 5 0 {} 0 ", seen.last().unwrap())));
        play(&mut g, &["s", "d"]);
    }
    assert_eq!(seen, vec![5, 4, 3, 2, 1, 0]);
    // Five ignored turns, then the sixth `d` was carried out.
    assert_eq!(g.player(1).pos(), v(5, 6));
}

#[test]
fn a_stuck_player_keeps_its_pen_and_its_open_trail() {
    let mut g = game(&[(0, 0), (4, 7), (10, 10)]);
    play(&mut g, &["s s", "r+ u"]);
    g.set_trap(v(5, 5), 2);
    let events = play_all(&mut g, &["s", "u"]);
    assert_eq!(stuck(&events), vec![(1, v(5, 5))]);
    let trail = g.player(1).trail().to_vec();
    assert_eq!(trail, vec![v(4, 7), v(5, 7), v(5, 6), v(5, 5)]);
    // Five lost turns: nothing moves, the trail stays open.
    let events = play_all(&mut g, &["s s s s s", "l l l l l"]);
    assert!(events.is_empty());
    assert!(g.player(1).pen_down());
    assert_eq!(g.player(1).trail(), &trail[..]);
    play(&mut g, &["s", "l"]);
    assert_eq!(g.player(1).pos(), v(4, 5));
    assert_eq!(g.player(1).trail().len(), 5);
}

#[test]
fn a_new_trap_replaces_an_old_one_on_the_same_vertex() {
    // Turn 1: seat 0 casts from (5,5) moving right: (5,4) (5,5) (5,6) with 2.
    // Turn 2: seat 1 casts from (5,7) moving right: (5,6) (5,7) (5,8) with 2; the old ones
    // are down to 1, and (5,6) is renewed.
    let mut g = game(&[(5, 5), (5, 7), (0, 0)]);
    play(&mut g, &["r* s", "s r*"]);
    assert_eq!(
        g.traps(),
        vec![
            (v(5, 4), 1),
            (v(5, 5), 1),
            (v(5, 6), 2),
            (v(5, 7), 2),
            (v(5, 8), 2)
        ]
    );
    play(&mut g, &["s", "s"]);
    assert_eq!(g.traps(), vec![(v(5, 6), 1), (v(5, 7), 1), (v(5, 8), 1)]);
    play(&mut g, &["s", "s"]);
    assert!(g.traps().is_empty());
}

#[test]
fn a_stuck_player_caught_again_starts_again_from_five() {
    let mut g = game(&[(4, 5), (5, 5), (0, 0)]);
    g.set_stuck(1, 5);
    // Seat 0 casts from (4,5) moving up: side traps (3,5) and (5,5), under seat 1.
    let events = play_all(&mut g, &["u*"]);
    assert_eq!(stuck(&events), vec![(1, v(5, 5))]);
    assert_eq!(g.player(1).stuck_left(), 5);
}

#[test]
fn mud_needs_the_pen_up_and_a_move() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
    let events = play_all(&mut g, &["s*", "s+ r*"]);
    assert_eq!(
        deaths(&events),
        vec![
            (0, DeathCause::MudWhileStill),
            (1, DeathCause::PenDownAction)
        ]
    );
    assert!(g.traps().is_empty());
}
