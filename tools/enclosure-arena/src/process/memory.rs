//! A bot program's peak memory, as a judge would hold it to a limit: the high-water mark of
//! its resident set (`VmHWM` in `/proc/<pid>/status`), the largest among the processes of its
//! process group (the bot is `sh -c CMD` in a session of its own, so the group is the shell
//! and what it started). Read after each answer, while the bot is alive: a high-water mark
//! never falls, so a peak between two reads is still seen.

/// The largest `VmHWM` (KiB) among the live processes of process group `pgid`; `None` where
/// none can be read (no `/proc`, or the group is gone).
pub fn group_high_water_kib(pgid: u32) -> Option<u64> {
    std::fs::read_dir("/proc")
        .ok()?
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| process_group(*pid) == Some(pgid))
        .filter_map(|pid| stress_kit::measure::high_water_kib(&pid.to_string()))
        .max()
}

/// The process group of `pid`: the fifth field of `/proc/<pid>/stat`, counted after the
/// command name, which is in parentheses and may itself hold spaces or parentheses.
fn process_group(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(2)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_group_has_a_peak_and_a_missing_one_has_none() {
        // SAFETY: getpgrp has no preconditions.
        let own = unsafe { libc::getpgrp() } as u32;
        assert!(group_high_water_kib(own).is_some_and(|kib| kib > 0));
        assert_eq!(process_group(std::process::id()), Some(own));
        assert_eq!(group_high_water_kib(u32::MAX), None);
    }
}
