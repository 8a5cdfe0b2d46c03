//! `contest listen`: a loopback HTTP listener for the Competitive Companion browser extension.
//! Each POSTed problem is created as `contest new` would, with its samples written out and its
//! URL and limits in the crate's `[package.metadata.contest]` table.
//!
//! Hostile input in mind: a thread per connection, at most [`MAX_CONNECTIONS`] at once (more
//! get 503), each request read whole within a deadline (408 after it), so a slow client holds
//! only its own thread; only `POST` with `Content-Type: application/json` to a loopback `Host`
//! is taken, and an `Origin` of a web page (`http:`, `https:`, `null`) is refused, so a page
//! cannot drive it with a no-cors or a DNS-rebound request (the extension posts from its own
//! `chrome-extension:` or `moz-extension:` origin, or none).

use crate::http::{self, Failure, Request};
use crate::new::{self, Spec};
use crate::refusal::Refusal;
use crate::sample::Sample;
use crate::validate;
use anyhow::{Context, Result};
use serde::Deserialize;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One of the ports the extension posts to without any setup.
pub const DEFAULT_PORT: u16 = 10043;
/// Larger bodies are refused unread (413).
pub const MAX_BODY: usize = 1 << 20;
/// A request's head and body must arrive within this; the extension's take milliseconds.
pub const DEFAULT_DEADLINE_MS: u64 = 2000;
/// Connections served at once; one more is answered 503 at once.
pub const MAX_CONNECTIONS: usize = 8;

/// The extension's JSON (fields we do not use are ignored).
#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    pub name: String,
    #[serde(default)]
    pub url: String,
    #[serde(default)]
    pub group: String,
    pub tests: Vec<Test>,
    /// Milliseconds.
    pub time_limit: Option<u64>,
    /// Megabytes.
    pub memory_limit: Option<u64>,
    #[serde(default)]
    pub interactive: bool,
}

#[derive(Deserialize, Debug)]
pub struct Test {
    pub input: String,
    pub output: String,
}

/// An HTTP answer: status and a one-line text body.
#[derive(Debug, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub text: String,
}

impl Reply {
    fn new(status: u16, text: impl Into<String>) -> Reply {
        Reply {
            status,
            text: text.into(),
        }
    }
}

/// Serves forever on 127.0.0.1:`port` (0: any free port), printing one line per request.
pub fn serve(root: &Path, port: u16, deadline: Duration) -> Result<()> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .with_context(|| format!("cannot listen on 127.0.0.1:{port}"))?;
    let port = listener.local_addr()?.port();
    println!("listening on http://127.0.0.1:{port} for Competitive Companion (Ctrl-C stops)");
    let root: Arc<PathBuf> = Arc::new(root.to_path_buf());
    let active = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        if active.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            active.fetch_sub(1, Ordering::SeqCst);
            let text = "too many requests at once: try again";
            println!("503 {text}");
            // Answered on the accepting thread: no waiting for the client here.
            http::respond(&mut stream, 503, text, Duration::from_millis(100), false);
            continue;
        }
        let (root, active) = (Arc::clone(&root), Arc::clone(&active));
        std::thread::spawn(move || {
            let reply = serve_one(&root, &mut stream, deadline);
            if let Some(reply) = reply {
                println!("{} {}", reply.status, reply.text);
                http::respond(&mut stream, reply.status, &reply.text, deadline, true);
            }
            active.fetch_sub(1, Ordering::SeqCst);
        });
    }
    Ok(())
}

/// The answer to one connection's request (`None`: the client left before it was whole).
fn serve_one(root: &Path, stream: &mut TcpStream, deadline: Duration) -> Option<Reply> {
    let deadline = Instant::now() + deadline;
    match http::read_request(stream, deadline, MAX_BODY, admissible) {
        Ok(request) => Some(handle(root, &request.body)),
        Err(Failure::Answer(status, text)) => Some(Reply::new(status, text)),
        Err(Failure::Gone) => None,
    }
}

/// Only what the extension sends: a POST of JSON to a loopback host, from no web page.
pub fn admissible(request: &Request) -> Result<(), (u16, String)> {
    if request.method != "POST" {
        return Err((405, "POST a Competitive Companion problem here".into()));
    }
    let host = request.header("host").unwrap_or("");
    let host_name = host.rsplit_once(':').map_or(host, |(name, _)| name);
    if !matches!(host_name, "127.0.0.1" | "localhost" | "[::1]") {
        return Err((
            403,
            "only requests to localhost or 127.0.0.1 are taken".into(),
        ));
    }
    if let Some(origin) = request.header("origin") {
        let lower = origin.to_ascii_lowercase();
        if lower.starts_with("http:") || lower.starts_with("https:") || lower == "null" {
            return Err((
                403,
                "requests from web pages are refused: only the extension may post".into(),
            ));
        }
    }
    let media_type = request
        .header("content-type")
        .and_then(|t| t.split(';').next())
        .map(|t| t.trim().to_ascii_lowercase());
    if media_type.as_deref() != Some("application/json") {
        return Err((415, "only Content-Type: application/json is taken".into()));
    }
    Ok(())
}

/// Creates the problem a body describes; every failure is a reply that created nothing.
pub fn handle(root: &Path, body: &[u8]) -> Reply {
    let problem: Problem = match serde_json::from_slice(body) {
        Ok(problem) => problem,
        Err(error) => {
            return Reply::new(400, format!("not a Competitive Companion problem: {error}"))
        }
    };
    let spec = match spec(root, &problem) {
        Ok(spec) => spec,
        Err(error) => return Reply::new(422, format!("{error:#}: nothing created")),
    };
    match new::create(root, &spec) {
        Ok(created) => Reply::new(
            201,
            format!(
                "created crates/{} with {} sample(s) for \"{}\"",
                created.name,
                created.samples,
                validate::one_line("title", &spec.problem, usize::MAX).unwrap_or_default()
            ),
        ),
        Err(error) => match error.downcast_ref::<Refusal>() {
            Some(refusal) => Reply::new(refusal.status(), format!("{refusal}: nothing created")),
            None => Reply::new(500, format!("{error:#}: nothing created")),
        },
    }
}

