use proconio::source::once::OnceSource;

fn main() {
    shared_grid::exit_on_bad_input("mouse-cheese");
    let stdin = std::io::stdin();
    let mut source = OnceSource::new(stdin.lock());
    print!("{}", mouse_cheese::run(&mut source));
}
