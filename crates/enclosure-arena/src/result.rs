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
                death: Some("trespass".into()),
                regions: vec![4, 1],
                mud: 1,
                score: 164,
                rank: 1,
            }],
            timing: vec![SeatTiming::default()],
        };
        assert_eq!(
            result.to_json(),
            r#"{"turns":3,"seats":[{"seat":0,"bot":"builtin:idle","alive":false,"death":"trespass","regions":[4,1],"mud":1,"score":164,"rank":1}]}"#
        );
    }
}
