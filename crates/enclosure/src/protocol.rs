//! The protocol lines (statement §二, rulings §10): `[START] m`, `[POS] x y`,
//! `[STATUS] ...`, `[ACTION] d a`.
//!
//! Parsing is strict about tokens and liberal only about separators: tokens are separated by
//! runs of ASCII whitespace and a trailing line terminator is ignored, but every token must be
//! exactly one of the allowed spellings (integers in canonical decimal form: no `+`, no
//! leading zero, no `-0`). Anything else is an error (for `[ACTION]`: an illegal output).

use crate::action::{Action, PenFlag};
use crate::geometry::{Dir, Vertex, CELLS};
use crate::state::{NOWHERE, TABLE_SEATS};
use shared_grid::quote;

/// A player's state as `[STATUS]` reports it: `stat` = 0 pen up, 1 pen down, -1 dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    Dead,
    Up,
    Down,
}

impl Stat {
    pub fn code(self) -> i32 {
        match self {
            Stat::Dead => -1,
            Stat::Up => 0,
            Stat::Down => 1,
        }
    }
    fn from_code(code: i64) -> Option<Stat> {
        match code {
            -1 => Some(Stat::Dead),
            0 => Some(Stat::Up),
            1 => Some(Stat::Down),
            _ => None,
        }
    }
}

/// One seat in a `[STATUS]` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatStatus {
    pub pos: Vertex,
    pub stat: Stat,
    pub trapped_left: u32,
    /// Minus ten times the mud casts so far (`-10` after one cast).
    pub score_decline: i64,
}

/// A parsed `[STATUS]` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub seats: Vec<SeatStatus>,
    /// Traps in line order with their remaining turns (never 0).
    pub traps: Vec<(Vertex, u32)>,
}

/// A line the referee sends to a bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    Start(usize),
    Status(Status),
}

/// A canonical decimal integer: `0`, or an optional `-` and digits without a leading zero.
fn parse_int(token: &str) -> Option<i64> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && token != "-0"
        && digits.len() <= 12;
    if canonical {
        token.parse().ok()
    } else {
        None
    }
}

fn parse_coord(token: &str) -> Result<i32, String> {
    match parse_int(token) {
        Some(c) if (0..=CELLS as i64).contains(&c) => Ok(c as i32),
        _ => Err(format!("bad coordinate {} (expected 0..=10)", quote(token))),
    }
}

/// Tokens of `line` after the tag `tag`, or an error when the tag differs.
fn tokens_after<'a>(line: &'a str, tag: &str) -> Result<Vec<&'a str>, String> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let mut tokens = line.split_ascii_whitespace();
    match tokens.next() {
        Some(t) if t == tag => Ok(tokens.collect()),
        Some(t) => Err(format!("expected {tag}, got {}", quote(t))),
        None => Err(format!("expected {tag}, got an empty line")),
    }
}

/// Parses a whole `[ACTION] d a` line (rulings §3).
pub fn parse_action(line: &str) -> Result<Action, String> {
    let tokens = tokens_after(line, "[ACTION]")?;
    let [d, a] = tokens[..] else {
        return Err(format!(
            "[ACTION] takes 2 tokens, got {}: {}",
            tokens.len(),
            quote(line)
        ));
    };
    let mut letters = d.chars();
    let dir = match (letters.next(), letters.next()) {
        (Some(c), None) => Dir::from_char(c),
        _ => None,
    }
    .ok_or_else(|| format!("bad direction {} (expected one of u d l r s)", quote(d)))?;
    let flag = match a {
        "0" => PenFlag::Keep,
        "1" => PenFlag::Down,
        "-1" => PenFlag::Mud,
        _ => return Err(format!("bad pen flag {} (expected 0, 1 or -1)", quote(a))),
    };
    Ok(Action { dir, flag })
}

/// `[ACTION] d a`.
pub fn format_action(action: Action) -> String {
    format!("[ACTION] {} {}", action.dir.as_char(), action.flag.code())
}

