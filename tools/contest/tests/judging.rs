//! Judging like a judge, in a tiny workspace: a float problem, an any-answer problem (custom
//! checker), an interactive problem and a time limit, each made by `make new` and driven
//! through `cargo test -p` and `make stress` as a user would.

mod support;

use std::process::Output;
use support::TinyWorkspace;

fn write(ws: &TinyWorkspace, path: &str, text: &str) {
    std::fs::write(ws.root.join(path), text).unwrap();
}

/// `cargo test -p <name> [args]`, its output shown; stdout and stderr together.
fn cargo_test(ws: &TinyWorkspace, name: &str, args: &[&str]) -> (bool, String) {
    let out: Output = ws
        .command("cargo")
        .args(["test", "--quiet", "-p", name])
        .args(args)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("cargo test -p {name} {args:?}: {}\n{text}", out.status);
    (out.status.success(), text)
}

#[test]
fn float_and_any_answer_problems_pass_with_any_right_answer_and_time_limits_hold() {
    let ws = TinyWorkspace::new("judging-checkers");
    assert!(ws
        .make(&["new", "P=demo-float", "CHECKER=float 1e-6"])
        .status
        .success());
    let manifest = "crates/demo-float/Cargo.toml";
    assert!(ws.read(manifest).contains("checker = \"float 1e-6\""));
    assert!(
        !ws.exists("crates/demo-float/tests/snapshots"),
        "no snapshots unless exact"
    );

    // Off by 1e-9 from the oracle's and the samples' integers: accepted everywhere.
    let lib = "crates/demo-float/src/lib.rs";
    ws.edit(
        lib,
        "writeln!(out, \"{}\", solve(&numbers))",
        "writeln!(out, \"{}.000000001\", solve(&numbers))",
    );
    let (passed, text) = cargo_test(&ws, "demo-float", &[]);
    assert!(passed, "{text}");
    let stress = ws.make(&["stress", "P=demo-float", "SEED=2", "N=300"]);
    assert!(stress.status.success());
    assert!(!ws.exists("samples/demo-float/stress-2.in"));
    // Off by 1e-3: refused, saying by how much.
    write(&ws, "samples/demo-float/placeholder.out", "6.001\n");
    let (passed, text) = cargo_test(&ws, "demo-float", &["--test", "samples"]);
    assert!(!passed && text.contains("over 1e-6"), "{text}");
    write(&ws, "samples/demo-float/placeholder.out", "6\n");

    // A 1,000 ms limit: 600 ms passes with a warning, 1,500 ms fails with the time taken.
    let table = ws
        .read(manifest)
        .replace("time-limit-ms = \"unknown\"", "time-limit-ms = 1000");
    write(&ws, manifest, &table);
    let main = "crates/demo-float/src/main.rs";
    ws.edit(
        main,
        "fn main() {",
        "fn main() {\n    std::thread::sleep(std::time::Duration::from_millis(600));",
    );
    let (passed, text) = cargo_test(&ws, "demo-float", &["--test", "samples"]);
    assert!(
        passed && text.contains("over half the time limit of 1000 ms"),
        "{text}"
    );
    ws.edit(main, "from_millis(600)", "from_millis(1500)");
    let (passed, text) = cargo_test(&ws, "demo-float", &["--test", "samples"]);
    assert!(
        !passed && text.contains(" ms > 1000 ms (demo-float; limit from local-referee)"),
        "{text}"
    );

    // A 16 MB limit: a solution that fills 64 MiB fails with its peak, in one line.
    ws.edit(
        main,
        "std::thread::sleep(std::time::Duration::from_millis(1500));",
        "std::hint::black_box(vec![1u8; 64 << 20]);",
    );
    let table = ws
        .read(manifest)
        .replace("memory-limit-mb = \"unknown\"", "memory-limit-mb = 16");
    write(&ws, manifest, &table);
    let (passed, text) = cargo_test(&ws, "demo-float", &["--test", "samples"]);
    assert!(
        !passed
            && text.contains("memory limit exceeded: peak ")
            && text.contains(" > 16 MiB (demo-float; limit from local-referee)"),
        "{text}"
    );
    // So does `make stress`, which runs the bundle under the same limits (it passed above,
    // under the default ones).
    let stress = ws.make(&["stress", "P=demo-float", "SEED=2", "N=20"]);
    let said = String::from_utf8_lossy(&stress.stdout) + String::from_utf8_lossy(&stress.stderr);
    assert!(
        !stress.status.success()
            && said.contains("memory limit exceeded: peak ")
            && said.contains(" > 16 MiB (demo-float; limit from local-referee)"),
        "{said}"
    );

    // Any pair summing to the sum is right: the oracle says `S 0`, the solution `0 S`.
    assert!(ws
        .make(&["new", "P=demo-any", "CHECKER=custom"])
        .status
        .success());
    let support = "crates/demo-any/tests/support/mod.rs";
    ws.edit(support, "format!(\"{sum}\\n\")", "format!(\"{sum} 0\\n\")");
    ws.edit(
        support,
        "    // fn check(input: &str, expected: &str, got: &str) -> Result<(), String> {}",
        "    fn check(input: &str, _: &str, got: &str) -> Result<(), String> {
        let sum: i128 = Self::parse(input).numbers.iter().map(|&x| i128::from(x)).sum();
        let pair: Vec<i128> = got.split_whitespace().map(|t| t.parse().unwrap()).collect();
        match pair[..] {
            [a, b] if a + b == sum => Ok(()),
            _ => Err(format!(\"`{}` is not two numbers summing to {sum}\", got.trim())),
        }
    }",
    );
    write(&ws, "samples/demo-any/placeholder.out", "6 0\n");
    write(&ws, "samples/demo-any/placeholder-empty.out", "0 0\n");
    let lib = "crates/demo-any/src/lib.rs";
    ws.edit(
        lib,
        "writeln!(out, \"{}\", solve(&numbers))",
        "writeln!(out, \"0 {}\", solve(&numbers))",
    );
    let (passed, text) = cargo_test(&ws, "demo-any", &[]);
    assert!(passed, "{text}");
    assert!(ws
        .make(&["stress", "P=demo-any", "SEED=4", "N=300"])
        .status
        .success());
    assert!(
        !ws.exists("samples/demo-any/stress-4.in"),
        "a right answer saved as a failure"
    );
    // A wrong pair: refused by the samples test, caught and shrunk by stress.
    ws.edit(lib, "\"0 {}\"", "\"1 {}\"");
    let (passed, text) = cargo_test(&ws, "demo-any", &["--test", "samples"]);
    assert!(
        !passed && text.contains("is not two numbers summing to 6"),
        "{text}"
    );
    let caught = ws.make(&["stress", "P=demo-any", "SEED=4", "N=300"]);
    assert!(!caught.status.success());
    assert_eq!(ws.read("samples/demo-any/stress-4.in"), "0\n\n");
    assert_eq!(ws.read("samples/demo-any/stress-4.out"), "0 0\n");
}

#[test]
fn interactive_problems_are_played_over_pipes() {
    let ws = TinyWorkspace::new("judging-interactive");
    let out = ws.make(&["new", "P=demo-guess", "INTERACTIVE=1"]);
    assert!(out.status.success());
    assert!(ws
        .read("crates/demo-guess/Cargo.toml")
        .contains("interactive = true"));
    let (passed, text) = cargo_test(&ws, "demo-guess", &[]);
    assert!(passed, "{text}");
    assert!(ws
        .make(&["stress", "P=demo-guess", "SEED=5", "N=200"])
        .status
        .success());

    // The bundle stress compiled, played on a sample through the crate's stress example: the
    // path the workspace's bundle test takes.
    let bundle = support::shared_target().join("contest-stress/demo-guess");
    let replay = ws
        .command("cargo")
        .args([
            "run",
            "--quiet",
            "--profile",
            "test",
            "-p",
            "demo-guess",
            "--example",
            "demo-guess-stress",
            "--",
        ])
        .args([
            "--replay",
            "samples/demo-guess/placeholder.in",
            "--manifest-dir",
            "crates/demo-guess",
            "--solution",
        ])
        .arg(&bundle)
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );

    // A solution that buffers its lines: told to flush.
    let lib = "crates/demo-guess/src/lib.rs";
    let main = "crates/demo-guess/src/main.rs";
    let (lib_text, main_text) = (ws.read(lib), ws.read(main));
    ws.edit(lib, ".and_then(|()| out.flush())", "");
    ws.edit(
        main,
        "std::io::stdout().lock()",
        "std::io::BufWriter::new(std::io::stdout().lock())",
    );
    let (passed, text) = cargo_test(&ws, "demo-guess", &["--test", "samples"]);
    assert!(
        !passed && text.contains("does it flush stdout after every line?"),
        "{text}"
    );
    write(&ws, lib, &lib_text);
    write(&ws, main, &main_text);

    // A strategy that never guesses n: caught by stress, the secret shrunk to the smallest.
    ws.edit(lib, "(1, n)", "(1, (n - 1).max(1))");
    let caught = ws.make(&["stress", "P=demo-guess", "SEED=5", "TIME=60"]);
    assert!(!caught.status.success());
    assert_eq!(ws.read("samples/demo-guess/stress-5.in"), "2 2\n");
    let report = String::from_utf8_lossy(&caught.stderr);
    assert!(report.contains("answered 1, the number was 2"), "{report}");
}
