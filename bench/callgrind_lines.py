"""Where the search's instructions go, by the .pyx/.pxd line they come from.

``valgrind --tool=callgrind`` counts instructions by line of the generated
``solver/_search.c`` (the extension is built with ``-g``: Python's own
CFLAGS hold it).  Cython writes a ``/* "stichfest/_x.pxd":N`` comment above
the C code of each source line; this script gives every C line's count to
the source line of the comment above it and prints the totals by file and
the top lines::

    valgrind --tool=callgrind --callgrind-out-file=cg.out \\
        "$(python -c 'import os,sys; print(os.path.realpath(sys.executable))')" script.py
    python bench/callgrind_lines.py cg.out [--nodes N] [--top 25]

``--nodes`` divides by the search's node count (``Solver.stats()``-style
counters or ``bench/run.py --counters``) to give instructions a node.
The counts are exact and the same on a noisy machine, which is why the
speed work compares builds by them (bench/README.md).
"""
from __future__ import annotations

import argparse
import re
import subprocess
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
C_FILE = ROOT / "solver" / "_search.c"
SOURCE_MARK = re.compile(r'^\s*/\* "(?:stichfest|solver)/([^"]+)":(\d+)')
COUNT = re.compile(r"^\s*([\d,]+)\s")
LINE_MARK = re.compile(r"^-- line (\d+) -")


def c_line_sources(c_file: Path) -> list[tuple[str, int] | None]:
    """For each line of the generated C file (1-based index), the source line
    whose code it is: the last Cython marker comment above it."""
    out: list[tuple[str, int] | None] = [None]
    current: tuple[str, int] | None = None
    for line in c_file.read_text().splitlines():
        m = SOURCE_MARK.match(line)
        if m:
            current = (m.group(1), int(m.group(2)))
        out.append(current)
    return out


def c_line_counts(out_file: Path, c_file: Path) -> Counter[int]:
    """Instructions per line of ``c_file`` from callgrind_annotate's listing
    of it (every line shown: a context as long as the file)."""
    n_lines = sum(1 for _ in c_file.open())
    # callgrind names the file as the compiler was given it: relative to the project root
    name = c_file.resolve().relative_to(ROOT) if c_file.resolve().is_relative_to(ROOT) else c_file
    text = subprocess.run(["callgrind_annotate", "--auto=no", f"--context={n_lines}", str(out_file.resolve()),
                           str(name)], check=True, capture_output=True, text=True, cwd=ROOT).stdout
    counts: Counter[int] = Counter()
    in_file = False
    line_no = 0
    for line in text.splitlines():
        if line.startswith("-- User-annotated source:") or line.startswith("-- Auto-annotated source:"):
            in_file = line.rstrip().endswith(str(c_file)) or line.rstrip().endswith(c_file.name)
            line_no = 0
            continue
        if not in_file:
            continue
        jump = LINE_MARK.match(line)
        if jump:  # the listing resumes at this line after a gap
            line_no = int(jump.group(1)) - 1
            continue
        if line.startswith("--"):
            continue
        if "=> " in line[:40]:  # a call's inclusive cost, listed under its line: not a line of the file
            continue
        # a listed line: "count (share)  text" or ".  text"; its number is its place in the file
        line_no += 1
        m = COUNT.match(line)
        if m and line_no <= n_lines:  # past the file's end: the listing's own totals
            counts[line_no] += int(m.group(1).replace(",", ""))
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="callgrind's output file")
    ap.add_argument("--c-file", type=Path, default=C_FILE)
    ap.add_argument("--nodes", type=int, default=0, help="the search's nodes: figures per node")
    ap.add_argument("--top", type=int, default=25, help="how many source lines to list")
    args = ap.parse_args()
    sources = c_line_sources(args.c_file)
    by_line: Counter[tuple[str, int]] = Counter()
    unmapped = 0
    for line_no, n in c_line_counts(args.out, args.c_file).items():
        src = sources[line_no] if line_no < len(sources) else None
        if src is None:
            unmapped += n
        else:
            by_line[src] += n
    total = sum(by_line.values()) + unmapped
    if total == 0:
        raise SystemExit(f"no counts for {args.c_file} in {args.out}: was the extension built from it?")
    per = args.nodes or 1

    def figure(n: int) -> str:
        return f"{n / per:,.1f}" if args.nodes else f"{n:,}"
    unit = "a node" if args.nodes else "instructions"
    by_file: Counter[str] = Counter()
    for (name, _), n in by_line.items():
        by_file[name] += n
    print(f"{total:,} instructions in {args.c_file.name}" + (f", {total / per:.0f} a node" if args.nodes else ""))
    print(f"\nby file ({unit}, share):")
    for name, n in by_file.most_common():
        print(f"  {name:<16} {figure(n):>16}  {100 * n / total:5.1f} %")
    if unmapped >= total / 1000:  # the module's set-up code, before any source line
        print(f"  {'(no source line)':<16} {figure(unmapped):>16}  {100 * unmapped / total:5.1f} %")
    print(f"\ntop {args.top} source lines:")
    for (name, no), n in by_line.most_common(args.top):
        print(f"  {name + ':' + str(no):<20} {figure(n):>16}  {100 * n / total:5.1f} %")


if __name__ == "__main__":
    main()
