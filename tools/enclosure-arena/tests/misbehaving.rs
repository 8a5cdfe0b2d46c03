//! Bots that break the protocol die by the rules, the game goes on, the
//! replay is complete, and no process of theirs is left behind (neither
//! running nor a zombie). Each misbehaving bot sits in seat 0 against two
//! in-process bots that never die (`random` avoids every self-inflicted death
//! and `idle` never moves), so "the game goes on" means turns after the death.

mod common;

use common::*;

/// Plays `[bad bot, builtin:random, builtin:idle]` with `tests/bots/NAME.sh
/// ARGS` as the bad bot; checks what every such game must satisfy.
fn game_with(name: &str, args: &str) -> (Played, std::path::PathBuf) {
    let dir = scratch(name);
    let command = bot_command(name, args, &dir.join("pids"));
    (game_with_command(&command, &dir), dir)
}

/// The same with any command line that records its pid in `DIR/pids`.
fn game_with_command(command: &str, dir: &std::path::Path) -> Played {
    let bots = [
        command.to_string(),
        "builtin:random".to_string(),
        "builtin:idle".to_string(),
    ];
    let played = play(&bots, 11, STEP);
    assert_replay_complete(&played);
    assert!(played.result.seats[1].alive && played.result.seats[2].alive);
    assert_all_gone(&dir.join("pids"));
    played
}

/// The seat died in turn `turn` and the game went on past it.
fn assert_died_and_game_went_on(played: &Played, turn: u64) {
    assert_eq!(death_turn(played, 0), Some(turn));
    assert!(
        u64::from(played.result.turns) > turn + 1,
        "{} turns",
        played.result.turns
    );
}

#[test]
fn a_crash_is_a_crash() {
    let (played, _) = game_with("crash", "");
    assert_eq!(death(&played, 0), Some("crash"));
    assert_died_and_game_went_on(&played, 1);
    let answer = answer(&played, 0, 1);
    assert_eq!(answer["line"], serde_json::Value::Null);
    assert_eq!(answer["error"], "crash");
    assert_eq!(answer["detail"], "closed");
}

#[test]
fn a_hang_is_a_timeout_and_its_grandchild_dies_too() {
    let (played, dir) = game_with("hang", &dir_arg("hang"));
    assert_eq!(death(&played, 0), Some("timeout"));
    assert_died_and_game_went_on(&played, 1);
    assert_eq!(answer(&played, 0, 1)["error"], "timeout");
    // hang.sh wrote "sh-pid sleep-pid": the sleeping grandchild is gone too.
    let inner = pids(&dir.join("hang-pids"));
    assert_eq!(inner.len(), 2);
    for pid in inner {
        assert_gone(pid, pids(&dir.join("pids"))[0]);
    }
}

/// hang.sh's own pid file, in the scratch directory `game_with` creates.
fn dir_arg(test: &str) -> String {
    let dir = std::env::temp_dir().join(format!("arena-{}-{test}", std::process::id()));
    format!("'{}'", dir.join("hang-pids").display())
}

#[test]
fn an_answer_after_the_limit_is_a_timeout() {
    let (played, _) = game_with("slow", "");
    assert_eq!(death(&played, 0), Some("timeout"));
    assert_died_and_game_went_on(&played, 1);
    assert_eq!(played.result.timing[0].timeouts, 1);
    assert_eq!(
        played.result.timing[0].answers.len(),
        1,
        "only [POS] was answered"
    );
}

#[test]
fn closing_stdout_while_running_is_a_crash() {
    let (played, _) = game_with("close", "");
    assert_eq!(death(&played, 0), Some("crash"));
    assert_died_and_game_went_on(&played, 1);
    assert_eq!(answer(&played, 0, 1)["detail"], "closed");
}

#[test]
fn garbage_is_illegal_output_and_is_recorded() {
    let (played, _) = game_with("garbage", "");
    assert_eq!(death(&played, 0), Some("illegal_output"));
    assert_died_and_game_went_on(&played, 1);
    let answer = answer(&played, 0, 1);
    assert_eq!(answer["line"], "hello referee");
    assert_eq!(answer["error"], "illegal_output");
    assert!(answer["detail"].is_string());
}

#[test]
fn an_endless_line_is_cut_off_as_illegal_output() {
    let (played, _) = game_with("huge", "");
    assert_eq!(death(&played, 0), Some("illegal_output"));
    assert_died_and_game_went_on(&played, 1);
    let answer = answer(&played, 0, 1);
    assert_eq!(answer["line"], serde_json::Value::Null);
    assert_eq!(answer["detail"], "line_too_long");
}

#[test]
fn a_second_answer_nobody_asked_for_is_illegal_output() {
    let (played, _) = game_with("twice", "");
    assert_eq!(death(&played, 0), Some("illegal_output"));
    let turn = death_turn(&played, 0).unwrap();
    assert!(
        turn >= 2,
        "the extra line of turn 1 is seen in a later turn"
    );
    assert_eq!(answer(&played, 0, turn as usize)["detail"], "unsolicited");
}

