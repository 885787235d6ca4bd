// One shape for results (docs/guide.md, "Modes, errors, warnings"): a call
// that bad input can make fail returns a result<T>; a call that can warn
// takes a warning_sink named on_warning, the member of its options struct or
// else its last parameter, and no value keeps a copy of what the sink got; a
// report that is not a failure is a plain value the call returns, never an
// out-parameter.  The headers are read, so that a declaration added in
// another shape fails here; the calls that had one (decode's report,
// url_builder's status, check_port's flag, file_view::local_path's nullopt,
// html's link::problem and base_href::replaced) are pinned by their types
// and shown at work.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#ifdef URLKIT_HAS_HTML
#include "urlkit/html.hpp"
#endif
#ifdef URLKIT_HAS_IDNA
#include "urlkit/idna.hpp"
#endif
#include "urlkit/urlkit.hpp"

using namespace urlkit;

namespace {

// ---- the calls that had another shape, by their types -----------------------

// decode's report is what scan_escapes returns; decode takes no out-parameter.
static_assert(std::is_same_v<decltype(decode(std::string_view())), result<std::string>>);
static_assert(std::is_same_v<decltype(scan_escapes(std::string_view())), decode_report>);
static_assert(noexcept(scan_escapes(std::string_view())));
static_assert(!std::is_invocable_v<decltype([](auto&&... a) -> decltype(decode(a...)) {
                                     return decode(a...);
                                   }),
                                   std::string_view, decode_options, decode_report*>);

// url_builder: the setters chain, build() is the one call that reports.
template <class B>
concept has_status = requires(const B& b) {
  b.status();
};
static_assert(!has_status<url_builder>);
static_assert(std::is_same_v<decltype(std::declval<const url_builder&>().build()), result<url>>);
static_assert(std::is_same_v<decltype(std::declval<const url_builder&>().build(warning_sink{})),
                             result<url>>);
static_assert(std::is_same_v<decltype(std::declval<url_builder&>().host("h")), url_builder&>);
static_assert(!std::is_constructible_v<url_builder, mode, warning_sink>);
static_assert(!std::is_constructible_v<url_builder, const url_view&, warning_sink>);
static_assert(
    std::is_same_v<decltype(std::declval<url&>().set_host("h", warning_sink{})), result<void>>);

// check_port: a port that is no port is the error; the report has no flag for it.
template <class C>
concept has_invalid_flag = requires(const C& c) {
  c.invalid;
};
static_assert(!has_invalid_flag<port_check>);
static_assert(
    std::is_same_v<decltype(check_port(std::declval<const url_view&>())), result<port_check>>);

// file_view::local_path: path_from_file_url's result.
static_assert(
    std::is_same_v<decltype(std::declval<const file_view&>().local_path()), result<std::string>>);
static_assert(std::is_same_v<decltype(path_from_file_url("")), result<std::string>>);

#ifdef URLKIT_HAS_IDNA
// set_idna_host: url's is a url setter, the builder's a builder setter.
static_assert(std::is_same_v<decltype(set_idna_host(std::declval<url&>(), "")), result<void>>);
static_assert(
    std::is_same_v<decltype(set_idna_host(std::declval<url_builder&>(), "")), url_builder&>);
#endif

#ifdef URLKIT_HAS_HTML
// A link's resolution, a BASE's href: a value or the error that prevented it.
template <class L>
concept has_problem = requires(const L& l) {
  l.problem;
};
template <class B>
concept has_replaced = requires(const B& b) {
  b.replaced;
};
static_assert(std::is_same_v<decltype(html::link::resolved), result<std::string>>);
static_assert(!has_problem<html::link>);
static_assert(std::is_same_v<decltype(html::base_href::href), result<std::string>>);
static_assert(!has_replaced<html::base_href>);
#endif

// ---- the headers, read ------------------------------------------------------

// One public declaration, as read: its text (spaces collapsed, no body),
// its header, and the class or struct it is a member of ("" at namespace
// scope).
struct declaration {
  std::string file, owner, text;
};

std::string without_comments(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "//") == 0) {
      i = s.find('\n', i);
      if (i == std::string::npos) break;
      out += '\n';
    } else if (s.compare(i, 2, "/*") == 0) {
      i = s.find("*/", i);
      if (i == std::string::npos) break;
      ++i;
    } else if (s[i] == '"' || s[i] == '\'') {
      // A literal is kept as it is, so that "{" or ";" in it is not read.
      const char q = s[i];
      out += s[i++];
      while (i < s.size() && s[i] != q) {
        if (s[i] == '\\') out += s[i++];
        out += s[i++];
      }
      out += q;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string collapsed(const std::string& s) {
  std::string out;
  for (const char c : s) {
    const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// "template <...> " and "[[...]] " at the start of a declaration, removed.
std::string without_heads(std::string s) {
  for (bool again = true; again;) {
    again = false;
    if (s.starts_with("template")) {
      int depth = 0;
      for (std::size_t i = s.find('<'); i != std::string::npos && i < s.size(); ++i) {
        if (s[i] == '<') ++depth;
        if (s[i] == '>' && --depth == 0) {
          s = collapsed(s.substr(i + 1));
          again = true;
          break;
        }
      }
    }
    if (s.starts_with("[[")) {
      s = collapsed(s.substr(s.find("]]") + 2));
      again = true;
    }
  }
  return s;
}

// Whether `pending`, the text before a "{", is a function's head (the brace
// opens its body): it ends with ")" or a qualifier after the parameter list.
bool function_head(const std::string& pending) {
  static const std::regex tail(R"((\)|\bconst|\bnoexcept|\boverride|\bfinal|&)\s*$)");
  return std::regex_search(pending, tail) && pending.find('(') != std::string::npos;
}

// The public declarations of a header: what a user of the library sees,
// without the bodies of inline functions, the private and protected members,
// and what is inside a namespace detail.
std::vector<declaration> public_declarations(const std::string& file, const std::string& source) {
  struct scope {
    std::string name;  // a class's name, or "namespace NAME"
    bool is_class = false;
    bool hidden = false;  // its members (or everything in it) are not public
  };
  std::vector<scope> scopes;
  std::vector<declaration> out;
  // The export macros (export.hpp) say nothing of a declaration's shape.
  static const std::regex macro(R"(\bURLKIT_\w+)");
  const std::string text = std::regex_replace(without_comments(source), macro, "");
  std::string pending;
  const auto hidden = [&] {
    return std::any_of(scopes.begin(), scopes.end(), [](const scope& s) { return s.hidden; });
  };
  const auto owner = [&]() -> std::string {
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
      if (it->is_class) return it->name;
    return "";
  };
  const auto emit = [&] {
    const std::string d = collapsed(pending);
    if (!d.empty() && !d.starts_with('#') && !hidden()) out.push_back({file, owner(), d});
    pending.clear();
  };
  static const std::regex class_head(R"(^(class|struct|union)\s+(\[\[\w+\]\]\s*)?(\w+))");
  static const std::regex namespace_head(R"(^namespace\s*([\w:]*))");
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '#') {  // a preprocessor line
      i = text.find('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    if (c == ';') {
      emit();
      continue;
    }
    if (c == '{') {
      const std::string head = without_heads(collapsed(pending));
      std::smatch m;
      if (function_head(head)) {
        // Skip the body: the declaration is its head.
        int depth = 0;
        for (; i < text.size(); ++i) {
          if (text[i] == '{') ++depth;
          if (text[i] == '}' && --depth == 0) break;
        }
        emit();
      } else if (std::regex_search(head, m, class_head)) {
        // A class's members are private until said otherwise, a struct's public.
        const bool was_hidden = hidden();
        pending.clear();
        scopes.push_back({m[3].str(), true, was_hidden || m[1] == "class"});
      } else if (std::regex_search(head, m, namespace_head)) {
        pending.clear();
        scopes.push_back({"namespace " + m[1].str(), false, m[1].str().ends_with("detail")});
      } else if (head.starts_with("enum") || head.ends_with("=") || head.empty() ||
                 head.starts_with("extern")) {
        pending += c;  // an enumeration's list, an initializer: part of the declaration
        int depth = 0;
        for (; i < text.size(); ++i) {
          if (text[i] == '{') ++depth;
          if (text[i] == '}' && --depth == 0) break;
          if (depth > 1 || text[i] != '{') pending += text[i];
        }
        pending += '}';
      } else {
        // A member initialized with braces ("warning_sink on_warning{}").
        pending += c;
        int depth = 1;
        for (++i; i < text.size() && depth > 0; ++i) {
          if (text[i] == '{') ++depth;
          if (text[i] == '}') --depth;
          pending += text[i];
        }
        --i;
      }
      continue;
    }
    if (c == '}') {
      pending.clear();
      if (!scopes.empty()) scopes.pop_back();
      continue;
    }
    pending += c;
    // An access specifier: its own statement.
    static const std::regex access(R"(^\s*(public|private|protected)\s*:$)");
    std::smatch m;
    if (c == ':' && (i + 1 >= text.size() || text[i + 1] != ':') &&
        std::regex_search(pending, m, access)) {
      for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
        if (it->is_class) {
          bool outer_hidden = false;
          for (auto o = it + 1; o != scopes.rend(); ++o) outer_hidden |= o->hidden;
          it->hidden = outer_hidden || m[1] != "public";
          break;
        }
      pending.clear();
    }
  }
  return out;
}

std::vector<declaration> all_public_declarations() {
  std::vector<declaration> out;
  const std::filesystem::path root = URLKIT_INCLUDE_DIR "/urlkit";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".hpp") continue;
    const std::string rel = std::filesystem::relative(entry.path(), root).generic_string();
    if (rel.starts_with("detail/")) continue;  // not API: the library's own helpers
    std::ifstream in(entry.path());
    const std::string source((std::istreambuf_iterator<char>(in)), {});
    const auto d = public_declarations(rel, source);
    out.insert(out.end(), d.begin(), d.end());
  }
  return out;
}

