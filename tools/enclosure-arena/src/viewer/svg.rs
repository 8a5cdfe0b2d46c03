//! A static SVG picture of one frame: a title line, the board, and one score line per seat.
//!
//! The board part draws the same elements with the same colours and the same `data-*`
//! hooks as the page's script (viewer-assets/viewer.js), so a README picture and the
//! interactive viewer look alike and tests can read either the same way.

use std::fmt::Write;

use super::frames::{Frame, PlayerView, ViewModel};
use super::palette::{self, vertex_px, CELL_PX, MARGIN_PX};

/// Height of the title band above the board, and of each score line below it.
const TITLE_PX: i32 = 30;
const SCORE_LINE_PX: i32 = 22;
const FONT: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";

pub fn render_frame(model: &ViewModel, index: usize) -> String {
    let frame = &model.frames[index];
    let board_px = 2 * MARGIN_PX + model.cells as i32 * CELL_PX;
    let width = board_px.max(420);
    let height = TITLE_PX + board_px + SCORE_LINE_PX * frame.scores.len() as i32 + 10;
    let mut svg = String::with_capacity(32 * 1024);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}" data-turn="{turn}" data-kind="{kind}">"#,
        turn = frame.turn,
        kind = kind_name(frame),
    );
    let _ = write!(
        svg,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/><text x="{MARGIN_PX}" y="20" font-size="15" font-weight="600" fill="{ink}">Enclosure · seed {seed} · {label}</text>"##,
        ink = palette::INK,
        seed = model.seed,
        label = escape(&frame.label),
    );
    let _ = write!(
        svg,
        r#"<g class="board" transform="translate(0 {TITLE_PX})">"#
    );
    board(&mut svg, model, frame);
    svg.push_str("</g>");
    score_lines(&mut svg, frame, TITLE_PX + board_px);
    svg.push_str("</svg>\n");
    svg
}

fn kind_name(frame: &Frame) -> &'static str {
    match frame.kind {
        super::frames::FrameKind::Start => "start",
        super::frames::FrameKind::Turn => "turn",
        super::frames::FrameKind::End => "end",
    }
}

