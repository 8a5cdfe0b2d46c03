//! The README's table of problems and judges, generated from the contest tables and
//! the judge profiles so that it cannot drift from them: `bundle --readme-table` prints
//! it, and a workspace test fails while the README's copy differs.

use crate::contest::Contest;
use crate::floor::Floor;
use crate::profile::Profile;

/// The lines around the generated block in README.md.
pub const START: &str = "<!-- problems and judges: generated from judges.toml and the crates' \
                         [package.metadata.contest] by `make readme-table`; do not edit -->";
pub const END: &str = "<!-- end of generated problems and judges -->";

/// Where the bundler's fixtures live: problem-shaped crates that prove it can inline a
/// library. They are bundled and checked like problems, but the README lists problems.
pub const FIXTURES_DIR: &str = "crates/fixtures/";

/// Whether the README's table lists the problem crate in `dir`.
pub fn listed(dir: &str) -> bool {
    !dir.starts_with(FIXTURES_DIR)
}

/// One problem crate, as the table shows it.
pub struct Row<'a> {
    /// The crate's directory, e.g. `crates/curling`.
    pub dir: &'a str,
    pub contest: &'a Contest,
    pub floor: &'a Floor,
}

/// The generated block, markers included, ending with a newline.
pub fn block(rows: &[Row]) -> String {
    let mut out = format!("{START}\n\n");
    out.push_str("| crate | problem | judges | each bundle is checked against | C bundle |\n");
    out.push_str("|---|---|---|---|---|\n");
    let mut judges: Vec<&Profile> = Vec::new();
    for row in rows {
        let floor = row.floor;
        let checked = format!(
            "{} ({}); edition {}; {} bytes ({})",
            floor.rustc_text(),
            floor.rustc_set_by,
            floor.editions.join(" and "),
            floor.size_limit,
            floor.size_set_by
        );
        let c_bundle = if row.contest.c_judges().is_empty() {
            "-".to_string()
        } else {
            let (limit, set_by) = row.contest.c_size_limit();
            format!("{limit} bytes ({set_by})")
        };
        out.push_str(&table_row(&[
            &format!("[`{0}`]({0})", row.dir),
            &row.contest.problem,
            &row.contest.citations(),
            &checked,
            &c_bundle,
        ]));
        for judge in &row.contest.judges {
            if !judges.iter().any(|p| p.key == judge.profile.key) {
                judges.push(&judge.profile);
            }
        }
    }
    out.push_str(
        "\n| judge | Rust | rustc | editions | source size limit | C and C++ | read | source |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|---|\n");
    let unknown = || "unknown".to_string();
    for profile in judges {
        let read = profile.read.map_or_else(unknown, |d| d.to_string());
        let mut source = profile.source.clone();
        if let Some(note) = &profile.note {
            source = format!("{source}; {note}");
        }
        let cells: Vec<String> = match &profile.rust {
            None => vec!["**no**".into(), "-".into(), "-".into(), "-".into()],
            Some(rust) => vec![
                "yes".into(),
                rust.rustc.map_or_else(unknown, |v| v.to_string()),
                rust.editions
                    .as_ref()
                    .map_or_else(unknown, |e| e.join(", ")),
                rust.size_limit
                    .map_or_else(unknown, |n| format!("{n} bytes")),
            ],
        };
        let c = match &profile.c {
            None => "-".to_string(),
            Some(c) => format!(
                "{}; {}-bit; limit {}",
                c.compilers
                    .as_ref()
                    .map_or_else(unknown, |list| list.join("; ")),
                c.bits.clone().unwrap_or_else(unknown),
                c.size_limit.map_or_else(unknown, |n| format!("{n} bytes"))
            ),
        };
        let name = format!("{} (`{}`)", profile.name, profile.key);
        let mut row = vec![name.as_str()];
        row.extend(cells.iter().map(String::as_str));
        row.extend([c.as_str(), read.as_str(), source.as_str()]);
        out.push_str(&table_row(&row));
    }
    out.push('\n');
    out.push_str(END);
    out.push('\n');
    out
}

fn table_row(cells: &[&str]) -> String {
    let cells: Vec<String> = cells.iter().map(|c| c.replace('|', "\\|")).collect();
    format!("| {} |\n", cells.join(" | "))
}

/// Checks that `readme` holds `expected` (from [`block`]) between the markers.
pub fn check(readme: &str, expected: &str) -> Result<(), String> {
    let start = readme
        .find(START)
        .ok_or_else(|| format!("README.md lacks the line {START}"))?;
    let end = readme[start..]
        .find(END)
        .map(|i| start + i + END.len())
        .ok_or_else(|| format!("README.md lacks the line {END}"))?;
    let actual = &readme[start..end];
    let expected = expected.trim_end();
    if actual == expected {
        return Ok(());
    }
    let differs = actual
        .lines()
        .zip(expected.lines())
        .find(|(a, e)| a != e)
        .map_or_else(
            || "one has more lines".to_string(),
            |(a, e)| format!("README: {a}\n  profiles say: {e}"),
        );
    Err(format!(
        "README.md's problems-and-judges table is out of date (run `make readme-table` and \
         paste its output):\n  {differs}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{Profiles, Version};
    use crate::test_fixtures::{contest_in, PROFILES};

    fn block_for(profiles: &str) -> String {
        let profiles = Profiles::parse(profiles).unwrap();
        let contest = contest_in("Robots", &["boj:7357", "poj:1098"], &profiles);
        let floor = Floor::of(&contest, Version::parse("1.79"));
        block(&[Row {
            dir: "crates/robots",
            contest: &contest,
            floor: &floor,
        }])
    }

    #[test]
    fn the_block_shows_problems_floors_and_judges() {
        let block = block_for(PROFILES);
        assert!(block.contains(
            "| [`crates/robots`](crates/robots) | Robots | BOJ 7357, POJ 1098 (no Rust) | rustc 1.73 (BOJ 7357); \
             edition 2021; 65536 bytes (the 64 KiB default (BOJ 7357: limit unknown)) | - |"
        ), "{block}");
        assert!(block.contains(
            "| Baekjoon (`boj`) | yes | 1.73 | 2021 | unknown | - | 2024-05 | a \\| table |"
        ));
        assert!(block.contains("| POJ (`poj`) | **no** | - | - | - | - | unknown | its list |"));
    }

    #[test]
    fn fixtures_are_not_listed() {
        assert!(listed("crates/robots"));
        assert!(!listed("crates/fixtures/acl-rmq"));
    }

    #[test]
    fn a_readme_passes_with_the_block_and_fails_when_a_judge_row_changes() {
        let readme = format!("# Title\n\n{}\nmore text\n", block_for(PROFILES));
        assert_eq!(check(&readme, &block_for(PROFILES)), Ok(()));
        let newer_boj = PROFILES.replace("rustc = \"1.73\"", "rustc = \"1.74\"");
        let error = check(&readme, &block_for(&newer_boj)).unwrap_err();
        assert!(error.contains("1.73") && error.contains("1.74"), "{error}");
        let poj_takes_rust = PROFILES.replace("source = \"its list\"", "source = \"its new list\"");
        assert!(check(&readme, &block_for(&poj_takes_rust)).is_err());
        assert!(check("# no table\n", &block_for(PROFILES))
            .unwrap_err()
            .contains("lacks"));
    }
}
