//! `make new`, then the new crate's tests and bundle pass; `make stress` agrees on the
//! placeholder, then catches a deliberately wrong solution and shrinks the input; `make new`
//! refuses an existing or invalid name, creating nothing.

mod support;

use support::TinyWorkspace;

#[test]
fn new_crate_tests_bundles_and_stress_catches_a_wrong_solution() {
    let ws = TinyWorkspace::new("new-and-stress");
    // A title with a right-to-left override (an error in a doc comment if stored raw).
    let title = "PROBLEM=Demo sum \u{202E}mus";
    let out = ws.make(&["new", "P=demo-sum", title, "JUDGES=aoj:1144"]);
    assert!(out.status.success());
    let manifest = ws.read("crates/demo-sum/Cargo.toml");
    assert!(
        manifest.contains("problem = \"Demo sum <U+202E>mus\""),
        "{manifest}"
    );
    assert!(manifest.contains("judges = [\"aoj:1144\"]"), "{manifest}");
    assert!(ws
        .read("Cargo.toml")
        .contains("    \"crates/demo-sum\",\n]"));
    assert_eq!(ws.read("samples/demo-sum/placeholder.out"), "6\n");
    let summary = String::from_utf8_lossy(&out.stdout);
    for file in ["src/lib.rs", "tests/support/mod.rs", "Cargo.toml"] {
        assert!(
            summary.contains(&format!("crates/demo-sum/{file}")),
            "{summary}"
        );
    }
    assert!(ws.exists("crates/demo-sum/tests/snapshots/samples__samples@placeholder.in.snap"));

    // Refusals: nothing created, nothing changed.
    let before = ws.read("Cargo.toml");
    let again = ws.make(&["new", "P=demo-sum"]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("crates/demo-sum already exists"));
    let invalid = ws.make(&["new", "P=Demo_Sum"]);
    assert!(!invalid.status.success());
    assert!(String::from_utf8_lossy(&invalid.stderr).contains("not a valid crate name"));
    assert!(!ws.exists("crates/Demo_Sum") && !ws.exists("samples/Demo_Sum"));
    assert_eq!(ws.read("Cargo.toml"), before);

    // A sample added by hand gets its snapshot from its .out, without a test run.
    std::fs::write(ws.root.join("samples/demo-sum/by-hand.in"), "2\n40 2\n").unwrap();
    std::fs::write(ws.root.join("samples/demo-sum/by-hand.out"), "42\n").unwrap();
    let snapshots = ws.make(&["snapshots", "P=demo-sum"]);
    assert!(snapshots.status.success());
    let snapshot = "crates/demo-sum/tests/snapshots/samples__samples@by-hand.in.snap";
    assert!(ws.read(snapshot).ends_with("---\n42\n"));

    let test = ws
        .command("cargo")
        .args(["test", "--quiet", "-p", "demo-sum"])
        .status()
        .unwrap();
    assert!(test.success(), "cargo test -p demo-sum");
    // Also at UVa, which takes C but no Rust: the bundle is then a C file as well.
    ws.edit(
        "crates/demo-sum/Cargo.toml",
        "judges = [\"aoj:1144\"]",
        "judges = [\"aoj:1144\", \"uva:100\"]",
    );
    assert!(ws.make(&["bundle", "P=demo-sum"]).status.success());
    assert!(ws.read("bundles/demo-sum.rs").contains("Demo"));
    // Room to grow: the placeholder's C bundle (loader, header and both images) is at most
    // 44 KB, so that most of a judge's 64 KiB is left for the solution.
    let c_bytes = ws.read("bundles/demo-sum.c").len();
    assert!(c_bytes <= 44_000, "bundles/demo-sum.c: {c_bytes} bytes");

    let agree = ws.make(&["stress", "P=demo-sum", "SEED=3", "N=200"]);
    assert!(agree.status.success());
    assert!(!ws.exists("samples/demo-sum/stress-3.in"));

    // A solution wrong only on numbers above 500: found and shrunk to one number, the smallest
    // that fails.
    ws.edit(
        "crates/demo-sum/src/lib.rs",
        "numbers.iter().sum()",
        "numbers.iter().map(|&x| if x > 500 { x - 1 } else { x }).sum()",
    );
    let caught = ws.make(&["stress", "P=demo-sum", "SEED=3", "TIME=120"]);
    // make exits 2 for any failed recipe; the tool's own status (1: a disagreement) it names.
    assert!(!caught.status.success());
    assert!(String::from_utf8_lossy(&caught.stderr).contains("stress] Error 1"));
    assert_eq!(ws.read("samples/demo-sum/stress-3.in"), "1\n501\n");
    assert_eq!(ws.read("samples/demo-sum/stress-3.out"), "501\n");
    let report = String::from_utf8_lossy(&caught.stderr);
    assert!(report.contains("-501\n+500\n"), "{report}");
    let snapshot = "crates/demo-sum/tests/snapshots/samples__samples@stress-3.in.snap";
    assert!(ws.read(snapshot).ends_with("---\n501\n"));
}
