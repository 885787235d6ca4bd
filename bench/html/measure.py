#!/usr/bin/env python3
"""The measurements of bench/html/run (which builds the tools and the corpus
first): `urlkit absolutize` against its peers, in one run.

Peers:
  urlkit   `urlkit absolutize --root SITE --base http://localhost/
           --output-dir OUT FILE...`, the streaming engine, one process over
           all the documents, as a document processor rewriting a mirrored
           site runs it (SITE: WORK/site, the corpus laid out as a tree of
           symbolic links, each document at its installed path, so that the
           base each gets from its path below SITE is the manifest's); and,
           as a second row, `urlkit absolutize --base URL FILE`, one process
           a document
  gumbo    urlkit_html_oracle_tool --base URL FILE: the gumbo-based engine
           urlkit::html had before (test/html_oracle), the whole document in
           memory and a tree built of it, one process a document
  python   bench/html/python_absolutize.py: html.parser and urljoin, one
           process over all the documents

What is measured:
  1. over the corpus (bench/html/make-corpus), one document after the other
     on one core: MB/s (10^6 bytes) of CPU time (user + system, the child's
     getrusage by wait4), with one process in all for urlkit (the headline
     figure; the median of three runs, after one that is not timed) and
     Python, and one process per
     document for urlkit and gumbo; and those two again net of a process's
     start (the median CPU time of runs on an empty document, times the
     documents);
     Beside it, the engine alone (urlkit_html_engine, bench/html/engine.cpp):
     the corpus held in memory, each document as `urlkit absolutize` takes a
     whole file, repeated in one process (--engine-repetitions, 7): MB/s of
     the fastest and the median repetition, which show the work without the
     files and how much the machine moves a run's CPU time;
  2. every corpus document's output of gumbo compared byte for byte with
     urlkit's, from the one process and from its own, and their exit
     statuses (for the one process: whether it wrote the document): a
     difference fails the run, and the documents are listed (and written to
     WORK/mismatches.txt);
  3. peak resident set (ru_maxrss of the child, by /usr/bin/time -f %M) on the
     largest corpus documents, on a generated 100 MB document (from a file,
     and for urlkit from a pipe too) and on "<div>" 10^7 times, with the
     MB/s of those runs; gumbo under a limit of address space and CPU time
     (--gumbo-memory-gib, --gumbo-cpu-seconds), since its tree of 10^7
     nested elements does not fit any machine;
  4. callgrind's instruction count per MB of `urlkit absolutize` on a fixed
     document (test/data/html/libexpat1-dev/reference.html repeated to 4 MB),
     from a file and from a pipe, a run on an empty document subtracted;
     gumbo's beside it.

The targets (docs/performance.md, "HTML: absolutize"): urlkit in one process
at least 150 MB/s over the corpus, at least 20 times Python's MB/s (Python's
is one process too), and under 16 MiB of peak resident set on the 100 MB
document and on the divs.  Exit status: 0, or 1 when outputs differ or a
target is missed (everything is printed first).

--skip-generated leaves out the generated documents of 3 (and their
targets), --skip-callgrind 4: for a quick check of the corpus runs, on a
small corpus (bench/html/make-corpus --documents N --megabytes M).

usage: measure.py --urlkit EXE --oracle EXE [--engine EXE] --corpus DIR --work DIR --source ROOT
"""

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
import urllib.parse

MB = 1e6
MIB = 1 << 20

# What `urlkit absolutize --root` leaves unescaped in a name below the root
# (a path segment, draft 2: pchar) besides letters and digits; make-corpus
# writes the manifest's bases with it, so that the two agree.
PATH_SEGMENT_SAFE = "$-_.!~*'(),:@&=+"


def cpu_of(usage):
    return usage.ru_utime + usage.ru_stime


def run_timed(argv, stdout, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, usage_out=None):
    """Runs argv; returns (exit status, CPU seconds of the child, wall seconds).
    `usage_out`, a list: the child's rusage is appended to it."""
    start = time.perf_counter()
    p = subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=stderr)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if usage_out is not None:
        usage_out.append(usage)
    return p.returncode, cpu_of(usage), time.perf_counter() - start


