use shared_grid::TokenReader;

fn main() {
    // `--trace` draws the board after every move on stderr; the judges never pass it.
    let trace = std::env::args().skip(1).any(|arg| arg == "--trace");
    // Token by token (one capped token in memory, however long the lines): each case is played
    // and reported as soon as it is read.
    shared_grid::run_batch("robots", |stdin, out| {
        let mut source = TokenReader::new(stdin);
        if trace {
            robots::run_traced_to(&mut source, out, &mut |text| eprint!("{text}"))
        } else {
            robots::run_to(&mut source, out)
        }
    });
}
