//! Thinking's playouts against fitted opponents, in small set-ups.

use super::*;
use crate::action::{Action, PenFlag};
use crate::bot::model::MIN_CHANCES;

fn v(x: i32, y: i32) -> Vertex {
    Vertex::new(x, y)
}

/// Seat 0 has drawn (2,2) (3,2) (4,2) (4,3) (4,4); seat 1 stands at `opponent`.
fn drawn(opponent: Vertex) -> Game {
    drawn_among(&[opponent])
}

/// As `drawn`, with `others` in seats 1, 2, ... standing still.
fn drawn_among(others: &[Vertex]) -> Game {
    let starts: Vec<_> = [v(2, 2)].iter().chain(others).map(|&at| Some(at)).collect();
    let mut game = Game::new(&starts);
    let stay = Some(Ok(Action::STAY));
    for (dir, flag) in [
        (Dir::Right, PenFlag::Down),
        (Dir::Right, PenFlag::Keep),
        (Dir::Down, PenFlag::Keep),
        (Dir::Down, PenFlag::Keep),
    ] {
        let mut actions = vec![stay; starts.len()];
        actions[0] = Some(Ok(Action::new(dir, flag)));
        game.play_turn(&actions);
    }
    game
}

/// A record of `taken` chases out of `chances` offered, and of passing by trails often
/// enough at every watched distance to be trusted there.
fn chaser(chances: u32, taken: u32) -> Vec<Record> {
    let seat1 = Record {
        chances,
        chances_taken: taken,
        passes: [20; 3],
        ..Record::default()
    };
    vec![Record::default(), seat1]
}

/// The danger of closing the drawn trail the long way round, (4,5) .. (2,5) (2,4) (2,3) (2,2).
fn long_way(game: &Game, records: &[Record], playouts: u32) -> u32 {
    let board = Board::new(game);
    let path = [v(4, 5), v(3, 5), v(2, 5), v(2, 4), v(2, 3), v(2, 2)];
    let plan = Plan {
        trail: game.player(0).trail(),
        walk: &[],
        draw: &path,
    };
    Futures::new(game, 0, &board, records).danger(&plan, playouts)
}

#[test]
fn a_chaser_next_to_the_trail_cuts_it() {
    let game = drawn(v(5, 2));
    let danger = long_way(&game, &chaser(20, 20), 200);
    assert!(danger >= 900, "{danger}");
}

#[test]
fn one_that_never_chased_cuts_it_less_often() {
    let game = drawn(v(6, 2));
    let wanderer = long_way(&game, &chaser(20, 0), 200);
    let hunter = long_way(&game, &chaser(20, 20), 200);
    assert!(wanderer < 300 && hunter > 700, "{wanderer} {hunter}");
}

#[test]
fn among_two_or_three_opponents_one_offered_too_few_chances_is_not_assumed_to_chase() {
    // Every chance it had, it took, but too few to tell. Two steps from the trail it is out
    // of its grab reach, so only a chase could cut the loop; the others idle in far corners,
    // out of reach.
    let danger = |corners: &[Vertex], chances, taken| {
        let others: Vec<_> = [v(6, 2)].iter().chain(corners).copied().collect();
        let mut records = chaser(chances, taken);
        records.resize(others.len() + 1, Record::default());
        long_way(&drawn_among(&others), &records, 200)
    };
    let three = [v(10, 10), v(10, 0)];
    let unknown = danger(&three, MIN_CHANCES - 1, MIN_CHANCES - 1);
    let wanderer = danger(&three, 20, 0);
    let hunter = danger(&three, MIN_CHANCES, MIN_CHANCES);
    assert!(
        unknown <= wanderer + 50 && hunter > 700,
        "{unknown} {wanderer} {hunter}"
    );
    let two = &three[..1];
    let unknown = danger(two, MIN_CHANCES - 1, MIN_CHANCES - 1);
    let wanderer = danger(two, 20, 0);
    assert!(
        unknown <= wanderer + 50,
        "two opponents: {unknown} {wanderer}"
    );
    // In a duel the estimate's prior stands: it may chase.
    let prior = danger(&[], MIN_CHANCES - 1, MIN_CHANCES - 1);
    assert!(prior > 700, "a duel: {prior}");
}

#[test]
fn one_never_seen_next_to_a_trail_is_assumed_to_step_on() {
    // Never chased, but never seen passing a trail either: two steps away, the rules'
    // worst case stays the floor.
    let game = drawn(v(6, 2));
    let mut unseen = chaser(20, 0);
    unseen[1].passes = [0; 3];
    let floor = long_way(&game, &unseen, 200);
    // Trusted at every distance, but it stepped on from one: only one step counts.
    unseen[1].passes = [20; 3];
    unseen[1].grabbed_from = 1;
    let one_step = long_way(&game, &unseen, 200);
    assert_eq!(long_way(&drawn(v(5, 3)), &unseen, 200), 1000);
    unseen[1].grabbed_from = 0;
    let trusted = long_way(&game, &unseen, 200);
    assert!(floor >= 900 && trusted < one_step && one_step < floor);
}

#[test]
fn among_three_opponents_the_unseen_are_assumed_to_step_on_from_two_steps_only() {
    // Three steps from the trail, never seen near one, and never chasing; the others idle
    // in far corners.
    let danger = |corners: &[Vertex], grabbed_from| {
        let others: Vec<_> = [v(7, 3)].iter().chain(corners).copied().collect();
        let mut records = chaser(20, 0);
        records[1].passes = [0; 3];
        records[1].grabbed_from = grabbed_from;
        records.resize(others.len() + 1, Record::default());
        long_way(&drawn_among(&others), &records, 200)
    };
    let three = [v(10, 10), v(10, 0)];
    let crowd = danger(&three, 0);
    // Seen stepping on from three: it counts from there again.
    let shown = danger(&three, 3);
    // With fewer opponents the rules' three steps stay the floor.
    let duel = danger(&[], 0);
    assert!(
        crowd < 500 && shown >= 900 && duel >= 900,
        "{crowd} {shown} {duel}"
    );
}

