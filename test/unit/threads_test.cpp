// Threads (docs/guide.md, "Threads"): the public API from 8 threads at once,
// over one shared set of inputs.  Each thread writes what every call gave (a
// transcript, one entry per input) and the entries must equal those of a run
// on one thread, so the test means something without ThreadSanitizer too,
// and hold the draft's own answers for its Appendix C references (an anchor
// independent of the code under test);
// under the tsan preset (tools/test) TSan also sees every access the calls
// make.  Shared, read from every thread: the inputs, parsed views and urls of
// them (const), the standard registry, a registry of the test's own with a
// scheme handler of its own, the base of the HTML documents.  One per
// thread: extractors, data: URL readers, urls being edited, warning sinks.
//
// The threads run before the single-threaded reference, so that when this
// suite runs alone (--run_test=threads) they are the first to call
// scheme_registry::standard() and to read the data: default media type, the
// library's two function-local statics.
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <latch>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "../appendix_c.hpp"
#ifdef URLKIT_HAS_HTML
#include "urlkit/html.hpp"
#endif
#ifdef URLKIT_HAS_IDNA
#include "urlkit/idna.hpp"
#endif
#include "urlkit/security.hpp"
#include "urlkit/urlkit.hpp"

using namespace urlkit;

namespace {

constexpr unsigned thread_count = 8;
// Each thread goes over the inputs this many times, each time from its own
// place in the list, so that different calls overlap from round to round.
// Without ThreadSanitizer a race shows only when it spoils a result, so more
// rounds give it more chances (a buffer shared by every url_view::recompose()
// call, put in on purpose, failed 2 runs out of 3 with 40 rounds, none with
// 4); TSan sees every access, and 4 rounds keep its run to seconds.
#if defined(__SANITIZE_THREAD__)
constexpr unsigned rounds = 4;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
constexpr unsigned rounds = 4;
#else
constexpr unsigned rounds = 40;
#endif
#else
constexpr unsigned rounds = 40;
#endif

// Every scheme of RFC 1738 and RFC 2397, relative references of the draft's
// Appendix C, and input that parses with warnings, that fails, that a scheme
// refuses, that the test's own scheme checks.
const std::vector<std::string> urls = {
    "ftp://user:pass@ftp.example.com:2121/pub/dir/file.txt;type=i",
    "ftp://ftp.example.com/%2Fetc/motd;type=a",
    "ftp://host/dir/;type=d",
    "ftp://a/b%0Dc",
    "http://www.example.com:8080/a/b/c?x=1&y=%20",
    "http://a/b/c/d;p?q#f",
    "http://user@host/",
    "HTTP://EXAMPLE.COM/%7Euser/",
    "http://a/b{c}|d^e",
    "http://a/b c",
    "http://a:99999/",
    "http://[::1]:80/x",
    "http://h\u00E9llo.example/",
    "http://b\u00FCcher.example/path",
    "http://a/%zz",
    "gopher://gopher.example.org:70/1/dir/sub",
    "gopher://host/7search%09query",
    "gopher://host/0file%0D%0A",
    "mailto:joe@example.com",
    "mailto:Joe.Smith@[192.0.2.1]",
    "mailto:",
    "news:comp.lang.c++",
    "news:1234@example.com",
    "news:*",
    "nntp://news.example.com/comp.lang.c/42",
    "nntp://news.example.com/",
    "telnet://user:pw@host.example:23/",
    "telnet://host.example/path",
    "wais://wais.example.com:210/db?search+terms",
    "wais://host/db/TEXT/path",
    "file://localhost/etc/fstab",
    "file:///C|/dir/file",
    "file://host.example/share/x",
    "prospero://host.example:1525/path/to;field=value",
    "prospero://host.example/a%3Bb",
    "data:,Hello%2C%20World!",
    "data:text/plain;base64,SGVsbG8sIFdvcmxkIQ==",
    "data:text/html;charset=utf-8,%3Ch1%3Ehi%3C%2Fh1%3E",
    "data:;base64,%%%",
    "data:image/gif;base64,R0lGODdh",
    "data:application/x-unknown;a=b;c=\"d\",body",
    "x-count://anything.example/here?q",
    "g",
    "./g",
    "../g",
    "../../../g",
    "/g",
    "//g",
    "?y",
    "#s",
    "g;x?y#s",
    "",
    ".",
    "..",
    "g/../h",
    "mailto:a@b",
    "urn:isbn:0451450523",
};

// The base of Appendix C, and one of each kind the resolver treats apart.
const std::vector<std::string> bases = {"http://a/b/c/d;p?q", "ftp://h/x/y/", "mailto:a@b"};

// What establish_base is given: each layer alone, and layers over layers.
std::vector<base_context> contexts() {
  std::vector<base_context> out(6);
  out[0].retrieval = "http://h/d/e";
  out[1].embedded = "sub/";
  out[1].retrieval = "http://h/d/e";
  out[2].content_base = "ftp://f/x/";
  out[2].content_location = "y/z";
  out[3].content_location = "rel/ative";
  out[4].encapsulating = "http://enc/a/";
  out[4].embedded = "http://a b/";
  out[5].content_base = "relative/";
  out[5].retrieval = "http://r/";
  return out;
}

const std::vector<std::string> hosts = {
    "b\u00FCcher.example",
    "XN--BCHER-KVA.Example",
    "EXAMPLE.com",
    "xn--a",
    "a..b",
    "\u30C6\u30B9\u30C8.jp",
    "\xFF",
    "a\u3002b.",
    std::string(70, 'x'),
};

const std::vector<std::string> documents = {
    "<html><head><base href=\"http://example.com/dir/\"></head><body>"
    "<a href=\"../x\">x</a><img src=\"y.png\"><a href=\"http://a b\">bad</a></body></html>",
    "<p><a href='g;x?y#s'>1</a><form action=\"?q\"></form><a href=\"#frag\">f</a>"
    "<object codebase=\"/c/\" data=\"d\"></object></p>",
    "<base href=\"relative/\"><a href=\"z&amp;w\">z</a><a href=mailto:a@b>m</a>",
};

// A scheme of the test's own, in a registry of its own: its code is called
// from whichever thread asks.  It keeps no state but a count, as a handler
// shared between threads must.
class counting_handler final : public scheme_handler {
 public:
  std::string_view name() const noexcept override { return "x-count"; }
  std::optional<std::uint16_t> default_port() const noexcept override { return 4242; }
  result<void> check(const url_view& /*url*/, const scheme_options& /*options*/) const override {
    calls.fetch_add(1, std::memory_order_relaxed);
    return {};
  }
  mutable std::atomic<std::size_t> calls{0};
};

// What every thread reads and none writes, made before they start.
struct shared_inputs {
  std::vector<url_view> base_views;
  std::vector<url> owned;  // url::parse of each input that parses
  std::shared_ptr<counting_handler> handler = std::make_shared<counting_handler>();
  scheme_registry registry = scheme_registry::with_standard_schemes();
  std::vector<base_context> base_contexts = contexts();
  std::string text;  // every input, in the wrappers and runs of free text
  std::optional<established_base> outer;

