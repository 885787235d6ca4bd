"""The Python package's API: every function, its errors and warnings, str
and bytes input, absent and empty components (docs/python.md)."""
import json
import pickle
import subprocess
import warnings

import pytest

import urlkit
from conftest import SOURCE_DIR, appendix_c


# ---- parse and the components ------------------------------------------------

def test_parse_components():
    u = urlkit.parse("http://us%65r:pw@a.example:8080/b/c;p?q=1#f")
    assert (u.scheme, u.server, u.user, u.password, u.host, u.port) == (
        "http", "us%65r:pw@a.example:8080", "us%65r", "pw", "a.example", "8080")
    assert (u.path, u.params, u.query, u.fragment) == ("b/c", "p", "q=1", "f")
    assert u.absolute_path and u.is_absolute and u.port_number == 8080
    assert u.host_kind == "name" and not u.strict and u.warning_count == 0
    assert u.segments == ("b", "c")
    assert u.query_params() == [("q", "1")]
    assert u.without_fragment() == "http://us%65r:pw@a.example:8080/b/c;p?q=1"


def test_url_constructor_is_parse():
    assert urlkit.URL("http://a/b") == urlkit.parse("http://a/b")
    assert urlkit.URL("http://a/", strict=True).strict
    with pytest.raises(urlkit.URLError):
        urlkit.URL("http://a b/")
    assert type(urlkit.parse("g")) is urlkit.URL and urlkit.URL.__module__ == "urlkit"


def test_absent_and_empty():
    absent = urlkit.parse("http://a/b")
    empty = urlkit.parse("http://@a:/b;?#")
    assert absent.user is None and empty.user == ""
    assert absent.port is None and empty.port == "" and empty.port_number is None
    assert absent.params is None and empty.params == ""
    assert absent.query is None and empty.query == ""
    assert absent.fragment is None and empty.fragment == ""
    rel = urlkit.parse("g")
    assert rel.scheme is None and rel.server is None and rel.host is None
    assert rel.path == "g" and not rel.absolute_path and not rel.is_absolute
    assert urlkit.parse("").path == ""
    assert urlkit.parse("file:///x").host == ""


@pytest.mark.parametrize("text", [
    "http://a/b/c;p?q#f", "g;x?y#s", "", "#", "?", "//h", "ftp://u:p@h:21/a;type=d",
    "http://a/é|{}", "mailto:a@b", "HTTP://A:/%7e", "data:,A%20B",
])
def test_round_trip(text):
    u = urlkit.parse(text)
    assert str(u) == text
    assert bytes(u) == text.encode()
    b = urlkit.parse(text.encode(), on_warning=lambda w: None) if text else urlkit.parse(b"")
    assert bytes(b) == text.encode()


def test_url_is_immutable_hashable_and_picklable():
    u = urlkit.parse("http://a/b?q")
    with pytest.raises(AttributeError):
        u.query = "x"
    with pytest.raises(AttributeError):
        u.anything = 1
    assert u == urlkit.parse("http://a/b?q") and hash(u) == hash(urlkit.parse("http://a/b?q"))
    assert u != urlkit.parse("http://a/b?Q") and u != "http://a/b?q"
    assert u != urlkit.parse(b"http://a/b?q")  # as 'x' != b'x'
    assert len({u, urlkit.parse("http://a/b?q")}) == 1
    assert repr(u) == "urlkit.URL('http://a/b?q')"
    assert repr(urlkit.parse("http://a/", strict=True)) == "urlkit.URL('http://a/', strict=True)"
    v = pickle.loads(pickle.dumps(urlkit.parse("http://a/", strict=True)))
    assert v == urlkit.parse("http://a/") and v.strict


def test_bytes_input_gives_bytes():
    u = urlkit.parse(b"http://a/b?q")
    assert u.scheme == b"http" and u.path == b"b" and u.query == b"q" and u.fragment is None
    for arg in (bytearray(b"http://a/b"), memoryview(b"http://a/b")):
        assert urlkit.parse(arg).host == b"a"
    # A byte that is no UTF-8 stays as it was, in lenient mode.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", urlkit.URLWarning)
        raw = urlkit.parse(b"http://a/\xff")
    assert raw.path == b"\xff" and bytes(raw) == b"http://a/\xff"
    with pytest.raises(TypeError):
        urlkit.parse(42)


