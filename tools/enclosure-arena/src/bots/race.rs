//! The race the careful styles (`careful`, `raider`, `rim`) run every turn: how soon any
//! opponent could stand on each vertex, whether a drawer's way home ends before that, and
//! which way home to take once the margin is gone.
//!
//! A way home is a closing path ([`closing_paths`]): the steps from the drawer's vertex back
//! onto its own trail, the only thing that closes a loop (rulings §4; touching one's land does
//! not). It is *safe* when the drawer finishes it before any opponent could stand on the trail
//! or on the way itself; an opponent arriving on the very turn the loop closes is harmless,
//! since closing wins over interruption (§5).

use std::cmp::Reverse;

use enclosure::geometry::VERTICES;
use enclosure::{Action, Dir, Game, PenFlag, Vertex, MAX_TURNS};

use super::bold::walk_distances;
use super::closing::closing_paths;
use super::drawing::{or_survivable, what_if};

/// A vertex nobody can reach.
pub const NEVER: u32 = u32::MAX;

/// For every vertex, the fewest turns before some live opponent of `seat` could stand on it:
/// walking pen up round traps, after sitting out its mud ([`NEVER`] where none can).
pub fn opponents_reach(game: &Game, seat: usize) -> [u32; VERTICES] {
    let mut reach = [NEVER; VERTICES];
    for (s, player) in game.players().iter().enumerate() {
        if s == seat || !player.is_alive() {
            continue;
        }
        for (r, d) in reach.iter_mut().zip(walk_distances(game, s)) {
            if d != NEVER {
                *r = (*r).min(d + player.stuck_left());
            }
        }
    }
    reach
}

/// Whether the way home `path` (the steps from the drawer's vertex, the last one on its
/// trail), started `lead` turns from now, closes before any opponent could stand on `trail`
/// or on the way.
pub fn is_safe(reach: &[u32; VERTICES], trail: &[Vertex], path: &[Vertex], lead: u32) -> bool {
    let closes_at = lead + path.len() as u32;
    trail
        .iter()
        .chain(path)
        .all(|v| reach[v.index()] >= closes_at)
}

/// The turns still to be played, this one included.
pub fn turns_left(game: &Game) -> u32 {
    MAX_TURNS.saturating_sub(game.turn())
}

/// Whether `seat` may play `action` (a step of its trail, or the step that puts its pen
/// down) and still get home safely: it survives the step, and from there some way home is
/// safe one turn later and ends before the game does.
pub fn may_extend(game: &Game, seat: usize, action: Action, reach: &[u32; VERTICES]) -> bool {
    let after = what_if(game, seat, action);
    let me = after.player(seat);
    if !me.is_alive() || !me.pen_down() {
        return false;
    }
    let turns = turns_left(game);
    closing_paths(&after, seat)
        .iter()
        .any(|(_, path)| (path.len() as u32) < turns && is_safe(reach, me.trail(), path, 1))
}

/// The shortest way home of pen-down `seat` (ties: the one capturing the most).
pub fn shortest_way_home(game: &Game, seat: usize) -> Option<Vec<Vertex>> {
    closing_paths(game, seat)
        .into_iter()
        .min_by_key(|(value, path)| (path.len(), Reverse(*value)))
        .map(|(_, path)| path)
}

/// The first step along `path` (which starts next to `seat`), or the first surviving move
/// when that step would kill it.
pub fn step_along(game: &Game, seat: usize, path: &[Vertex]) -> Action {
    let pos = game.player(seat).pos();
    let wanted = match path.first().and_then(|&next| Dir::between(pos, next)) {
        Some(dir) if dir.is_move() => Action::new(dir, PenFlag::Keep),
        _ => Action::STAY,
    };
    or_survivable(game, seat, wanted)
}

/// Test support for the careful styles: games on the engine between strategies, and the
/// careful rule checked turn by turn.
#[cfg(test)]
pub mod testing {
    use super::*;
    use crate::bots::Strategy;
    use enclosure::{Answer, Event};

    /// A two-seat game in which seat 1 has put its pen down at `from` and drawn `steps` steps
    /// to the right, while seat 0 stood still at `still`.
    pub fn drawn_right(still: Vertex, from: Vertex, steps: usize) -> Game {
        let mut game = Game::new(&[Some(still), Some(from)]);
        for k in 0..steps {
            let flag = if k == 0 { PenFlag::Down } else { PenFlag::Keep };
            let answers: Vec<Answer> = vec![
                Some(Ok(Action::STAY)),
                Some(Ok(Action::new(Dir::Right, flag))),
            ];
            game.play_turn(&answers);
        }
        game
    }

    /// Plays `strategies` (seat `i` is `strategies[i]`) until the game is over, showing `watch`
    /// every turn's game before the move and the actions chosen. Returns the final game.
    pub fn play(
        strategies: &mut [Box<dyn Strategy>],
        mut watch: impl FnMut(&Game, &[Action]),
    ) -> Game {
        play_turns(strategies, |before, actions, _, _| watch(before, actions))
    }

    /// [`play`], showing `watch` every turn whole: the game before it, the actions chosen,
    /// the game after it and the engine's events.
    pub fn play_turns(
        strategies: &mut [Box<dyn Strategy>],
        mut watch: impl FnMut(&Game, &[Action], &Game, &[Event]),
    ) -> Game {
        let starts: Vec<Option<Vertex>> = strategies
            .iter_mut()
            .enumerate()
            .map(|(seat, s)| Some(s.start(seat)))
            .collect();
        let mut game = Game::new(&starts);
        while !game.is_over() {
            let actions: Vec<Action> = strategies
                .iter_mut()
                .enumerate()
                .map(|(seat, s)| {
                    if game.player(seat).is_alive() {
                        s.act(seat, &game)
                    } else {
                        Action::STAY
                    }
                })
                .collect();
            let answers: Vec<Answer> = actions
                .iter()
                .enumerate()
                .map(|(seat, &a)| game.player(seat).is_alive().then_some(Ok(a)))
                .collect();
            let before = game.clone();
            let events = game.play_turn(&answers);
            watch(&before, &actions, &game, &events);
        }
        game
    }

