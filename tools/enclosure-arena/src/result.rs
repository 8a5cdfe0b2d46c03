//! The outcome of one game: what `play --json` prints, what the replay's
//! footer holds, and what tournaments aggregate.

use std::time::Duration;

use serde::Serialize;

/// One finished game.
#[derive(Debug, Clone, Serialize)]
pub struct GameResult {
    /// Turns played.
    pub turns: u32,
    /// One entry per seat, in seat order.
    pub seats: Vec<SeatResult>,
    /// How fast each seat answered (not part of the JSON report).
    #[serde(skip)]
    pub timing: Vec<SeatTiming>,
}

/// One seat's outcome; serialised exactly as `play --json`'s `"seats"` entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatResult {
    pub seat: usize,
    pub bot: String,
    pub alive: bool,
    /// The death cause's stable name (`"trespass"`, `"timeout"`, ...), `null` if alive.
    pub death: Option<String>,
    /// The turn the seat died in (0: before turn 1, at `[START]`), `null` if alive.
    pub death_turn: Option<u32>,
    /// When the bot itself failed (timeout, crash, illegal output, bad start): what exactly
    /// went wrong, shortened and escaped ([`short_detail`]); `null` otherwise.
    pub detail: Option<String>,
    /// The area of each region the seat owns, in region-id order.
    pub regions: Vec<usize>,
    /// Mud casts (each cost 10 points).
    pub mud: u32,
    pub score: i64,
    /// 1-based, by score.
    pub rank: usize,
}

/// The answer times of one seat: `[POS]` and every `[ACTION]` it was asked for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatTiming {
    /// Time from sending a request to getting a usable line, per answered request.
    pub answers: Vec<Duration>,
    /// Requests that hit the step limit (0 or 1: a timeout kills).
    pub timeouts: u32,
}

impl GameResult {
    /// The seat ranked first.
    pub fn winner(&self) -> Option<&SeatResult> {
        self.seats.iter().find(|s| s.rank == 1)
    }

    /// `play --json`'s one-line report.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a game result always serialises")
    }
}

/// The longest detail shown, in characters, before it is cut with `...`.
pub const DETAIL_CHARS: usize = 60;

/// A bot's failure as a table or a JSON report may show it: control characters (a `\0`, an
/// escape sequence, a newline) escaped so nothing a bot prints can disturb a terminal, and
/// at most [`DETAIL_CHARS`] characters (a parse error quotes the whole offending line).
pub fn short_detail(detail: &str) -> String {
    let mut out = String::new();
    for (count, c) in detail.chars().enumerate() {
        if count == DETAIL_CHARS {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_has_exactly_the_documented_fields() {
        let result = GameResult {
            turns: 3,
            seats: vec![SeatResult {
                seat: 0,
                bot: "builtin:idle".into(),
                alive: false,
                death: Some("illegal_output".into()),
                death_turn: Some(2),
                detail: Some("bad direction \"\\0\"".into()),
                regions: vec![4, 1],
                mud: 1,
                score: 164,
                rank: 1,
            }],
            timing: vec![SeatTiming::default()],
        };
        assert_eq!(
            result.to_json(),
            r#"{"turns":3,"seats":[{"seat":0,"bot":"builtin:idle","alive":false,"death":"illegal_output","death_turn":2,"detail":"bad direction \"\\0\"","regions":[4,1],"mud":1,"score":164,"rank":1}]}"#
        );
    }

    #[test]
    fn details_are_escaped_and_shortened() {
        assert_eq!(short_detail("closed"), "closed");
        assert_eq!(short_detail("a\u{1b}[31mred\n"), "a\\u{1b}[31mred\\n");
        let long = "x".repeat(200);
        assert_eq!(
            short_detail(&long),
            format!("{}...", "x".repeat(DETAIL_CHARS))
        );
        assert_eq!(
            short_detail("é".repeat(DETAIL_CHARS).as_str())
                .chars()
                .count(),
            DETAIL_CHARS
        );
    }
}
