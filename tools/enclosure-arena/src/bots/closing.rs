//! Closing an open loop when the planned way round is blocked: the sparring bots (`bold`,
//! `spiral`) re-plan with [`closing_path`] instead of standing still with the pen down.

use std::collections::VecDeque;

use enclosure::bot::capture_value;
use enclosure::capture::interior_cells;
use enclosure::geometry::VERTICES;
use enclosure::score::SQUARE_POINTS;
use enclosure::{Game, Vertex};

use super::drawing::drawable_step;

/// The points a capture of the `unowned` cells among `cells` (4-connected: a rectangle, a
/// loop's interior) would add: the submission's own [`capture_value`], in points.
pub fn capture_points(cells: u128, unowned: u128) -> u64 {
    SQUARE_POINTS as u64 * u64::from(capture_value(cells, unowned))
}

/// The vertices where other live players stand (a trail through one is cut at once).
pub fn others_mask(game: &Game, seat: usize) -> u128 {
    game.players()
        .iter()
        .enumerate()
        .filter(|&(s, p)| s != seat && p.is_alive())
        .fold(0, |mask, (_, p)| mask | p.pos().bit())
}

/// The score `seat` would gain by closing its open trail onto the trail vertex `onto` after
/// walking `path` (the vertices after the current one, `onto` excluded).
pub fn closing_value(game: &Game, seat: usize, path: &[Vertex], onto: Vertex) -> u64 {
    let trail = game.player(seat).trail();
    let Some(start) = trail.iter().position(|&v| v == onto) else {
        return 0;
    };
    let mut polygon = trail[start..].to_vec();
    polygon.extend_from_slice(path);
    capture_points(interior_cells(&polygon), game.unowned_mask())
}

/// The best way for pen-down `seat` to close its loop: of [`closing_paths`], the one that
/// captures the most, then the shortest.
pub fn closing_path(game: &Game, seat: usize) -> Option<Vec<Vertex>> {
    closing_paths(game, seat)
        .into_iter()
        .max_by_key(|(value, path)| (*value, std::cmp::Reverse(path.len())))
        .map(|(_, path)| path)
}

/// Every way for pen-down `seat` to close its loop onto one of its trail vertices, with what
/// it captures: the steps from its current vertex (the last one on its trail), one shortest
/// path per trail vertex it can reach, found by a breadth-first search over drawable steps
/// that avoids the trail and every other live player's vertex.
pub fn closing_paths(game: &Game, seat: usize) -> Vec<(u64, Vec<Vertex>)> {
    let me = game.player(seat);
    let trail = me.trail();
    let from = me.pos();
    let previous = trail.len().checked_sub(2).map(|i| trail[i]);
    let blocked = others_mask(game, seat);
    let mut parent: Vec<Option<Vertex>> = vec![None; VERTICES];
    let mut seen = [false; VERTICES];
    let mut reached = 0u128;
    seen[from.index()] = true;
    let mut queue = VecDeque::from([from]);
    let mut found = Vec::new();
    while let Some(at) = queue.pop_front() {
        for next in neighbours(at) {
            if next == from || !drawable_step(game, at, next) || blocked & next.bit() != 0 {
                continue; // back onto the current vertex is a step backwards: death
            }
            if me.on_trail(next) {
                if (at == from && Some(next) == previous) || reached & next.bit() != 0 {
                    continue; // stepping back is death; one (shortest) path per vertex
                }
                reached |= next.bit();
                let mut path = unwind(&parent, from, at);
                let value = closing_value(game, seat, &path, next);
                path.push(next);
                found.push((value, path));
                continue;
            }
            if !seen[next.index()] {
                seen[next.index()] = true;
                parent[next.index()] = Some(at);
                queue.push_back(next);
            }
        }
    }
    found
}

/// The on-board neighbours of `v`.
pub fn neighbours(v: Vertex) -> impl Iterator<Item = Vertex> {
    enclosure::Dir::MOVES
        .into_iter()
        .map(move |d| v.step(d))
        .filter(|n| n.on_board())
}

/// The vertices from `from` (excluded) to `to` (included) along the search's parent links.
fn unwind(parent: &[Option<Vertex>], from: Vertex, to: Vertex) -> Vec<Vertex> {
    let mut path = Vec::new();
    let mut at = to;
    while at != from {
        path.push(at);
        at = parent[at.index()].expect("every reached vertex has a parent");
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use enclosure::{Action, Answer, Dir, PenFlag};

    fn play(game: &mut Game, seat: usize, dirs: &[(Dir, PenFlag)]) {
        for &(dir, flag) in dirs {
            let answers: Vec<Answer> = (0..game.seats())
                .map(|s| {
                    Some(Ok(if s == seat {
                        Action::new(dir, flag)
                    } else {
                        Action::STAY
                    }))
                })
                .collect();
            game.play_turn(&answers);
        }
    }

    #[test]
    fn the_chosen_closing_captures_the_most() {
        let mut game = Game::new(&[Some(Vertex::new(2, 2)), Some(Vertex::new(9, 9))]);
        use Dir::*;
        let k = PenFlag::Keep;
        let moves = [
            (Right, PenFlag::Down),
            (Right, k),
            (Down, k),
            (Down, k),
            (Left, k),
            (Left, k),
        ];
        play(&mut game, 0, &moves);
        // Straight back onto the start: the 2 x 2 square.
        let all = closing_paths(&game, 0);
        let home = [Vertex::new(2, 3), Vertex::new(2, 2)];
        assert!(all.contains(&(160, home.to_vec())), "{all:?}");
        assert_eq!(closing_value(&game, 0, &home[..1], home[1]), 160);
        // The best way round the outside onto (4, 2) captures more, and is the one chosen.
        let best = closing_path(&game, 0).expect("a way back");
        assert_eq!(best.last(), Some(&Vertex::new(4, 2)));
        let value = |path: &[Vertex]| {
            closing_value(&game, 0, &path[..path.len() - 1], path[path.len() - 1])
        };
        assert!(value(&best) > 160);
        assert!(all.iter().all(|(v, _)| *v <= value(&best)));
    }

    #[test]
    fn no_way_home_steps_out_and_back_onto_the_current_vertex() {
        let mut game = Game::new(&[Some(Vertex::new(0, 8)), Some(Vertex::new(9, 0))]);
        let moves = [(Dir::Right, PenFlag::Down), (Dir::Right, PenFlag::Keep)];
        play(&mut game, 0, &moves);
        let pos = game.player(0).pos();
        for (_, path) in closing_paths(&game, 0) {
            assert_ne!(path.last(), Some(&pos), "{path:?}");
            assert!(path.len() >= 3, "{path:?}");
        }
    }
}
