//! Property tests on seeded random games: invariants after every turn, an independent
//! oracle for the loop geometry, and the rebuild-from-statuses equivalence.
mod common;

use enclosure::geometry::edge_sides;
use enclosure::{Action, Answer, DeathCause, Dir, Event, Game, PenFlag, Tracker, Vertex};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random player that mostly avoids obvious suicide (off-board, trespass, backwards, own
/// land with the pen down) but sometimes does anything at all, including garbage. Now and
/// then it plans a k x k square (`plan`: the moves left) so that big loops close and catch
/// players inside.
fn random_answer(game: &Game, seat: usize, rng: &mut ChaCha8Rng, plan: &mut Vec<Dir>) -> Answer {
    let p = game.player(seat);
    if !p.is_alive() {
        return None;
    }
    let roll: f64 = rng.random();
    if roll < 0.005 {
        return Some(Err(DeathCause::Timeout));
    }
    let flags = [PenFlag::Keep, PenFlag::Down, PenFlag::Mud];
    if roll < 0.02 {
        let dir = Dir::ALL[rng.random_range(0..5)];
        return Some(Ok(Action::new(dir, flags[rng.random_range(0..3)])));
    }
    let mut choices = Vec::new();
    for dir in Dir::ALL {
        let to = p.pos().step(dir);
        if !to.on_board() {
            continue;
        }
        let trail = p.trail();
        if p.pen_down() && dir.is_move() && trail.len() >= 2 && to == trail[trail.len() - 2] {
            continue;
        }
        let inside_owner = if dir.is_move() {
            match edge_sides(p.pos(), to) {
                [Some(a), Some(b)] => match (game.region_at(a), game.region_at(b)) {
                    (Some(ra), Some(rb)) if ra == rb => Some(game.regions()[ra].owner),
                    _ => None,
                },
                _ => None,
            }
        } else {
            None
        };
        if inside_owner.is_some_and(|o| o != seat) {
            continue;
        }
        if p.pen_down() {
            if inside_owner.is_none() {
                // Weight moves over stays so that loops get closed.
                let weight = if dir.is_move() { 4 } else { 1 };
                for _ in 0..weight {
                    choices.push(Action::new(dir, PenFlag::Keep));
                }
            }
            continue;
        }
        choices.push(Action::new(dir, PenFlag::Keep));
        if inside_owner.is_none() {
            for _ in 0..2 {
                choices.push(Action::new(dir, PenFlag::Down));
            }
        }
        if dir.is_move() && rng.random_bool(0.1) {
            choices.push(Action::new(dir, PenFlag::Mud));
        }
    }
    if choices.is_empty() {
        plan.clear();
        return Some(Ok(Action::STAY));
    }
    if p.stuck_left() == 0 {
        if !p.pen_down() && plan.is_empty() && rng.random_bool(0.35) {
            let k = rng.random_range(2..=4);
            let turn = if rng.random_bool(0.5) {
                [Dir::Right, Dir::Down, Dir::Left, Dir::Up]
            } else {
                [Dir::Up, Dir::Left, Dir::Down, Dir::Right]
            };
            let first = rng.random_range(0..4);
            *plan = (0..4)
                .flat_map(|i| vec![turn[(first + i) % 4]; k])
                .collect();
            plan.reverse();
        }
        if let Some(&dir) = plan.last() {
            let flag = if p.pen_down() {
                PenFlag::Keep
            } else {
                PenFlag::Down
            };
            let wanted = Action::new(dir, flag);
            plan.pop();
            if choices.contains(&wanted) {
                return Some(Ok(wanted));
            }
            plan.clear();
        }
    } else {
        plan.clear();
    }
    Some(Ok(choices[rng.random_range(0..choices.len())]))
}

/// A game of 2 to 4 seats starting near the centre (so that players meet), with a plan per seat.
fn random_game(rng: &mut ChaCha8Rng) -> (Game, Vec<Vec<Dir>>) {
    let seats = rng.random_range(2..=4);
    let starts: Vec<Option<Vertex>> = (0..seats)
        .map(|_| {
            if rng.random_bool(0.02) {
                None
            } else {
                Some(Vertex::new(
                    rng.random_range(2..=8),
                    rng.random_range(2..=8),
                ))
            }
        })
        .collect();
    let plans = (0..seats)
        .map(|_| {
            if rng.random_bool(0.3) {
                vec![Dir::Stay]
            } else {
                Vec::new()
            }
        })
        .collect();
    (Game::new(&starts), plans)
}

/// One answer per seat. Seats whose plan is `[Stay]` are sitters: they mostly stay put
/// (pen up), which is what gets players caught inside loops.
fn random_answers(game: &Game, rng: &mut ChaCha8Rng, plans: &mut [Vec<Dir>]) -> Vec<Answer> {
    (0..game.seats())
        .map(|s| {
            if plans[s] == [Dir::Stay] && game.player(s).is_alive() && rng.random_bool(0.95) {
                return Some(Ok(Action::STAY));
            }
            let mut plan = if plans[s] == [Dir::Stay] {
                Vec::new()
            } else {
                std::mem::take(&mut plans[s])
            };
            let answer = random_answer(game, s, rng, &mut plan);
            if plans[s] != [Dir::Stay] {
                plans[s] = plan;
            }
            answer
        })
        .collect()
}

// ---------- the independent geometry oracle ----------

/// Cells strictly inside a closed grid polygon by flood fill from outside the board: two
/// neighbouring cells connect unless a polygon edge separates them.
fn oracle_interior(poly: &[Vertex]) -> Vec<(i32, i32)> {
    use std::collections::HashSet;
    let mut walls = HashSet::new();
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        walls.insert(((a.x, a.y), (b.x, b.y)));
        walls.insert(((b.x, b.y), (a.x, a.y)));
    }
    // Cells -1..=10 on both axes; the ring of padding cells is outside.
    let mut outside = HashSet::new();
    let mut stack = vec![(-1, -1)];
    outside.insert((-1, -1));
    while let Some((x, y)) = stack.pop() {
        // Moving right from cell (x,y) crosses the edge (x+1,y)-(x+1,y+1), and so on.
        let moves = [
            ((x + 1, y), ((x + 1, y), (x + 1, y + 1))),
            ((x - 1, y), ((x, y), (x, y + 1))),
            ((x, y + 1), ((x, y + 1), (x + 1, y + 1))),
            ((x, y - 1), ((x, y), (x + 1, y))),
        ];
        for (next, edge) in moves {
            let (nx, ny) = next;
            if !(-1..=10).contains(&nx) || !(-1..=10).contains(&ny) || walls.contains(&edge) {
                continue;
            }
            if outside.insert(next) {
                stack.push(next);
            }
        }
    }
    let mut inside = Vec::new();
    for y in 0..10 {
        for x in 0..10 {
            if !outside.contains(&(x, y)) {
                inside.push((x, y));
            }
        }
    }
    inside
}

