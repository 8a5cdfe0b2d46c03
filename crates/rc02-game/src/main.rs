use shared_grid::TokenReader;

fn main() {
    // `--trace`: narrate every move and draw the board after it on stderr.
    let trace = std::env::args().skip(1).any(|arg| arg == "--trace");
    // Token by token: memory stays bounded by one (capped) token, however many moves there are.
    shared_grid::run_batch("rc02-game", |stdin, out| {
        let mut source = TokenReader::new(stdin);
        if trace {
            rc02_game::run_traced_to(&mut source, out, &mut std::io::stderr().lock())
        } else {
            rc02_game::run_to(&mut source, out)
        }
    });
}
