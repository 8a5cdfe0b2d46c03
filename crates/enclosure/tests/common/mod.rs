//! Test-only helpers to script games: `play(&mut game, &["r r d+ d", "s s s s"])` plays one
//! column per turn. Each token is a direction letter `u d l r s` followed by an optional flag:
//! none = `0`, `+` = `1` (pen down), `*` = `-1` (mud); `x` answers an unreadable line
//! (`Err(IllegalOutput)`); `.` is a dead seat's (absent) answer. Missing tokens mean `s`.
#![allow(dead_code)]

use enclosure::{Action, Answer, DeathCause, Dir, Event, Game, PenFlag, Vertex};

pub fn v(x: i32, y: i32) -> Vertex {
    Vertex::new(x, y)
}

/// A game with every seat alive at `starts`.
pub fn game(starts: &[(i32, i32)]) -> Game {
    let starts: Vec<Option<Vertex>> = starts.iter().map(|&(x, y)| Some(v(x, y))).collect();
    Game::new(&starts)
}

pub fn answer(token: &str) -> Answer {
    match token {
        "." => return None,
        "x" => return Some(Err(DeathCause::IllegalOutput)),
        _ => {}
    }
    let mut chars = token.chars();
    let dir = Dir::from_char(chars.next().expect("empty token")).expect("direction letter");
    let flag = match chars.as_str() {
        "" => PenFlag::Keep,
        "+" => PenFlag::Down,
        "*" => PenFlag::Mud,
        other => panic!("bad flag {other:?} in {token:?}"),
    };
    Some(Ok(Action::new(dir, flag)))
}

/// Plays the scripts (one per seat) turn by turn; returns each turn's events.
/// Dead seats get `None` whatever their script says.
pub fn play(game: &mut Game, scripts: &[&str]) -> Vec<Vec<Event>> {
    let columns: Vec<Vec<&str>> = scripts
        .iter()
        .map(|s| s.split_whitespace().collect())
        .collect();
    let turns = columns.iter().map(Vec::len).max().unwrap_or(0);
    (0..turns)
        .map(|t| {
            let answers: Vec<Answer> = (0..game.seats())
                .map(|seat| {
                    if !game.player(seat).is_alive() {
                        return None;
                    }
                    let token = columns.get(seat).and_then(|c| c.get(t)).unwrap_or(&"s");
                    answer(token)
                })
                .collect();
            game.play_turn(&answers)
        })
        .collect()
}

/// Plays and returns all events flattened.
pub fn play_all(game: &mut Game, scripts: &[&str]) -> Vec<Event> {
    play(game, scripts).into_iter().flatten().collect()
}

pub fn deaths(events: &[Event]) -> Vec<(usize, DeathCause)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Death { seat, cause } => Some((*seat, *cause)),
            _ => None,
        })
        .collect()
}

/// `(seat, area)` of each capture, in order.
pub fn captures(events: &[Event]) -> Vec<(usize, usize)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Capture { seat, cells, .. } => Some((*seat, cells.len())),
            _ => None,
        })
        .collect()
}

pub fn stuck(events: &[Event]) -> Vec<(usize, Vertex)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Stuck { seat, at } => Some((*seat, *at)),
            _ => None,
        })
        .collect()
}

/// Cells of a rectangle `x0..x1` x `y0..y1` (exclusive ends).
pub fn rect(x0: i32, y0: i32, x1: i32, y1: i32) -> Vec<(i32, i32)> {
    let mut cells = Vec::new();
    for y in y0..y1 {
        for x in x0..x1 {
            cells.push((x, y));
        }
    }
    cells
}

pub fn alive(game: &Game) -> Vec<bool> {
    game.players().iter().map(|p| p.is_alive()).collect()
}
