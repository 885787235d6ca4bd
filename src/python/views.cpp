// urlkit.URL: a parsed URL reference, its components, and its typed views
// (the scheme's own grammar, RFC 1738 section 3 and 5, RFC 2397) and endpoint.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "python.hpp"
#include "urlkit/endpoint.hpp"
#include "urlkit/schemes/data.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/gopher.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/schemes/news.hpp"
#include "urlkit/schemes/nntp.hpp"
#include "urlkit/schemes/prospero.hpp"
#include "urlkit/schemes/telnet.hpp"
#include "urlkit/schemes/wais.hpp"
#include "urlkit/url_view.hpp"
#ifdef URLKIT_HAS_IDNA
#include "urlkit/idna.hpp"
#endif

namespace urlkit::python {
namespace {

// The text argument a URL's own offsets count in.
struct self_text {
  text_arg arg;
  explicit self_text(const py_url& self) {
    arg.bytes = self.u.buffer();
    arg.is_bytes = self.is_bytes;
  }
  offset_sources where() const { return {&arg}; }
};

py::object component(const py_url& self, bool present, std::string_view s) {
  return present ? make_text(s, self.is_bytes) : py::none();
}

py::object decoded(const py_url& self, const urlkit::decode_view& d) {
  return make_decoded(d.to_string(), self.is_bytes);
}

template <class D>
py::object decoded_opt(const py_url& self, const std::optional<D>& d) {
  return d ? decoded(self, *d) : py::none();
}

py::object make(PyObject* cls, py::tuple args) {
  return py::reinterpret_borrow<py::object>(cls)(*args);
}

// Checks the URL against a scheme's grammar: None when its scheme is none of
// `schemes`; the view built by `build`; URLError when the grammar refuses it.
// The scheme's warnings go where parse's did.
template <class Parse, class Build>
py::object typed(const py_url& self, std::initializer_list<std::string_view> schemes, Parse parse,
                 Build build) {
  const urlkit::url_view& v = self.u.view();
  bool ours = false;
  for (std::string_view s : schemes) ours = ours || v.scheme_is(s);
  if (!ours) return py::none();
  warning_box box;
  auto r = parse(v, box.sink());
  self_text t(self);
  deliver(box, self.on_warning, t.where());
  if (!r) raise_error(r.error(), t.where());
  return build(*r);
}

urlkit::scheme_options options(const urlkit::url_view& v, urlkit::warning_sink sink) {
  return {v.parsed_mode(), sink};
}

py::object http_view(const py_url& self) {
  return typed(
      self, {"http", "https", "ws", "wss"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        return urlkit::parse_http(v, options(v, s));
      },
      [&](const urlkit::http_view& h) {
        return make(
            cls().http,
            py::make_tuple(decoded(self, h.host()), h.effective_port(), h.has_explicit_port(),
                           h.default_port(), h.secure(), h.websocket(),
                           h.has_hpath() ? decoded(self, h.hpath()) : py::none(),
                           h.has_search() ? decoded(self, h.search()) : py::none(),
                           make_text(h.request_target(), false)));
      });
}

py::object ftp_view(const py_url& self) {
  return typed(
      self, {"ftp"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        return urlkit::parse_ftp(v, options(v, s));
      },
      [&](const urlkit::ftp_view& f) {
        py::list cwd;
        for (const auto& d : f.cwd()) cwd.append(decoded(self, d));
        py::list plan;
        for (const auto& c : f.plan()) plan.append(make_decoded(c.to_string(), self.is_bytes));
        auto tc = f.typecode();
        return make(cls().ftp,
                    py::make_tuple(decoded_opt(self, f.user()), decoded_opt(self, f.password()),
                                   decoded(self, f.host()), f.effective_port(),
                                   f.has_url_path() ? decoded(self, f.fpath()) : py::none(),
                                   py::tuple(cwd), decoded(self, f.name()),
                                   tc ? py::object(py::str(std::string(1, *tc))) : py::none(),
                                   py::tuple(plan)));
      });
}

py::object mailto_view(const py_url& self) {
  return typed(
      self, {"mailto"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        return urlkit::parse_mailto(v, options(v, s));
      },
      [&](const urlkit::mailto_view& m) {
        py::list to;
        for (const auto& a : m.to()) to.append(decoded(self, a));
        py::list headers;
        for (const auto& h : m.headers())
          headers.append(py::make_tuple(decoded(self, h.name()), decoded(self, h.value())));
        return make(cls().mailto,
                    py::make_tuple(decoded(self, m.address()), m.is_addr_spec(),
                                   decoded(self, m.local_part()), decoded(self, m.domain()),
                                   py::tuple(to), py::tuple(headers),
                                   decoded_opt(self, m.subject()), decoded_opt(self, m.body())));
      });
}

py::object news_view(const py_url& self) {
  return typed(
      self, {"news"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        return urlkit::parse_news(v, options(v, s));
      },
      [&](const urlkit::news_view& n) {
        const bool group = n.kind() == urlkit::news_kind::group;
        const bool article = n.kind() == urlkit::news_kind::article;
        return make(
            cls().news,
            py::make_tuple(std::string(urlkit::to_string(n.kind())), decoded(self, n.grouppart()),
                           group ? decoded(self, n.group()) : py::none(),
                           article ? decoded(self, n.message_id()) : py::none()));
      });
}

py::object nntp_view(const py_url& self) {
  return typed(
      self, {"nntp"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        return urlkit::parse_nntp(v, options(v, s));
      },
      [&](const urlkit::nntp_view& n) {
        auto article = n.article();
        return make(
            cls().nntp,
            py::make_tuple(decoded(self, n.host()), n.effective_port(), decoded(self, n.group()),
                           article ? py::object(py::int_(*article)) : py::none()));
      });
}

py::object telnet_view(const py_url& self) {
  return typed(
      self, {"telnet"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        return urlkit::parse_telnet(v, options(v, s));
      },
      [&](const urlkit::telnet_view& t) {
        return make(
            cls().telnet,
            py::make_tuple(decoded_opt(self, t.user()), decoded_opt(self, t.password()),
                           decoded(self, t.host()), t.effective_port(), t.has_final_slash()));
      });
}

py::object gopher_view(const py_url& self) {
  return typed(
      self, {"gopher"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        return urlkit::parse_gopher(v, options(v, s));
      },
      [&](const urlkit::gopher_view& g) {
        return make(
            cls().gopher,
            py::make_tuple(decoded(self, g.host()), g.effective_port(),
                           std::string(1, g.gopher_type()), decoded(self, g.selector()),
                           decoded_opt(self, g.search()), decoded_opt(self, g.gopher_plus()),
                           py::bytes(g.request_line())));
      });
}

py::object wais_view(const py_url& self) {
  return typed(
      self, {"wais"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        return urlkit::parse_wais(v, options(v, s));
      },
      [&](const urlkit::wais_view& w) {
        return make(cls().wais,
                    py::make_tuple(decoded(self, w.host()), w.effective_port(),
                                   std::string(urlkit::to_string(w.kind())),
                                   decoded(self, w.database()), decoded_opt(self, w.search()),
                                   decoded_opt(self, w.wtype()), decoded_opt(self, w.wpath())));
      });
}

py::object file_view(const py_url& self) {
  return typed(
      self, {"file"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        return urlkit::parse_file(v, options(v, s));
      },
      [&](const urlkit::file_view& f) {
        auto local = f.local_path();
        return make(cls().file,
                    py::make_tuple(make_text(f.encoded_host(), self.is_bytes), f.is_local(),
                                   decoded(self, f.fpath()),
                                   local ? make_decoded(*local, self.is_bytes) : py::none()));
      });
}

py::object prospero_view(const py_url& self) {
  return typed(
      self, {"prospero"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        return urlkit::parse_prospero(v, options(v, s));
      },
      [&](const urlkit::prospero_view& p) {
        py::list specs;
        for (const auto& f : p.fieldspecs())
          specs.append(py::make_tuple(decoded(self, f.name()), decoded(self, f.value())));
        return make(cls().prospero, py::make_tuple(decoded(self, p.host()), p.effective_port(),
                                                   decoded(self, p.hsoname()), py::tuple(specs)));
      });
}

py::object data_view(const py_url& self) {
  return typed(
      self, {"data"},
      [](const urlkit::url_view& v, urlkit::warning_sink s) {
        urlkit::data_options o;
        o.mode = v.parsed_mode();
        o.on_warning = s;
        return urlkit::parse_data(v, o);
      },
      [&](const urlkit::data_view& d) {
        py::list params;
        for (const auto& [name, value] : d.parameters())
          params.append(py::make_tuple(make_text(name, false), make_text(value, false)));
        return make(cls().data,
                    py::make_tuple(make_text(d.media_type(), false), make_text(d.type(), false),
                                   make_text(d.subtype(), false), py::tuple(params),
                                   d.is_default_type(), d.is_base64(), py::bytes(d.decode_body())));
      });
}

py::object endpoint(const py_url& self) {
#ifdef URLKIT_HAS_IDNA
  auto r = urlkit::idna::endpoint_of(self.u.view());
#else
  auto r = urlkit::endpoint_of(self.u.view());
#endif
  self_text t(self);
  if (!r) raise_error(r.error(), t.where());
  const urlkit::endpoint& e = *r;
  auto opt = [&](const std::optional<std::string>& s) {
    return s ? make_decoded(*s, self.is_bytes) : py::none();
  };
  return make(cls().endpoint,
              py::make_tuple(make_text(e.scheme, false), make_text(e.host, false), e.port, e.secure,
                             make_text(e.target, self.is_bytes), opt(e.user), opt(e.password)));
}

py::object port_number(const py_url& self) {
  auto r = self.u.view().port_number();
  if (!r) {
    self_text t(self);
    raise_error(r.error(), t.where());
  }
  return *r ? py::object(py::int_(**r)) : py::none();
}

py::object query_params(const py_url& self, bool plus_as_space) {
  py::list out;
  for (const auto& p : self.u.view().query_params())
    out.append(py::make_tuple(make_decoded(p.name(plus_as_space).to_string(), self.is_bytes),
                              make_decoded(p.value(plus_as_space).to_string(), self.is_bytes)));
  return out;
}

py::object segments(const py_url& self) {
  py::list out;
  for (const auto& s : self.u.view().segments()) out.append(decoded(self, s));
  return py::tuple(out);
}

py::object repr(const py_url& self) {
  py::object text = make_text(self.u.buffer(), self.is_bytes);
  std::string r = "urlkit.URL(" + py::repr(text).cast<std::string>();
  if (self.u.view().parsed_mode() == urlkit::mode::strict) r += ", strict=True";
  return py::str(r + ")");
}

}  // namespace

void define_url(py::module_& m) {
  using P = const py_url&;
  py::class_<py_url> c(m, "URL",
                       R"doc(A parsed URL reference (draft-fielding-uri-url-00 sections 3 and 4,
RFC 1738 3.1): immutable, hashable, made by urlkit.parse().

Components are given as written (still %-escaped, as urllib.parse gives
them), of the type parsed (str or bytes); None when absent, "" when empty:
"http://a/b?" has query "", "http://a/b" has query None.  The path is always
there (maybe empty) and never holds its leading "/": absolute_path says
whether one was written (draft 4.3.2).

  <scheme>://<user>:<password>@<host>:<port>/<path>;<params>?<query>#<fragment>

str(url) (bytes(url) for bytes input) gives back the input byte for byte.
The typed views (http, ftp, mailto, ...) check the URL against its scheme's
own grammar (RFC 1738 section 5) when read: None for a URL of another
scheme, URLError when the grammar refuses it; their values are decoded.)doc");
  c.def(py::init(&parse_url), py::arg("text"), py::arg("strict") = false, py::kw_only(),
        py::arg("on_warning") = py::none(),
        "URL(text, strict=False, *, on_warning=None)\n\nThe same as urlkit.parse(text, strict, "
        "on_warning=on_warning).")
      .def_property_readonly(
          "scheme", [](P s) { return component(s, s.u->has_scheme(), s.u->scheme()); },
          "The scheme, without its \":\", as written (draft 4.1); None for a relative reference.")
      .def_property_readonly(
          "server", [](P s) { return component(s, s.u->has_server(), s.u->encoded_server()); },
          "The server component \"user:password@host:port\" after \"//\" (draft 4.3.1), as "
          "written; None without \"//\" (urllib's netloc).")
      .def_property_readonly(
          "user", [](P s) { return component(s, s.u->has_user(), s.u->encoded_user()); },
          "The user, before \":\" or \"@\", as written; None without \"@\".")
      .def_property_readonly(
          "password",
          [](P s) { return component(s, s.u->has_password(), s.u->encoded_password()); },
          "The password, between \":\" and \"@\", as written; None when absent.")
      .def_property_readonly(
          "host", [](P s) { return component(s, s.u->has_host(), s.u->encoded_host()); },
          "The host as written (an IPv6 literal keeps its brackets); present whenever the "
          "server is (\"\" for file:///x).")
      .def_property_readonly(
          "port", [](P s) { return component(s, s.u->has_port(), s.u->port()); },
          "The port's digits as written (maybe \"\": \"http://a:/\"); None without \":\".  "
          "port_number is the number.")
      .def_property_readonly("port_number", &port_number,
                             "The port as an int; None when absent or empty.  Raises URLError "
                             "(port_out_of_range) above 65535.")
      .def_property_readonly(
          "path", [](P s) { return make_text(s.u->encoded_path(), s.is_bytes); },
          "The path as written, without the \"/\" before it (draft 4.3.2) and without its "
          "params; always a string, maybe empty.")
      .def_property_readonly(
          "absolute_path", [](P s) { return s.u->absolute_path(); },
          "Whether a \"/\" preceded the path (it is not part of the path, draft 4.3.2).")
      .def_property_readonly(
          "params", [](P s) { return component(s, s.u->has_params(), s.u->encoded_params()); },
          "The parameters after the first \";\" of the path (draft 4.3.3), as written; None when "
          "absent.")
      .def_property_readonly(
          "query", [](P s) { return component(s, s.u->has_query(), s.u->encoded_query()); },
          "The query after \"?\" (draft 4.3.4), as written; None when absent.")
      .def_property_readonly(
          "fragment",
          [](P s) { return component(s, s.u->has_fragment(), s.u->encoded_fragment()); },
          "The fragment after \"#\" (draft 3), as written; None when absent.")
      .def_property_readonly(
          "host_kind",
          [](P s) {
            return s.u->has_host()
                       ? py::object(py::str(std::string(urlkit::to_string(s.u->host_kind()))))
                       : py::none();
          },
          "\"name\", \"ipv4\" or \"ipv6\"; None without a host.")
      .def_property_readonly(
          "is_absolute", [](P s) { return s.u->is_absolute(); },
          "Whether the reference starts with a scheme (draft 4.2).")
      .def_property_readonly(
          "strict", [](P s) { return s.u->parsed_mode() == urlkit::mode::strict; },
          "Whether it was parsed in strict mode (the BNF only).")
      .def_property_readonly(
          "warning_count", [](P s) { return s.u->warning_count(); },
          "How many warnings the lenient parse gave.")
      .def_property_readonly("segments", &segments,
                             "The path's segments, decoded: \"a/b/\" gives (\"a\", \"b\", \"\").")
      .def("query_params", &query_params, py::arg("plus_as_space") = true,
           "query_params(plus_as_space=True) -> list[tuple[str, str]]\n\n"
           "The query read as name=value pairs separated by \"&\", decoded (as urllib.parse."
           "parse_qsl(keep_blank_values=True) reads it).")
      .def(
          "without_fragment", [](P s) { return make_text(s.u->without_fragment(), s.is_bytes); },
          "without_fragment() -> str | bytes\n\nThe reference without its fragment (the URL "
          "proper, draft 3).")
      .def_property_readonly("http", &http_view,
                             "HTTPView of an http, https, ws or wss URL (RFC 1738 3.3); None for "
                             "another scheme; URLError when httpurl refuses it.")
      .def_property_readonly("ftp", &ftp_view,
                             "FTPView of an ftp URL (RFC 1738 3.2); None for another scheme; "
                             "URLError when ftpurl refuses it.")
      .def_property_readonly("mailto", &mailto_view,
                             "MailtoView of a mailto URL (RFC 1738 3.5); None for another scheme; "
                             "URLError when mailtourl refuses it.")
      .def_property_readonly("news", &news_view,
                             "NewsView of a news URL (RFC 1738 3.6); None for another scheme; "
                             "URLError when newsurl refuses it.")
      .def_property_readonly("nntp", &nntp_view,
                             "NNTPView of an nntp URL (RFC 1738 3.7); None for another scheme; "
                             "URLError when nntpurl refuses it.")
      .def_property_readonly("telnet", &telnet_view,
                             "TelnetView of a telnet URL (RFC 1738 3.8); None for another scheme; "
                             "URLError when telneturl refuses it.")
      .def_property_readonly("gopher", &gopher_view,
                             "GopherView of a gopher URL (RFC 1738 3.4); None for another scheme; "
                             "URLError when gopherurl refuses it.")
      .def_property_readonly("wais", &wais_view,
                             "WAISView of a wais URL (RFC 1738 3.9); None for another scheme; "
                             "URLError when waisurl refuses it.")
      .def_property_readonly("file", &file_view,
                             "FileView of a file URL (RFC 1738 3.10); None for another scheme; "
                             "URLError when fileurl refuses it.")
      .def_property_readonly("prospero", &prospero_view,
                             "ProsperoView of a prospero URL (RFC 1738 3.11); None for another "
                             "scheme; URLError when prosperourl refuses it.")
      .def_property_readonly("data", &data_view,
                             "DataView of a data URL (RFC 2397); None for another scheme; "
                             "URLError when RFC 2397 refuses it.")
      .def_property_readonly("endpoint", &endpoint,
                             "Endpoint: where a client connects (RFC 1738 3.1).  Raises URLError "
                             "for a URL with no server to connect to (no_server), a scheme "
                             "without a known port (no_default_port), or one its scheme's "
                             "grammar refuses.")
      .def("__str__",
           [](P s) {
             // bytes input: str() still works, its non-UTF-8 bytes as lone surrogates.
             return make_text(s.u.buffer(), false);
           })
      .def("__bytes__", [](P s) { return py::bytes(s.u.buffer()); })
      .def("__repr__", &repr)
      .def("__hash__", [](P s) { return s.u->hash(); })
      .def(
          "__eq__",
          [](P a, py::handle b) -> py::object {
            if (!py::isinstance<py_url>(b))
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            const auto& o = b.cast<const py_url&>();
            return py::bool_(a.is_bytes == o.is_bytes && a.u.view() == o.u.view());
          },
          py::is_operator())
      .def("__reduce__", [](P s) {
        // urlkit._unpickle, a Python function: pickle cannot name a builtin's.
        return py::make_tuple(py::module_::import("urlkit").attr("_unpickle"),
                              py::make_tuple(make_text(s.u.buffer(), s.is_bytes),
                                             s.u->parsed_mode() == urlkit::mode::strict));
      });
}

}  // namespace urlkit::python