def test_strict_and_lenient():
    with pytest.warns(urlkit.URLWarning):
        assert urlkit.parse("http://a/b|c").path == "b|c"
    with pytest.raises(urlkit.URLError) as e:
        urlkit.parse("http://a/b|c", strict=True)
    assert e.value.code == "unwise_character" and e.value.offset == 10


# ---- errors --------------------------------------------------------------------

def test_url_error():
    with pytest.raises(urlkit.URLError) as e:
        urlkit.parse("http://a:x/")
    err = e.value
    assert isinstance(err, ValueError)
    assert (err.code, err.offset, err.message, err.source) == ("bad_port", 9, "port must be digits", None)
    assert str(err) == "offset 9: port must be digits"
    again = pickle.loads(pickle.dumps(err))
    assert (again.code, again.offset, again.message) == ("bad_port", 9, "port must be digits")


def test_error_offsets_count_characters_of_str_and_bytes_of_bytes():
    text = "http://é.example/a b"
    with pytest.raises(urlkit.URLError) as e:
        urlkit.parse(text)
    assert e.value.code == "invalid_character"
    assert text[e.value.offset] == " "
    with pytest.raises(urlkit.URLError) as e:
        urlkit.parse(text.encode())
    assert text.encode()[e.value.offset:e.value.offset + 1] == b" "


def test_port_number_out_of_range():
    with pytest.raises(urlkit.URLError) as e:
        urlkit.parse("http://a:70000/").port_number
    assert e.value.code == "port_out_of_range"


# ---- warnings --------------------------------------------------------------------

def test_warnings_go_to_the_warnings_module():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        urlkit.parse("http://a/é|")
    assert [w.category for w in caught] == [urlkit.URLWarning] * 3
    got = [(w.message.code, w.message.offset) for w in caught]
    # Both octets of "é" (character 9), then "|" (character 10).
    assert got == [("non_ascii", 9), ("non_ascii", 9), ("unwise_character", 10)]
    assert caught[0].filename == __file__  # the caller's line


def test_warnings_to_a_callback():
    seen = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none may reach the warnings module
        u = urlkit.parse("http://a/b|c", on_warning=seen.append)
    assert u.warning_count == 1
    [w] = seen
    assert isinstance(w, urlkit.URLWarning) and isinstance(w, UserWarning)
    assert (w.code, w.offset, w.source) == ("unwise_character", 10, None)
    assert "unwise character" in w.message


def test_warning_as_error_and_callback_exception_propagate():
    with warnings.catch_warnings():
        warnings.simplefilter("error", urlkit.URLWarning)
        with pytest.raises(urlkit.URLWarning):
            urlkit.parse("http://a/b|c")

    def boom(w):
        raise RuntimeError("stop")
    with pytest.raises(RuntimeError):
        urlkit.parse("http://a/b|c", on_warning=boom)


def test_typed_view_warnings_go_where_parse_sent_them():
    seen = []
    u = urlkit.parse("http://user@h/", on_warning=seen.append)
    assert seen == []
    assert u.http.host == "h"
    assert [w.code for w in seen] == ["scheme_syntax"]


# ---- typed views and the endpoint ------------------------------------------------

def test_http_view():
    h = urlkit.parse("https://h/a%20b;p?x=%41").http
    assert h == urlkit.HTTPView(host="h", port=443, explicit_port=False, default_port=443,
                                secure=True, websocket=False, hpath="a b;p", search="x=A",
                                request_target="/a%20b;p?x=%41")
    assert urlkit.parse("ftp://h/").http is None
    assert urlkit.parse("g").http is None
    with pytest.raises(urlkit.URLError) as e:
        urlkit.parse("http://u@h/", strict=True).http
    assert e.value.code == "scheme_syntax"
    with pytest.raises(AttributeError):
        h.host = "x"  # frozen
    assert hash(h) == hash(urlkit.parse("https://h/a%20b;p?x=%41").http)


