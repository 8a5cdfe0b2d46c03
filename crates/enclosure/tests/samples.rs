//! The placeholder bot on recorded referee transcripts: snapshot plus a byte-exact check.
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
