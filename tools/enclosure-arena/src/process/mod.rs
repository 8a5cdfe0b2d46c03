//! A bot that is a separate program: `sh -c CMD` with piped stdin/stdout, a
//! per-step deadline, and a guaranteed end (killed as a process group, reaped,
//! its helper threads joined).
//!
//! Two helper threads keep the referee from ever blocking on a bot:
//! - the reader ([`lines`]) waits for stdout lines, so an answer is awaited
//!   with `recv_timeout` and a silent bot cannot stall the game;
//! - the writer sends requests, so a bot that never reads its stdin (whose
//!   pipe buffer fills up) cannot stall the referee in `write`.
//!
//! Both end when the bot's pipes close, which killing its process group
//! ensures; [`ProcessBot::retire`] then joins them (with a bounded wait).

pub mod lines;
pub mod memory;
pub mod reap;
pub mod workdir;

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStderr, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::bot::{Bot, BotError};
use lines::LineResult;

pub use lines::MAX_LINE_BYTES;

/// How long a bot may take to exit on its own once its stdin is closed,
/// before its process group is killed.
const EXIT_GRACE: Duration = Duration::from_millis(20);

/// How long `retire` waits for each helper thread after the kill. They end as
/// soon as the pipes close; only a bot that escaped its process group (a new
/// session) could keep a pipe open, and then the thread is left behind rather
/// than the referee hanging.
const THREAD_PATIENCE: Duration = Duration::from_secs(1);

/// How a bot program is started.
#[derive(Debug, Clone, Default)]
pub struct SpawnOptions {
    /// Pass what the bot writes on stderr to the referee's stderr while its seat plays
    /// (else it is discarded). Nothing gets through once the seat is retired.
    pub inherit_stderr: bool,
    /// Leave the bot's temporary working directory in place after the game.
    pub keep_dir: bool,
    /// The memory a bot may hold, in MiB: over it, it fails as a judge would stop it.
    pub memory_limit_mib: Option<u64>,
}

/// A running bot program (see the module doc).
pub struct ProcessBot {
    command: String,
    limit: Duration,
    memory_limit_mib: Option<u64>,
    running: Option<Running>,
    /// The first failure; every later request fails the same way.
    failure: Option<BotError>,
    /// The bot's own working directory, removed at `retire` unless kept.
    dir: Option<workdir::BotDir>,
}

/// The live parts of a spawned bot, dropped together at `retire`.
struct Running {
    child: Child,
    requests: Sender<String>,
    writer: JoinHandle<()>,
    replies: Receiver<LineResult>,
    reader: JoinHandle<()>,
    /// The stderr pass-through, and the gate that stops it when the seat is retired.
    stderr: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
}

impl ProcessBot {
    /// Spawns `sh -c command` in a new session (so a new process group, and no
    /// controlling terminal), in a fresh temporary working directory (see
    /// [`workdir`]). `limit` is the time a reply may take. A spawn failure is not
    /// returned: the bot fails its first request.
    pub fn spawn(command: &str, limit: Duration, options: &SpawnOptions) -> ProcessBot {
        let spawned = workdir::BotDir::create(options.keep_dir).and_then(|dir| {
            let running = Running::spawn(command, options.inherit_stderr, &dir)?;
            Ok((dir, running))
        });
        let (dir, running, failure) = match spawned {
            Ok((dir, running)) => (Some(dir), Some(running), None),
            Err(e) => (
                None,
                None,
                Some(BotError::Failed(format!("cannot start: {e}"))),
            ),
        };
        ProcessBot {
            command: command.to_string(),
            limit,
            memory_limit_mib: options.memory_limit_mib,
            running,
            failure,
            dir,
        }
    }

    /// The bot's working directory, while it exists.
    pub fn dir(&self) -> Option<&std::path::Path> {
        self.dir.as_ref().map(workdir::BotDir::path)
    }

    /// The process id of `sh` (the group leader), while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.running.as_ref().map(|r| r.child.id())
    }

    /// Sends one request line and waits for one reply line until the deadline.
    fn exchange(&mut self, request: String) -> Result<String, BotError> {
        let deadline = Instant::now() + self.limit;
        if let Some(failure) = &self.failure {
            return Err(failure.clone());
        }
        let result = match &self.running {
            Some(running) => running
                .exchange(request, deadline)
                .and_then(|answer| self.within_memory().map(|()| answer)),
            None => Err(BotError::Closed),
        };
        if let Err(e) = &result {
            self.failure = Some(e.clone());
        }
        result
    }
}

impl ProcessBot {
    /// Fails the bot whose process group's peak resident set is over its memory limit.
    fn within_memory(&self) -> Result<(), BotError> {
        let (Some(limit), Some(pid)) = (self.memory_limit_mib, self.pid()) else {
            return Ok(());
        };
        match memory::group_high_water_kib(pid) {
            Some(peak) if peak > limit << 10 => Err(BotError::Failed(format!(
                "memory limit exceeded: peak {:.1} MiB > {limit} MiB",
                peak as f64 / 1024.0
            ))),
            _ => Ok(()),
        }
    }
}

