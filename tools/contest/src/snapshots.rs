//! `contest snapshots NAME` (`make snapshots P=NAME`): a sample added by hand gets its insta
//! snapshot from its `.out`, without a test run: the `.out` is what the judge expects, and the
//! samples test compares the output with it byte for byte anyway.

use crate::new::write_snapshots;
use crate::sample::Sample;
use anyhow::{bail, Context, Result};
use std::fs;
use std::path::Path;
use stress_kit::{Checker, Contest};

/// Writes the missing or stale snapshots of crate `name`; says which.
pub fn write(root: &Path, name: &str) -> Result<String> {
    let crate_dir = root.join("crates").join(name);
    let contest = Contest::of_package(&crate_dir).map_err(anyhow::Error::msg)?;
    if contest.checker != Checker::Exact || contest.interactive {
        return Ok(format!(
            "crates/{name} is judged by `{}`{}: it has no snapshots",
            contest.checker,
            if contest.interactive {
                ", interactively"
            } else {
                ""
            }
        ));
    }
    let samples_dir = root.join("samples").join(name);
    let mut samples = Vec::new();
    let entries =
        fs::read_dir(&samples_dir).with_context(|| format!("reading {}", samples_dir.display()))?;
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_none_or(|x| x != "in") {
            continue;
        }
        let stem = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let out = path.with_extension("out");
        let Ok(output) = fs::read_to_string(&out) else {
            bail!("samples/{name}/{stem}.in has no readable .out beside it");
        };
        samples.push(Sample {
            stem,
            input: String::new(),
            output,
        });
    }
    samples.sort_by(|a, b| a.stem.cmp(&b.stem));
    let written = write_snapshots(&crate_dir, name, &samples)?;
    Ok(if written.is_empty() {
        format!(
            "the {} snapshot(s) of crates/{name} match the .out files",
            samples.len()
        )
    } else {
        format!(
            "wrote {} snapshot(s) from the .out files: {}",
            written.len(),
            written.join(", ")
        )
    })
}
