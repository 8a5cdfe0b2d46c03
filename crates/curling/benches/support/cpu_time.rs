//! CPU time of the calling thread, for timing on a machine shared with other jobs (wall time
//! there mostly measures the others: a preemption inside a 2 ms window multiplies it).

use std::time::{Duration, Instant};

/// CPU time of this thread so far (Linux), else wall time since the first call.
pub fn cpu_time() -> Duration {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let on_cpu_ns = std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok());
    match on_cpu_ns {
        Some(ns) => Duration::from_nanos(ns),
        None => EPOCH.get_or_init(Instant::now).elapsed(),
    }
}