impl Running {
    fn spawn(
        command: &str,
        inherit_stderr: bool,
        dir: &workdir::BotDir,
    ) -> std::io::Result<Running> {
        reap::become_subreaper();
        // Piped, not inherited: the bot never writes to the terminal directly, so
        // what it (or its `sh`, "Segmentation fault") says after its seat ended is dropped.
        let stderr = if inherit_stderr {
            Stdio::piped()
        } else {
            Stdio::null()
        };
        let mut shell = Command::new("sh");
        shell
            .arg("-c")
            .arg(workdir::resolve_paths(command, dir.home()))
            .current_dir(dir.path())
            .env(workdir::CWD_VARIABLE, dir.home())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr);
        // SAFETY: setsid is async-signal-safe and touches no memory of ours. A new
        // session is a new process group (killed as one, see `reap`) without a
        // controlling terminal: the bot cannot write to /dev/tty either.
        unsafe {
            shell.pre_exec(|| {
                if libc::setsid() == -1 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let mut child = shell.spawn()?;
        let stderr = child.stderr.take().map(|pipe| {
            let open = Arc::new(AtomicBool::new(true));
            let gate = Arc::clone(&open);
            let handle = thread::Builder::new()
                .name("bot-stderr".into())
                .spawn(move || pass_stderr(pipe, &gate));
            (open, handle)
        });
        let stderr = match stderr {
            Some((open, Ok(handle))) => Some((open, handle)),
            Some((_, Err(e))) => {
                reap::kill_and_reap(&mut child, Duration::ZERO);
                return Err(e);
            }
            None => None,
        };
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (requests, queue) = mpsc::channel();
        let writer = thread::Builder::new()
            .name("bot-stdin".into())
            .spawn(move || write_requests(stdin, queue));
        let writer = match writer {
            Ok(handle) => handle,
            Err(e) => {
                reap::kill_and_reap(&mut child, Duration::ZERO);
                return Err(e);
            }
        };
        let (replies, reader) = lines::spawn_reader(stdout);
        Ok(Running {
            child,
            requests,
            writer,
            replies,
            reader,
            stderr,
        })
    }

    fn exchange(&self, request: String, deadline: Instant) -> Result<String, BotError> {
        // Anything already waiting was printed unasked: one line per request.
        match self.replies.try_recv() {
            Ok(Ok(_)) => return Err(BotError::Unsolicited),
            Ok(Err(e)) => return Err(e),
            Err(TryRecvError::Disconnected) => return Err(BotError::Closed),
            Err(TryRecvError::Empty) => {}
        }
        if self.requests.send(request).is_err() {
            return Err(BotError::Closed); // the writer met a closed stdin
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.replies.recv_timeout(wait) {
            Ok(reply) => reply,
            Err(RecvTimeoutError::Timeout) => Err(BotError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(BotError::Closed),
        }
    }

    /// Closes stdin, kills and reaps the group, joins the helper threads.
    fn finish(self) {
        let Running {
            mut child,
            requests,
            writer,
            replies,
            reader,
            stderr,
        } = self;
        if let Some((open, _)) = &stderr {
            open.store(false, Ordering::SeqCst); // the seat is over: silence from now on
        }
        drop(requests); // the writer drains its queue and closes the bot's stdin
        reap::kill_and_reap(&mut child, EXIT_GRACE);
        drop(replies); // a reader still sending stops at its next line
        join_within(writer, THREAD_PATIENCE);
        join_within(reader, THREAD_PATIENCE);
        if let Some((_, handle)) = stderr {
            join_within(handle, THREAD_PATIENCE);
        }
    }
}

/// The stderr thread: copies the bot's stderr to the referee's while `open`, then reads on
/// and drops everything until the pipe closes (so the bot never blocks on a full pipe).
fn pass_stderr(mut pipe: ChildStderr, open: &AtomicBool) {
    let mut chunk = [0u8; 4096];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) => return,
            Ok(n) => {
                if open.load(Ordering::SeqCst) {
                    let _ = std::io::stderr().write_all(&chunk[..n]);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

/// The writer thread: one line per request, flushed, until the referee hangs
/// up or the bot's stdin breaks. Dropping `stdin` on return closes the pipe,
/// which is the bot's "no more input".
fn write_requests(mut stdin: ChildStdin, queue: Receiver<String>) {
    for mut line in queue {
        line.push('\n');
        if stdin.write_all(line.as_bytes()).is_err() || stdin.flush().is_err() {
            return;
        }
    }
}

/// Joins `handle` if it finishes within `patience`; otherwise lets it go.
fn join_within(handle: JoinHandle<()>, patience: Duration) {
    let deadline = Instant::now() + patience;
    while !handle.is_finished() {
        if Instant::now() >= deadline {
            return; // detached: see THREAD_PATIENCE
        }
        thread::sleep(Duration::from_millis(1));
    }
    let _ = handle.join();
}

impl Bot for ProcessBot {
    fn name(&self) -> String {
        self.command.clone()
    }

    fn start(&mut self, seat: usize) -> Result<String, BotError> {
        self.exchange(format!("[START] {seat}"))
    }

    fn act(&mut self, status_line: &str) -> Result<String, BotError> {
        self.exchange(status_line.to_string())
    }

    fn self_timed(&self) -> bool {
        true
    }

    fn retire(&mut self) {
        if let Some(running) = self.running.take() {
            running.finish();
        }
        if let Some(dir) = self.dir.take() {
            dir.finish();
        }
        if self.failure.is_none() {
            self.failure = Some(BotError::Closed);
        }
    }
}

impl Drop for ProcessBot {
    fn drop(&mut self) {
        self.retire();
    }
}
