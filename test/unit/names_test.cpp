// urlkit/detail/names.hpp, and the one rule for the names of the public
// enums (docs/guide.md, "Names"): every enum of include/urlkit/ that is part
// of the API has
//   - to_string(E) noexcept, a std::string_view: the enumerator's own
//     identifier, as the header spells it (lower case words joined by "_"),
//     and the empty string for a value outside the enumeration (a cast);
//   - operator<<, printing that name, or "E(N)" for a value outside.
// The headers are read, so that an enum added without names, a name spelled
// otherwise than its enumerator, or a second fallback fails here.  The
// codes' names are stable: machine-readable output (the CLI's JSON "code")
// carries them.
#include <algorithm>
#include <concepts>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "urlkit/base.hpp"
#include "urlkit/detail/names.hpp"
#include "urlkit/encoding.hpp"
#include "urlkit/error.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/resolve.hpp"
#ifdef URLKIT_HAS_HTML
#include "urlkit/html.hpp"
#endif
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

using urlkit::error_code;
using urlkit::warning_code;

namespace {

// One `enum class` of a public header, as the header writes it.
struct declared_enum {
  std::string file;  // relative to include/
  std::string name;  // unqualified: "layer" for established_base::layer
  std::vector<std::pair<std::string, long long>> enumerators;  // identifier, value
};

std::string without_comments(const std::string& text) {
  static const std::regex comment(R"(//[^\n]*|/\*[\s\S]*?\*/)");
  return std::regex_replace(text, comment, "");
}

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// Every `enum class NAME [: type] { ... }` of every header under include/urlkit.
std::vector<declared_enum> declared_enums() {
  static const std::regex enum_class(R"(enum\s+class\s+(\w+)\s*(?::\s*[\w:]+\s*)?\{([^}]*)\})");
  const std::filesystem::path root(URLKIT_INCLUDE_DIR);
  std::vector<declared_enum> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root / "urlkit")) {
    if (entry.path().extension() != ".hpp") continue;
    std::ifstream in(entry.path());
    const std::string text = without_comments(std::string(std::istreambuf_iterator<char>(in), {}));
    for (std::sregex_iterator m(text.begin(), text.end(), enum_class), end; m != end; ++m) {
      declared_enum d{std::filesystem::relative(entry.path(), root).string(), (*m)[1], {}};
      long long next = 0;
      std::stringstream body((*m)[2].str());
      for (std::string item; std::getline(body, item, ',');) {
        item = trimmed(item);
        if (item.empty()) continue;
        const auto eq = item.find('=');
        const std::string id = trimmed(item.substr(0, eq));
        const long long value = eq == std::string::npos ? next : std::stoll(item.substr(eq + 1));
        d.enumerators.emplace_back(id, value);
        next = value + 1;
      }
      out.push_back(std::move(d));
    }
  }
  return out;
}

template <class E>
std::string printed(E e) {
  std::ostringstream os;
  os << e;
  return os.str();
}

// The rule, for one enum E declared as `d`.
template <class E>
void check_names(const declared_enum& d) {
  static_assert(std::same_as<decltype(to_string(E{})), std::string_view>);
  static_assert(noexcept(to_string(E{})));
  static const std::regex spelling("[a-z][a-z0-9]*(_[a-z0-9]+)*");
  BOOST_TEST_CONTEXT(d.file << ": enum class " << d.name) {
    BOOST_TEST(!d.enumerators.empty());
    std::set<std::string_view> seen;
    long long last = -1;
    for (const auto& [id, value] : d.enumerators) {
      const E e = static_cast<E>(value);
      const std::string_view name = to_string(e);
      BOOST_TEST(name == id);  // named, and as the enumerator is spelled
      BOOST_TEST(std::regex_match(id, spelling), id);
      BOOST_TEST(printed(e) == id);
      BOOST_TEST(seen.insert(name).second, id << " twice");
      last = std::max(last, value);
    }
    // The one fallback: no name past the enumeration, and its number printed.
    const auto past = static_cast<E>(last + 1);
    BOOST_TEST(to_string(past).empty());
    BOOST_TEST(printed(past) == d.name + "(" + std::to_string(last + 1) + ")");
  }
}

using checker = void (*)(const declared_enum&);

// Every public enum, by the name its header declares it with.
const std::map<std::string, checker> public_enums = {
    {"rule", &check_names<urlkit::rule>},
    {"error_code", &check_names<urlkit::error_code>},
    {"warning_code", &check_names<urlkit::warning_code>},
    {"mode", &check_names<urlkit::mode>},
    {"host_kind", &check_names<urlkit::host_kind>},
    {"component", &check_names<urlkit::component>},
    {"how_found", &check_names<urlkit::extracted::how_found>},
    {"layer", &check_names<urlkit::established_base::layer>},
    {"news_kind", &check_names<urlkit::news_kind>},
    {"path_style", &check_names<urlkit::path_style>},
    {"form", &check_names<urlkit::wais_view::form>},
    {"data_encoding", &check_names<urlkit::data_encoding>},
    {"specification", &check_names<urlkit::specification>},
#ifdef URLKIT_HAS_HTML
    {"url_list", &check_names<urlkit::html::url_list>},
#endif
};

// Enums of the headers that are no API, or not built here, and why.
const std::map<std::string, std::string> not_checked = {
    {"state", "extractor's scanner state: a private member"},
#ifndef URLKIT_HAS_HTML
    {"url_list", "urlkit_html is not built (URLKIT_HTML=OFF)"},
#endif
};

}  // namespace

BOOST_AUTO_TEST_SUITE(names)

