//! The generated page in a real headless Chromium (Debian's `chromium`): it loads from disk
//! without errors (none recorded by the page, none reported over the DevTools protocol), the
//! `#turn=N` frames show the owners, colours, players, traps and score table the replay says
//! (the same as the Rust SVG of that turn, so the page's script and the SVG writer cannot
//! drift apart), and the controls work under real key presses and mouse clicks.
//!
//! One browser per test (each launch costs seconds on a loaded machine): the first frame is
//! the one the page opens on from its URL hash, later ones are reached by changing the hash.
//! Skipped, with a message on stderr, only when no Chromium binary exists ($CHROMIUM or
//! `chromium`/`chromium-browser`/`google-chrome` on PATH); `.ci/install-optional` installs it.

mod viewer_support;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use viewer_support::cdp::Browser;
use viewer_support::viewer::{render_html, render_svg, render_svg_end, Replay};
use viewer_support::{
    cell_colours, chromium, dump_dom, fixture, fixture_path, owner_in_state, scratch_dir,
    screenshot, tags_with, CellColours, HAND_FIXTURE, REFEREE_FIXTURE,
};

fn browser_or_skip(test: &str) -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        // Written to the real stderr (not the captured one) so the skip is always visible.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED {test}: no Chromium binary (set $CHROMIUM or `apt-get install chromium`)"
        );
    }
    found
}

/// Opens the page on `#turn=HASH` in a DevTools-driven browser and waits until the
/// viewer has started.
fn open(browser: &Path, page: &Path, hash: &str, scratch: &Path) -> Browser {
    let url = format!("file://{}#turn={hash}", page.display());
    let mut tab = Browser::open(browser, &url, &scratch.join("profile"));
    tab.wait_for(
        "document.body && document.body.dataset.ready === '1'",
        Duration::from_secs(30),
    );
    tab
}

/// Shows frame `#turn=HASH` (navigating if needed) and returns the DOM, checked to be free of
/// script errors.
fn frame_dom(tab: &mut Browser, hash: &str) -> String {
    let shown = if hash == "end" {
        "t.dataset.kind === 'end'".to_string()
    } else {
        format!("t.dataset.kind !== 'end' && t.dataset.turn === '{hash}'")
    };
    tab.eval(&format!(
        "if (location.hash !== '#turn={hash}') location.hash = '#turn={hash}'"
    ));
    tab.wait_for(
        &format!("(t => {shown})(document.getElementById('turn'))"),
        Duration::from_secs(10),
    );
    let dom = tab
        .eval("document.documentElement.outerHTML")
        .as_str()
        .unwrap()
        .to_string();
    let by_id = |id: &str| {
        tags_with(&dom, "id")
            .into_iter()
            .find(|tag| tag["id"] == id)
            .unwrap_or_else(|| panic!("#{id} missing from the DOM at #turn={hash}"))
    };
    assert_eq!(
        by_id("errors")["data-count"],
        "0",
        "script errors at #turn={hash}:\n{}",
        errors_text(&dom)
    );
    tab.drain_events();
    assert!(
        tab.problems.is_empty(),
        "the browser reported: {:#?}",
        tab.problems
    );
    dom
}