/// Parses a whole `[POS] x y` line; both coordinates in `0..=10`.
pub fn parse_pos(line: &str) -> Result<Vertex, String> {
    let tokens = tokens_after(line, "[POS]")?;
    let [x, y] = tokens[..] else {
        return Err(format!(
            "[POS] takes 2 tokens, got {}: {line:?}",
            tokens.len()
        ));
    };
    Ok(Vertex::new(parse_coord(x)?, parse_coord(y)?))
}

/// `[POS] x y`.
pub fn format_pos(v: Vertex) -> String {
    format!("[POS] {} {}", v.x, v.y)
}

/// Parses a whole `[START] m` line, `m` in `0..=3`.
pub fn parse_start(line: &str) -> Result<usize, String> {
    let tokens = tokens_after(line, "[START]")?;
    match tokens[..] {
        [m] => match parse_int(m) {
            Some(m @ 0..=3) => Ok(m as usize),
            _ => Err(format!("bad seat {} (expected 0..=3)", quote(m))),
        },
        _ => Err(format!("[START] takes 1 token, got {}", tokens.len())),
    }
}

/// `[START] m`.
pub fn format_start(seat: usize) -> String {
    format!("[START] {seat}")
}

/// Parses a whole `[STATUS]` line.
///
/// The referee always lists four seats (rulings §1), then the traps. Lines with 2 or 3 seats,
/// as this project's referee once sent for smaller games, are still read: the seat count is
/// implied by the token count (after the tag there are `5 n + 1 + 3 k` tokens, and 10, 15 and
/// 20 differ modulo 3, so `n` is unique); `nTraps` must then agree with `k`.
pub fn parse_status(line: &str) -> Result<Status, String> {
    let tokens = tokens_after(line, "[STATUS]")?;
    let count = tokens.len();
    let seats = (2..=4)
        .find(|&n| count > 5 * n && (count - 5 * n - 1) % 3 == 0)
        .ok_or_else(|| format!("[STATUS] with {count} tokens fits no seat count"))?;
    let int = |i: usize| -> Result<i64, String> {
        parse_int(tokens[i]).ok_or_else(|| format!("bad number {} in [STATUS]", quote(tokens[i])))
    };
    let mut seat_list = Vec::with_capacity(seats);
    for s in 0..seats {
        let base = 5 * s;
        let pos = Vertex::new(parse_coord(tokens[base])?, parse_coord(tokens[base + 1])?);
        let stat = Stat::from_code(int(base + 2)?)
            .ok_or_else(|| format!("bad stat {} (expected -1, 0 or 1)", quote(tokens[base + 2])))?;
        let trapped = int(base + 3)?;
        if !(0..=5).contains(&trapped) {
            return Err(format!("bad trappedleft {trapped} (expected 0..=5)"));
        }
        let decline = int(base + 4)?;
        if decline > 0 || decline % 10 != 0 {
            return Err(format!(
                "bad scoredecline {decline} (expected 0 or a negative multiple of 10)"
            ));
        }
        seat_list.push(SeatStatus {
            pos,
            stat,
            trapped_left: trapped as u32,
            score_decline: decline,
        });
    }
    let n_traps = int(5 * seats)?;
    let k = (count - 5 * seats - 1) / 3;
    if n_traps != k as i64 {
        return Err(format!("nTraps says {n_traps} but {k} traps follow"));
    }
    let mut traps = Vec::with_capacity(k);
    for t in 0..k {
        let base = 5 * seats + 1 + 3 * t;
        let v = Vertex::new(parse_coord(tokens[base])?, parse_coord(tokens[base + 1])?);
        let left = int(base + 2)?;
        if !(1..=2).contains(&left) {
            return Err(format!("bad trap turns {left} (expected 1 or 2)"));
        }
        traps.push((v, left as u32));
    }
    Ok(Status {
        seats: seat_list,
        traps,
    })
}

