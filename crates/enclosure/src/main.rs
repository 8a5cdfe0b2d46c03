//! The Enclosure bot: speaks the protocol on stdin/stdout, one flushed line per answer.
fn main() {
    shared_grid::exit_on_bad_input("enclosure");
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if let Err(e) = enclosure::bot::serve(enclosure::bot::Idle, stdin.lock(), stdout.lock()) {
        panic!("{e}");
    }
}