/// Whether vertex `v` is strictly inside `poly`: off the polygon, and a ray from a point just
/// beside it (not on any grid line) crosses the polygon's vertical edges an odd number of times.
fn oracle_strictly_inside(poly: &[Vertex], v: Vertex) -> bool {
    if poly.contains(&v) {
        return false;
    }
    let (px, py) = (v.x as f64 + 0.1, v.y as f64 + 0.2);
    let mut crossings = 0;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if a.x == b.x && (a.x as f64) > px {
            let (lo, hi) = (a.y.min(b.y) as f64, a.y.max(b.y) as f64);
            if lo < py && py < hi {
                crossings += 1;
            }
        }
    }
    crossings % 2 == 1
}

/// The loop `seat` closes with `answer`, if any: the trail part from the revisited vertex.
fn closing_polygon(game: &Game, seat: usize, answer: &Answer) -> Option<Vec<Vertex>> {
    let p = game.player(seat);
    let Some(Ok(action)) = answer else {
        return None;
    };
    if !p.is_alive() || !p.pen_down() || p.stuck_left() > 0 || !action.dir.is_move() {
        return None;
    }
    let to = p.pos().step(action.dir);
    let k = p.trail().iter().position(|&t| t == to)?;
    let trail = p.trail();
    if k + 2 == trail.len() {
        return None; // backwards: death, not a loop
    }
    Some(trail[k..].to_vec())
}

