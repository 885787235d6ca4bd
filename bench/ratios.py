#!/usr/bin/env python3
"""Prints urlkit's time per URL as a ratio to the peers' in the same run.

Reads the JSON that urlkit_bench writes (--benchmark_out=FILE
--benchmark_out_format=json, with repetitions) and, for every row set
"<group>/<set>", divides each urlkit row's CPU time per URL by each peer row's.
The median over repetitions is the main figure; the minimum (the least
disturbed repetition) is shown beside it.  A typed-view row
("urlkit_<scheme>_view": the generic parse, then the scheme's own) is also
divided by urlkit's generic lenient parse of the same URLs, and the difference
printed in ns: that is what the typed view adds.

usage: bench/ratios.py results.json
"""

import json
import math
import sys

# The project's targets (the performance issue's third round, in the fair
# benchmark: every compiled peer built with urlkit's flags): urlkit's time per
# URL over Boost.URL's and over ada's; a typed view's over urlkit's own
# generic parse.  A peer the run lacks (ada is optional) has no line.
TARGETS = {("parse", "all", "urlkit_lenient", "boost_url"): 0.22,
           ("parse", "all", "urlkit_strict", "boost_url"): 0.22,
           ("parse", "all", "urlkit_lenient", "ada"): 0.50,
           ("parse", "all", "urlkit_strict", "ada"): 0.50,
           ("resolve", "all", "urlkit", "ada"): 0.45,
           ("resolve", "all", "urlkit_reuse", "ada"): 0.40}
VIEW_TARGETS = {("parse", f"scheme:{s}", f"urlkit_{s}_view"): 1.5
                for s in ("http", "https", "ftp", "mailto", "file")}
# Strict within this much of lenient.
STRICT_OVER_LENIENT = 1.1


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


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    context, rows = load(sys.argv[1])
    sets = []
    for group, set_name, _ in rows:
        if (group, set_name) not in sets:
            sets.append((group, set_name))

    print(f"CPU: {context.get('num_cpus', '?')} x {context.get('mhz_per_cpu', '?')} MHz, "
          f"load average {', '.join(f'{x:.2f}' for x in context.get('load_avg', []))}")
    # How each library was built (bench/CMakeLists.txt): a ratio compares the
    # libraries' code only where their flags are the same.
    for key in sorted(k for k in context if k.startswith("build_")):
        print(f"{key[len('build_'):]}: {context[key]}")
    print("time per URL is CPU time; ratio = urlkit / peer (below 1: urlkit is faster)\n")
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
                    ok = ratio <= target
                    misses += not ok
                    line += f"   target <= {target}: {'met' if ok else 'MISSED'}"
                print(line)
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
                ok = ratio <= target
                misses += not ok
                line += f"   target <= {target}: {'met' if ok else 'MISSED'}"
            print(line)
        if (group, set_name) == ("parse", "all") and "urlkit_strict" in libraries and generic:
            ratio = figure(libraries["urlkit_strict"]) / figure(generic)
            ok = ratio <= STRICT_OVER_LENIENT
            misses += not ok
            print(f"  urlkit_strict / urlkit_lenient: {ratio:.2f}x   target <= "
                  f"{STRICT_OVER_LENIENT}: {'met' if ok else 'MISSED'}")
        print()
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
