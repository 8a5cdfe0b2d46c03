//! The replay viewer without a browser: reading replays, the SVG picture of a turn (cells
//! coloured as the fixture says), the page's self-containedness, `run`'s files and errors,
//! and a randomized check that region borders separate exactly the regions.

mod viewer_support;

use std::collections::{BTreeMap, BTreeSet};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use viewer_support::viewer::{self, render_html, render_svg, Replay, TurnSelector, ViewerArgs};
use viewer_support::{cell_colours, fixture, fixture_text, scratch_dir, tags_with, HAND_FIXTURE};

/// Documented colours (src/viewer/palette.rs), pinned so a change is a visible decision.
const UNOWNED: &str = "#f3efe6";
/// Seat 0's blue (#0072b2) lightened 45 % and 62 %: its first and second region.
const SEAT0_FIRST_REGION: &str = "#73b1d5";
const SEAT0_SECOND_REGION: &str = "#9ec9e2";

/// The hand fixture's square: the four cells seat 0 captures in turn 8 (region 0).
const SQUARE: [(i32, i32); 4] = [(1, 1), (2, 1), (1, 2), (2, 2)];

#[test]
fn the_hand_fixture_reads_as_eight_turns_and_an_end() {
    let replay = fixture(HAND_FIXTURE);
    assert_eq!(replay.seat_count(), 3);
    assert_eq!(replay.turns.len(), 8);
    assert_eq!(
        replay.turns.iter().map(|t| t.turn).collect::<Vec<_>>(),
        (1..=8).collect::<Vec<_>>()
    );
    let end = replay.end.as_ref().expect("the game finished");
    assert_eq!(end.turns, 8);
    assert_eq!(
        end.result.iter().map(|r| r.rank).collect::<Vec<_>>(),
        [1, 2, 3]
    );
}

#[test]
fn svg_cells_are_coloured_by_owner_as_the_fixture_says() {
    let replay = fixture(HAND_FIXTURE);
    // Before the capture nothing is owned.
    let before = cell_colours(&render_svg(&replay, 7));
    assert_eq!(before.len(), 100);
    assert!(before
        .values()
        .all(|(owner, fill)| *owner == -1 && fill == UNOWNED));
    // Turn 8: the square is seat 0's first region, the rest unowned.
    let after = cell_colours(&render_svg(&replay, 8));
    for (&cell, (owner, fill)) in &after {
        if SQUARE.contains(&cell) {
            assert_eq!(
                (*owner, fill.as_str()),
                (0, SEAT0_FIRST_REGION),
                "cell {cell:?}"
            );
        } else {
            assert_eq!((*owner, fill.as_str()), (-1, UNOWNED), "cell {cell:?}");
        }
    }
}

