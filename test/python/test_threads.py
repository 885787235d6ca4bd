"""The module from threads: no shared mutable state, and the batch calls
release the GIL (another thread makes progress while they run)."""
import threading

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
    not timed."""
    state = {"inside": False, "done": False, "seen": 0}

    def watcher():
        while not state["done"]:
            if state["inside"]:
                state["seen"] += 1

    def worker():
        state["inside"] = True
        call()
        state["inside"] = False

    w = threading.Thread(target=watcher)
    w.start()
    t = threading.Thread(target=worker)
    t.start()
    t.join()
    state["done"] = True
    w.join()
    return state["seen"]


def test_resolve_many_releases_the_gil():
    # Holding the GIL throughout, the call would let the watcher run only at
    # a switch interval before or after it: a handful of loops at most.
    # Without the GIL, the watcher loops all the while it resolves.
    pairs = [("http://a/b/c/d;p?q", f"../g{i}/./h/../k?x#y") for i in range(300_000)]
    results = []
    seen = _progress_while(lambda: results.append(urlkit.resolve_many(pairs)))
    assert results[0][7] == "http://a/b/g7/k?x#y"
    assert seen > 1000, seen


def test_validate_many_releases_the_gil():
    urls = [f"http://a/b|{i}" for i in range(300_000)]
    results = []
    seen = _progress_while(lambda: results.append(urlkit.validate_many(urls)))
    assert results[0][5][0].code == "unwise_character"
    assert seen > 1000, seen
