//! The submitted bot on transcripts recorded by the referee (`enclosure-arena play --replay`,
//! in-process `builtin:ours`): its answers must match the recorded ones, snapshot plus byte-exact.
use proconio::source::once::OnceSource;

#[test]
fn samples() {
    insta::glob!("../../../samples/enclosure", "*.in", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        let output = enclosure::run(&mut OnceSource::from(input.as_str()));
        insta::assert_snapshot!(output);
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
        assert_eq!(output, expected, "{}", path.display());
    });
}
