//! stdin, stdout and stderr, through the host table.

use super::error::{Error, ErrorKind, Result};
use super::traits::{BufRead, Lines, Read, Write};
use crate::host::{host, Exclusive, Guard};
use alloc::string::String;
use core::fmt;

// -- stdin: one buffer, filled a line at a time (the host's `read` stops after a newline),
// so that an interactive judge's answer is read as soon as its line ends.

const INPUT_BUFFER: usize = 1 << 16;

struct InputBuffer {
    bytes: [u8; INPUT_BUFFER],
    start: usize,
    end: usize,
}

static STDIN: Exclusive<InputBuffer> = Exclusive::new(InputBuffer {
    bytes: [0; INPUT_BUFFER],
    start: 0,
    end: 0,
});

pub struct Stdin {
    _private: (),
}

/// The stdin buffer, held: one at a time, as std's (a second `lock` panics, where std's
/// would wait forever).
pub struct StdinLock<'a> {
    buffer: Guard<'a, InputBuffer>,
}

pub fn stdin() -> Stdin {
    Stdin { _private: () }
}

impl Stdin {
    pub fn lock(&self) -> StdinLock<'static> {
        StdinLock {
            buffer: STDIN.lock(),
        }
    }

    pub fn read_line(&self, buf: &mut String) -> Result<usize> {
        self.lock().read_line(buf)
    }

    pub fn lines(self) -> Lines<StdinLock<'static>> {
        self.lock().lines()
    }
}

impl Read for Stdin {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize> {
        self.lock().read(buf)
    }
}

impl Read for StdinLock<'_> {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize> {
        let chunk = self.fill_buf()?;
        let n = buf.len().min(chunk.len());
        buf[..n].copy_from_slice(&chunk[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for StdinLock<'_> {
    fn fill_buf(&mut self) -> Result<&[u8]> {
        let buffer = &mut *self.buffer;
        if buffer.start == buffer.end {
            // SAFETY: the host writes at most `INPUT_BUFFER` bytes into the buffer; a count
            // above that is clamped, never trusted.
            let n = unsafe { (host().read)(buffer.bytes.as_mut_ptr(), INPUT_BUFFER) };
            buffer.start = 0;
            buffer.end = n.min(INPUT_BUFFER);
        }
        Ok(&buffer.bytes[buffer.start..buffer.end])
    }

    fn consume(&mut self, amount: usize) {
        let buffer = &mut *self.buffer;
        buffer.start = (buffer.start + amount).min(buffer.end);
    }
}

// -- stdout and stderr: straight to the C library's streams, which buffer stdout.

fn write_stream(stream: i32, buf: &[u8]) -> Result<usize> {
    // SAFETY: the host reads `buf.len()` bytes of `buf`.
    let n = unsafe { (host().write)(stream, buf.as_ptr(), buf.len()) };
    if n == 0 && !buf.is_empty() {
        return Err(Error::new_const(
            ErrorKind::Other,
            "cannot write the output",
        ));
    }
    Ok(n.min(buf.len()))
}

fn flush_stream(stream: i32) -> Result<()> {
    // SAFETY: the C `fflush`.
    match unsafe { (host().flush)(stream) } {
        0 => Ok(()),
        _ => Err(Error::new_const(
            ErrorKind::Other,
            "cannot flush the output",
        )),
    }
}

macro_rules! output_stream {
    ($handle:ident, $lock:ident, $open:ident, $stream:expr) => {
        pub struct $handle {
            _private: (),
        }

        /// Holds nothing: the C library's stream keeps the state.
        pub struct $lock<'a>(core::marker::PhantomData<&'a ()>);

        pub fn $open() -> $handle {
            $handle { _private: () }
        }

        impl $handle {
            pub fn lock(&self) -> $lock<'static> {
                $lock(core::marker::PhantomData)
            }
        }

        impl Write for $handle {
            fn write(&mut self, buf: &[u8]) -> Result<usize> {
                write_stream($stream, buf)
            }

            fn flush(&mut self) -> Result<()> {
                flush_stream($stream)
            }
        }

        impl Write for $lock<'_> {
            fn write(&mut self, buf: &[u8]) -> Result<usize> {
                write_stream($stream, buf)
            }

            fn flush(&mut self) -> Result<()> {
                flush_stream($stream)
            }
        }
    };
}

output_stream!(Stdout, StdoutLock, stdout, 1);
output_stream!(Stderr, StderrLock, stderr, 2);

/// `print!` and `println!`.
pub fn _print(args: fmt::Arguments<'_>) {
    if let Err(error) = stdout().write_fmt(args) {
        panic!("failed printing to stdout: {error}");
    }
}

/// `eprint!` and `eprintln!`; errors are ignored, as there is nowhere to report them.
pub fn _eprint(args: fmt::Arguments<'_>) {
    let _ = stderr().write_fmt(args);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::fake;
    use std::sync::Mutex;

    /// The stdin buffer is one for the process: its tests take turns, and each reads to the
    /// end so that the next starts empty.
    static STDIN_TESTS: Mutex<()> = Mutex::new(());

    #[test]
    fn stdin_asks_for_more_only_when_its_buffer_is_used_up() {
        let _turn = STDIN_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        fake::fresh(&[b"3 4\n", b"hello\r\n", b"last"]);
        let mut lines = Vec::new();
        for line in stdin().lines() {
            lines.push(line.unwrap());
        }
        assert_eq!(lines, ["3 4", "hello", "last"]);
        let reads = fake::WORLD.with_borrow(|world| world.read_sizes.clone());
        // One read a line; "last" has no newline, so its line also meets the end, and the
        // call after it asks once more, as std's `BufReader` does.
        assert_eq!(reads, [INPUT_BUFFER; 5]);
    }

    #[test]
    fn stdin_reads_across_refills_and_a_second_lock_is_refused() {
        let _turn = STDIN_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        fake::fresh(&[b"ab", b"cdef"]);
        let mut lock = stdin().lock();
        assert!(STDIN.try_lock().is_none(), "held by `lock`");
        let mut three = [0; 3];
        lock.read_exact(&mut three).unwrap();
        assert_eq!(&three, b"abc");
        let mut rest = String::new();
        lock.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "def");
        drop(lock);
        let mut line = String::new();
        assert_eq!(stdin().read_line(&mut line).unwrap(), 0, "at the end");
    }

    #[test]
    fn output_goes_to_its_stream_and_short_writes_are_completed() {
        fake::fresh(&[]);
        fake::WORLD.with_borrow_mut(|world| world.write_limit = Some(2));
        write!(stdout().lock(), "{} {}", 12, -3).unwrap();
        _print(format_args!("!\n"));
        _eprint(format_args!("oops\n"));
        assert_eq!(fake::stdout(), b"12 -3!\n");
        assert_eq!(fake::stderr(), b"oops\n");
    }

    #[test]
    fn a_stream_that_takes_nothing_or_cannot_flush_is_an_error() {
        fake::fresh(&[]);
        fake::WORLD.with_borrow_mut(|world| {
            world.write_limit = Some(0);
            world.flush_fails = true;
        });
        let error = stdout().write_all(b"x").unwrap_err();
        assert_eq!(error.to_string(), "cannot write the output");
        assert_eq!(
            stdout().write(b"").unwrap(),
            0,
            "nothing to write is no error"
        );
        assert!(stderr().flush().is_err());
    }
}
