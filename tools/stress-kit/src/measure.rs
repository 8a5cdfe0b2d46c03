//! Waiting for a solution's process as a judge does: its wall-clock time and its peak memory,
//! killed when it runs too long or its resident set passes the memory limit.
//!
//! The peak is `ru_maxrss`, the kernel's high-water mark of the process's resident set, as
//! `wait4` on that one pid returns it (`getrusage(RUSAGE_CHILDREN)` would give the largest of
//! every child ever waited for). While the process runs, its high-water mark so far
//! (`VmHWM` of `/proc/<pid>/status`) is read at each poll, so a hog is killed once it passes
//! the limit instead of taking the machine's memory.
//!
//! A floor: at `exec` the kernel folds the spawning process's own high-water mark into the
//! child's `ru_maxrss`, so a peak at or under the launcher's own (a test binary's few MiB)
//! means "at most that much". [`Usage::launcher_kib`] keeps that figure, and the reports
//! say "at most" there; a peak over it is the solution's own.

use std::os::unix::process::ExitStatusExt;
use std::process::{Child, ExitStatus};
use std::thread;
use std::time::{Duration, Instant};

/// What one run cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// From the start of waiting to the exit (or the kill).
    pub elapsed: Duration,
    /// The process's peak resident set in KiB (`ru_maxrss`).
    pub peak_kib: u64,
    /// The launcher's own peak when it started waiting: a floor under `peak_kib`.
    pub launcher_kib: u64,
}

impl Usage {
    /// The peak in MiB as a reader wants it: `3.2 MiB`, or `at most 5.1 MiB` when it does not
    /// rise above the launcher's own.
    pub fn peak_text(&self) -> String {
        let mib = |kib: u64| kib as f64 / 1024.0;
        if self.peak_kib <= self.launcher_kib {
            format!("at most {:.1} MiB", mib(self.peak_kib))
        } else {
            format!("{:.1} MiB", mib(self.peak_kib))
        }
    }

    /// The larger of two runs' figures, each its own maximum.
    pub fn max(self, other: Usage) -> Usage {
        Usage {
            elapsed: self.elapsed.max(other.elapsed),
            peak_kib: self.peak_kib.max(other.peak_kib),
            launcher_kib: self.launcher_kib.max(other.launcher_kib),
        }
    }
}

/// Why a run was stopped before it ended by itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// It ran past `kill_after`.
    Time(Duration),
    /// Its resident set passed the memory limit (KiB): its peak is in the usage.
    Memory,
}

/// Waits for `child`, polling, and reaps it with `wait4`: its exit status (or why it was
/// stopped) and its usage. `memory_kib`: kill it once its resident set passes this.
pub fn wait(
    child: &mut Child,
    kill_after: Duration,
    memory_kib: Option<u64>,
) -> (Result<ExitStatus, Stopped>, Usage) {
    let started = Instant::now();
    let launcher_kib = high_water_kib("self").unwrap_or(0);
    let pid = child.id() as libc::pid_t;
    let mut pause = Duration::from_micros(50);
    let mut stopped = None;
    // The child's own high-water mark when it was stopped for its memory.
    let mut seen_kib = 0;
    loop {
        if let Some((status, peak_kib)) = reap(pid, libc::WNOHANG) {
            let usage = match stopped {
                // Stopped on its own high-water mark, which the launcher's does not touch:
                // that is its peak at least, whatever the launcher's own.
                Some(Stopped::Memory) => Usage {
                    elapsed: started.elapsed(),
                    peak_kib: peak_kib.max(seen_kib),
                    launcher_kib: 0,
                },
                _ => Usage {
                    elapsed: started.elapsed(),
                    peak_kib,
                    launcher_kib,
                },
            };
            let result = match stopped {
                Some(why) => Err(why),
                None => Ok(status),
            };
            return (result, usage);
        }
        if stopped.is_none() {
            let over_memory = memory_kib
                .and_then(|limit| high_water_kib(&pid.to_string()).filter(|&peak| peak > limit));
            if let Some(peak) = over_memory {
                seen_kib = peak;
                stopped = Some(Stopped::Memory);
            } else if started.elapsed() > kill_after {
                stopped = Some(Stopped::Time(kill_after));
            }
            if stopped.is_some() {
                // Not reaped yet, so the pid is still this child's.
                let _ = child.kill();
                continue;
            }
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// `wait4(pid, options)`: the exit status and `ru_maxrss` of a child that has ended (reaped),
/// `None` while it runs (with `WNOHANG`). A child reaped elsewhere cannot be measured: it is
/// reported as ended with status 0 and no peak, which no caller of this module does.
fn reap(pid: libc::pid_t, options: libc::c_int) -> Option<(ExitStatus, u64)> {
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain old data that wait4 fills; both pointers are valid for the
    // call.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: as above.
        let reaped = unsafe { libc::wait4(pid, &mut status, options, &mut usage) };
        match reaped {
            0 => return None,
            -1 if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
            -1 => return Some((ExitStatus::from_raw(0), 0)),
            _ => {
                // ru_maxrss is in KiB on Linux.
                let peak = u64::try_from(usage.ru_maxrss).unwrap_or(0);
                return Some((ExitStatus::from_raw(status), peak));
            }
        }
    }
}

/// `VmHWM` of `/proc/<pid>/status` in KiB: the process's peak resident set so far.
pub fn high_water_kib(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    fn spawn(script: &str) -> Child {
        Command::new("sh")
            .args(["-c", script])
            .stdout(Stdio::null())
            .spawn()
            .unwrap()
    }

    /// A shell that makes a string of `mib` MiB (it holds it twice over while building it).
    fn greedy(mib: u64) -> String {
        format!(
            "x=$(head -c {} /dev/zero | tr '\\0' a); echo ${{#x}}",
            mib << 20
        )
    }

    #[test]
    fn a_greedy_process_is_measured_and_killed_over_the_limit() {
        let (ended, usage) = wait(&mut spawn(&greedy(64)), Duration::from_secs(30), None);
        assert!(ended.unwrap().success());
        assert!(usage.peak_kib > 64 << 10, "{usage:?}");
        assert!(!usage.peak_text().starts_with("at most"), "{usage:?}");
        let (ended, usage) = wait(
            &mut spawn(&greedy(256)),
            Duration::from_secs(30),
            Some(32 << 10),
        );
        assert_eq!(ended, Err(Stopped::Memory));
        assert!(usage.peak_kib > 32 << 10, "{usage:?}");
    }

    #[test]
    fn a_slow_process_is_killed_after_the_time_given() {
        let (ended, usage) = wait(&mut spawn("sleep 5"), Duration::from_millis(200), None);
        assert_eq!(ended, Err(Stopped::Time(Duration::from_millis(200))));
        assert!(usage.elapsed < Duration::from_secs(4), "{usage:?}");
        let (ended, _) = wait(&mut spawn("exit 3"), Duration::from_secs(5), None);
        assert_eq!(ended.unwrap().code(), Some(3));
    }
}
