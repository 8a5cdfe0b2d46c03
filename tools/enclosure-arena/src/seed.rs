//! Seeds: one game seed `N` drives everything random in a game. Each seat's
//! builtin bot gets its own stream, derived from `N` and the seat, so seats
//! do not mirror each other and a bot's play does not depend on who sits
//! next to it.

/// The seed of the bot in `seat` for a game seeded with `game_seed`.
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    mix(game_seed ^ mix(seat as u64 + 1))
}

/// SplitMix64's finaliser: a bijection that scatters nearby inputs.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_and_games_get_distinct_deterministic_seeds() {
        let mut seen = std::collections::HashSet::new();
        for game in 0..50u64 {
            for seat in 0..4 {
                assert_eq!(seat_seed(game, seat), seat_seed(game, seat));
                assert!(seen.insert(seat_seed(game, seat)));
            }
        }
    }
}
