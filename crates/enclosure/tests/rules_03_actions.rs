//! Rulings §3: which actions are allowed in which pen state.
mod common;
use common::*;
use enclosure::{Action, DeathCause, Dir, PenFlag};

#[test]
fn pen_up_may_move_stay_put_the_pen_down_or_cast_mud_while_moving() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
    let events = play_all(&mut g, &["r s u*", "s+", "l+"]);
    assert!(deaths(&events).is_empty());
    assert!(g.player(1).pen_down());
    assert_eq!(g.player(1).trail(), &[v(0, 0)]);
    assert_eq!(g.player(2).trail(), &[v(10, 10), v(9, 10)]);
}

#[test]
fn pen_down_with_flag_1_or_minus_1_kills() {
    for second in ["r+", "r*", "s+", "s*"] {
        let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
        let events = play_all(&mut g, &[&format!("s+ {second}")]);
        assert_eq!(
            deaths(&events),
            vec![(0, DeathCause::PenDownAction)],
            "{second}"
        );
        assert!(g.player(0).trail().is_empty(), "a dead player has no trail");
    }
}

#[test]
fn moving_backwards_with_the_pen_down_kills() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
    let events = play_all(&mut g, &["r+ l"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::Backwards)]);
    assert_eq!(g.player(0).pos(), v(6, 5));
}

#[test]
fn backwards_is_still_backwards_after_stays() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
    let events = play_all(&mut g, &["r+ d s s u"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::Backwards)]);
}

#[test]
fn after_putting_the_pen_down_in_place_any_move_is_forwards() {
    for dir in ["u", "d", "l", "r"] {
        let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
        let events = play_all(&mut g, &[&format!("s+ {dir}")]);
        assert!(deaths(&events).is_empty(), "{dir}");
        assert_eq!(g.player(0).trail().len(), 2);
    }
}

#[test]
fn mud_while_standing_still_kills() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
    let events = play_all(&mut g, &["s*"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::MudWhileStill)]);
    assert!(g.traps().is_empty(), "no trap from a dead caster");
    assert_eq!(g.player(0).mud_casts(), 0);
}

#[test]
fn unusable_output_kills_with_its_cause() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10), (3, 3)]);
    let events = g.play_turn(&[
        Some(Err(DeathCause::Timeout)),
        Some(Err(DeathCause::Crash)),
        Some(Err(DeathCause::IllegalOutput)),
        None, // a live seat without an answer counts as crashed
    ]);
    assert_eq!(
        deaths(&events),
        vec![
            (0, DeathCause::Timeout),
            (1, DeathCause::Crash),
            (2, DeathCause::IllegalOutput),
            (3, DeathCause::Crash)
        ]
    );
}

#[test]
fn a_blocked_move_is_never_turned_into_a_stay() {
    let mut g = game(&[(0, 5), (3, 3), (10, 10)]);
    let events = g.play_turn(&[
        Some(Ok(Action::new(Dir::Left, PenFlag::Down))),
        Some(Ok(Action::STAY)),
        Some(Ok(Action::STAY)),
    ]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::OffBoard)]);
    assert!(!g.player(0).is_alive());
}

#[test]
fn a_stuck_players_well_formed_answer_is_ignored_even_if_illegal() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
    g.set_stuck(0, 3);
    let events = play_all(&mut g, &["s* r+"]);
    assert!(deaths(&events).is_empty());
    assert_eq!(g.player(0).pos(), v(5, 5));
    assert!(!g.player(0).pen_down());
    assert_eq!(g.player(0).stuck_left(), 1);
}

#[test]
fn a_stuck_player_still_dies_of_an_unusable_answer() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
    g.set_stuck(0, 3);
    let events = play_all(&mut g, &["x"]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::IllegalOutput)]);
}

#[test]
fn dead_players_get_no_turns() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
    play_all(&mut g, &["x"]);
    // Whatever a dead seat "answers" is ignored.
    let events = g.play_turn(&[Some(Ok(Action::new(Dir::Up, PenFlag::Keep))), None, None]);
    assert_eq!(
        deaths(&events),
        vec![(1, DeathCause::Crash), (2, DeathCause::Crash)]
    );
    assert_eq!(g.player(0).pos(), v(5, 5));
    assert_eq!(g.player(0).death(), Some(DeathCause::IllegalOutput));
}