def run_rss(argv, stdout, stdin=None, limits=None, shell_stdin=None):
    """Runs argv under /usr/bin/time: (exit status, peak RSS in KiB, CPU s, wall s).

    /usr/bin/time forks the command itself: the child's ru_maxrss then starts
    from time's small image, not from this Python process's (which Linux
    would carry into a child it spawned directly, at exec).  `limits`:
    prlimit options.  `shell_stdin`: a file piped in by cat (a pipe, not a
    regular file, for the CLI's one-pass reading)."""
    report = os.path.join(os.path.dirname(stdout) or ".", ".rss")
    command = ["/usr/bin/time", "-q", "-f", "%M %U %S", "-o", report]
    if shell_stdin:
        command += ["bash", "-c", 'cat "$0" | "$@"', shell_stdin] + argv
    else:
        command += argv
    if limits:
        command = ["prlimit"] + limits + ["--"] + command
    start = time.perf_counter()
    with open(stdout, "wb") as out:
        p = subprocess.run(command, stdin=stdin or subprocess.DEVNULL, stdout=out,
                           stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    text = open(report).read().split()
    # time writes "Command terminated by signal N" first when it was.
    numbers = [t for t in text if re.fullmatch(r"[0-9.]+", t)][-3:]
    os.unlink(report)
    kib, user, system = int(numbers[0]), float(numbers[1]), float(numbers[2])
    return p.returncode, kib, user + system, wall


def callgrind(argv, stdin_data=None):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                         input=stdin_data, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    m = re.search(rb"Collected : ([0-9]+)", out.stderr)
    if not m:
        sys.exit("measure.py: no count from callgrind for %s:\n%s" % (argv, out.stderr.decode()))
    return int(m.group(1))


def machine():
    model = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "load_average": os.getloadavg(),
    }