def test_every_typed_view():
    u = urlkit.parse
    f = u("ftp://u:p@h/a/b;type=d").ftp
    assert (f.user, f.password, f.host, f.port, f.fpath, f.cwd, f.name, f.typecode, f.plan) == (
        "u", "p", "h", 21, "a/b", ("a",), "b", "d", ("CWD a", "NLST b"))
    m = u("mailto:a@b.example?subject=hi%20there").mailto
    assert (m.address, m.is_addr_spec, m.local_part, m.domain, m.to, m.subject, m.body) == (
        "a@b.example", True, "a", "b.example", ("a@b.example",), "hi there", None)
    assert u("news:comp.lang.c").news == urlkit.NewsView("group", "comp.lang.c", "comp.lang.c", None)
    assert u("news:*").news.kind == "all"
    assert u("news:abc@def").news.message_id == "abc@def"
    assert u("nntp://h/g/12").nntp == urlkit.NNTPView("h", 119, "g", 12)
    assert u("telnet://u@h:2323/").telnet == urlkit.TelnetView("u", None, "h", 2323, True)
    g = u("gopher://h/1sel%09query").gopher
    assert (g.gopher_type, g.selector, g.search, g.request_line) == ("1", "sel", "query", b"sel\tquery\r\n")
    assert u("wais://h/db?s").wais.kind == "search"
    assert u("wais://h/db/t/p").wais[1:] if False else u("wais://h/db/t/p").wais.wpath == "p"
    assert u("file:///etc/hosts").file == urlkit.FileView("", True, "etc/hosts", "/etc/hosts")
    assert u("file://elsewhere/x").file.local_path is None
    p = u("prospero://h/a/b;k=v").prospero
    assert (p.hsoname, p.fieldspecs) == ("a/b", (("k", "v"),))
    d = u("data:text/plain;charset=utf-8;base64,SGk=").data
    assert (d.type, d.subtype, d.parameters, d.is_base64, d.body) == (
        "text", "plain", (("charset", "utf-8"),), True, b"Hi")
    for name in ("ftp", "mailto", "news", "nntp", "telnet", "gopher", "wais", "file", "prospero", "data"):
        assert getattr(u("http://h/"), name) is None


def test_typed_views_of_bytes_are_bytes():
    h = urlkit.parse(b"http://h/a%FF").http
    assert h.host == b"h" and h.hpath == b"a\xff"
    assert urlkit.parse("http://h/a%FF").http.hpath == "a\ufffd"  # as urllib.parse.unquote


def test_data_view_against_the_wpt_vectors():
    rows = json.loads((SOURCE_DIR / "test/data/wpt-data-urls/data-urls.json").read_text())
    checked = 0
    for row in rows:
        text, mime = row[0], row[1]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", urlkit.URLWarning)
                d = urlkit.parse(text).data
        except urlkit.URLError:
            # The generic grammar refuses spaces and controls, which RFC 2397's
            # processing takes; a refused row is refused either way.
            continue
        if mime is None:
            continue  # lenient: taken with a warning where the processing refuses
        assert d.media_type == (mime or "text/plain;charset=US-ASCII"), text
        assert list(d.body) == row[2], text
        checked += 1
    assert checked >= 20


def test_endpoint():
    e = urlkit.parse("HTTPS://u:p@h.example/a?b").endpoint
    assert e == urlkit.Endpoint("https", "h.example", 443, True, "/a?b", "u", "p")
    assert urlkit.parse("ftp://h:2121/d/f").endpoint.port == 2121
    for text, code in [("mailto:a@b", "no_server"), ("foo://h/", "no_default_port"),
                       ("g", "scheme_expected")]:
        with pytest.raises(urlkit.URLError) as err:
            urlkit.parse(text).endpoint
        assert err.value.code == code, text
    if urlkit.has_idna:
        assert urlkit.parse("http://bücher.example/").endpoint.host == "xn--bcher-kva.example"


# ---- resolve, make_relative --------------------------------------------------------

def test_resolve_appendix_c():
    base, pairs = appendix_c()
    for reference, expected in pairs:
        assert urlkit.resolve(base, reference) == expected, reference
        assert urlkit.resolve(base.encode(), reference.encode()) == expected.encode()
    assert urlkit.resolve(urlkit.parse(base), "g") == "http://a/b/c/g"


