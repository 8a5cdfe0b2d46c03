//! Shared by the viewer tests: the viewer module itself, the fixtures, a scratch directory,
//! a reader for the `data-*` hooks of SVG/HTML markup, and a headless Chromium runner.
// Each test crate uses a different part of this module (and of the viewer's API).
#![allow(dead_code, unused_imports)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub use enclosure_arena::viewer;

pub mod cdp;

pub const HAND_FIXTURE: &str = "hand-3seats.jsonl";
pub const REFEREE_FIXTURE: &str = "referee-seed7-random4.jsonl";

pub fn fixture_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

pub fn fixture_text(name: &str) -> String {
    let path = fixture_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn fixture(name: &str) -> viewer::Replay {
    viewer::Replay::parse(&fixture_text(name)).unwrap_or_else(|e| panic!("{name}: {e:#}"))
}

/// A fresh directory under cargo's scratch space for integration tests.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("viewer")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The attributes of every start tag in `markup` that has attribute `key`, in document
/// order. Good enough for the markup the viewer and Chromium's serialiser produce
/// (double-quoted attribute values, no `>` inside them).
pub fn tags_with(markup: &str, key: &str) -> Vec<BTreeMap<String, String>> {
    let needle = format!(" {key}=\"");
    let mut found = Vec::new();
    let mut rest = markup;
    while let Some(at) = rest.find(&needle) {
        let start = rest[..at].rfind('<').expect("attribute inside a tag");
        let end = at + rest[at..].find('>').expect("tag is closed");
        found.push(attributes(&rest[start..end]));
        rest = &rest[end..];
    }
    found
}

fn attributes(tag: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let mut rest = tag;
    while let Some(eq) = rest.find("=\"") {
        let name_start = rest[..eq].rfind(' ').map_or(0, |space| space + 1);
        let name = rest[name_start..eq].to_string();
        let value_end = eq + 2 + rest[eq + 2..].find('"').expect("attribute value is closed");
        map.insert(name, unescape(&rest[eq + 2..value_end]));
        rest = &rest[value_end + 1..];
    }
    map
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// `(x, y) -> (owner, fill)` of drawn cells.
pub type CellColours = BTreeMap<(i32, i32), (i64, String)>;

/// The owner and fill of every `data-cell` element.
pub fn cell_colours(markup: &str) -> CellColours {
    tags_with(markup, "data-cell")
        .into_iter()
        .map(|tag| {
            let (x, y) = tag["data-cell"].split_once(',').unwrap();
            (
                (x.parse().unwrap(), y.parse().unwrap()),
                (tag["data-owner"].parse().unwrap(), tag["fill"].clone()),
            )
        })
        .collect()
}

/// The owner the replay's own state gives cell `(x, y)`: a seat, or -1 when unowned
/// (the value a drawn cell's `data-owner` must show).
pub fn owner_in_state(state: &viewer::State, x: i32, y: i32) -> i64 {
    let id = state.cells[y as usize][x as usize];
    state
        .regions
        .iter()
        .find(|region| region.id == id)
        .map_or(-1, |region| region.owner as i64)
}

/// The Chromium binary: `$CHROMIUM` if set, else the first of the usual names on PATH.
pub fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let names = [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ];
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Flags for a quiet, isolated, offline headless run (every browser the tests start).
pub const HEADLESS_FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--no-first-run",
    "--no-default-browser-check",
];

/// A headless browser command for dumping the DOM or taking a screenshot.
fn headless(chromium: &Path, profile: &Path) -> Command {
    let mut command = Command::new(chromium);
    command
        .args(HEADLESS_FLAGS)
        .arg("--hide-scrollbars")
        .arg(format!("--user-data-dir={}", profile.display()))
        .stdin(Stdio::null());
    command
}

/// Loads `url` (after its scripts ran) and returns the serialised DOM.
pub fn dump_dom(chromium: &Path, url: &str, scratch: &Path) -> String {
    let profile = scratch.join("profile-dump");
    let mut command = headless(chromium, &profile);
    command
        .args(["--virtual-time-budget=5000", "--dump-dom"])
        .arg(url);
    let output = run_with_deadline(command, Duration::from_secs(90));
    assert!(
        output.status.success(),
        "chromium failed on {url}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("the DOM is UTF-8")
}

/// Saves a screenshot of `url` to `png`.
pub fn screenshot(chromium: &Path, url: &str, png: &Path, scratch: &Path) {
    let profile = scratch.join("profile-shot");
    let mut command = headless(chromium, &profile);
    command
        .arg("--window-size=1100,760")
        .arg(format!("--screenshot={}", png.display()))
        .arg(url);
    let output = run_with_deadline(command, Duration::from_secs(90));
    assert!(
        output.status.success(),
        "chromium failed on {url}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Runs `command`, killing it if it has not finished by `limit` (a hung browser must fail
/// the test, not hang it).
fn run_with_deadline(mut command: Command, limit: Duration) -> std::process::Output {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    // Drain both pipes on threads so a chatty browser cannot block on a full pipe.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut buffer = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut buffer).map(|_| buffer)
    });
    let err = std::thread::spawn(move || {
        let mut buffer = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut buffer).map(|_| buffer)
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    std::process::Output {
        status,
        stdout: out.join().unwrap().unwrap_or_default(),
        stderr: err.join().unwrap().unwrap_or_default(),
    }
}