#[test]
fn an_opponent_out_of_reach_is_no_danger() {
    let game = drawn(v(10, 10));
    assert_eq!(long_way(&game, &chaser(20, 20), 200), 0);
}

#[test]
fn a_turn_replays_the_same_and_no_playouts_judge_nothing() {
    let game = drawn(v(6, 2));
    let records = chaser(4, 2);
    assert_eq!(long_way(&game, &records, 64), long_way(&game, &records, 64));
    assert_eq!(long_way(&game, &records, 0), 0);
}

#[test]
fn a_drawer_heads_home_after_its_usual_loop() {
    // Seat 1 drew (7,4) (7,5): with loops of 4 moves on record, it closes within a few
    // steps and never reaches our trail four columns away in six turns.
    let mut game = drawn(v(7, 4));
    game.play_turn(&[
        Some(Ok(Action::STAY)),
        Some(Ok(Action::new(Dir::Down, PenFlag::Down))),
    ]);
    let mut records = chaser(20, 0);
    records[1].loops = 3;
    records[1].loop_moves = 12;
    assert!(long_way(&game, &records, 200) < 100);
}

#[test]
fn the_rules_choice_is_left_only_for_a_clearly_better_plan() {
    let rules = worth_per_turn(100, 0, 300, 10, RULES_CREDIT);
    assert!(
        worth_per_turn(120, 0, 300, 10, 0) < rules,
        "20% more: not enough"
    );
    assert!(worth_per_turn(130, 0, 300, 10, 0) > rules, "30% more");
    // Credited, a rules' choice likely to be cut is still worth less than nothing, but less
    // far below: an alternative must beat it by the same share.
    let doomed = worth_per_turn(100, 900, 300, 10, RULES_CREDIT);
    assert!(doomed < 0 && doomed > worth_per_turn(100, 900, 300, 10, 0));
}

#[test]
fn while_three_opponents_live_the_rules_choice_is_credited_more() {
    let corners = [v(0, 0), v(10, 0), v(0, 10), v(10, 10)].map(Some);
    let four = Game::new(&corners);
    let three = Game::new(&corners[..3]);
    assert_eq!(rules_credit(&three), RULES_CREDIT);
    let credited = |game| worth_per_turn(100, 0, 300, 10, rules_credit(game));
    assert!(credited(&four) > credited(&three));
}

#[test]
fn a_drawer_is_as_near_our_trail_as_the_edges_it_may_draw_go() {
    // Seat 1 takes cells (5,4) and (5,5): the edge from (6,5) to (5,5) lies inside its land,
    // where it may walk but not draw.
    let mut game = Game::new(&[Some(v(0, 0)), Some(v(5, 4))]);
    for (dir, flag) in [
        (Dir::Right, PenFlag::Down),
        (Dir::Down, PenFlag::Keep),
        (Dir::Down, PenFlag::Keep),
        (Dir::Left, PenFlag::Keep),
        (Dir::Up, PenFlag::Keep),
        (Dir::Up, PenFlag::Keep),
    ] {
        game.play_turn(&[Some(Ok(Action::STAY)), Some(Ok(Action::new(dir, flag)))]);
    }
    let board = Board::new(&game);
    let distance = |drawing| distances_to(&board, v(4, 5).bit(), 1, drawing)[v(6, 5).index()];
    assert_eq!(distance(false), 2, "walked across its land");
    assert_eq!(distance(true), 4, "drawn round it");
}

#[test]
fn among_two_or_more_opponents_a_chasers_reach_is_not_its_reach_while_drawing() {
    // Seat 1 once ran onto a trail from six steps: a chase, with its pen up. While it draws,
    // among three opponents it is assumed to head for ours from two steps at most; in a duel
    // from six.
    let mut records = chaser(20, 10);
    records[1].grabbed_from = 6;
    assert_eq!(
        reaches(&records, &[v(6, 2), v(10, 10), v(10, 0)]),
        (6, CROWD_REACH as u32)
    );
    assert_eq!(reaches(&records, &[v(6, 2)]), (6, 6));
}

/// Seat 1's grab reaches, pen up and drawing, with `others` in seats 1, 2, ... and seat 1's
/// record from `records` (the others' records empty).
fn reaches(records: &[Record], others: &[Vertex]) -> (u32, u32) {
    let game = drawn_among(others);
    let board = Board::new(&game);
    let mut records = records.to_vec();
    records.resize(others.len() + 1, Record::default());
    let futures = Futures::new(&game, 0, &board, &records);
    let o = &futures.opponents[0];
    (o.reach, o.draw_reach)
}

#[test]
fn among_three_opponents_a_drawer_steps_onto_our_trail_from_one_step_until_it_shows_two() {
    // Never seen near a trail: its reach is the worst case, two steps among three
    // opponents; while it draws, one.
    let mut records = chaser(20, 0);
    records[1].passes = [0; 3];
    let crowd = [v(6, 2), v(10, 10), v(10, 0)];
    assert_eq!(reaches(&records, &crowd), (2, CROWD_DRAW_REACH));
    // Seen stepping onto a trail from two steps: from two again.
    records[1].grabbed_from = 2;
    assert_eq!(reaches(&records, &crowd), (2, 2));
    // With two opponents, the rules' three steps for both.
    records[1].grabbed_from = 0;
    assert_eq!(reaches(&records, &crowd[..2]), (3, 3));
}
