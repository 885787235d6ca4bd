"""The module from threads: no shared mutable state, and the batch calls
release the GIL (another thread makes progress while they run)."""
import sys
import threading
import time

import urlkit
from conftest import appendix_c


def test_threads_get_the_same_answers():
    base, pairs = appendix_c()
    expected = [e for _, e in pairs]
    failures = []

    def work():
        try:
            for _ in range(200):
                got = [urlkit.resolve(base, r) for r, _ in pairs]
                if got != expected:
                    failures.append(got)
                u = urlkit.parse("ftp://u:p@h/a/b;type=d", on_warning=lambda w: None)
                if u.ftp.plan != ("CWD a", "NLST b") or urlkit.validate("http://a:x/")[0].code != "bad_port":
                    failures.append("views")
                if urlkit.resolve_many([(base, r) for r, _ in pairs]) != expected:
                    failures.append("batch")
        except Exception as e:  # noqa: BLE001 -- reported below
            failures.append(e)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def _progress_while(call):
    """How often another thread got to run while `call` was inside the
    extension: counted by that thread itself (a flag set around the call),
    not timed.  With a switch interval longer than the test, a thread gives
    the GIL up only when it blocks or releases it: the watcher (which blocks
    in sleep(0) every loop) runs during the call only if the call released
    the GIL, and then all the while."""
    state = {"inside": False, "done": False, "seen": 0}

    def watcher():
        while not state["done"]:
            if state["inside"]:
                state["seen"] += 1
            time.sleep(0)

    def worker():
        state["inside"] = True
        call()
        state["inside"] = False

    interval = sys.getswitchinterval()
    sys.setswitchinterval(60)
    try:
        w = threading.Thread(target=watcher)
        w.start()
        t = threading.Thread(target=worker)
        t.start()
        t.join()
        state["done"] = True
        w.join()
    finally:
        sys.setswitchinterval(interval)
    return state["seen"]


def test_the_watcher_does_not_run_while_the_gil_is_held():
    xs = [float(i % 1000) for i in range(500_000)]
    assert _progress_while(lambda: sorted(xs)) == 0


def test_resolve_many_releases_the_gil():
    pairs = [("http://a/b/c/d;p?q", f"../g{i}/./h/../k?x#y") for i in range(100_000)]
    results = []
    seen = _progress_while(lambda: results.append(urlkit.resolve_many(pairs)))
    assert results[0][7] == "http://a/b/g7/k?x#y"
    assert seen > 10, seen


def test_validate_many_releases_the_gil():
    urls = [f"http://a/b|{i}" for i in range(100_000)]
    results = []
    seen = _progress_while(lambda: results.append(urlkit.validate_many(urls)))
    assert results[0][5][0].code == "unwise_character"
    assert seen > 10, seen