#[test]
fn a_flood_of_lines_is_illegal_output_at_the_next_request() {
    let (played, _) = game_with("flood", "");
    assert_eq!(answer(&played, 0, 0)["line"], "[POS] 1 1");
    assert_eq!(death(&played, 0), Some("illegal_output"));
    assert_died_and_game_went_on(&played, 1);
    // Usually the second line is already waiting when turn 1 begins; on a
    // busy machine the reader thread may not have queued it yet, and then it
    // is read as the answer to [STATUS]: illegal output all the same.
    let first = answer(&played, 0, 1);
    assert!(
        first["detail"] == "unsolicited" || first["line"] == "[POS] 1 1",
        "{first}"
    );
}

#[test]
fn no_answer_to_start_is_a_bad_start() {
    let (played, _) = game_with("silent", "");
    assert_eq!(death(&played, 0), Some("bad_start"));
    assert_eq!(death_turn(&played, 0), Some(0));
    let start = answer(&played, 0, 0);
    assert_eq!(start["error"], "timeout");
    assert_eq!(start["line"], serde_json::Value::Null);
    // A seat dead before turn 1 is never asked for an action.
    assert!(played.replay[1]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["seat"] != 0));
}

#[test]
fn an_off_board_start_is_a_bad_start() {
    let (played, _) = game_with("offboard", "");
    assert_eq!(death(&played, 0), Some("bad_start"));
    let start = answer(&played, 0, 0);
    assert_eq!(start["line"], "[POS] 11 3");
    assert_eq!(start["error"], "bad_start");
}

#[test]
fn a_last_line_without_newline_still_counts() {
    let (played, _) = game_with("partial", "");
    assert_eq!(answer(&played, 0, 0)["line"], "[POS] 6 6");
    assert_eq!(played.replay[0]["initial"]["players"][0]["x"], 6);
    // ... and then the bot has ended: it crashes at its first action.
    assert_eq!(death(&played, 0), Some("crash"));
    assert_died_and_game_went_on(&played, 1);
}

#[test]
fn a_command_that_cannot_run_is_a_bad_start() {
    let dir = scratch("missing");
    let command = format!(
        "echo $$ > '{}'; exec /nonexistent/enclosure-bot",
        dir.join("pids").display()
    );
    let played = game_with_command(&command, &dir);
    assert_eq!(death(&played, 0), Some("bad_start"));
    assert_eq!(answer(&played, 0, 0)["detail"], "closed");
}

#[test]
fn a_rule_breaking_move_from_a_process_dies_by_the_rule() {
    let dir = scratch("rule");
    let args = format!("'{}' 0 0 'l 0'", dir.join("log").display());
    let (played, _) = game_with("scripted", &args);
    assert_eq!(death(&played, 0), Some("off_board"));
    assert_died_and_game_went_on(&played, 1);
    assert_eq!(answer(&played, 0, 1)["line"], "[ACTION] l 0");
    assert!(answer(&played, 0, 1).get("error").is_none(), "well-formed");
}

#[test]
fn three_misbehaving_bots_at_once_leave_the_survivor_all_the_land() {
    let dir = scratch("three");
    let bots = [
        bot_command(
            "hang",
            &format!("'{}'", dir.join("hang-pids").display()),
            &dir.join("p0"),
        ),
        bot_command("garbage", "", &dir.join("p1")),
        "builtin:random".to_string(),
        bot_command("crash", "", &dir.join("p3")),
    ];
    let played = play(&bots, 5, STEP);
    assert_replay_complete(&played);
    let causes: Vec<_> = (0..4).map(|seat| death(&played, seat)).collect();
    assert_eq!(
        causes,
        [Some("timeout"), Some("illegal_output"), None, Some("crash")]
    );
    assert_eq!(
        played.result.turns, 1,
        "one player left: over at the start of turn 2"
    );
    let survivor = &played.result.seats[2];
    assert_eq!(survivor.regions.iter().sum::<usize>(), 100);
    assert_eq!(survivor.rank, 1);
    for file in ["p0", "p1", "p3", "hang-pids"] {
        assert_all_gone(&dir.join(file));
    }
}

/// A bot whose peak memory passes the limit dies as a judge would stop it, saying so; the
/// same bot under a limit above its peak plays on. `hog.sh 48` holds 48 MiB (and more while
/// it builds them) from its first answer.
#[test]
fn a_bot_over_the_memory_limit_dies_saying_so_and_under_it_plays_on() {
    let bots = [
        format!("exec sh '{}' 48", script("hog").display()),
        "builtin:random".to_string(),
        "builtin:idle".to_string(),
    ];
    // Long steps: making 48 MiB in a shell is slow on a loaded machine.
    let step = std::time::Duration::from_secs(10);
    let over = play_within(&bots, 11, step, Some(32));
    assert!(!over.result.seats[0].alive);
    let said = serde_json::to_string(&over.replay).unwrap();
    assert!(
        said.contains("memory limit exceeded: peak ") && said.contains(" MiB > 32 MiB"),
        "{said}"
    );
    let under = play_within(&bots, 11, step, Some(1024));
    assert!(!serde_json::to_string(&under.replay)
        .unwrap()
        .contains("memory limit"));
    assert!(
        u64::from(under.result.turns) > 1,
        "{} turns",
        under.result.turns
    );
}
