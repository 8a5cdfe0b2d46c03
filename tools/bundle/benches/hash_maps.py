#!/usr/bin/env python3
"""C bundle vs Rust bundle on a map-heavy load: wall time and peak memory.

What it measures
    fixture-hash-points (tools/bundle/fixtures/hash-points) counts n generated points in a
    std HashMap keyed by a struct deriving Hash + Eq and no Ord (n `entry` inserts), then
    looks up n generated query points (n `get`s); its input is three numbers, so the time
    is the map's and the generator's, not I/O. Three programs built from its bundles:
      - the Rust bundle:          rustc --edition 2021 -O fixture-hash-points.rs
      - the C bundle, x86-64:     gcc -O2 fixture-hash-points.c
      - the C bundle, 32-bit x86: gcc -m32 -O2 fixture-hash-points.c
    on `N 4096 1` for N = 10^6 and 10^7 (points drawn from 4096 x 4096: about 0.97 million
    and 7.5 million distinct). Each program runs once on each input first, and all must
    print the same; then they run interleaved (Rust, C, C -m32, Rust, ...) --runs times
    under `/usr/bin/time -f '%e %M'`; the table gives the medians of wall seconds and peak
    resident KB.

How to run (from the workspace root; Python 3 standard library only):
    make bundle P=fixture-hash-points
    python3 tools/bundle/benches/hash_maps.py [--runs N] [--bundles DIR]
Everything built goes to a temporary directory, removed at the end.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CRATE = "fixture-hash-points"
INPUTS = [("10^6", "1000000 4096 1\n"), ("10^7", "10000000 4096 1\n")]


def build(bundles, out):
    """[(label, binary)] of the three programs."""
    rs, c = bundles / f"{CRATE}.rs", bundles / f"{CRATE}.c"
    programs = [
        ("Rust bundle", ["rustc", "--edition", "2021", "-O"], rs),
        ("C, x86-64", ["gcc", "-O2"], c),
        ("C, 32-bit (-m32)", ["gcc", "-m32", "-O2"], c),
    ]
    built = []
    for index, (label, command, source) in enumerate(programs):
        binary = out / f"program-{index}"
        done = subprocess.run([*command, str(source), "-o", str(binary)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"build failed: {' '.join(command)} {source}\n{done.stderr}")
        built.append((label, binary))
    return built


def timed(binary, input_path):
    """(wall seconds, peak resident KB, stdout) of one run under /usr/bin/time."""
    with open(input_path, "rb") as stdin:
        done = subprocess.run(["/usr/bin/time", "-f", "%e %M", str(binary)], stdin=stdin,
                              capture_output=True)
    if done.returncode != 0:
        sys.exit(f"{binary} failed: {done.stderr.decode()}")
    seconds, kb = done.stderr.decode().split()[-2:]
    return float(seconds), int(kb), done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs each (default 7)")
    parser.add_argument("--bundles", type=Path, default=Path("bundles"),
                        help="directory of the bundles (default bundles/)")
    args = parser.parse_args()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="hash_maps-") as temp:
        temp = Path(temp)
        programs = build(args.bundles, temp)
        rows = []
        for name, text in INPUTS:
            input_path = temp / f"{name}.in"
            input_path.write_text(text)
            outputs = {timed(binary, input_path)[2] for _, binary in programs}
            if len(outputs) != 1:
                sys.exit(f"the programs disagree on {text.strip()}")
            runs = [([], []) for _ in programs]
            for _ in range(args.runs):
                for (_, binary), (seconds, kbs) in zip(programs, runs):
                    second, kb, _ = timed(binary, input_path)
                    seconds.append(second)
                    kbs.append(kb)
            rows.append((name, [(statistics.median(s), statistics.median(k)) for s, k in runs]))
    load_after = os.getloadavg()
    print(f"Medians of {args.runs} interleaved runs (load average {load_before[0]:.2f} "
          f"before, {load_after[0]:.2f} after).\n")
    header = " | ".join(f"{label} s | MB" for label, _ in programs)
    print(f"| inserts and lookups | {header} | C / Rust time, x86-64 and -m32 |")
    print("|---|" + "---:|---:|" * len(programs) + "---|")
    for name, medians in rows:
        cells = " | ".join(f"{s:.2f} | {kb / 1024:.0f}" for s, kb in medians)
        rust = medians[0][0]
        ratios = ", ".join(f"{s / rust:.2f}" for s, _ in medians[1:])
        print(f"| {name} | {cells} | {ratios} |")


if __name__ == "__main__":
    main()
