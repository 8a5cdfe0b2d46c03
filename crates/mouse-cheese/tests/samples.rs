//! Every `samples/mouse-cheese/*.in`: an insta snapshot of the output, and a byte-exact
//! comparison with the `.out` file beside it (insta ignores trailing newlines; judges do not).

mod oracle;
mod support;

use support::output_of;

#[test]
fn samples() {
    insta::glob!("../../../samples/mouse-cheese", "*.in", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
        let output = output_of(&input);
        insta::assert_snapshot!(output);
        assert_eq!(output, expected, "{}", path.display());
    });
}

/// The crate's binary on every sample, as a judge runs it: its output, its time and its peak
/// memory held to the limits of `[package.metadata.contest]`, reported beside them.
#[test]
fn the_binary_answers_every_sample_within_the_limits() {
    let binary = std::path::Path::new(env!("CARGO_BIN_EXE_mouse-cheese"));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if let Err(why) = stress_kit::replay_crate_samples::<support::Stress>(binary, dir) {
        panic!("{why}");
    }
}