fn errors_text(dom: &str) -> &str {
    let start = dom.find(r#"id="errors""#).unwrap_or(0);
    &dom[start..(start + 600).min(dom.len())]
}

fn heading(dom: &str) -> (String, String) {
    let tag = tags_with(dom, "id")
        .into_iter()
        .find(|tag| tag["id"] == "turn")
        .unwrap();
    (tag["data-kind"].clone(), tag["data-turn"].clone())
}

/// `(seat, score, rank, state)` of each `#scores` row, in table order.
fn score_rows(dom: &str) -> Vec<(String, String, String, String)> {
    tags_with(dom, "data-state")
        .into_iter()
        .map(|tag| {
            (
                tag["data-seat"].clone(),
                tag["data-score"].clone(),
                tag["data-rank"].clone(),
                tag["data-state"].clone(),
            )
        })
        .collect()
}

fn row(seat: &str, score: &str, rank: &str, state: &str) -> (String, String, String, String) {
    (seat.into(), score.into(), rank.into(), state.into())
}

/// Board elements that must agree between the page and the SVG: cells (owner, fill),
/// players, trails and traps with their hooks.
fn board_hooks(markup: &str) -> (CellColours, BTreeSet<String>) {
    let mut hooks = BTreeSet::new();
    for key in ["data-pen", "data-length", "data-trap"] {
        for tag in tags_with(markup, key) {
            let described: Vec<String> = tag
                .iter()
                .filter(|(name, _)| name.starts_with("data-"))
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            hooks.insert(described.join(" "));
        }
    }
    (cell_colours(markup), hooks)
}

/// Asserts the page's board equals the SVG's, naming only what differs.
fn assert_same_board(dom: &str, svg: &str, what: &str) {
    let ((page_cells, page_hooks), (svg_cells, svg_hooks)) = (board_hooks(dom), board_hooks(svg));
    let cells: Vec<String> = svg_cells
        .iter()
        .filter(|(cell, drawn)| page_cells.get(cell) != Some(drawn))
        .map(|(cell, drawn)| format!("{cell:?}: svg {drawn:?}, page {:?}", page_cells.get(cell)))
        .collect();
    assert!(
        cells.is_empty() && page_cells.len() == svg_cells.len(),
        "{what}: cells differ: {cells:#?}"
    );
    assert_eq!(
        page_hooks, svg_hooks,
        "{what}: players, trails or traps differ"
    );
}

fn write_page(replay: &Replay, scratch: &Path) -> PathBuf {
    let page = scratch.join("replay.html");
    std::fs::write(&page, render_html(replay)).unwrap();
    page
}

#[test]
fn the_hand_fixture_plays_back_in_chromium() {
    let Some(browser) = browser_or_skip("the_hand_fixture_plays_back_in_chromium") else {
        return;
    };
    let scratch = scratch_dir("browser-hand");
    let replay = fixture(HAND_FIXTURE);
    let page = write_page(&replay, &scratch);
    let mut tab = open(&browser, &page, "1", &scratch);

    // Turn 1 (the frame the page opened on): mud cast, seat 1 stuck, seat 0's pen down; no land yet.
    let dom = frame_dom(&mut tab, "1");
    assert_eq!(heading(&dom), ("turn".to_string(), "1".to_string()));
    assert_same_board(&dom, &render_svg(&replay, 1), "turn 1");
    assert!(cell_colours(&dom).values().all(|(owner, _)| *owner == -1));
    assert_eq!(
        score_rows(&dom),
        [
            row("0", "4", "1", "pen down"),
            row("1", "3", "2", "pen up, stuck 5"),
            row("2", "-8", "3", "pen up")
        ]
    );

    // Turn 8: the square is seat 0's, seat 2 enclosed inside it.
    let dom = frame_dom(&mut tab, "8");
    assert_eq!(heading(&dom), ("turn".to_string(), "8".to_string()));
    assert_same_board(&dom, &render_svg(&replay, 8), "turn 8");
    let cells = cell_colours(&dom);
    assert_eq!(cells[&(1, 1)].0, 0);
    assert_eq!(cells[&(2, 2)].0, 0);
    assert_eq!(cells[&(3, 2)].0, -1);
    assert_eq!(cells[&(1, 1)].1, cells[&(2, 2)].1, "one region, one fill");
    assert_ne!(cells[&(1, 1)].1, cells[&(3, 2)].1);
    assert_eq!(
        score_rows(&dom),
        [
            row("0", "164", "1", "pen up"),
            row("1", "3", "2", "dead: crash"),
            row("2", "-8", "3", "dead: enclosed")
        ]
    );
    assert!(dom.contains("seat 2 died: enclosed"));

    // End: the survivor took the rest as a second region, drawn in another shade.
    let dom = frame_dom(&mut tab, "end");
    assert_eq!(heading(&dom).0, "end");
    assert_same_board(&dom, &render_svg_end(&replay), "end");
    let cells = cell_colours(&dom);
    assert!(cells.values().all(|(owner, _)| *owner == 0));
    assert_ne!(
        cells[&(1, 1)].1,
        cells[&(5, 5)].1,
        "two regions of one owner look different"
    );
    assert_eq!(
        score_rows(&dom),
        [
            row("0", "92324", "1", "pen up"),
            row("1", "3", "2", "dead: crash"),
            row("2", "-8", "3", "dead: enclosed")
        ]
    );
}

#[test]
fn a_recorded_referee_game_plays_back_in_chromium() {
    let Some(browser) = browser_or_skip("a_recorded_referee_game_plays_back_in_chromium") else {
        return;
    };
    if !fixture_path(REFEREE_FIXTURE).exists() {
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: {REFEREE_FIXTURE} not recorded yet"
        );
        return;
    }
    let scratch = scratch_dir("browser-referee");
    let replay = fixture(REFEREE_FIXTURE);
    let page = write_page(&replay, &scratch);
    let mut tab = open(&browser, &page, "0", &scratch);
    let last = replay.turns.len() as u32;
    for turn in [0, last / 2, last] {
        let dom = frame_dom(&mut tab, &turn.to_string());
        assert_eq!(heading(&dom).1, turn.to_string());
        assert_same_board(&dom, &render_svg(&replay, turn), &format!("turn {turn}"));
        // Owners straight from the replay's state.
        let state = if turn == 0 {
            &replay.header.initial
        } else {
            &replay.turns[turn as usize - 1].state
        };
        for (&(x, y), (owner, _)) in &cell_colours(&dom) {
            let expected = owner_in_state(state, x, y);
            assert_eq!(*owner, expected, "turn {turn} cell ({x},{y})");
        }
        let scores: Vec<i64> = score_rows(&dom)
            .into_iter()
            .map(|(seat, score, _, _)| {
                assert_eq!(
                    score.parse::<i64>().unwrap(),
                    state.scores[seat.parse::<usize>().unwrap()]
                );
                score.parse().unwrap()
            })
            .collect();
        assert!(
            scores.windows(2).all(|pair| pair[0] >= pair[1]),
            "rows ordered by rank: {scores:?}"
        );
    }
    let dom = frame_dom(&mut tab, "end");
    let end = replay.end.as_ref().expect("the referee writes a footer");
    let ranks: BTreeMap<String, String> = score_rows(&dom)
        .into_iter()
        .map(|(seat, _, rank, _)| (seat, rank))
        .collect();
    for result in &end.result {
        assert_eq!(ranks[&result.seat.to_string()], result.rank.to_string());
    }
}