const std::vector<declaration>& declarations() {
  static const std::vector<declaration> all = all_public_declarations();
  return all;
}

// A function declaration's name and its parameters (split at the commas of
// the parameter list's own level), or no name when it is not one.
struct function_parts {
  std::string name;
  std::vector<std::string> params;
};

function_parts function_of(const std::string& text) {
  function_parts f;
  if (text.find("(*") != std::string::npos) return f;  // a function pointer, not a call
  static const std::regex name(R"((operator\s*[^\s(]+|~?\w+)\s*\()");
  std::smatch m;
  std::string s = without_heads(text);
  if (s.starts_with("requires") || !std::regex_search(s, m, name)) return f;
  if (m[1] == "decltype" || m[1] == "noexcept" || m[1] == "alignas" || m[1] == "static_assert")
    return f;
  f.name = m[1];
  const std::size_t open = static_cast<std::size_t>(m.position(0) + m.length(0)) - 1;
  int depth = 0;
  std::string param;
  for (std::size_t i = open; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(' || c == '<' || c == '{' || c == '[') {
      if (depth++ == 0) continue;
    }
    if (c == ')' || c == '>' || c == '}' || c == ']') {
      if (--depth == 0) break;
    }
    if (c == ',' && depth == 1) {
      f.params.push_back(collapsed(param));
      param.clear();
      continue;
    }
    param += c;
  }
  if (!collapsed(param).empty()) f.params.push_back(collapsed(param));
  return f;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(result_shape)

// The reader itself: it finds the declarations it must, and not the private
// members (a check that reads nothing passes nothing).
BOOST_AUTO_TEST_CASE(the_headers_are_read) {
  const auto& all = declarations();
  BOOST_TEST_REQUIRE(all.size() > 500u);
  const auto has = [&](std::string_view owner, std::string_view piece) {
    return std::any_of(all.begin(), all.end(), [&](const declaration& d) {
      return d.owner == owner && d.text.find(piece) != std::string::npos;
    });
  };
  BOOST_TEST(has("", "result<url_view> parse_reference("));
  BOOST_TEST(has("parse_options", "warning_sink on_warning{}"));
  BOOST_TEST(has("url", "result<void> set_host(std::string_view decoded, warning_sink"));
  BOOST_TEST(has("url_builder", "result<url> build(warning_sink on_warning = {}) const"));
  BOOST_TEST(has("port_check", "bool unsafe() const noexcept"));
  BOOST_TEST(!has("url_builder", "refused_"));    // private
  BOOST_TEST(!has("url", "edit(Edit&& change"));  // private
  BOOST_TEST(!has("", "result_storage"));         // namespace detail
  BOOST_TEST(!has("", "return"));                 // no body is read
}

// Warnings: a warning_sink named on_warning, the member of an options
// struct, or the last parameter of a call that takes no options struct;
// never a constructor's argument kept for later calls.
BOOST_AUTO_TEST_CASE(a_sink_is_an_options_member_or_the_last_parameter) {
  std::size_t members = 0, parameters = 0;
  for (const declaration& d : declarations()) {
    if (d.text.find("warning_sink") == std::string::npos) continue;
    if (d.file == "error.hpp") continue;  // the sink's own definition and make_warning_sink
    BOOST_TEST_CONTEXT(d.file << ": " << d.text) {
      if (d.text == "warning_sink on_warning{}") {
        BOOST_TEST(d.owner.ends_with("_options"));
        ++members;
        continue;
      }
      const function_parts f = function_of(d.text);
      BOOST_TEST_REQUIRE(!f.name.empty());
      BOOST_TEST(f.name != d.owner);  // a constructor keeps what it is given
      BOOST_TEST_REQUIRE(!f.params.empty());
      BOOST_TEST(f.params.back() == "warning_sink on_warning = {}");
      const auto sinks = std::count_if(f.params.begin(), f.params.end(), [](const std::string& p) {
        return p.find("warning_sink") != std::string::npos;
      });
      BOOST_TEST(sinks == 1);
      for (const std::string& p : f.params)  // an options struct has the sink already
        BOOST_TEST(p.find("_options") == std::string::npos, p);
      ++parameters;
    }
  }
  // parse, scheme, data, extract (and absolutize, with HTML) options; url's
  // setters, url_builder::build and establish_base.
  BOOST_TEST(members >= 4u);
  BOOST_TEST(parameters >= 16u);
}

// No value is a copy of what the sink received, and no failure is an
// optional: an error that prevented a value is in a result.
BOOST_AUTO_TEST_CASE(no_optional_error_and_no_kept_warnings) {
  static const std::regex kept(
      R"((optional|vector|span)\s*<\s*(const\s+)?(urlkit::)?(error|warning)\s*>)");
  static const std::regex status(R"(\bstatus\s*\()");
  std::size_t read = 0;
  for (const declaration& d : declarations()) {
    ++read;
    BOOST_TEST(!std::regex_search(d.text, kept), d.file << ": " << d.text);
    BOOST_TEST(!std::regex_search(d.text, status), d.file << ": " << d.text);
  }
  BOOST_TEST(read > 500u);
}

// Reports are returned: a parameter through which a call writes is a
// caller's buffer, the object a free function edits, a stream, or a
// callable; never a report or an error.
BOOST_AUTO_TEST_CASE(no_out_parameters_but_buffers) {
  const std::set<std::string> allowed = {
      "char*",          // encode_to, url_view::write: a buffer of the size asked for
      "std::string&",   // resolve_into, decode_view::append_to, data_url_writer::to_string
      "url&",           // set_idna_host: the url it edits, as url::set_host does
      "url_builder&",   // set_idna_host: a builder setter
      "std::ostream&",  // operator<<
      "F&",             // make_warning_sink: the callable it calls
  };
  std::set<std::string> seen;
  static const std::regex writable(R"(^(?!const\b)([\w:<>]+)\s*([&*])\s*\w+\s*(=.*)?$)");
  for (const declaration& d : declarations()) {
    const function_parts f = function_of(d.text);
    for (const std::string& p : f.params) {
      std::smatch m;
      if (!std::regex_match(p, m, writable)) continue;
      const std::string type = m[1].str() + m[2].str();
      // A move, or a forwarding reference: taken, not written to.
      if (p.find("&&") != std::string::npos) continue;
      if (type == d.owner + "&") continue;  // operator= returns; a copy takes const
      BOOST_TEST(allowed.contains(type), d.file << ": " << d.text << " (" << type << ")");
      seen.insert(type);
    }
  }
  // Every entry names a parameter still there: the list cannot go stale.
  for (const std::string& type : allowed)
    if (type != "url&" && type != "url_builder&")  // urlkit_idna's, in a build that may lack it
      BOOST_TEST(seen.contains(type), type);
}

// ---- the shapes at work -----------------------------------------------------

// The rule's example (docs/guide.md): a builder reports at build(), a report
// is returned, a fallible call returns a result.
BOOST_AUTO_TEST_CASE(the_guides_example) {
  std::vector<warning> seen;
  auto keep = [&](const warning& w) { seen.push_back(w); };
  url_builder b(mode::lenient);
  b.scheme("http").host("h").encoded_path("/a|b");
  BOOST_TEST(seen.empty());  // the setters neither fail nor warn
  const result<url> u = b.build(make_warning_sink(keep));
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST_REQUIRE(seen.size() == 1u);
  BOOST_TEST(seen[0].offset == 2u);  // in "/a|b"
  const decode_report r = scan_escapes("a%00b");
  BOOST_TEST(r.nul);
  BOOST_TEST(!check_port(*parse_reference("http://h:70000/")).has_value());
  BOOST_TEST(!parse_file("file://other/x")->local_path().has_value());
}

#ifdef URLKIT_HAS_HTML
// A link left as it is holds the error that left it, the sink got that error
// passed over, and a URL relative to a codebase that does not resolve holds
// the codebase's error.
BOOST_AUTO_TEST_CASE(html_links_hold_their_errors) {
  std::vector<warning> sunk;
  auto keep = [&](const warning& w) { sunk.push_back(w); };
  html::absolutize_options o;
  o.on_warning = make_warning_sink(keep);
  base_context c;
  c.retrieval = "http://h/d/";
  const std::string doc =
      "<a href=\"a b\">1</a><a href=ok>2</a>"
      "<object codebase=\"http://x:8o/\" data=movie.swf></object>";
  const auto r = html::absolutize(doc, establish_base(c).value(), o);
  BOOST_TEST_REQUIRE(r.has_value());
  std::vector<const html::link*> left;
  for (const html::link& l : r->links)
    if (!l.resolved) left.push_back(&l);
  BOOST_TEST_REQUIRE(left.size() == 3u);
  BOOST_TEST(left[0]->reference == "a b");
  BOOST_TEST((left[0]->resolved.error().code == error_code::invalid_character));
  BOOST_TEST(left[0]->resolved.error().source == "a href");
  BOOST_TEST(left[0]->resolved.error().offset == 1u);  // in "a b"
  BOOST_TEST(left[1]->attribute == "codebase");
  BOOST_TEST((left[1]->resolved.error().code == error_code::bad_port));
  BOOST_TEST(left[2]->attribute == "data");  // relative to that codebase
  BOOST_TEST((left[2]->resolved.error() == left[1]->resolved.error()));
  BOOST_TEST(left[2]->resolved.error().source == "object codebase");
  BOOST_TEST_REQUIRE(sunk.size() == left.size());
  for (std::size_t i = 0; i < left.size(); ++i)
    BOOST_TEST((sunk[i] == passed_over(left[i]->resolved.error())));
  const auto ok = std::find_if(r->links.begin(), r->links.end(),
                               [](const html::link& l) { return l.reference == "ok"; });
  BOOST_TEST_REQUIRE((ok != r->links.end()));
  BOOST_TEST(ok->resolved.value() == "http://h/d/ok");
}

// The first BASE's href, or the error saying it is not what the document
// wrote: the one absolutize passes over.
BOOST_AUTO_TEST_CASE(a_base_href_is_a_result) {
  const auto good = html::find_base_href("<base href=\"http://h/&amp;/\">").value();
  BOOST_TEST_REQUIRE(good.has_value());
  BOOST_TEST(good->href.value() == "http://h/&/");
  const std::string doc = "<base href=\"x&amp;\xE9/\"><a href=y>y</a>";
  const auto bad = html::find_base_href(doc).value();
  BOOST_TEST_REQUIRE(bad.has_value());
  BOOST_TEST_REQUIRE(!bad->href.has_value());
  BOOST_TEST((bad->href.error().code == error_code::invalid_character));
  BOOST_TEST(bad->href.error().source == "base href");
  BOOST_TEST(bad->href.error().offset == 6u);  // the byte, in the value as written
  base_context c;
  c.retrieval = "http://o/";
  const auto r = html::absolutize(doc, establish_base(c).value()).value();
  BOOST_TEST(r.base.url == "http://o/");
  BOOST_TEST_REQUIRE(!r.links.front().resolved.has_value());
  BOOST_TEST((r.links.front().resolved.error() == bad->href.error()));
}
#endif

BOOST_AUTO_TEST_SUITE_END()
