"""A million calls leak nothing: reference counts stay as they were, and the
process's memory does not grow with the calls (tracemalloc for Python's
allocations, the resident set for the extension's own)."""
import gc
import sys
import tracemalloc

import urlkit


def _rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4  # pages of 4 KiB


def _calls(n, base, ref, bad, sink):
    for _ in range(n):
        u = urlkit.parse(base)
        u.host, u.path, u.query, u.fragment, u.port
        urlkit.resolve(base, ref)
        urlkit.resolve(u, b"g".decode())
        try:
            urlkit.parse(bad)
        except urlkit.URLError:
            pass
        urlkit.parse("http://a/b|c", on_warning=sink)


def test_a_million_calls():
    base, ref, bad = "http://a/b/c/d;p?q", "../g?y#s", "http://a:x/"
    sink = [].append
    # 200,000 rounds of five calls each.
    _calls(20_000, base, ref, bad, lambda w: None)  # warm up: caches, arenas
    gc.collect()
    refs = [sys.getrefcount(o) for o in (base, ref, bad, None, urlkit.URLError, urlkit.URL)]
    rss = _rss_kib()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    _calls(20_000, base, ref, bad, lambda w: None)
    gc.collect()
    traced_growth = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    _calls(180_000, base, ref, bad, lambda w: None)
    gc.collect()
    after = [sys.getrefcount(o) for o in (base, ref, bad, None, urlkit.URLError, urlkit.URL)]
    # None's count moves with whatever else the interpreter holds (by one now
    # and then); a reference leaked per call would add 200,000 or more.
    assert abs(after[3] - refs[3]) < 1000, (after[3], refs[3])
    assert after[:3] + after[4:] == refs[:3] + refs[4:]
    assert traced_growth < 64 * 1024, traced_growth
    assert _rss_kib() - rss < 8 * 1024, (rss, _rss_kib())


def test_batches_and_views_leak_nothing():
    pairs = [("http://a/b/c", "d"), ("", "g")] * 500
    urls = ["http://a/b|c", "http://a:x/", "ftp://h/a;type=d"] * 300
    for _ in range(20):
        urlkit.resolve_many(pairs), urlkit.validate_many(urls)
    gc.collect()
    refs = [sys.getrefcount(p[1]) for p in pairs[:2]]
    rss = _rss_kib()
    for _ in range(200):
        urlkit.resolve_many(pairs), urlkit.validate_many(urls)
        u = urlkit.parse("ftp://u:p@h/a/b;type=d")
        u.ftp, u.endpoint
        urlkit.extract("see <URL:http://a/b> and ftp://c/d.")
    gc.collect()
    assert [sys.getrefcount(p[1]) for p in pairs[:2]] == refs
    assert _rss_kib() - rss < 8 * 1024
