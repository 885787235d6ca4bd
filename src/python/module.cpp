// urlkit._urlkit: the Python package's extension (docs/python.md).  pybind11
// over the public C++ API: each call reads its arguments as bytes, calls the
// library, and gives back the caller's type (str or bytes), its offsets
// counted as the caller counts them (characters of a str, bytes of bytes).
#include <pybind11/stl.h>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "python.hpp"
#include "urlkit/base.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/normalize.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/url_view.hpp"
#ifdef URLKIT_HAS_HTML
#include "urlkit/html.hpp"
#endif

namespace urlkit::python {

// ---- arguments and results --------------------------------------------------

void read_text(py::handle h, text_arg& out, const char* what) {
  PyObject* o = h.ptr();
  if (PyUnicode_Check(o)) {
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(o, &n);  // cached in the str: no copy
    if (p == nullptr) throw py::error_already_set();
    out.bytes = std::string_view(p, static_cast<std::size_t>(n));
    out.is_bytes = false;
    out.keep = py::reinterpret_borrow<py::object>(h);
    return;
  }
  if (PyBytes_Check(o)) {
    out.bytes =
        std::string_view(PyBytes_AS_STRING(o), static_cast<std::size_t>(PyBytes_GET_SIZE(o)));
    out.is_bytes = true;
    out.keep = py::reinterpret_borrow<py::object>(h);
    return;
  }
  if (py::isinstance<py_url>(h)) {
    const auto& u = h.cast<const py_url&>();
    out.bytes = u.u.buffer();
    out.is_bytes = u.is_bytes;
    out.keep = py::reinterpret_borrow<py::object>(h);
    return;
  }
  if (PyObject_CheckBuffer(o)) {
    // bytearray, memoryview, ...: copied, since it may change.
    Py_buffer b;
    if (PyObject_GetBuffer(o, &b, PyBUF_SIMPLE) != 0) throw py::error_already_set();
    out.copy.assign(static_cast<const char*>(b.buf), static_cast<std::size_t>(b.len));
    PyBuffer_Release(&b);
    out.bytes = out.copy;
    out.is_bytes = true;
    return;
  }
  throw py::type_error(std::string(what) + " must be str, bytes-like or urlkit.URL, not " +
                       std::string(py::str(h.get_type().attr("__name__"))));
}

void same_kind(const text_arg& a, const text_arg& b) {
  if (a.is_bytes != b.is_bytes) throw py::type_error("cannot mix str and bytes-like arguments");
}

std::size_t char_offset(std::string_view s, std::size_t byte) noexcept {
  std::size_t extra = 0;
  if (byte > s.size()) {
    extra = byte - s.size();
    byte = s.size();
  }
  auto continuation = [&](std::size_t i) {
    return (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80;
  };
  std::size_t chars = 0;
  for (std::size_t i = 0; i < byte; ++i)
    if (!continuation(i)) ++chars;
  // A byte inside a character (a warning about each octet of one): that character.
  if (byte < s.size() && continuation(byte) && chars > 0) --chars;
  return chars + extra;
}

py::object make_text(std::string_view s, bool is_bytes) {
  PyObject* o = is_bytes ? PyBytes_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()))
                         : PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()),
                                                "surrogateescape");
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

