//! Rulings §10: the protocol lines, the statement's sample transcript, rebuilding the game
//! from `[STATUS]` lines, and the placeholder bot's answers.
mod common;
use common::*;
use enclosure::bot::{Session, Strategy};
use enclosure::{
    parse_action, parse_pos, Action, DeathCause, Game, PenFlag, Stat, Tracker, Vertex, CELLS,
};

/// The placeholder bot: starts in a corner and never moves. A rim vertex is never strictly
/// inside a loop and a pen-up player is never cut, so it cannot die by the rules.
struct Idle;

impl Strategy for Idle {
    fn start(&mut self, seat: usize) -> Vertex {
        let far = CELLS as i32;
        // One corner per seat, away from the others.
        match seat % 4 {
            0 => Vertex::new(0, 0),
            1 => Vertex::new(far, 0),
            2 => Vertex::new(0, far),
            _ => Vertex::new(far, far),
        }
    }

    fn act(&mut self, _seat: usize, _game: &Game) -> Action {
        Action::STAY
    }
}

/// The statement's sample (four seats), with the scanned `1` of its actions read as `l`.
const SAMPLE_STATUSES: [&str; 3] = [
    "[STATUS] 9 3 0 0 0 1 6 0 0 0 0 3 0 0 0 4 5 0 0 0 0",
    "[STATUS] 8 3 0 0 0 1 6 0 0 0 1 3 0 0 0 4 5 1 0 0 0",
    "[STATUS] 7 3 0 0 0 0 6 0 0 -10 2 3 0 0 0 4 5 1 0 0 3 1 5 2 1 6 2 1 7 2",
];
const SAMPLE_ACTIONS: [[&str; 4]; 3] = [
    [
        "[ACTION] l 0",
        "[ACTION] s 0",
        "[ACTION] r 0",
        "[ACTION] s 1",
    ],
    [
        "[ACTION] l 0",
        "[ACTION] l -1",
        "[ACTION] r 0",
        "[ACTION] s 0",
    ],
    [
        "[ACTION] l 0",
        "[ACTION] r 1",
        "[ACTION] l 1",
        "[ACTION] r 0",
    ],
];

fn sample_game() -> Game {
    let starts = ["[POS] 9 3", "[POS] 1 6", "[POS] 0 3", "[POS] 4 5"];
    let starts: Vec<Option<Vertex>> = starts.iter().map(|l| parse_pos(l).ok()).collect();
    Game::new(&starts)
}

#[test]
fn the_statements_sample_transcript_replays_exactly() {
    let mut g = sample_game();
    for (turn, actions) in SAMPLE_ACTIONS.iter().enumerate() {
        assert_eq!(
            g.status_line(),
            SAMPLE_STATUSES[turn],
            "before turn {}",
            turn + 1
        );
        let answers: Vec<_> = actions
            .iter()
            .map(|l| Some(Ok(parse_action(l).unwrap())))
            .collect();
        g.play_turn(&answers);
    }
    // The sample stops here ("..."); our continuation: seat 1 puts its pen down at (0,6) and
    // steps onto the trap at (1,6) (stuck 5, that trap used up), seat 2 starts drawing at
    // (2,3), seat 3 goes on drawing to (5,5).
    assert_eq!(
        g.status_line(),
        "[STATUS] 6 3 0 0 0 1 6 1 5 -10 1 3 1 0 0 5 5 1 0 0 2 1 5 1 1 7 1"
    );
    assert_eq!(g.player(1).trail(), &[v(0, 6), v(1, 6)]);
}

#[test]
fn the_scanned_digit_for_a_direction_is_an_illegal_output() {
    // Read literally, the sample's `[ACTION] 1 0` would kill seat 0 on turn 1 (rulings §3).
    assert!(parse_action("[ACTION] 1 0").is_err());
    let mut g = sample_game();
    let events = g.play_turn(&[
        Some(Err(DeathCause::IllegalOutput)),
        Some(Ok(parse_action("[ACTION] s 0").unwrap())),
        Some(Ok(parse_action("[ACTION] r 0").unwrap())),
        Some(Ok(parse_action("[ACTION] s 1").unwrap())),
    ]);
    assert_eq!(deaths(&events), vec![(0, DeathCause::IllegalOutput)]);
    assert!(g.status_line().starts_with("[STATUS] 9 3 -1 0 0 "));
}

#[test]
fn a_tracker_follows_the_sample_from_the_status_lines_alone() {
    let mut referee = sample_game();
    let mut tracker = Tracker::new();
    for actions in SAMPLE_ACTIONS.iter() {
        let rebuilt = tracker.observe_line(&referee.status_line()).unwrap();
        assert_eq!(*rebuilt, referee);
        let answers: Vec<_> = actions
            .iter()
            .map(|l| Some(Ok(parse_action(l).unwrap())))
            .collect();
        referee.play_turn(&answers);
    }
    assert_eq!(
        *tracker.observe_line(&referee.status_line()).unwrap(),
        referee
    );
    assert_eq!(referee.player(1).stuck_left(), 5);
}

