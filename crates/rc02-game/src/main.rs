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
    // `--trace`: narrate every move and draw the board after it on stderr.
    let trace = std::env::args().skip(1).any(|arg| arg == "--trace");
    // Token by token: memory stays bounded by one (capped) token, however many moves there are.
    shared_grid::run_batch("rc02-game", |stdin, out| {
        let mut source = Tokens(TokenReader::new(stdin));
        if trace {
            rc02_game::run_to(&mut source, out, &mut std::io::stderr().lock())
        } else {
            rc02_game::run_to(&mut source, out, &mut std::io::sink())
        }
    });
}
