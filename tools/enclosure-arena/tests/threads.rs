//! No leaked threads: after games with misbehaving process bots, this test
//! process has exactly the threads it had before. (Alone in its own test
//! binary, so no other test's threads come and go meanwhile.)

mod common;

use common::*;

fn thread_count() -> usize {
    std::fs::read_dir("/proc/self/task").unwrap().count()
}

#[test]
fn reader_and_writer_threads_end_with_their_bots() {
    let before = thread_count();
    let dir = scratch("threads");
    let bots = [
        bot_command(
            "hang",
            &format!("'{}'", dir.join("hang-pids").display()),
            &dir.join("p0"),
        ),
        bot_command("huge", "", &dir.join("p1")),
        bot_command("close", "", &dir.join("p2")),
        bot_command("twice", "", &dir.join("p3")),
    ];
    let played = play(&bots, 1, STEP);
    assert_replay_complete(&played);
    assert_eq!(thread_count(), before, "threads left behind");
    for file in ["p0", "p1", "p2", "p3", "hang-pids"] {
        assert_all_gone(&dir.join(file));
    }
}
