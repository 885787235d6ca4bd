#!/usr/bin/env python3
"""urlkit's Python package against urllib.parse, in one process (bench/python/run).

    compare.py --corpus DIR [--rounds N] [--instructions N] [--json FILE]

Times, on the benchmark corpus (tools/make-corpus: DIR/urls.txt, DIR/relative.txt,
shuffled with a fixed seed as bench/corpus.cpp does):

  parse     urlkit.parse(u)         against urllib.parse.urlsplit(u), every URL of urls.txt
  resolve   urlkit.resolve(base, r) against urllib.parse.urljoin(base, r), every reference
            of relative.txt against Appendix C's base, one call a pair
  many      urlkit.resolve_many(pairs), the same pairs in one call

Each row runs --rounds times (default 7), the peers interleaved round by round, and
the median round is reported, in ns a call; the ratios are of the medians of this
one run.  urlsplit keeps an lru_cache of 128 entries (Python 3.11): every URL
here is distinct, and the shuffled order sees no repeats, so it only costs a look.

With --instructions N, each row's calls are also counted by callgrind on the first N
items (a child interpreter; the same loop calling a function that does nothing
is subtracted), in instructions a call: these do not move with the machine's load.
A reference urlkit refuses (or urllib raises on) is timed all the same: both
answer every input, one way or the other.  urlkit's warnings (unwise characters
and the like, about one URL in 50 here) go to the `warnings` module, as they
do by default, under an "ignore" filter: they are made and dropped, not
printed.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import warnings

BASE = "http://a/b/c/d;p?q"  # draft-fielding-uri-url-00, Appendix C


def load(path):
    with open(path, "rb") as f:
        lines = [line.decode("ascii") for line in f.read().split(b"\n") if line]
    # The fixed shuffle of bench/corpus.cpp's kind: sorted input flatters every parser.
    random.Random(20240601).shuffle(lines)
    return lines


def rows(urls, refs):
    """(name, {peer: callable over the whole set}) of every row."""
    import urlkit

    pairs = [(BASE, r) for r in refs]

    def urlkit_parse():
        parse = urlkit.parse
        for u in urls:
            try:
                parse(u)
            except ValueError:
                pass

    def urllib_parse():
        split = urllib.parse.urlsplit
        for u in urls:
            try:
                split(u)
            except ValueError:
                pass

    def urlkit_resolve():
        resolve = urlkit.resolve
        for r in refs:
            try:
                resolve(BASE, r)
            except ValueError:
                pass

    def urllib_resolve():
        join = urllib.parse.urljoin
        for r in refs:
            try:
                join(BASE, r)
            except ValueError:
                pass

    def urlkit_many():
        urlkit.resolve_many(pairs)

    return [
        ("parse", len(urls), {"urlkit.parse": urlkit_parse, "urllib.parse.urlsplit": urllib_parse}),
        ("resolve", len(refs), {"urlkit.resolve": urlkit_resolve,
                                "urllib.parse.urljoin": urllib_resolve}),
        ("many", len(refs), {"urlkit.resolve_many": urlkit_many,
                             "urllib.parse.urljoin": urllib_resolve}),
    ]


def time_rows(urls, refs, rounds):
    results = {}
    for name, count, peers in rows(urls, refs):
        samples = {peer: [] for peer in peers}
        for peer, run in peers.items():  # a warm-up round each
            run()
        for _ in range(rounds):
            for peer, run in peers.items():
                start = time.perf_counter_ns()
                run()
                samples[peer].append((time.perf_counter_ns() - start) / count)
        results[name] = {peer: statistics.median(s) for peer, s in samples.items()}
    return results


# The child that callgrind runs: one row's loop over the first N items, or the
# same loop calling a function that does nothing (the baseline).
CHILD = r"""
import sys, urllib.parse
sys.path.insert(0, sys.argv[1])
import urlkit, warnings
warnings.simplefilter("ignore", urlkit.URLWarning)
what, path, n = sys.argv[2], sys.argv[3], int(sys.argv[4])
items = [l for l in open(path).read().split("\n") if l][:n]
base = "http://a/b/c/d;p?q"
def nothing(*a): return None
one = {"urlkit.parse": urlkit.parse, "urllib.parse.urlsplit": urllib.parse.urlsplit,
       "parse-baseline": nothing}
