//! std's `io`: the traits ([`Read`], [`BufRead`], [`Write`]), stdin, stdout and stderr
//! through the host table, and the small writers ([`BufWriter`], [`Sink`]).

mod error;
mod stdio;
mod traits;

pub use error::{Error, ErrorKind, Result};
pub use stdio::{
    _eprint, _print, stderr, stdin, stdout, Stderr, StderrLock, Stdin, StdinLock, Stdout,
    StdoutLock,
};
pub use traits::{BufRead, Lines, Read, Write};

/// A writer that keeps nothing (what it is given is still formatted, as with std's).
pub struct Sink {
    _private: (),
}

pub fn sink() -> Sink {
    Sink { _private: () }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> Result<usize> {
        Ok(buf.len())
    }

    fn flush(&mut self) -> Result<()> {
        Ok(())
    }
}

/// std's `BufWriter`, passing writes straight on: the C library's `stdout` buffers
/// already, and one buffer is enough.
pub struct BufWriter<W: Write> {
    inner: W,
}

impl<W: Write> BufWriter<W> {
    pub fn new(inner: W) -> BufWriter<W> {
        BufWriter { inner }
    }

    pub fn with_capacity(_capacity: usize, inner: W) -> BufWriter<W> {
        BufWriter { inner }
    }

    pub fn get_ref(&self) -> &W {
        &self.inner
    }

    pub fn get_mut(&mut self) -> &mut W {
        &mut self.inner
    }
}

impl<W: Write> Write for BufWriter<W> {
    fn write(&mut self, buf: &[u8]) -> Result<usize> {
        self.inner.write(buf)
    }

    fn flush(&mut self) -> Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    #[test]
    fn byte_slices_read_as_std_reads_them() {
        let mut input: &[u8] = b"one\ntwo\r\n\nlast";
        let mut first = String::new();
        assert_eq!(input.read_line(&mut first).unwrap(), 4);
        assert_eq!(first, "one\n");
        let lines: Vec<String> = input.lines().map(|line| line.unwrap()).collect();
        assert_eq!(lines, ["two", "", "last"]);

        let mut short: &[u8] = b"ab";
        let mut three = [0; 3];
        let error = short.read_exact(&mut three).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::UnexpectedEof);

        let mut bad: &[u8] = b"ok \xff";
        let mut text = String::from("kept ");
        let error = bad.read_to_string(&mut text).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidData);
        assert_eq!(text, "kept ", "nothing appended on invalid UTF-8");

        let mut until: &[u8] = b"a,b";
        let mut part = Vec::new();
        assert_eq!(until.read_until(b',', &mut part).unwrap(), 2);
        assert_eq!((part.as_slice(), until), (&b"a,"[..], &b"b"[..]));
    }

    /// Takes at most `limit` bytes a call, then refuses.
    struct Trickle {
        taken: Vec<u8>,
        limit: usize,
        calls_left: usize,
    }

    impl Write for Trickle {
        fn write(&mut self, buf: &[u8]) -> Result<usize> {
            if self.calls_left == 0 {
                return Ok(0);
            }
            self.calls_left -= 1;
            let n = buf.len().min(self.limit);
            self.taken.extend_from_slice(&buf[..n]);
            Ok(n)
        }

        fn flush(&mut self) -> Result<()> {
            Ok(())
        }
    }

    #[test]
    fn write_all_completes_short_writes_and_reports_a_writer_that_stops() {
        let mut out = Trickle {
            taken: Vec::new(),
            limit: 2,
            calls_left: 4,
        };
        write!(out, "{}-{}", 12, 34).unwrap();
        assert_eq!(out.taken, b"12-34");
        let error = write!(out, "{}", 567).unwrap_err();
        assert_eq!(
            error.kind(),
            ErrorKind::WriteZero,
            "formatting keeps the I/O error"
        );
        assert_eq!(out.taken, b"12-3456", "two bytes of the last write went");
    }

    #[test]
    fn buf_writer_and_sink_pass_on_or_drop_what_they_get() {
        let mut buffered = BufWriter::new(Vec::new());
        write!(buffered, "{:>3}", 7).unwrap();
        buffered.flush().unwrap();
        assert_eq!(buffered.get_ref(), b"  7");
        let mut sink = sink();
        assert_eq!(sink.write(b"abc").unwrap(), 3);
        write!(sink, "{}", 1).unwrap();
    }
}
