//! Guarding a lead in a duel. Rank, not margin, is what a game is worth, and a drawer dies
//! when anyone stands on its trail, its first vertex included. So once one opponent is left
//! and we lead every seat, we stop drawing and stand on its vertex (or as near as we may
//! walk): a loop it starts there is cut at once, which also hands us every unowned cell, and a
//! careful bot does not start one at all. A drawing rival is met on its trail instead. A lead
//! the rival cannot overturn even by taking every unowned cell as one region needs no guard;
//! then we play on for score.

use super::bfs::{Bfs, FAR};
use super::model::lone_rival;
use crate::geometry::{Dir, Vertex};
use crate::score::SQUARE_POINTS;
use crate::state::{Game, Player};

/// The opponent to guard: the last one alive, when we lead every other seat's score and the
/// lead is still at risk.
pub fn rival(game: &Game, seat: usize) -> Option<usize> {
    let rival = lone_rival(game, seat)?;
    // Points, not score: a lead is land, not a lower seat number's tie-break.
    let mine = game.points(seat);
    let leading = (0..game.seats())
        .filter(|&s| s != seat)
        .all(|s| game.points(s) < mine);
    let unowned = game.unowned_count() as i64;
    let at_risk = game.points(rival) + SQUARE_POINTS * unowned * unowned >= mine;
    (leading && at_risk).then_some(rival)
}

/// Our first step towards `rival`, given our pen-up walk (`Board::walk`), or `None` to stay
/// where we are. A drawing rival: the nearest vertex of its trail (standing there kills it).
/// Otherwise: the vertex we can reach nearest to it as the crow flies (it may stand inside its
/// own land, where we may not walk).
pub fn step(rival: &Player, walk: &Bfs) -> Option<Dir> {
    let mine = &walk.dist;
    let reachable = |v: &Vertex| mine[v.index()] < FAR;
    let target = match rival
        .trail()
        .iter()
        .filter(|v| reachable(v))
        .min_by_key(|v| mine[v.index()])
    {
        Some(&cut) => cut,
        None => {
            let at = rival.pos();
            Vertex::all()
                .filter(reachable)
                .min_by_key(|v| (v.manhattan(at), mine[v.index()]))?
        }
    };
    walk.first_step(target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Action, PenFlag};
    use crate::bot::board::Board;

    fn v(x: i32, y: i32) -> Vertex {
        Vertex::new(x, y)
    }

    /// Two players; seat 0 closes a 2 x 2 loop from (0,0) (160 points) while seat 1 stays.
    fn duel_after_a_capture(rival_at: Vertex) -> Game {
        let mut game = Game::new(&[Some(v(0, 0)), Some(rival_at)]);
        let stay = Some(Ok(Action::STAY));
        let moves = [
            (Dir::Right, PenFlag::Down),
            (Dir::Right, PenFlag::Keep),
            (Dir::Down, PenFlag::Keep),
            (Dir::Down, PenFlag::Keep),
            (Dir::Left, PenFlag::Keep),
            (Dir::Left, PenFlag::Keep),
            (Dir::Up, PenFlag::Keep),
            (Dir::Up, PenFlag::Keep),
        ];
        for (dir, flag) in moves {
            game.play_turn(&[Some(Ok(Action::new(dir, flag))), stay]);
        }
        assert_eq!(game.areas(0), vec![4]);
        game
    }

    #[test]
    fn guards_only_a_lead_at_risk_in_a_duel() {
        // Before any capture seat 0 is ahead only by its tie-break: no lead to guard.
        let start = Game::new(&[Some(v(0, 0)), Some(v(8, 8))]);
        assert_eq!(start.scores(), vec![4, 3]);
        assert_eq!(rival(&start, 0), None);
        let game = duel_after_a_capture(v(8, 8));
        assert_eq!(rival(&game, 0), Some(1), "we lead 160 points to none");
        assert_eq!(rival(&game, 1), None, "the rival trails");
        // A lead the rival cannot catch even with every unowned cell: play on instead.
        let mut won = Game::new(&[Some(v(0, 0)), Some(v(8, 8))]);
        let cells: Vec<(i32, i32)> = (0..90).map(|i| (i % 10, i / 10)).collect();
        won.add_region(0, &cells);
        assert_eq!(won.unowned_count(), 10);
        assert_eq!(rival(&won, 0), None, "81,000 points against at most 1,000");
        // Three players alive: no duel yet.
        let mut three = Game::new(&[Some(v(0, 0)), Some(v(8, 8)), Some(v(5, 5))]);
        three.players[0] = game.players[0].clone();
        assert_eq!(rival(&three, 0), None);
    }

    #[test]
    fn walks_to_the_rival_and_then_to_its_trail() {
        let mut game = duel_after_a_capture(v(8, 8));
        let me = game.player(0).pos();
        let walk = Board::new(&game).walk(0, me, 0);
        let towards = step(game.player(1), &walk).expect("far from the rival");
        let next = me.step(towards);
        assert!(
            next.x + next.y > me.x + me.y,
            "a step towards (8, 8): {towards:?}"
        );
        // On its vertex (pen up, both are safe there): stay. A loop it starts now has our
        // vertex on its trail and dies at once.
        game.players[0].pos = v(8, 8);
        let walk = Board::new(&game).walk(0, v(8, 8), 0);
        assert_eq!(step(game.player(1), &walk), None);
        // Farther off, it puts its pen down and walks left: we head for its trail, not for it.
        game.players[0].pos = v(6, 6);
        let stay = Some(Ok(Action::STAY));
        game.play_turn(&[stay, Some(Ok(Action::new(Dir::Left, PenFlag::Down)))]);
        assert_eq!(game.player(1).trail(), &[v(8, 8), v(7, 8)]);
        let walk = Board::new(&game).walk(0, v(6, 6), 0);
        let towards = step(game.player(1), &walk).expect("a trail to cut");
        let next = v(6, 6).step(towards);
        assert!(
            (7 - next.x).abs() + (8 - next.y).abs() == 2,
            "towards (7, 8): {towards:?}"
        );
    }
}
