//! The submission bot over the protocol: a short scripted game fed line by line, and the real
//! binary on a transcript.
use std::io::Write;
use std::process::{Command, Stdio};

use enclosure::bot::{Planner, Session};
use enclosure::{parse_action, parse_pos, Action, DeathCause, Dir, Game, PenFlag, Vertex};

#[test]
fn answers_start_with_its_corner_and_every_status_with_a_legal_action() {
    let mut bot = Session::new(Planner::new());
    assert_eq!(bot.respond("[START] 1").unwrap(), "[POS] 8 2");
    let answer = bot
        .respond("[STATUS] 2 2 0 0 0 8 2 0 0 0 2 8 0 0 0 8 8 0 0 0 0")
        .unwrap();
    let action = parse_action(&answer).unwrap();
    // Alone in its corner of the board, it starts a loop at once.
    assert_eq!(action.flag, PenFlag::Down, "{answer}");
    assert!(bot.respond("[ACTION] s 0").is_err(), "not a referee line");
}

#[test]
fn cuts_an_open_trail_it_can_reach_first() {
    // Seat 0 is the bot, seat 1 draws a long line straight down from (6, 2).
    let mut bot = Session::new(Planner::new());
    let start = parse_pos(&bot.respond("[START] 0").unwrap()).unwrap();
    assert_eq!(start, Vertex::new(2, 2));
    let mut game = Game::new(&[Some(start), Some(Vertex::new(6, 2))]);
    let mut script = vec![Action::new(Dir::Down, PenFlag::Down)];
    script.extend([Action::new(Dir::Down, PenFlag::Keep); 7]);
    for (turn, scripted) in script.into_iter().enumerate() {
        if game.is_over() {
            break;
        }
        let ours = parse_action(&bot.respond(&game.status_line()).unwrap()).unwrap();
        game.play_turn(&[Some(Ok(ours)), Some(Ok(scripted))]);
        assert!(game.player(0).is_alive(), "turn {turn}");
    }
    assert_eq!(game.player(1).death(), Some(DeathCause::TrailCut));
    assert_eq!(bot.tracker_errors, 0);
}

#[test]
fn the_binary_plays_a_transcript_without_final_newline() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_enclosure"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"[START] 3\n[STATUS] 2 2 0 0 0 8 2 0 0 0 2 8 0 0 0 8 8 0 0 0 0")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout:?}");
    assert_eq!(lines[0], "[POS] 8 8");
    parse_action(lines[1]).unwrap();
}
