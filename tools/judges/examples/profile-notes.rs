//! `make lint`'s report on `judges.toml`: each judge profile that is undated or was read long
//! ago enough to re-check, one line each. A note for the maintainer, not a failure: a
//! profile ages without any change to the workspace.

use judges::floor::stale_profiles;
use judges::profile::{Date, Profiles};
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    match Profiles::load(&root) {
        Ok(profiles) => {
            for line in stale_profiles(&profiles.judges, Date::today()) {
                println!("note: judge {line}");
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("profile-notes: {error:#}");
            ExitCode::FAILURE
        }
    }
}
