//! `enclosure-arena`: the Enclosure referee. All logic lives in the library.

fn main() -> std::process::ExitCode {
    enclosure_arena::cli::main()
}