py::object make_decoded(std::string_view s, bool is_bytes) {
  if (is_bytes) return make_text(s, true);
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

// ---- errors and warnings ----------------------------------------------------

const text_arg* offset_sources::of(std::string_view source) const noexcept {
  if (source.empty()) return input;
  if (source == "base") return base;
  if (source == "target") return target;
  if (source == "retrieval") return retrieval;
  return nullptr;  // an HTML attribute's URL, ...: bytes (docs/python.md)
}

namespace {
py::object source_of(std::string_view s) {
  return s.empty() ? py::none() : py::object(py::str(std::string(s)));
}
}  // namespace

py::object error_object(const urlkit::error& e, const offset_sources& where) {
  return py::reinterpret_borrow<py::object>(cls().url_error)(
      e.message(), std::string(urlkit::to_string(e.code)),
      user_offset(where.of(e.source), e.offset), source_of(e.source));
}

void raise_error(const urlkit::error& e, const offset_sources& where) {
  py::object err = error_object(e, where);
  PyErr_SetObject(cls().url_error, err.ptr());
  throw py::error_already_set();
}

py::object warning_object(const urlkit::warning& w, const offset_sources& where) {
  return py::reinterpret_borrow<py::object>(cls().url_warning)(
      w.message(), std::string(urlkit::to_string(w.code)),
      user_offset(where.of(w.source), w.offset), source_of(w.source));
}

void deliver(const warning_box& box, py::handle on_warning, const offset_sources& where) {
  for (const urlkit::warning& w : box.items) {
    py::object obj = warning_object(w, where);
    if (on_warning.is_none()) {
      // stacklevel 1: the extension has no frame, so it is the caller's line.
      py::reinterpret_borrow<py::object>(cls().warn)(obj, py::arg("stacklevel") = 1);
    } else {
      on_warning(obj);
    }
  }
}

namespace {
classes the_classes{};
}

const classes& cls() noexcept {
  return the_classes;
}

void load_classes() {
  // The package's __init__.py defines them before it imports this module.
  py::module_ pkg = py::module_::import("urlkit");
  auto get = [&](const char* name) {
    py::object o = pkg.attr(name);
    return o.release().ptr();  // kept for the process
  };
  the_classes = {get("URLError"),
                 get("URLWarning"),
                 get("Problem"),
                 get("Found"),
                 get("Endpoint"),
                 get("HTTPView"),
                 get("FTPView"),
                 get("MailtoView"),
                 get("NewsView"),
                 get("NNTPView"),
                 get("TelnetView"),
                 get("GopherView"),
                 get("WAISView"),
                 get("FileView"),
                 get("ProsperoView"),
                 get("DataView"),
                 py::object(py::module_::import("warnings").attr("warn")).release().ptr()};
}

namespace {

urlkit::mode mode_of(bool strict) {
  return strict ? urlkit::mode::strict : urlkit::mode::lenient;
}

}  // namespace

// ---- the functions ------------------------------------------------------------

std::unique_ptr<py_url> parse_url(py::handle text, bool strict, py::handle on_warning) {
  text_arg t;
  read_text(text, t, "text");
  warning_box box;
  urlkit::parse_options o;
  o.mode = mode_of(strict);
  o.on_warning = box.sink();
  auto r = urlkit::url::parse(t.bytes, o);
  const offset_sources where{&t};
  deliver(box, on_warning, where);
  if (!r) raise_error(r.error(), where);
  auto u = std::make_unique<py_url>();
  u->u = *std::move(r);
  u->is_bytes = t.is_bytes;
  u->on_warning = py::reinterpret_borrow<py::object>(on_warning);
  return u;
}

namespace {

// Parses `first` (its errors and warnings with source `first_source`) and
// `second` (the input itself, or `second_source`), in one mode.
struct parsed_pair {
  text_arg a, b;
  warning_box box;
  offset_sources where;
  urlkit::url_view va, vb;
};

void parse_pair(parsed_pair& p, py::handle first, py::handle second, const char* first_name,
                const char* second_name, std::string_view first_source,
                std::string_view second_source, bool strict, py::handle on_warning) {
  read_text(first, p.a, first_name);
  read_text(second, p.b, second_name);
  same_kind(p.a, p.b);
  p.where.input = &p.b;
  p.where.base = &p.a;
  p.where.target = second_source == "target" ? &p.b : nullptr;
  urlkit::parse_options o;
  o.mode = mode_of(strict);
  o.on_warning = p.box.sink();
  auto ra = urlkit::parse_reference(p.a.bytes, o);
  for (auto& w : p.box.items) w.source = first_source;
  if (!ra) {
    deliver(p.box, on_warning, p.where);
    urlkit::error e = ra.error();
    e.source = first_source;
    raise_error(e, p.where);
  }
  const std::size_t first_warnings = p.box.items.size();
  auto rb = urlkit::parse_reference(p.b.bytes, o);
  for (std::size_t i = first_warnings; i < p.box.items.size(); ++i)
    p.box.items[i].source = second_source;
  if (!rb) {
    deliver(p.box, on_warning, p.where);
    urlkit::error e = rb.error();
    e.source = second_source;
    raise_error(e, p.where);
  }
  p.va = *ra;
  p.vb = *rb;
}

// The `spec` argument: "1808" (draft section 6, RFC 1808's algorithm) or
// "3986" (RFC 3986 5.2), the names `urlkit resolve --spec` takes; anything
// else is a ValueError.
urlkit::specification spec_of(py::handle spec) {
  if (py::isinstance<py::str>(spec)) {
    const auto name = spec.cast<std::string>();
    if (name == "1808") return urlkit::specification::rfc1808;
    if (name == "3986") return urlkit::specification::rfc3986;
  }
  throw py::value_error("spec must be \"1808\" or \"3986\", not " +
                        std::string(py::str(py::repr(spec))));
}

py::object resolve(py::handle base, py::handle reference, py::handle spec, bool strict,
                   py::handle on_warning) {
  const urlkit::specification s = spec_of(spec);
  parsed_pair p;
  parse_pair(p, base, reference, "base", "reference", "base", "", strict, on_warning);
  auto r = urlkit::resolve(p.va, p.vb, s);
  deliver(p.box, on_warning, p.where);
  if (!r) raise_error(r.error(), p.where);
  return make_text(*r, p.b.is_bytes);
}

py::object make_relative(py::handle base, py::handle target, py::handle spec, bool strict,
                         py::handle on_warning) {
  const urlkit::specification s = spec_of(spec);
  parsed_pair p;
  parse_pair(p, base, target, "base", "target", "base", "target", strict, on_warning);
  auto r = urlkit::make_relative(p.va, p.vb, s);
  deliver(p.box, on_warning, p.where);
  if (!r) raise_error(r.error(), p.where);
  return make_text(*r, p.b.is_bytes);
}

py::object normalize(py::handle url, bool ignore_fragment, bool strict, py::handle on_warning) {
  text_arg t;
  read_text(url, t, "url");
  warning_box box;
  urlkit::parse_options o;
  o.mode = mode_of(strict);
  o.on_warning = box.sink();
  auto v = urlkit::parse_reference(t.bytes, o);
  const offset_sources where{&t};
  deliver(box, on_warning, where);
  if (!v) raise_error(v.error(), where);
  auto n = urlkit::normalized(*v, {ignore_fragment});
  if (!n) raise_error(n.error(), where);
  return make_text(n->buffer(), t.is_bytes);
}

bool equivalent(py::handle a, py::handle b, bool ignore_fragment, bool strict,
                py::handle on_warning) {
  text_arg ta, tb;
  read_text(a, ta, "a");
  read_text(b, tb, "b");
  same_kind(ta, tb);
  urlkit::parse_options o;
  o.mode = mode_of(strict);
  warning_box box;
  o.on_warning = box.sink();
  auto va = urlkit::parse_reference(ta.bytes, o);
  deliver(box, on_warning, {&ta});
  if (!va) raise_error(va.error(), {&ta});
  box.items.clear();
  auto vb = urlkit::parse_reference(tb.bytes, o);
  deliver(box, on_warning, {&tb});
  if (!vb) raise_error(vb.error(), {&tb});
  return urlkit::equivalent(*va, *vb, {ignore_fragment});
}

// What validate finds in one URL: the generic grammar's and the scheme's
// verdicts, as `urlkit validate` gives them (warnings in input order, then
// the error).  Runs without the GIL in validate_many.
struct verdict {
  std::vector<urlkit::warning> warnings;
  std::optional<urlkit::error> error;
};

verdict check(std::string_view text, urlkit::mode m) {
  verdict out;
  warning_box box;
  urlkit::parse_options po;
  po.mode = m;
  po.on_warning = box.sink();
  auto r = urlkit::parse_reference(text, po);
  if (r) {
    auto v = urlkit::scheme_registry::standard().check(*r, {m, po.on_warning});
    if (!v) out.error = v.error();
  } else {
    out.error = r.error();
  }
  out.warnings = std::move(box.items);
  std::stable_sort(out.warnings.begin(), out.warnings.end(),
                   [](const auto& a, const auto& b) { return a.offset < b.offset; });
  return out;
}

py::list problems(const verdict& v, const text_arg& t) {
  py::list out;
  const offset_sources where{&t};
  py::handle problem = cls().problem;
  auto add = [&](auto code, std::size_t offset, std::string message, std::string_view source,
                 const char* severity) {
    out.append(problem(std::string(urlkit::to_string(code)), user_offset(where.of(source), offset),
                       std::move(message), severity, source_of(source)));
  };
  for (const auto& w : v.warnings) add(w.code, w.offset, w.message(), w.source, "warning");
  if (v.error) add(v.error->code, v.error->offset, v.error->message(), v.error->source, "error");
  return out;
}

py::list validate(py::handle url, bool strict) {
  text_arg t;
  read_text(url, t, "url");
  return problems(check(t.bytes, mode_of(strict)), t);
}

py::list validate_many(py::iterable urls, bool strict) {
  // Under the GIL: the inputs, copied (std::string), so that the work can
  // run without it.
  std::vector<std::string> texts;
  std::vector<bool> is_bytes;
  for (py::handle h : urls) {
    text_arg t;
    read_text(h, t, "url");
    texts.emplace_back(t.bytes);
    is_bytes.push_back(t.is_bytes);
  }
  std::vector<verdict> verdicts(texts.size());
  {
    py::gil_scoped_release unlocked;
    for (std::size_t i = 0; i < texts.size(); ++i) verdicts[i] = check(texts[i], mode_of(strict));
  }
  py::list out;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    text_arg t;
    t.bytes = texts[i];
    t.is_bytes = is_bytes[i];
    out.append(problems(verdicts[i], t));
  }
  return out;
}

py::list resolve_many(py::iterable pairs, py::handle spec) {
  const urlkit::specification s = spec_of(spec);
  std::vector<std::string> bases, refs;
  std::vector<bool> is_bytes;
  for (py::handle h : pairs) {
    if (!py::isinstance<py::sequence>(h) || py::len(h) != 2)
      throw py::type_error("resolve_many: each item must be a (base, reference) pair");
    py::sequence pair = py::reinterpret_borrow<py::sequence>(h);
    text_arg b, r;
    read_text(pair[0], b, "base");
    read_text(pair[1], r, "reference");
    same_kind(b, r);
    bases.emplace_back(b.bytes);
    refs.emplace_back(r.bytes);
    is_bytes.push_back(r.is_bytes);
  }
  std::vector<urlkit::result<std::string>> results;
  results.reserve(bases.size());
  {
    py::gil_scoped_release unlocked;
    for (std::size_t i = 0; i < bases.size(); ++i)
      results.push_back(urlkit::resolve(std::string_view(bases[i]), std::string_view(refs[i]), s));
  }
  py::list out;
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (results[i]) {
      out.append(make_text(*results[i], is_bytes[i]));
      continue;
    }
    text_arg b, r;
    b.bytes = bases[i];
    r.bytes = refs[i];
    b.is_bytes = r.is_bytes = is_bytes[i];
    offset_sources where{&r};
    where.base = &b;
    out.append(error_object(results[i].error(), where));
  }
  return out;
}