// ---------- invariants ----------

fn check_invariants(before: &Game, after: &Game, events: &[Event]) {
    let seats = after.seats();
    // Regions never overlap and never change: each region's area is its cell count, and
    // the old regions are a prefix of the new list.
    let mut counted = vec![0usize; after.regions().len()];
    let mut owned = 0;
    for y in 0..10 {
        for x in 0..10 {
            if let Some(r) = after.region_of(x, y) {
                counted[r] += 1;
                owned += 1;
                if let Some(old) = before.region_of(x, y) {
                    assert_eq!(old, r, "a cell changed region");
                }
            }
        }
    }
    for (r, region) in after.regions().iter().enumerate() {
        assert_eq!(region.id, r);
        assert_eq!(region.area, counted[r], "region {r} area");
        assert!(region.area > 0);
    }
    assert_eq!(&after.regions()[..before.regions().len()], before.regions());
    assert_eq!(owned + after.unowned_count(), 100);
    for seat in 0..seats {
        let (a, b) = (before.player(seat), after.player(seat));
        // Owned area never shrinks.
        let area = |g: &Game| g.areas(seat).iter().sum::<usize>();
        assert!(area(after) >= area(before));
        // A dead player never moves or comes back.
        if !a.is_alive() {
            assert_eq!(a, b, "a dead player changed");
        }
        // Every trail is a simple path ending where the player stands.
        let trail = b.trail();
        assert_eq!(b.pen_down(), !trail.is_empty());
        if !b.is_alive() {
            assert!(trail.is_empty());
        }
        if let Some(&last) = trail.last() {
            assert_eq!(last, b.pos());
        }
        for (i, t) in trail.iter().enumerate() {
            assert!(t.on_board());
            assert!(!trail[..i].contains(t), "trail repeats {t:?}");
            if i > 0 {
                assert!(Dir::between(trail[i - 1], *t).is_some_and(|d| d.is_move()));
            }
        }
        assert!(b.pos().on_board());
        assert!(b.stuck_left() <= 5);
    }
    // Captured cells were unowned before and are now owned by the capturer.
    for e in events {
        if let Event::Capture {
            seat,
            region,
            cells,
        } = e
        {
            for &(x, y) in cells {
                assert_eq!(before.region_of(x, y), None);
                assert_eq!(after.region_of(x, y), Some(*region));
            }
            assert_eq!(after.regions()[*region].owner, *seat);
        }
    }
}

/// Everything but the causes of deaths, which a bot cannot always see.
fn without_causes(g: &Game) -> String {
    let players: Vec<_> = g
        .players()
        .iter()
        .map(|p| {
            (
                p.pos(),
                p.is_alive(),
                p.pen_down(),
                p.trail().to_vec(),
                p.stuck_left(),
                p.mud_casts(),
            )
        })
        .collect();
    let cells: Vec<_> = (0..100).map(|c| g.region_at(c)).collect();
    format!(
        "{:?} {:?} {:?} {:?} {}",
        players,
        cells,
        g.regions(),
        g.traps(),
        g.turn()
    )
}