/// The `[STATUS]` line of `status`.
pub fn format_status(status: &Status) -> String {
    let mut line = String::from("[STATUS]");
    for s in &status.seats {
        line += &format!(
            " {} {} {} {} {}",
            s.pos.x,
            s.pos.y,
            s.stat.code(),
            s.trapped_left,
            s.score_decline
        );
    }
    line += &format!(" {}", status.traps.len());
    for (v, left) in &status.traps {
        line += &format!(" {} {} {}", v.x, v.y, left);
    }
    line
}

/// Parses a line the referee sends: `[START] m` or `[STATUS] ...`.
pub fn parse_message(line: &str) -> Result<Message, String> {
    match line.split_ascii_whitespace().next() {
        Some("[START]") => parse_start(line).map(Message::Start),
        Some("[STATUS]") => parse_status(line).map(Message::Status),
        Some(other) => Err(format!("unknown message {}", quote(other))),
        None => Err("empty line".to_string()),
    }
}

/// How `[STATUS]` shows a seat that takes no part in a 2- or 3-seat game (rulings §1): dead at
/// [`NOWHERE`], never stuck, no mud cast, as a seat dead from the start is shown.
pub const ABSENT_SEAT: SeatStatus = SeatStatus {
    pos: NOWHERE,
    stat: Stat::Dead,
    trapped_left: 0,
    score_decline: 0,
};

impl crate::state::Game {
    /// What `[STATUS]` reports about the game now: always [`TABLE_SEATS`] seats, those beyond
    /// this game's as [`ABSENT_SEAT`].
    pub fn status(&self) -> Status {
        let mut seats: Vec<SeatStatus> = self
            .players()
            .iter()
            .map(|p| SeatStatus {
                pos: p.pos(),
                stat: if !p.is_alive() {
                    Stat::Dead
                } else if p.pen_down() {
                    Stat::Down
                } else {
                    Stat::Up
                },
                trapped_left: p.stuck_left(),
                score_decline: -crate::score::MUD_COST * p.mud_casts() as i64,
            })
            .collect();
        seats.resize(seats.len().max(TABLE_SEATS), ABSENT_SEAT);
        Status {
            seats,
            traps: self.traps(),
        }
    }

