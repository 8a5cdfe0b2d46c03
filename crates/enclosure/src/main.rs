//! The Enclosure bot: speaks the protocol on stdin/stdout, one flushed line per answer.
fn main() {
    shared_grid::exit_on_bad_input("enclosure");
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let bot = enclosure::bot::Planner::new();
    if let Err(e) = enclosure::bot::serve(bot, stdin.lock(), stdout.lock()) {
        panic!("{e}");
    }
}