#[test]
fn the_end_frame_shows_the_survivors_second_region_in_another_shade() {
    let replay = fixture(HAND_FIXTURE);
    let svg = viewer::render_svg_end(&replay);
    assert!(svg.contains(r#"data-kind="end""#));
    let cells = cell_colours(&svg);
    for (&cell, (owner, fill)) in &cells {
        let expected = if SQUARE.contains(&cell) {
            SEAT0_FIRST_REGION
        } else {
            SEAT0_SECOND_REGION
        };
        assert_eq!((*owner, fill.as_str()), (0, expected), "cell {cell:?}");
    }
    // A turn past the last one is the end frame too.
    assert_eq!(render_svg(&replay, 9), svg);
}

#[test]
fn svg_shows_trail_pen_stuck_traps_and_deaths() {
    let replay = fixture(HAND_FIXTURE);
    let turn1 = render_svg(&replay, 1);
    let traps: BTreeSet<(String, String)> = tags_with(&turn1, "data-trap")
        .into_iter()
        .map(|tag| (tag["data-trap"].clone(), tag["data-left"].clone()))
        .collect();
    // (5,2) caught seat 1 and was used up; the other two traps report 2 turns left.
    let expected: BTreeSet<(String, String)> = [("5,1", "2"), ("5,3", "2")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(traps, expected);

    let turn5 = render_svg(&replay, 5);
    let players = players_by_seat(&turn5);
    assert_eq!(players[&0]["data-pen"], "down");
    assert_eq!(players[&1]["data-stuck"], "1");
    assert_eq!(players[&2]["data-pen"], "up");
    let trails = tags_with(&turn5, "data-length");
    assert_eq!(trails.len(), 1);
    assert_eq!(
        (
            trails[0]["data-seat"].as_str(),
            trails[0]["data-length"].as_str()
        ),
        ("0", "6")
    );
    assert!(
        tags_with(&turn5, "data-trap").is_empty(),
        "the traps of turn 1 vanished in turn 3"
    );

    let turn8 = render_svg(&replay, 8);
    let players = players_by_seat(&turn8);
    assert_eq!(players[&1]["data-death"], "crash");
    assert_eq!(players[&2]["data-death"], "enclosed");
    assert_eq!(players[&0]["data-pen"], "up");
    assert!(
        tags_with(&turn8, "data-length").is_empty(),
        "the trail vanished on closing"
    );
}

fn players_by_seat(svg: &str) -> BTreeMap<usize, BTreeMap<String, String>> {
    tags_with(svg, "data-pen")
        .into_iter()
        .map(|tag| (tag["data-seat"].parse().unwrap(), tag))
        .collect()
}

#[test]
fn svg_score_lines_carry_scores_and_ranks() {
    let replay = fixture(HAND_FIXTURE);
    let scores = |svg: &str| -> Vec<(String, String, String)> {
        tags_with(svg, "data-score")
            .into_iter()
            .map(|tag| {
                (
                    tag["data-seat"].clone(),
                    tag["data-score"].clone(),
                    tag["data-rank"].clone(),
                )
            })
            .collect()
    };
    let owned = |v: [(&str, &str, &str); 3]| -> Vec<(String, String, String)> {
        v.iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect()
    };
    // 10 * 4^2 + 4 after the capture; 10 * (4^2 + 96^2) + 4 at the end; seat 2 paid 10 for mud.
    assert_eq!(
        scores(&render_svg(&replay, 8)),
        owned([("0", "164", "1"), ("1", "3", "2"), ("2", "-8", "3")])
    );
    assert_eq!(
        scores(&render_svg(&replay, 99)),
        owned([("0", "92324", "1"), ("1", "3", "2"), ("2", "-8", "3")])
    );
    let end = render_svg(&replay, 99);
    assert!(end.contains("dead: enclosed") && end.contains("dead: crash"));
}

#[test]
fn players_on_one_vertex_are_drawn_apart() {
    let text = fixture_text(HAND_FIXTURE);
    // Put seat 1 on seat 2's vertex at the start.
    let moved = text.replacen(r#""seat":1,"x":6,"y":2"#, r#""seat":1,"x":5,"y":2"#, 1);
    assert_ne!(moved, text);
    let svg = render_svg(&Replay::parse(&moved).unwrap(), 0);
    let centres: BTreeSet<String> = tags_with(&svg, "cx")
        .into_iter()
        .filter(|tag| tag.get("r").map(String::as_str) == Some("11"))
        .map(|tag| format!("{},{}", tag["cx"], tag["cy"]))
        .collect();
    assert_eq!(
        centres.len(),
        3,
        "three distinct token centres: {centres:?}"
    );
}

#[test]
fn svg_escapes_bot_names_and_causes() {
    let text = fixture_text(HAND_FIXTURE)
        .replace("hand:mud", "sh -c 'echo \\\"</text><script>x</script>\\\"'");
    let svg = render_svg(&Replay::parse(&text).unwrap(), 99);
    assert!(!svg.contains("<script>"));
    assert!(svg.contains("&lt;/text&gt;&lt;script&gt;"));
}

#[test]
fn the_page_is_self_contained() {
    let html = render_html(&fixture(HAND_FIXTURE));
    assert!(html.contains("Content-Security-Policy"));
    assert!(html.contains("default-src 'none'"));
    let lower = html.to_lowercase();
    for forbidden in [
        " src=",
        " href=",
        "url(",
        "@import",
        "fetch(",
        "xmlhttprequest",
        "<link",
    ] {
        assert!(
            !lower.contains(forbidden),
            "the page refers to something outside: {forbidden}"
        );
    }
    // The only URL is the SVG namespace name (an identifier, never fetched).
    let mut rest = lower.as_str();
    while let Some(at) = rest.find("http") {
        let tail = &rest[at..];
        assert!(
            tail.starts_with("http://www.w3.org/2000/svg") || tail.starts_with("http-equiv"),
            "unexpected URL near {:?}",
            &tail[..tail.len().min(60)]
        );
        rest = &rest[at + 4..];
    }
}

#[test]
fn the_page_embeds_every_frame_as_json() {
    let html = render_html(&fixture(HAND_FIXTURE));
    let json = between(
        &html,
        r#"<script type="application/json" id="replay-data">"#,
        "</script>",
    );
    let model: serde_json::Value = serde_json::from_str(json).unwrap();
    let frames = model["frames"].as_array().unwrap();
    let kinds: Vec<&str> = frames.iter().map(|f| f["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds.len(), 10);
    assert_eq!(
        (kinds[0], kinds[1], kinds[8], kinds[9]),
        ("start", "turn", "turn", "end")
    );
    assert_eq!(frames[8]["cells"][2][2], 0);
    assert_eq!(frames[8]["events"][1]["text"], "seat 2 died: enclosed");
    assert_eq!(frames[8]["events"][1]["alert"], true);
}

#[test]
fn a_script_closing_bot_name_cannot_break_out_of_the_data() {
    let text = fixture_text(HAND_FIXTURE).replace("hand:mud", "</script><script>alert(1)</script>");
    let html = render_html(&Replay::parse(&text).unwrap());
    assert_eq!(
        html.matches("<script").count(),
        3,
        "error recorder, data, viewer"
    );
    let json = between(
        &html,
        r#"<script type="application/json" id="replay-data">"#,
        "</script>",
    );
    let model: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(model["seats"][2], "</script><script>alert(1)</script>");
}

fn between<'a>(text: &'a str, open: &str, close: &str) -> &'a str {
    let start = text.find(open).expect("opening marker") + open.len();
    let end = start + text[start..].find(close).expect("closing marker");
    &text[start..end]
}

#[test]
fn replays_that_cannot_be_redrawn_are_rejected_with_the_line() {
    let text = fixture_text(HAND_FIXTURE);
    let lines: Vec<&str> = text.lines().collect();
    let error = |text: &str| format!("{:#}", Replay::parse(text).unwrap_err());

    assert!(error("").contains("no header"));
    assert!(error(lines[1]).contains("line 1: a turn before the header"));
    let swapped = [lines[0], lines[2], lines[1]].join("\n");
    assert!(
        error(&swapped).contains("line 2: expected turn 1, found turn 2"),
        "{}",
        error(&swapped)
    );
    let truncated = format!("{}\n{}", lines[0], &lines[1][..lines[1].len() / 2]);
    assert!(
        error(&truncated).contains("line 2, column"),
        "{}",
        error(&truncated)
    );
    assert!(
        !error(&truncated).contains("at line 1"),
        "serde's own line count is dropped"
    );
    let after_end = format!("{text}{}\n", lines[1]);
    assert!(error(&after_end).contains("line 11: a record after the end record"));
    let version2 = text.replacen(r#""version":1"#, r#""version":2"#, 1);
    assert!(error(&version2).contains("version 2 is not supported"));
    let other_format = text.replacen("enclosure-replay", "chess-replay", 1);
    assert!(error(&other_format).contains("expected \"enclosure-replay\""));
    let missing_region = text
        .replacen(r#"{"id":0,"owner":0,"turn":8,"area":4}"#, "", 1)
        .replacen("[,", "[", 1);
    assert!(
        error(&missing_region).contains("line 9"),
        "{}",
        error(&missing_region)
    );
    let off_board = text.replacen(r#""x":6,"y":2"#, r#""x":11,"y":2"#, 1);
    assert!(error(&off_board).contains("off the board"));
    let short_row = text.replacen("[-1,-1,-1,-1,-1,-1,-1,-1,-1,-1]", "[-1]", 1);
    assert!(error(&short_row).contains("cells must be 10 rows of 10"));
}

#[test]
fn a_replay_cut_short_still_shows_every_recorded_turn() {
    let text = fixture_text(HAND_FIXTURE);
    let cut: Vec<&str> = text.lines().take(5).collect(); // header + turns 1..=4
    let replay = Replay::parse(&cut.join("\n")).unwrap();
    assert!(replay.end.is_none());
    let svg = render_svg(&replay, 100);
    assert!(svg.contains(r#"data-turn="4" data-kind="turn""#));
    let html = render_html(&replay);
    assert!(html.contains(r#""finished":false"#));
}

#[test]
fn unknown_fields_and_event_kinds_are_tolerated() {
    let text = fixture_text(HAND_FIXTURE)
        .replacen(
            r#""type":"header","#,
            r#""type":"header","future":{"a":1},"#,
            1,
        )
        .replacen(
            r#"{"kind":"mud","#,
            r#"{"kind":"earthquake","seat":0},{"kind":"mud","#,
            1,
        );
    let replay = Replay::parse(&text).unwrap();
    assert_eq!(replay.turns[0].events.len(), 3);
    assert!(render_html(&replay).contains("an event this viewer does not know"));
}

#[test]
fn run_writes_the_page_and_the_picture() {
    let dir = scratch_dir("run");
    let html = dir.join("game.html");
    let svg = dir.join("turn5.svg");
    viewer::run(ViewerArgs {
        replay: viewer_support::fixture_path(HAND_FIXTURE),
        html: Some(html.clone()),
        svg: Some(svg.clone()),
        turn: Some(TurnSelector::Turn(5)),
    })
    .unwrap();
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains(r#"data-start-frame="5""#),
        "the page opens on --turn"
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(picture, render_svg(&fixture(HAND_FIXTURE), 5));
}

#[test]
fn run_reports_what_is_wrong() {
    let dir = scratch_dir("run-errors");
    let args = |replay: std::path::PathBuf, svg: bool, turn: Option<TurnSelector>| ViewerArgs {
        replay,
        html: None,
        svg: svg.then(|| dir.join("out.svg")),
        turn,
    };
    let message = |args: ViewerArgs| format!("{:#}", viewer::run(args).unwrap_err());
    let fixture = viewer_support::fixture_path(HAND_FIXTURE);
    assert!(message(args(fixture.clone(), false, None)).contains("nothing to write"));
    assert!(
        message(args(fixture.clone(), true, Some(TurnSelector::Turn(57))))
            .contains("turn 57 is not in this replay (turns 0..=8 and end)")
    );
    assert!(message(args(dir.join("missing.jsonl"), true, None)).contains("cannot read"));
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, "{\"type\":\"turn\"}\n").unwrap();
    let text = message(args(bad, true, None));
    assert!(
        text.contains("bad.jsonl") && text.contains("line 1"),
        "{text}"
    );
    // Without --turn the picture is the end frame.
    viewer::run(args(fixture, true, None)).unwrap();
    assert!(std::fs::read_to_string(dir.join("out.svg"))
        .unwrap()
        .contains(r#"data-kind="end""#));
}

/// Random boards of a few regions (grown as blobs, like captures) and random players,
/// through the whole pipeline (JSON replay -> parse -> SVG), checked against a plain
/// reading of the state: each cell drawn once with its region's owner, cells of one region
/// share one fill, and the drawn borders separate exactly the regions (flood fill that
/// never crosses a border line finds exactly the 4-connected same-id components).
#[test]
fn random_boards_are_drawn_faithfully() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0008);
    for case in 0..400 {
        let side = rng.random_range(1..=10usize);
        let seats = rng.random_range(2..=4usize);
        let (cells, owners) = random_territory(&mut rng, side, seats);
        let text = one_frame_replay(&mut rng, side, seats, &cells, &owners);
        let replay = Replay::parse(&text).unwrap_or_else(|e| panic!("case {case}: {e:#}\n{text}"));
        let svg = render_svg(&replay, 0);

        let drawn = cell_colours(&svg);
        assert_eq!(drawn.len(), side * side, "case {case}");
        let mut fill_of_region: BTreeMap<i64, String> = BTreeMap::new();
        for y in 0..side {
            for x in 0..side {
                let id = cells[y][x];
                let (owner, fill) = &drawn[&(x as i32, y as i32)];
                let expected_owner = if id < 0 {
                    -1
                } else {
                    owners[id as usize] as i64
                };
                assert_eq!(*owner, expected_owner, "case {case} cell ({x},{y})");
                let first = fill_of_region.entry(id).or_insert_with(|| fill.clone());
                assert_eq!(first, fill, "case {case}: region {id} in two fills");
            }
        }

        let borders = border_edges(&svg);
        let components_by_id = components(side, |a, b| cells[a.1][a.0] == cells[b.1][b.0]);
        let components_by_lines = components(side, |a, b| !borders.contains(&shared_edge(a, b)));
        assert_eq!(
            components_by_lines, components_by_id,
            "case {case}: {cells:?}"
        );
        // Owned land on the rim is closed off by a border line along the rim too.
        for (i, row) in cells.iter().enumerate() {
            let i = i as i32;
            let s = side as i32;
            assert_eq!(
                row[0] >= 0,
                borders.contains(&(0, i, 0, i + 1)),
                "case {case}"
            );
            assert_eq!(
                cells[0][i as usize] >= 0,
                borders.contains(&(i, 0, i + 1, 0)),
                "case {case}"
            );
            assert_eq!(
                row[side - 1] >= 0,
                borders.contains(&(s, i, s, i + 1)),
                "case {case}"
            );
        }
    }
}

/// Regions grown from random seeds by random 4-neighbour steps; the rest unowned.
fn random_territory(
    rng: &mut ChaCha8Rng,
    side: usize,
    seats: usize,
) -> (Vec<Vec<i64>>, Vec<usize>) {
    let mut cells = vec![vec![-1i64; side]; side];
    let mut owners = Vec::new();
    for _ in 0..rng.random_range(0..=6) {
        let (mut x, mut y) = (rng.random_range(0..side), rng.random_range(0..side));
        if cells[y][x] != -1 {
            continue;
        }
        let id = owners.len() as i64;
        owners.push(rng.random_range(0..seats));
        cells[y][x] = id;
        for _ in 0..rng.random_range(0..20) {
            match rng.random_range(0..4) {
                0 if x + 1 < side => x += 1,
                1 if x > 0 => x -= 1,
                2 if y + 1 < side => y += 1,
                3 if y > 0 => y -= 1,
                _ => {}
            }
            if cells[y][x] == -1 {
                cells[y][x] = id;
            }
        }
    }
    (cells, owners)
}

fn one_frame_replay(
    rng: &mut ChaCha8Rng,
    side: usize,
    seats: usize,
    cells: &[Vec<i64>],
    owners: &[usize],
) -> String {
    let mut areas = vec![0u32; owners.len()];
    for &id in cells.iter().flatten() {
        if id >= 0 {
            areas[id as usize] += 1;
        }
    }
    let players: Vec<serde_json::Value> = (0..seats)
        .map(|seat| {
            let pen = ["up", "down", "dead"][rng.random_range(0..3)];
            let at = |rng: &mut ChaCha8Rng| rng.random_range(0..=side as i32);
            serde_json::json!({
                "seat": seat, "x": at(rng), "y": at(rng), "pen": pen,
                "stuck": rng.random_range(0..=5), "mud": rng.random_range(0..3),
                "trail": if pen == "down" { vec![[at(rng), at(rng)], [at(rng), at(rng)]] } else { vec![] },
                "death": if pen == "dead" { Some("trespass") } else { None },
            })
        })
        .collect();
    let regions: Vec<serde_json::Value> = owners
        .iter()
        .enumerate()
        .filter(|&(id, _)| areas[id] > 0)
        .map(|(id, &owner)| serde_json::json!({"id": id, "owner": owner, "turn": id, "area": areas[id]}))
        .collect();
    let header = serde_json::json!({
        "type": "header", "format": "enclosure-replay", "version": 1, "seed": 1, "cells": side,
        "max_turns": 100, "step_ms": 1000,
        "seats": (0..seats).map(|s| serde_json::json!({"seat": s, "bot": format!("bot{s}")})).collect::<Vec<_>>(),
        "initial": {
            "turn": 0, "players": players, "regions": regions, "cells": cells,
            "traps": [{"x": 0, "y": side, "left": 1}], "scores": vec![0; seats],
        },
    });
    format!("{header}\n")
}

/// Border unit edges drawn in the SVG, back in vertex coordinates.
fn border_edges(svg: &str) -> BTreeSet<(i32, i32, i32, i32)> {
    let Some(tag) = tags_with(svg, "class")
        .into_iter()
        .find(|tag| tag["class"] == "borders")
    else {
        return BTreeSet::new();
    };
    let vertex = |px: &str| {
        let px: f64 = px.parse().unwrap();
        let index = (px - 30.0) / 44.0;
        assert_eq!(index.fract(), 0.0, "border off the vertex grid");
        index as i32
    };
    tag["d"]
        .split('M')
        .filter(|segment| !segment.is_empty())
        .map(|segment| {
            let (from, to) = segment.split_once('L').unwrap();
            let (x1, y1) = from.split_once(' ').unwrap();
            let (x2, y2) = to.split_once(' ').unwrap();
            let (a, b) = ((vertex(x1), vertex(y1)), (vertex(x2), vertex(y2)));
            let (a, b) = if a <= b { (a, b) } else { (b, a) };
            (a.0, a.1, b.0, b.1)
        })
        .collect()
}

/// The unit edge between two 4-adjacent cells, as `(x1, y1, x2, y2)` with the smaller end first.
fn shared_edge(a: (usize, usize), b: (usize, usize)) -> (i32, i32, i32, i32) {
    let ((ax, ay), (bx, by)) = ((a.0 as i32, a.1 as i32), (b.0 as i32, b.1 as i32));
    if ay == by {
        let x = ax.max(bx);
        (x, ay, x, ay + 1)
    } else {
        let y = ay.max(by);
        (ax, y, ax + 1, y)
    }
}

/// Partition of the cells into 4-connected components under `joined`, as sorted cell sets.
fn components(
    side: usize,
    joined: impl Fn((usize, usize), (usize, usize)) -> bool,
) -> BTreeSet<Vec<(usize, usize)>> {
    let mut seen = vec![vec![false; side]; side];
    let mut result = BTreeSet::new();
    for y in 0..side {
        for x in 0..side {
            if seen[y][x] {
                continue;
            }
            seen[y][x] = true;
            let mut stack = vec![(x, y)];
            let mut component = Vec::new();
            while let Some((cx, cy)) = stack.pop() {
                component.push((cx, cy));
                let mut next = Vec::new();
                if cx > 0 {
                    next.push((cx - 1, cy));
                }
                if cx + 1 < side {
                    next.push((cx + 1, cy));
                }
                if cy > 0 {
                    next.push((cx, cy - 1));
                }
                if cy + 1 < side {
                    next.push((cx, cy + 1));
                }
                for (nx, ny) in next {
                    if !seen[ny][nx] && joined((cx, cy), (nx, ny)) {
                        seen[ny][nx] = true;
                        stack.push((nx, ny));
                    }
                }
            }
            component.sort();
            result.insert(component);
        }
    }
    result
}