py::list extract(py::handle text, std::vector<std::string> extra_schemes, py::handle on_warning) {
  text_arg t;
  read_text(text, t, "text");
  warning_box box;
  urlkit::extract_options o;
  o.registry = &urlkit::scheme_registry::standard();
  o.extra_schemes = std::move(extra_schemes);
  o.on_warning = box.sink();
  std::vector<urlkit::extracted> found;
  {
    py::gil_scoped_release unlocked;
    found = urlkit::extract(t.bytes, o);
  }
  const offset_sources where{&t};
  deliver(box, on_warning, where);
  // Offsets ascend: each is counted on from the one before (at_byte, where
  // at_char characters have started), not from 0.
  std::size_t at_byte = 0, at_char = 0;
  auto continuation = [&](std::size_t i) {
    return (static_cast<unsigned char>(t.bytes[i]) & 0xC0) == 0x80;
  };
  auto map = [&](std::size_t b) {
    if (t.is_bytes) return b;
    if (b < at_byte) at_byte = at_char = 0;
    const std::size_t at = std::min(b, t.bytes.size());
    for (; at_byte < at; ++at_byte)
      if (!continuation(at_byte)) ++at_char;
    // As char_offset: a byte inside a character is that character.
    const bool inside = at < t.bytes.size() && continuation(at) && at_char > 0;
    return at_char - (inside ? 1 : 0) + (b - at);
  };
  py::list out;
  py::handle found_cls = cls().found;
  for (const auto& e : found) {
    const std::size_t outer_start = map(e.outer_start), start = map(e.start), end = map(e.end),
                      outer_end = map(e.outer_end);
    out.append(found_cls(make_text(e.url, t.is_bytes), start, end, outer_start, outer_end,
                         std::string(urlkit::to_string(e.how))));
  }
  return out;
}

