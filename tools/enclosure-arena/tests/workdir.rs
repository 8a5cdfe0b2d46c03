//! Bot programs are kept apart: each runs in its own temporary working directory (removed after
//! the game unless --keep-bot-dirs) with the referee's directory in ENCLOSURE_ARENA_CWD, in
//! its own session; and nothing a bot does after its game reaches the user's terminal.

mod common;

use common::*;
use std::process::Command;

fn arena() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_enclosure-arena"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

#[test]
fn a_bot_writes_into_its_own_directory_which_is_removed() {
    let dir = scratch("litter");
    let record = dir.join("where");
    // A relative path, as a user types it: resolved against the referee's directory.
    let bot = format!("sh tests/bots/litter.sh {}", record.display());
    let out = arena()
        .args(["play", "--step-ms", "2000", &bot, "builtin:idle"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = std::fs::read_to_string(&record).unwrap();
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (cwd, home, session, pid) = (fields[0], fields[1], fields[2], fields[3]);
    assert_eq!(home, env!("CARGO_MANIFEST_DIR"));
    assert_ne!(cwd, home);
    assert!(cwd.contains("enclosure-arena-"), "{cwd}");
    assert!(
        !std::path::Path::new(cwd).exists(),
        "removed after the game"
    );
    // `sh -c` (the session leader) may fork the script's shell: the session is the bot's own.
    // SAFETY: getsid(0) only asks the kernel about this process.
    let ours = unsafe { libc::getsid(0) };
    assert_ne!(
        session,
        ours.to_string(),
        "the bot has a session of its own (no terminal)"
    );
    assert!(session.parse::<u32>().unwrap() <= pid.parse::<u32>().unwrap());
    assert!(!std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("debug.log")
        .exists());
    assert!(String::from_utf8_lossy(&out.stdout).contains("alive"));
}

#[test]
fn keep_bot_dirs_leaves_the_files_and_says_where() {
    let dir = scratch("litter-kept");
    let record = dir.join("where");
    let bot = format!("sh tests/bots/litter.sh {}", record.display());
    let out = arena()
        .args(["play", "--keep-bot-dirs", &bot, "builtin:idle"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = std::fs::read_to_string(&record).unwrap();
    let cwd = text.split_whitespace().next().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!("kept: {cwd}")), "{stderr}");
    let log = std::fs::read_to_string(std::path::Path::new(cwd).join("debug.log")).unwrap();
    assert_eq!(log.lines().count(), 100, "one [STATUS] per turn");
    std::fs::remove_dir_all(cwd).unwrap();
}

#[test]
fn nothing_a_bot_does_after_its_game_reaches_the_terminal() {
    let bot = format!("sh '{}'", script("noisy").display());
    let out = arena()
        .args(["play", &bot, "builtin:idle"])
        .output()
        .unwrap();
    assert!(out.status.success());
    std::thread::sleep(std::time::Duration::from_millis(300));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("early noise"),
        "passes through while playing: {stderr}"
    );
    assert!(!stderr.contains("late noise"), "{stderr}");
    assert!(!stderr.contains("Segmentation"), "{stderr}");
    assert!(!stderr.contains("later noise"), "{stderr}");
}
