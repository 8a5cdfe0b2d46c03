//! Score and ranks (rulings §9): `10 * sum(S_i^2) - 10 * casts + (4 - m)`.

use crate::state::Game;

/// Points per squared cell of a region's area.
pub const SQUARE_POINTS: i64 = 10;
/// Points charged per mud cast.
pub const MUD_COST: i64 = 10;
/// Rank points for ranks 1 to 4 (a 2- or 3-seat game gives the first 2 or 3). Not the
/// rules' score but how a game's ranks are weighed into a bot's strength: tournaments
/// report it and playouts aim at it, so it lives beside the ranks it weighs.
pub const RANK_POINTS: [u32; 4] = [6, 3, 1, 0];

impl Game {
    /// `seat`'s score now: its points plus the tie-break `4 - seat`.
    pub fn score(&self, seat: usize) -> i64 {
        self.points(seat) + (4 - seat as i64)
    }

    /// What `seat` has won so far, without the tie-break: ten times the sum of its squared
    /// region areas, minus ten per mud cast.
    pub fn points(&self, seat: usize) -> i64 {
        let squares: i64 = self.areas(seat).iter().map(|&a| (a * a) as i64).sum();
        SQUARE_POINTS * squares - MUD_COST * self.players[seat].mud_casts as i64
    }

    /// Every seat's score.
    pub fn scores(&self) -> Vec<i64> {
        (0..self.seats()).map(|s| self.score(s)).collect()
    }

    /// 1-based rank of each seat by score, highest first (no ties: `4 - m` differs per seat
    /// and the rest is a multiple of ten).
    pub fn ranks(&self) -> Vec<usize> {
        let scores = self.scores();
        scores
            .iter()
            .map(|&mine| 1 + scores.iter().filter(|&&other| other > mine).count())
            .collect()
    }
}
