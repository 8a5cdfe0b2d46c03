//! `contest listen` on a random loopback port: a recorded Competitive Companion request creates
//! the crate, its samples and its metadata; every hostile request (malformed, oversized, from a
//! web page, absurd limits, names that cannot build, slow) gets a 4xx and creates nothing, and a
//! slow client holds up no one else. Each test sends a bounded number of requests, each
//! socket with a timeout.

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};
use support::TinyWorkspace;

/// A request as the extension sends it (Codeforces 4A, trimmed of nothing but whitespace).
const RECORDED: &str = r#"{"name":"A. Watermelon","group":"Codeforces - Codeforces Beta Round 4 (Div. 2 Only)","url":"https://codeforces.com/problemset/problem/4/A","interactive":false,"memoryLimit":64,"timeLimit":1000,"tests":[{"input":"8\r\n","output":"YES\r\n"},{"input":"5\n","output":"NO\n"}],"testType":"single","input":{"type":"stdin"},"output":{"type":"stdout"},"languages":{"java":{"mainClass":"Main","taskClass":"AWatermelon"}},"batch":{"id":"8c9a2a4e-recorded","size":1}}"#;

/// The extension's origin in Chrome.
const EXTENSION: &str = "chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl";
/// No test waits longer than this for one answer.
const SOCKET_TIMEOUT: Duration = Duration::from_secs(20);

struct Listener {
    child: Child,
    port: u16,
}

impl Listener {
    fn start(ws: &TinyWorkspace, deadline_ms: u64) -> Listener {
        let mut child = ws
            .command(env!("CARGO_BIN_EXE_contest"))
            .args(["listen", "--port", "0", "--deadline-ms"])
            .arg(deadline_ms.to_string())
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

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.set_read_timeout(Some(SOCKET_TIMEOUT)).unwrap();
        stream.set_write_timeout(Some(SOCKET_TIMEOUT)).unwrap();
        stream
    }

    /// A POST of `body` as JSON from the extension.
    fn post(&self, body: &str) -> (u16, String) {
        self.send(
            "POST",
            &[("Content-Type", "application/json")],
            body.as_bytes(),
        )
    }

    /// Sends one request with `headers` besides Host and Content-Length; returns the status
    /// code and the body.
    fn send(&self, method: &str, headers: &[(&str, &str)], body: &[u8]) -> (u16, String) {
        let mut head = format!("{method} / HTTP/1.1\r\nHost: localhost:{}\r\n", self.port);
        if !headers.iter().any(|(name, _)| *name == "Origin") {
            head += &format!("Origin: {EXTENSION}\r\n");
        }
        for (name, value) in headers {
            head += &format!("{name}: {value}\r\n");
        }
        if !headers.iter().any(|(name, _)| *name == "Transfer-Encoding") {
            head += &format!("Content-Length: {}\r\n", body.len());
        }
        head += "Connection: close\r\n\r\n";
        let mut stream = self.connect();
        stream.write_all(head.as_bytes()).unwrap();
        // The server may answer and close before reading a refused body.
        let _ = stream.write_all(body);
        read_reply(&mut stream)
    }
}

