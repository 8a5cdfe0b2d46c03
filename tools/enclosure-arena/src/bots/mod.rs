//! In-process bots, selected on the command line as `builtin:NAME`.
//!
//! Each bot lives in its own file and exports one [`Builtin`] entry; the
//! [`REGISTRY`] lists them. Adding a bot is one new file plus one `mod` line
//! and one registry line. Most bots are easiest to write as a [`Strategy`], the submission's own trait
//! (they get the rebuilt [`enclosure::Game`] and return an [`enclosure::Action`]);
//! [`StrategyBot`] turns one into a [`Bot`] that speaks the protocol strings.
//!
//! A builtin gets a seed at creation (derived from the game seed and its seat,
//! see [`crate::seed`]) and must be deterministic given it.

mod bold;
mod careful;
mod closing;
pub mod drawing;
mod edge;
mod greedy;
mod greedy_spiral;
mod hunter;
mod idle;
mod knobs;
mod opportunist;
mod ours;
mod race;
mod raider;
mod random;
mod rim;
mod search;
mod search_plan;
mod spiral;
mod square;
mod strategy_bot;

pub use enclosure::bot::Strategy;
pub use strategy_bot::StrategyBot;

use crate::bot::Bot;

/// One registered in-process bot.
pub struct Builtin {
    /// The `NAME` in `builtin:NAME`.
    pub name: &'static str,
    /// One line for `--help` and the README.
    pub about: &'static str,
    /// Creates the bot from its seed.
    pub make: fn(seed: u64) -> Box<dyn Bot>,
}

/// Every builtin bot, in the order `--help` lists them.
pub const REGISTRY: &[Builtin] = &[
    idle::BUILTIN,
    random::BUILTIN,
    square::BUILTIN,
    greedy::BUILTIN,
    edge::BUILTIN,
    hunter::BUILTIN,
    ours::BUILTIN,
    ours::BUILTIN_RULES,
    bold::BUILTIN,
    spiral::BUILTIN,
    search::BUILTIN,
    careful::BUILTIN,
    raider::BUILTIN,
    rim::BUILTIN,
    opportunist::BUILTIN,
    opportunist::BUILTIN_TWO_STEPS,
    greedy_spiral::BUILTIN,
    greedy_spiral::BUILTIN_STEP,
];

/// Creates the builtin bot `name` (without the `builtin:` prefix).
pub fn builtin(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    REGISTRY
        .iter()
        .find(|entry| entry.name == name)
        .map(|entry| (entry.make)(seed))
}

/// Whether `name` is a registered builtin.
pub fn is_builtin(name: &str) -> bool {
    REGISTRY.iter().any(|entry| entry.name == name)
}

/// The registered names, in registry order.
pub fn builtin_names() -> Vec<&'static str> {
    REGISTRY.iter().map(|entry| entry.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_resolvable() {
        let names = builtin_names();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "duplicate builtin {name}");
            let bot = builtin(name, 1).expect("registered");
            assert_eq!(bot.name(), format!("builtin:{name}"));
        }
        assert!(builtin("no-such-bot", 1).is_none());
    }
}
