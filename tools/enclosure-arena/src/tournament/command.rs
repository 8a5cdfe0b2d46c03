//! The `tournament` subcommand: options, running, writing the reports.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use super::report::Report;
use super::{run, Keep, TournamentConfig};
use crate::lineup::BotSpec;

#[derive(Debug, Clone, Args)]
pub struct TournamentArgs {
    /// Number of games.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// Seed of the whole tournament (each game and seat gets its own stream).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Games played at once (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
    /// Time limit per answer, in milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub step_ms: u64,
    /// Write the JSON report here (default: print it on stdout when no --markdown is given).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the markdown table here.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Save replays here (JSON Lines, plus an HTML page each): `DIR/game-NNNN-LINEUP.jsonl`.
    #[arg(long, value_name = "DIR")]
    pub replays: Option<PathBuf>,
    /// Which games --replays keeps: the first, those where a bot died by its own doing
    /// (failure or forbidden move), or all.
    #[arg(long, value_enum, default_value_t = Keep::First, requires = "replays")]
    pub keep: Keep,
    /// Keep each bot program's temporary working directory (paths printed on stderr).
    #[arg(long)]
    pub keep_bot_dirs: bool,
    /// The memory each bot program may hold, in MiB, as a judge limits it: a bot whose peak
    /// resident set passes it after an answer dies (a crash, "memory limit exceeded").
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    pub memory_limit_mb: Option<u64>,
    /// The line-up, 2 to 4 bots as for `play` (copies allowed, e.g. three builtin:hunter).
    #[arg(value_name = "BOT", required = true, num_args = 1..)]
    pub bots: Vec<String>,
}

/// Runs `tournament`; exit 2 on a bad line-up, 1 when a report cannot be written.
pub fn main(args: &TournamentArgs) -> ExitCode {
    let lineup = match crate::cli::parse_bots(&args.bots) {
        Ok(specs) => specs,
        Err(message) => {
            eprintln!("enclosure-arena tournament: error: {message}");
            return ExitCode::from(2);
        }
    };
    let jobs = args
        .jobs
        .map(|j| j as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let config = TournamentConfig {
        games: args.games as usize,
        seed: args.seed,
        jobs,
        step_limit: Duration::from_millis(args.step_ms),
        keep: args.replays.as_ref().map(|_| args.keep),
        keep_bot_dirs: args.keep_bot_dirs,
        memory_limit_mib: args.memory_limit_mb,
    };
    let names: Vec<String> = lineup.iter().map(BotSpec::display_name).collect();
    let played = play_lineup(
        &config,
        &lineup,
        &names,
        args.replays.as_deref(),
        args.markdown.as_deref(),
    );
    let (report, replay_link) = match played {
        Ok(played) => played,
        Err(e) => return failure(&e),
    };
    if let Some(path) = &args.json {
        if let Err(e) = std::fs::write(path, report.to_json() + "\n") {
            return failure(&format!("cannot write {}: {e}", path.display()));
        }
    }
    if let Some(path) = &args.markdown {
        if let Err(e) = std::fs::write(path, report.to_markdown(replay_link.as_deref())) {
            return failure(&format!("cannot write {}: {e}", path.display()));
        }
    }
    if args.json.is_none() && args.markdown.is_none() {
        println!("{}", report.to_json());
    }
    ExitCode::SUCCESS
}

/// Plays the tournament of `lineup` (reported under `names`, one per entry); saves the kept
/// replays in `replays`. Returns the report and, for a markdown file at `markdown`, the link
/// to the first kept replay's page.
pub(super) fn play_lineup(
    config: &TournamentConfig,
    lineup: &[BotSpec],
    names: &[String],
    replays: Option<&Path>,
    markdown: Option<&Path>,
) -> Result<(Report, Option<String>), String> {
    let started = Instant::now();
    let records = run(config, lineup);
    let mut report = Report::new(config.seed, names, &records);
    eprintln!(
        "enclosure-arena tournament: {} games on {} threads in {:.1} s",
        config.games,
        config.jobs,
        started.elapsed().as_secs_f64()
    );
    let mut replay_link = None;
    if let Some(dir) = replays {
        for record in &records {
            let Some(text) = &record.replay else { continue };
            let (jsonl, page) = save_replay(dir, record.index, names, text)?;
            report.played[record.index].replay = Some(jsonl.display().to_string());
            if replay_link.is_none() {
                replay_link = Some(link_from(markdown, &page));
            }
        }
    }
    Ok((report, replay_link))
}

/// A file name for a line-up: `ours-greedy-hunter-square` (commands become `cmd`).
fn lineup_slug(names: &[String]) -> String {
    names
        .iter()
        .map(|name| match name.strip_prefix(crate::bot::BUILTIN_PREFIX) {
            Some(builtin) => builtin.to_string(),
            None => "cmd".to_string(),
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// Writes `DIR/game-NNNN-SLUG.jsonl` and, through the viewer, `DIR/game-NNNN-SLUG.html`;
/// returns the replay's path and the page's (the replay's again when no page can be made).
fn save_replay(
    dir: &Path,
    index: usize,
    names: &[String],
    text: &str,
) -> Result<(PathBuf, PathBuf), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let slug = format!("game-{index:04}-{}", lineup_slug(names));
    let jsonl = dir.join(format!("{slug}.jsonl"));
    std::fs::write(&jsonl, text).map_err(|e| format!("cannot write {}: {e}", jsonl.display()))?;
    let replay = match crate::viewer::Replay::parse(text) {
        Ok(replay) => replay,
        Err(e) => {
            eprintln!("enclosure-arena tournament: no HTML page: {e:#}");
            return Ok((jsonl.clone(), jsonl));
        }
    };
    let html = dir.join(format!("{slug}.html"));
    std::fs::write(&html, crate::viewer::render_html(&replay))
        .map_err(|e| format!("cannot write {}: {e}", html.display()))?;
    Ok((jsonl, html))
}

/// `target` as the markdown file at `markdown` should link it: relative to the markdown's
/// directory when it lies below it, else as given.
fn link_from(markdown: Option<&Path>, target: &Path) -> String {
    let base = markdown
        .and_then(Path::parent)
        .filter(|p| !p.as_os_str().is_empty());
    match base.and_then(|b| target.strip_prefix(b).ok()) {
        Some(relative) => relative.display().to_string(),
        None => target.display().to_string(),
    }
}

fn failure(message: &str) -> ExitCode {
    eprintln!("enclosure-arena tournament: error: {message}");
    ExitCode::FAILURE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_links() {
        let names = vec!["builtin:ours".to_string(), "./bot -x".to_string()];
        assert_eq!(lineup_slug(&names), "ours-cmd");
        assert_eq!(
            link_from(
                Some(Path::new("reports/t.md")),
                Path::new("reports/replays/a.html")
            ),
            "replays/a.html"
        );
        assert_eq!(link_from(None, Path::new("x/a.html")), "x/a.html");
        assert_eq!(
            link_from(Some(Path::new("t.md")), Path::new("x/a.html")),
            "x/a.html"
        );
    }
}
