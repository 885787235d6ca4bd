#!/usr/bin/python3
"""tools/distributed against one urlkit run over the whole input.

Generates a seeded link list (about 3 MB) and a set of text files (about
2.5 MB), runs tools/distributed over them with small shards on local clusters
of two worker processes, and checks that the merged output, the merged error
output and the exit status are byte for byte those of urlkit run directly:
`urlkit resolve --pairs` over the whole link list in one process, and
`urlkit extract` over each whole file.  Runs:

  resolve, bytes through Dask, a cluster tools/distributed starts (--workers 2)
  resolve, --shared-dir, on a cluster this test starts (--scheduler)
  resolve from stdin, on that cluster
  extract, bytes, on that cluster
  extract --json, --shared-dir and --files-from, on that cluster
  a urlkit that fails: exit status 3, "shard failed"

Exits 77 (skipped) when /usr/bin/python3 cannot import dask.distributed.
"""

import argparse
import logging
import os
import random
import re
import shutil
import signal
import subprocess
import sys

SKIP = 77
RUN_TIMEOUT = 120  # seconds, for each command this test runs

failures = []


def check(ok, what):
    print(("ok      " if ok else "FAILED  ") + what, flush=True)
    if not ok:
        failures.append(what)


def run(argv, stdin=None, timeout=RUN_TIMEOUT):
    """(status, stdout, stderr) of argv; the whole process group is killed
    after `timeout` seconds (a local cluster's worker processes with it)."""
    p = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise RuntimeError(f"timed out after {timeout} s: {' '.join(argv)}")
    return p.returncode, out, err


def first_difference(a, b):
    n = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
    return (f"{len(a)} and {len(b)} bytes, first difference at byte {n}: "
            f"{a[max(n - 40, 0):n + 40]!r} / {b[max(n - 40, 0):n + 40]!r}")


def same(got, want, what):
    check(got == want, what if got == want else f"{what}: {first_difference(got, want)}")


# ---- the input ----------------------------------------------------------------

BASES = [
    b"http://a/b/c/d;p?q",
    b"http://www.example.com/dir/page.html",
    b"http://www.example.com/dir/sub/",
    b"ftp://user:secret@ftp.example.org/pub/dir/file.txt;type=a",
    b"gopher://gopher.example.org:70/1/dir",
    b"http://caf\xc3\xa9.example/\xe9t\xe9/index.html?x=1#top",
    b"HTTP://UPPER.EXAMPLE/A/B",
    b"news:comp.infosystems.www",  # no hierarchy: only absolute and "#" references
    b"file://localhost/etc/",
]
BAD_BASES = [b"http://host:8o/", b"rel/base", b"", b"mailto:a@b.example", b"http://a b/"]
REFS = [
    b"g", b"./g", b"g/", b"/g", b"//g", b"?y", b"g?y", b"#s", b"g#s", b"g?y#s", b";x", b"g;x",
    b"g;x?y#s", b".", b"./", b"..", b"../", b"../g", b"../..", b"../../", b"../../g",
    b"../../../g", b"/./g", b"/../g", b"g.", b".g", b"g..", b"..g", b"./../g", b"./g/.",
    b"g/./h", b"g/../h", b"http:g", b"http:", b"", b"mailto:someone@example.org",
    b"ftp://u:pw@host/a%20b", b"//other.example:8080/p?q", b"%7Euser/page", b"caf\xc3\xa9",
    b"\xff\xfe/x", b"data:,hello",
]
BAD_REFS = [b"http://host:8o/", b"a b", b"<x>", b"http://u:pw@h:bad/", b"g\"q", b"\x01"]


def link_list(rng, size, long_lines=0.02):
    """BASE<TAB>REFERENCE lines, a page's links together; about `size` bytes,
    `long_lines` of the lines a few kilobytes long."""
    out = bytearray()
    page = 0
    while len(out) < size:
        page += 1
        base = (rng.choice(BAD_BASES) if rng.random() < 0.03
                else rng.choice(BASES) + (b"%d" % page if rng.random() < 0.5 else b""))
        for _ in range(rng.randint(1, 40)):
            r = rng.random()
            if r < 0.05:
                ref = rng.choice(BAD_REFS)
            elif r < 0.05 + long_lines:
                ref = b"x/" * rng.randint(100, 3000)  # a long line
            else:
                ref = rng.choice(REFS) + (b"%d" % rng.randint(0, 999) if r < 0.5 else b"")
            if rng.random() < 0.005:
                line = base + b" no tab " + ref
            elif rng.random() < 0.005:
                line = base + b"\t" + ref + b"\r" + ref  # a lone CR: part of the line
            else:
                line = base + b"\t" + ref
            out += line + (b"\r\n" if rng.random() < 0.1 else b"\n")
    out += BASES[0] + b"\t../last"  # no line end
    return bytes(out)


