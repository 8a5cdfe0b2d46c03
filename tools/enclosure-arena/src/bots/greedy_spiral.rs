//! `builtin:greedy-spiral` and `builtin:greedy-spiral-step`: a greedy spiral builder, in the
//! style of public contest bots that win four-seat games with one large region. Born on a
//! corner its seed picks, it draws `careful`'s spiral (two steps in from the corner, square
//! laps outwards, hugging its trail where the rim or land cuts a lap short) and grows it
//! while it could still close the loop before anyone reached the trail; but it races a
//! drawing opponent as if it walked [`DRAWER_PACE`] times slower, betting that a player busy
//! with its own loop will not leave it to cut ours. Among three opponents someone is nearly
//! always close enough to stop `careful`; this one stops only for those that walk free, so
//! its spirals grow much larger, and it dies when the bet is lost. Its laps stay a step or
//! two from home, so when it turns for home the loop closes at once, round everything the
//! spiral covers.
//!
//! `greedy-spiral-step` also steps onto any opponent's open trail one step away, pen up or
//! down (a loop it was drawing is then closed the shortest way home), as one public version
//! does: it never walks towards a trail, so a model that judges opponents by whether they
//! chase sees no hunter in it.

use enclosure::{Action, Game, PenFlag, Vertex};

use super::careful::Careful;
use super::opportunist::opening;
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "greedy-spiral",
    about: "from a random corner, spirals out while it could still close, taking opponents as slow",
    make: |seed| {
        Box::new(StrategyBot::new(
            "greedy-spiral",
            GreedySpiral::new(seed, false),
        ))
    },
};

pub const BUILTIN_STEP: Builtin = Builtin {
    name: "greedy-spiral-step",
    about: "greedy-spiral that also steps onto any open trail one step away",
    make: |seed| {
        Box::new(StrategyBot::new(
            "greedy-spiral-step",
            GreedySpiral::new(seed, true),
        ))
    },
};

/// How many times slower than it could walk a drawing opponent is taken to be: the bet that
/// a player busy with its own loop does not leave it to cut ours. Walkers are raced at full
/// speed.
pub const DRAWER_PACE: u32 = 2;

pub struct GreedySpiral {
    spiral: Careful,
    /// Whether it steps onto an opponent's open trail one step away.
    steps_onto_trails: bool,
}

impl GreedySpiral {
    pub fn new(seed: u64, steps_onto_trails: bool) -> GreedySpiral {
        GreedySpiral {
            spiral: Careful::with_drawer_pace(seed, DRAWER_PACE),
            steps_onto_trails,
        }
    }
}

