//! `make new` and `contest new` with hostile values: no shell reads them, invalid ones are
//! refused with exit status 2 and one line, writing nothing; concurrent creations all land.
//! Nothing here builds a crate.

mod support;

use std::process::Output;
use support::TinyWorkspace;

/// The tool's stderr lines in make's output (make adds its own `make: *** ... Error 2`).
fn tool_lines(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|line| !line.starts_with("make"))
        .map(str::to_string)
        .collect()
}

fn assert_refused(ws: &TinyWorkspace, args: &[&str], needle: &str) {
    let before = ws.tree();
    let out = ws.make(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let target = format!("{}] Error 2", args[0]);
    assert!(stderr.contains(&target), "exit 2 for {args:?}: {stderr}");
    let lines = tool_lines(&out);
    assert_eq!(lines.len(), 1, "one line for {args:?}: {lines:?}");
    assert!(
        lines[0].contains(needle),
        "{needle:?} for {args:?}: {lines:?}"
    );
    assert_eq!(ws.tree(), before, "{args:?} wrote something");
}

#[test]
fn make_new_passes_values_without_a_shell_and_refuses_bad_ones() {
    let ws = TinyWorkspace::new("new-refusals");
    let title = "Jn `id` $(id) $H $$H a\"b 'c' \\n";
    let out = ws.make(&[
        "new",
        "P=jn",
        &format!("PROBLEM={title}"),
        "JUDGES=aoj:1144",
    ]);
    assert!(out.status.success());
    let manifest = ws.read("crates/jn/Cargo.toml");
    let stored = r#"problem = "Jn `id` $(id) $H $$H a\"b 'c' \\n""#;
    assert!(manifest.contains(stored), "{stored} in\n{manifest}");
    assert!(!manifest.contains("uid="), "a shell ran `id`:\n{manifest}");
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary.contains("crates/jn/src/lib.rs"), "{summary}");

    for (args, needle) in [
        (vec!["new"], "usage: make new P="),
        (vec!["new", "P=a\"b"], "not a valid crate name"),
        (vec!["new", "P=`id`"], "not a valid crate name"),
        (vec!["new", "P=$(shell id)"], "not a valid crate name"),
        (vec!["new", "P=fn"], "keyword"),
        (vec!["new", "P=match"], "keyword"),
        (vec!["new", "P=rand"], "choose another name"),
        (vec!["new", "P=insta"], "choose another name"),
        (vec!["new", "P=rand-chacha"], "choose another name"),
        (vec!["new", "P=proconio"], "choose another name"),
        (vec!["new", "P=shared-grid"], "choose another name"),
        (vec!["new", "P=jn"], "crates/jn already exists"),
        (
            vec!["new", "P=ok", "JUDGES=nosuchjudge:1"],
            "not a key of judges.toml",
        ),
        (vec!["new", "P=ok", "JUDGES=aoj:"], "key:problem"),
        (vec!["new", "P=ok", "JUDGES=aoj:a b"], "key:problem"),
        (vec!["new", "P=ok", "JUDGES=aoj:1:2"], "key:problem"),
        (
            vec!["new", "P=ok", "INTERACTIVE=yes"],
            "INTERACTIVE is 1 or 0",
        ),
        (vec!["new", "P=ok", "CHECKER=fuzzy"], "checker `fuzzy`"),
        (vec!["new", "P=ok", "CHECKER=float 2"], "tolerance"),
        (vec!["stress", "P=`id`"], "not a valid crate name"),
        (
            vec!["stress", "P=jn", "SEED=$(id)"],
            "SEED must be a number",
        ),
        (vec!["stress"], "usage: make stress P="),
        (vec!["snapshots", "P=a\"b"], "not a valid crate name"),
    ] {
        assert_refused(&ws, &args, needle);
    }
}

#[test]
fn concurrent_creations_serialize_and_all_land() {
    let ws = TinyWorkspace::new("new-concurrent");
    let names: Vec<String> = (0..12).map(|i| format!("race-{i}")).collect();
    // Twelve names at once, and one of them four times more.
    let children: Vec<_> = names
        .iter()
        .chain(std::iter::repeat_n(&names[0], 4))
        .map(|name| {
            ws.command(env!("CARGO_BIN_EXE_contest"))
                .args(["new", name])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outputs: Vec<Output> = children
        .into_iter()
        .map(|child| child.wait_with_output().unwrap())
        .collect();
    let created = outputs.iter().filter(|o| o.status.success()).count();
    assert_eq!(created, names.len(), "each name exactly once");
    for refused in outputs.iter().filter(|o| !o.status.success()) {
        assert_eq!(refused.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains("crates/race-0 already exists"), "{stderr}");
    }
    let manifest = ws.read("Cargo.toml");
    for name in &names {
        assert_eq!(
            manifest.matches(&format!("\"crates/{name}\"")).count(),
            1,
            "{manifest}"
        );
        assert!(ws.exists(&format!("crates/{name}/src/lib.rs")));
        assert!(ws.exists(&format!("samples/{name}/placeholder.in")));
    }
    let leftovers: Vec<String> = ws
        .tree()
        .0
        .into_iter()
        .filter(|p| p.contains("contest-new"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    ws.assert_loads();
}