def test_resolve_differs_from_urljoin_where_rfc_1808_does():
    import urllib.parse
    base = "http://a/b/c/d;p?q"
    assert urlkit.resolve(base, "../../../g") == "http://a/../g"
    assert urllib.parse.urljoin(base, "../../../g") == "http://a/g"
    assert urlkit.resolve("foo:a/b", "c") == "foo:a/c"
    assert urllib.parse.urljoin("foo:a/b", "c") == "c"


def test_resolve_errors():
    with pytest.raises(urlkit.URLError) as e:
        urlkit.resolve("", "g")
    assert (e.value.code, e.value.source) == ("base_undefined", "base")
    with pytest.raises(urlkit.URLError) as e:
        urlkit.resolve("mailto:a@b", "g")
    assert e.value.code == "base_not_generic"
    with pytest.raises(urlkit.URLError) as e:
        urlkit.resolve("http://é:x/", "g")
    assert (e.value.code, e.value.offset, e.value.source) == ("bad_port", 9, "base")
    assert str(e.value) == "base: offset 9: port must be digits"
    with pytest.raises(urlkit.URLError) as e:
        urlkit.resolve("http://a/", "é b")
    assert (e.value.code, e.value.offset, e.value.source) == ("invalid_character", 1, None)
    with pytest.raises(TypeError):
        urlkit.resolve("http://a/", b"g")


def test_resolve_warnings_name_their_input():
    seen = []
    assert urlkit.resolve("http://a/|", "é|", on_warning=seen.append) == "http://a/é|"
    assert [(w.code, w.offset, w.source) for w in seen] == [
        ("unwise_character", 9, "base"), ("non_ascii", 0, None), ("non_ascii", 0, None),
        ("unwise_character", 1, None)]


def test_make_relative():
    assert urlkit.make_relative("http://a/b/c/d", "http://a/b/e") == "../e"
    base, pairs = appendix_c()
    for _, target in pairs:
        if not target.startswith("http://a/") or "/." in target:
            continue
        rel = urlkit.make_relative(base, target)
        assert urlkit.resolve(base, rel) == target
    with pytest.raises(urlkit.URLError) as e:
        urlkit.make_relative("http://a/", "g")
    assert e.value.code == "target_not_absolute"
    with pytest.raises(urlkit.URLError) as e:
        urlkit.make_relative("http://a/", "http://b:x/")
    assert (e.value.source, e.value.offset) == ("target", 9)


# ---- normalize, equivalent -----------------------------------------------------------

def test_normalize_and_equivalent():
    assert urlkit.normalize("HTTP://Example.COM:80/%7Euser") == "http://example.com/~user"
    assert urlkit.normalize("http://a") == "http://a/"
    assert urlkit.normalize(b"HTTP://A/#f", ignore_fragment=True) == b"http://a/"
    assert urlkit.equivalent("http://a:80/%7Eb", "HTTP://A/~b")
    assert not urlkit.equivalent("http://a/b?", "http://a/b")
    assert urlkit.equivalent("http://a/#x", "http://a/#y", ignore_fragment=True)
    with pytest.raises(urlkit.URLError):
        urlkit.normalize("http://a b/")
    with pytest.raises(urlkit.URLError):
        urlkit.equivalent("http://a/", "http://a:x/")


# ---- validate ------------------------------------------------------------------------

def test_validate():
    assert urlkit.validate("http://a/b") == []
    [p] = urlkit.validate("http://a/b|c")
    assert (p.code, p.offset, p.severity) == ("unwise_character", 10, "warning")
    [p] = urlkit.validate("http://a/b|c", strict=True)
    assert (p.code, p.severity) == ("unwise_character", "error")
    problems = urlkit.validate("http://a/é|:x:y@")
    assert problems and all(p.severity == "warning" for p in problems)
    [err] = urlkit.validate("http://a:x/")
    assert (err.code, err.offset, err.message, err.severity) == ("bad_port", 9, "port must be digits", "error")
    # The scheme's own grammar too.
    assert urlkit.validate("ftp://h/a;type=x")[-1].code == "scheme_syntax"
    assert isinstance(urlkit.validate(b"http://a/b|c")[0], urlkit.Problem)