/// The crate to create for `problem`; judges whose key `root`'s judges.toml lacks are left out.
pub fn spec(root: &Path, problem: &Problem) -> Result<Spec> {
    let name = crate_name(&problem.name, &problem.url)?;
    let normal = |text: &str| text.replace("\r\n", "\n");
    let samples = problem
        .tests
        .iter()
        .enumerate()
        .map(|(i, test)| Sample {
            stem: format!("sample-{}", i + 1),
            input: normal(&test.input),
            output: normal(&test.output),
        })
        .collect();
    Ok(Spec {
        name,
        problem: problem.name.trim().to_string(),
        judges: judge_of(&problem.url)
            .filter(|judge| validate::judge(judge, &validate::judge_keys(root)).is_ok())
            .into_iter()
            .collect(),
        url: Some(problem.url.clone()).filter(|u| !u.is_empty()),
        group: Some(problem.group.clone()).filter(|g| !g.is_empty()),
        // The extension sends 0 for a limit the page does not state.
        time_limit_ms: problem.time_limit.filter(|&ms| ms != 0),
        memory_limit_mb: problem.memory_limit.filter(|&mb| mb != 0),
        interactive: problem.interactive,
        checker: stress_kit::Checker::Exact,
        samples,
    })
}

/// `"A. Watermelon"` -> `a-watermelon`; a title with no ASCII word (`"游戏"`) or making a name
/// that cannot be taken (`"fn"`) falls back to the URL's last path segment
/// (`.../problem/P6050` -> `p6050`); a leading digit gets `p-`. Neither: why the title's fails.
pub fn crate_name(title: &str, url: &str) -> Result<String, Refusal> {
    let slug = |text: &str| {
        let words: Vec<String> = text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_lowercase)
            .collect();
        let mut name = words.join("-");
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            name.insert_str(0, "p-");
        }
        name.truncate(48);
        let name = name.trim_end_matches('-').to_string();
        (!name.is_empty()).then_some(name)
    };
    let last_segment = url
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or_default();
    let mut refusal = None;
    for name in [slug(title), slug(last_segment)].into_iter().flatten() {
        match validate::name_syntax(&name) {
            Ok(()) => return Ok(name),
            Err(why) => {
                refusal.get_or_insert(why);
            }
        }
    }
    Err(refusal.unwrap_or_else(|| {
        Refusal::invalid("cannot make a crate name from the problem's name or URL")
    }))
}

/// The judges.toml key for a problem URL's host, with the URL's last segment as problem id.
pub fn judge_of(url: &str) -> Option<String> {
    const HOSTS: &[(&str, &str)] = &[
        ("u-aizu.ac.jp", "aoj"),
        ("acmicpc.net", "boj"),
        ("luogu.com.cn", "luogu"),
        ("codeforces.com", "codeforces"),
        ("atcoder.jp", "atcoder"),
        ("judge.yosupo.jp", "library-checker"),
        ("kattis.com", "kattis"),
        ("leetcode.com", "leetcode"),
        ("dmoj.ca", "dmoj"),
        ("timus.ru", "timus"),
        ("qoj.ac", "qoj"),
        ("hackerrank.com", "hackerrank"),
        ("spoj.com", "spoj"),
        ("onlinejudge.org", "uva"),
        ("poj.org", "poj"),
        ("zju.edu.cn", "zoj"),
        ("zerojudge.tw", "zerojudge"),
    ];
    let host = url.split("://").nth(1)?.split('/').next()?;
    let key = HOSTS
        .iter()
        .find(|(h, _)| host == *h || host.ends_with(&format!(".{h}")))?
        .1;
    let id = url
        .split(['?', '#'])
        .next()?
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .filter(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    Some(match id {
        Some(id) => format!("{key}:{id}"),
        None => key.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_names_come_from_the_title_or_else_the_url() {
        assert_eq!(
            crate_name("A. Watermelon", "").ok().as_deref(),
            Some("a-watermelon")
        );
        assert_eq!(
            crate_name("Curling 2.0", "").ok().as_deref(),
            Some("curling-2-0")
        );
        let luogu = "https://www.luogu.com.cn/problem/P6050";
        assert_eq!(
            crate_name("[RC-02] 游戏", luogu).ok().as_deref(),
            Some("rc-02")
        );
        assert_eq!(crate_name("游戏", luogu).ok().as_deref(), Some("p6050"));
        assert_eq!(crate_name("1144", "").ok().as_deref(), Some("p-1144"));
        assert!(crate_name("游戏", "").is_err());
        assert!(crate_name("fn", "").unwrap_err().reason.contains("keyword"));
        assert_eq!(crate_name("fn", luogu).ok().as_deref(), Some("p6050"));
    }

    #[test]
    fn judges_come_from_the_host() {
        let cf = "https://codeforces.com/problemset/problem/4/A";
        assert_eq!(judge_of(cf).as_deref(), Some("codeforces:A"));
        let aoj = "https://onlinejudge.u-aizu.ac.jp/problems/1144";
        assert_eq!(judge_of(aoj).as_deref(), Some("aoj:1144"));
        assert_eq!(judge_of("https://example.com/x"), None);
    }
}
