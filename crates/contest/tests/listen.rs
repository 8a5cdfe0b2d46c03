//! `contest listen` on loopback: a recorded Competitive Companion request creates the crate, its
//! samples and its metadata; malformed JSON, an oversized body, an existing name and a GET get a
//! clear HTTP error and create nothing.

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use support::TinyWorkspace;

/// A request as the extension sends it (Codeforces 4A, trimmed of nothing but whitespace).
const RECORDED: &str = r#"{"name":"A. Watermelon","group":"Codeforces - Codeforces Beta Round 4 (Div. 2 Only)","url":"https://codeforces.com/problemset/problem/4/A","interactive":false,"memoryLimit":64,"timeLimit":1000,"tests":[{"input":"8\r\n","output":"YES\r\n"},{"input":"5\n","output":"NO\n"}],"testType":"single","input":{"type":"stdin"},"output":{"type":"stdout"},"languages":{"java":{"mainClass":"Main","taskClass":"AWatermelon"}},"batch":{"id":"8c9a2a4e-recorded","size":1}}"#;

struct Listener {
    child: Child,
    port: u16,
}

impl Listener {
    fn start(ws: &TinyWorkspace) -> Listener {
        let mut child = ws
            .command(env!("CARGO_BIN_EXE_contest"))
            .args(["listen", "--port", "0"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.as_mut().unwrap())
            .read_line(&mut first)
            .unwrap();
        let port = first
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {first:?}"));
        Listener { child, port }
    }

    /// Sends one request; returns the status code and the body.
    fn send(&self, method: &str, body: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        let head = format!(
            "{method} / HTTP/1.1\r\nHost: localhost:{}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            self.port,
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        // The server may answer 413 and close before reading a huge body.
        let _ = stream.write_all(body);
        let mut response = String::new();
        let _ = stream.read_to_string(&mut response);
        let status = response
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {response:?}"));
        let body = response.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
        (status, body)
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_recorded_request_creates_the_problem_and_bad_ones_create_nothing() {
    let ws = TinyWorkspace::new("listen");
    let manifest_before = ws.read("Cargo.toml");
    let listener = Listener::start(&ws);

    let (status, text) = listener.send("POST", b"{\"name\": \"Broken\", \"tests\": [");
    assert_eq!(status, 400, "{text}");
    assert!(
        text.contains("not a Competitive Companion problem"),
        "{text}"
    );
    let huge = format!(
        "{{\"name\":\"Huge\",\"tests\":[{{\"input\":\"{}\",\"output\":\"\"}}]}}",
        "1".repeat(1 << 20)
    );
    let (status, text) = listener.send("POST", huge.as_bytes());
    assert_eq!(status, 413, "{text}");
    let (status, _) = listener.send("GET", b"");
    assert_eq!(status, 405);
    assert!(!ws.exists("crates/broken") && !ws.exists("crates/huge"));
    assert_eq!(ws.read("Cargo.toml"), manifest_before);

    let (status, text) = listener.send("POST", RECORDED.as_bytes());
    assert_eq!(status, 201, "{text}");
    assert!(
        text.contains("crates/a-watermelon with 2 sample(s)"),
        "{text}"
    );
    assert_eq!(ws.read("samples/a-watermelon/sample-1.in"), "8\n");
    assert_eq!(ws.read("samples/a-watermelon/sample-1.out"), "YES\n");
    assert_eq!(ws.read("samples/a-watermelon/sample-2.out"), "NO\n");
    let manifest = ws.read("crates/a-watermelon/Cargo.toml");
    for line in [
        "problem = \"A. Watermelon\"",
        "judges = [\"codeforces:A\"]",
        "url = \"https://codeforces.com/problemset/problem/4/A\"",
        "time-limit-ms = 1000",
        "memory-limit-mb = 64",
    ] {
        assert!(manifest.contains(line), "{line} in\n{manifest}");
    }
    let snapshot = "crates/a-watermelon/tests/snapshots/samples__samples@sample-2.in.snap";
    assert!(ws.read(snapshot).ends_with("---\nNO\n"));
    assert!(ws
        .read("Cargo.toml")
        .contains("\"crates/a-watermelon\",\n]"));

    // The same problem again: refused, the first one untouched.
    let (status, text) = listener.send("POST", RECORDED.as_bytes());
    assert_eq!(status, 409, "{text}");
    assert!(text.contains("already exists"), "{text}");
    assert_eq!(ws.read("crates/a-watermelon/Cargo.toml"), manifest);

    // The created workspace still loads (a broken root manifest would fail here).
    let metadata = ws
        .command("cargo")
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .unwrap();
    assert!(
        metadata.status.success(),
        "{}",
        String::from_utf8_lossy(&metadata.stderr)
    );
    assert!(String::from_utf8_lossy(&metadata.stdout).contains("\"name\":\"a-watermelon\""));
}