#[test]
fn random_games_keep_every_invariant_and_match_the_geometry_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(2013);
    let (mut turns, mut captures, mut oracle_checks, mut enclosed) = (0, 0, 0, 0);
    for _ in 0..3000 {
        let (mut game, mut plans) = random_game(&mut rng);
        while !game.is_over() {
            let answers = random_answers(&game, &mut rng, &mut plans);
            let closings: Vec<(usize, Vec<Vertex>)> = (0..game.seats())
                .filter_map(|s| closing_polygon(&game, s, &answers[s]).map(|p| (s, p)))
                .collect();
            let before = game.clone();
            let events = game.play_turn(&answers);
            check_invariants(&before, &game, &events);
            turns += 1;

            captures += events
                .iter()
                .filter(|e| matches!(e, Event::Capture { .. }))
                .count();
            // With exactly one loop closing and its owner alive after step 1, the oracle
            // predicts the capture and the kills.
            if let [(seat, poly)] = &closings[..] {
                let survived_step_1 = !events.iter().any(|e| {
                    matches!(e, Event::Death { seat: s, cause } if s == seat && cause.is_before_moves())
                });
                if survived_step_1 {
                    oracle_checks += 1;
                    let expected: Vec<(i32, i32)> = oracle_interior(poly)
                        .into_iter()
                        .filter(|&(x, y)| before.region_of(x, y).is_none())
                        .collect();
                    let mut got: Vec<(i32, i32)> = events
                        .iter()
                        .filter_map(|e| match e {
                            Event::Capture { seat: s, cells, .. } if s == seat => {
                                Some(cells.clone())
                            }
                            _ => None,
                        })
                        .flatten()
                        .collect();
                    got.sort_by_key(|&(x, y)| (y, x));
                    assert_eq!(got, expected, "capture of {poly:?}");
                    for other in 0..game.seats() {
                        let was_alive = before.player(other).is_alive()
                            && !events.iter().any(|e| matches!(e, Event::Death { seat: s, cause } if *s == other && cause.is_before_moves()));
                        let at = game.player(other).pos();
                        let inside = oracle_strictly_inside(poly, at);
                        let died_enclosed = events.iter().any(|e| {
                            matches!(e, Event::Death { seat: s, cause: DeathCause::Enclosed } if *s == other)
                        });
                        assert_eq!(
                            died_enclosed,
                            was_alive && inside,
                            "seat {other} at {at:?} in {poly:?}"
                        );
                        enclosed += died_enclosed as usize;
                    }
                }
            }
        }
        game.finish();
        let before = game.clone();
        assert!(game.finish().is_empty());
        assert_eq!(game, before);
    }
    // The generator must exercise what it claims to test.
    assert!(turns > 20_000, "{turns} turns");
    assert!(captures > 1_000, "{captures} captures");
    assert!(oracle_checks > 1_000, "{oracle_checks} oracle checks");
    eprintln!(
        "{turns} turns, {captures} captures, {oracle_checks} oracle checks, {enclosed} enclosed"
    );
    assert!(enclosed > 20, "{enclosed} enclosed kills");
}

#[test]
fn the_tracker_rebuilds_the_referees_state_after_every_turn() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut turns = 0;
    for _ in 0..1000 {
        let (mut game, mut plans) = random_game(&mut rng);
        let mut tracker = Tracker::new();
        // A bot sees statuses only while it is alive; the tracker of a spectator sees all.
        while !game.is_over() {
            let rebuilt = tracker.observe_line(&game.status_line()).unwrap();
            // Statuses list four seats: a 2- or 3-seat game is rebuilt with its absent seats.
            assert_eq!(without_causes(rebuilt), without_causes(&game.padded()));
            for (r, g) in rebuilt.players().iter().zip(game.players()) {
                // Deaths after the moves are rebuilt with their cause.
                if let Some(cause) = g.death() {
                    if !cause.is_before_moves() {
                        assert_eq!(r.death(), Some(cause));
                    }
                }
            }
            let answers = random_answers(&game, &mut rng, &mut plans);
            game.play_turn(&answers);
            turns += 1;
        }
        let rebuilt = tracker.observe_line(&game.status_line()).unwrap();
        assert_eq!(without_causes(rebuilt), without_causes(&game.padded()));
    }
    assert!(turns > 10_000, "{turns} turns");
}

#[test]
fn the_geometry_oracle_agrees_on_hand_made_shapes() {
    let square: Vec<Vertex> = [
        (0, 0),
        (1, 0),
        (2, 0),
        (2, 1),
        (2, 2),
        (1, 2),
        (0, 2),
        (0, 1),
    ]
    .iter()
    .map(|&(x, y)| Vertex::new(x, y))
    .collect();
    assert_eq!(
        oracle_interior(&square),
        vec![(0, 0), (1, 0), (0, 1), (1, 1)]
    );
    assert!(oracle_strictly_inside(&square, Vertex::new(1, 1)));
    assert!(!oracle_strictly_inside(&square, Vertex::new(1, 0)));
    assert!(!oracle_strictly_inside(&square, Vertex::new(3, 1)));
}