    /// The exact `[STATUS]` line sent at the start of the next turn (rulings §1, §10). It lists
    /// four seats whatever the game's size, so a bot written for the statement's four players
    /// plays a 2- or 3-seat game unchanged: an absent seat is [`ABSENT_SEAT`]. A dead seat keeps
    /// the position where it died and its `trappedleft` as it was then; a seat dead from the
    /// start is shown at [`NOWHERE`].
    pub fn status_line(&self) -> String {
        format_status(&self.status())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_parse_strictly() {
        assert_eq!(
            parse_action("[ACTION] r 0"),
            Ok(Action::new(Dir::Right, PenFlag::Keep))
        );
        assert_eq!(
            parse_action("[ACTION] u 1\r\n"),
            Ok(Action::new(Dir::Up, PenFlag::Down))
        );
        assert_eq!(
            parse_action("[ACTION]  l   -1"),
            Ok(Action::new(Dir::Left, PenFlag::Mud))
        );
        for bad in [
            "",
            "[ACTION]",
            "[ACTION] r",
            "[ACTION] r 0 0",
            "[ACTION] 1 0", // the statement's scanned sample: a digit is not a direction
            "[ACTION] R 0",
            "[ACTION] rr 0",
            "[ACTION] r 2",
            "[ACTION] r +1",
            "[ACTION] r -0",
            "[ACTION] r 00",
            "[action] r 0",
            "[POS] 1 2",
            "[ACTION] r 0 \n extra",
        ] {
            assert!(parse_action(bad).is_err(), "{bad:?} should be illegal");
        }
    }

    #[test]
    fn actions_round_trip() {
        for dir in Dir::ALL {
            for flag in [PenFlag::Keep, PenFlag::Down, PenFlag::Mud] {
                let a = Action::new(dir, flag);
                assert_eq!(parse_action(&format_action(a)), Ok(a));
            }
        }
        assert_eq!(
            format_action(Action::new(Dir::Right, PenFlag::Mud)),
            "[ACTION] r -1"
        );
    }

    #[test]
    fn positions_must_be_on_the_board() {
        assert_eq!(parse_pos("[POS] 0 5"), Ok(Vertex::new(0, 5)));
        assert_eq!(parse_pos("[POS] 10 10\n"), Ok(Vertex::new(10, 10)));
        for bad in [
            "[POS] 11 0",
            "[POS] -1 0",
            "[POS] 1",
            "[POS] 1 2 3",
            "[POS] a b",
            "[POS] 01 2",
        ] {
            assert!(parse_pos(bad).is_err(), "{bad:?}");
        }
        assert_eq!(format_pos(Vertex::new(9, 3)), "[POS] 9 3");
    }

    #[test]
    fn start_lines() {
        assert_eq!(parse_start("[START] 1"), Ok(1));
        assert!(parse_start("[START] 4").is_err());
        assert_eq!(format_start(3), "[START] 3");
    }

    #[test]
    fn statement_status_example_parses_and_round_trips() {
        // The statement's example (one line; the scan wrapped it).
        let line = "[STATUS] 2 5 1 0 -20 7 7 0 0 0 7 7 0 1 0 7 7 -1 4 0 3 0 0 1 0 1 1 0 2 1";
        let status = parse_status(line).unwrap();
        assert_eq!(status.seats.len(), 4);
        assert_eq!(status.seats[0].pos, Vertex::new(2, 5));
        assert_eq!(status.seats[0].stat, Stat::Down);
        assert_eq!(status.seats[0].score_decline, -20);
        assert_eq!(status.seats[3].stat, Stat::Dead);
        assert_eq!(status.traps.len(), 3);
        assert_eq!(status.traps[2], (Vertex::new(0, 2), 1));
        assert_eq!(format_status(&status), line);
    }

    #[test]
    fn status_seat_count_follows_from_the_token_count() {
        let two = "[STATUS] 0 0 0 0 0 5 5 1 0 -10 1 3 3 2";
        let status = parse_status(two).unwrap();
        assert_eq!(status.seats.len(), 2);
        assert_eq!(status.traps, vec![(Vertex::new(3, 3), 2)]);
        let three = "[STATUS] 0 0 0 0 0 5 5 1 0 -10 1 1 0 0 0 0";
        assert_eq!(parse_status(three).unwrap().seats.len(), 3);
        assert_eq!(format_status(&parse_status(three).unwrap()), three);
    }

    #[test]
    fn malformed_statuses_are_rejected() {
        for bad in [
            "[STATUS]",
            "[STATUS] 0 0 0 0 0 5 5 1 0 -10 2 3 3 2", // nTraps disagrees
            "[STATUS] 0 0 2 0 0 5 5 1 0 0 0",         // stat 2
            "[STATUS] 0 0 0 6 0 5 5 1 0 0 0",         // trapped 6
            "[STATUS] 0 0 0 0 -5 5 5 1 0 0 0",        // decline not a multiple of 10
            "[STATUS] 0 11 0 0 0 5 5 1 0 0 0",        // off the board
            "[STATUS] 0 0 0 0 0 5 5 1 0 0 1 3 3 0",   // a trap with 0 turns
            "[STATUS] 0 0 0 0 0 5 5 1 0 0 0 extra",
        ] {
            assert!(parse_status(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn messages_dispatch_on_the_tag() {
        assert_eq!(parse_message("[START] 2"), Ok(Message::Start(2)));
        assert!(matches!(
            parse_message("[STATUS] 0 0 0 0 0 5 5 1 0 0 0"),
            Ok(Message::Status(_))
        ));
        assert!(parse_message("[ACTION] r 0").is_err());
    }
}
