//! The Enclosure replay viewer: `enclosure-arena replay FILE.jsonl --html OUT.html`
//! writes one self-contained page that plays the game back; `--turn N --svg OUT.svg` writes a
//! static picture of one turn for READMEs and reports.
//!
//! Pipeline: [`Replay::parse`] reads the JSON Lines file (format v1, see the crate README)
//! into the viewer's own types and checks what drawing relies on; `frames::build` turns it
//! into a view model, one frame per picture; the SVG writer and the page's script both draw
//! from that model, with the colours of `palette`.
//!
//! Decisions on what to draw and how, each pinned by a test (unit tests here, and
//! `tests/viewer*.rs`):
//! - Frames: `start` (the initial state, turn 0), then the state after each played turn,
//!   then `end` (the footer's state, after the end-of-game settlement, with final ranks).
//!   `--turn N` and the page's `#turn=N` hash mean "the state after turn N"; `end` selects
//!   the end frame. The end frame is separate from the last turn's because the settlement
//!   (the survivor taking the unowned land) changes the board.
//! - Regions of one owner: filled with tints of the owner's colour that alternate in capture
//!   order, and every region (even next to one of the same owner: regions never merge) is
//!   outlined by a dark border.
//! - Several players on one vertex are drawn spread around it, not on top of each other.
//! - A replay without a footer (referee killed) is still shown, marked as cut short; one out
//!   of order (turns not consecutive, records after the footer) is rejected, because it could
//!   not be redrawn faithfully.
//! - Standing: the score table's rank column is the final rank on the end frame and the
//!   standing by current score (ties to the lower seat, as the score's `4 - m` term does)
//!   before.
//! - `render_svg` and the page's `#turn=N` are total: a turn past the last recorded one shows
//!   the last frame (the end frame when there is one). The CLI is strict instead and rejects a
//!   `--turn` the replay does not have, because there a typo should not pass silently.
//! - The page is self-contained by construction and by policy: style, script and data are
//!   inline, and its Content-Security-Policy (`default-src 'none'`) forbids any fetch. The data
//!   is embedded with every `<` escaped, so no bot name can close the script element, and the
//!   script only ever sets text (never markup) from it.

mod frames;
mod html;
mod palette;
mod replay;
mod svg;

use std::path::PathBuf;

use anyhow::Context;

pub use frames::TurnSelector;
pub use replay::{
    ActionRecord, EndRecord, Event, Header, Pen, PlayerState, RegionState, Replay, SeatInfo,
    SeatResult, State, TrapState, TurnRecord,
};

/// `enclosure-arena replay FILE.jsonl [--html OUT.html] [--turn N|end] [--svg OUT.svg]`.
#[derive(Debug, Clone, clap::Args)]
pub struct ViewerArgs {
    /// Replay file written by `enclosure-arena play --replay` (JSON Lines, format v1).
    pub replay: PathBuf,
    /// Write the interactive, self-contained HTML viewer here.
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    /// Write a static SVG picture of the `--turn` frame here.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Which frame: N = the state after turn N (0 = start), or `end`. Selects the SVG
    /// picture and the frame the HTML page opens on. Default: `end` for the SVG, the
    /// start for the page.
    #[arg(long, value_name = "N|end")]
    pub turn: Option<TurnSelector>,
}

/// Runs the `replay` subcommand: reads the replay, writes what was asked for.
pub fn run(args: ViewerArgs) -> anyhow::Result<()> {
    if args.html.is_none() && args.svg.is_none() {
        anyhow::bail!("nothing to write: give --html OUT.html and/or --svg OUT.svg");
    }
    let text = std::fs::read_to_string(&args.replay)
        .with_context(|| format!("cannot read {}", args.replay.display()))?;
    let replay = Replay::parse(&text).with_context(|| format!("in {}", args.replay.display()))?;
    let model = frames::build(&replay);
    if let Some(path) = &args.html {
        let start = match args.turn {
            Some(selector) => frames::frame_index(&model, selector)?,
            None => 0,
        };
        write(path, &html::render_page(&model, start))?;
    }
    if let Some(path) = &args.svg {
        let index = frames::frame_index(&model, args.turn.unwrap_or(TurnSelector::End))?;
        write(path, &svg::render_frame(&model, index))?;
    }
    Ok(())
}

fn write(path: &std::path::Path, contents: &str) -> anyhow::Result<()> {
    std::fs::write(path, contents).with_context(|| format!("cannot write {}", path.display()))
}

/// The whole interactive page for `replay`, opening on the start.
pub fn render_html(replay: &Replay) -> String {
    html::render_page(&frames::build(replay), 0)
}

/// A static SVG of the state after `turn` (0 = the start). A turn past the last recorded one
/// draws the end frame (the final settlement), or the last turn when there is no footer.
pub fn render_svg(replay: &Replay, turn: u32) -> String {
    let model = frames::build(replay);
    let index =
        frames::frame_index(&model, TurnSelector::Turn(turn)).unwrap_or(model.frames.len() - 1);
    svg::render_frame(&model, index)
}

/// A static SVG of the end frame (or the last recorded turn when there is no footer).
pub fn render_svg_end(replay: &Replay) -> String {
    let model = frames::build(replay);
    svg::render_frame(&model, model.frames.len() - 1)
}