py::object absolutize(py::handle html, py::handle base, bool keep_same_document,
                      py::handle on_warning) {
#ifdef URLKIT_HAS_HTML
  text_arg doc, b;
  read_text(html, doc, "html");
  offset_sources where{&doc};
  urlkit::base_context context;
  if (!base.is_none()) {
    read_text(base, b, "base");
    same_kind(doc, b);
    context.retrieval = std::string(b.bytes);
    where.retrieval = &b;
  }
  warning_box box;
  auto outer = urlkit::establish_base(context, box.sink());
  if (!outer) {
    deliver(box, on_warning, where);
    raise_error(outer.error(), where);
  }
  urlkit::html::absolutize_options o;
  o.keep_same_document = keep_same_document;
  o.on_warning = box.sink();
  std::optional<urlkit::result<urlkit::html::absolutized>> r;
  {
    py::gil_scoped_release unlocked;
    r.emplace(urlkit::html::absolutize(doc.bytes, *outer, o));
  }
  deliver(box, on_warning, where);
  if (!*r) raise_error(r->error(), where);
  return make_text((*r)->html, doc.is_bytes);
#else
  (void)html, (void)base, (void)keep_same_document, (void)on_warning;
  throw py::value_error("urlkit.absolutize: this urlkit was built without urlkit::html");
#endif
}

}  // namespace
}  // namespace urlkit::python

