// What the tests of the RFC 1738 schemes (ftp_test.cpp, http_test.cpp, ...)
// check the same way for every scheme: strict refusals with the offset and
// message of the production, lenient warnings at the same offset, refusals in
// both modes, the two parse overloads, the wrong scheme, and the typed view
// of a URL the registry also checks.
//
// `parse` is the scheme's parser as one callable taking a std::string_view or
// a url_view and the scheme_options (parse_ftp is an overload set, which
// cannot be passed as it is):
//   const auto parser = [](const auto& u, const scheme_options& o) { return parse_ftp(u, o); };
#pragma once

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urlkit/scheme.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit_test {

inline urlkit::scheme_options opts(urlkit::mode m) {
  urlkit::scheme_options o;
  o.mode = m;
  return o;
}

/// "[value]", or "-" when absent: absent and empty read differently.
inline std::string bracketed(const std::optional<std::string>& v) {
  return v ? "[" + *v + "]" : "-";
}
inline std::string bracketed(bool has, std::string_view v) {
  return has ? "[" + std::string(v) + "]" : "-";
}
inline std::string bracketed(bool has, const urlkit::decode_view& v) {
  return has ? "[" + v.to_string() + "]" : "-";
}
inline std::string bracketed(const std::optional<std::string_view>& v) {
  return v ? "[" + std::string(*v) + "]" : "-";
}
inline std::string bracketed(const std::optional<urlkit::decode_view>& v) {
  return v ? "[" + v->to_string() + "]" : "-";
}

/// The decoded value, or "-" when absent.
inline std::string or_dash(const std::optional<urlkit::decode_view>& v) {
  return v ? v->to_string() : "-";
}

/// Each element decoded, in a vector: what a list reads as.
template <class Range>
std::vector<std::string> decoded_strings(const Range& r) {
  std::vector<std::string> out;
  for (const urlkit::decode_view d : r) out.push_back(d.to_string());
  return out;
}

/// Each name=value element decoded (query_param_view, prospero_fieldspec).
template <class Range>
std::vector<std::pair<std::string, std::string>> decoded_pairs(const Range& r) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& e : r) out.emplace_back(e.name().to_string(), e.value().to_string());
  return out;
}

/// Each name=value element as written.
template <class Range>
std::vector<std::pair<std::string_view, std::string_view>> encoded_pairs(const Range& r) {
  std::vector<std::pair<std::string_view, std::string_view>> out;
  for (const auto& e : r) out.emplace_back(e.encoded_name(), e.encoded_value());
  return out;
}

/// The typed view `parse` makes of `url`, once parse_reference has parsed it
/// (the url_view overload, as the registry's check calls it): both must
/// succeed in mode `m`.  `url` must outlive the view (a literal does).
template <class Parse>
auto viewed(Parse parse, std::string_view url, urlkit::mode m = urlkit::mode::lenient) {
  auto u = urlkit::parse_reference(url, m);
  BOOST_REQUIRE(u);
  auto v = parse(*u, opts(m));
  BOOST_REQUIRE(v);
  return *v;
}

/// A lenient parse and every warning it gave: the generic parse's and the
/// scheme grammar's.
template <class Result>
struct lenient_result {
  Result r;
  std::vector<urlkit::warning> warnings;
};

template <class Parse>
auto parse_lenient(Parse parse, std::string_view url) {
  std::vector<urlkit::warning> ws;
  auto collect = [&ws](const urlkit::warning& w) { ws.push_back(w); };
  urlkit::scheme_options o;
  o.on_warning = urlkit::make_warning_sink(collect);
  auto r = parse(url, o);
  return lenient_result<decltype(r)>{std::move(r), std::move(ws)};
}

/// The warnings of a lenient parse; `*ok` says whether it succeeded.
template <class Parse>
std::vector<urlkit::warning> lenient_warnings(Parse parse, std::string_view url,
                                              bool* ok = nullptr) {
  auto l = parse_lenient(parse, url);
  if (ok) *ok = l.r.has_value();
  return std::move(l.warnings);
}

/// A URL the scheme's grammar refuses: where, and the message naming the
/// production.
struct rejection {
  const char* url;
  std::size_t offset;
  const char* message;
  /// For check_strict_rejections: lenient mode refuses the URL as well, as
  /// what is missing (no "//", no host) leaves a client nothing to use.
  bool lenient_refuses = false;
};

/// A URL strict mode refuses, with what lenient mode reads it as, in the
/// test's own terms (its parts() string, say).
struct rejection_read_as {
  const char* url;
  std::size_t offset;
  const char* message;
  const char* lenient;
};

/// The production an error message of a scheme's grammar names: the text
/// before its first ":" ("mailto addr-spec").
inline std::string production_in(std::string_view message) {
  return std::string(message.substr(0, message.find(':')));
}

/// The default per-case check: nothing more.
struct no_more_checks {
  template <class... Args>
  void operator()(const Args&...) const {}
};

