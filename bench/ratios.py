#!/usr/bin/env python3
"""Prints urlkit's time (and instructions) per URL as ratios to the peers' and
checks the project's targets (docs/performance.md, "Targets").

usage: bench/ratios.py [RESULTS.json] [--instructions INSTRUCTIONS.json]

RESULTS.json is what urlkit_bench writes (--benchmark_out=FILE
--benchmark_out_format=json, with repetitions): for every row set
"<group>/<set>", each urlkit row's CPU time per URL is divided by each other
row's, the peers' and the floors' (splitter, memchr, copy).  The median over
repetitions is the main figure; the minimum (the least disturbed repetition)
is shown beside it.  A typed-view row ("urlkit_<scheme>_view") is also divided
by urlkit's generic lenient parse of the same URLs, and the difference printed
in ns: that is what the typed view adds.

INSTRUCTIONS.json is what bench/instructions writes: instructions per URL of
the same rows, counted by callgrind.  Given with RESULTS.json, it is used only
when it was counted against the same builds (urlkit's flags, both adas): the
targets by instructions then join those by time.

Exit status: 1 when a target is missed, 2 on bad usage, else 0.  A target
against a peer that is not in the run (ada is optional) is not checked, and
the reason is printed.
"""

import argparse
import json
import math
import sys

# The targets by time, on the medians: urlkit's row over a peer's.  ada's
# newest main branch is the anchor (ada_main); the last release (ada_release)
# is printed beside it with no target.  The splitter is the floor: a parse
# that checks every component may not take longer than one that checks none.
TARGETS = {}
for _mode in ("urlkit_lenient", "urlkit_strict"):
    TARGETS[("parse", "all", _mode, "boost_url")] = 0.22
    TARGETS[("parse", "all", _mode, "ada_main")] = 0.40
    TARGETS[("parse", "all", _mode, "splitter")] = 1.0
for _mode in ("urlkit", "urlkit_reuse"):
    TARGETS[("resolve", "all", _mode, "ada_main")] = 0.30
VIEW_SCHEMES = ("http", "https", "ftp", "mailto", "file")
# A typed view, from the text, over urlkit's generic parse of the same URLs.
VIEW_TARGETS = {("parse", f"scheme:{s}", f"urlkit_{s}_view"): 1.5 for s in VIEW_SCHEMES}
# Strict within this much of lenient.
STRICT_OVER_LENIENT = 1.1

# The targets by instructions (bench/instructions' rows): (row, over, target);
# `over` None is a count per URL, else the row's count over that row's.
INSTRUCTION_TARGETS = [
    ("parse-lenient", None, 650),
    ("parse-strict", None, 650),
    ("parse-lenient", "parse-ada-main", 0.40),
    ("parse-strict", "parse-ada-main", 0.40),
    ("resolve-pair", "resolve-ada-main", 0.30),
    ("resolve-pair-reuse", "resolve-ada-main", 0.30),
] + [(f"view-{s}", f"generic-{s}", 1.5) for s in VIEW_SCHEMES]
# Printed with no target.
INSTRUCTION_RATIOS = [
    ("parse-lenient", "parse-boost"),
    ("parse-strict", "parse-boost"),
    ("parse-lenient", "parse-ada-release"),
    ("parse-lenient", "parse-splitter"),
    ("parse-strict", "parse-splitter"),
    ("resolve-pair", "resolve-ada-release"),
    ("resolve-pair-reuse", "resolve-ada-release"),
] + [(f"view-from-url-{s}", f"generic-{s}") for s in VIEW_SCHEMES]

# What must agree for instruction counts to go with a run's times.
SAME_BUILD_KEYS = ("build_urlkit", "build_ada_main", "build_ada_release")


def load(path):
    with open(path) as f:
        data = json.load(f)
    rows = {}  # (group, set, library) -> {statistic: ns per URL}
    # In the order the rows were registered: with random interleaving the
    # file lists the repetitions' aggregates in a shuffled order.
    for b in sorted(data["benchmarks"], key=lambda b: b.get("family_index", 0)):
        stat = b.get("aggregate_name", "single") if b.get("run_type") == "aggregate" else "single"
        if stat not in ("median", "min", "single"):
            continue
        parts = b["run_name"].split("/")
        if len(parts) != 3 or "time/URL" not in b:
            continue
        rows.setdefault(tuple(parts), {})[stat] = b["time/URL"] * 1e9
    return data.get("context", {}), rows


def figure(stats):
    return stats.get("median", stats.get("single", math.nan))


def verdict(value, target):
    return f"target <= {target}: {'met' if value <= target else 'MISSED'}"


def not_built(context, peer):
    """Why a peer of a target has no row: the build's own words for ada."""
    why = context.get(f"build_{peer}")
    return why if why else "not in this run"


