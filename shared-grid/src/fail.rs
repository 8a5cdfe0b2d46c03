/// Makes a panic end the program the way a judge-facing tool should on bad
/// input: one line on stderr (`PROGRAM: error: MESSAGE`), exit status 1, no
/// backtrace.
///
/// Solutions read input with `proconio`, which reports truncated or malformed
/// input by panicking; call this first thing in `main` so that such input ends
/// with a readable message instead of a panic report.
pub fn exit_on_bad_input(program: &'static str) {
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = if let Some(s) = payload.downcast_ref::<&str>() {
            s
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.as_str()
        } else {
            "unexpected failure"
        };
        let one_line = message.split_whitespace().collect::<Vec<_>>().join(" ");
        eprintln!("{program}: error: {one_line}");
        std::process::exit(1);
    }));
}