impl Strategy for GreedySpiral {
    fn start(&mut self, seat: usize) -> Vertex {
        self.spiral.start(seat)
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        let me = game.player(seat);
        if self.steps_onto_trails && me.stuck_left() == 0 {
            if let Some(dir) = opening(game, seat, 1) {
                if me.pen_down() {
                    self.spiral.head_home();
                }
                return Action::new(dir, PenFlag::Keep);
            }
        }
        self.spiral.act(seat, game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::bold::Bold;
    use crate::bots::hunter::Hunter;
    use crate::bots::race::testing::{drawn_right, play, Still};
    use enclosure::{Dir, CELLS};

    fn v(x: i32, y: i32) -> Vertex {
        Vertex::new(x, y)
    }

    /// The vertex `along` steps in from `corner` along x and `down` steps in along y.
    fn inset(corner: Vertex, along: i32, down: i32) -> Vertex {
        let far = CELLS as i32;
        let inward = |c: i32, k: i32| if c == 0 { k } else { far - k };
        v(inward(corner.x, along), inward(corner.y, down))
    }

    /// Puts its pen down on its vertex on the first turn, then stands there drawing nothing.
    struct Sitter(Vertex);

    impl Strategy for Sitter {
        fn start(&mut self, _seat: usize) -> Vertex {
            self.0
        }
        fn act(&mut self, seat: usize, game: &Game) -> Action {
            let flag = if game.player(seat).pen_down() {
                PenFlag::Keep
            } else {
                PenFlag::Down
            };
            Action::new(Dir::Stay, flag)
        }
    }

    /// The area of the first region seat 0 (`first`) takes beside seat 1 (`other`).
    fn first_area(first: Box<dyn Strategy>, other: Box<dyn Strategy>) -> usize {
        let mut bots = vec![first, other];
        let game = play(&mut bots, |_, _| {});
        game.areas(0).first().copied().unwrap_or(0)
    }

    #[test]
    fn it_starts_on_a_corner_the_seed_picks_as_careful_does() {
        for seed in 0..20 {
            let start = GreedySpiral::new(seed, false).start(0);
            assert_eq!(start, Careful::new(seed).start(0), "seed {seed}");
            assert_eq!(GreedySpiral::new(seed, true).start(1), start, "seed {seed}");
        }
    }

    #[test]
    fn alone_it_never_dies_and_closes_one_large_loop() {
        for steps_onto_trails in [false, true] {
            for seed in 0..6 {
                let corner = GreedySpiral::new(seed, steps_onto_trails).start(0);
                let far_away = v(10 - corner.x, 10 - corner.y);
                let mut bots: Vec<Box<dyn Strategy>> = vec![
                    Box::new(GreedySpiral::new(seed, steps_onto_trails)),
                    Box::new(Still(far_away)),
                ];
                let game = play(&mut bots, |_, _| {});
                assert!(game.player(0).is_alive(), "seed {seed}");
                let areas = game.areas(0);
                assert!(areas[0] >= 16, "seed {seed}: {areas:?}");
            }
        }
    }

    #[test]
    fn a_drawing_neighbour_lets_it_grow_larger_than_careful() {
        // Four columns beside the first spiral's centre: careful stops a lap short of it,
        // where the spiral's orientation brings the lap that way.
        let mut larger = 0;
        for seed in 0..6 {
            let near = inset(Careful::new(seed).start(0), 6, 2);
            let greedy = first_area(
                Box::new(GreedySpiral::new(seed, false)),
                Box::new(Sitter(near)),
            );
            let careful = first_area(Box::new(Careful::new(seed)), Box::new(Sitter(near)));
            assert!(greedy >= careful, "seed {seed}: {greedy} against {careful}");
            larger += usize::from(greedy > careful);
        }
        assert!(larger >= 3, "larger for {larger} seeds of 6");
    }

    #[test]
    fn beside_walkers_it_plays_careful_move_for_move() {
        for seed in 0..6 {
            let near = inset(Careful::new(seed).start(0), 7, 2);
            let mut greedy: Vec<Box<dyn Strategy>> = vec![
                Box::new(GreedySpiral::new(seed, false)),
                Box::new(Still(near)),
            ];
            let mut careful: Vec<Box<dyn Strategy>> =
                vec![Box::new(Careful::new(seed)), Box::new(Still(near))];
            let mut moves = (Vec::new(), Vec::new());
            play(&mut greedy, |_, actions| moves.0.push(actions[0]));
            play(&mut careful, |_, actions| moves.1.push(actions[0]));
            assert_eq!(moves.0, moves.1, "seed {seed}");
        }
    }

    #[test]
    fn it_never_dies_by_its_own_move_among_other_bots() {
        for steps_onto_trails in [false, true] {
            for seed in 0..10 {
                let mut bots: Vec<Box<dyn Strategy>> = vec![
                    Box::new(GreedySpiral::new(seed, steps_onto_trails)),
                    Box::new(Hunter::new(seed + 100)),
                    Box::new(Bold::new(seed + 200)),
                    Box::new(GreedySpiral::new(seed + 300, !steps_onto_trails)),
                ];
                let game = play(&mut bots, |_, _| {});
                for seat in [0, 3] {
                    if let Some(cause) = game.player(seat).death() {
                        assert!(!cause.is_before_moves(), "seed {seed}: {cause:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn only_the_step_variant_steps_onto_a_trail_next_to_it() {
        // Seat 1 has drawn from (2,5) right to (6,5); seat 0 stands just above (4,5).
        let game = drawn_right(v(4, 4), v(2, 5), 4);
        let down = Action::new(Dir::Down, PenFlag::Keep);
        for seed in 0..4 {
            assert_eq!(GreedySpiral::new(seed, true).act(0, &game), down);
            let own = GreedySpiral::new(seed, false).act(0, &game);
            assert_eq!(
                own,
                Careful::with_drawer_pace(seed, DRAWER_PACE).act(0, &game)
            );
        }
        assert!((0..4).any(|seed| GreedySpiral::new(seed, false).act(0, &game) != down));
    }
}
