//! `builtin:random`: random, but never suicidal. Each turn it lists the
//! actions the rules allow, drops every one that would kill it if the others
//! stood still (checked by playing the turn on a copy of the game with the
//! engine), and draws one of the rest, favouring moves and drawing loops.

use enclosure::{Action, Dir, Game, PenFlag, Vertex};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::drawing::survives;
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "random",
    about: "random legal moves that do not kill itself",
    make: |seed| Box::new(StrategyBot::new("random", RandomWalk::new(seed))),
};

pub struct RandomWalk {
    rng: ChaCha8Rng,
}

impl RandomWalk {
    pub fn new(seed: u64) -> RandomWalk {
        RandomWalk {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Strategy for RandomWalk {
    fn start(&mut self, _seat: usize) -> Vertex {
        Vertex::new(self.rng.random_range(0..=10), self.rng.random_range(0..=10))
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        let me = game.player(seat);
        if me.stuck_left() > 0 {
            return Action::STAY; // ignored anyway: save the simulations
        }
        let options: Vec<(Action, u32)> = weighted_options(me.pen_down())
            .into_iter()
            .filter(|&(action, _)| survives(game, seat, action))
            .collect();
        let total: u32 = options.iter().map(|&(_, weight)| weight).sum();
        if total == 0 {
            return Action::STAY; // every option is fatal: at least stay legal
        }
        let mut ticket = self.rng.random_range(0..total);
        for (action, weight) in options {
            if ticket < weight {
                return action;
            }
            ticket -= weight;
        }
        unreachable!("the ticket is below the total weight")
    }
}

/// The actions the rules allow in this pen state, with how much this bot
/// likes each: mostly moving, often starting a loop, rarely mud (it costs 10).
fn weighted_options(pen_down: bool) -> Vec<(Action, u32)> {
    let mut options = Vec::new();
    for dir in Dir::MOVES {
        options.push((Action::new(dir, PenFlag::Keep), 10));
        if !pen_down {
            options.push((Action::new(dir, PenFlag::Down), 5));
            options.push((Action::new(dir, PenFlag::Mud), 1));
        }
    }
    options.push((Action::STAY, 2));
    if !pen_down {
        options.push((Action::new(Dir::Stay, PenFlag::Down), 2));
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_steps_off_the_board_from_a_corner() {
        let game = Game::new(&[Some(Vertex::new(0, 0)), Some(Vertex::new(10, 10))]);
        let mut bot = RandomWalk::new(3);
        for _ in 0..200 {
            let action = bot.act(0, &game);
            assert!(
                !matches!(action.dir, Dir::Up | Dir::Left),
                "{action:?} leaves the board"
            );
            assert!(survives(&game, 0, action));
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_moves() {
        let game = Game::new(&[Some(Vertex::new(5, 5)), Some(Vertex::new(2, 2))]);
        let (mut a, mut b) = (RandomWalk::new(9), RandomWalk::new(9));
        for _ in 0..50 {
            assert_eq!(a.act(0, &game), b.act(0, &game));
        }
    }
}
