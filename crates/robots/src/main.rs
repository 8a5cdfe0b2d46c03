use proconio::source::Source;
use shared_grid::TokenReader;
use std::io::BufRead;

/// proconio's `Source` over shared-grid's `TokenReader`: one token in memory at a time, so a
/// gigabyte line costs nothing (proconio's `LineSource` would hold it whole).
struct Tokens<R>(TokenReader<R>);

impl<R: BufRead> Source<R> for Tokens<R> {
    fn next_token(&mut self) -> Option<&str> {
        self.0.next_token()
    }

    fn is_empty(&mut self) -> bool {
        self.0.is_empty()
    }
}

fn main() {
    // `--trace` draws the board after every move on stderr; the judges never pass it.
    let trace = std::env::args().skip(1).any(|arg| arg == "--trace");
    // Token by token: each case is played and reported as soon as it is read.
    shared_grid::run_batch("robots", |stdin, out| {
        let mut source = Tokens(TokenReader::new(stdin));
        if trace {
            robots::run_traced_to(&mut source, out, Some(&mut |text| eprint!("{text}")))
        } else {
            robots::run_to(&mut source, out)
        }
    });
}
