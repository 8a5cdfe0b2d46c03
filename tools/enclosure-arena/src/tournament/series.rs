//! The `series` subcommand: every line-up of a file played as a tournament (`make tournament`),
//! each reported in `OUT/tournament-NAME.json` and `.md`, and all of them in one table,
//! `OUT/tournament.md`.
//!
//! The file holds one line-up a line, `NAME GAMES BOT...`: NAME is lowercase letters, digits
//! and `-`; GAMES is `full` (`--games`) or `search` (`--search-games`, for line-ups with the
//! slow `builtin:search`); each BOT is as for `play`, or `sample`: the NOI 2013 organisers'
//! sample program given by `--sample`. A line-up naming `sample` is left out without it.
//! `#` starts a comment.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use super::command::play_lineup;
use super::report::{rank_points_label, BotReport, Report, TABLE_HEADER};
use super::{Keep, TournamentConfig};

/// The word for the sample program in a line-up file.
const SAMPLE: &str = "sample";
/// The submission bot, thinking, and by its rules alone (`--rules-alone`).
const OURS: &str = "builtin:ours";
const OURS_RULES: &str = "builtin:ours-rules";

#[derive(Debug, Clone, Args)]
pub struct SeriesArgs {
    /// The line-ups, one a line: `NAME GAMES BOT...` (see the module doc).
    #[arg(value_name = "LINEUPS")]
    pub lineups: PathBuf,
    /// Where the reports go (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Seed of every tournament.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Games of a `full` line-up.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// Games of a `search` line-up.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub search_games: u64,
    /// The NOI 2013 sample program, for the line-ups that name `sample`.
    #[arg(long, value_name = "PROGRAM")]
    pub sample: Option<PathBuf>,
    /// Games played at once (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
    /// Play every line-up with `builtin:ours` a second time with `builtin:ours-rules` in its
    /// seats (same seed, so the same seatings), and compare the two in `tournament.md`.
    #[arg(long)]
    pub rules_alone: bool,
    /// The memory each bot program may hold, in MiB, as a judge limits it: a bot whose peak
    /// resident set passes it after an answer dies (a crash, "memory limit exceeded").
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    pub memory_limit_mb: Option<u64>,
}

/// One line of the file, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Lineup {
    name: String,
    games: usize,
    /// What `play` takes, seat 0 first.
    bots: Vec<String>,
    /// How the report names each bot (`sample` for the sample program's command line).
    names: Vec<String>,
}

/// Runs `series`: exit 2 on a bad line-up file or a sample program that is not there, 1 when
/// a report cannot be written.
pub fn main(args: &SeriesArgs) -> ExitCode {
    // Each bot runs in a working directory of its own, where a relative path names nothing.
    let sample = args.sample.as_deref().map(|path| {
        std::fs::canonicalize(path)
            .map_err(|e| format!("cannot find the sample program {}: {e}", path.display()))
    });
    let lineups = sample.transpose().and_then(|sample| {
        let text = std::fs::read_to_string(&args.lineups)
            .map_err(|e| format!("cannot read {}: {e}", args.lineups.display()))?;
        let games = (args.games as usize, args.search_games as usize);
        parse(&text, games, sample.as_deref())
    });
    let lineups = match lineups {
        Ok(lineups) => lineups,
        Err(message) => {
            eprintln!("enclosure-arena series: error: {message}");
            return ExitCode::from(2);
        }
    };
    match run_all(args, &lineups) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("enclosure-arena series: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The line-ups of `text`; `games` is (`full`, `search`).
fn parse(text: &str, games: (usize, usize), sample: Option<&Path>) -> Result<Vec<Lineup>, String> {
    let mut lineups: Vec<Lineup> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = line.split_whitespace().collect();
        let [name, count, bots @ ..] = words.as_slice() else {
            if words.is_empty() {
                continue;
            }
            return Err(format!("line {}: `NAME GAMES BOT...`", number + 1));
        };
        let valid = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
        if !name.chars().all(valid) || lineups.iter().any(|l| l.name == *name) {
            return Err(format!(
                "line {}: `{name}` is not a new name of a-z, 0-9 and -",
                number + 1
            ));
        }
        let games = match *count {
            "full" => games.0,
            "search" => games.1,
            other => {
                return Err(format!(
                    "line {}: games `{other}` is not full or search",
                    number + 1
                ))
            }
        };
        if !(2..=4).contains(&bots.len()) {
            return Err(format!("line {}: a line-up has 2 to 4 bots", number + 1));
        }
        let resolved: Option<Vec<String>> = bots
            .iter()
            .map(|bot| match (*bot, sample) {
                (SAMPLE, Some(program)) => Some(shell_quoted(program)),
                (SAMPLE, None) => None,
                (bot, _) => Some(bot.to_string()),
            })
            .collect();
        // Without the sample program, its line-ups are not played.
        let Some(resolved) = resolved else { continue };
        lineups.push(Lineup {
            name: name.to_string(),
            games,
            bots: resolved,
            names: bots.iter().map(|bot| bot.to_string()).collect(),
        });
    }
    Ok(lineups)
}

/// `path` as one word of a `sh -c` command line.
fn shell_quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}