#[test]
fn a_tracker_rebuilds_captures_and_kills_from_statuses() {
    // The tail loop of §4 with a victim inside; the status only shows the pen going up.
    let mut g = game(&[(1, 1), (3, 2), (1, 2)]);
    let mut tracker = Tracker::new();
    tracker.observe_line(&g.status_line()).unwrap();
    for token in "r+ r r d d l l u u".split(' ') {
        g.play_turn(&[answer(token), answer("s"), answer("s")]);
        let rebuilt = tracker.observe_line(&g.status_line()).unwrap();
        assert_eq!(
            *rebuilt,
            g.padded(),
            "the absent seat 3 is dead from the start"
        );
    }
    assert_eq!(tracker.game().unwrap().areas(0), vec![4]);
    assert_eq!(tracker.last_events().len(), 2);
}

#[test]
fn deaths_the_bot_cannot_see_the_cause_of_are_recorded_as_illegal_output() {
    let mut g = game(&[(5, 5), (0, 0), (10, 10)]);
    let mut tracker = Tracker::new();
    tracker.observe_line(&g.status_line()).unwrap();
    play(&mut g, &["s", "l", "x"]);
    let rebuilt = tracker.observe_line(&g.status_line()).unwrap();
    assert_eq!(rebuilt.player(1).death(), Some(DeathCause::IllegalOutput));
    assert_eq!(g.player(1).death(), Some(DeathCause::OffBoard));
    assert_eq!(rebuilt.player(2).death(), Some(DeathCause::IllegalOutput));
    assert_eq!(rebuilt.player(0), g.player(0));
}

#[test]
fn a_tracker_rejects_impossible_statuses() {
    let mut tracker = Tracker::new();
    tracker
        .observe_line("[STATUS] 0 0 0 0 0 5 5 0 0 0 0")
        .unwrap();
    // A jump of two vertices.
    assert!(tracker
        .observe_line("[STATUS] 2 0 0 0 0 5 5 0 0 0 0")
        .is_err());
    // A seat absent so far (2-seat line: seats 2 and 3 dead) showing up alive.
    assert!(tracker
        .observe_line("[STATUS] 0 0 0 0 0 5 5 0 0 0 5 5 0 0 0 0")
        .is_err());
    // The tracker keeps its last good state.
    assert_eq!(tracker.game().unwrap().turn(), 0);
    assert!(tracker
        .observe_line("[STATUS] 0 1 0 0 0 5 5 1 0 0 0")
        .is_ok());
    assert!(tracker.game().unwrap().player(1).pen_down());
}

#[test]
fn status_reports_pen_states_stuck_turns_mud_and_traps_in_x_then_y_order() {
    let mut g = game(&[(5, 5), (4, 5), (0, 0), (9, 9)]);
    play(&mut g, &["r*", "r", "d+", "x"]);
    let status = g.status();
    assert_eq!(status.seats[0].score_decline, -10);
    assert_eq!(status.seats[1].trapped_left, 5);
    assert_eq!(status.seats[2].stat, Stat::Down);
    assert_eq!(status.seats[3].stat, Stat::Dead);
    assert_eq!(
        g.status_line(),
        "[STATUS] 6 5 0 0 -10 5 5 0 5 0 0 1 1 0 0 9 9 -1 0 0 2 5 4 2 5 6 2"
    );
}

#[test]
fn the_idle_bot_answers_each_line_legally() {
    let mut session = Session::new(Idle);
    assert_eq!(session.respond("[START] 2").unwrap(), "[POS] 0 10");
    let action = session
        .respond("[STATUS] 0 0 0 0 0 10 0 0 0 0 0 10 0 0 0 10 10 0 0 0 0")
        .unwrap();
    let action = parse_action(&action).unwrap();
    assert_eq!(action.flag, PenFlag::Keep);
    assert!(session.respond("[ACTION] s 0").is_err());
    assert_eq!(session.tracker_errors, 0);
}

#[test]
fn the_bot_plays_two_and_three_seat_games_from_four_seat_statuses() {
    use enclosure::bot::Planner;
    for seats in 2..=3 {
        let mut bots: Vec<Session<Planner>> =
            (0..seats).map(|_| Session::new(Planner::new())).collect();
        let starts: Vec<Option<Vertex>> = bots
            .iter_mut()
            .enumerate()
            .map(|(seat, bot)| parse_pos(&bot.respond(&format!("[START] {seat}")).unwrap()).ok())
            .collect();
        let mut g = Game::new(&starts);
        while !g.is_over() {
            let line = g.status_line();
            assert_eq!(line.split(' ').count(), 1 + 20 + 1 + 3 * g.traps().len());
            let answers: Vec<_> = (0..seats)
                .map(|seat| {
                    g.player(seat).is_alive().then(|| {
                        let answer = bots[seat].respond(&line).unwrap();
                        assert_eq!(bots[seat].tracker_errors, 0, "{seats} seats");
                        assert_eq!(*bots[seat].tracker().game().unwrap(), g.padded());
                        Ok(parse_action(&answer).unwrap())
                    })
                })
                .collect();
            g.play_turn(&answers);
        }
        for seat in 0..seats {
            if let Some(cause) = g.player(seat).death() {
                assert!(
                    !cause.is_before_moves(),
                    "{seats} seats: seat {seat} {cause}"
                );
            }
        }
        assert!(g.regions().len() > 1, "{seats} seats: the bots played");
    }
}
