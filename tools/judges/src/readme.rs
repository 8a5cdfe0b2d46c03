//! The README's tables of problems and judges, generated from the contest tables and
//! the judge profiles so that they cannot drift from them: `bundle --readme-table` prints
//! them, and a workspace test fails while the README's copy differs. Each cell holds one
//! thing (a value, where it comes from, or a note), and a legend says once what `?`, `-`
//! and *default* mean.

use crate::contest::Contest;
use crate::floor::{self, Floor, SetBy};
use crate::profile::{Profile, Version};

/// The lines around the generated block in README.md.
pub const START: &str = "<!-- problems and judges: generated from judges.toml and the crates' \
                         [package.metadata.contest] by `make readme-table`; do not edit -->";
pub const END: &str = "<!-- end of generated problems and judges -->";

/// Where the bundler's fixtures live: problem-shaped crates that prove it can inline a
/// library. They are bundled and checked like problems, but the README lists problems.
pub const FIXTURES_DIR: &str = "tools/bundle/fixtures/";

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

/// How the tables write a figure nobody has read, and one that does not apply.
const UNKNOWN: &str = "?";
const NOT_APPLICABLE: &str = "-";

/// The generated block, markers included, ending with a newline: the problems with the
/// figures their bundles are held to, then every judge they go to (what it takes of Rust,
/// then what it compiles C with), then a legend. Each cell holds one thing: a value, where
/// it comes from, or a note.
pub fn block(rows: &[Row]) -> String {
    let mut out = format!("{START}\n\n");
    out.push_str(&problems_table(rows));
    let mut judges: Vec<&Profile> = Vec::new();
    for judge in rows.iter().flat_map(|row| &row.contest.judges) {
        if !judges.iter().any(|p| p.key == judge.profile.key) {
            judges.push(&judge.profile);
        }
    }
    out.push('\n');
    out.push_str(&rust_table(&judges));
    out.push('\n');
    out.push_str(&c_table(&judges));
    out.push('\n');
    out.push_str(LEGEND);
    out.push_str("\n\n");
    out.push_str(END);
    out.push('\n');
    out
}

/// What the tables' words mean, said once.
const LEGEND: &str = "`?`: nobody has recorded the figure (judges.toml says \"unknown\"). \
`-`: does not apply. *default*: a judge of the problem leaves the figure unknown (or none \
takes Rust), and the stand-in binds: the workspace's `rust-version` for rustc, 64 KiB for \
the source size; a C bundle is held to 64 KiB when none of its judges states a limit. \
Sizes are bytes of source.";

/// One row a problem: its judges, and the rustc, editions and sizes its bundles are held to.
fn problems_table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| crate | problem | judges | rustc | rustc set by | editions \
         | Rust bundle size | size set by | C bundle size | C size set by |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|---|---|---|\n");
    for row in rows {
        let floor = row.floor;
        let rustc = known(floor.rustc.map(Version::major_minor));
        let (c_size, c_set_by) = if row.contest.c_judges().is_empty() {
            (NOT_APPLICABLE.to_string(), NOT_APPLICABLE.to_string())
        } else {
            let (limit, set_by) = floor::c_size_limit(row.contest);
            (limit.to_string(), set_by_cell(&set_by))
        };
        out.push_str(&table_row(&[
            &format!("[`{0}`]({0})", row.dir),
            &row.contest.problem,
            &row.contest.citations(),
            &rustc,
            &set_by_cell(&floor.rustc_set_by),
            &floor.editions.join(", "),
            &floor.size_limit.to_string(),
            &set_by_cell(&floor.size_set_by),
            &c_size,
            &c_set_by,
        ]));
    }
    out
}

/// The judge that sets a figure, or *default* (the legend says what stands in).
fn set_by_cell(set_by: &SetBy) -> String {
    match set_by {
        SetBy::Judge(citation) => citation.clone(),
        SetBy::Default { .. } => "*default*".to_string(),
    }
}

/// What each judge takes of Rust, where and when that was read, and any note.
fn rust_table(judges: &[&Profile]) -> String {
    let mut out = String::from(
        "| judge | key | Rust | rustc | editions | source size | read | source | note |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|---|---|\n");
    for profile in judges {
        let figures = match &profile.rust {
            None => ["**no**", NOT_APPLICABLE, NOT_APPLICABLE, NOT_APPLICABLE]
                .map(String::from)
                .to_vec(),
            Some(rust) => vec![
                "yes".to_string(),
                known(rust.rustc),
                known(rust.editions.as_ref().map(|e| e.join(", "))),
                known(rust.size_limit),
            ],
        };
        let mut cells = vec![profile.name.clone(), format!("`{}`", profile.key)];
        cells.extend(figures);
        cells.extend([
            known(profile.read),
            profile.source.clone(),
            profile
                .note
                .as_deref()
                .unwrap_or(NOT_APPLICABLE)
                .to_string(),
        ]);
        let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
        out.push_str(&table_row(&cells));
    }
    out
}

/// What each judge that records C compilers builds a C bundle with.
fn c_table(judges: &[&Profile]) -> String {
    let mut out = String::from(
        "| judge | C and C++ compilers | system | bits | source size | read | source |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|\n");
    for profile in judges {
        let Some(c) = &profile.c else { continue };
        let compilers = known(c.compilers.as_ref().map(|list| list.join("; ")));
        out.push_str(&table_row(&[
            &profile.short,
            &compilers,
            &known(c.system.as_ref()),
            &known(c.bits.as_ref()),
            &known(c.size_limit),
            &known(c.read),
            &c.source,
        ]));
    }
    out
}

/// A figure's text, or [`UNKNOWN`].
fn known<T: ToString>(figure: Option<T>) -> String {
    figure.map_or_else(|| UNKNOWN.to_string(), |f| f.to_string())
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
        let row = "| [`crates/robots`](crates/robots) | Robots | BOJ 7357, POJ 1098 (no Rust) \
                   | 1.73 | BOJ 7357 | 2021 | 65536 | *default* | - | - |";
        assert!(block.contains(row), "{block}");
        assert!(block
            .contains("| Baekjoon | `boj` | yes | 1.73 | 2021 | ? | 2024-05 | a \\| table | - |"));
        assert!(block.contains("| POJ | `poj` | **no** | - | - | - | ? | its list | - |"));
        assert!(block.contains(LEGEND));
        assert!(
            !block.replace(LEGEND, "").contains("unknown"),
            "said in the legend alone"
        );
    }

    #[test]
    fn a_c_judge_gets_a_row_of_its_own_and_sets_the_c_bundle_size() {
        let with_c = format!(
            "{PROFILES}\n[poj.c]\ncompilers = [{{ compiler = \"gcc\", flags = [\"-ansi\"] }}]\nsystem = \"Windows\"\nbits = 32\n\
             size_limit = \"unknown\"\nsource = \"its FAQ\"\nread = \"2026-11\"\n"
        );
        let block = block_for(&with_c);
        assert!(
            block.contains("| POJ | gcc -ansi | Windows | 32 | ? | 2026-11 | its FAQ |"),
            "{block}"
        );
        assert!(
            block.contains("| 65536 | *default* | 65536 | *default* |"),
            "{block}"
        );
    }

    #[test]
    fn fixtures_are_not_listed() {
        assert!(listed("crates/robots"));
        assert!(!listed("tools/bundle/fixtures/acl-rmq"));
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
