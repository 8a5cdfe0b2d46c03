use proconio::source::once::OnceSource;

fn main() {
    shared_grid::exit_on_bad_input("rc02-game");
    let stdin = std::io::stdin();
    let mut source = OnceSource::new(stdin.lock());
    // `--trace`: narrate every move and draw the board after it on stderr.
    if std::env::args().skip(1).any(|arg| arg == "--trace") {
        let stderr = std::io::stderr();
        print!("{}", rc02_game::run_traced(&mut source, &mut stderr.lock()));
    } else {
        print!("{}", rc02_game::run(&mut source));
    }
}
