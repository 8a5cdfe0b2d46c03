#!/usr/bin/env python3
"""C bundle vs Rust bundle: run time of each batch problem on its largest inputs.

What it measures
    For each batch problem (curling, mouse-cheese, robots, rc02-game; enclosure is
    interactive and left out) the wall-clock time of one whole process, stdin -> stdout,
    of two programs built from what `make bundle` wrote:
      - the Rust bundle:  rustc --edition 2021 -O bundles/X.rs
      - the C bundle:     gcc -O2 -pipe -ansi -DONLINE_JUDGE -lm bundles/X.c   (UVa's flags)
    on the inputs the crates' own benchmarks use:
      - curling:      crates/curling/benches/data/climbed-time.txt, climbed-nodes.txt
      - mouse-cheese: `maximum_input()` of benches/solve.rs (999 cases) and its
                      adversarial input (300,000 cases, `many_cases`)
      - robots:       benches/games.rs's "judge input (100 x R=50, T=20)"
                      (`max_size_case` / `input_text`; Python's `random` with a fixed seed
                      stands in for ChaCha8, so same shape and size, other cells)
      - rc02-game:    benches/long_games.rs's `shuffle_input(n, 1000)`, N = 10 and N = 100
    plus two start-up rows per problem: an empty input and the first sample of
    samples/<crate>/ (by name), which show the fixed cost of starting a process (for the C
    bundle that includes the loader inflating the embedded machine code).

    Before timing, both programs run once on every input and must give the same exit
    status and byte-identical stdout (and match the recorded .out where there is one);
    any difference stops the script. Then the two run interleaved (Rust, C, Rust, C, ...)
    --runs times each, stdout to /dev/null, the wall clock taken around subprocess.run;
    the table gives the medians. Each timing pass runs every input once, so load from
    elsewhere on the machine spreads over both programs and all inputs. A second table
    gives, for each non-trivial input, the smallest `ulimit -s` (KiB, of 64 128 256 512
    1024 2048 8192) under which each program still gives the right output
    (`bash -c 'ulimit -s N; exec ./bin < input'`).

How to run (from the workspace root, after `make bundle`; Python 3 standard library only):
    python3 tools/bundle/benches/c_vs_rust.py [--runs N] [--bundles DIR]

    --runs N       timed runs of each program on each input (default 21)
    --m32          the C bundles built with gcc -m32, which runs their 32-bit x86 image
                   (a bundle with no x86-64 image, POJ's, is always built so)
    --bundles DIR  where the bundles are (default bundles/), e.g. a copy taken while
                   `make bundle` may rewrite them
Everything built or generated goes to a temporary directory, removed at the end.
"""

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROBLEMS = ["curling", "mouse-cheese", "robots", "rc02-game"]
STACK_KIB = [64, 128, 256, 512, 1024, 2048, 8192]


# ---------------------------------------------------------------------------------------
# Inputs, each a copy of the generator in the crate's benches (the Rust is quoted by name).


def mouse_cheese_interior_sticks():
    """benches/solve.rs `interior_sticks`: the 12 interior sticks as [x1, y1, x2, y2]."""
    sticks = []
    for a in range(3):
        for b in range(1, 3):
            sticks.append([b, a, b, a + 1])  # vertical at x = b
            sticks.append([a, b, a + 1, b])  # horizontal at y = b
    return sticks


