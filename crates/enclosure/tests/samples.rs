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
