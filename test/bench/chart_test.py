#!/usr/bin/python3
"""bench_chart: bench/chart.py and bench/ratios.py on a small fixture run
(bench/testdata/results.json: ada's main branch built, its release not), with
no benchmark build.

- ratios.py meets every target of the fixture (exit 0), prints the targets
  against ada_main and the splitter, and says why those against a peer the
  run lacks are not checked; with ada_main's parse made faster than urlkit's,
  it reports the target missed (exit 1);
- chart.py writes an SVG whose text holds each bar's label and value, the ada
  built named by its `git describe`, and no bar for the ada that was not built.

usage: chart_test.py SOURCE_DIR WORK_DIR
Exit status 77 (skipped) when matplotlib is missing, after the ratios' checks.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

source, work = Path(sys.argv[1]), Path(sys.argv[2])
work.mkdir(parents=True, exist_ok=True)
fixture = source / "bench" / "testdata" / "results.json"
failures = []


def expect(condition, what):
    if not condition:
        failures.append(what)


def run(*args):
    return subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True)


# ratios.py: every target met on the fixture.
r = run(source / "bench" / "ratios.py", fixture)
expect(r.returncode == 0, f"ratios.py exit {r.returncode} on the fixture:\n{r.stdout}{r.stderr}")
for line in ("urlkit_lenient / ada_main: 0.36x", "urlkit_lenient / splitter: 0.93x",
             "urlkit_reuse / ada_main: 0.25x", "urlkit_strict / urlkit_lenient: 1.01x"):
    expect(re.search(re.escape(line) + r".*target <= [0-9.]+: met", r.stdout),
           f"ratios.py printed no '{line} ... met'")
expect("ada_main: ada v9.9.9-1-gabcdef0" in r.stdout, "ratios.py did not print ada_main's build")

# Without the ada rows: targets against ada_main not checked, with the reason.
data = json.loads(fixture.read_text())
no_ada = dict(data, benchmarks=[b for b in data["benchmarks"] if "/ada_" not in b["run_name"]])
no_ada["context"] = dict(data["context"], build_ada_main="not built (URLKIT_BENCH_ADA_MAIN_DIR unset)")
(work / "no_ada.json").write_text(json.dumps(no_ada))
r = run(source / "bench" / "ratios.py", work / "no_ada.json")
expect(r.returncode == 0, f"ratios.py exit {r.returncode} without ada:\n{r.stdout}")
expect("targets against ada_main not checked: not built (URLKIT_BENCH_ADA_MAIN_DIR unset)"
       in r.stdout, f"ratios.py did not say why ada_main's targets went unchecked:\n{r.stdout}")

# ada_main's parse faster than urlkit's: missed.
fast = json.loads(fixture.read_text())
for b in fast["benchmarks"]:
    if b["run_name"] == "parse/all/ada_main":
        b["time/URL"] = 50e-9
(work / "missed.json").write_text(json.dumps(fast))
r = run(source / "bench" / "ratios.py", work / "missed.json")
expect(r.returncode == 1, f"ratios.py exit {r.returncode} with a target missed (1 expected)")
expect(re.search(r"urlkit_lenient / ada_main: 1\.08x.*MISSED", r.stdout),
       f"ratios.py did not report the missed target:\n{r.stdout}")

if failures:
    print("\n".join(failures))
    sys.exit(1)

try:
    import matplotlib  # noqa: F401
except ImportError:
    print("bench_chart skipped: no matplotlib for the chart (Debian: python3-matplotlib, "
          "tools/deps bench installs it)")
    sys.exit(77)

svg = work / "chart.svg"
r = run(source / "bench" / "chart.py", fixture, svg)
expect(r.returncode == 0 and svg.exists(), f"chart.py exit {r.returncode}:\n{r.stdout}{r.stderr}")
text = svg.read_text() if svg.exists() else ""
# The SVG keeps its text as <text> elements (svg.fonttype none).
labels = set(re.findall(r"<text[^>]*>([^<]*)</text>", text))
for label in ("urlkit, lenient", "urlkit, strict", "ada main (v9.9.9-1-gabcdef0)", "Boost.URL",
              "uriparser (prebuilt)", "floor: splitter, no checks", "floor: memchr",
              "urlkit, new string", "urlkit, reused string", "Boost.URL, reused url",
              "floor: copy of the two strings", "54 ns", "150 ns", "8.1 ns", "124 ns", "15 ns"):
    expect(label in labels, f"chart.svg has no label '{label}'")
expect(not any(label.startswith("ada release") for label in labels),
       "chart.svg has a bar for ada release, which the run does not have")
# The same run draws the same file.
again = work / "again.svg"
run(source / "bench" / "chart.py", fixture, again)
expect(again.exists() and again.read_text() == text, "chart.py drew the same run differently")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"bench_chart: ratios and chart of {fixture} as expected ({len(labels)} texts in the SVG)")
