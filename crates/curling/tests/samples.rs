//! Every `samples/curling/*.in`: an insta snapshot of the output, and a
//! byte-exact comparison with the `.out` file (snapshots forgive a missing
//! final newline; judges do not).

mod support;

use std::fs;
use support::output_of;

#[test]
fn samples() {
    insta::glob!("../../../samples/curling", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        let output = output_of(&input);
        insta::assert_snapshot!(output);
        let expected = fs::read_to_string(path.with_extension("out")).unwrap();
        assert_eq!(output, expected, "byte-exact output for {}", path.display());
    });
}
