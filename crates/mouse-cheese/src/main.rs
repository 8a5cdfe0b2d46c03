use shared_grid::TokenReader;

fn main() {
    // Token by token: memory stays bounded by one (capped) token, however long the lines, and
    // each answer is written as soon as its case is read.
    shared_grid::run_batch("mouse-cheese", |stdin, out| {
        mouse_cheese::run_to(&mut TokenReader::new(stdin), out)
    });
}
