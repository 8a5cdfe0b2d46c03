//! README.md's problems-and-judges block is what the contest tables and judges.toml
//! say (`bundle --readme-table` prints it; `make readme-table` too), so the README
//! cannot drift from the profiles the bundle tests enforce. The checking functions
//! themselves are tested on synthetic profiles in `judges::readme`.

use bundle::Workspace;
use judges::floor::Floor;
use judges::profile::Version;
use judges::readme::{self, Row};
use std::path::Path;

#[test]
fn readme_table_matches_the_judge_profiles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = Workspace::load(Some(&root.join("Cargo.toml"))).expect("cargo metadata");
    let workspace_rustc = workspace.rust_version().as_deref().and_then(Version::parse);
    let plans: Vec<_> = workspace
        .problem_crates()
        .iter()
        .map(|name| workspace.plan(name).expect("bundle plan"))
        .filter(|plan| readme::listed(&plan.dir))
        .collect();
    let floors: Vec<Floor> = plans
        .iter()
        .map(|plan| Floor::of(&plan.contest, workspace_rustc))
        .collect();
    let rows: Vec<Row> = plans
        .iter()
        .zip(&floors)
        .map(|(plan, floor)| Row {
            dir: &plan.dir,
            contest: &plan.contest,
            floor,
        })
        .collect();
    let expected = readme::block(&rows);
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    if let Err(error) = readme::check(&readme, &expected) {
        panic!("{error}\n\nthe block, as the profiles give it:\n{expected}");
    }
}
