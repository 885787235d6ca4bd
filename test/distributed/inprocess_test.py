#!/usr/bin/python3
"""docs/scaling.md's in-process Dask pipeline against `urlkit resolve --pairs`.

Reads the ```python block marked `<!-- pipeline: distributed_inprocess -->` from
docs/scaling.md, runs its resolve_link_list on a seeded link list (the
generator of distributed_test.py, without tab-less lines, which the pipeline
leaves out) on a local cluster of two worker processes, with small blocks so
that there are many partitions, and checks, line for line, against one
`urlkit resolve --pairs` run over the same list:

- the resolved URLs, in order, are the run's standard output byte for byte;
- the links that failed are the lines the run reported, in order, each with
  its offset counted as the run counts it (from the start of the line) and the
  same message;
- no worker started a process: the pipeline calls urlkit in the worker.

Exits 77 (skipped) when /usr/bin/python3 cannot import dask.distributed.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys

SKIP = 77
failures = []


def check(ok, what):
    print(("ok      " if ok else "FAILED  ") + what, flush=True)
    if not ok:
        failures.append(what)


def pipeline_source(scaling_md):
    text = open(scaling_md, encoding="utf-8").read()
    m = re.search(r"<!-- pipeline: distributed_inprocess -->\n```python\n(.*?)\n```", text, re.S)
    if not m:
        raise SystemExit(f"{scaling_md}: no ```python block marked "
                         "<!-- pipeline: distributed_inprocess -->")
    # Blank lines before it, so that a traceback names the document's lines.
    return "\n" * text.count("\n", 0, m.start(1)) + m.group(1)


def no_subprocess():
    """Run on every worker: from now on, starting a process fails the task."""
    import subprocess as sp

    def refuse(*args, **kwargs):
        raise AssertionError("a worker started a process")

    sp.Popen = refuse
    os.posix_spawn = refuse
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--urlkit", required=True)
    ap.add_argument("--scaling-md", required=True, help="docs/scaling.md")
    ap.add_argument("--work-dir", required=True)
    a = ap.parse_args()

    try:
        from dask.distributed import Client
    except ImportError as e:
        print(f"skipped: {sys.executable} cannot import dask.distributed ({e}); "
              f"tools/deps installs python3-distributed")
        return SKIP
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import distributed_test  # the link list generator
    import urlkit

    work = a.work_dir
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    rng = random.Random(20261128)
    data = b"\n".join(line for line in distributed_test.link_list(rng, 1 << 20).split(b"\n")
                      if b"\t" in line)
    links = os.path.join(work, "links.tsv")
    with open(links, "wb") as f:
        f.write(data)

    want = subprocess.run([a.urlkit, "resolve", "--pairs", "--no-progress"], input=data,
                          capture_output=True, check=False)
    want_out = want.stdout.split(b"\n")[:-1]
    want_err = want.stderr.split(b"\n")[:-1]
    check(want.returncode == 1 and len(want_err) > 500 and len(want_out) > 5000,
          f"urlkit resolve --pairs: status {want.returncode}, {len(want_out)} URLs, "
          f"{len(want_err)} failed lines")

    # As a script's own functions, which Dask sends to the workers by value.
    namespace = {"__name__": "__main__"}
    exec(compile(pipeline_source(a.scaling_md), a.scaling_md, "exec"), namespace)
    cluster = distributed_test.local_cluster(os.path.join(work, "dask"))
    try:
        with Client(cluster) as client:
            check(all(client.run(no_subprocess).values()), "workers may start no process")
            results = namespace["resolve_link_list"](links, client, blocksize="64KiB")
            pids = set(client.run(os.getpid).values())
    finally:
        cluster.close()
    check(os.getpid() not in pids, "the links were resolved in the worker processes")

    got_out = [r for r in results if isinstance(r, bytes)]
    errors = [(i, r) for i, r in enumerate(results) if isinstance(r, urlkit.URLError)]
    check(len(got_out) + len(errors) == len(results), "every result is bytes or a URLError")
    check(got_out == want_out, f"the resolved URLs are urlkit resolve --pairs' output "
          f"({len(got_out)} and {len(want_out)} lines)")

    # The failed lines, as urlkit resolve --pairs reports them:
    # BASE<TAB>REF:OFFSET: error: MESSAGE, OFFSET from the start of the line.
    lines = [line[:-1] if line.endswith(b"\r") else line for line in data.split(b"\n")]
    pairs = [line.partition(b"\t")[::2] for line in lines]
    check(len(errors) == len(want_err), f"{len(errors)} errors, {len(want_err)} failed lines")
    wrong = 0
    for (i, e), line in zip(errors, want_err):
        base, ref = pairs[i]
        head, _, tail = line.rpartition(b": error: ")
        shown_line, _, shown_offset = head.rpartition(b":")
        # The run counts from the start of the line as it shows it: where it
        # shows a password as ***, only the message is compared.
        offset = e.offset if e.source == "base" else len(base) + 1 + e.offset
        if shown_line != base + b"\t" + ref:
            offset = int(shown_offset)
        ok = (tail.decode("utf-8", "replace").endswith(e.message)
              and shown_offset == str(offset).encode()
              and (b"***" in shown_line or shown_line == base + b"\t" + ref))
        if not ok:
            wrong += 1
            if wrong <= 5:
                print(f"  line {i + 1}: {line!r}\n    {e!r}")
    check(wrong == 0, f"every failed line: the same line, offset and message ({wrong} not)")
    print("distributed_inprocess: " + ("FAILED" if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
