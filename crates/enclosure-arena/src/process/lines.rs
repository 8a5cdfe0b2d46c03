//! The thread that turns a bot's stdout into protocol lines.
//!
//! Reading happens on a thread so that the referee can wait for a line with a
//! deadline (`recv_timeout`). The thread never holds more than one line of
//! [`MAX_LINE_BYTES`] plus one read chunk: a bot printing an endless line is
//! cut off, not buffered. It ends when the pipe reaches end of file (the bot
//! exited or was killed), when the line is too long or not UTF-8, or when
//! nobody listens any more.

use std::io::{ErrorKind, Read};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};

use crate::bot::BotError;

/// The longest line accepted, line terminator excluded. A real answer is
/// about 15 bytes; 4 KiB leaves room for chatty whitespace and nothing more.
pub const MAX_LINE_BYTES: usize = 4096;

/// What the reader thread reports: a line (terminator removed) or why no more
/// lines will come. After an error the thread has stopped.
pub type LineResult = Result<String, BotError>;

/// Starts the reader thread on `source`.
pub fn spawn_reader<R: Read + Send + 'static>(source: R) -> (Receiver<LineResult>, JoinHandle<()>) {
    let (tx, rx) = mpsc::channel();
    let handle = thread::Builder::new()
        .name("bot-stdout".into())
        .spawn(move || read_lines(source, &tx))
        .expect("spawning a reader thread");
    (rx, handle)
}

/// Splits `source` into lines and sends them until the end (see module doc).
/// A line ends at `\n`; a `\r` just before it is dropped too, so bots written
/// on other systems are read the same. A final line without terminator is
/// delivered before the end is reported.
pub fn read_lines<R: Read>(mut source: R, tx: &Sender<LineResult>) {
    let mut chunk = [0u8; 4096];
    let mut pending: Vec<u8> = Vec::new();
    loop {
        let n = match source.read(&mut chunk) {
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => 0, // a broken pipe reads as the end
        };
        if n == 0 {
            if !pending.is_empty() {
                let _ = tx.send(to_line(&pending));
            }
            let _ = tx.send(Err(BotError::Closed));
            return;
        }
        for &byte in &chunk[..n] {
            if byte == b'\n' {
                let line = to_line(&pending);
                pending.clear();
                let stop = line.is_err();
                if tx.send(line).is_err() || stop {
                    return;
                }
            } else {
                pending.push(byte);
            }
        }
        // `\r` of a pending `\r\n` does not count: it belongs to the terminator.
        let length = pending.len() - usize::from(pending.last() == Some(&b'\r'));
        if length > MAX_LINE_BYTES {
            let _ = tx.send(Err(BotError::LineTooLong));
            return;
        }
    }
}

/// One complete line without its `\n`: strips a `\r`, checks length and encoding.
fn to_line(bytes: &[u8]) -> LineResult {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    if bytes.len() > MAX_LINE_BYTES {
        return Err(BotError::LineTooLong);
    }
    String::from_utf8(bytes.to_vec()).map_err(|_| BotError::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(input: &[u8]) -> Vec<LineResult> {
        let (tx, rx) = mpsc::channel();
        read_lines(input, &tx);
        drop(tx);
        rx.iter().collect()
    }

    /// A reader that yields its data in small pieces, like a pipe does.
    struct Trickle<'a>(&'a [u8], usize);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn splits_lines_and_reports_the_end() {
        assert_eq!(
            all_lines(b"[POS] 1 2\n[ACTION] s 0\r\n\nlast"),
            vec![
                Ok("[POS] 1 2".to_string()),
                Ok("[ACTION] s 0".to_string()),
                Ok(String::new()),
                Ok("last".to_string()),
                Err(BotError::Closed)
            ]
        );
    }

    #[test]
    fn lines_split_across_reads_are_joined() {
        let (tx, rx) = mpsc::channel();
        read_lines(Trickle(b"[ACTION] r 0\n[ACTION] u 0\n", 3), &tx);
        drop(tx);
        let lines: Vec<_> = rx.iter().collect();
        assert_eq!(lines[0], Ok("[ACTION] r 0".to_string()));
        assert_eq!(lines[1], Ok("[ACTION] u 0".to_string()));
        assert_eq!(lines[2], Err(BotError::Closed));
    }

    #[test]
    fn the_longest_accepted_line_passes_and_one_more_byte_does_not() {
        let mut ok = vec![b'x'; MAX_LINE_BYTES];
        ok.extend_from_slice(b"\r\n");
        assert_eq!(all_lines(&ok)[0].as_ref().unwrap().len(), MAX_LINE_BYTES);
        let mut long = vec![b'x'; MAX_LINE_BYTES + 1];
        long.push(b'\n');
        assert_eq!(all_lines(&long), vec![Err(BotError::LineTooLong)]);
    }

    #[test]
    fn an_endless_line_is_cut_without_reading_it_all() {
        /// Endless output without a newline; counts what was read.
        struct Endless(usize);
        impl Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                buf.fill(b'y');
                self.0 += buf.len();
                Ok(buf.len())
            }
        }
        let mut source = Endless(0);
        let (tx, rx) = mpsc::channel();
        read_lines(&mut source, &tx);
        assert_eq!(rx.recv(), Ok(Err(BotError::LineTooLong)));
        assert!(
            source.0 <= 2 * MAX_LINE_BYTES + 4096,
            "read {} bytes",
            source.0
        );
    }

    #[test]
    fn invalid_utf8_stops_the_reader() {
        assert_eq!(
            all_lines(b"\xff\xfe\n[ACTION] s 0\n"),
            vec![Err(BotError::NotUtf8)]
        );
    }
}
