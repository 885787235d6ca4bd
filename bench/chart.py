#!/usr/bin/python3
"""Draws a benchmark run as an SVG bar chart: ns per URL and ns per pair.

usage: bench/chart.py RESULTS.json OUT.svg

RESULTS.json is what urlkit_bench writes (bench/run: build/bench/results.json).
Two panels of horizontal bars, the median CPU time of each row, labelled with
its value: parse/all (ns per URL: urlkit lenient and strict, ada's main branch
and last release, Boost.URL, uriparser, and the floors, the splitter and
memchr) and resolve/all (ns per pair, both parses and the resolution: urlkit
into a new and into a reused string, the adas, Boost.URL, uriparser, and the
floor, a copy of the two strings).  A row the run does not have (a peer not
built) is left out.  Needs matplotlib (Debian: python3-matplotlib, installed
by tools/deps bench); the text stays text in the SVG, and the file has no date,
so that the same run draws the same file.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import ratios  # noqa: E402

# Row name -> label, in the order drawn (top to bottom); None: a floor.
PARSE_ROWS = [
    ("urlkit_lenient", "urlkit, lenient", "urlkit"),
    ("urlkit_strict", "urlkit, strict", "urlkit"),
    ("ada_main", "ada main", "peer"),
    ("ada_release", "ada release", "peer"),
    ("boost_url", "Boost.URL", "peer"),
    ("uriparser", "uriparser (prebuilt)", "peer"),
    ("splitter", "floor: splitter, no checks", "floor"),
    ("memchr", "floor: memchr", "floor"),
]
RESOLVE_ROWS = [
    ("urlkit", "urlkit, new string", "urlkit"),
    ("urlkit_reuse", "urlkit, reused string", "urlkit"),
    ("ada_main", "ada main", "peer"),
    ("ada_release", "ada release", "peer"),
    ("boost_url", "Boost.URL, new url", "peer"),
    ("boost_url_reuse", "Boost.URL, reused url", "peer"),
    ("uriparser", "uriparser (prebuilt)", "peer"),
    ("copy", "floor: copy of the two strings", "floor"),
]
COLOURS = {"urlkit": "#1f5fa8", "peer": "#8c8c8c", "floor": "#d9d9d9"}


def bars(rows, context, group, set_name, spec):
    """(label, ns, kind) of each row of group/set_name the run has."""
    out = []
    for row, label, kind in spec:
        stats = rows.get((group, set_name, row))
        if stats is None:
            continue
        describe = context.get(f"{row}_describe")
        if describe:
            label = f"{label} ({describe})"
        out.append((label, ratios.figure(stats), kind))
    return out


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        import matplotlib
    except ImportError:
        print("bench/chart.py: no matplotlib (Debian: python3-matplotlib; tools/deps bench "
              "installs it)", file=sys.stderr)
        return 3
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    matplotlib.rcParams["svg.fonttype"] = "none"  # labels stay text
    matplotlib.rcParams["svg.hashsalt"] = "urlkit-bench"  # stable ids
    matplotlib.rcParams["font.size"] = 9

    context, rows = ratios.load(argv[1])
    panels = [(title, b) for title, b in (
        ("parse/all: ns per URL (median)", bars(rows, context, "parse", "all", PARSE_ROWS)),
        ("resolve/all: ns per pair, both parses and the resolution (median)",
         bars(rows, context, "resolve", "all", RESOLVE_ROWS)),
    ) if b]
    if not panels:
        print(f"bench/chart.py: {argv[1]} has no parse/all or resolve/all rows", file=sys.stderr)
        return 1

    heights = [len(b) + 1.5 for _, b in panels]
    fig, axes = plt.subplots(len(panels), 1, figsize=(8, 0.32 * sum(heights) + 0.8),
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    for ax, (title, b) in zip(axes[:, 0], panels):
        labels = [label for label, _, _ in b]
        values = [ns for _, ns, _ in b]
        y = range(len(b))
        drawn = ax.barh(y, values, color=[COLOURS[kind] for _, _, kind in b],
                        edgecolor="#404040", linewidth=0.5)
        ax.bar_label(drawn, labels=[f"{v:.0f} ns" if v >= 10 else f"{v:.1f} ns" for v in values],
                     padding=3)
        ax.set_yticks(list(y), labels)
        ax.invert_yaxis()
        ax.set_title(title, loc="left", fontsize=10)
        ax.set_xlim(0, max(values) * 1.15)
        ax.spines[["top", "right"]].set_visible(False)
        ax.tick_params(axis="y", length=0)
        ax.set_xlabel("ns (CPU time)")
    load = ", ".join(f"{x:.2f}" for x in context.get("load_avg", []))
    with open(argv[1]) as f:
        repetitions = max((b.get("repetitions", 1) for b in json.load(f)["benchmarks"]), default=1)
    fig.text(0.01, 0.005, f"urlkit_bench, {context.get('date', '')[:10]}, medians of {repetitions} "
             f"repetitions; {context.get('num_cpus', '?')} CPUs, load average {load}; "
             "lower is faster", fontsize=7, color="#404040")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    fig.savefig(argv[2], format="svg", metadata={"Date": None})
    print(f"chart written to {argv[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