#[test]
fn the_svg_picture_is_well_formed_for_a_browser() {
    let Some(browser) = browser_or_skip("the_svg_picture_is_well_formed_for_a_browser") else {
        return;
    };
    let scratch = scratch_dir("browser-svg");
    let svg = scratch.join("turn8.svg");
    std::fs::write(&svg, render_svg(&fixture(HAND_FIXTURE), 8)).unwrap();
    let dom = dump_dom(&browser, &format!("file://{}", svg.display()), &scratch);
    assert!(!dom.contains("error on line"), "XML error: {dom:.400}");
    assert_eq!(cell_colours(&dom).len(), 100);
}

#[test]
fn a_screenshot_can_be_taken() {
    let Some(browser) = browser_or_skip("a_screenshot_can_be_taken") else {
        return;
    };
    let scratch = scratch_dir("browser-shot");
    let page = write_page(&fixture(HAND_FIXTURE), &scratch);
    let png = scratch.join("turn8.png");
    screenshot(
        &browser,
        &format!("file://{}#turn=8", page.display()),
        &png,
        &scratch,
    );
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    assert!(bytes.len() > 10_000, "suspiciously small screenshot");
}

/// The controls, driven with real key presses and mouse clicks over the DevTools protocol:
/// arrows step, Home/End jump, the buttons and the slider move through the frames, play
/// runs to the end and stops, the URL hash follows; and nothing is logged as an error.
#[test]
fn the_controls_step_through_the_game() {
    let Some(browser) = browser_or_skip("the_controls_step_through_the_game") else {
        return;
    };
    let scratch = scratch_dir("browser-controls");
    let replay = fixture(HAND_FIXTURE);
    let page = write_page(&replay, &scratch);
    let mut tab = Browser::open(
        &browser,
        &format!("file://{}", page.display()),
        &scratch.join("profile"),
    );
    tab.wait_for(
        "document.body && document.body.dataset.ready === '1'",
        Duration::from_secs(30),
    );
    let frame = |tab: &mut Browser| -> (u64, String) {
        let value =
            tab.eval("[Number(document.getElementById('turn').dataset.frame), location.hash]");
        (
            value[0].as_u64().unwrap(),
            value[1].as_str().unwrap().to_string(),
        )
    };
    let owner_of_cell_2_2 =
        |tab: &mut Browser| tab.eval("document.querySelector('[data-cell=\"2,2\"]').dataset.owner");
    assert_eq!(frame(&mut tab), (0, "#turn=0".to_string()));

    tab.press("ArrowRight");
    tab.press("ArrowRight");
    assert_eq!(frame(&mut tab), (2, "#turn=2".to_string()));
    tab.press("ArrowLeft");
    assert_eq!(frame(&mut tab).0, 1);
    tab.press("End");
    assert_eq!(frame(&mut tab), (9, "#turn=end".to_string()));
    assert_eq!(owner_of_cell_2_2(&mut tab), "0");
    tab.press("Home");
    assert_eq!(frame(&mut tab).0, 0);
    assert_eq!(owner_of_cell_2_2(&mut tab), "-1");

    for _ in 0..8 {
        tab.click("forward", 0.5);
    }
    assert_eq!(frame(&mut tab), (8, "#turn=8".to_string()));
    assert_eq!(
        owner_of_cell_2_2(&mut tab),
        "0",
        "the capture shows at turn 8"
    );
    tab.click("back", 0.5);
    assert_eq!(frame(&mut tab).0, 7);
    assert_eq!(owner_of_cell_2_2(&mut tab), "-1");
    tab.click("last", 0.5);
    assert_eq!(frame(&mut tab).0, 9);
    tab.click("first", 0.5);
    assert_eq!(frame(&mut tab).0, 0);

    // The slider: a click near its right end jumps there; an arrow key on the focused
    // slider moves exactly one frame (the page must not step a second time).
    tab.click("slider", 0.98);
    assert_eq!(frame(&mut tab).0, 9);
    tab.press("ArrowLeft");
    assert_eq!(frame(&mut tab).0, 8);

    // Play from the start at the fastest speed: runs to the end and stops by itself.
    tab.eval("(() => { const s = document.getElementById('speed'); s.value = '100'; s.dispatchEvent(new Event('change')); })()");
    tab.click("first", 0.5);
    tab.click("play", 0.5);
    assert_eq!(
        tab.eval("document.getElementById('play').textContent"),
        "pause"
    );
    tab.wait_for(
        "document.getElementById('turn').dataset.kind === 'end' && document.getElementById('play').textContent === 'play'",
        Duration::from_secs(20),
    );
    // Space pauses a running playback.
    tab.click("first", 0.5);
    tab.press(" ");
    tab.wait_for(
        "Number(document.getElementById('turn').dataset.frame) >= 1",
        Duration::from_secs(10),
    );
    tab.press(" ");
    let paused_at = frame(&mut tab).0;
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(frame(&mut tab).0, paused_at, "space paused playback");
    assert!(paused_at < 9);

    // Navigating to a hash shows that frame; a turn past the game shows its last frame.
    tab.eval("location.hash = '#turn=5'");
    tab.wait_for(
        "document.getElementById('turn').dataset.frame === '5'",
        Duration::from_secs(10),
    );
    tab.eval("location.hash = '#turn=57'");
    tab.wait_for(
        "document.getElementById('turn').dataset.kind === 'end'",
        Duration::from_secs(10),
    );

    tab.drain_events();
    assert_eq!(
        tab.eval("document.getElementById('errors').dataset.count"),
        "0"
    );
    assert!(
        tab.problems.is_empty(),
        "the browser reported: {:#?}",
        tab.problems
    );
}