BOOST_AUTO_TEST_CASE(every_public_enum_is_named_by_the_one_rule) {
  const auto enums = declared_enums();
  std::set<std::string> found;
  for (const declared_enum& d : enums) {
    BOOST_TEST(found.insert(d.name).second, d.name << ": two enums of one name");
    if (not_checked.count(d.name)) continue;
    const auto c = public_enums.find(d.name);
    BOOST_TEST((c != public_enums.end()),
               d.file << ": enum class " << d.name << " has no check of its names here");
    if (c != public_enums.end()) c->second(d);
  }
  // No entry names an enum that is gone.
  for (const auto& [name, check] : public_enums) BOOST_TEST(found.count(name) == 1u, name);
  for (const auto& [name, why] : not_checked) BOOST_TEST(found.count(name) == 1u, name);
  BOOST_TEST(enums.size() >= 13u);
}

// A few names by hand, an anchor that does not come from the headers.
BOOST_AUTO_TEST_CASE(names_are_the_enumerators_as_spelled) {
  BOOST_TEST(urlkit::to_string(error_code::bad_port) == "bad_port");
  BOOST_TEST(urlkit::to_string(warning_code::unwise_character) == "unwise_character");
  BOOST_TEST(urlkit::to_string(urlkit::rule::reference) == "reference");
  BOOST_TEST(urlkit::to_string(urlkit::established_base::layer::content_base) == "content_base");
  BOOST_TEST(urlkit::to_string(urlkit::mode::strict) == "strict");
  BOOST_TEST(urlkit::to_string(urlkit::host_kind::ipv6) == "ipv6");
  BOOST_TEST(urlkit::to_string(urlkit::component::path_segment) == "path_segment");
  BOOST_TEST(urlkit::to_string(urlkit::wais_view::form::document) == "document");
  BOOST_TEST(urlkit::to_string(urlkit::data_encoding::base64) == "base64");
  BOOST_TEST(printed(static_cast<error_code>(200)) == "error_code(200)");
  BOOST_TEST(urlkit::to_string(static_cast<urlkit::news_kind>(3)).empty());
}

// Where a spec's own spelling is what a reader looks for, the message says
// it, not to_string: the draft's "URL-reference" and its header fields' names.
BOOST_AUTO_TEST_CASE(messages_spell_the_specs_names) {
  urlkit::warning w;
  w.code = warning_code::bad_escape;
  w.rule = urlkit::rule::reference;
  BOOST_TEST(w.message() ==
             "'%' not followed by two hex digits in URL-reference, kept as it is (should be %25)");
  w.rule = urlkit::rule::query;
  BOOST_TEST(w.message() ==
             "'%' not followed by two hex digits in query, kept as it is (should be %25)");
  BOOST_TEST(urlkit::layer_source(urlkit::established_base::layer::content_base) == "Content-Base");
}

// One meaning per name (docs/guide.md, "Names"): port() is the digits as
// written, wherever it is; a number has a name of its own (port_number(),
// effective_port()); path() and segments() are the generic path's, and a
// scheme whose production cuts the path otherwise names it by that
// production (hpath(), fpath()).  A member of the same name with another
// meaning stops this test compiling.
template <class V>
concept has_port = requires(const V& v) {
  v.port();
};
template <class V>
concept has_path = requires(const V& v) {
  v.path();
};
template <class V>
concept has_encoded_path = requires(const V& v) {
  v.encoded_path();
};
template <class V>
concept has_segments = requires(const V& v) {
  v.segments();
};
template <class V>
concept has_effective_port = requires(const V& v) {
  { v.effective_port() } -> std::same_as<std::uint16_t>;
};
template <class... V>
constexpr bool none_has_generic_names = ((!has_port<V> && !has_path<V> && !has_encoded_path<V> &&
                                          !has_segments<V>)&&...);
static_assert(std::same_as<decltype(urlkit::url_view().port()), std::string_view>);
static_assert(std::same_as<decltype(urlkit::url_view().path()), urlkit::decode_view>);
static_assert(none_has_generic_names<urlkit::server_view, urlkit::http_view, urlkit::ftp_view,
                                     urlkit::gopher_view, urlkit::nntp_view, urlkit::telnet_view,
                                     urlkit::wais_view, urlkit::prospero_view, urlkit::file_view,
                                     urlkit::news_view, urlkit::data_view, urlkit::mailto_view>);
static_assert(has_effective_port<urlkit::http_view> && has_effective_port<urlkit::ftp_view> &&
              has_effective_port<urlkit::gopher_view> && has_effective_port<urlkit::nntp_view> &&
              has_effective_port<urlkit::telnet_view> && has_effective_port<urlkit::wais_view> &&
              has_effective_port<urlkit::prospero_view>);

// Why the names differ: the same URL, read by the generic syntax and by the
// scheme's production.
BOOST_AUTO_TEST_CASE(a_name_means_one_thing_on_every_type) {
  const std::string s = "http://a:/b;p?q";
  const auto h = urlkit::parse_http(s);
  BOOST_TEST_REQUIRE(h.has_value());
  BOOST_TEST(h->url().port() == "");                        // the digits as written: none
  BOOST_TEST(!h->url().port_number().value().has_value());  // no number written
  BOOST_TEST(h->effective_port() == 80);                    // the port to connect to
  BOOST_TEST(h->url().path() == "b");                       // draft 4.3.2: params apart
  BOOST_TEST(h->hpath() == "b;p");                          // RFC 1738's hpath: params in
  BOOST_TEST(h->hsegments().size() == 1u);
  const std::string f = "ftp://h/a?b";
  const auto fv = urlkit::parse_ftp(f);
  BOOST_TEST_REQUIRE(fv.has_value());
  BOOST_TEST(fv->url().path() == "a");  // the generic query starts at "?"
  BOOST_TEST(fv->fpath() == "a?b");     // "?" is an fsegment character
}

BOOST_AUTO_TEST_SUITE_END()
