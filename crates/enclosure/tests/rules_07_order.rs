//! Rulings §7: the order in which a turn is settled, and the order of the reported events.
mod common;
use common::*;
use enclosure::{DeathCause, Event};

#[test]
fn deaths_before_the_moves_leave_the_player_where_it_stood() {
    // Seat 0 draws (2,4) -> (3,4); then (3,4) -> (4,4) runs inside seat 2's block: it dies
    // at step 1 and stays on (3,4).
    let mut g = game(&[(2, 4), (3, 2), (9, 9)]);
    g.add_region(2, &rect(3, 3, 5, 5));
    let events = play_all(&mut g, &["r+ r"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::Trespass)]);
    assert_eq!(g.player(0).pos(), v(3, 4));
}

#[test]
fn a_trap_cast_this_turn_catches_this_turn_and_a_stuck_player_still_closes() {
    // Seat 0 closes a unit square on (2,3) on turn 4; that turn seat 1 casts from (1,3)
    // moving up, which puts a side trap on (2,3). Step 4 (stuck) comes before step 5
    // (closing): seat 0 is stuck and still captures.
    let mut g = game(&[(2, 3), (1, 3), (9, 9)]);
    let turns = play(&mut g, &["r+ d l u", "s s s u*"]);
    assert_eq!(
        turns[3],
        vec![
            Event::MudCast {
                seat: 1,
                traps: vec![v(0, 3), v(1, 3), v(2, 3)]
            },
            Event::Stuck {
                seat: 0,
                at: v(2, 3)
            },
            Event::Capture {
                seat: 0,
                region: 0,
                cells: vec![(2, 3)]
            },
        ]
    );
    assert_eq!(g.player(0).stuck_left(), 5);
}

#[test]
fn events_come_in_settlement_order() {
    // Turn 1: seat 2 answers garbage (step 0), seat 3 walks off the board (step 1), seat 1
    // casts mud (step 3) and seat 0 stands on the new trap (step 4).
    let mut g = game(&[(5, 4), (5, 5), (7, 7), (0, 0)]);
    let events = play_all(&mut g, &["s", "d*", "x", "l"]);
    assert_eq!(
        events,
        vec![
            Event::Death {
                seat: 2,
                cause: DeathCause::IllegalOutput
            },
            Event::Death {
                seat: 3,
                cause: DeathCause::OffBoard
            },
            Event::MudCast {
                seat: 1,
                traps: vec![v(4, 5), v(5, 5), v(6, 5)]
            },
        ]
    );
    // Seat 0 on (5,4) is on no trap. Next turn the caster steps back onto its own trap.
    let events = play_all(&mut g, &["s", "u"]);
    assert_eq!(stuck(&events), vec![(1, v(5, 5))]);
}

#[test]
fn an_illegal_answer_dies_even_on_the_turn_it_would_have_closed() {
    let mut g = game(&[(3, 3), (9, 9)]);
    let events = play_all(&mut g, &["r+ d l x"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::IllegalOutput)]);
    assert!(captures(&events).is_empty());
}

#[test]
fn stepping_onto_a_vertex_just_left_cuts_a_trail_but_harms_no_pen_up_player() {
    let mut g = game(&[(3, 3), (2, 3), (9, 9)]);
    let events = play_all(&mut g, &["r+ r", "r r"]);
    // Turn 1: seat 0 draws (3,3) -> (4,3); seat 1 moves onto (3,3): the trail's start. Cut.
    assert_eq!(deaths(&events), vec![(0, DeathCause::TrailCut)]);
    // Pen up, following is harmless: moves are simultaneous.
    let mut g = game(&[(3, 3), (2, 3), (9, 9)]);
    let events = play_all(&mut g, &["r r", "r r"]);
    assert!(deaths(&events).is_empty());
}
