//! The thread that turns a bot's stdout into protocol lines.
//!
//! Reading happens on a thread so that the referee can wait for a line with a
//! deadline (`recv_timeout`). Memory stays bounded whatever the bot prints:
//! the thread never holds more than one line of [`MAX_LINE_BYTES`] plus one
//! read chunk (an endless line is cut off, not buffered), and at most
//! [`QUEUE_LINES`] finished lines wait for the referee (a bot printing lines
//! nonstop is then blocked by its full pipe, until it is killed for the
//! first line it printed unasked). The thread ends when the pipe reaches end
//! of file (the bot exited or was killed), when a line is too long or not
//! UTF-8, or when nobody listens any more.

use std::io::{ErrorKind, Read};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::thread::{self, JoinHandle};

use crate::bot::BotError;

/// The longest line accepted, line terminator excluded. A real answer is
/// about 15 bytes; 4 KiB leaves room for chatty whitespace and nothing more.
pub const MAX_LINE_BYTES: usize = 4096;

/// Lines read ahead of the referee. One is an answer; a second is already
/// proof of a line printed unasked; two more leave room for the end report.
pub const QUEUE_LINES: usize = 4;

/// What the reader thread reports: a line (terminator removed) or why no more
/// lines will come. After an error the thread has stopped.
pub type LineResult = Result<String, BotError>;

/// Starts the reader thread on `source`.
pub fn spawn_reader<R: Read + Send + 'static>(source: R) -> (Receiver<LineResult>, JoinHandle<()>) {
    let (tx, rx) = mpsc::sync_channel(QUEUE_LINES);
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
pub fn read_lines<R: Read>(mut source: R, tx: &SyncSender<LineResult>) {
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
        let (tx, rx) = mpsc::sync_channel(100);
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
        let (tx, rx) = mpsc::sync_channel(100);
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
        let (tx, rx) = mpsc::sync_channel(100);
        read_lines(&mut source, &tx);
        assert_eq!(rx.recv(), Ok(Err(BotError::LineTooLong)));
        assert!(
            source.0 <= 2 * MAX_LINE_BYTES + 4096,
            "read {} bytes",
            source.0
        );
    }

    #[test]
    fn a_flood_of_lines_waits_for_the_referee_instead_of_piling_up() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        /// Endless short lines; counts the bytes handed out.
        struct Flood(Arc<AtomicUsize>);
        impl Read for Flood {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = buf.len().min(64);
                for (i, byte) in buf[..n].iter_mut().enumerate() {
                    *byte = if i % 8 == 7 { b'\n' } else { b'z' };
                }
                self.0.fetch_add(n, Ordering::SeqCst);
                Ok(n)
            }
        }
        let read = Arc::new(AtomicUsize::new(0));
        let (rx, handle) = spawn_reader(Flood(Arc::clone(&read)));
        assert_eq!(rx.recv(), Ok(Ok("zzzzzzz".to_string())));
        std::thread::sleep(std::time::Duration::from_millis(50));
        // The reader is blocked: a full queue and at most one chunk in hand.
        assert!(read.load(Ordering::SeqCst) <= (QUEUE_LINES + 2) * 8 + 64);
        drop(rx); // nobody listens: the reader ends at its next line
        handle.join().unwrap();
    }

    #[test]
    fn invalid_utf8_stops_the_reader() {
        assert_eq!(
            all_lines(b"\xff\xfe\n[ACTION] s 0\n"),
            vec![Err(BotError::NotUtf8)]
        );
    }
}
