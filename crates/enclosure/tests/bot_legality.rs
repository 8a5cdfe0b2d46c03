//! The submission bot never dies by its own move: thousands of seeded games with the bot in
//! every seat (alone among random players, and against copies of itself), each bot seeing only
//! the `[STATUS]` lines, as over the real protocol. Allowed deaths are the ones others cause
//! (enclosed, trail cut, collision); any other cause is a bug in the bot.
use enclosure::bot::{Planner, Session, Strategy};
use enclosure::{parse_action, parse_pos, Action, Answer, DeathCause, Dir, Game, PenFlag};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random player that knows the rules just enough not to step off the board or backwards;
/// it still walks into others' land, puts the pen down often and casts mud.
fn random_answer(game: &Game, seat: usize, rng: &mut ChaCha8Rng) -> Answer {
    let p = game.player(seat);
    let trail = p.trail();
    let moves: Vec<Dir> = Dir::MOVES
        .into_iter()
        .filter(|&d| p.pos().step(d).on_board())
        .filter(|&d| trail.len() < 2 || p.pos().step(d) != trail[trail.len() - 2])
        .collect();
    let dir = if moves.is_empty() || rng.random_range(0..8) == 0 {
        Dir::Stay
    } else {
        moves[rng.random_range(0..moves.len())]
    };
    let flag = match (p.pen_down(), rng.random_range(0..10)) {
        (false, 0..=2) => PenFlag::Down,
        (false, 3) if dir != Dir::Stay => PenFlag::Mud,
        _ => PenFlag::Keep,
    };
    Some(Ok(Action::new(dir, flag)))
}

/// Plays one game; `ours[seat]` says which seats the bot (made by `make`) plays.
fn play_with<S: Strategy>(seed: u64, ours: [bool; 4], make: fn() -> S) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sessions: Vec<Option<Session<S>>> = ours
        .iter()
        .map(|&mine| mine.then(|| Session::new(make())))
        .collect();
    let starts: Vec<_> = (0..4)
        .map(|seat| match &mut sessions[seat] {
            Some(session) => {
                Some(parse_pos(&session.respond(&format!("[START] {seat}")).unwrap()).unwrap())
            }
            None => Some(enclosure::Vertex::new(
                rng.random_range(0..=10),
                rng.random_range(0..=10),
            )),
        })
        .collect();
    let mut game = Game::new(&starts);
    while !game.is_over() {
        let status = game.status_line();
        let answers: Vec<Answer> = (0..4)
            .map(|seat| {
                if !game.player(seat).is_alive() {
                    return None;
                }
                match &mut sessions[seat] {
                    Some(session) => {
                        let line = session.respond(&status).expect("a well-formed status");
                        assert_eq!(
                            session.tracker_errors, 0,
                            "seed {seed}: the tracker lost the game"
                        );
                        assert_eq!(session.tracker().game().unwrap().status(), game.status());
                        Some(Ok(parse_action(&line).expect("a well-formed action")))
                    }
                    None => random_answer(&game, seat, &mut rng),
                }
            })
            .collect();
        game.play_turn(&answers);
        for (seat, &mine) in ours.iter().enumerate() {
            if mine {
                if let Some(cause) = game.player(seat).death() {
                    assert!(
                        matches!(cause, DeathCause::Enclosed | DeathCause::TrailCut | DeathCause::Collision),
                        "seed {seed}, seat {seat}: the bot died by its own move: {cause} at turn {}",
                        game.turn()
                    );
                }
            }
        }
    }
    game.finish();
    game
}

fn play(seed: u64, ours: [bool; 4]) -> Game {
    play_with(seed, ours, Planner::new)
}

#[test]
fn alone_among_random_players_in_every_seat() {
    let mut deaths = 0;
    for seed in 0..800u64 {
        let seat = (seed % 4) as usize;
        let mut ours = [false; 4];
        ours[seat] = true;
        let game = play(seed, ours);
        deaths += usize::from(!game.player(seat).is_alive());
    }
    // Not a rule, a sanity check that the games were real: random players do cut it sometimes.
    assert!(deaths < 800 / 4, "{deaths} deaths");
}

#[test]
fn against_copies_of_itself() {
    for seed in 0..150u64 {
        let ours = match seed % 3 {
            0 => [true; 4],
            1 => [true, false, true, false],
            _ => [false, true, true, true],
        };
        play(10_000 + seed, ours);
    }
}

/// Walks up until it falls off the board.
struct Climber;

impl Strategy for Climber {
    fn start(&mut self, _seat: usize) -> enclosure::Vertex {
        enclosure::Vertex::new(5, 5)
    }
    fn act(&mut self, _seat: usize, _game: &Game) -> Action {
        Action::new(Dir::Up, PenFlag::Keep)
    }
}

#[test]
#[should_panic(expected = "died by its own move: off_board")]
fn the_check_catches_a_bot_that_kills_itself() {
    // A test that cannot fail proves nothing: the same harness must reject a suicidal bot.
    play_with(1, [true, true, false, false], || Climber);
}