def time_ratios(context, rows):
    """Prints the time ratios; returns the number of targets missed."""
    sets = []
    for group, set_name, _ in rows:
        if (group, set_name) not in sets:
            sets.append((group, set_name))
    misses = 0
    for group, set_name in sets:
        libraries = {lib: stats for (g, s, lib), stats in rows.items()
                     if g == group and s == set_name}
        ours = [lib for lib in libraries if lib.startswith("urlkit")]
        peers = [lib for lib in libraries if not lib.startswith("urlkit")]
        print(f"{group}/{set_name}")
        for lib, stats in libraries.items():
            median = figure(stats)
            low = stats.get("min", math.nan)
            print(f"  {lib:<18} {median:8.1f} ns/URL   (min {low:.1f})")
        for mine in ours:
            for peer in peers:
                a, b = libraries[mine], libraries[peer]
                ratio = figure(a) / figure(b)
                line = f"  {mine} / {peer}: {ratio:.2f}x"
                if "min" in a and "min" in b:
                    line += f"   (min/min {a['min'] / b['min']:.2f}x)"
                target = TARGETS.get((group, set_name, mine, peer))
                if target is not None:
                    misses += ratio > target
                    line += "   " + verdict(ratio, target)
                print(line)
        # A target whose peer has no row: said, not counted.
        absent = sorted({peer for (g, s, mine, peer) in TARGETS
                         if (g, s) == (group, set_name) and mine in libraries
                         and peer not in libraries})
        for peer in absent:
            print(f"  targets against {peer} not checked: {not_built(context, peer)}")
        # The typed view runs the lenient generic parse first (bench/parse_bench.cpp).
        generic = libraries.get("urlkit_lenient")
        for view in (lib for lib in ours if lib.endswith("_view")):
            if generic is None:
                continue
            a = libraries[view]
            ratio = figure(a) / figure(generic)
            line = (f"  {view} / urlkit_lenient: {ratio:.2f}x"
                    f"   (+{figure(a) - figure(generic):.1f} ns/URL)")
            if "min" in a and "min" in generic:
                line += f"   (min/min {a['min'] / generic['min']:.2f}x)"
            target = VIEW_TARGETS.get((group, set_name, view))
            if target is not None:
                misses += ratio > target
                line += "   " + verdict(ratio, target)
            print(line)
        if (group, set_name) == ("parse", "all") and "urlkit_strict" in libraries and generic:
            ratio = figure(libraries["urlkit_strict"]) / figure(generic)
            misses += ratio > STRICT_OVER_LENIENT
            print(f"  urlkit_strict / urlkit_lenient: {ratio:.2f}x   "
                  + verdict(ratio, STRICT_OVER_LENIENT))
        print()
    return misses


def instruction_ratios(counts):
    """Prints bench/instructions' counts and ratios; returns the targets missed."""
    rows = counts["instructions"]
    print("instructions per URL (callgrind)")
    for mode, n in rows.items():
        print(f"  {mode:<22} {n:8.0f}")
    misses = 0
    for mine, over, target in INSTRUCTION_TARGETS:
        if mine not in rows:
            continue
        if over is None:
            misses += rows[mine] > target
            print(f"  {mine}: {rows[mine]:.0f} instructions a URL   {verdict(rows[mine], target)}")
        elif over in rows:
            ratio = rows[mine] / rows[over]
            misses += ratio > target
            print(f"  {mine} / {over}: {ratio:.2f}x   {verdict(ratio, target)}")
        else:
            peer = over.split("-", 1)[1].replace("-", "_")
            print(f"  {mine} / {over}: not checked: "
                  f"{not_built(counts.get('context', {}), peer)}")
    for mine, over in INSTRUCTION_RATIOS:
        if mine in rows and over in rows:
            print(f"  {mine} / {over}: {rows[mine] / rows[over]:.2f}x (no target)")
    print()
    return misses


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="?", help="urlkit_bench's JSON")
    parser.add_argument("--instructions", help="bench/instructions' JSON")
    args = parser.parse_args(argv)
    if not args.results and not args.instructions:
        parser.print_usage(sys.stderr)
        return 2
    counts = None
    if args.instructions:
        with open(args.instructions) as f:
            counts = json.load(f)
    misses = 0
    if args.results:
        context, rows = load(args.results)
        print(f"CPU: {context.get('num_cpus', '?')} x {context.get('mhz_per_cpu', '?')} MHz, "
              f"load average {', '.join(f'{x:.2f}' for x in context.get('load_avg', []))}")
        # How each library was built (bench/CMakeLists.txt): a ratio compares
        # the libraries' code only where their flags are the same; for ada,
        # also which code (bench/ada/prepare's record).
        for key in sorted(k for k in context if k.startswith("build_")):
            print(f"{key[len('build_'):]}: {context[key]}")
        print("time per URL is CPU time; ratio = urlkit / peer (below 1: urlkit is faster)\n")
        misses += time_ratios(context, rows)
        if counts is not None:
            theirs = counts.get("context", {})
            differ = [k for k in SAME_BUILD_KEYS if theirs.get(k) != context.get(k)]
            if differ:
                print(f"instruction counts of {args.instructions} left out: counted against "
                      f"another build ({', '.join(differ)} differ); run bench/instructions\n")
                counts = None
    elif counts is not None:
        for key, value in sorted(counts.get("context", {}).items()):
            if key.startswith("build_"):
                print(f"{key[len('build_'):]}: {value}")
        print()
    if counts is not None:
        misses += instruction_ratios(counts)
    if misses:
        print(f"{misses} target(s) missed")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