fn board(svg: &mut String, model: &ViewModel, frame: &Frame) {
    let side = model.cells;
    // Cells, coloured by owner, tinted by region.
    for (y, row) in frame.cells.iter().enumerate() {
        for (x, &id) in row.iter().enumerate() {
            let region = frame.regions.iter().find(|region| region.id == id);
            let (owner, fill) = match region {
                Some(region) => (
                    region.owner as i64,
                    palette::region_fill(region.owner, region.shade),
                ),
                None => (-1, palette::UNOWNED.to_string()),
            };
            let _ = write!(
                svg,
                r#"<rect class="cell" data-cell="{x},{y}" data-owner="{owner}" data-region="{id}" x="{px}" y="{py}" width="{CELL_PX}" height="{CELL_PX}" fill="{fill}"/>"#,
                px = vertex_px(x as f64),
                py = vertex_px(y as f64),
            );
        }
    }
    // Grid lines between vertices.
    let mut grid = String::new();
    let (low, high) = (vertex_px(0.0), vertex_px(side as f64));
    for index in 0..=side {
        let at = vertex_px(index as f64);
        let _ = write!(grid, "M{at} {low}V{high}M{low} {at}H{high}");
    }
    let _ = write!(
        svg,
        r#"<path class="grid" d="{grid}" stroke="{}" stroke-width="1" fill="none"/>"#,
        palette::GRID_LINE
    );
    // Region borders.
    if !frame.borders.is_empty() {
        let mut path = String::new();
        for &[x1, y1, x2, y2] in &frame.borders {
            let _ = write!(
                path,
                "M{} {}L{} {}",
                vertex_px(f64::from(x1)),
                vertex_px(f64::from(y1)),
                vertex_px(f64::from(x2)),
                vertex_px(f64::from(y2))
            );
        }
        let _ = write!(
            svg,
            r#"<path class="borders" d="{path}" stroke="{}" stroke-width="2.5" stroke-linecap="square" fill="none"/>"#,
            palette::REGION_BORDER
        );
    }
    // Vertex numbers along the top and the left.
    let _ = write!(svg, r##"<g class="coords" font-size="10" fill="#8a8478">"##);
    for index in 0..=side {
        let at = vertex_px(index as f64);
        let _ = write!(
            svg,
            r#"<text x="{at}" y="{top}" text-anchor="middle">{index}</text><text x="{left}" y="{mid}" text-anchor="end">{index}</text>"#,
            top = MARGIN_PX - 10,
            left = MARGIN_PX - 8,
            mid = at + 3.5,
        );
    }
    svg.push_str("</g>");
    // Mud traps with their remaining turns.
    for trap in &frame.traps {
        let (cx, cy) = (vertex_px(f64::from(trap.x)), vertex_px(f64::from(trap.y)));
        let _ = write!(
            svg,
            r##"<g class="trap" data-trap="{x},{y}" data-left="{left}"><rect x="{rx}" y="{ry}" width="16" height="16" transform="rotate(45 {cx} {cy})" fill="{mud}" opacity="0.9"/><text x="{cx}" y="{ty}" font-size="10" font-weight="700" fill="#ffffff" text-anchor="middle">{left}</text></g>"##,
            x = trap.x,
            y = trap.y,
            left = trap.left,
            rx = cx - 8.0,
            ry = cy - 8.0,
            ty = cy + 3.5,
            mud = palette::MUD,
        );
    }
    // Open trails under the players.
    for player in &frame.players {
        trail(svg, player);
    }
    for player in &frame.players {
        token(svg, player);
    }
}

fn trail(svg: &mut String, player: &PlayerView) {
    let Some(&[sx, sy]) = player.trail.first() else {
        return;
    };
    let colour = palette::seat_colour(player.seat);
    let points: Vec<String> = player
        .trail
        .iter()
        .map(|&[x, y]| format!("{},{}", vertex_px(f64::from(x)), vertex_px(f64::from(y))))
        .collect();
    let (cx, cy) = (vertex_px(f64::from(sx)), vertex_px(f64::from(sy)));
    let _ = write!(
        svg,
        r#"<g class="trail" data-seat="{seat}" data-length="{length}"><polyline points="{points}" fill="none" stroke="{colour}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round" opacity="0.85"/><rect x="{rx}" y="{ry}" width="8" height="8" fill="{colour}"/></g>"#,
        seat = player.seat,
        length = player.trail.len(),
        points = points.join(" "),
        rx = cx - 4.0,
        ry = cy - 4.0,
    );
}

fn token(svg: &mut String, player: &PlayerView) {
    let colour = palette::seat_colour(player.seat);
    let cx = vertex_px(f64::from(player.x) + player.nudge[0]);
    let cy = vertex_px(f64::from(player.y) + player.nudge[1]);
    if let Some(cause) = &player.death {
        let _ = write!(
            svg,
            r#"<g class="player dead" data-seat="{seat}" data-pen="dead" data-death="{cause}"><title>seat {seat} dead: {cause}</title><path d="M{a} {b}L{c} {d}M{a} {d}L{c} {b}" stroke="{colour}" stroke-width="4" stroke-linecap="round" opacity="0.8"/></g>"#,
            seat = player.seat,
            cause = escape(cause),
            a = cx - 8.0,
            b = cy - 8.0,
            c = cx + 8.0,
            d = cy + 8.0,
        );
        return;
    }
    let _ = write!(
        svg,
        r#"<g class="player" data-seat="{seat}" data-pen="{pen}" data-stuck="{stuck}"><title>seat {seat}: pen {pen}{stuck_text}</title>"#,
        seat = player.seat,
        pen = player.pen,
        stuck = player.stuck,
        stuck_text = if player.stuck > 0 {
            format!(", stuck {}", player.stuck)
        } else {
            String::new()
        },
    );
    if player.stuck > 0 {
        let _ = write!(
            svg,
            r#"<circle cx="{cx}" cy="{cy}" r="18" fill="none" stroke="{}" stroke-width="4" opacity="0.9"/>"#,
            palette::MUD
        );
    }
    if player.pen == "down" {
        let _ = write!(
            svg,
            r#"<circle cx="{cx}" cy="{cy}" r="14.5" fill="none" stroke="{}" stroke-width="2.5"/>"#,
            palette::INK
        );
    }
    let _ = write!(
        svg,
        r##"<circle cx="{cx}" cy="{cy}" r="11" fill="{colour}" stroke="#ffffff" stroke-width="2"/><text x="{cx}" y="{ty}" font-size="12" font-weight="700" fill="#ffffff" text-anchor="middle">{seat}</text>"##,
        ty = cy + 4.0,
        seat = player.seat,
    );
    if player.stuck > 0 {
        let _ = write!(
            svg,
            r##"<circle cx="{bx}" cy="{by}" r="7.5" fill="{mud}"/><text x="{bx}" y="{bty}" font-size="10" font-weight="700" fill="#ffffff" text-anchor="middle">{stuck}</text>"##,
            bx = cx + 13.0,
            by = cy - 13.0,
            bty = cy - 9.5,
            mud = palette::MUD,
            stuck = player.stuck,
        );
    }
    svg.push_str("</g>");
}

fn score_lines(svg: &mut String, frame: &Frame, top: i32) {
    for (line, row) in frame.scores.iter().enumerate() {
        let y = top + SCORE_LINE_PX * line as i32 + 14;
        let regions = if row.regions.is_empty() {
            "no land".to_string()
        } else {
            let areas: Vec<String> = row.regions.iter().map(u32::to_string).collect();
            format!("land {}", areas.join("+"))
        };
        let mud = if row.mud > 0 {
            format!(" · mud ×{}", row.mud)
        } else {
            String::new()
        };
        let _ = write!(
            svg,
            r#"<g class="score" data-seat="{seat}" data-score="{score}" data-rank="{rank}"><circle cx="{dot}" cy="{cy}" r="6" fill="{colour}"/><text x="{tx}" y="{ty}" font-size="13" fill="{ink}">#{rank} seat {seat} · {bot} · {state} · {regions}{mud} · <tspan font-weight="700">{score}</tspan></text></g>"#,
            seat = row.seat,
            score = row.score,
            rank = row.rank,
            dot = MARGIN_PX + 6,
            cy = y - 4,
            tx = MARGIN_PX + 18,
            ty = y,
            colour = palette::seat_colour(row.seat),
            ink = palette::INK,
            bot = escape(&row.bot),
            state = escape(&row.state),
        );
    }
}

/// Escapes text for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0 at all.
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' && c != '\r' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_neutralises_markup_and_control_characters() {
        assert_eq!(
            escape(r#"<a href="x">&'"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(escape("a\u{1}b"), "a\u{fffd}b");
    }
}