PYBIND11_MODULE(_urlkit, m) {
  namespace py = pybind11;
  using namespace urlkit::python;
  // Each docstring starts with its own signature, as Python's own functions'.
  py::options opts;
  opts.disable_function_signatures();
  load_classes();
  m.doc() = "The urlkit C++ library's binding; import urlkit, not this.";
  m.attr("__version__") = URLKIT_VERSION;
#ifdef URLKIT_HAS_HTML
  m.attr("has_html") = true;
#else
  m.attr("has_html") = false;
#endif
#ifdef URLKIT_HAS_IDNA
  m.attr("has_idna") = true;
#else
  m.attr("has_idna") = false;
#endif
  define_url(m);
  m.def("parse", &parse_url, py::arg("text"), py::arg("strict") = false, py::kw_only(),
        py::arg("on_warning") = py::none(),
        R"doc(parse(text, strict=False, *, on_warning=None) -> URL

Parses a URL reference (draft-fielding-uri-url-00 section 3; RFC 1738 3.1):
absolute ("http://a/b") or relative ("../g", "#f").  Lenient mode (the
default, draft 2.3.3) also takes unwise and non-ASCII characters and a "%"
not followed by two hex digits, each a URLWarning; strict=True takes exactly
the BNF.

text: str (offsets count characters), bytes-like (offsets count bytes, and
the components are bytes).
on_warning: None (warnings.warn) or a callable given each URLWarning.
Raises URLError (code, offset, message): space, controls, "<", ">", '"'
(both modes), a bad port, ...

>>> u = urlkit.parse("http://a/b/c;p?q#f")
>>> (u.scheme, u.host, u.path, u.params, u.query, u.fragment)
('http', 'a', 'b/c', 'p', 'q', 'f')
>>> urlkit.parse("http://a/b").query is None, urlkit.parse("http://a/b?").query
(True, '')
)doc");
  m.def("resolve", &resolve, py::arg("base"), py::arg("reference"), py::kw_only(),
        py::arg("spec") = "1808", py::arg("strict") = false, py::arg("on_warning") = py::none(),
        R"doc(resolve(base, reference, *, spec="1808", strict=False, on_warning=None) -> str | bytes

Resolves a relative reference against a base URL by draft-fielding-uri-url-00
section 6 (RFC 1808's algorithm, the draft's Appendix C examples to the
letter).  Unlike urllib.parse.urljoin it keeps "..": "../../../g" against
http://a/b/c/d;p?q is http://a/../g (C.2), and it resolves against any
scheme (urljoin only against those of urllib.parse.uses_relative).

spec="3986" resolves by RFC 3986 section 5.2 instead (the same parser; its
5.4 examples to the letter): remove_dot_segments drops ".." above the root,
";params" are part of the path, an empty query replaces the base's, and any
base with a scheme is used (docs/guide.md, "RFC 1808 and RFC 3986").  Any
other spec than "1808" or "3986" raises ValueError.

base, reference: str, bytes-like or URL, of one kind; the result is of it.
Raises URLError: a base that does not parse (source "base"), a reference
that does not, a relative reference and an empty base (base_undefined), a
base without a scheme (base_not_absolute), or of an opaque scheme: mailto,
news, data (base_not_generic).

>>> urlkit.resolve("http://a/b/c/d;p?q", "../g")
'http://a/b/g'
>>> urlkit.resolve("http://a/b/c/d;p?q", "g;x?y#s")
'http://a/b/c/g;x?y#s'
>>> urlkit.resolve("http://a/b/c/d;p?q", "../../../g", spec="3986")
'http://a/g'
)doc");
  m.def(
      "make_relative", &make_relative, py::arg("base"), py::arg("target"), py::kw_only(),
      py::arg("spec") = "1808", py::arg("strict") = false, py::arg("on_warning") = py::none(),
      R"doc(make_relative(base, target, *, spec="1808", strict=False, on_warning=None) -> str | bytes

The shortest reference that resolves against base back to target (the
reverse of resolve, draft section 6): resolve(base, make_relative(base,
target)) == target.  target must be absolute.  With spec="3986", the
reverse of resolve(..., spec="3986"), which gives target without its dot
segments (RFC 3986 5.2.2 removes them from an absolute reference too).

Raises URLError: a base or target that does not parse (source "base" or
"target"), a relative target (target_not_absolute).

>>> urlkit.make_relative("http://a/b/c/d", "http://a/b/e")
'../e'
>>> urlkit.make_relative("http://a/b/c/d;p?q", "http://a/b/c/d;p?", spec="3986")
'?'
)doc");
  m.def("normalize", &normalize, py::arg("url"), py::kw_only(), py::arg("ignore_fragment") = false,
        py::arg("strict") = false, py::arg("on_warning") = py::none(),
        R"doc(normalize(url, *, ignore_fragment=False, strict=False, on_warning=None) -> str | bytes

The normal form of a URL reference (RFC 1738 2.1, 2.2, 3.x; draft 2.2, 4.1,
E.3): scheme and host in lower case, escapes of unreserved characters
decoded and the others' hex digits in upper case, the default or an empty
port dropped, http's absent path "/".  Dot segments and the difference
between empty and absent stay.  ignore_fragment drops the fragment.

Raises URLError when url does not parse.

>>> urlkit.normalize("HTTP://Example.COM:80/%7Euser")
'http://example.com/~user'
)doc");
  m.def("equivalent", &equivalent, py::arg("a"), py::arg("b"), py::kw_only(),
        py::arg("ignore_fragment") = false, py::arg("strict") = false,
        py::arg("on_warning") = py::none(),
        R"doc(equivalent(a, b, *, ignore_fragment=False, strict=False, on_warning=None) -> bool

Whether a and b name the same URL: normalize(a) == normalize(b), compared
without building either.  (URL's == is byte equality.)

Raises URLError when either does not parse.

>>> urlkit.equivalent("http://a:80/%7Eb", "HTTP://A/~b")
True
)doc");
  m.def("validate", &validate, py::arg("url"), py::arg("strict") = false,
        R"doc(validate(url, strict=False) -> list[Problem]

Checks a URL as `urlkit validate` does: the generic grammar (draft
section 3), then, for a known scheme, its own (RFC 1738 section 5, RFC 2397).
Returns the problems found: the warnings a lenient reading accepted
(severity "warning"), in input order, then the error (severity "error"),
if any; an empty list for a URL strictly valid.  Raises nothing for a bad
URL: the error is in the list.

>>> [p.code for p in urlkit.validate("http://a/b|c")]
['unwise_character']
>>> urlkit.validate("http://a:x/")[-1].severity
'error'
)doc");
  m.def("extract", &extract, py::arg("text"), py::kw_only(),
        py::arg("extra_schemes") = std::vector<std::string>{}, py::arg("on_warning") = py::none(),
        R"doc(extract(text, *, extra_schemes=(), on_warning=None) -> list[Found]

The URLs of a free text (RFC 1738's appendix "Recommendations for URLs in
Context", draft Appendix B): wrapped "<URL:...>", bracketed "<...>" and bare
ones of a known scheme (RFC 1738's, https, ws, wss, data; and
extra_schemes), white space of line breaks removed, sentence punctuation
trimmed.  Offsets count characters of a str, bytes of bytes.  Runs without
the GIL.

>>> [f.url for f in urlkit.extract("see <URL:http://a/b> or ftp://c/d.")]
['http://a/b', 'ftp://c/d']
)doc");
  m.def(
      "absolutize", &absolutize, py::arg("html"), py::arg("base") = py::none(), py::kw_only(),
      py::arg("keep_same_document") = false, py::arg("on_warning") = py::none(),
      R"doc(absolutize(html, base=None, *, keep_same_document=False, on_warning=None) -> str | bytes

Makes every link of an HTML document absolute (draft sections 5 and 6,
Appendix D), changing the document only inside the attribute values it
rewrites.  The base is the document's first BASE href (resolved against
base when relative), else base: the URL the document was retrieved with
(draft 5.3); None: no base but the document's own.  keep_same_document
leaves "" and "#name" references as they are.  A link that does not resolve
is left as it is, with a URLWarning (passed_over; its offset counts bytes of
the link's URL, its source names the attribute, "a href").  Runs without the
GIL.

html: str (returned as str) or bytes-like (returned as bytes).
Raises URLError: a base that does not parse or is not absolute (source
"retrieval"), a start tag longer than 64 MiB (tag_too_large), a document in
UTF-16 or UTF-32 (document_encoding).

>>> urlkit.absolutize('<a href="../x">', "http://h/a/b/c")
'<a href="http://h/a/x">'
)doc");
  m.def("resolve_many", &resolve_many, py::arg("pairs"), py::kw_only(), py::arg("spec") = "1808",
        R"doc(resolve_many(pairs, *, spec="1808") -> list[str | bytes | URLError]

resolve() over an iterable of (base, reference) pairs, in lenient mode,
for pipelines (Dask's bag.map_partitions(urlkit.resolve_many)): the inputs
are read with the GIL held, the resolving runs without it (other threads go
on meanwhile), and the list built with it again.  A pair that does not
resolve gives its URLError instance in its place (not raised: one bad link
does not stop the batch; filter with isinstance(r, urlkit.URLError)).
Warnings are not delivered.  Raises TypeError for an item that is no pair
of str or of bytes-like, ValueError for a spec other than "1808" or "3986"
(as resolve()).

>>> urlkit.resolve_many([("http://a/b/c", "d"), ("", "g")])
['http://a/b/d', URLError('base URL is undefined (empty) and the reference is relative', 'base_undefined', 0, 'base')]
)doc");
  m.def("validate_many", &validate_many, py::arg("urls"), py::arg("strict") = false,
        R"doc(validate_many(urls, strict=False) -> list[list[Problem]]

validate() over an iterable of URLs: one list of problems per URL (empty
for a valid one), the checking done without the GIL.
)doc");
  // help() says "in module urlkit": the package is what users import.
  for (const char* name : {"URL", "parse", "resolve", "make_relative", "normalize", "equivalent",
                           "validate", "extract", "absolutize", "resolve_many", "validate_many"})
    m.attr(name).attr("__module__") = "urlkit";
}