def mouse_cheese_maximum_input():
    """benches/solve.rs `maximum_input`: 999 cases, a rotating few of the 12 sticks kept."""
    sticks = mouse_cheese_interior_sticks()
    lines = ["999"]
    for case in range(999):
        mouse = case % 9 + 1
        cheese = (case // 9 + mouse) % 9 + 1
        kept = min(case % 13, 12)
        lines.append(f"{mouse} {cheese} {12 - kept}")
        for i, (x1, y1, x2, y2) in enumerate(sticks):
            if i < kept:
                continue
            if (case + i) % 2 == 0:
                lines.append(f"{x1} {y1} {x2} {y2}")
            else:
                lines.append(f"{x2} {y2} {x1} {y1}")
    return "\n".join(lines) + "\n"


def mouse_cheese_many_cases(cases=300_000):
    """benches/solve.rs `many_cases`: far beyond T < 1000, one stick each."""
    lines = [str(cases)]
    for case in range(cases):
        lines.append(f"{case % 9 + 1} {(case // 9) % 9 + 1} 1\n1 0 1 1")
    return "\n".join(lines) + "\n"


ROBOTS_START = (14, 14)  # robots::board::START, zero-based (15, 15 in the input)


def robots_random_cell(rng, near_rim):
    """benches/games.rs `random_cell`: row then column, zero-based."""

    def coordinate():
        if near_rim and rng.random() < 0.5:
            return [0, 1, 29, 30][rng.randrange(4)]
        return rng.randrange(31)

    row = coordinate()
    return (row, coordinate())


def robots_max_size_case(rng):
    """benches/games.rs `max_size_case`: 50 distinct robots, 20 teleports near the centre."""
    near_rim = rng.random() < 0.5
    robots = []
    while len(robots) < 50:
        cell = robots_random_cell(rng, near_rim)
        if cell != ROBOTS_START and cell not in robots:
            robots.append(cell)
    teleports = [(rng.randrange(10, 21), rng.randrange(10, 21)) for _ in range(20)]
    return robots, teleports


def robots_judge_input(seed=1098, cases=100):
    """benches/games.rs "judge input": `input_text` of 100 `max_size_case`s, then `0 0`."""
    rng = random.Random(seed)
    lines = []
    for _ in range(cases):
        robots, teleports = robots_max_size_case(rng)
        lines.append(f"{len(robots)} {len(teleports)}")
        lines.extend(f"{row + 1} {col + 1}" for row, col in robots + teleports)
    return "\n".join(lines) + "\n0 0\n"


def rc02_shuffle_input(n, k):
    """benches/long_games.rs `shuffle_input`: k moves of a game that never ends."""
    text = [f"{n} {k}"]
    red_out, blue_out = (1, 2, 2, 2), (n, 2, n - 1, 2)
    for i in range(k):
        a, b, c, d = red_out if i % 2 == 0 else blue_out
        line = (a, b, c, d) if (i // 2) % 2 == 0 else (c, d, a, b)
        text.append(" ".join(map(str, line)))
    return "\n".join(text) + "\n"


def inputs_for(problem, root):
    """[(label, text, expected stdout or None, is_large)], start-up rows first."""
    samples = sorted((root / "samples" / problem).glob("*.in"))
    first = samples[0]
    expected = first.with_suffix(".out")
    rows = [
        ("empty input", "", None, False),
        (f"sample {first.name}", first.read_text(),
         expected.read_text() if expected.exists() else None, False),
    ]
    if problem == "curling":
        data = root / "crates" / "curling" / "benches" / "data"
        for name in ["climbed-time", "climbed-nodes"]:
            out = data / f"{name}.out"
            rows.append((f"{name}.txt", (data / f"{name}.txt").read_text(),
                         out.read_text() if out.exists() else None, True))
    elif problem == "mouse-cheese":
        rows.append(("maximum_input (999 cases)", mouse_cheese_maximum_input(), None, True))
        rows.append(("adversarial (300,000 cases)", mouse_cheese_many_cases(), None, True))
    elif problem == "robots":
        rows.append(("judge input (100 x R=50, T=20)", robots_judge_input(), None, True))
    elif problem == "rc02-game":
        for n in [10, 100]:
            rows.append((f"shuffle_input(N={n}, K=1000)", rc02_shuffle_input(n, 1000), None, True))
    return rows


# ---------------------------------------------------------------------------------------
# Building, checking, timing.


def c_machine_flags(c_file, m32):
    """`-m32` where asked, or where the C bundle carries no x86-64 image (POJ's bundles)."""
    with open(c_file, encoding="utf-8") as f:
        lacks_x86_64 = "It carries no x86-64 image" in f.read()
    return ["-m32"] if m32 or lacks_x86_64 else []


def build(problem, bundles, out, m32=False):
    """Compile both bundles of `problem` into `out`; returns (rust binary, C binary)."""
    rust, c = out / f"{problem}-rust", out / f"{problem}-c"
    c_file = bundles / f"{problem}.c"
    commands = [
        ["rustc", "--edition", "2021", "-O", str(bundles / f"{problem}.rs"), "-o", str(rust)],
        ["gcc", *c_machine_flags(c_file, m32), "-O2", "-pipe", "-ansi", "-DONLINE_JUDGE", "-lm",
         str(c_file), "-o", str(c)],
    ]
    for command in commands:
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"build failed: {' '.join(command)}\n{done.stderr}")
    return rust, c


def c_build_flags(c_file):
    """The rustc flags from the C bundle's header line containing "compiled with"."""
    with open(c_file, encoding="utf-8") as f:
        for line in f:
            if "compiled with" in line:
                flags = re.search(r"`([^`]*)`", line)
                return flags.group(1) if flags else line.strip(" *\n")
    return "?"


def run_once(binary, input_path, stack_kib=None):
    with open(input_path, "rb") as stdin:
        if stack_kib is None:
            command = [str(binary)]
        else:
            command = ["bash", "-c", f"ulimit -s {stack_kib}; exec \"$0\"", str(binary)]
        done = subprocess.run(command, stdin=stdin, capture_output=True)
    return done.returncode, done.stdout


def check(problem, label, rust, c, input_path, expected):
    """Both programs agree (exit status and stdout), and match `expected` if given."""
    rust_result, c_result = run_once(rust, input_path), run_once(c, input_path)
    if rust_result != c_result:
        sys.exit(f"MISMATCH {problem} / {label}: Rust exit {rust_result[0]}, "
                 f"{len(rust_result[1])} bytes; C exit {c_result[0]}, {len(c_result[1])} bytes")
    if expected is not None and rust_result[1] != expected.encode():
        sys.exit(f"WRONG {problem} / {label}: output differs from the recorded .out")
    return rust_result


def wall_ms(binary, input_path):
    with open(input_path, "rb") as stdin:
        start = time.perf_counter()
        subprocess.run([str(binary)], stdin=stdin, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        return (time.perf_counter() - start) * 1000


def smallest_stack(binary, input_path, reference):
    """Smallest STACK_KIB entry under which `binary` still gives `reference`."""
    for kib in STACK_KIB:
        if run_once(binary, input_path, kib) == reference:
            return str(kib)
    return f"> {STACK_KIB[-1]}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="timed runs each (default 21)")
    parser.add_argument("--m32", action="store_true",
                        help="build the C bundles with gcc -m32 (their 32-bit x86 image)")
    parser.add_argument("--bundles", type=Path, default=Path("bundles"),
                        help="directory of the bundles (default bundles/)")
    args = parser.parse_args()
    root = Path.cwd()
    if not (root / "tools" / "bundle").is_dir():
        sys.exit("run from the workspace root: python3 tools/bundle/benches/c_vs_rust.py")

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="c_vs_rust-") as temp:
        temp = Path(temp)
        # Build, write the inputs, check: [(problem, label, rust, c, input, reference, large)].
        cases = []
        for problem in PROBLEMS:
            c_text = (args.bundles / f"{problem}.c").read_text(encoding="utf-8")
            if args.m32 and "It carries no 32-bit x86 image" in c_text:
                print(f"{problem}: its C bundle carries no 32-bit x86 image; left out",
                      file=sys.stderr)
                continue
            rust, c = build(problem, args.bundles, temp, args.m32)
            for index, (label, text, expected, large) in enumerate(inputs_for(problem, root)):
                input_path = temp / f"{problem}-{index}.in"
                input_path.write_text(text)
                reference = check(problem, label, rust, c, input_path, expected)
                cases.append((problem, label, rust, c, input_path, reference, large))
        print(f"built and checked {len(cases)} inputs; timing", file=sys.stderr)

        # Time: each pass runs every input once, Rust then C, so that a burst of load
        # elsewhere on the machine falls on both programs and spreads over all inputs.
        times = [([], []) for _ in cases]
        for _ in range(args.runs):
            for (_, _, rust, c, input_path, _, _), (rust_ms, c_ms) in zip(cases, times):
                rust_ms.append(wall_ms(rust, input_path))
                c_ms.append(wall_ms(c, input_path))
        table = []
        for (problem, label, _, _, input_path, _, _), (rust_ms, c_ms) in zip(cases, times):
            size = f"{input_path.stat().st_size / 1000:.1f} KB"
            table.append((problem, f"{label} ({size})", statistics.median(rust_ms),
                          statistics.median(c_ms),
                          c_build_flags(args.bundles / f"{problem}.c")))
        load_after = os.getloadavg()

        print("stack limits", file=sys.stderr)
        stack_rows = [(problem, label, smallest_stack(rust, input_path, reference),
                       smallest_stack(c, input_path, reference))
                      for problem, label, rust, c, input_path, reference, large in cases
                      if large]

    print(f"Medians of {args.runs} interleaved runs, wall clock per process "
          f"(load average {load_before[0]:.2f} before, {load_after[0]:.2f} after).\n")
    print("| problem | input | Rust bundle ms | C bundle ms | C / Rust | C - Rust ms "
          "| C build (rustc flags) |")
    print("|---|---|---:|---:|---:|---:|---|")
    for problem, label, rust_ms, c_ms, flags in table:
        print(f"| {problem} | {label} | {rust_ms:.2f} | {c_ms:.2f} | {c_ms / rust_ms:.2f} "
              f"| {c_ms - rust_ms:+.2f} | `{flags}` |")
    print("\nSmallest `ulimit -s` (KiB) giving the right output, tried "
          f"{' '.join(map(str, STACK_KIB))}:\n")
    print("| problem | input | Rust bundle | C bundle |")
    print("|---|---|---:|---:|")
    for problem, label, rust_kib, c_kib in stack_rows:
        print(f"| {problem} | {label} | {rust_kib} | {c_kib} |")


if __name__ == "__main__":
    main()
