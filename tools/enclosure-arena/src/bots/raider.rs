//! `builtin:raider`: the careful spiral of [`careful`](super::careful) that also attacks.
//! With its pen up, when it can stand on a vertex of some opponent's open trail before that
//! opponent could get home (close its loop), it walks there the shortest way: standing on a
//! trail kills its drawer (rulings §5), unless the loop closes that very turn, so only a
//! vertex it reaches strictly sooner counts. Of those, it goes for the nearest. With its pen
//! down it never leaves its own loop to raid, and with no prey in reach it plays `careful`.

use enclosure::{Action, Game, PenFlag, Vertex};

use super::bold::walk_distances;
use super::careful::Careful;
use super::drawing::{or_survivable, walk_towards};
use super::race::{shortest_way_home, NEVER};
use super::{Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "raider",
    about:
        "careful's spiral, but first runs onto any open trail it reaches before its drawer is home",
    make: |seed| Box::new(StrategyBot::new("raider", Raider::new(seed))),
};

pub struct Raider {
    careful: Careful,
}

impl Raider {
    pub fn new(seed: u64) -> Raider {
        Raider {
            careful: Careful::new(seed),
        }
    }
}

/// The opponents' open-trail vertex `seat` can stand on soonest (ties: the first in reading
/// order), among those it reaches before their drawer could close its loop.
pub fn prey(game: &Game, seat: usize) -> Option<Vertex> {
    let me = game.player(seat);
    let mine = walk_distances(game, seat);
    game.players()
        .iter()
        .enumerate()
        .filter(|&(s, p)| s != seat && p.is_alive() && p.pen_down())
        .flat_map(|(s, p)| {
            let home =
                shortest_way_home(game, s).map_or(NEVER, |path| path.len() as u32 + p.stuck_left());
            p.trail()
                .iter()
                .filter(move |v| {
                    let d = mine[v.index()];
                    d != NEVER && d + me.stuck_left() < home
                })
                .map(|&v| (mine[v.index()], v))
                .collect::<Vec<_>>()
        })
        .min()
        .map(|(_, v)| v)
}

impl Strategy for Raider {
    fn start(&mut self, seat: usize) -> Vertex {
        self.careful.start(seat)
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        let me = game.player(seat);
        if me.stuck_left() == 0 && !me.pen_down() {
            if let Some(dir) = prey(game, seat).and_then(|v| walk_towards(game, seat, v)) {
                return or_survivable(game, seat, Action::new(dir, PenFlag::Keep));
            }
        }
        self.careful.act(seat, game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::bold::Bold;
    use crate::bots::race::testing::{drawn_right, on_trail_after_moves, play_turns, Still};
    use enclosure::{DeathCause, Dir, Event};

    fn v(x: i32, y: i32) -> Vertex {
        Vertex::new(x, y)
    }

    /// Seat 1 draws from (0,8) right to (6,8) (home three steps away: (6,9), (5,9), (5,8)),
    /// while seat 0 stands at `raider`.
    fn open_line(raider: Vertex) -> Game {
        let game = drawn_right(raider, v(0, 8), 6);
        assert_eq!(shortest_way_home(&game, 1).map(|p| p.len()), Some(3));
        game
    }

    #[test]
    fn it_marks_a_trail_it_reaches_before_the_drawer_is_home() {
        // Two steps to (5,8) against three for the drawer.
        assert_eq!(prey(&open_line(v(5, 6)), 0), Some(v(5, 8)));
        // Three steps is a tie: the loop would close first.
        assert_eq!(prey(&open_line(v(5, 5)), 0), None);
        // Nobody drawing, no prey.
        let quiet = Game::new(&[Some(v(5, 6)), Some(v(0, 8))]);
        assert_eq!(prey(&quiet, 0), None);
    }

    #[test]
    fn it_goes_for_a_reachable_trail_and_cuts_it() {
        let down = Action::new(Dir::Down, PenFlag::Keep);
        for seed in 0..8 {
            let mut raider = Raider::new(seed);
            let mut game = open_line(v(5, 6));
            for _ in 0..2 {
                let action = raider.act(0, &game);
                assert_eq!(action, down, "seed {seed}");
                // The drawer holds still (its worst case: it would have been home in three).
                game.play_turn(&[Some(Ok(action)), Some(Ok(Action::STAY))]);
            }
            assert!(
                !game.player(1).is_alive(),
                "seed {seed}: the drawer was cut"
            );
            assert!(game.player(0).is_alive(), "seed {seed}");
        }
        // Walking to its corner's spiral would not always have gone down: the raid did.
        let game = open_line(v(5, 6));
        assert!(
            (0..8).any(|seed| Careful::new(seed).act(0, &game) != down),
            "careful goes down from (5,6) for every seed: this test cannot tell a raid"
        );
    }

    /// The open trails seat 0 (made by `first` from each seed) cuts itself, pen up, in games
    /// against two `bold` and a still player: deaths by trail cut with seat 0 standing on the
    /// victim's trail.
    fn own_cuts(first: impl Fn(u64) -> Box<dyn Strategy>, seeds: std::ops::Range<u64>) -> usize {
        let mut cuts = 0;
        for seed in seeds {
            let mut bots: Vec<Box<dyn Strategy>> = vec![
                first(seed),
                Box::new(Bold::new(seed + 100)),
                Box::new(Bold::new(seed + 200)),
                Box::new(Still(v(5, 5))),
            ];
            play_turns(&mut bots, |before, _, after, events| {
                if before.player(0).pen_down() {
                    return;
                }
                for event in events {
                    if let Event::Death {
                        seat,
                        cause: DeathCause::TrailCut,
                    } = *event
                    {
                        cuts += on_trail_after_moves(before, after, seat).contains(&0) as usize;
                    }
                }
            });
        }
        cuts
    }

    #[test]
    fn against_drawers_it_cuts_more_trails_than_careful_does_by_chance() {
        // Bold draws squares without any safety margin, and bold also cuts bold: only the
        // cuts raider makes itself count. Careful (raider without the raids, same seeds)
        // walking to its spirals stands on some trails by chance; raider must cut more.
        let raider = own_cuts(|seed| Box::new(Raider::new(seed)), 0..20);
        let careful = own_cuts(|seed| Box::new(Careful::new(seed)), 0..20);
        assert!(
            raider > careful,
            "in 20 games raider cut {raider} trails itself, careful {careful}"
        );
    }
}
