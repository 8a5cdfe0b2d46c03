//! Writes the judge's expected output for a judge-format file of boards, computed by the
//! tests' breadth-first oracle over whole board states (`tests/support`), never by the
//! search under test: how the `.out` files beside the climbed data sets are made.
//!
//! ```text
//! cargo run --release -p curling --example answers -- \
//!     crates/curling/benches/data/climbed-ratio.txt > crates/curling/benches/data/climbed-ratio.out
//! ```

#[path = "../benches/support/boards.rs"]
#[allow(dead_code)]
mod boards;
#[path = "../tests/support/mod.rs"]
mod support;

fn main() {
    let path = std::env::args().nth(1).expect("usage: answers FILE");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for rows in boards::parse_boards(&text) {
        match support::oracle(&rows) {
            Some(throws) => println!("{throws}"),
            None => println!("-1"),
        }
    }
}