  shared_inputs() {
    for (const std::string& b : bases) base_views.push_back(parse_reference(b).value());
    for (const std::string& s : urls)
      if (auto u = url::parse(s)) owned.push_back(*u);
    registry.add(handler);
    for (const std::string& s : urls)
      for (std::string_view piece :
           {std::string_view("see <URL:"), std::string_view(s), std::string_view("> or <"),
            std::string_view(s), std::string_view(">, and "), std::string_view(s),
            std::string_view(". Then -\n  x\n\n")})
        text += piece;
    base_context c;
    c.retrieval = "http://h/d/e";
    if (auto b = establish_base(c)) outer = *b;
  }
};

// ---- the transcript --------------------------------------------------------

void put(std::string& out, std::string_view what, std::string_view value) {
  out += what;
  out += ": ";
  out += value;
  out += '\n';
}

std::string str(const decode_view& s) {
  return s.to_string();
}

std::string quoted_or_none(const std::string* s) {
  return s ? '"' + *s + '"' : std::string("none");
}
std::string opt(const std::optional<decode_view>& s) {
  const std::string d = s ? s->to_string() : std::string();
  return quoted_or_none(s ? &d : nullptr);
}

// The value `show` makes of a result, or its error.
template <class T, class E, class F>
std::string shown(const result<T, E>& r, F&& show) {
  if (!r) return "error " + r.error().to_string();
  return show(*r);
}

std::string done(const result<void>& r) {
  return r ? std::string("ok") : "error " + r.error().to_string();
}

std::string view_text(const url_view& v) {
  std::string s = v.recompose();
  s += " scheme=" + std::string(v.scheme()) + " host=" + std::string(v.encoded_host()) +
       " port=" + std::string(v.port()) + " path=" + std::string(v.encoded_path()) +
       " query=" + std::string(v.encoded_query()) +
       " fragment=" + std::string(v.encoded_fragment());
  return s;
}

// Each typed view, by what a client reads of it.
void typed_views(std::string& out, const url_view& v) {
  put(out, "ftp", shown(parse_ftp(v), [](const ftp_view& f) {
        std::string s =
            str(f.host()) + ":" + std::to_string(f.effective_port()) + " " + opt(f.user());
        for (const ftp_command& c : f.plan()) s += " " + c.to_string();
        return s;
      }));
  put(out, "http", shown(parse_http(v), [](const http_view& h) {
        return str(h.connect_host()) + ":" + std::to_string(h.effective_port()) + " " +
               h.request_target() + " " +
               (h.has_search() ? opt(h.search()) : quoted_or_none(nullptr));
      }));
  put(out, "gopher", shown(parse_gopher(v), [](const gopher_view& g) {
        return std::string(1, g.gopher_type()) + " " + g.request_line() + " " + opt(g.search());
      }));
  put(out, "mailto", shown(parse_mailto(v), [](const mailto_view& m) {
        return str(m.address()) + " " + str(m.local_part()) + " " + str(m.domain());
      }));
  put(out, "news", shown(parse_news(v), [](const news_view& n) {
        return std::to_string(static_cast<int>(n.kind())) + " " + str(n.group()) + " " +
               str(n.message_id());
      }));
  put(out, "nntp", shown(parse_nntp(v), [](const nntp_view& n) {
        return str(n.host()) + " " + str(n.group()) + " " +
               (n.article() ? std::to_string(*n.article()) : std::string("none"));
      }));
  put(out, "telnet", shown(parse_telnet(v), [](const telnet_view& t) {
        return str(t.connect_host()) + ":" + std::to_string(t.effective_port()) + " " +
               opt(t.user()) + " " + opt(t.password());
      }));
  put(out, "wais", shown(parse_wais(v), [](const wais_view& w) {
        return str(w.database()) + " " + std::to_string(static_cast<int>(w.kind())) + " " +
               opt(w.search()) + " " + opt(w.wpath());
      }));
  put(out, "file", shown(parse_file(v), [](const file_view& f) {
        return opt(f.host()) + " " + str(f.fpath()) + " " +
               shown(f.local_path(), [](const std::string& p) { return p; });
      }));
  put(out, "prospero", shown(parse_prospero(v), [](const prospero_view& p) {
        std::string s = str(p.host()) + " " + str(p.hsoname());
        for (const prospero_fieldspec f : p.fieldspecs())
          s += " " + str(f.name()) + "=" + str(f.value());
        return s;
      }));
}

// data: URLs, read whole, in chunks and in pieces, and written.
void data_urls(std::string& out, const std::string& s) {
  put(out, "data", shown(parse_data(s), [](const data_view& d) {
        std::string chunks;
        auto r = d.decode_body(
            [&](std::string_view piece) {
              chunks += "[" + std::string(piece) + "]";
              return true;
            },
            3);
        return d.media_type() + " " + d.decode_body() + " " + chunks + " " + (r ? "" : "failed");
      }));
  data_url_reader reader;
  std::string body;
  const byte_sink sink = [&](std::string_view piece) {
    body += piece;
    return true;
  };
  const auto size = [](std::size_t n) { return std::to_string(n); };
  std::string pieces;
  bool failed = false;
  for (std::size_t i = 0; i < s.size() && !failed; i += 5) {
    const result<std::size_t> r = reader.write(std::string_view(s).substr(i, 5), sink);
    pieces += shown(r, size) + " ";
    failed = !r;
  }
  if (!failed) pieces += shown(reader.finish(sink), size);
  if (const data_media* m = reader.media()) pieces += " " + m->mime.to_string();
  put(out, "data reader", pieces + " " + body);
  put(out, "make_data_url",
      shown(make_data_url(s, "text/plain;charset=utf-8"), [](const std::string& u) { return u; }));
}

// Everything one input goes through; `reused` is the thread's resolve_into string.
std::string exercise(const shared_inputs& shared, const std::string& s, std::string& reused) {
  std::string out;
  const auto me = std::this_thread::get_id();
  bool sink_elsewhere = false;
  std::string warned;
  auto on_warning = [&](const warning& w) {
    if (std::this_thread::get_id() != me) sink_elsewhere = true;
    warned += w.to_string() + "; ";
  };
  parse_options lenient;
  lenient.on_warning = make_warning_sink(on_warning);
  const result<url_view> parsed = parse_reference(s, lenient);
  put(out, "lenient", shown(parsed, view_text));
  put(out, "warnings", warned);
  put(out, "strict", shown(parse_reference(s, mode::strict), view_text));
  put(out, "absolute", shown(parse_absolute(s), view_text));
  put(out, "mask_password", mask_password(s).text);
  put(out, "encode", encode(s, component::path_segment));
  put(out, "decode", shown(decode(s), [](const std::string& d) { return d; }));
  put(out, "url parameter",
      shown(decode_url_parameter(encode_url_parameter(s)), [](const std::string& d) { return d; }));

  if (parsed) {
    const url_view& v = *parsed;
    for (const url_view& base : shared.base_views) {
      const result<std::string> r = resolve(base, v);
      put(out, "resolve", shown(r, [](const std::string& t) { return t; }));
      put(out, "resolve_into", done(resolve_into(base, v, reused)) + " " + reused);
      put(out, "resolve, own registry",
          shown(resolve(base, v, shared.registry), [](const std::string& t) { return t; }));
      if (r) {
        // The resolved URL made relative again, from the same base.
        const result<url_view> target = parse_reference(*r);
        if (target)
          put(out, "make_relative",
              shown(make_relative(base, *target), [](const std::string& t) { return t; }));
      }
    }
    put(out, "standard", done(scheme_registry::standard().check(v)));
    put(out, "own registry", done(shared.registry.check(v)));
    put(out, "port check", shown(check_port(v), [](const port_check& pc) {
          return std::string(pc.unsafe() ? "unsafe" : "safe") + (pc.reserved ? " reserved" : "");
        }));
    put(out, "display_form", display_form(v));
    put(out, "normalized", shown(normalized(v), [](const url& n) { return n.buffer(); }));
    std::string same;
    for (const url_view& base : shared.base_views) same += equivalent(v, base) ? '1' : '0';
    put(out, "equivalent", same + " " + std::to_string(hash_equivalent(v)));
    typed_views(out, v);
#ifdef URLKIT_HAS_IDNA
    put(out, "connect_ascii_host", shown(connect_ascii_host(v), [](const ascii_host& h) {
          return h.host + (h.converted ? " (converted)" : "");
        }));
#endif
  }
  data_urls(out, s);

  // A url of this thread's own, edited: each setter re-parses its text.
  if (auto u = url::parse(s)) {
    url edited = *u;
    std::string edits = done(edited.set_path("a b/c")) + done(edited.set_query("x=1&y=2")) +
                        done(edited.set_fragment("f g")) + done(edited.set_host("h.example")) +
                        done(edited.set_port(8080)) + done(edited.set_user("u:v")) +
                        done(edited.append_query_param("k", "v w")) +
                        done(edited.remove_fragment());
    put(out, "edited", edits + " " + edited.buffer());
  }
  if (sink_elsewhere) put(out, "FAILED", "a warning sink ran on another thread");
  return out;
}

// The warnings a sink receives, as text, in the order received.
struct warning_text {
  std::string text;
  void operator()(const warning& w) noexcept { text += " (" + w.to_string() + ")"; }
};

// What does not depend on one input: the shared urls read, extraction, the
// base of each context, IDNA, HTML.
std::string exercise_rest(const shared_inputs& shared) {
  std::string out;
  for (const url& u : shared.owned)
    put(out, "owned url", u.buffer() + " " + view_text(u.view()) + " " + display_form(u.view()));

  // An extractor of this thread's own, fed in chunks; and the one-call form.
  const auto list = [](const std::vector<extracted>& all) {
    std::string s;
    for (const extracted& e : all)
      s += e.url + "@" + std::to_string(e.start) + "-" + std::to_string(e.end) + "/" +
           std::string(to_string(e.how)) + "\n";
    return s;
  };
  for (const scheme_registry* registry :
       {static_cast<const scheme_registry*>(nullptr), &shared.registry}) {
    warning_text warned;
    extract_options options;
    options.registry = registry;
    options.on_warning = make_warning_sink(warned);
    extractor scanner(options);
    std::vector<extracted> found;
    const extractor::sink keep = [&](extracted& e) { found.push_back(std::move(e)); };
    for (std::size_t i = 0; i < shared.text.size(); i += 61)
      scanner.feed(std::string_view(shared.text).substr(i, 61), keep);
    scanner.finish(keep);
    put(out, "extractor", list(found) + warned.text);
    warned.text.clear();
    put(out, "extract", list(extract(shared.text, options)) + warned.text);
    put(out, "extract_cut", std::to_string(extract_cut(shared.text, false, options)));
  }

  for (const base_context& c : shared.base_contexts) {
    warning_text warned;
    put(out, "base",
        shown(establish_base(c, make_warning_sink(warned)), [](const established_base& b) {
          return b.url + " " + std::string(urlkit::to_string(b.from));
        }) + warned.text);
  }

#ifdef URLKIT_HAS_IDNA
  for (const std::string& h : hosts) {
    put(out, "to_ascii_host", shown(to_ascii_host(h), [](const std::string& a) { return a; }));
    put(out, "to_unicode_host", shown(to_unicode_host(h), [](const std::string& a) { return a; }));
  }
#endif
#ifdef URLKIT_HAS_HTML
  if (shared.outer) {
    for (const std::string& d : documents) {
      warning_text warned;
      html::absolutize_options options;
      options.on_warning = make_warning_sink(warned);
      put(out, "absolutize", shown(html::absolutize(d, *shared.outer, options), [](const auto& a) {
                               std::string s = a.html + " base=" + a.base.url;
                               for (const html::link& l : a.links)
                                 s += " " + l.reference + ">" +
                                      shown(l.resolved, [](const std::string& r) { return r; });
                               return s;
                             }) + warned.text);
      put(out, "find_base_href", shown(html::find_base_href(d), [](const auto& b) {
            return b ? shown(b->href, [](const std::string& h) { return h; }) : std::string("none");
          }));
    }
  }
#endif
  return out;
}

// One thread's transcript: an entry per input, then the rest.
struct transcript {
  std::vector<std::string> per_input;
  std::string rest;
  bool rounds_differ = false;  // a later round gave another entry than the first
};

transcript run(const shared_inputs& shared, std::size_t start, unsigned round_count) {
  transcript t;
  t.per_input.resize(urls.size());
  std::string reused;
  for (unsigned round = 0; round < round_count; ++round) {
    for (std::size_t k = 0; k < urls.size(); ++k) {
      const std::size_t i = (start + k + std::size_t{round} * 7) % urls.size();
      std::string entry = exercise(shared, urls[i], reused);
      if (round == 0)
        t.per_input[i] = std::move(entry);
      else if (entry != t.per_input[i])
        t.rounds_differ = true;
    }
    std::string rest = exercise_rest(shared);
    if (round == 0)
      t.rest = std::move(rest);
    else if (rest != t.rest)
      t.rounds_differ = true;
  }
  return t;
}

// The first line where two transcripts differ, for the failure message.
std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const std::size_t line = a.rfind('\n', i == 0 ? 0 : i - 1);
  const std::size_t from = line == std::string::npos ? 0 : line + 1;
  return a.substr(from, a.find('\n', from) - from) + " | " +
         b.substr(from, b.find('\n', from) - from);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(threads)

BOOST_AUTO_TEST_CASE(public_api_from_eight_threads_gives_what_one_thread_gives) {
  const shared_inputs shared;

  std::vector<transcript> results(thread_count);
  {
    std::latch start(thread_count);  // all begin at once
    std::vector<std::jthread> threads;
    for (unsigned t = 0; t < thread_count; ++t)
      threads.emplace_back([&, t] {
        start.arrive_and_wait();
        results[t] = run(shared, t * urls.size() / thread_count, rounds);
      });
  }
  const std::size_t threaded_calls = shared.handler->calls.load();

  const transcript reference = run(shared, 0, 1);
  BOOST_TEST_REQUIRE(reference.per_input.size() == urls.size());
  BOOST_TEST_REQUIRE(urls[42] == "g");
  // The transcript is about something: the handler of the test's own ran,
  // from every thread, once per description of an x-count URL.
  BOOST_TEST(shared.handler->calls.load() > threaded_calls);
  BOOST_TEST(threaded_calls ==
             std::size_t{thread_count} * rounds * (shared.handler->calls.load() - threaded_calls));
  // ... and the calls answered: "g" against Appendix C's base (C.1).
  BOOST_TEST(reference.per_input[42].find("resolve: http://a/b/c/g\n") != std::string::npos);

  for (unsigned t = 0; t < thread_count; ++t) {
    BOOST_TEST_CONTEXT("thread " << t) {
      BOOST_TEST(!results[t].rounds_differ);
      for (std::size_t i = 0; i < urls.size(); ++i)
        BOOST_TEST(results[t].per_input[i] == reference.per_input[i],
                   "input " << i << " (" << urls[i] << "): "
                            << first_difference(results[t].per_input[i], reference.per_input[i]));
      BOOST_TEST(results[t].rest == reference.rest,
                 first_difference(results[t].rest, reference.rest));
    }
  }
  for (const std::string& entry : reference.per_input)
    BOOST_TEST(entry.find("FAILED") == std::string::npos, entry);

  // An anchor that owes nothing to the code under test: the draft's own
  // answers (Appendix C, ../appendix_c.hpp) for each of its references among
  // the inputs, resolved against its base (bases[0]) by every thread.
  BOOST_TEST_REQUIRE(bases[0] == appendix_c::base);
  std::size_t anchored = 0;
  for (const appendix_c::example& e : appendix_c::examples)
    for (std::size_t i = 0; i < urls.size(); ++i)
      if (urls[i] == e.reference) {
        ++anchored;
        const std::string line = "resolve: " + std::string(e.expected) + "\n";
        for (unsigned t = 0; t < thread_count; ++t)
          BOOST_TEST(results[t].per_input[i].find(line) != std::string::npos,
                     "thread " << t << ": " << e.reference << " gives no " << line);
      }
  BOOST_TEST(anchored >= 10u);
}

BOOST_AUTO_TEST_SUITE_END()
