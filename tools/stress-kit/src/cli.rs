//! The failure rule every command-line test holds a binary to, in one place.
//!
//! On malformed input a program must end with exit status 1 and exactly one stderr line
//! `<program>: error: <why>` of at most 300 bytes (plus its newline), never a panic report.
//! One line keeps a judge's or a script's log readable and says which program failed; the
//! length cap catches a program that quotes a whole huge token back; "panicked" in the line
//! means a panic hook was dressed up as an error instead of the input being checked.
//!
//! `<program>` is the file name of the binary's path, so a test passes `env!("CARGO_BIN_EXE_x")`
//! and nothing else. The helpers run the binary through `ulimit -v` where a test must show that
//! a size read from the input is never trusted: an allocation beyond the limit fails, so such a
//! program aborts instead of passing.

use assert_cmd::assert::Assert;
use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

/// For [`one_error_line`]`(..).eval(stderr)` in tests that run the binary without assert_cmd.
pub use predicates::Predicate;

/// The longest error line allowed, in bytes, without its newline.
pub const MAX_ERROR_LINE: usize = 300;

/// The program name a binary reports itself by: the file name of its path, without `.exe`.
pub fn program_name(binary: &str) -> &str {
    let name = Path::new(binary)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or(binary);
    name.strip_suffix(".exe").unwrap_or(name)
}

/// The rule for stderr: exactly one line `<program>: error: ...` of at most
/// [`MAX_ERROR_LINE`] bytes plus its newline, never containing "panicked".
pub fn one_error_line(program: &str) -> impl Predicate<str> {
    predicate::str::starts_with(format!("{program}: error: "))
        .and(
            predicate::function(|stderr: &str| {
                stderr.ends_with('\n') && stderr.matches('\n').count() == 1
            })
            .name("one line"),
        )
        .and(predicate::str::contains("panicked").not())
        .and(
            predicate::function(|stderr: &str| stderr.len() <= MAX_ERROR_LINE + 1)
                .name("at most 300 bytes"),
        )
}

/// Runs `command` and asserts exit status 1 and [`one_error_line`] for `binary`'s name;
/// returns the [`Assert`] for further checks on stdout or stderr.
pub fn fails_cleanly(command: &mut Command, binary: &str) -> Assert {
    command
        .assert()
        .code(1)
        .stderr(one_error_line(program_name(binary)))
}

/// [`fails_cleanly`], and the error line mentions `needle`.
pub fn assert_fails_mentioning(command: &mut Command, binary: &str, needle: &str) -> Assert {
    fails_cleanly(command, binary).stderr(predicate::str::contains(needle))
}

/// Each `(input, needle)` fed to `binary` must fail cleanly mentioning `needle`; with
/// `memory_kib`, the binary runs under that `ulimit -v` (see [`within_memory`]).
pub fn assert_each_fails_mentioning(binary: &str, memory_kib: Option<u64>, cases: &[(&str, &str)]) {
    for &(input, needle) in cases {
        let mut command = match memory_kib {
            Some(kib) => within_memory(binary, kib),
            None => Command::new(binary),
        };
        assert_fails_mentioning(command.write_stdin(input), binary, needle);
    }
}

/// `binary` under a `ulimit -v` of `kib` KiB: an allocation beyond it fails, so a program
/// that trusts a size from its input aborts instead of passing.
pub fn within_memory(binary: &str, kib: u64) -> Command {
    shell_running(binary, &format!("ulimit -v {kib} && exec \"$0\""))
}

/// `binary` under a `ulimit -v` of `kib` KiB, reading what the shell command `producer`
/// writes while it runs: a huge input without holding it anywhere (the producer stops when
/// the binary stops reading).
pub fn streamed_within_memory(binary: &str, kib: u64, producer: &str) -> Command {
    shell_running(
        binary,
        &format!("{{ {producer}; }} | {{ ulimit -v {kib} && exec \"$0\"; }}"),
    )
}

/// A producer for [`streamed_within_memory`]: a gigabyte of `5`s and no newline, one line
/// too big to hold.
pub const GIGABYTE_LINE: &str = "yes 5 | tr -d '\\n' | head -c 1073741824";

/// `sh -c script binary`: the script refers to the binary as `"$0"`, so its path needs no
/// quoting.
fn shell_running(binary: &str, script: &str) -> Command {
    let mut command = Command::new("sh");
    command.args(["-c", script, binary]);
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `sh -c script` writes on stderr.
    fn stderr_of(script: &str) -> String {
        let out = Command::new("sh").args(["-c", script]).output().unwrap();
        String::from_utf8(out.stderr).unwrap()
    }

    fn accepted(stderr: &str) -> bool {
        one_error_line("prog-1").eval(stderr)
    }

    #[test]
    fn the_rule_accepts_one_short_error_line() {
        assert!(accepted(&stderr_of(
            "echo 'prog-1: error: line 2: `x`' >&2"
        )));
        let longest = format!("prog-1: error: {}", "x".repeat(MAX_ERROR_LINE - 15));
        assert_eq!(longest.len(), MAX_ERROR_LINE);
        assert!(accepted(&format!("{longest}\n")));
    }

    #[test]
    fn the_rule_refuses_panics_extra_lines_long_lines_and_other_prefixes() {
        for stderr in [
            stderr_of("echo \"prog-1: error: thread 'main' panicked at src/main.rs\" >&2"),
            stderr_of("printf 'prog-1: error: a\\nprog-1: error: b\\n' >&2"),
            stderr_of("printf 'prog-1: error: no newline' >&2"),
            format!("prog-1: error: {}\n", "x".repeat(MAX_ERROR_LINE - 14)),
            stderr_of("echo 'prog-2: error: x' >&2"),
            stderr_of("echo 'prog-1: warning: x' >&2"),
            String::new(),
        ] {
            assert!(!accepted(&stderr), "{stderr:?}");
        }
    }

    #[test]
    fn failing_mentioning_checks_the_exit_status_and_the_needle() {
        let script = "echo \"sh: error: line 3: $(cat)\" >&2; exit 1";
        let mut command = Command::new("sh");
        command.args(["-c", script]).write_stdin("`x`");
        assert_fails_mentioning(&mut command, "/bin/sh", "line 3: `x`");
    }

    #[test]
    #[should_panic]
    fn failing_with_another_exit_status_is_refused() {
        let mut command = Command::new("sh");
        command.args(["-c", "echo 'sh: error: x' >&2; exit 2"]);
        fails_cleanly(&mut command, "sh");
    }

    #[test]
    fn the_program_name_is_the_file_name() {
        assert_eq!(
            program_name("/a/target/debug/fixture-acl-scc"),
            "fixture-acl-scc"
        );
        assert_eq!(program_name(r"robots.exe"), "robots");
        assert_eq!(program_name("curling"), "curling");
    }

    #[test]
    fn within_memory_runs_the_binary_under_the_limit() {
        let out = within_memory("/bin/sh", 65_536)
            .write_stdin("exit 0\n")
            .output()
            .unwrap();
        assert!(out.status.success());
        let out = streamed_within_memory("wc", 65_536, "printf 'a b'")
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8(out.stdout)
                .unwrap()
                .split_whitespace()
                .nth(1),
            Some("2")
        );
    }
}
