//! The referee speaks the statement's protocol exactly: what each process bot
//! receives, in which order, and that a dead seat receives nothing more.

mod common;

use std::time::Duration;

use common::*;

fn log_lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(String::from)
        .collect()
}

/// Seat 0 walks off the board in turn 3, seat 1 stays, seat 2 is in process.
#[test]
fn each_seat_gets_start_then_every_status_until_it_dies() {
    let dir = scratch("protocol");
    let (log0, log1) = (dir.join("log0"), dir.join("log1"));
    let bots = [
        bot_command(
            "scripted",
            &format!("'{}' 0 3 'r 0' 'l 0' 'l 0'", log0.display()),
            &dir.join("p0"),
        ),
        bot_command(
            "scripted",
            &format!("'{}' 5 5", log1.display()),
            &dir.join("p1"),
        ),
        "builtin:random".to_string(),
    ];
    // A generous limit: the well-behaved shell bots must not time out on a busy machine.
    let played = play(&bots, 3, Duration::from_secs(5));
    assert_replay_complete(&played);
    let statuses: Vec<String> = played.replay[1..played.replay.len() - 1]
        .iter()
        .map(|turn| turn["status"].as_str().unwrap().to_string())
        .collect();

    // Seat 0: [START] 0, then the statuses of turns 1..=3; it died in turn 3 (x = -1).
    assert_eq!(death(&played, 0), Some("off_board"));
    assert_eq!(death_turn(&played, 0), Some(3));
    let mut expected0 = vec!["[START] 0".to_string()];
    expected0.extend(statuses[..3].iter().cloned());
    assert_eq!(log_lines(&log0), expected0);

    // Seat 1 stays alive (random never kills by moving): every status, in order.
    assert!(played.result.seats[1].alive);
    let mut expected1 = vec!["[START] 1".to_string()];
    expected1.extend(statuses.iter().cloned());
    assert_eq!(log_lines(&log1), expected1);

    // The first status shows the [POS] answers: (0,3) and (5,5), pens up.
    assert!(
        statuses[0].starts_with("[STATUS] 0 3 0 0 0 5 5 0 0 0 "),
        "{}",
        statuses[0]
    );
    // After `r 0` seat 0 is at (1,3).
    assert!(
        statuses[1].starts_with("[STATUS] 1 3 0 0 0 5 5 0 0 0 "),
        "{}",
        statuses[1]
    );
    assert_all_gone(&dir.join("p0"));
    assert_all_gone(&dir.join("p1"));
}

#[test]
fn answers_are_timed() {
    let played = play(
        &["builtin:random".into(), "builtin:idle".into()],
        1,
        Duration::from_secs(1),
    );
    for (seat, timing) in played.result.timing.iter().enumerate() {
        // [POS] plus one answer per turn played while alive (both survive).
        assert!(played.result.seats[seat].alive);
        assert_eq!(timing.answers.len(), played.result.turns as usize + 1);
        assert_eq!(timing.timeouts, 0);
    }
}
