//! Every `samples/robots/*.in`: an insta snapshot of the output, and a byte-exact comparison
//! with the `.out` file (snapshots forgive a missing final newline; judges do not). Each `.out`
//! is also checked against the plain oracle in `tests/oracle.rs`; what each hand-made sample
//! shows is in `samples/robots/README.md`.

mod support;

use std::fs;
use support::output_of;

#[test]
fn samples() {
    insta::glob!("../../../samples/robots", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        let output = output_of(&input);
        insta::assert_snapshot!(output);
        let expected = fs::read_to_string(path.with_extension("out")).unwrap();
        assert_eq!(output, expected, "byte-exact output for {}", path.display());
    });
}

/// The crate's binary on every sample, as a judge runs it: its output, its time and its peak
/// memory held to the limits of `[package.metadata.contest]`, reported beside them.
#[test]
fn the_binary_answers_every_sample_within_the_limits() {
    let binary = std::path::Path::new(env!("CARGO_BIN_EXE_robots"));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if let Err(why) = stress_kit::replay_crate_samples::<support::Stress>(binary, dir) {
        panic!("{why}");
    }
}
