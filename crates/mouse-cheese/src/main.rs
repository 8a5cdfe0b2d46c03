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
    // Token by token: memory stays bounded by one (capped) token, and each answer is written as
    // soon as its case is read.
    shared_grid::run_batch("mouse-cheese", |stdin, out| {
        mouse_cheese::run_to(&mut Tokens(TokenReader::new(stdin)), out)
    });
}
