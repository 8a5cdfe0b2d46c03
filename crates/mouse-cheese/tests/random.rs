//! Randomized whole-program tests: seeded random inputs written the many ways the lenient
//! reader accepts (either end point order, duplicates, rim and junk segments, odd whitespace,
//! T larger than the cases present, no final newline, mouse on the cheese), answered by `run_to`
//! and by the naive oracle. Also checks every committed sample output against the oracle.

mod oracle;
mod support;

use oracle::{interior_sticks, Oracle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::{oracle_output, output_of, random_input};

#[test]
fn random_inputs_agree_with_the_naive_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(11818);
    let sticks = interior_sticks();
    let mut oracle = Oracle::default();
    let mut cases = 0;
    for _ in 0..2000 {
        let (text, expected) = random_input(&mut rng, &sticks, &mut oracle);
        let got = output_of(&text);
        assert_eq!(got, expected, "input:\n{text}");
        cases += expected.lines().count();
    }
    assert!(cases > 7000, "only {cases} cases");
}

#[test]
fn sample_outputs_agree_with_the_naive_oracle() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/mouse-cheese");
    let mut oracle = Oracle::default();
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let input = std::fs::read_to_string(&path).unwrap();
            let output = std::fs::read_to_string(path.with_extension("out")).unwrap();
            assert_eq!(
                output,
                oracle_output(&input, &mut oracle),
                "{}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} samples");
}