two = {"urlkit.resolve": urlkit.resolve, "urllib.parse.urljoin": urllib.parse.urljoin,
       "resolve-baseline": nothing}
if what in one:
    f = one[what]
    for u in items:
        try: f(u)
        except ValueError: pass
elif what in two:
    f = two[what]
    for r in items:
        try: f(base, r)
        except ValueError: pass
elif what == "urlkit.resolve_many":
    urlkit.resolve_many([(base, r) for r in items])
elif what == "many-baseline":
    [(base, r) for r in items]
"""


def callgrind(module_dir, what, path, n):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, "-c", CHILD, module_dir, what, path, str(n)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out) as f:
            for line in f:
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1])
    raise RuntimeError("callgrind wrote no total")


def instructions(module_dir, corpus, n):
    urls = os.path.join(corpus, "urls.txt")
    refs = os.path.join(corpus, "relative.txt")
    plan = [("parse", urls, ["urlkit.parse", "urllib.parse.urlsplit"], "parse-baseline"),
            ("resolve", refs, ["urlkit.resolve", "urllib.parse.urljoin"], "resolve-baseline"),
            ("many", refs, ["urlkit.resolve_many"], "many-baseline")]
    counts = {}
    for name, path, peers, baseline in plan:
        base = callgrind(module_dir, baseline, path, n)
        counts[name] = {p: (callgrind(module_dir, p, path, n) - base) / n for p in peers}
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", required=True, help="the directory tools/make-corpus wrote")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--instructions", type=int, default=0, metavar="N",
                    help="also count instructions a call with callgrind over N items")
    ap.add_argument("--json", help="write the figures to this file too")
    args = ap.parse_args()

    import urlkit

    warnings.simplefilter("ignore", urlkit.URLWarning)
    module_dir = os.path.dirname(os.path.dirname(os.path.abspath(urlkit.__file__)))
    urls = load(os.path.join(args.corpus, "urls.txt"))
    refs = load(os.path.join(args.corpus, "relative.txt"))
    print(f"Python {sys.version.split()[0]} ({sys.executable}), urlkit from {module_dir}")
    print(f"corpus {args.corpus}: {len(urls)} URLs, {len(refs)} relative references "
          f"against {BASE}; median of {args.rounds} rounds")
    timed = time_rows(urls, refs, args.rounds)
    counted = instructions(module_dir, args.corpus, args.instructions) if args.instructions else {}

    print(f"\n{'row':9} {'peer':24} {'ns/call':>9} {'instr/call':>11}")
    for name, peers in timed.items():
        for peer, ns in peers.items():
            instr = counted.get(name, {}).get(peer)
            if name == "many" and peer != "urlkit.resolve_many":
                instr = counted.get("resolve", {}).get(peer)
            shown = f"{instr:11.0f}" if instr is not None else f"{'':11}"
            print(f"{name:9} {peer:24} {ns:9.0f} {shown}")
    speedups = {
        "parse: urlsplit / urlkit.parse": timed["parse"]["urllib.parse.urlsplit"]
        / timed["parse"]["urlkit.parse"],
        "resolve: urljoin / urlkit.resolve": timed["resolve"]["urllib.parse.urljoin"]
        / timed["resolve"]["urlkit.resolve"],
        "resolve: urljoin / urlkit.resolve_many": timed["many"]["urllib.parse.urljoin"]
        / timed["many"]["urlkit.resolve_many"],
    }
    print("\nurlkit's speed-up (times as fast, by time; target: parse >= 3, resolve >= 5):")
    for what, ratio in speedups.items():
        print(f"  {what}: {ratio:.2f}")
    if counted:
        print("by instructions:")
        print(f"  parse: {counted['parse']['urllib.parse.urlsplit'] / counted['parse']['urlkit.parse']:.2f}"
              f"  resolve: {counted['resolve']['urllib.parse.urljoin'] / counted['resolve']['urlkit.resolve']:.2f}"
              f"  resolve_many: {counted['resolve']['urllib.parse.urljoin'] / counted['many']['urlkit.resolve_many']:.2f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"ns_per_call": timed, "instructions_per_call": counted,
                       "speedups": speedups, "urls": len(urls), "references": len(refs)}, f, indent=1)
    missed = speedups["parse: urlsplit / urlkit.parse"] < 3 or \
        speedups["resolve: urljoin / urlkit.resolve"] < 5
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
