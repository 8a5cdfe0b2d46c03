//! The submitted bot on transcripts recorded by the referee (`enclosure-arena play --replay`,
//! in-process `builtin:ours`): its answers, served line by line as `main` serves them, must
//! match the recorded ones, snapshot plus byte-exact.
use enclosure::bot::{serve, Planner};

#[test]
fn samples() {
    insta::glob!("../../../samples/enclosure", "*.in", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        let mut output = Vec::new();
        serve(Planner::new(), input.as_bytes(), &mut output).unwrap();
        let output = String::from_utf8(output).unwrap();
        insta::assert_snapshot!(output);
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
        assert_eq!(output, expected, "{}", path.display());
    });
}

/// The crate's binary on every sample, as a judge runs it: its output, its time and its peak
/// memory held to the limits of `[package.metadata.contest]`, reported beside them.
#[test]
fn the_binary_answers_every_sample_within_the_limits() {
    let binary = std::path::Path::new(env!("CARGO_BIN_EXE_enclosure"));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if let Err(why) = stress_kit::replay_crate_samples::<stress_kit::ByChecker>(binary, dir) {
        panic!("{why}");
    }
}