fn run_all(args: &SeriesArgs, lineups: &[Lineup]) -> Result<(), String> {
    let out = &args.out;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let jobs = args
        .jobs
        .map(|j| j as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut summary = Vec::new();
    let mut compared = Vec::new();
    for lineup in lineups {
        let thinking = play_and_report(args, jobs, lineup)?;
        if args.rules_alone && lineup.bots.iter().any(|bot| bot == OURS) {
            let rules_lineup = Lineup {
                name: format!("{}-rules", lineup.name),
                games: lineup.games,
                bots: by_rules_alone(&lineup.bots),
                names: by_rules_alone(&lineup.names),
            };
            let rules = play_and_report(args, jobs, &rules_lineup)?;
            compared.extend(comparison_row(lineup, &thinking, &rules));
        }
        summary.push((lineup, thinking.rows()));
    }
    let mut text = summary_text(args.seed, &summary);
    if !compared.is_empty() {
        text.push_str(COMPARISON_HEADER);
        compared.iter().for_each(|row| text.push_str(row));
    }
    write(&out.join("tournament.md"), &text)
}

/// `bots` with `builtin:ours-rules` in each seat of `builtin:ours`.
fn by_rules_alone(bots: &[String]) -> Vec<String> {
    let seat = |bot: &String| match bot.as_str() {
        OURS => OURS_RULES.to_string(),
        _ => bot.clone(),
    };
    bots.iter().map(seat).collect()
}

/// Plays `lineup` and writes its reports, `tournament-NAME.json` and `.md`, into `--out`.
fn play_and_report(args: &SeriesArgs, jobs: usize, lineup: &Lineup) -> Result<Report, String> {
    let out = &args.out;
    let specs = crate::cli::parse_bots(&lineup.bots)?;
    let config = TournamentConfig {
        games: lineup.games,
        seed: args.seed,
        jobs,
        step_limit: Duration::from_millis(1000),
        keep: Some(Keep::First),
        keep_bot_dirs: false,
        memory_limit_mib: args.memory_limit_mb,
    };
    eprintln!(
        "enclosure-arena series: {} ({} games)",
        lineup.name, lineup.games
    );
    let markdown = out.join(format!("tournament-{}.md", lineup.name));
    let replays = out.join("replays");
    let (report, link) = play_lineup(
        &config,
        &specs,
        &lineup.names,
        Some(&replays),
        Some(&markdown),
    )?;
    write(
        &out.join(format!("tournament-{}.json", lineup.name)),
        &(report.to_json() + "\n"),
    )?;
    write(&markdown, &report.to_markdown(link.as_deref()))?;
    Ok(report)
}

const COMPARISON_HEADER: &str = "
## Thinking against the rules alone

The same games with `builtin:ours-rules` (the same bot without playouts) in ours' seats. Cells:
rank points (95% CI), win rate, games ours died; the best other bot is from thinking's games.

| line-up (games) | thinking | rules alone | thinking - rules | best other bot |
|---|---|---|---:|---|
";

/// A row of the comparison table (`COMPARISON_HEADER`), if both reports have ours.
fn comparison_row(lineup: &Lineup, thinking: &Report, rules: &Report) -> Option<String> {
    let find = |report: &Report, name: &str| report.bots.iter().find(|b| b.bot == name).cloned();
    let (think, alone) = (find(thinking, OURS)?, find(rules, OURS_RULES)?);
    let cell = |b: &BotReport| {
        let [low, high] = b.rank_points_ci95;
        let deaths: u64 = b.deaths.values().sum();
        let win = 100.0 * b.win_rate;
        format!(
            "{:.2} ({low:.2} – {high:.2}), {win:.1}%, {deaths}",
            b.rank_points_mean
        )
    };
    let best_other = thinking
        .bots
        .iter()
        .filter(|b| b.bot != OURS)
        .max_by(|a, b| a.rank_points_mean.total_cmp(&b.rank_points_mean))?;
    Some(format!(
        "| {} ({}) | {} | {} | {:+.2} | `{}` {:.2} ({:.2} – {:.2}) |\n",
        lineup.name,
        lineup.games,
        cell(&think),
        cell(&alone),
        think.rank_points_mean - alone.rank_points_mean,
        best_other.bot,
        best_other.rank_points_mean,
        best_other.rank_points_ci95[0],
        best_other.rank_points_ci95[1],
    ))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `tournament.md`: a link to each line-up's report, then every bot of every line-up in one
/// table, its line-up and games first.
fn summary_text(seed: u64, summary: &[(&Lineup, Vec<String>)]) -> String {
    let points = rank_points_label();
    let mut out = format!(
        "# Enclosure tournament\n\nSeed {seed}, seats rotated; rank points {points} with 95% CI. \
         Details per line-up:\n"
    );
    for (lineup, _) in summary {
        out.push_str(&format!("[{0}](tournament-{0}.md)\n", lineup.name));
    }
    out.push('\n');
    let (title, alignment) = TABLE_HEADER.split_once('\n').unwrap_or((TABLE_HEADER, ""));
    out.push_str(&format!("| line-up (games) {title}\n|---{alignment}"));
    for (lineup, rows) in summary {
        for row in rows {
            out.push_str(&format!("| {} ({}) {row}", lineup.name, lineup.games));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "\
# name   games   bots
mixed    full    builtin:ours builtin:hunter   # a comment
versus   search  builtin:ours sample

pair     full    builtin:random builtin:idle
";

    #[test]
    fn lineups_are_read_and_the_sample_ones_need_the_program() {
        let without = parse(FILE, (400, 100), None).unwrap();
        let names: Vec<&str> = without.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["mixed", "pair"]);
        assert_eq!(without[0].games, 400);
        assert_eq!(without[0].bots, ["builtin:ours", "builtin:hunter"]);
        let with = parse(FILE, (400, 100), Some(Path::new("/x/it's/sample"))).unwrap();
        assert_eq!(with[1].games, 100);
        assert_eq!(with[1].bots[1], r"'/x/it'\''s/sample'");
        assert_eq!(with[1].names[1], "sample");
    }

    #[test]
    fn a_bad_line_names_its_number() {
        let bad = [
            ("a full builtin:ours\n", "line 1"),
            ("A full builtin:ours builtin:idle\n", "not a new name"),
            ("a some builtin:ours builtin:idle\n", "full or search"),
            ("a full x y\na full x y\n", "line 2"),
            ("a\n", "NAME GAMES BOT"),
        ];
        for (text, needle) in bad {
            let error = parse(text, (1, 1), None).unwrap_err();
            assert!(error.contains(needle), "{text:?}: {error}");
        }
    }

    #[test]
    fn a_series_writes_each_report_and_one_table_of_all() {
        let dir = std::env::temp_dir().join(format!("series-{}", std::process::id()));
        let lineups = dir.join("lineups");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&lineups, FILE).unwrap();
        let args = SeriesArgs {
            lineups,
            out: dir.join("reports"),
            seed: 3,
            games: 2,
            search_games: 2,
            sample: None,
            jobs: Some(1),
            rules_alone: true,
            memory_limit_mb: None,
        };
        assert_eq!(main(&args), ExitCode::SUCCESS);
        let summary = std::fs::read_to_string(dir.join("reports/tournament.md")).unwrap();
        assert!(summary.contains("[mixed](tournament-mixed.md)\n[pair](tournament-pair.md)\n"));
        assert!(
            summary.contains("| line-up (games) | bot | seats |"),
            "{summary}"
        );
        assert!(
            summary.contains("| mixed (2) | `builtin:ours` | 1 |"),
            "{summary}"
        );
        assert!(
            summary.contains("| pair (2) | `builtin:idle` | 1 |"),
            "{summary}"
        );
        assert!(!summary.contains("versus"));
        // With `--rules-alone`, the line-up with ours again, and one comparison row.
        let (_, compared) = summary
            .split_once("## Thinking against the rules alone")
            .unwrap();
        let rows: Vec<&str> = compared.lines().filter(|l| l.starts_with("| ")).collect();
        assert_eq!(rows.len(), 2, "{compared}");
        assert!(rows[1].starts_with("| mixed (2) | "), "{compared}");
        assert!(
            rows[1].ends_with(" | `builtin:hunter` 3.00 (3.00 – 3.00) |"),
            "{compared}"
        );
        for file in [
            "tournament-mixed.json",
            "tournament-pair.md",
            "tournament-mixed-rules.json",
        ] {
            assert!(dir.join("reports").join(file).exists(), "{file}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
