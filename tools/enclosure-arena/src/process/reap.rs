//! Ending a bot process and everything it started, leaving no zombie.
//!
//! A bot is `sh -c CMD`, so the program that matters is often a grandchild
//! (`sh -c 'read x; ./bot'` keeps `sh` as the parent). Killing only `sh`
//! would leave the real bot running, holding the pipes open, and the reader
//! thread would never see end of file. So every bot runs in its own process
//! group and is killed as a group.
//!
//! Killed grandchildren are orphans. Their new parent is normally PID 1, but
//! in containers PID 1 is often a program that never reaps (this machine's
//! does not), so they would stay zombies. The referee therefore marks itself
//! a *child subreaper* (Linux `PR_SET_CHILD_SUBREAPER`): orphans of its bots
//! are re-parented to the referee, which reaps every member of the group.

use std::process::Child;
use std::sync::Once;
use std::thread;
use std::time::{Duration, Instant};

/// Makes orphaned descendants of this process its own children (once per
/// process; a failure only means orphans go to PID 1 as usual).
pub fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes one integer argument
        // and touches no memory of ours.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong, 0, 0, 0);
        }
    });
}

/// True once the child has exited, without reaping it: the process id stays
/// reserved (a zombie), so signalling its group afterwards cannot hit a
/// stranger that reused the number.
pub fn has_exited(child: &Child) -> bool {
    let pid = child.id() as libc::id_t;
    // SAFETY: `info` is a plain C struct that waitid fills in; an all-zero
    // value is a valid initial state.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        let rc = libc::waitid(libc::P_PID, pid, &mut info, flags);
        // With WNOHANG, si_pid stays 0 while the child still runs. An error
        // (the child was already reaped) also counts as exited.
        rc != 0 || info.si_pid() != 0
    }
}

/// Waits up to `grace` for the child to exit on its own (it was just told
/// "no more input" by closing its stdin), then kills its whole process group
/// and reaps the child and every other group member that became ours.
pub fn kill_and_reap(child: &mut Child, grace: Duration) {
    let deadline = Instant::now() + grace;
    while !has_exited(child) && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(1));
    }
    let pgid = child.id() as libc::pid_t;
    // SAFETY: plain system calls on ids we own: the group was created for this
    // child (process_group(0)), and the unreaped leader keeps its id reserved.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
    }
    // SIGKILL cannot be caught: the leader ends promptly.
    let _ = child.wait();
    reap_group(pgid, Duration::from_secs(2));
}

/// Reaps the members of process group `pgid` that are (now) our children,
/// until none is left or `patience` runs out (a member stuck in the kernel
/// is then left to whoever reaps after us; the referee never hangs).
fn reap_group(pgid: libc::pid_t, patience: Duration) {
    let deadline = Instant::now() + patience;
    loop {
        let mut status = 0;
        // SAFETY: waitpid only writes the status integer we pass.
        let rc = unsafe { libc::waitpid(-pgid, &mut status, libc::WNOHANG) };
        if rc > 0 {
            continue; // reaped one; look for more
        }
        if rc < 0 || Instant::now() >= deadline {
            return; // ECHILD: no child of ours is left in the group
        }
        thread::sleep(Duration::from_millis(1)); // members still dying
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};

    fn spawn_group(script: &str) -> Child {
        become_subreaper();
        Command::new("sh")
            .arg("-c")
            .arg(script)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .process_group(0)
            .spawn()
            .expect("sh runs")
    }

    #[test]
    fn kills_a_grandchild_and_reaps_it() {
        let mut child = spawn_group("sleep 30 & echo $!; wait");
        let mut line = String::new();
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        std::io::BufRead::read_line(&mut out, &mut line).unwrap();
        let grandchild: u32 = line.trim().parse().unwrap();
        assert!(std::path::Path::new(&format!("/proc/{grandchild}")).exists());
        kill_and_reap(&mut child, Duration::from_millis(5));
        assert!(!std::path::Path::new(&format!("/proc/{}", child.id())).exists());
        assert!(!std::path::Path::new(&format!("/proc/{grandchild}")).exists());
    }

    #[test]
    fn an_exited_child_is_seen_without_being_reaped() {
        let mut child = spawn_group("exit 3");
        let deadline = Instant::now() + Duration::from_secs(5);
        while !has_exited(&child) {
            assert!(Instant::now() < deadline, "sh did not exit");
            thread::sleep(Duration::from_millis(1));
        }
        // Still a zombie until we reap: the status is still ours to collect.
        assert!(std::path::Path::new(&format!("/proc/{}", child.id())).exists());
        kill_and_reap(&mut child, Duration::ZERO);
        assert!(!std::path::Path::new(&format!("/proc/{}", child.id())).exists());
    }
}