def test_validate_matches_the_cli(cli):
    urls = ["http://a/b", "http://a/b|c", "http://a:x/", "ftp://h/a;type=x", "mailto:x", "g h",
            "http://é/ü|"]
    out = subprocess.run([cli, "validate", "--json", *urls], capture_output=True, text=True).stdout
    for line, url in zip(out.splitlines(), urls):
        record = json.loads(line)
        problems = urlkit.validate(url)
        errors = [p for p in problems if p.severity == "error"]
        assert record["ok"] == (not errors), url
        if errors:
            assert record["error"]["code"] == errors[0].code
        assert [w["code"] for w in record["warnings"]] == [p.code for p in problems if p.severity == "warning"]


# ---- extract ---------------------------------------------------------------------------

def test_extract():
    text = "voir <URL:http://a/b> et ftp://c/d."
    found = urlkit.extract(text)
    assert [(f.url, f.how) for f in found] == [("http://a/b", "wrapped"), ("ftp://c/d", "bare")]
    for f in found:
        assert text[f.start:f.end] == f.url
    assert text[found[0].outer_start:found[0].outer_end] == "<URL:http://a/b>"
    # Characters, not bytes: "é" before the URLs moves them by one character.
    text = "é€ see http://a/ü and http://b/"
    urls = urlkit.extract(text, on_warning=lambda w: None)
    assert [text[f.start:f.end] for f in urls] == [f.url for f in urls]
    btext = text.encode()
    burls = urlkit.extract(btext, on_warning=lambda w: None)
    assert [btext[f.start:f.end] for f in burls] == [f.url for f in burls]
    assert urlkit.extract("nothing here") == []
    assert [f.url for f in urlkit.extract("x imap://h/ y", extra_schemes=["imap"])] == ["imap://h/"]


def test_extract_hyphen_warning():
    seen = []
    found = urlkit.extract("<URL:http://a/very-\n   long>", on_warning=seen.append)
    assert [f.url for f in found] == ["http://a/very-long"]
    assert [w.code for w in seen] == ["hyphen_line_break"]


# ---- absolutize ---------------------------------------------------------------------------

needs_html = pytest.mark.skipif(not urlkit.has_html, reason="urlkit built without urlkit::html")


@needs_html
def test_absolutize_appendix_d():
    text = (SOURCE_DIR / "test/appendix_d.hpp").read_text()
    doc = "".join(eval(s) for s in __import__("re").findall(r'^\s*("(?:[^"\\]|\\.)*")', text, flags=8))
    out = urlkit.absolutize(doc)
    assert 'href="http://www.ics.uci.edu/Test/a/x"' in out
    assert out.replace('http://www.ics.uci.edu/Test/a/x', '../x') == doc


@needs_html
def test_absolutize_str_and_bytes():
    assert urlkit.absolutize('<a href="../x">é</a>', "http://h/a/b/c") == '<a href="http://h/a/x">é</a>'
    assert urlkit.absolutize(b'<img src=y>', b"http://h/a/") == b'<img src=http://h/a/y>'
    assert urlkit.absolutize('<a href="#top">', "http://h/", keep_same_document=True) == '<a href="#top">'
    seen = []
    out = urlkit.absolutize('<a href="http://a:x/">', "http://h/", on_warning=seen.append)
    assert out == '<a href="http://a:x/">'
    [w] = seen
    assert (w.code, w.source) == ("passed_over", "a href")
    with pytest.raises(urlkit.URLError) as e:
        urlkit.absolutize("<p>", "relative")
    assert e.value.code == "base_not_absolute"
    with pytest.raises(TypeError):
        urlkit.absolutize(b"<p>", "http://h/")


# ---- batches -----------------------------------------------------------------------------------

def test_resolve_many():
    base, pairs = appendix_c()
    got = urlkit.resolve_many((base, r) for r, _ in pairs)
    assert got == [expected for _, expected in pairs]
    out = urlkit.resolve_many([("http://a/b/c", "d"), ("", "g"), (b"http://a/", b"x"), ("http://a/", "a b")])
    assert out[0] == "http://a/b/d" and out[2] == b"http://a/x"
    assert isinstance(out[1], urlkit.URLError) and (out[1].code, out[1].source) == ("base_undefined", "base")
    assert isinstance(out[3], urlkit.URLError) and (out[3].code, out[3].offset) == ("invalid_character", 1)
    assert urlkit.resolve_many([]) == []
    with pytest.raises(TypeError):
        urlkit.resolve_many([("http://a/",)])
    with pytest.raises(TypeError):
        urlkit.resolve_many([("http://a/", b"x")])