WORDS = [b"the", b"a", b"see", b"at", b"and", b"file", b"(", b")", b"--", b"caf\xc3\xa9",
         b"\xe9t\xe9", b"\xff", b"-", b"word-", b"<", b">", b"\"", b"<URL:", b":"]
URLS = [b"http://www.example.com/a/b.html", b"ftp://ftp.example.org/pub/file.txt",
        b"mailto:someone@example.org", b"news:comp.lang.c", b"gopher://g.example.org/1",
        b"https://secure.example/x?y=1#z", b"data:,Hello%2C%20World!",
        b"telnet://user@host.example/", b"http://host.example/caf\xc3\xa9/"]


def text_piece(rng):
    r = rng.random()
    url = rng.choice(URLS)
    if r < 0.08:
        return url + rng.choice([b".", b",", b");", b"!", b""])
    if r < 0.11:
        return b"<URL:" + url + b">"
    if r < 0.13:
        cut = rng.randint(1, len(url) - 1)  # a wrapper broken across lines
        return b"<URL:" + url[:cut] + rng.choice([b"\n  ", b"\r\n\t", b" "]) + url[cut:] + b">"
    if r < 0.14:
        return b"<" + url + b">"
    if r < 0.16:
        cut = rng.randint(8, len(url) - 1)  # the hyphen rule
        return url[:cut] + b"-" + rng.choice([b"\n", b"\r\n", b"\n   "]) + url[cut:]
    if r < 0.2:
        return rng.choice([b"\n", b"\n", b"\r\n", b"\n\n", b"\n  \n", b"\r\n\r\n"])
    return rng.choice(WORDS)


def text_file(rng, size):
    out = bytearray()
    while len(out) < size:
        out += text_piece(rng) + b" "
    return bytes(out)


def text_files(rng, directory, total):
    """Files of all sizes, and some whose last bytes or first bytes would run
    into the next file's if the files were scanned as one text."""
    specials = [
        b"",
        b"see http://www.example.com/a-",                     # ends in the hyphen rule
        b"continued\nhttp://x.example/y-\n",                   # the same, line end included
        b"<URL:http://open.example/wrapper",                  # a wrapper never closed
        b"<URL:ftp://open.example/\n",
        b"ple.com/ starts the file\n",                         # would continue the file before
        b">\nhttp://after.example/\n",
        b"no line end at all http://last.example/x",
    ]
    paths = []
    n = 0
    size = 0
    while size < total:
        if rng.random() < 0.25:
            data = rng.choice(specials)
        else:
            data = text_file(rng, rng.choice([100, 2000, 10000, 40000, 100000]))
            if rng.random() < 0.3:
                data = data.replace(b"\n", b"\r\n").replace(b"\r\r\n", b"\r\n")
        path = os.path.join(directory, f"text-{n:03d}.txt")
        with open(path, "wb") as f:
            f.write(data)
        paths.append(path)
        size += len(data)
        n += 1
    return paths


# ---- the runs -----------------------------------------------------------------


def local_cluster(local_directory):
    """Two worker processes of one thread each, every port on 127.0.0.1 (the
    dashboards too, which would take 0.0.0.0), logs only for errors."""
    from dask.distributed import LocalCluster

    return LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                        scheduler_port=0, dashboard_address=None,
                        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                        worker_dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR,
                        local_directory=local_directory)


