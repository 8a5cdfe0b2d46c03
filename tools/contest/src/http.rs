//! Just enough HTTP/1.1 for one POST per connection: the head and a `Content-Length` body read
//! against one deadline, and a plain-text answer. No chunked bodies, no keep-alive.
//!
//! Hand-written, not a server crate: the listener's refusals need the connection itself. A
//! small blocking server such as `tiny_http` reads and parses the head on its own threads
//! before the application sees a request, with no limit on the head's size and no deadline
//! for it (its `ServerConfig` sets the address and TLS only). So it could not answer an
//! oversized head with 431, nor a client that dribbles its head with 408 and its thread
//! freed, nor refuse a connection over the bound with 503 before reading anything
//! (`tools/contest/tests/listen.rs` pins the 408 and the 503). What is left here is about a hundred
//! lines: read to the blank line, split the headers, read the body.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A request head larger than this is refused (431): the extension's is a few hundred bytes.
pub const MAX_HEAD: usize = 16 * 1024;

/// A request line, its headers and (for a POST) its body.
#[derive(Debug, Default)]
pub struct Request {
    pub method: String,
    /// Header names lowercased, values trimmed.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why no request could be read: an answer to send, or a client already gone.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    Answer(u16, String),
    Gone,
}

/// Reads one request from `stream`, all of it before `deadline`. `accept` sees the head
/// before the body is read and may refuse it (so a refused request's body is never read);
/// a body over `max_body` bytes is refused with 413, unread.
pub fn read_request(
    stream: &mut TcpStream,
    deadline: Instant,
    max_body: usize,
    accept: impl FnOnce(&Request) -> Result<(), (u16, String)>,
) -> Result<Request, Failure> {
    let mut buffer = Vec::new();
    let head_end = loop {
        if let Some(end) = find(&buffer, b"\r\n\r\n") {
            break end;
        }
        if buffer.len() > MAX_HEAD {
            return Err(answer(431, format!("request head over {MAX_HEAD} bytes")));
        }
        read_some(stream, &mut buffer, deadline)?;
    };
    let mut request = parse_head(&buffer[..head_end])?;
    accept(&request).map_err(|(status, text)| Failure::Answer(status, text))?;
    if request.header("transfer-encoding").is_some() {
        return Err(answer(
            411,
            "send the body with a Content-Length, not chunked",
        ));
    }
    let length: usize = match request.header("content-length") {
        None => return Err(answer(411, "a Content-Length is required")),
        Some(text) => text
            .parse()
            .map_err(|_| answer(400, "the Content-Length is not a number"))?,
    };
    if length > max_body {
        return Err(answer(
            413,
            format!("body over {max_body} bytes: nothing created"),
        ));
    }
    let mut body = buffer.split_off(head_end + 4);
    while body.len() < length {
        read_some(stream, &mut body, deadline)?;
    }
    if body.len() > length {
        return Err(answer(400, "more bytes than the Content-Length announced"));
    }
    request.body = body;
    Ok(request)
}

fn answer(status: u16, text: impl Into<String>) -> Failure {
    Failure::Answer(status, text.into())
}

/// Appends what arrives before `deadline` (408 after it; `Gone` when the client closed).
fn read_some(
    stream: &mut TcpStream,
    buffer: &mut Vec<u8>,
    deadline: Instant,
) -> Result<(), Failure> {
    let too_slow = || answer(408, "the request did not arrive in time: nothing created");
    let left = deadline
        .checked_duration_since(Instant::now())
        .filter(|d| !d.is_zero())
        .ok_or_else(too_slow)?;
    stream
        .set_read_timeout(Some(left.max(Duration::from_millis(1))))
        .map_err(|_| Failure::Gone)?;
    let mut chunk = [0u8; 16 * 1024];
    match stream.read(&mut chunk) {
        Ok(0) => Err(Failure::Gone),
        Ok(n) => {
            buffer.extend_from_slice(&chunk[..n]);
            Ok(())
        }
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
            Err(too_slow())
        }
        Err(e) if e.kind() == ErrorKind::Interrupted => Ok(()),
        Err(_) => Err(Failure::Gone),
    }
}

fn parse_head(head: &[u8]) -> Result<Request, Failure> {
    let bad = || answer(400, "not an HTTP/1.1 request");
    let head = std::str::from_utf8(head).map_err(|_| bad())?;
    let mut lines = head.split("\r\n");
    let mut request_line = lines.next().ok_or_else(bad)?.split(' ');
    let method = request_line
        .next()
        .filter(|m| !m.is_empty())
        .ok_or_else(bad)?;
    let mut headers = Vec::new();
    for line in lines {
        let (name, value) = line.split_once(':').ok_or_else(bad)?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    Ok(Request {
        method: method.to_string(),
        headers,
        body: Vec::new(),
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Writes a one-line plain-text answer and closes the connection; a client that stopped
/// reading cannot hold it up past `timeout`. With `drain`, what the client still sends is
/// read (at most 200 ms, 2 MiB) so that the close does not reset the answer away.
pub fn respond(stream: &mut TcpStream, status: u16, text: &str, timeout: Duration, drain: bool) {
    let reason = match status {
        201 => "Created",
        400 => "Bad Request",
        403 => "Forbidden",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Internal Server Error",
    };
    let body = format!("{text}\n");
    let response = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.set_write_timeout(Some(timeout));
    let _ = stream.write_all(response.as_bytes());
    let _ = stream.flush();
    let _ = stream.shutdown(std::net::Shutdown::Write);
    if !drain {
        return;
    }
    // Unread bytes at close would reset the connection, and the client might lose the answer.
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let _ = std::io::copy(&mut Read::take(&mut *stream, 2 << 20), &mut std::io::sink());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_are_split_into_lowercase_headers() {
        let head = b"POST / HTTP/1.1\r\nContent-Type: application/json\r\nX-A:  b ";
        let request = parse_head(head).unwrap();
        assert_eq!(request.method, "POST");
        assert_eq!(request.header("content-type"), Some("application/json"));
        assert_eq!(request.header("x-a"), Some("b"));
        assert!(parse_head(b"POST / HTTP/1.1\r\nno colon").is_err());
        assert!(parse_head(b"\xff").is_err());
    }
}