fn read_reply(stream: &mut TcpStream) -> (u16, String) {
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

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A problem with this title and limits and no tests, as JSON.
fn problem(title: &str, extra: &str) -> String {
    let title = serde_json::to_string(title).unwrap();
    format!(r#"{{"name":{title},"url":"","tests":[{{"input":"1\n","output":"1\n"}}]{extra}}}"#)
}

#[test]
fn a_recorded_request_creates_the_problem_and_bad_ones_create_nothing() {
    let ws = TinyWorkspace::new("listen");
    std::fs::create_dir_all(ws.root.join("samples/only-samples")).unwrap();
    let listener = Listener::start(&ws, 2000);
    let before = ws.tree();

    let json = [("Content-Type", "application/json")];
    let huge = format!(
        "{{\"name\":\"Huge\",\"tests\":[{{\"input\":\"{}\",\"output\":\"\"}}]}}",
        "1".repeat(1 << 20)
    );
    let empty_tests = format!(
        r#"{{"name":"Many","tests":[{}]}}"#,
        vec![r#"{"input":"","output":""}"#; 36_000].join(",")
    );
    let refusals: Vec<(u16, &str, (u16, String))> = vec![
        (
            400,
            "not a Competitive Companion problem",
            listener.post("{\"name\": \"Broken\", \"tests\": ["),
        ),
        (413, "body over", listener.post(&huge)),
        (405, "POST", listener.send("GET", &[], b"")),
        // What a page's no-cors fetch sends; then the same from a web page's origin.
        (
            403,
            "web pages",
            listener.send(
                "POST",
                &[
                    ("Content-Type", "text/plain"),
                    ("Origin", "https://evil.example"),
                ],
                RECORDED.as_bytes(),
            ),
        ),
        (
            415,
            "application/json",
            listener.send(
                "POST",
                &[("Content-Type", "text/plain")],
                RECORDED.as_bytes(),
            ),
        ),
        (
            403,
            "web pages",
            listener.send(
                "POST",
                &[
                    ("Content-Type", "application/json"),
                    ("Origin", "https://evil.example"),
                ],
                RECORDED.as_bytes(),
            ),
        ),
        (
            403,
            "web pages",
            listener.send(
                "POST",
                &[("Content-Type", "application/json"), ("Origin", "null")],
                RECORDED.as_bytes(),
            ),
        ),
        (
            411,
            "Content-Length",
            listener.send(
                "POST",
                &[
                    ("Content-Type", "application/json"),
                    ("Transfer-Encoding", "chunked"),
                ],
                b"5\r\n{\"a\":\r\n",
            ),
        ),
        (
            422,
            "time limit",
            listener.post(&problem("Big limit", r#","timeLimit":9223372036854775808"#)),
        ),
        (
            422,
            "memory limit",
            listener.post(&problem(
                "Big memory",
                r#","memoryLimit":9223372036854775808"#,
            )),
        ),
        (
            400,
            "not a Competitive Companion problem",
            listener.post(&problem("Huger", r#","timeLimit":18446744073709551616"#)),
        ),
        (422, "samples", listener.post(&empty_tests)),
        (
            422,
            "characters",
            listener.post(&problem(&"Long ".repeat(100), "")),
        ),
        (
            409,
            "samples/only-samples already exists",
            listener.post(&problem("Only samples", "")),
        ),
    ];
    let mut keyword_and_dependency = Vec::new();
    for keyword in ["fn", "match", "async", "type", "dyn", "try", "loop"] {
        keyword_and_dependency.push((422, "keyword", listener.post(&problem(keyword, ""))));
    }
    for dependency in [
        "rand",
        "insta",
        "rand chacha",
        "rand_chacha",
        "proconio",
        "shared grid",
        "stress kit",
        "serde",
    ] {
        keyword_and_dependency.push((
            409,
            "choose another name",
            listener.post(&problem(dependency, "")),
        ));
    }
    for (status, needle, (got, text)) in refusals.into_iter().chain(keyword_and_dependency) {
        assert_eq!(got, status, "{text}");
        assert!(text.contains(needle), "{needle:?} in {text:?}");
        assert_eq!(text.lines().count(), 1, "one line: {text:?}");
    }
    assert_eq!(ws.tree(), before, "a refusal created or changed something");

    let (status, text) = listener.send("POST", &json, RECORDED.as_bytes());
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

    // The same problem again: refused, naming what exists, the first one untouched.
    let (status, text) = listener.post(RECORDED);
    assert_eq!(status, 409, "{text}");
    assert!(
        text.contains("crates/a-watermelon already exists"),
        "{text}"
    );
    assert_eq!(ws.read("crates/a-watermelon/Cargo.toml"), manifest);

    // Titles that reorder text or hold NUL are stored escaped, on one line.
    let (status, text) = listener.post(&problem(
        "Mirror \u{202E}dlrow\u{2066} nul\0 tab\t`id` $H a\"b",
        "",
    ));
    assert_eq!(status, 201, "{text}");
    for file in ["Cargo.toml", "src/lib.rs"] {
        let text = ws.read(&format!("crates/mirror-dlrow-nul-tab-id-h-a-b/{file}"));
        assert!(
            !text.contains(['\0', '\u{202E}', '\u{2066}', '\t']),
            "{file}:\n{text}"
        );
        assert!(
            text.contains("Mirror <U+202E>dlrow<U+2066> nul tab `id` $H a"),
            "{file}:\n{text}"
        );
    }

    // An interactive problem: the interactive template; the page's samples are transcripts.
    let interactive = RECORDED
        .replace("A. Watermelon", "B. Guess")
        .replace("\"interactive\":false", "\"interactive\":true");
    let (status, text) = listener.post(&interactive);
    assert_eq!(status, 201, "{text}");
    assert!(ws
        .read("crates/b-guess/Cargo.toml")
        .contains("interactive = true"));
    assert!(ws.read("crates/b-guess/src/lib.rs").contains("flush"));
    assert_eq!(
        ws.read("samples/b-guess/sample-1.transcript"),
        "--- input\n8\n--- output\nYES\n"
    );
    assert!(ws.exists("samples/b-guess/placeholder.in"));

    // The created workspace still loads (a broken root manifest would fail here).
    let metadata = ws.assert_loads();
    assert!(metadata.contains("\"name\":\"a-watermelon\""));
}

#[test]
fn a_slow_client_gets_408_and_holds_up_no_one() {
    let ws = TinyWorkspace::new("listen-slow");
    let listener = Listener::start(&ws, 1000);
    let before = ws.tree();
    let started = Instant::now();
    // A body announced at 100,000 bytes, 10 sent; a head never finished.
    let mut slow_body = listener.connect();
    let head = "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: 100000\r\n\r\n{\"name\":\"S";
    slow_body.write_all(head.as_bytes()).unwrap();
    let mut slow_head = listener.connect();
    slow_head
        .write_all(b"POST / HTTP/1.1\r\nHost: loc")
        .unwrap();

    // Others are served meanwhile, at once.
    let (status, text) = listener.post("{");
    assert_eq!(status, 400, "{text}");
    assert!(
        started.elapsed() < Duration::from_millis(900),
        "{:?}",
        started.elapsed()
    );

    for stream in [&mut slow_body, &mut slow_head] {
        let (status, text) = read_reply(stream);
        assert_eq!(status, 408, "{text}");
    }
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(1000) && waited < Duration::from_secs(5),
        "{waited:?}"
    );
    assert_eq!(ws.tree(), before);
}

#[test]
fn connections_beyond_the_bound_get_503_and_the_listener_recovers() {
    let ws = TinyWorkspace::new("listen-bound");
    let listener = Listener::start(&ws, 1500);
    let idle: Vec<TcpStream> = (0..8).map(|_| listener.connect()).collect();
    // The listener takes connections in order: the ninth finds eight being read.
    std::thread::sleep(Duration::from_millis(100));
    let (status, text) = listener.post(RECORDED);
    assert_eq!(status, 503, "{text}");
    for mut stream in idle {
        assert_eq!(read_reply(&mut stream).0, 408);
    }
    std::thread::sleep(Duration::from_millis(100));
    let (status, text) = listener.post(RECORDED);
    assert_eq!(status, 201, "{text}");
}
