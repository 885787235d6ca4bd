"""spec="1808" and spec="3986": resolve, make_relative and resolve_many by
draft section 6 (RFC 1808's algorithm, the default) or RFC 3986 5.2, on RFC
3986 5.4's examples (test/data/rfc3986/resolution-examples.json) and Appendix C."""
import json
import subprocess

import pytest

import urlkit
from conftest import SOURCE_DIR, appendix_c


def rfc3986_examples():
    data = json.loads((SOURCE_DIR / "test" / "data" / "rfc3986" / "resolution-examples.json")
                      .read_text(encoding="utf-8"))
    pairs = data["normal"] + data["abnormal"]
    assert len(pairs) >= 40, "the RFC 3986 table was not read"
    return data["base"], pairs


def test_rfc3986_examples():
    base, pairs = rfc3986_examples()
    for reference, expected in pairs:
        assert urlkit.resolve(base, reference, spec="3986") == expected, reference
        assert urlkit.resolve(base.encode(), reference.encode(), spec="3986") == expected.encode()
    assert urlkit.resolve_many([(base, r) for r, _ in pairs], spec="3986") == [e for _, e in pairs]


def test_the_default_is_rfc_1808():
    base, pairs = appendix_c()
    for reference, expected in pairs:
        assert urlkit.resolve(base, reference) == expected, reference
        assert urlkit.resolve(base, reference, spec="1808") == expected, reference
    assert urlkit.resolve_many([(base, r) for r, _ in pairs], spec="1808") == [e for _, e in pairs]


def test_where_the_two_differ():
    base = "http://a/b/c/d;p?q"
    differ = {
        "../../../g": ("http://a/../g", "http://a/g"),  # draft 6 step 6 / RFC 3986 5.2.4
        "/./g": ("http://a/./g", "http://a/g"),  # draft 6 step 4 / RFC 3986 5.2.2
        "?": ("http://a/b/c/d;p?q", "http://a/b/c/d;p?"),  # draft 6 step 5 / RFC 3986 5.2.2
    }
    for reference, (rfc1808, rfc3986) in differ.items():
        assert urlkit.resolve(base, reference) == rfc1808, reference
        assert urlkit.resolve(base, reference, spec="3986") == rfc3986, reference
    # An opaque base: refused by draft 4.2, used as it is by RFC 3986 5.2.1.
    with pytest.raises(urlkit.URLError) as e:
        urlkit.resolve("mailto:a@b", "g")
    assert e.value.code == "base_not_generic"
    assert urlkit.resolve("mailto:a@b", "g", spec="3986") == "mailto:g"


def test_make_relative_round_trips_under_both():
    base, pairs = rfc3986_examples()
    for spec in ("1808", "3986"):
        for _, target in pairs:
            # The resolved form of the target (RFC 3986 removes its dot segments).
            goal = urlkit.resolve(base, target, spec=spec)
            ref = urlkit.make_relative(base, target, spec=spec)
            assert urlkit.resolve(base, ref, spec=spec) == goal, (spec, target, ref)
            assert len(ref) <= len(goal)
    assert urlkit.make_relative("http://a/b/c/d;p?q", "http://a/b/c/d;p?") == ";p?"
    assert urlkit.make_relative("http://a/b/c/d;p?q", "http://a/b/c/d;p?", spec="3986") == "?"


def test_any_other_spec_is_a_value_error():
    for bad in ("", "rfc3986", "2396", "3986 ", 3986, None, b"3986"):
        with pytest.raises(ValueError):
            urlkit.resolve("http://a/", "g", spec=bad)
        with pytest.raises(ValueError):
            urlkit.make_relative("http://a/", "http://a/g", spec=bad)
        with pytest.raises(ValueError):
            urlkit.resolve_many([("http://a/", "g")], spec=bad)
    with pytest.raises(TypeError):  # keyword only
        urlkit.resolve("http://a/", "g", "3986")


def test_spec_matches_the_cli(cli):
    base, pairs = rfc3986_examples()
    refs = [r for r, _ in pairs] + ["http://x/y|z", "a b"]
    for spec in ("1808", "3986"):
        proc = subprocess.run([cli, "resolve", "--spec", spec, base], input="".join(r + "\n" for r in refs),
                              capture_output=True, text=True)
        ours = [r for r in urlkit.resolve_many([(base, r) for r in refs], spec=spec)
                if not isinstance(r, urlkit.URLError)]
        assert proc.stdout.splitlines() == ours, spec