def test_validate_many():
    urls = ["http://a/b", "http://a/b|c", "http://a:x/", b"http://a/"]
    assert urlkit.validate_many(urls) == [urlkit.validate(u) for u in urls]
    assert urlkit.validate_many(["http://a/b|c"], strict=True)[0][0].severity == "error"


def test_resolve_matches_the_cli(cli):
    base, pairs = appendix_c()
    refs = [r for r, _ in pairs] + ["http://x/y|z", "../../../../g", "//h:1/p", "?q#f", "a b"]
    lines = [(base, r) for r in refs] + [("mailto:a@b", "x"), ("http://h/d/", "é"), ("foo:a/b", "../c")]
    stdin = "".join(f"{b}\t{r}\n" for b, r in lines)
    proc = subprocess.run([cli, "resolve", "--pairs"], input=stdin, capture_output=True, text=True)
    ours = [r for r in urlkit.resolve_many(lines) if not isinstance(r, urlkit.URLError)]
    assert proc.stdout.splitlines() == ours
    assert len(proc.stderr.splitlines()) == len(lines) - len(ours)


def test_single_calls_match_the_cli(cli):
    def run(*args):
        return subprocess.run([cli, *args], capture_output=True, text=True, check=True).stdout.strip()
    assert run("normalize", "HTTP://A:80/%7e") == urlkit.normalize("HTTP://A:80/%7e")
    assert run("relative", "http://a/b/c/d", "http://a/e/f") == urlkit.make_relative("http://a/b/c/d", "http://a/e/f")


# ---- the module ---------------------------------------------------------------------------------

def test_docstrings():
    for name in urlkit.__all__:
        obj = getattr(urlkit, name)
        if callable(obj):
            assert obj.__doc__ and len(obj.__doc__) > 40, name
    doc = urlkit.resolve.__doc__
    assert doc.startswith('resolve(base, reference, *, spec="1808", strict=False, on_warning=None)')
    assert "section 6" in doc and "URLError" in doc and ">>>" in doc
    for name in ("scheme", "host", "path", "query", "http", "endpoint"):
        assert getattr(urlkit.URL, name).__doc__, name


def test_stubs_name_everything():
    import pathlib
    stub = (pathlib.Path(urlkit.__file__).parent / "__init__.pyi").read_text()
    assert (pathlib.Path(urlkit.__file__).parent / "py.typed").exists()
    for name in urlkit.__all__:
        assert f"def {name}(" in stub or f"class {name}" in stub or f"{name}:" in stub, name


def test_extract_matches_the_cli(cli):
    text = "voir <URL:http://a/b> et ftp://c/d.\né http://x/ü-\n  y <http://q/> (see http://r/s).\n"
    proc = subprocess.run([cli, "extract", "--json"], input=text.encode(), capture_output=True, check=True)
    records = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    seen = []
    found = urlkit.extract(text.encode(), on_warning=seen.append)
    assert [(r["url"].encode(), r["start"], r["end"], r["how"]) for r in records] == [
        (f.url, f.start, f.end, f.how) for f in found]
    assert [(w["code"], w["offset"]) for r in records for w in r["warnings"]] == [
        (w.code, w.offset) for w in seen]


def test_functions_pickle_by_name():
    # What a Dask task or a multiprocessing pool sends: the function itself
    # (docs/scaling.md maps partitions with urlkit.resolve_many).
    for name in ("parse", "resolve", "make_relative", "normalize", "equivalent", "validate",
                 "extract", "absolutize", "resolve_many", "validate_many"):
        f = getattr(urlkit, name)
        assert pickle.loads(pickle.dumps(f)) is f, name
    # Other builtin functions pickle as they did.
    assert pickle.loads(pickle.dumps(len)) is len
    with pytest.raises(TypeError):
        pickle.dumps(urlkit._urlkit.__dict__["resolve"].__self__)