def shards_of(stats):
    m = re.search(rb"tools/distributed: \w+: (\d+) shards", stats)
    return int(m.group(1)) if m else -1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--urlkit", required=True)
    ap.add_argument("--script", required=True, help="tools/distributed")
    ap.add_argument("--work-dir", required=True)
    a = ap.parse_args()

    try:
        from dask.distributed import LocalCluster
    except ImportError as e:
        print(f"skipped: {sys.executable} cannot import dask.distributed ({e}); "
              f"tools/deps installs python3-distributed")
        return SKIP

    work = a.work_dir
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "text"))
    shared = os.path.join(work, "shared")
    os.makedirs(shared)
    rng = random.Random(20240517)

    links = os.path.join(work, "links.tsv")
    links_data = link_list(rng, 3 << 20)
    with open(links, "wb") as f:
        f.write(links_data)
    files = text_files(rng, os.path.join(work, "text"), 5 << 19)
    files_list = os.path.join(work, "files.txt")
    with open(files_list, "w") as f:
        f.write("".join(p + "\n" for p in files))
    print(f"input: {len(links_data)} bytes of links, {len(files)} text files of "
          f"{sum(os.path.getsize(p) for p in files)} bytes", flush=True)

    # What urlkit gives on its own: one process over the whole link list, one
    # per whole file.
    want_r = run([a.urlkit, "resolve", "--pairs", "--no-progress"], stdin=links_data)
    failed_lines = want_r[2].count(b"\n")
    check(want_r[0] == 1 and failed_lines > 1000,
          f"urlkit resolve --pairs: status {want_r[0]} (1 expected), {failed_lines} failed lines")
    want_x, want_xj = [], []
    for p in files:
        for json, into in ((False, want_x), (True, want_xj)):
            st, out, err = run([a.urlkit, "extract", "--no-progress"] + (["--json"] if json
                                                                        else []) + [p])
            if st != 0 or err:
                check(False, f"urlkit extract {p}: status {st}, {err!r}")
            into.append(out)
    want_x, want_xj = b"".join(want_x), b"".join(want_xj)
    urls = want_x.count(b"\n")
    check(urls > 1000, f"urlkit extract: {urls} URLs")
    # The files scanned as one text give other URLs: a shard that ran its
    # files through one urlkit process, or cut a file, would fail below.
    joined = b"".join(open(p, "rb").read() for p in files)
    check(run([a.urlkit, "extract", "--no-progress"], stdin=joined)[1] != want_x,
          "urlkit extract: the files scanned as one text give other URLs")

    out, err = os.path.join(work, "out"), os.path.join(work, "err")

    def distributed(args, stdin=None):
        for f in (out, err):
            if os.path.exists(f):
                os.unlink(f)
        st, _, stderr = run([a.script] + args + ["--urlkit", a.urlkit, "--stats",
                                                 "-o", out, "-e", err], stdin=stdin)
        got_out = open(out, "rb").read() if os.path.exists(out) else b""
        got_err = open(err, "rb").read() if os.path.exists(err) else b""
        return st, got_out, got_err, stderr

    def compare(what, result, want_status, want_out, want_err, min_shards):
        st, got_out, got_err, stderr = result
        check(st == want_status, f"{what}: exit status {st}, {want_status} expected"
              + ("" if st == want_status else f"; stderr: {stderr[-2000:]!r}"))
        same(got_out, want_out, f"{what}: the output")
        same(got_err, want_err, f"{what}: the error output")
        shards = shards_of(stderr)
        check(shards >= min_shards, f"{what}: {shards} shards (at least {min_shards})")

    # A local cluster of two worker processes, started by tools/distributed.
    compare("resolve, --workers 2",
            distributed(["resolve", "--workers", "2", "--shard-size", "48K", links]),
            1, want_r[1], want_r[2], 40)

    # A cluster of this test's, reached as a remote one would be.
    cluster = local_cluster(os.path.join(work, "dask"))
    try:
        sched = ["--scheduler", cluster.scheduler_address]
        compare("resolve, --scheduler, --shared-dir",
                distributed(["resolve", *sched, "--shared-dir", shared, "--shard-size", "40000",
                             links]),
                1, want_r[1], want_r[2], 40)
        check(os.listdir(shared) == [], "--shared-dir: nothing left behind")
        compare("resolve, --scheduler, from stdin",
                distributed(["resolve", *sched, "--shard-size", "100K", "-"], stdin=links_data),
                1, want_r[1], want_r[2], 20)
        compare("extract, --scheduler",
                distributed(["extract", *sched, "--shard-size", "48K", *files]),
                0, want_x, b"", 25)
        compare("extract --json, --scheduler, --shared-dir, --files-from",
                distributed(["extract", "--json", *sched, "--shared-dir", shared,
                             "--shard-size", "48K", "--files-from", files_list]),
                0, want_xj, b"", 25)

        # urlkit failing (exit status 2 or more) fails the run, not only the input.
        broken = os.path.join(work, "broken-urlkit")
        with open(broken, "w") as f:
            f.write("#!/bin/sh\ncat > /dev/null\necho 'urlkit: something broke' >&2\nexit 2\n")
        os.chmod(broken, 0o755)
        st, _, stderr = run([a.script, "resolve", *sched, "--urlkit", broken, "--shard-size",
                             "1M", "-o", out, "-e", err, links])
        check(st == 3 and b"shard failed" in stderr and b"something broke" in stderr,
              f"a failing urlkit: exit status {st}, 3 expected; stderr {stderr[-500:]!r}")
    finally:
        cluster.close()

    if failures:
        print(f"{len(failures)} check(s) failed; the inputs are in {work}")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
