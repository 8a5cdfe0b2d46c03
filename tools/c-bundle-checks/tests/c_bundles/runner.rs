//! What runs a test binary here: the machine itself, or Wine for a Windows build.
//!
//! Wine runs a program as a client of its server (`wineserver`, one per prefix, started on
//! demand). Under load (CI runs these tests beside the others on two cores) a client has
//! been seen to lose that server before the program wrote a byte: it printed `wine client
//! error:0: recvmsg: Connection reset by peer`, or nothing at all (a client whose server
//! closes the connection ends without a word), and exited 1. Neither says anything of the
//! bundle, so such a run is tried again, up to `WINE_TRIES` times in all. A program that
//! wrote anything, or said why it failed, is judged as it ran; a failure of the bundle's
//! own repeats on every try and still fails the test.

use super::scratch;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Output};
use std::sync::OnceLock;
use std::thread;
use std::time::Duration;

/// Runs of a Windows build in all when Wine keeps losing its server.
const WINE_TRIES: u32 = 3;
/// The pause before another try: the next client starts a fresh server.
const WINE_PAUSE: Duration = Duration::from_millis(200);

/// How a test binary runs here.
#[derive(Clone, Copy)]
pub enum Runner {
    Itself,
    /// Wine, Debian's `wine`.
    Wine,
    /// Wine for 32-bit programs: `wine` with `wine32:i386`, or where those could not join
    /// the amd64 system, the i386 root `.ci/wine32-root` made (its `run-wine`).
    Wine32,
}

impl Runner {
    /// Runs `binary` with `stdin` piped in and its output captured (`seccomp::run_with_timeout`),
    /// again while Wine reports it lost its server.
    pub fn run(self, binary: &Path, stdin: &[u8]) -> Result<Output, String> {
        let mut tries = 1;
        loop {
            let output = super::seccomp::run_with_timeout(&mut self.command(binary), stdin)?;
            if matches!(self, Runner::Itself)
                || !wine_lost_its_server(&output)
                || tries == WINE_TRIES
            {
                return Ok(output);
            }
            tries += 1;
            thread::sleep(WINE_PAUSE);
        }
    }

    fn command(self, binary: &Path) -> Command {
        let wine_root = std::env::var_os("WINE32_ROOT")
            .map_or_else(|| PathBuf::from("/var/lib/wine32-root"), PathBuf::from);
        let run_wine = wine_root.join("run-wine");
        let mut command = match self {
            Runner::Itself => return Command::new(binary),
            Runner::Wine32 if run_wine.exists() => Command::new(run_wine),
            Runner::Wine | Runner::Wine32 => {
                let mut wine = Command::new("wine");
                wine.envs(wine_environment());
                wine
            }
        };
        command.arg(binary);
        command
    }

    pub fn name(self) -> &'static str {
        match self {
            Runner::Itself => "this machine",
            Runner::Wine => "wine",
            Runner::Wine32 => "32-bit wine",
        }
    }
}

/// Whether a Wine run failed the way a client that lost its server fails: before the
/// program wrote anything, with Wine's client error or no word at all.
fn wine_lost_its_server(output: &Output) -> bool {
    let stderr = String::from_utf8_lossy(&output.stderr);
    !output.status.success()
        && output.stdout.is_empty()
        && (stderr.trim().is_empty()
            || stderr
                .lines()
                .any(|line| line.starts_with("wine client error:")))
}

/// Wine's settings for the tests: a prefix of their own, made (and its first-run set-up
/// finished) before any program runs in it, and no debug chatter.
fn wine_environment() -> [(&'static str, PathBuf); 2] {
    static PREFIX: OnceLock<PathBuf> = OnceLock::new();
    let prefix = PREFIX.get_or_init(|| {
        let prefix = scratch("wine-prefix");
        for (program, args) in [
            ("wineboot", &["--init"][..]),
            ("wineserver", &["--wait"][..]),
        ] {
            let _ = Command::new(program)
                .args(args)
                .env("WINEPREFIX", &prefix)
                .env("WINEDEBUG", "-all")
                .output();
        }
        prefix
    });
    [
        ("WINEPREFIX", prefix.clone()),
        ("WINEDEBUG", PathBuf::from("-all")),
    ]
}

/// What a process that exited with `code` and wrote these left.
fn ended(code: i32, stdout: &str, stderr: &str) -> Output {
    Output {
        status: ExitStatus::from_raw(code << 8),
        stdout: stdout.into(),
        stderr: stderr.into(),
    }
}

#[test]
fn only_a_lost_wine_server_is_tried_again() {
    let lost = "wine client error:0: recvmsg: Connection reset by peer\n";
    assert!(wine_lost_its_server(&ended(1, "", lost)));
    assert!(wine_lost_its_server(&ended(1, "", "")));
    // The program's own failures, and Wine's report of a crash, stand.
    assert!(!wine_lost_its_server(&ended(0, "", lost)));
    assert!(!wine_lost_its_server(&ended(1, "5\n", lost)));
    assert!(!wine_lost_its_server(&ended(
        1,
        "",
        "error: malformed input\n"
    )));
    assert!(!wine_lost_its_server(&ended(
        1,
        "",
        "wine: Unhandled page fault on read access to 0000000000000000\n"
    )));
}