def write_generated(work):
    """The generated documents, made once (the same bytes every run)."""
    head = ('<!DOCTYPE html>\n<html><head><title>Generated</title><link rel=stylesheet '
            'href="style.css"></head><body>\n')
    block = ('<div class="entry"><h2 id="s">Section</h2>\n<p>Text with <a href="page.html#s">'
             "a link</a>, <img src='img/a.png' srcset='img/a.png 1x, img/a@2x.png 2x' "
             'alt="a &amp; b">, <a href=../up/>up</a> and <a href="#top">top</a>.</p>\n'
             '<!-- a comment: <a href=c.html> is no link -->\n<script>var s = "<a '
             'href=s.html>";</script>\n<table><tr><td background=bg.gif><form '
             'action="cgi?a=1&amp;b=2"><input type=image src=go.png></form></td></tr>'
             '</table></div>\n')
    tail = "</body></html>\n"
    docs = {}
    path = os.path.join(work, "generated-100MB.html")
    count = 100_000_000 // len(block) + 1
    size = len(head) + count * len(block) + len(tail)
    if not os.path.exists(path) or os.path.getsize(path) != size:
        with open(path, "w") as f:
            f.write(head)
            for _ in range(count // 1000):
                f.write(block * 1000)
            f.write(block * (count % 1000))
            f.write(tail)
    docs["generated 100 MB"] = path
    path = os.path.join(work, "divs-1e7.html")
    text = "<div>" * 10**7 + "<a href=x.html>x</a>"
    if not os.path.exists(path) or os.path.getsize(path) != len(text):
        with open(path, "w") as f:
            f.write(text)
    docs["<div> x 10^7"] = path
    return docs


def warnings_of(path):
    """(line, column, element attribute) of each warning a tool wrote."""
    out = []
    try:
        with open(path, errors="replace") as f:
            for line in f:
                m = re.search(r":([0-9]+):([0-9]+): warning: ([a-z0-9:*-]+ [a-z0-9:-]+):", line)
                if m:
                    out.append(m.groups())
    except OSError:
        pass
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--urlkit", required=True)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--engine", help="urlkit_html_engine (bench/html/engine.cpp): the engine "
                    "alone, the corpus in memory")
    ap.add_argument("--engine-repetitions", type=int, default=7)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--largest", type=int, default=5)
    ap.add_argument("--gumbo-memory-gib", type=float, default=8)
    ap.add_argument("--gumbo-cpu-seconds", type=int, default=60)
    ap.add_argument("--skip-callgrind", action="store_true")
    ap.add_argument("--skip-generated", action="store_true")
    args = ap.parse_args()

    urlkit, oracle = os.path.abspath(args.urlkit), os.path.abspath(args.oracle)
    python_script = os.path.join(args.source, "bench/html/python_absolutize.py")
    attributes = os.path.join(args.source, "src/html/attributes.cpp")
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    results = {"machine": machine(), "commit": subprocess.run(
        ["git", "-C", args.source, "describe", "--always", "--dirty"], capture_output=True,
        text=True).stdout.strip()}
    print("machine: %(cpu)s, %(cores)d cores, Linux %(kernel)s, Python %(python)s, "
          "load average %(load_average)s" % results["machine"])
    print("commit:", results["commit"])

    manifest = []
    with open(os.path.join(args.corpus, "manifest.tsv")) as f:
        for line in f:
            name, size, _, base, source = line.rstrip("\n").split("\t")
            manifest.append((name, int(size), base, source))
    docs_dir = os.path.join(args.corpus, "docs")
    total = sum(size for _, size, _, _ in manifest)
    print("corpus: %d documents, %.1f MB, in %s" % (len(manifest), total / MB, args.corpus))
    results["corpus"] = {"documents": len(manifest), "bytes": total}

    tools = {"urlkit per document": [urlkit, "absolutize"], "gumbo": [oracle]}
    # A process's start: the median CPU time of a run on an empty document.
    empty = os.path.join(work, "empty.html")
    open(empty, "w").close()
    start_cost = {}
    for peer, argv in tools.items():
        times = [run_timed(argv + ["--base", "http://localhost/", empty], subprocess.DEVNULL)[1]
                 for _ in range(30)]
        start_cost[peer] = statistics.median(times)

    # 1: the corpus in one process, as a tree: WORK/site/<installed path>,
    # a symbolic link to the copy in the corpus.  Its path below the site
    # gives each document its base, which is the manifest's.
    #
    # Nothing is removed in the minute before the timed runs: on a file
    # system without a journal (this guest's ext4), creating a file looks at
    # every inode of its group freed in the last minute, and passes over
    # each (the kernel's recently_deleted), so that the 1,000 files of a run
    # cost the more the more files were removed just before: the measure
    # would be of its own cleaning up.  The site is kept from the last run
    # where its links are right; the outputs of earlier runs are moved
    # aside (WORK/trash) and removed once everything is measured.
    site = os.path.join(work, "site")
    trash = os.path.join(work, "trash")
    os.makedirs(trash, exist_ok=True)
    placed = {}
    for name, _, base, source in manifest:
        below = source.lstrip("/")
        expected = "http://localhost/" + urllib.parse.quote(below, safe="/" + PATH_SEGMENT_SAFE)
        if base != expected:
            sys.exit("measure.py: %s: the manifest's base %s is not %s, what its path gives "
                     "(remake the corpus)" % (name, base, expected))
        path = os.path.join(site, below)
        target = os.path.join(docs_dir, name)
        if not (os.path.islink(path) and os.readlink(path) == target):
            if os.path.lexists(path):
                os.unlink(path)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            os.symlink(target, path)
        placed[name] = below
    out_dir = os.path.join(work, "urlkit")
    for old in ("urlkit", "urlkit-runs"):
        if os.path.lexists(os.path.join(work, old)):
            os.rename(os.path.join(work, old),
                      os.path.join(trash, "%s-%d-%d" % (old, os.getpid(), time.time_ns())))
    documents = [os.path.join(site, placed[name]) for name, _, _, _ in manifest]
    # The arguments of 1,000 documents are about 150 KB, well within ARG_MAX.
    # A run takes a second or so, where the one process a document take a
    # minute: the median of three, on a shared machine, each into a
    # directory of its own (the last one's output is compared below).
    # Before them, one run that is not timed: the peers run after urlkit,
    # with the corpus in the page cache, where urlkit's first run found it
    # read again from the disk (this guest pages out file pages left idle
    # for a minute, and the runs start after a pause: Method, in
    # docs/performance.md); its CPU time is printed beside.
    runs, usages, warm_usage = [], [], []
    for k in ["warm-up", 0, 1, 2]:
        run_dir = os.path.join(work, "urlkit-runs", str(k))
        argv = [urlkit, "absolutize", "--root", site, "--base", "http://localhost/",
                "--output-dir", run_dir] + documents
        with open(os.path.join(work, "urlkit.err"), "wb") as err:
            if k == "warm-up":
                warm = run_timed(argv, subprocess.DEVNULL, err, usage_out=warm_usage)
            else:
                runs.append(run_timed(argv, subprocess.DEVNULL, err, usage_out=usages))
    os.rename(run_dir, out_dir)
    # 1b: the engine alone over the corpus in memory, repeated in one
    # process: its CPU time without the files, and how much the machine
    # moves it from one repetition to the next.
    engine = None
    if args.engine:
        listing = os.path.join(work, "engine-documents.tsv")
        with open(listing, "w") as f:
            for name, _, base, _ in manifest:
                f.write("%s\t%s\n" % (base, os.path.join(docs_dir, name)))
        r = subprocess.run([os.path.abspath(args.engine), listing, str(args.engine_repetitions)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("measure.py: urlkit_html_engine failed:\n" + r.stderr)
        fields = [line.split() for line in r.stdout.splitlines()]
        cpus = [float(v) for k, v in fields if k == "cpu"]
        engine = {"runs_cpu": cpus, "min_mb_s": total / MB / min(cpus),
                  "median_mb_s": total / MB / statistics.median(cpus),
                  "written": int(dict(fields)["written"])}
        results["engine"] = engine
    status, cpu, wall = sorted(runs, key=lambda r: r[1])[1]
    corpus = {"urlkit": {"cpu": cpu, "wall": wall, "mb_s": total / MB / cpu, "status": status,
                         "runs_cpu": [r[1] for r in runs],
                         "runs_user": [u.ru_utime for u in usages],
                         "runs_system": [u.ru_stime for u in usages],
                         "runs_minor_faults": [u.ru_minflt for u in usages],
                         "warm_up": {"cpu": warm[1], "user": warm_usage[0].ru_utime,
                                     "system": warm_usage[0].ru_stime,
                                     "status": warm[0]}}}
    batch_warnings = {}
    with open(os.path.join(work, "urlkit.err"), errors="replace") as f:
        prefix = site + os.sep
        for line in f:
            m = re.match(r"(.*):([0-9]+):([0-9]+): warning: ([a-z0-9:*-]+ [a-z0-9:-]+):", line)
            if m and m.group(1).startswith(prefix):
                batch_warnings.setdefault(m.group(1)[len(prefix):], []).append(m.groups()[1:])
    corpus["urlkit"]["failed"] = sorted(
        name for name, _, _, _ in manifest
        if not os.path.exists(os.path.join(out_dir, placed[name])))

    # 1 and 2: the corpus, one process a document.
    for peer, argv in tools.items():
        out_dir = os.path.join(work, peer.replace(" ", "-"))
        shutil.rmtree(out_dir, ignore_errors=True)
        os.makedirs(out_dir)
        cpu = wall = 0.0
        statuses = {}
        for name, size, base, _ in manifest:
            with open(os.path.join(out_dir, name), "wb") as out, \
                    open(os.path.join(out_dir, name + ".err"), "wb") as err:
                status, c, w = run_timed(argv + ["--base", base, os.path.join(docs_dir, name)],
                                         out, err)
            statuses[name] = status
            cpu += c
            wall += w
        net = cpu - start_cost[peer] * len(manifest)
        corpus[peer] = {"cpu": cpu, "wall": wall, "net_cpu": net, "mb_s": total / MB / cpu,
                        "net_mb_s": total / MB / net, "start_cpu": start_cost[peer],
                        "failed": sorted(n for n, s in statuses.items() if s != 0)}
        corpus[peer]["statuses"] = statuses

    # Python: one process over all the documents.
    out_dir = os.path.join(work, "python")
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    listing = "".join("%s\t%s\t%s\n" % (os.path.join(docs_dir, name), base, name)
                      for name, _, base, _ in manifest)
    listing_path = os.path.join(work, "python-list.tsv")
    with open(listing_path, "w") as f:
        f.write(listing)
    with open(listing_path) as stdin, open(os.path.join(work, "python.json"), "wb") as out:
        status, cpu, wall = run_timed([sys.executable, python_script, attributes, out_dir], out,
                                      subprocess.DEVNULL, stdin)
    if status != 0:
        sys.exit("measure.py: the Python baseline failed (%d)" % status)
    links = json.load(open(os.path.join(work, "python.json")))
    corpus["python"] = {"cpu": cpu, "wall": wall, "mb_s": total / MB / cpu, "links": links}

    # The outputs of urlkit, in one process and one a document, and gumbo's,
    # byte for byte.
    mismatches, warning_differences = [], []
    for name, _, _, source in manifest:
        a = corpus["urlkit per document"]["statuses"][name]
        b = corpus["gumbo"]["statuses"][name]
        gumbo_output = os.path.join(work, "gumbo", name)
        gumbo = open(gumbo_output, "rb").read() if b == 0 else None
        same = a == b
        if same and a == 0:
            with open(os.path.join(work, "urlkit-per-document", name), "rb") as fa:
                same = fa.read() == gumbo
        if not same:
            mismatches.append("%s (%s): exit %d and %d%s" % (
                name, source, a, b, "" if a != b else ", outputs differ"))
        elif warnings_of(os.path.join(work, "urlkit-per-document", name + ".err")) != warnings_of(
                os.path.join(work, "gumbo", name + ".err")):
            warning_differences.append("%s (%s)" % (name, source))
        written = os.path.join(work, "urlkit", placed[name])
        batch = open(written, "rb").read() if os.path.exists(written) else None
        if batch != gumbo:
            mismatches.append("%s (%s): in one process, %s" % (
                name, source, "not written" if batch is None else
                "written, gumbo failed (%d)" % b if gumbo is None else "outputs differ"))
        elif batch is not None and batch_warnings.get(placed[name], []) != warnings_of(
                os.path.join(work, "gumbo", name + ".err")):
            warning_differences.append("%s (%s), in one process" % (name, source))
    for peer in tools:
        del corpus[peer]["statuses"]
    results["corpus_runs"] = corpus
    results["mismatches"] = mismatches
    results["warning_differences"] = warning_differences
    with open(os.path.join(work, "mismatches.txt"), "w") as f:
        f.write("".join(m + "\n" for m in mismatches))

    # 3: peak memory, the largest corpus documents and the generated ones.
    memory = []
    largest = sorted(manifest, key=lambda m: (-m[1], m[0]))[:args.largest]
    generated = {} if args.skip_generated else write_generated(work)
    gumbo_limits = ["--as=%d" % int(args.gumbo_memory_gib * (1 << 30)),
                    "--cpu=%d" % args.gumbo_cpu_seconds]
    cases = [(name, os.path.join(docs_dir, name), base) for name, _, base, _ in largest]
    cases += [(label, path, "http://localhost/generated/doc.html")
              for label, path in generated.items()]
    scratch = os.path.join(work, "scratch")
    os.makedirs(scratch, exist_ok=True)
    for label, path, base in cases:
        size = os.path.getsize(path)
        row = {"document": label, "bytes": size}
        outputs = {}
        runs = [("urlkit", [urlkit, "absolutize", "--base", base, path], None, None),
                ("gumbo", [oracle, "--base", base, path], gumbo_limits, None)]
        if label in generated:
            runs.append(("urlkit pipe", [urlkit, "absolutize", "--base", base, "-"], None, path))
        for peer, argv, limits, piped in runs:
            outputs[peer] = os.path.join(scratch, peer.replace(" ", "-") + ".html")
            status, kib, cpu, wall = run_rss(argv, outputs[peer], limits=limits,
                                             shell_stdin=piped)
            row[peer] = {"status": status, "kib": kib, "cpu": cpu, "wall": wall,
                         "mb_s": size / MB / cpu if cpu else None}
        one = os.path.join(work, "python-one.tsv")
        with open(one, "w") as f:
            f.write("%s\t%s\t%s\n" % (path, base, "python.html"))
        with open(one) as stdin:
            status, kib, cpu, wall = run_rss([sys.executable, python_script, attributes, scratch],
                                             os.path.join(scratch, "python.json"), stdin=stdin)
        row["python"] = {"status": status, "kib": kib, "cpu": cpu, "wall": wall,
                         "mb_s": size / MB / cpu if cpu else None}
        if row["gumbo"]["status"] == 0:
            with open(outputs["urlkit"], "rb") as fa, open(outputs["gumbo"], "rb") as fb:
                row["same_output"] = fa.read() == fb.read()
            if not row["same_output"]:
                mismatches.append("%s: outputs differ" % label)
        if "urlkit pipe" in outputs:
            with open(outputs["urlkit"], "rb") as fa, open(outputs["urlkit pipe"], "rb") as fb:
                row["pipe_same"] = fa.read() == fb.read()
            if not row["pipe_same"]:
                mismatches.append("%s: urlkit from a pipe differs from a file" % label)
        memory.append(row)
        for p in outputs.values():
            os.unlink(p)
    results["memory"] = memory

    # 4: instructions per MB.
    if not args.skip_callgrind:
        page = open(os.path.join(args.source, "test/data/html/libexpat1-dev/reference.html"),
                    "rb").read()
        fixed = page * (4_000_000 // len(page) + 1)
        fixed_path = os.path.join(work, "fixed.html")
        with open(fixed_path, "wb") as f:
            f.write(fixed)
        base = "http://localhost/usr/share/doc/libexpat1-dev/reference.html"
        counts = {}
        for label, argv, data in [
                ("urlkit file", [urlkit, "absolutize", "--base", base], None),
                ("urlkit pipe", [urlkit, "absolutize", "--base", base, "-"], fixed),
                ("gumbo", [oracle, "--base", base], None)]:
            if data is None:
                n = callgrind(argv + [fixed_path]) - callgrind(argv + [empty])
            else:
                n = callgrind(argv, data) - callgrind(argv, b"")
            counts[label] = n / (len(fixed) / MB)
        results["instructions_per_mb"] = counts
        results["instructions_document"] = {"bytes": len(fixed),
                                            "from": "test/data/html/libexpat1-dev/reference.html"}

    results["load_average_at_end"] = os.getloadavg()
    with open(os.path.join(work, "results.json"), "w") as f:
        json.dump(results, f, indent=1)

    # The report.
    print()
    print("== corpus: %d documents, %.1f MB, one core ==" % (len(manifest), total / MB))
    print("%-20s %10s %10s %12s %14s %s" % ("peer", "CPU s", "MB/s", "net MB/s",
                                             "start (ms CPU)", "failed"))
    for peer in ("urlkit", "python", "urlkit per document", "gumbo"):
        c = corpus[peer]
        print("%-20s %10.2f %10.1f %12s %14s %s" % (
            peer, c["cpu"], c["mb_s"], "%.1f" % c["net_mb_s"] if "net_mb_s" in c else "-",
            "%.2f" % (c["start_cpu"] * 1000) if "start_cpu" in c else "-",
            len(c.get("failed", []))))
    print("urlkit in one process, CPU s of the three runs: %s (the median above)" % ", ".join(
        "%.2f" % c for c in corpus["urlkit"]["runs_cpu"]))
    print("  user %s, system %s, minor page faults %s" % (
        ", ".join("%.2f" % c for c in corpus["urlkit"]["runs_user"]),
        ", ".join("%.2f" % c for c in corpus["urlkit"]["runs_system"]),
        ", ".join("%d" % c for c in corpus["urlkit"]["runs_minor_faults"])))
    w = corpus["urlkit"]["warm_up"]
    print("  the untimed run before them: %.2f s of CPU (user %.2f, system %.2f)" % (
        w["cpu"], w["user"], w["system"]))
    if engine:
        print("the engine alone, the corpus in memory (urlkit_html_engine), %d repetitions in one "
              "process:" % len(engine["runs_cpu"]))
        print("  %.1f MB/s at the fastest, %.1f at the median (CPU s %s)" % (
            engine["min_mb_s"], engine["median_mb_s"],
            ", ".join("%.2f" % c for c in engine["runs_cpu"])))
    print("python links: %(links)d seen, %(rewritten)d rewritten" % corpus["python"]["links"])
    # urlkit and Python each in one process; urlkit and gumbo one process a
    # document, and net of those starts: the work alone.
    per_document = corpus["urlkit per document"]
    ratios = {
        "urlkit / python": corpus["urlkit"]["mb_s"] / corpus["python"]["mb_s"],
        "urlkit per document / gumbo": per_document["mb_s"] / corpus["gumbo"]["mb_s"],
        "urlkit per document / gumbo, net of starts":
            per_document["net_mb_s"] / corpus["gumbo"]["net_mb_s"],
        "urlkit per document, net of starts / python":
            per_document["net_mb_s"] / corpus["python"]["mb_s"],
    }
    results["ratios"] = ratios
    for what, ratio in ratios.items():
        print("%-44s %.2fx (MB/s)" % (what, ratio))
    print()
    print("== peak resident set (MiB) and MB/s of one document (gumbo: at most %g GiB and %d s "
          "of CPU) ==" % (args.gumbo_memory_gib, args.gumbo_cpu_seconds))
    peers = ["urlkit", "urlkit pipe", "gumbo", "python"]
    print("%-34s %8s  %s" % ("document", "MB", "  ".join("%-22s" % p for p in peers)))
    for row in memory:
        cells = []
        for p in peers:
            r = row.get(p)
            if r is None:
                cells.append("%-22s" % "-")
            elif r["status"] != 0:
                # 137: SIGKILL, the CPU limit's hard one (gumbo's run only).
                what = "killed" if r["status"] == 137 else "failed (%d)" % r["status"]
                cells.append("%-22s" % ("%s at %.0f MiB" % (what, r["kib"] / 1024)))
            else:
                # (A small document's CPU time can round to 0: no rate.)
                rate = "%.1f MB/s" % r["mb_s"] if r["mb_s"] else "- MB/s"
                cells.append("%-22s" % ("%.1f MiB, %s" % (r["kib"] / 1024, rate)))
        print("%-34s %8.1f  %s" % (row["document"][:34], row["bytes"] / MB, "  ".join(cells)))
    if "instructions_per_mb" in results:
        print()
        print("== instructions per MB (callgrind), %s repeated to %.1f MB ==" % (
            results["instructions_document"]["from"], results["instructions_document"]["bytes"] / MB))
        for label, n in results["instructions_per_mb"].items():
            print("%-12s %14.0f" % (label, n))
        ratio = results["instructions_per_mb"]["urlkit file"] / results["instructions_per_mb"]["gumbo"]
        print("urlkit file / gumbo, instructions: %.2fx" % ratio)
    print()
    print("urlkit and gumbo: %d corpus documents compared, %d differ; warnings differ on %d" % (
        len(manifest), len(mismatches), len(warning_differences)))
    for m in mismatches:
        print("  DIFFERS:", m)
    for w in warning_differences[:20]:
        print("  warnings differ:", w)

    # The targets.
    missed = bool(mismatches)
    checks = [("urlkit, one process, MB/s over the corpus >= 150", corpus["urlkit"]["mb_s"] >= 150,
               "%.1f" % corpus["urlkit"]["mb_s"]),
              ("urlkit / python MB/s >= 20", corpus["urlkit"]["mb_s"] / corpus["python"]["mb_s"] >= 20,
               "%.1fx" % (corpus["urlkit"]["mb_s"] / corpus["python"]["mb_s"]))]
    for row in memory:
        if row["document"] in generated:
            for p in ("urlkit", "urlkit pipe"):
                r = row[p]
                checks.append(("%s peak on %s < 16 MiB" % (p, row["document"]),
                               r["status"] == 0 and r["kib"] < 16 * 1024,
                               "%.1f MiB" % (r["kib"] / 1024)))
    print()
    for what, ok, value in checks:
        print("%-52s %-12s %s" % (what, value, "met" if ok else "MISSED"))
        missed |= not ok
    results["targets"] = [{"target": w, "value": v, "met": ok} for w, ok, v in checks]
    with open(os.path.join(work, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    print("load average at the end: %.2f %.2f %.2f" % results["load_average_at_end"])
    print("results:", os.path.join(work, "results.json"))
    shutil.rmtree(trash, ignore_errors=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
