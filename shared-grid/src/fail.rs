//! How a judge-facing program ends on bad input: one line on stderr
//! (`PROGRAM: error: MESSAGE`), exit status 1, never a panic report.

use crate::input::{quote, InputError};
use std::io::{self, BufWriter, StdinLock, StdoutLock, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process;

/// The longest message an error line carries; longer ones (a panic quoting a huge token) are cut.
const MESSAGE_LIMIT: usize = 200;

/// Makes a panic end the program: one line on stderr, exit status 1, no backtrace.
///
/// For programs that read with `proconio`'s `input!`, which reports truncated or malformed
/// input by panicking. Batch programs that answer as they read use [`run_batch`] instead.
pub fn exit_on_bad_input(program: &'static str) {
    report_panics(program, true);
}

/// Runs a batch program: `body` reads stdin and writes each answer to a buffered stdout as soon
/// as it has it. Whatever was written is flushed even when `body` fails or panics, so an error
/// in dataset 90 still leaves the answers to datasets 1-89; then the error ends the program
/// with one line on stderr, `PROGRAM: error: MESSAGE`, and exit status 1.
pub fn run_batch<F>(program: &'static str, body: F)
where
    F: FnOnce(StdinLock<'static>, &mut BufWriter<StdoutLock<'static>>) -> Result<(), InputError>,
{
    report_panics(program, false);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| body(io::stdin().lock(), &mut out)));
    let flushed = out.flush();
    let failure = match outcome {
        Ok(Ok(())) => flushed.err().map(InputError::from),
        Ok(Err(err)) => Some(err),
        // The panic hook has already written the line.
        Err(_) => process::exit(1),
    };
    if let Some(err) = failure {
        eprintln!("{program}: error: {}", one_line(err.message()));
        process::exit(1);
    }
}

/// Prints each panic as one error line; exits at once when `exit` (no unwinding).
fn report_panics(program: &'static str, exit: bool) {
    panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = if let Some(s) = payload.downcast_ref::<&str>() {
            s
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.as_str()
        } else {
            "unexpected failure"
        };
        eprintln!("{program}: error: {}", one_line(message));
        if exit {
            process::exit(1);
        }
    }));
}

/// `message` on one line: whitespace runs become one space, every `quoted` part keeps at most
/// [`crate::QUOTE_LIMIT`] characters, and the whole at most `MESSAGE_LIMIT`.
fn one_line(message: &str) -> String {
    let flat = message.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut parts = flat.split('`');
    let mut out = parts.next().unwrap_or("").to_string();
    let mut inside = true;
    for part in parts {
        if inside {
            let quoted = quote(part);
            out.push_str(&quoted[..quoted.len() - 1]);
        } else {
            out.push('`');
            out.push_str(part);
        }
        inside = !inside;
    }
    match out.char_indices().nth(MESSAGE_LIMIT) {
        Some((cut, _)) => format!("{}...", &out[..cut]),
        None => out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_joins_whitespace() {
        assert_eq!(one_line("a\n  b\tc "), "a b c");
    }

    #[test]
    fn one_line_cuts_quoted_input_and_the_whole() {
        let token = "7".repeat(1000);
        let message = format!("failed to parse the input `{token}` to the value of type `u8`");
        assert_eq!(
            one_line(&message),
            format!(
                "failed to parse the input `{}...` to the value of type `u8`",
                "7".repeat(40)
            )
        );
        assert_eq!(one_line("an `unclosed quote"), "an `unclosed quote");
        assert_eq!(one_line(&"x ".repeat(500)).chars().count(), 203);
    }
}
