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
