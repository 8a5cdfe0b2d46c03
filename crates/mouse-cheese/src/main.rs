use proconio::source::line::LineSource;

fn main() {
    // Line by line: memory stays bounded by the longest line, and each answer is written as
    // soon as its case is read.
    shared_grid::run_batch("mouse-cheese", |stdin, out| {
        mouse_cheese::run_to(&mut LineSource::new(stdin), out)
    });
}