    /// The seats that stood on `victim`'s open trail at the end of the turn from `before` to
    /// `after`: its trail as drawn once everyone had moved (the trail before, or the vertex
    /// where the pen went down, then the vertex it moved to), which a death clears. Only
    /// seats alive after the turn are listed.
    pub fn on_trail_after_moves(before: &Game, after: &Game, victim: usize) -> Vec<usize> {
        let (was, now) = (before.player(victim), after.player(victim));
        let mut trail = if was.pen_down() {
            was.trail().to_vec()
        } else {
            vec![was.pos()]
        };
        trail.push(now.pos());
        (0..after.seats())
            .filter(|&s| s != victim && after.player(s).is_alive())
            .filter(|&s| trail.contains(&after.player(s).pos()))
            .collect()
    }

    /// A strategy that stays on `at`, pen up.
    pub struct Still(pub Vertex);

    impl Strategy for Still {
        fn start(&mut self, _seat: usize) -> Vertex {
            self.0
        }
        fn act(&mut self, _seat: usize, _game: &Game) -> Action {
            Action::STAY
        }
    }

    /// The careful rule on one turn of pen-down `seat`: when some opponent is no further (in
    /// turns) from its trail than it is from home, `action` does not grow the loop: it closes
    /// it or brings it nearer home. Returns whether the rule applied this turn.
    pub fn check_no_growth_when_threatened(game: &Game, seat: usize, action: Action) -> bool {
        let me = game.player(seat);
        if !me.is_alive() || !me.pen_down() || me.stuck_left() > 0 {
            return false;
        }
        let Some(home) = shortest_way_home(game, seat) else {
            return false;
        };
        let reach = opponents_reach(game, seat);
        let nearest = me.trail().iter().map(|v| reach[v.index()]).min();
        if nearest > Some(home.len() as u32) {
            return false;
        }
        let after = what_if(game, seat, action);
        if after.player(seat).pen_down() {
            let nearer = shortest_way_home(&after, seat).map(|p| p.len());
            assert!(
                nearer < Some(home.len()),
                "turn {}: seat {seat} grew its loop ({action:?}) with an opponent {nearest:?} \
                 turns from its trail and home {} steps away: trail {:?}",
                game.turn(),
                home.len(),
                me.trail()
            );
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use enclosure::Answer;

    fn v(x: i32, y: i32) -> Vertex {
        Vertex::new(x, y)
    }

    /// Seat 0 draws three sides of the square (2,2)-(4,4) while seat 1 stands at `other`.
    fn three_sides(other: Vertex) -> Game {
        let mut game = Game::new(&[Some(v(2, 2)), Some(other)]);
        let steps = [
            (Dir::Right, PenFlag::Down),
            (Dir::Right, PenFlag::Keep),
            (Dir::Down, PenFlag::Keep),
            (Dir::Down, PenFlag::Keep),
            (Dir::Left, PenFlag::Keep),
            (Dir::Left, PenFlag::Keep),
        ];
        for (dir, flag) in steps {
            let answers: Vec<Answer> =
                vec![Some(Ok(Action::new(dir, flag))), Some(Ok(Action::STAY))];
            game.play_turn(&answers);
        }
        game
    }

    #[test]
    fn reach_is_the_walk_of_the_nearest_opponent() {
        let game = three_sides(v(9, 2));
        let reach = opponents_reach(&game, 0);
        assert_eq!(reach[v(9, 2).index()], 0);
        assert_eq!(reach[v(4, 2).index()], 5);
        assert_eq!(reach[v(2, 4).index()], 9);
        assert!(opponents_reach(&game, 1).iter().all(|&r| r != NEVER));
    }

    #[test]
    fn a_way_home_is_safe_when_it_closes_no_later_than_anyone_arrives() {
        // Home is two steps away, (2,3) then (2,2).
        let far = three_sides(v(9, 2));
        let home = shortest_way_home(&far, 0).expect("a way home");
        assert_eq!(home, [v(2, 3), v(2, 2)]);
        let reach = opponents_reach(&far, 0);
        assert!(is_safe(&reach, far.player(0).trail(), &home, 0));
        // Two steps from (4,2), the trail's corner: arriving as the loop closes is harmless,
        // one turn later start is not.
        let near = three_sides(v(6, 2));
        let reach = opponents_reach(&near, 0);
        assert!(is_safe(&reach, near.player(0).trail(), &home, 0));
        assert!(!is_safe(&reach, near.player(0).trail(), &home, 1));
    }

    #[test]
    fn it_may_extend_only_while_a_safe_way_home_remains() {
        let down = Action::new(Dir::Down, PenFlag::Keep);
        // One step down from (2,4) leaves home two steps away, (3,5) then (3,4): three turns.
        let far = three_sides(v(9, 0));
        assert!(may_extend(&far, 0, down, &opponents_reach(&far, 0)));
        let near = three_sides(v(6, 2));
        assert!(!may_extend(&near, 0, down, &opponents_reach(&near, 0)));
        // Stepping back is death, never an extension.
        let back = Action::new(Dir::Right, PenFlag::Keep);
        assert!(!may_extend(&far, 0, back, &opponents_reach(&far, 0)));
    }
}
