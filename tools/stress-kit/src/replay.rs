//! A solution binary on a crate's samples as a judge runs it: each `*.in` fed to it (or, for
//! an interactive problem, played against the interactor as the secret), within the time
//! limit, its output judged against the `.out` by the crate's checker.

use crate::judging::Judging;
use crate::measure::Usage;
use crate::{Checker, Contest, Problem, Run, Solution};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Far above any time limit: only there so that a hang fails instead of hanging.
const KILL_AFTER: Duration = Duration::from_secs(60);

/// Every `samples_dir/*.in` in name order; `Err` lists each sample that is not accepted (a
/// wrong answer, a failure, or over a limit), one per line. One line on stderr reports the
/// slowest time and the largest peak beside the limits; samples over half the time limit are
/// warned about.
pub fn replay<P: Problem>(
    program: &Path,
    contest: &Contest,
    samples_dir: &Path,
) -> Result<(), String> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(samples_dir)
        .map_err(|e| format!("cannot read {}: {e}", samples_dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|x| x == "in"))
        .collect();
    inputs.sort();
    if inputs.is_empty() {
        return Err(format!("no samples in {}", samples_dir.display()));
    }
    let mut usage = Usage::default();
    let mut failures = Vec::new();
    for input in &inputs {
        match replay_one::<P>(program, contest, input) {
            Ok(cost) => usage = usage.max(cost),
            Err(why) => failures.push(why),
        }
    }
    if let Some(limits) = Judging::of(contest).limits {
        // Written to the stderr stream itself: the test harness captures `eprintln!` of a test
        // that passes, and this report is for tests that pass.
        let _ = writeln!(
            std::io::stderr(),
            "{}: {} samples by {}: slowest {}",
            contest.package,
            inputs.len(),
            program.display(),
            limits.beside(&usage)
        );
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// [`replay`] of a workspace crate's binary on its samples: the crate at `crate_dir` (its
/// `CARGO_MANIFEST_DIR`, under the workspace's `crates/`), its samples in
/// `samples/<package>/`, its limits and checker from its contest table.
pub fn replay_crate_samples<P: Problem>(program: &Path, crate_dir: &Path) -> Result<(), String> {
    let contest = Contest::of_package(crate_dir)?;
    let samples = crate_dir.join("../../samples").join(&contest.package);
    replay::<P>(program, &contest, &samples)
}

/// One sample, `input` with its `.out` beside it: what it cost when it is accepted.
pub fn replay_one<P: Problem>(
    program: &Path,
    contest: &Contest,
    input: &Path,
) -> Result<Usage, String> {
    let name = input.display();
    let read = |path: &Path| {
        std::fs::read_to_string(path)
            .map_err(|e| format!("{name}: cannot read {}: {e}", path.display()))
    };
    let text = read(input)?;
    let expected = read(&input.with_extension("out"))?;
    let judging = Judging::of(contest);
    let solution = Solution {
        program: program.to_path_buf(),
        timeout: judging.timeout(KILL_AFTER),
    };
    let (run, usage, why) = judging.attempt::<P>(&solution, &text, &expected);
    if let Some(why) = why {
        let over = judging.limits.as_ref().and_then(|l| l.exceeded(&usage));
        let shown = match run {
            Run::Output(got) if !judging.interactive && over.is_none() => {
                format!("\n--- got:\n{got}--- expected:\n{expected}")
            }
            _ => String::new(),
        };
        return Err(format!("{name}: {why}{shown}"));
    }
    if usage.elapsed * 2 > contest.time_limit {
        let _ = writeln!(
            std::io::stderr(),
            "warning: {name} took {} ms, over half the time limit of {} ms",
            usage.elapsed.as_millis(),
            contest.time_limit.as_millis()
        );
    }
    Ok(usage)
}

/// The workspace's bundle replay, for the sample `input` of the crate at `crate_dir`: `None`
/// when the crate is judged byte for byte (the caller compares), else the crate's own judgement
/// of `program` on it, within its time limit: `tokens` and `float` here, `custom` and
/// interactive problems through the crate's stress example (`<package>-stress --replay`,
/// built beside the running test by `cargo test --workspace`), which holds its checker or
/// interactor.
pub fn replay_bundle_sample(
    crate_dir: &Path,
    program: &Path,
    input: &Path,
) -> Option<Result<(), String>> {
    let contest = match Contest::of_package(crate_dir) {
        Ok(contest) => contest,
        Err(why) => return Some(Err(why)),
    };
    match (contest.checker, contest.interactive) {
        (Checker::Exact, false) => None,
        (Checker::Tokens | Checker::Float(_), false) => {
            Some(replay_one::<ByChecker>(program, &contest, input).map(|_| ()))
        }
        _ => Some(replay_with_example(&contest, program, input)),
    }
}

/// A problem nothing is known of but its checker (not `custom`, not interactive): enough to
/// replay samples through a binary (`replay::<ByChecker>`).
pub struct ByChecker;

impl Problem for ByChecker {
    type Input = ();
    fn generate(_: &mut crate::ChaCha8Rng) -> String {
        String::new()
    }
    fn parse(_: &str) {}
    fn write(_: &()) -> String {
        String::new()
    }
    fn oracle(_: &()) -> String {
        String::new()
    }
    fn shrink(_: &()) -> Vec<()> {
        Vec::new()
    }
}

fn replay_with_example(contest: &Contest, program: &Path, input: &Path) -> Result<(), String> {
    let examples = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("examples")))
        .ok_or("cannot find the running test's target directory")?;
    let example = examples.join(format!("{}-stress", contest.package));
    if !example.exists() {
        return Err(format!(
            "{} is not built: `cargo test --workspace` builds it, or `cargo build --examples -p {}`",
            example.display(),
            contest.package
        ));
    }
    let output = std::process::Command::new(&example)
        .arg("--replay")
        .arg(input)
        .arg("--solution")
        .arg(program)
        .arg("--manifest-dir")
        .arg(&contest.dir)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", example.display()))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr)
            .trim_end()
            .to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Talk;
    use judges::limits::Source;
    use std::os::unix::fs::PermissionsExt;

    /// A scratch directory with an executable `solution.sh` and a sample `a.in`/`a.out`.
    fn scratch(label: &str, script: &str, input: &str, output: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("stress-kit-{label}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let program = dir.join("solution.sh");
        std::fs::write(&program, format!("#!/bin/sh\n{script}\n")).unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(dir.join("a.in"), input).unwrap();
        std::fs::write(dir.join("a.out"), output).unwrap();
        dir
    }

    fn contest(dir: &Path, checker: Checker, ms: u64, interactive: bool) -> Contest {
        Contest {
            package: "demo".into(),
            dir: dir.to_path_buf(),
            checker,
            time_limit: Duration::from_millis(ms),
            memory_limit_mb: 256,
            time_source: Source::Default,
            memory_source: Source::Metadata("aoj:1".into()),
            interactive,
        }
    }

    /// Echo: the interactor sends the secret and wants it back.
    struct Echo;

    impl Problem for Echo {
        type Input = ();
        fn generate(_: &mut crate::ChaCha8Rng) -> String {
            String::new()
        }
        fn parse(_: &str) {}
        fn write(_: &()) -> String {
            String::new()
        }
        fn oracle(_: &()) -> String {
            String::new()
        }
        fn shrink(_: &()) -> Vec<()> {
            Vec::new()
        }
        fn interact(secret: &str, talk: &mut Talk) -> Result<String, String> {
            talk.send(secret.trim())?;
            let line = talk.receive()?;
            (line == secret.trim())
                .then(|| "echoed".to_string())
                .ok_or(format!("got `{line}`"))
        }
    }

    #[test]
    fn runs_over_the_time_limit_fail_with_their_time() {
        let dir = scratch("slow", "sleep 0.4; cat", "1.0\n", "1.0\n");
        let program = dir.join("solution.sh");
        let fast = contest(&dir, Checker::Float(1e-6), 2000, false);
        assert_eq!(replay::<ByChecker>(&program, &fast, &dir), Ok(()));
        let tight = contest(&dir, Checker::Exact, 100, false);
        let why = replay::<ByChecker>(&program, &tight, &dir).unwrap_err();
        assert!(
            why.contains("time limit exceeded: ") && why.contains(" ms > 100 ms (demo; "),
            "{why}"
        );
    }

    /// A solution that holds a string of `mib` MiB (the shell holds it about twice while it
    /// builds it), then answers `1`.
    fn greedy(mib: u64) -> String {
        format!("x=$(head -c {} /dev/zero | tr '\\0' a); echo 1", mib << 20)
    }

    #[test]
    fn a_greedy_run_fails_over_the_memory_limit_and_passes_just_under_it() {
        // Above the test binary's own peak, which the kernel folds into a child's (measure).
        let mib = (crate::measure::high_water_kib("self").unwrap() >> 10) + 24;
        let dir = scratch("greedy", &greedy(mib), "x\n", "1\n");
        let program = dir.join("solution.sh");
        let measured = |mib: u64| {
            let mut contest = contest(&dir, Checker::Exact, 5000, false);
            contest.memory_limit_mb = mib;
            replay_one::<ByChecker>(&program, &contest, &dir.join("a.in"))
        };
        let peak_kib = measured(4096).unwrap().peak_kib;
        assert!(peak_kib > mib << 10, "{peak_kib} KiB");
        // The next whole MiB above the peak: just under the limit, accepted.
        let above = (peak_kib >> 10) + 1;
        assert!(
            measured(above).is_ok(),
            "limit {above} MiB, peak {peak_kib} KiB"
        );
        let below = (peak_kib >> 10) - 1;
        let why = measured(below).unwrap_err();
        let line = format!(" > {below} MiB (demo; limit from aoj:1)");
        assert!(
            why.contains("memory limit exceeded: peak ") && why.contains(&line),
            "{why}"
        );
        assert_eq!(why.lines().count(), 1, "{why}");
    }

    #[test]
    fn outputs_are_judged_by_the_checker() {
        let dir = scratch("tokens", "echo ' 1   2 '", "x\n", "1 2\n");
        let program = dir.join("solution.sh");
        assert!(
            replay::<ByChecker>(&program, &contest(&dir, Checker::Tokens, 2000, false), &dir)
                .is_ok()
        );
        let why = replay::<ByChecker>(&program, &contest(&dir, Checker::Exact, 2000, false), &dir)
            .unwrap_err();
        assert!(why.contains("line 1"), "{why}");
    }

    #[test]
    fn interactive_solutions_are_played_and_silent_ones_told_to_flush() {
        let dir = scratch("echo", "read x; echo \"$x\"", "hello\n", "\n");
        let program = dir.join("solution.sh");
        assert_eq!(
            replay::<Echo>(&program, &contest(&dir, Checker::Exact, 2000, true), &dir),
            Ok(())
        );
        let dir = scratch("silent", "read x; sleep 2", "hello\n", "\n");
        let program = dir.join("solution.sh");
        let why =
            replay::<Echo>(&program, &contest(&dir, Checker::Exact, 300, true), &dir).unwrap_err();
        assert!(why.contains("does it flush"), "{why}");
    }

    #[test]
    fn the_bundle_replay_judges_by_the_crates_checker() {
        let dir = scratch("bundle", "echo ' 1  2'", "x\n", "1 2\n");
        let (program, input) = (dir.join("solution.sh"), dir.join("a.in"));
        let manifest = |checker: &str| {
            let text = format!(
                "[package]\nname = \"no-such-crate\"\n\n[package.metadata.contest]\n\
                 problem = \"P\"\njudges = [\"aoj:1\"]\nchecker = \"{checker}\"\n"
            );
            std::fs::write(dir.join("Cargo.toml"), text).unwrap();
        };
        manifest("exact");
        assert_eq!(replay_bundle_sample(&dir, &program, &input), None);
        manifest("tokens");
        assert_eq!(replay_bundle_sample(&dir, &program, &input), Some(Ok(())));
        // Custom: through the crate's example, found beside this test's binary.
        manifest("custom");
        let why = replay_bundle_sample(&dir, &program, &input)
            .unwrap()
            .unwrap_err();
        assert!(
            why.contains("examples/no-such-crate-stress is not built"),
            "{why}"
        );
    }
}
