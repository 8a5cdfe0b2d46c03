use proconio::source::line::LineSource;

fn main() {
    // `--trace`: narrate every move and draw the board after it on stderr.
    let trace = std::env::args().skip(1).any(|arg| arg == "--trace");
    // Line by line: memory stays bounded by the longest line, however many moves there are.
    shared_grid::run_batch("rc02-game", |stdin, out| {
        let mut source = LineSource::new(stdin);
        if trace {
            rc02_game::run_to(&mut source, out, &mut std::io::stderr().lock())
        } else {
            rc02_game::run_to(&mut source, out, &mut std::io::sink())
        }
    });
}
