// Hostile input: every entry point given what an attacker would send (100 MB
// URLs, 100 MB data: URLs, 100,000 "../", a million delimiters, NULs and
// invalid UTF-8 in every component) answers with a clear error (offset, rule,
// message) or a correct result, in time and memory with explicit bounds.
//
// The bounds.  Time: each case carries a Boost.Test timeout.  In a release
// build every case here runs in well under a second or two (the code is linear
// at several hundred MB/s); AddressSanitizer on a loaded 2-core machine is
// about ten times slower, and the timeouts leave room for that and then some.
// Quadratic behaviour on these sizes would take hours (10^8 bytes squared),
// so a generous timeout still tells linear from quadratic.  Memory: the
// allocation counter of alloc_test.cpp (operator new replaced) gives the bytes
// allocated and the peak of live bytes while a call runs; each bound is the
// size of what the call must return plus a constant, never a multiple of the
// input.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/base64.hpp"
#include "urlkit/encoding.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/schemes/data.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/url_view.hpp"

#include "alloc_counter.hpp"

using namespace urlkit;
using urlkit_test::allocation_stats_of;

namespace {

constexpr std::size_t mb = std::size_t{1} << 20;
// What a call may allocate beyond the bytes it returns: a few small strings
// and vectors (a media type, a segment list's spine), never input-sized.
constexpr std::size_t slack = 64 * 1024;

// A 100 MB path of ordinary segments with escapes in them: "seg%41x/" again
// and again (every byte a pchar, every eighth segment longer).
std::string long_path(std::size_t size) {
  std::string s;
  s.reserve(size);
  const std::string_view unit = "seg%41x/";
  while (s.size() + unit.size() <= size) s += unit;
  s.append(size - s.size(), 'z');
  return s;
}

// Counts what a lenient parse warns about.
struct warning_counter {
  std::size_t n = 0;
  std::size_t first_offset = 0;
  warning_code first_code{};
  std::size_t non_ascii = 0;         // how many non_ascii warnings
  std::size_t non_ascii_offset = 0;  // the offset of the first
  void operator()(const warning& w) noexcept {
    if (n++ == 0) {
      first_offset = w.offset;
      first_code = w.code;
    }
    if (w.code == warning_code::non_ascii && non_ascii++ == 0) non_ascii_offset = w.offset;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(hostile)

// Megabytes of white space inside "<URL:" (white space there is ignored, RFC
// 1738 appendix, empty lines included): the wrapper is read up to max_length
// bytes, given up, and its text read once more as plain text, never again.
// Linear time is checked by counting, not timing: extractor::scanned() counts
// every byte each time it is read, and stays within twice the input and a
// constant, in one piece or in chunks of any size, while memory (pending())
// stays within max_length.
BOOST_AUTO_TEST_CASE(url_wrapper_of_white_space, *boost::unit_test::timeout(120)) {
  auto blank = [](std::size_t size) {
    std::string s;
    s.reserve(size);
    const std::string_view unit = "  \t\n\n\r\n\r\n \f\v\n";
    while (s.size() + unit.size() <= size) s += unit;
    s.append(size - s.size(), ' ');
    return s;
  };
  struct run_result {
    std::vector<extracted> urls;
    std::vector<std::size_t> warnings;  // how many each URL had delivered before it
    std::size_t pending = 0;            // delivered, for the next URL
    std::uint64_t scanned = 0;
    std::size_t most_pending = 0;
    void operator()(const warning&) noexcept { ++pending; }
  };
  auto run = [](std::string_view text, std::size_t chunk, extract_options o) {
    run_result r;
    o.on_warning = make_warning_sink(r);
    extractor x(o);
    const extractor::sink keep = [&](extracted& e) {
      r.urls.push_back(e);
      r.warnings.push_back(r.pending);
      r.pending = 0;
    };
    for (std::size_t i = 0; i < text.size(); i += chunk) {
      x.feed(text.substr(i, chunk), keep);
      r.most_pending = std::max(r.most_pending, x.pending());
    }
    x.finish(keep);
    r.scanned = x.scanned();
    return r;
  };

  // Given up after max_length (1 MiB): the URL past it is read as text and
  // found bare; the one at the start may be cut short, and says so.
  const std::string tail = "http://a.example/b> end";
  for (std::size_t size : {8 * mb, 16 * mb}) {
    const std::string text = "<URL:" + blank(size) + tail;
    const auto r = run(text, text.size(), {});
    BOOST_TEST_REQUIRE(r.urls.size() == 1u);
    BOOST_TEST(r.urls[0].url == "http://a.example/b");
    BOOST_TEST(r.warnings[0] == 0u);
    BOOST_TEST(r.scanned <= text.size() + mb + 1024, size << ": " << r.scanned);
    const std::string cut = "<URL:http://a.example/c" + blank(size) + tail;
    const auto c = run(cut, cut.size(), {});
    BOOST_TEST_REQUIRE(c.urls.size() == 2u);
    BOOST_TEST(c.urls[0].url == "http://a.example/c");
    BOOST_TEST(c.warnings[0] == 1u);
    BOOST_TEST(c.scanned <= cut.size() + mb + 1024, size << ": " << c.scanned);
  }

  // Many wrappers, each given up at the next "<", in pieces of every size:
  // each byte read at most twice by the wrapper and the text states (and the
  // "URL" of each wrapper's prefix a few more times as a possible scheme name).
  extract_options o;
  o.max_length = 64 * 1024;
  for (std::size_t size : {1 * mb, 2 * mb}) {
    std::string text;
    const std::string ws = blank(1000);
    while (text.size() < size) text += "<URL:http://a.example/" + ws;
    for (std::size_t chunk : {text.size(), std::size_t{4099}, std::size_t{1}}) {
      const auto r = run(text, chunk, o);
      BOOST_TEST(r.urls.size() == text.size() / (22 + ws.size()), "chunk " << chunk);
      BOOST_TEST((
          std::all_of(r.warnings.begin(), r.warnings.end(), [](std::size_t n) { return n == 1; })));
      BOOST_TEST(r.scanned <= 3 * text.size(), "chunk " << chunk << ": " << r.scanned);
      BOOST_TEST(r.most_pending <= o.max_length + 32, "chunk " << chunk);
    }
    // One wrapper of white space given up at max_length, then plain text.
    const std::string one = "<URL:" + blank(size);
    for (std::size_t chunk : {one.size(), std::size_t{4099}, std::size_t{1}}) {
      const auto r = run(one, chunk, o);
      BOOST_TEST(r.urls.empty());
      BOOST_TEST(r.scanned <= one.size() + o.max_length + 64,
                 "chunk " << chunk << ": " << r.scanned);
      BOOST_TEST(r.most_pending <= o.max_length + 32, "chunk " << chunk);
    }
  }
}

// A 100 MB URL: parsed in both modes without allocating; resolved against a
// base in one allocation of the result's size; read as an http URL.
BOOST_AUTO_TEST_CASE(hundred_megabyte_url, *boost::unit_test::timeout(120)) {
  const std::string prefix = "http://host.example:8080/";
  const std::string path = long_path(100 * mb);
  const std::string s = prefix + path + "?q=1#f";

  for (auto m : {mode::lenient, mode::strict}) {
    result<url_view> r = url_view();
    const auto st = allocation_stats_of([&] { r = parse_reference(s, m); });
    BOOST_REQUIRE(r);
    BOOST_TEST(st.calls == 0u);  // parsing never allocates (url_view.hpp)
    BOOST_TEST(r->encoded_host() == "host.example");
    BOOST_TEST(r->port() == "8080");
    BOOST_TEST(r->encoded_path().size() == path.size());
    BOOST_TEST((r->encoded_path() == path));
    BOOST_TEST(r->encoded_query() == "q=1");
    BOOST_TEST(r->encoded_fragment() == "f");
    BOOST_TEST(r->size() == s.size());
    auto a = parse_absolute(s, m);
    BOOST_REQUIRE(a);
    BOOST_TEST(a->encoded_path().size() == path.size());
  }

  // The same text as a relative reference, resolved against a base.
  const std::string ref = path + "?q";
  result<std::string> resolved = std::string();
  const auto st = allocation_stats_of([&] { resolved = resolve("http://a/b/c/d;p?x", ref); });
  BOOST_REQUIRE(resolved);
  const std::string expected = "http://a/b/c/" + ref;
  BOOST_TEST(resolved->size() == expected.size());
  BOOST_TEST((*resolved == expected));
  // "The result is built in one allocation" (resolve.hpp): the result and a
  // constant, not a copy of the reference.
  BOOST_TEST(st.peak_live_bytes <= expected.size() + slack);
  BOOST_TEST(st.bytes <= expected.size() + slack);

  // The http view (RFC 1738 3.3): hpath and search, and the request target.
  result<http_view> h = http_view();
  const auto hs = allocation_stats_of([&] { h = parse_http(s); });
  BOOST_REQUIRE(h);
  BOOST_TEST(hs.peak_live_bytes <= slack);
  BOOST_TEST(h->effective_port() == 8080);
  BOOST_TEST(h->encoded_host() == "host.example");
  BOOST_TEST(h->encoded_hpath().size() == path.size());
  BOOST_TEST(h->search() == "q=1");
  std::string target;
  const auto ts = allocation_stats_of([&] { target = h->request_target(); });
  BOOST_TEST(target.size() == 1 + path.size() + 4);
  BOOST_TEST((target == "/" + path + "?q=1"));
  BOOST_TEST(ts.peak_live_bytes <= target.size() + slack);

  // Percent-decoding the path: "seg%41x/" gives "segAx/"; at most the input's size.
  std::string decoded;
  const auto ds = allocation_stats_of([&] { decoded = decode(path).value(); });
  BOOST_TEST(decoded.size() == decoded_size(path));
  BOOST_TEST(decoded.substr(0, 12) == "segAx/segAx/");
  BOOST_TEST(ds.peak_live_bytes <= decoded.size() + slack);
}

// A 100 MB data: URL (RFC 2397): checked without copying the body; decoded
// into a string (memory: the body and one chunk), into a caller's buffer and
// in chunks (memory: one chunk, whatever the size), and read in pieces by
// data_url_reader (memory: a constant).
BOOST_AUTO_TEST_CASE(hundred_megabyte_data_url, *boost::unit_test::timeout(120)) {
  std::string bytes(75 * mb, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<char>((i * 2654435761u) >> 13);
  const std::string s = "data:application/octet-stream;base64," + base64::encode(bytes);
  BOOST_TEST(s.size() > 100 * mb);

  result<data_view> d = data_view();
  const auto ps = allocation_stats_of([&] { d = parse_data(s); });
  BOOST_REQUIRE(d);
  BOOST_TEST(ps.peak_live_bytes <= slack + data_view::default_chunk);
  BOOST_TEST(d->type() == "application");
  BOOST_TEST(d->subtype() == "octet-stream");
  BOOST_TEST(d->is_base64());
  BOOST_TEST(d->body_size() == bytes.size());

  // Into a string: the body's size, plus one chunk for the decoding.
  std::string body;
  const auto bs = allocation_stats_of([&] { body = d->decode_body(); });
  BOOST_TEST((body == bytes));
  BOOST_TEST(bs.peak_live_bytes <= bytes.size() + data_view::default_chunk + slack);

  // Into a caller's buffer: no more than one chunk of its own.
  std::string buffer(bytes.size(), 'x');
  result<std::size_t> n = std::size_t{0};
  const auto us = allocation_stats_of([&] { n = d->decode_body_to(buffer); });
  BOOST_REQUIRE(n);
  BOOST_TEST(*n == bytes.size());
  BOOST_TEST((buffer == bytes));
  BOOST_TEST(us.peak_live_bytes <= data_view::default_chunk + slack);

  // In chunks of 4 KiB: a constant, whatever the size.
  std::size_t at = 0;
  bool same = true;
  const byte_sink compare = [&](std::string_view piece) {
    same = same && piece.size() <= 4096 && bytes.compare(at, piece.size(), piece) == 0;
    at += piece.size();
    return true;
  };
  const auto cs = allocation_stats_of([&] { n = d->decode_body(compare, 4096); });
  BOOST_REQUIRE(n);
  BOOST_TEST(same);
  BOOST_TEST(at == bytes.size());
  BOOST_TEST(cs.peak_live_bytes <= 4096 + slack);

  // The URL read 1 MiB at a time: neither the URL nor the body is held.
  at = 0;
  same = true;
  const auto rs = allocation_stats_of([&] {
    data_url_reader reader({}, 4096);
    for (std::size_t i = 0; i < s.size(); i += mb) {
      auto w = reader.write(std::string_view(s).substr(i, mb), compare);
      BOOST_REQUIRE(w);
    }
    n = reader.finish(compare);
  });
  BOOST_REQUIRE(n);
  BOOST_TEST(*n == bytes.size());
  BOOST_TEST(same);
  BOOST_TEST(at == bytes.size());
  // The first piece is held whole while the part before the "," is read
  // (data.hpp): one piece and one chunk, whatever the URL's size.
  BOOST_TEST(rs.peak_live_bytes <= mb + 4096 + slack);
}

// A 100 MB percent-encoded data: URL with a bad escape at its very end (strict
// mode refuses it there) and one whose body is a long run of spaces and
// controls, which the processing holds back until it knows whether they end
// the URL (they are data when something follows).
BOOST_AUTO_TEST_CASE(hundred_megabyte_data_url_percent, *boost::unit_test::timeout(120)) {
  const std::string prefix = "data:text/plain,";
  std::string s = prefix;
  s.reserve(prefix.size() + 100 * mb + 2);
  while (s.size() < prefix.size() + 100 * mb) s += "a%41";
  result<data_view> d = parse_data(s);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->body_size() == 50 * mb);
  BOOST_TEST(d->decode_body().substr(0, 6) == "aAaAaA");

  // A "%" not followed by two hex digits at the end: RFC 2397's grammar
  // (urlchar, RFC 1738 escape) refuses it in strict mode, at its offset.
  s += "%G";
  data_options strict;
  strict.mode = mode::strict;
  d = parse_data(s, strict);
  BOOST_REQUIRE(!d);
  BOOST_TEST(d.error().offset == s.size() - 2);
  BOOST_TEST(!d.error().message().empty());

  // 100 MB of spaces and controls between two bytes of body: data, kept.
  // The reader holds such a run back until it knows whether it ends the URL
  // (then it is stripped, as a URL parser strips it): the memory is that of
  // the run, which is then output, and no more.
  std::string gap(100 * mb, ' ');
  for (std::size_t i = 0; i < gap.size(); i += 7) gap[i] = '\x01';
  const std::string spaced = prefix + "a" + gap + "b";
  std::size_t at = 0;
  bool same = true;
  const byte_sink compare = [&](std::string_view piece) {
    for (char c : piece) {
      const char want = at == 0 ? 'a' : at == gap.size() + 1 ? 'b' : gap[at - 1];
      same = same && c == want;
      ++at;
    }
    return true;
  };
  result<std::size_t> n = std::size_t{0};
  const auto rs = allocation_stats_of([&] {
    data_url_reader reader({}, 4096);
    for (std::size_t i = 0; i < spaced.size(); i += mb) {
      auto w = reader.write(std::string_view(spaced).substr(i, mb), compare);
      BOOST_REQUIRE(w);
    }
    n = reader.finish(compare);
  });
  BOOST_REQUIRE(n);
  BOOST_TEST(*n == gap.size() + 2);
  BOOST_TEST(at == gap.size() + 2);
  BOOST_TEST(same);
  BOOST_TEST(rs.peak_live_bytes <= gap.size() + mb + 4096 + slack);
}

// 100,000 "../": Step 6 of draft section 6 drops what it can and keeps the
// rest (Appendix C.2), in linear time; make_relative climbs as far back.
BOOST_AUTO_TEST_CASE(hundred_thousand_dot_dot_segments, *boost::unit_test::timeout(60)) {
  constexpr std::size_t n = 100'000;
  std::string ups;
  for (std::size_t i = 0; i < n; ++i) ups += "../";
  const std::string base = "http://a/b/c/d;p?q";

  result<std::string> r = resolve(base, ups + "g");
  BOOST_REQUIRE(r);
  std::string expected = "http://a/";
  for (std::size_t i = 2; i < n; ++i) expected += "../";
  BOOST_TEST((*r == expected + "g"));

  // A base 100,000 segments deep below a long first segment: the target
  // beside that segment is 100,000 "../" away, shorter than its absolute path.
  const std::string top(400'000, 'p');
  std::string deep = "http://a/" + top + "/";
  for (std::size_t i = 0; i < n; ++i) deep += "x/";
  const std::string target = "http://a/" + top + "/g";
  result<std::string> rel = std::string();
  const auto st = allocation_stats_of([&] { rel = make_relative(deep, target); });
  BOOST_REQUIRE(rel);
  BOOST_TEST((*rel == ups + "g"));
  // The base's segments are listed (16 bytes each, twice that while the list
  // doubles) and a few candidates of the result's size are compared.
  BOOST_TEST(st.peak_live_bytes <= 32 * (n + 2) + 4 * rel->size() + slack);
  auto back = resolve(deep, *rel);
  BOOST_REQUIRE(back);
  BOOST_TEST((*back == target));

  // A target that is 100,000 "../" deep (Step 6 keeps them): make_relative
  // gives a reference that resolves back to it.
  rel = make_relative(base, *r);
  BOOST_REQUIRE(rel);
  back = resolve(base, *rel);
  BOOST_REQUIRE(back);
  BOOST_TEST((*back == *r));
}

// A million ';', '?' and '%': parsed in both modes, resolved, read by the
// http view, percent-decoded.
BOOST_AUTO_TEST_CASE(a_million_delimiters, *boost::unit_test::timeout(60)) {
  constexpr std::size_t n = 1'000'000;
  const std::string head = "http://a/";

  // ';': the first starts the params, the rest are params (draft 4.3.3:
  // params = param *( ";" param )); RFC 1738's hpath keeps them in the path.
  {
    const std::string s = head + std::string(n, ';');
    for (auto m : {mode::lenient, mode::strict}) {
      auto r = parse_reference(s, m);
      BOOST_REQUIRE(r);
      BOOST_TEST(r->encoded_path() == "");
      BOOST_TEST(r->encoded_params().size() == n - 1);
      BOOST_TEST(r->warning_count() == 0u);
    }
    auto h = parse_http(s);
    BOOST_REQUIRE(h);
    BOOST_TEST(h->encoded_hpath().size() == n);
    BOOST_TEST(h->hsegments().size() == 1u);
    auto res = resolve("http://x/y/z", std::string(n, ';'));
    BOOST_REQUIRE(res);
    BOOST_TEST((*res == "http://x/y/z" + std::string(n, ';')));
  }

  // '?': the first starts the query; the rest are urlchars of it.
  {
    const std::string s = head + std::string(n, '?');
    for (auto m : {mode::lenient, mode::strict}) {
      auto r = parse_reference(s, m);
      BOOST_REQUIRE(r);
      BOOST_TEST(r->encoded_query().size() == n - 1);
    }
    auto h = parse_http(s);
    BOOST_REQUIRE(h);
    BOOST_TEST(h->encoded_search().size() == n - 1);
    BOOST_TEST(h->search().decoded_size() == n - 1);
    auto res = resolve("http://x/y/z", std::string(n, '?'));
    BOOST_REQUIRE(res);
    BOOST_TEST((*res == "http://x/y/z" + std::string(n, '?')));
  }

  // '%': a bad escape each.  Lenient mode keeps them (draft 2.3.3, a robust
  // implementation), with a warning each; strict mode refuses the first.
  {
    const std::string s = head + std::string(n, '%');
    warning_counter warnings;
    parse_options o;
    o.on_warning = make_warning_sink(warnings);
    auto r = parse_reference(s, o);
    BOOST_REQUIRE(r);
    BOOST_TEST(r->encoded_path().size() == n);
    BOOST_TEST(r->warning_count() == n);
    BOOST_TEST(warnings.n == n);
    BOOST_TEST(warnings.first_offset == head.size());
    BOOST_TEST((warnings.first_code == warning_code::bad_escape));
    BOOST_TEST(warnings.non_ascii == 0u);
    auto e = parse_reference(s, mode::strict);
    BOOST_REQUIRE(!e);
    BOOST_TEST(e.error().offset == head.size());
    BOOST_TEST((e.error().code == error_code::bad_escape));
    BOOST_TEST((e.error().rule == rule::path));
    BOOST_TEST(e.error().message() ==
               "path: '%' must be followed by two hex digits (write a literal '%' as %25)");

    auto h = parse_http(s);
    BOOST_REQUIRE(h);
    BOOST_TEST(h->encoded_hpath().size() == n);
    scheme_options so;
    so.mode = mode::strict;
    BOOST_TEST(!parse_http(s, so).has_value());

    auto res = resolve("http://x/y/z", std::string(n, '%'));
    BOOST_REQUIRE(res);
    BOOST_TEST((*res == "http://x/y/" + std::string(n, '%')));

    // Decoding keeps them as they are (lenient) or refuses the first (strict).
    auto d = decode(std::string(n, '%'));
    BOOST_REQUIRE(d);
    BOOST_TEST((*d == std::string(n, '%')));
    BOOST_TEST(scan_escapes(std::string(n, '%')).bad_escape);
    decode_options strict;
    strict.strict = true;
    auto ds = decode(std::string(n, '%'), strict);
    BOOST_REQUIRE(!ds);
    BOOST_TEST(ds.error().offset == 0u);
    BOOST_TEST((ds.error().code == error_code::bad_escape));
    // "%25" a million times: a million '%', in the memory of the result.
    std::string escaped;
    for (std::size_t i = 0; i < n; ++i) escaped += "%25";
    const auto st = allocation_stats_of([&] { d = decode(escaped); });
    BOOST_REQUIRE(d);
    BOOST_TEST((*d == std::string(n, '%')));
    BOOST_TEST(st.peak_live_bytes <= n + slack);
  }
}

// NUL and invalid UTF-8 at the start, middle and end of each component.
// NUL is never allowed (draft 2.3.3 excludes controls): an error at its
// offset, in the component's rule.  An octet >= 0x80 is "national": strict
// mode refuses it at its offset, in the component's rule; lenient mode takes
// it as data with a warning at its offset (draft 2.3.3, a robust
// implementation), in the host too (which then also gets a warning that it
// is not a hostname).  A port is digits in both modes (draft 4.3.1).
// Escaped, both are data anywhere (%00, %FF), and decoding gives the octet
// back, refusing %00 when asked to.
BOOST_AUTO_TEST_CASE(nul_and_invalid_utf8_in_every_component, *boost::unit_test::timeout(30)) {
  // sch://user:pass@host:80/path;prm?qry#frg
  const std::string url = "sch://user:pass@host:80/path;prm?qry#frg";
  struct part {
    rule r;
    std::size_t begin, end;
  };
  const part parts[] = {
      {rule::user, 6, 10},   {rule::password, 11, 15}, {rule::host, 16, 20},
      {rule::port, 21, 23},  {rule::path, 24, 28},     {rule::params, 29, 32},
      {rule::query, 33, 36}, {rule::fragment, 37, 40},
  };
  const std::string bad_bytes[] = {
      std::string(1, '\0'), "\xff", "\x80", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xc0\xaf",
  };
  for (const part& p : parts) {
    for (std::size_t at : {p.begin, p.begin + 1, p.end}) {
      for (const std::string& b : bad_bytes) {
        std::string s = url;
        s.insert(at, b);
        const bool nul = b[0] == '\0';
        const bool port = p.r == rule::port;
        BOOST_TEST_CONTEXT("rule " << p.r << ", offset " << at << ", byte 0x" << std::hex
                                   << static_cast<unsigned>(static_cast<unsigned char>(b[0]))) {
          auto strict = parse_reference(s, mode::strict);
          BOOST_REQUIRE(!strict);
          BOOST_TEST(strict.error().offset == at);
          BOOST_TEST((strict.error().rule == p.r));
          BOOST_TEST(!strict.error().message().empty());
          BOOST_TEST((strict.error().code == (port  ? error_code::bad_port
                                              : nul ? error_code::invalid_character
                                                    : error_code::non_ascii)));
          if (!port) {
            BOOST_TEST(strict.error().has_byte);
            BOOST_TEST(strict.error().byte == static_cast<unsigned char>(b[0]));
          }

          warning_counter warnings;
          parse_options o;
          o.on_warning = make_warning_sink(warnings);
          auto lenient = parse_reference(s, o);
          if (nul || port) {
            BOOST_REQUIRE(!lenient);
            BOOST_TEST(lenient.error() == strict.error());
          } else {
            BOOST_REQUIRE(lenient);
            BOOST_TEST(lenient->recompose() == s);
            BOOST_TEST(warnings.non_ascii == b.size());
            BOOST_TEST(warnings.non_ascii_offset == at);
            BOOST_TEST(warnings.n == b.size() + (p.r == rule::host ? 1 : 0));
          }
        }
      }
    }
  }

  // At the very start (where the scheme would be) and the very end.
  for (const std::string& b : bad_bytes) {
    const std::string front = b + "http://a/b";
    auto f = parse_reference(front, mode::strict);
    BOOST_REQUIRE(!f);
    BOOST_TEST(f.error().offset == 0u);
    BOOST_TEST(!parse_absolute(front).has_value());
    const std::string back = "http://a/b" + b;
    auto e = parse_reference(back, mode::strict);
    BOOST_REQUIRE(!e);
    BOOST_TEST(e.error().offset == 10u);
    // In the scheme itself: not a scheme character (draft 4.1).
    const std::string in_scheme = "ht" + b + "tp://a/b";
    auto sc = parse_absolute(in_scheme);
    BOOST_REQUIRE(!sc);
    BOOST_TEST(sc.error().offset == 2u);
  }

  // Escaped, they are data in every free component, and decode back.
  const std::string escaped = "sch://u%00%FF:p%00%FF@host:80/p%00%FF;q%00%FF?r%00%FF#s%00%FF";
  auto r = parse_reference(escaped, mode::strict);
  BOOST_REQUIRE(r);
  BOOST_TEST(r->warning_count() == 0u);
  BOOST_TEST(decode(r->encoded_user()).value() == std::string("u\0\xff", 3));
  BOOST_TEST(decode(r->encoded_fragment()).value() == std::string("s\0\xff", 3));
  decode_options refuse;
  refuse.reject_nul = true;
  auto refused = decode(r->encoded_path(), refuse);
  BOOST_REQUIRE(!refused);
  BOOST_TEST((refused.error().code == error_code::decoded_nul));
  BOOST_TEST(refused.error().offset == 1u);

  // In a data: URL the processing takes controls as data: the body holds them.
  const std::string with_nul("data:,a\0b\xff", 10);  // outlives the view
  auto d = parse_data(with_nul);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->decode_body() == std::string("a\0b\xff", 4));
}

BOOST_AUTO_TEST_SUITE_END()