/// For each case (a struct with url, offset and message, such as rejection):
/// strict mode refuses the URL at that offset with that message.  Lenient
/// mode refuses it too where the case says `lenient_refuses`; else it accepts
/// it, its first warning at the same offset, and
/// `check(case, strict_error, lenient_result)` tests the rest.
template <class Parse, class Cases, class Check = no_more_checks>
void check_strict_rejections(Parse parse, const Cases& cases, Check check = {}) {
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.url) {
      auto s = parse(std::string_view(c.url), opts(urlkit::mode::strict));
      BOOST_REQUIRE(!s);
      BOOST_TEST(s.error().offset == c.offset);
      BOOST_TEST(s.error().message() == c.message);
      auto l = parse_lenient(parse, c.url);
      if constexpr (requires { c.lenient_refuses; }) {
        if (c.lenient_refuses) {
          BOOST_TEST(!l.r);
          continue;
        }
      }
      BOOST_REQUIRE(l.r.has_value());
      BOOST_REQUIRE(!l.warnings.empty());
      BOOST_TEST(l.warnings.front().offset == c.offset);
      check(c, s.error(), l);
    }
  }
}

/// For each case (a struct with url, offset and message, such as rejection):
/// an error in both modes, at that offset with that message;
/// `check(case, error)` tests the rest.
template <class Parse, class Cases, class Check = no_more_checks>
void check_refused_in_both_modes(Parse parse, const Cases& cases, Check check = {}) {
  for (auto m : {urlkit::mode::lenient, urlkit::mode::strict}) {
    for (const auto& c : cases) {
      BOOST_TEST_CONTEXT(c.url << (m == urlkit::mode::strict ? " strict" : " lenient")) {
        auto r = parse(std::string_view(c.url), opts(m));
        BOOST_REQUIRE(!r);
        BOOST_TEST(r.error().offset == c.offset);
        BOOST_TEST(r.error().message() == c.message);
        check(c, r.error());
      }
    }
  }
}

/// A URL of another scheme, parsed generically and then by the scheme's
/// parser: refused as scheme_syntax in `production`, with `message`.
template <class Parse>
void check_wrong_scheme(Parse parse, std::string_view other_url, std::string_view production,
                        std::string_view message) {
  auto u = urlkit::parse_reference(other_url);
  BOOST_REQUIRE(u);
  auto r = parse(*u, urlkit::scheme_options{});
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().code == urlkit::error_code::scheme_syntax);
  BOOST_TEST(r.error().production == production);
  BOOST_TEST(r.error().message() == message);
}

/// `s` parsed by the string_view overload and, once parse_absolute has
/// parsed it, by the url_view overload: both succeed on the same URL, the
/// first a view of `s` itself (no copy).  Returns both, for the scheme's own
/// comparisons; they view `s`.
template <class Parse>
auto parse_both_ways(Parse parse, const std::string& s) {
  auto a = parse(std::string_view(s), urlkit::scheme_options{});
  auto u = urlkit::parse_absolute(s);
  BOOST_REQUIRE(u);
  auto b = parse(*u, urlkit::scheme_options{});
  BOOST_REQUIRE(a);
  BOOST_REQUIRE(b);
  BOOST_TEST((a->url() == b->url()));
  BOOST_TEST(a->url().buffer().data() == s.data());
  return std::pair{std::move(*a), std::move(*b)};
}

/// A host to connect to (RFC 1738 3.1's hostport, and lenient mode's IPv6
/// literal, RFC 2732): `url` has the literal `literal` as its host and the
/// effective port `port`.  Lenient mode takes it with the one warning
/// ipv6_literal (the scheme's grammar adds none), host() keeps the brackets
/// and connect_host() is `address`, without them (the zone's "%25" is "%",
/// RFC 6874); strict mode refuses it at the "[".  A name and a hostnumber
/// are connected to as host() gives them.
template <class Parse>
void check_connect_host(Parse parse, std::string_view url, std::string_view address,
                        std::uint16_t port) {
  BOOST_TEST_CONTEXT(url) {
    auto l = parse_lenient(parse, url);
    BOOST_REQUIRE(l.r.has_value());
    BOOST_TEST(l.r->connect_host() == address);
    BOOST_TEST(l.r->encoded_host().front() == '[');
    BOOST_TEST(l.r->encoded_host().back() == ']');
    BOOST_TEST(l.r->effective_port() == port);
    BOOST_TEST((l.r->url().host_kind() == urlkit::host_kind::ipv6));
    BOOST_REQUIRE(l.warnings.size() == 1u);
    BOOST_TEST((l.warnings[0].code == urlkit::warning_code::ipv6_literal));
    auto s = parse(url, opts(urlkit::mode::strict));
    BOOST_REQUIRE(!s);
    BOOST_TEST(s.error().offset == url.find('['));
    BOOST_TEST(s.error().message().find("RFC 2732") != std::string::npos, s.error().message());
  }
  std::string named(url), numbered(url);
  const std::size_t open = url.find('['), size = url.find(']') + 1 - open;
  named.replace(open, size, "host.example");
  numbered.replace(open, size, "10.0.0.1");
  for (auto m : {urlkit::mode::lenient, urlkit::mode::strict}) {
    auto n = parse(std::string_view(named), opts(m));
    BOOST_REQUIRE(n.has_value());
    BOOST_TEST(n->connect_host() == "host.example");
    BOOST_TEST(n->connect_host() == n->encoded_host());
    auto i = parse(std::string_view(numbered), opts(m));
    BOOST_REQUIRE(i.has_value());
    BOOST_TEST(i->connect_host() == "10.0.0.1");
  }
}

}  // namespace urlkit_test
