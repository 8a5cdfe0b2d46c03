//! `contest listen`: a loopback HTTP listener for the Competitive Companion browser extension.
//! Each POSTed problem is created as `contest new` would, with its samples written out and its
//! URL and limits in the crate's `[package.metadata.contest]` table.

use crate::new::{self, Sample, Spec};
use anyhow::{Context, Result};
use serde::Deserialize;
use std::io::Read;
use std::path::Path;

/// One of the ports the extension posts to without any setup.
pub const DEFAULT_PORT: u16 = 10043;
/// Larger bodies are refused unread (413).
pub const MAX_BODY: usize = 1 << 20;

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
pub fn serve(root: &Path, port: u16) -> Result<()> {
    let server = tiny_http::Server::http(("127.0.0.1", port))
        .map_err(|e| anyhow::anyhow!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let address = server.server_addr();
    let port = address.to_ip().map_or(port, |a| a.port());
    println!("listening on http://127.0.0.1:{port} for Competitive Companion (Ctrl-C stops)");
    for mut request in server.incoming_requests() {
        let reply = if *request.method() != tiny_http::Method::Post {
            Reply::new(405, "POST a Competitive Companion problem here")
        } else {
            match read_body(&mut request) {
                Ok(body) => handle(root, &body),
                Err(reply) => reply,
            }
        };
        println!("{} {}", reply.status, reply.text);
        let response =
            tiny_http::Response::from_string(reply.text + "\n").with_status_code(reply.status);
        let _ = request.respond(response);
    }
    Ok(())
}

/// The body, or a 413 past [`MAX_BODY`] (announced or actual).
fn read_body(request: &mut tiny_http::Request) -> Result<Vec<u8>, Reply> {
    let too_big = || Reply::new(413, format!("body over {MAX_BODY} bytes: nothing created"));
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_big());
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| Reply::new(400, format!("cannot read the body: {e}")))?;
    if body.len() > MAX_BODY {
        return Err(too_big());
    }
    Ok(body)
}

/// Creates the problem a body describes; every failure is a reply that created nothing.
pub fn handle(root: &Path, body: &[u8]) -> Reply {
    let problem: Problem = match serde_json::from_slice(body) {
        Ok(problem) => problem,
        Err(error) => {
            return Reply::new(400, format!("not a Competitive Companion problem: {error}"))
        }
    };
    let spec = match spec(&problem) {
        Ok(spec) => spec,
        Err(error) => return Reply::new(422, format!("{error:#}")),
    };
    let name = spec.name.clone();
    if root.join("crates").join(&name).exists() || root.join("samples").join(&name).exists() {
        return Reply::new(
            409,
            format!("crates/{name} already exists: nothing created"),
        );
    }
    match new::create(root, &spec) {
        Ok(created) => Reply::new(
            201,
            format!(
                "created crates/{name} with {} sample(s) for \"{}\"",
                created.samples, spec.problem
            ),
        ),
        Err(error) => Reply::new(409, format!("{error:#}")),
    }
}

/// The crate to create for `problem`.
pub fn spec(problem: &Problem) -> Result<Spec> {
    let name = crate_name(&problem.name, &problem.url)
        .context("cannot make a crate name from the problem's name or URL")?;
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
        judges: judge_of(&problem.url).into_iter().collect(),
        url: Some(problem.url.clone()).filter(|u| !u.is_empty()),
        group: Some(problem.group.clone()).filter(|g| !g.is_empty()),
        time_limit_ms: problem.time_limit,
        memory_limit_mb: problem.memory_limit,
        interactive: problem.interactive,
        samples,
    })
}

/// `"A. Watermelon"` -> `a-watermelon`; a title with no ASCII word (`"游戏"`) falls back to the
/// URL's last path segment (`.../problem/P6050` -> `p6050`); a leading digit gets `p-`.
pub fn crate_name(title: &str, url: &str) -> Option<String> {
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
        new::check_name(&name).is_ok().then_some(name)
    };
    let last_segment = url
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or_default();
    slug(title).or_else(|| slug(last_segment))
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
            crate_name("A. Watermelon", "").as_deref(),
            Some("a-watermelon")
        );
        assert_eq!(
            crate_name("Curling 2.0", "").as_deref(),
            Some("curling-2-0")
        );
        let luogu = "https://www.luogu.com.cn/problem/P6050";
        assert_eq!(crate_name("[RC-02] 游戏", luogu).as_deref(), Some("rc-02"));
        assert_eq!(crate_name("游戏", luogu).as_deref(), Some("p6050"));
        assert_eq!(crate_name("1144", "").as_deref(), Some("p-1144"));
        assert_eq!(crate_name("游戏", ""), None);
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
