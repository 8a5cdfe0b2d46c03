//! The planner's behaviour in small set-ups (thinking's own side is tested in `think`).

use super::*;

fn v(x: i32, y: i32) -> Vertex {
    Vertex::new(x, y)
}

#[test]
fn alone_in_a_corner_it_grows_a_big_loop() {
    let mut game = Game::new(&[Some(v(0, 0)), Some(v(10, 10))]);
    let mut bot = Planner::new();
    let mut action = bot.act(0, &game);
    while game.regions().is_empty() {
        assert!(game.turn() < 40, "no loop closed in 40 turns");
        game.play_turn(&[Some(Ok(action)), Some(Ok(Action::STAY))]);
        action = bot.act(0, &game);
    }
    // Far from the only opponent, the race allows a loop much larger than a unit square.
    assert!(game.regions()[0].area >= 12, "{:?}", game.regions());
    assert!(game.turn() < 30, "closed only in turn {}", game.turn());
}

#[test]
fn walks_onto_a_trail_it_reaches_first() {
    let mut game = Game::new(&[Some(v(5, 4)), Some(v(3, 3))]);
    let down = |d| Some(Ok(Action::new(d, PenFlag::Down)));
    let keep = |d| Some(Ok(Action::new(d, PenFlag::Keep)));
    game.play_turn(&[Some(Ok(Action::STAY)), down(Dir::Right)]);
    game.play_turn(&[Some(Ok(Action::STAY)), keep(Dir::Right)]);
    // Seat 1 drew (3,3) -> (4,3) -> (5,3); (5,3) is one step up from us.
    let mut bot = Planner::new();
    let action = bot.act(0, &game);
    assert_eq!(action.dir, Dir::Up);
}

/// The trail the planner in seat 0 would walk to, with seat 1 drawing (3,3) -> (5,3) one
/// step above it at (5,4), and `others` more opponents standing in far corners.
fn hunted_beside(others: usize, land: bool) -> Option<(usize, Vertex)> {
    let starts = [v(5, 4), v(3, 3), v(10, 10), v(0, 10)].map(Some);
    let mut game = Game::new(&starts[..2 + others]);
    let stay = Some(Ok(Action::STAY));
    for flag in [PenFlag::Down, PenFlag::Keep] {
        let mut actions = vec![stay; 2 + others];
        actions[1] = Some(Ok(Action::new(Dir::Right, flag)));
        game.play_turn(&actions);
    }
    if land {
        game.add_region(0, &[(9, 0)]);
    }
    hunted(&game, Params::default())
}

/// The opponent and trail vertex the planner in seat 0 would walk to in `game`.
fn hunted(game: &Game, params: Params) -> Option<(usize, Vertex)> {
    let bot = Planner::with_params(params);
    let turn = Turn::new(0, game, Board::new(game), &bot.params, &bot.model);
    let mine = turn.board.walk(0, turn.pos(), 0).dist;
    bot.hunt(&turn, &mine)
}

#[test]
fn among_two_or_more_opponents_it_chases_only_once_it_holds_land() {
    let prey = Some((1, v(5, 3)));
    assert_eq!(hunted_beside(0, false), prey, "a duel: chase at once");
    assert_eq!(hunted_beside(1, false), None, "no land yet: build first");
    assert_eq!(hunted_beside(2, false), None);
    assert_eq!(hunted_beside(1, true), prey);
    assert_eq!(hunted_beside(2, true), prey);
}

/// What the planner in seat 0, standing at (1,10), would walk to in a duel while seat 1 draws
/// (2,0) right to (8,0) and down to (8,5): a loop that could close round 30 cells, and could
/// close at all in six moves, while we need eleven to reach its trail.
fn hunted_far_off(params: Params) -> Option<(usize, Vertex)> {
    let mut game = Game::new(&[Some(v(1, 10)), Some(v(2, 0))]);
    let stay = Some(Ok(Action::STAY));
    let moves = [(Dir::Right, PenFlag::Down)]
        .into_iter()
        .chain([(Dir::Right, PenFlag::Keep); 5])
        .chain([(Dir::Down, PenFlag::Keep); 5]);
    for (dir, flag) in moves {
        game.play_turn(&[stay, Some(Ok(Action::new(dir, flag)))]);
    }
    hunted(&game, params)
}

#[test]
fn a_drawer_about_to_take_a_big_region_is_chased_however_late_we_arrive() {
    assert_eq!(hunted_far_off(Params::default()), Some((1, v(2, 0))));
    // Worth less than the press value, the loop is chased only within the usual slack.
    let small = Params {
        press_value: 31 * 31,
        ..Params::default()
    };
    assert_eq!(hunted_far_off(small), None);
}

#[test]
fn closes_at_once_when_an_opponent_comes_close() {
    let mut game = Game::new(&[Some(v(2, 2)), Some(v(9, 9))]);
    let keep = |d| Some(Ok(Action::new(d, PenFlag::Keep)));
    let stay = Some(Ok(Action::STAY));
    game.play_turn(&[Some(Ok(Action::new(Dir::Right, PenFlag::Down))), stay]);
    game.play_turn(&[keep(Dir::Right), stay]);
    game.play_turn(&[keep(Dir::Down), stay]);
    game.play_turn(&[keep(Dir::Down), keep(Dir::Left)]);
    // Trail (2,2) (3,2) (4,2) (4,3) (4,4); put the opponent right next to it.
    let mut close = game.clone();
    close.players[1].pos = v(5, 2);
    // The rules alone (thinking weighs the same risk by what the opponent has shown, and
    // this one has shown nothing: `think`'s tests cover that side).
    let mut bot = Planner::with_params(Params {
        playouts: 0,
        ..Params::default()
    });
    let action = bot.act(0, &close);
    // The shortest closing is (3,4) (3,3) (3,2): 3 moves, and the opponent can stand on
    // (4,2) in one. No closing wins the race, so it takes a shortest one.
    assert_eq!(action.dir, Dir::Left);
}

/// The threat at (3,5) while seat 1 draws right from (5,5), the other seats standing in
/// corners (`seats` of them in all), and seat 1 has or has not left a tight zone before.
fn threat_off_a_drawers_zone(seats: usize, left_zone: bool) -> u32 {
    let starts = [v(0, 0), v(5, 5), v(0, 10), v(10, 0)].map(Some);
    let mut game = Game::new(&starts[..seats]);
    let stay = Some(Ok(Action::STAY));
    for flag in [PenFlag::Down, PenFlag::Keep] {
        let mut actions = vec![stay; seats];
        actions[1] = Some(Ok(Action::new(Dir::Right, flag)));
        game.play_turn(&actions);
    }
    let mut model = Model::default();
    model.records = vec![super::super::model::Record::default(); seats];
    model.records[1].left_zone = left_zone;
    let turn = Turn::new(0, &game, Board::new(&game), &Params::default(), &model);
    turn.threat[v(3, 5).index()]
}

#[test]
fn among_three_opponents_a_drawer_that_kept_its_zone_counts_one_vertex_around_it() {
    // Seat 1's zone spans x 5..9, y 2..8: (3,5) lies two vertices off it, inside the usual
    // margin and outside the tight one.
    let face_value = threat_off_a_drawers_zone(4, true);
    let slack = Params::default().forecast_slack;
    assert_eq!(threat_off_a_drawers_zone(4, false), face_value + slack);
    // With a seat fewer the usual margin holds, whatever the drawer has shown.
    let three = threat_off_a_drawers_zone(3, true);
    assert_eq!(threat_off_a_drawers_zone(3, false), three);
    assert!(three < face_value + slack);
}
