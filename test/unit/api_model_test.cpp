// The API model (docs/guide.md, "Modes, errors, warnings"): no public function
// throws for bad input.  Every function declared in include/urlkit/, at
// namespace scope or as a member of a public class, is
//   - noexcept, or
//   - returns a result<T> (an error value for bad input), or
//   - total: defined for every input, so that only std::bad_alloc can escape
//     (listed below, and called here with hostile input), or
//   - result::value(), documented to throw bad_result_access.
// The headers are read, so that a function added without one of these fails
// this test: every member (with parameters or without; nested classes'
// outer members included; specializations' too), every function of a
// namespace or a class's friend, operators and one-line templates included,
// `noexcept` counted only where it is the declaration's own specifier (after
// its parameter list, not in a comment or a default argument; not
// noexcept(false)), and the lists of total functions keyed by the whole
// parameter list, so that an overload added under a listed name is not let
// through, and an entry that names no declaration fails.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#ifdef URLKIT_HAS_HTML
#include "urlkit/html.hpp"
#endif
#include "urlkit/urlkit.hpp"

namespace {

// Functions that cannot fail on any input: they encode, escape, split or
// describe, and give something back for every string.
const std::set<std::string> total = {
    "encode(std::string_view s, component c)",  // %-encoding: every byte has an encoding
    // RFC 2017 3.1 (1): every byte is kept or escaped; (1) to (3): escaping,
    // quoting, folding
    "escape_for_url_parameter(std::string_view url)",
    "encode_url_parameter(std::string_view url, std::size_t first_line_used = 0)",
    "retrieves_something(const url_view& url)",  // a yes/no about a parsed URL
    "display_form(const url_view& url)",         // a parsed URL shown without its password
    "mask_password(std::string_view text)",      // any text, its password (if any) hidden
    // any text: the URLs found in it, maybe none
    "extract(std::string_view text, const extract_options& options = {})",
    "describe_error(const E& e)",   // result.hpp's detail: what bad_result_access says
    "lowered(std::string_view s)",  // detail/ascii.hpp: any text, its letters lowered
    "encode(std::string_view in)",  // base64: every byte has an encoding
    "split_urls(std::string_view value, url_list list)",  // any attribute value: its ranges
    "unnamed_temp_file(std::string& dir)",  // any environment: a descriptor, or -1 and errno
    // a builder setter: a refusal is url_builder::build()'s
    "set_idna_host(url_builder& b, std::string_view unicode_host)",
    // Stream insertions write a value's text: a stream that fails says so by
    // its state (badbit), and throws only if its caller set exceptions().
    "operator<<(std::ostream& os, const url_view& v)", "operator<<(std::ostream& os, const url& u)",
    "operator<<(std::ostream& os, const View& v)",  // a typed view: its buffer()
    "operator<<(std::ostream& os, const decode_view& v)",
    "operator<<(std::ostream& os, const error& e)",
    "operator<<(std::ostream& os, const warning& w)", "operator<<(std::ostream& os, error_code c)",
    "operator<<(std::ostream& os, warning_code c)", "operator<<(std::ostream& os, rule r)",
    "operator<<(std::ostream& os, extracted::how_found h)",
    "operator<<(std::ostream& os, established_base::layer l)",
    "operator<<(std::ostream& os, path_style s)", "operator<<(std::ostream& os, news_kind k)",
    "operator<<(std::ostream& os, specification s)", "operator<<(std::ostream& os, mode m)",
    "operator<<(std::ostream& os, host_kind k)", "operator<<(std::ostream& os, component c)",
    "operator<<(std::ostream& os, wais_view::form f)",
    "operator<<(std::ostream& os, data_encoding e)", "operator<<(std::ostream& os, url_list l)",
    "print_name(std::ostream& os, E e, std::string_view type)",  // detail/names.hpp: the same
};

// Member functions, by "class::name", that are total in the same sense: they
// give something back (or do their work) for every argument, and may throw
// only std::bad_alloc.
const std::set<std::string> total_members = {
    "error::message()",    // text for any error, however made
    "error::to_string()",  //
    "warning::message()",  //
    "warning::to_string()",
    "scheme_registry::names()",  // the names registered: memory only
    // the standard registry, built once (a function-local static), and a copy of it
    "scheme_registry::standard()", "scheme_registry::with_standard_schemes()",
    // takes any handler (a name already there is replaced)
    "scheme_registry::add(std::shared_ptr<const scheme_handler> handler)",
    "extractor::extractor(extract_options options = {})",        // any options
    "extractor::feed(std::string_view chunk, const sink& out)",  // any text: the URLs so far
    "extractor::finish(const sink& out)",
    "url::url(const url& other)",  // copies: memory only
    "url::operator=(const url& other)",
    // any view; every builder setter keeps a refused value's error, which
    // build() returns
    "url_builder::url_builder(const url_view& v)",
    "url_builder::string()",  // composes what was set
    "url_builder::server()", "url_builder::scheme(std::string_view s)",
    "url_builder::user(std::string_view decoded)",
    "url_builder::password(std::string_view decoded)",
    "url_builder::host(std::string_view decoded)",
    "url_builder::host_address(std::string_view address)", "url_builder::port(T p)",
    "url_builder::port(std::string_view digits)", "url_builder::port(std::uint16_t p)",
    "url_builder::path(std::string_view decoded, bool absolute = true)",
    "url_builder::params(std::string_view decoded)", "url_builder::query(std::string_view decoded)",
    "url_builder::fragment(std::string_view decoded)",
    "url_builder::encoded_user(std::string_view raw)",
    "url_builder::encoded_password(std::string_view raw)",
    "url_builder::encoded_host(std::string_view raw)",
    "url_builder::encoded_path(std::string_view raw, bool absolute = true)",
    "url_builder::encoded_params(std::string_view raw)",
    "url_builder::encoded_query(std::string_view raw)",
    "url_builder::encoded_fragment(std::string_view raw)", "url_builder::remove_user()",
    "url_builder::remove_password()", "url_builder::remove_port()", "url_builder::remove_params()",
    "url_builder::remove_query()", "url_builder::remove_fragment()",
    "base_context::set_header(std::string_view name, std::string_view value)",  // false if not
                                                                                // taken
    "base_context::read_headers(std::string_view header_block)",  // any text: the fields found
    // any options; any bytes (false once the sink stopped); the end
    "data_url_reader::data_url_reader(data_options options = {}, std::size_t chunk = "
    "data_view::default_chunk)",
    "data_url_writer::write(std::string_view bytes)", "data_url_writer::finish()",
    // any base and options: what is held is allocated as the pieces come
    "absolutizer::absolutizer(const established_base& outer, absolutize_options options = {})",
    "absolutizer::absolutizer(const established_base& outer, const std::optional<base_href>& "
    "document_base, absolutize_options options = {})",
    "base_finder::base_finder()",
    // Strings composed from a view that parsed: memory only.
    "data_view::decode_body()", "data_view::media_type()", "ftp_command::to_string()",
    "ftp_view::plan()", "gopher_view::request_line()", "http_view::request_target()",
    "mime_type::essence()", "mime_type::to_string()", "url_view::recompose()",
    "url_view::without_fragment()",
    "decode_view::to_string()",  // any text: decoding cannot fail
    "decode_view::append_to(std::string& out)",
    "result::value()",  // throws bad_result_access, as documented
};

struct declaration {
  std::string file, name, text;
  std::string spelled;  // the name as the text writes it ("operator bool")
};

// Whether a declaration's text may be complete: a ";" or "{" once every "("
// is closed (a default argument "= {}" inside the list does not end it).
bool complete(const std::string& text) {
  long depth = 0;
  for (char c : text) {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if ((c == ';' || c == '{') && depth <= 0) return true;
  }
  return false;
}

// A declaration's line without a template head written on it:
// "template <class T> std::string f(T t);" is read as "std::string f(T t);",
// and a head alone on its line leaves "" (the declaration is on the next).
std::string without_template_head(const std::string& line) {
  if (line.rfind("template", 0) != 0) return line;
  const std::size_t open = line.find('<');
  if (open == std::string::npos) return "";
  int depth = 0;
  for (std::size_t i = open; i < line.size(); ++i) {
    if (line[i] == '<') ++depth;
    if (line[i] == '>' && --depth == 0) {
      const std::size_t rest = line.find_first_not_of(' ', i + 1);
      return rest == std::string::npos ? std::string() : line.substr(rest);
    }
  }
  return "";
}

// A line without its "//" comment (a comment may say "noexcept").
std::string without_comment(const std::string& line) {
  return line.substr(0, line.find("//"));
}

// What a declaration says of itself, read from its text rather than searched
// for in it: the parameter list (between the "(" after the name and its
// matching ")"), whether the specifier after that list is a plain noexcept,
// and whether the return type, before the name, is a result.
struct signature {
  std::string params;        // as written, spaces collapsed
  bool is_noexcept = false;  // "noexcept" or "noexcept(true)" after the list
  bool returns_result = false;
  bool found = false;
};

signature read_signature(const std::string& text, const std::string& name) {
  signature sig;
  // The name as a whole word followed by "(" ("encode(" is not in
  // "base64_encode(", nor "host(" in a "ghost(" default argument).
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::size_t at = text.find(name);
  for (; at != std::string::npos; at = text.find(name, at + 1)) {
    const std::size_t after = text.find_first_not_of(' ', at + name.size());
    if ((at == 0 || !word(text[at - 1])) && after != std::string::npos && text[after] == '(') break;
  }
  if (at == std::string::npos) return sig;
  const std::size_t open = text.find('(', at + name.size() - 1);
  if (open == std::string::npos) return sig;
  std::size_t depth = 0, close = open;
  for (; close < text.size(); ++close) {
    if (text[close] == '(') ++depth;
    if (text[close] == ')' && --depth == 0) break;
  }
  if (close >= text.size()) return sig;
  sig.found = true;
  for (char c : text.substr(open + 1, close - open - 1)) {
    if (c == ' ' && (sig.params.empty() || sig.params.back() == ' ')) continue;
    sig.params += c;
  }
  while (!sig.params.empty() && sig.params.back() == ' ') sig.params.pop_back();
  // The specifiers: after the list, up to the body, "= ...", or the end.
  std::string tail = text.substr(close + 1);
  tail = tail.substr(
      0, std::min({tail.find('{'), tail.find(';'), tail.find(" = "), tail.find(" : ")}));
  // noexcept, or noexcept(condition) but not noexcept(false): a template's
  // noexcept(std::is_nothrow_..._v<T>) is noexcept whenever the types it is
  // made of allow it.
  static const std::regex specifier(R"((^|[\s)&])noexcept\s*(\(\s*([^)]*?)\s*\))?(\s|$|->|\())");
  std::smatch n;
  sig.is_noexcept = std::regex_search(tail, n, specifier) && n[3].str() != "false";
  // The return type, before the name: urlkit's result (not a type whose
  // name ends in "result").
  static const std::regex result_type(R"((^|[^A-Za-z0-9_])result<)");
  const std::string head = text.substr(0, at);
  sig.returns_result = std::regex_search(head, result_type);
  return sig;
}

// Public member function declarations: in a class or struct opened at column
// 0 or 2 of a header (a specialization "result<void, E>" or "std::hash<url>"
// too), the lines at the next indentation that are not comments, access
// labels, nested types or data members, a template head on the line left
// out, joined up to ";" or "{".  Named "class::name".  With `friends`, the
// functions declared as friends instead (hidden friends are functions of the
// namespace, found only through their class), named "name".
std::vector<declaration> public_members(bool friends = false) {
  const std::filesystem::path dir = URLKIT_INCLUDE_DIR;
  std::vector<declaration> out;
  const std::regex open(
      R"(^( {0,2})(class|struct) (\[\[\w+\]\] )?([\w:]+)(<[^{]*>)?( final)?( : [^{]*)? \{)");
  const std::regex skip(
      R"(^(//|#|public:|private:|protected:|friend |using |enum |struct |class |template|static_assert|\}|\{|return |if |for |while |else|case |default:|switch |try|catch|throw|:|\.|\*|&|\+|-|"))");
  const std::regex name(R"((~?[A-Za-z_][A-Za-z_0-9]*|operator\s*(?:\(\)|[^\s(]+))\s*\()");
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir / "urlkit")) {
    if (entry.path().extension() != ".hpp") continue;
    std::ifstream in(entry.path());
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    // The classes open at this line, outermost first: a nested class (an
    // iterator) closes back into its outer one, whose later members count.
    struct open_class {
      std::string name;
      std::size_t indent;  // of its members
      bool in_private;
    };
    std::vector<open_class> classes;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& l = lines[i];
      std::smatch m;
      if (std::regex_search(l, m, open)) {
        const bool nested_private = !classes.empty() && classes.back().in_private;
        if (l.find("};") == std::string::npos)  // not a class of one line
          classes.push_back(
              {m[4].str(), static_cast<std::size_t>(m[1].length()) + 2, nested_private});
        continue;
      }
      if (classes.empty()) continue;
      std::size_t indent = classes.back().indent;
      if (l.rfind(std::string(indent - 2, ' ') + "};", 0) == 0) {
        classes.pop_back();
        continue;
      }
      const std::string& cls = classes.back().name;
      bool& in_private = classes.back().in_private;
      const std::string member_label = std::string(indent - 1, ' ');
      if (l.rfind(member_label + "private:", 0) == 0 ||
          l.rfind(member_label + "protected:", 0) == 0)
        in_private = true;
      if (l.rfind(member_label + "public:", 0) == 0) in_private = false;
      if (l.size() <= indent || l.compare(0, indent, std::string(indent, ' ')) != 0 ||
          l[indent] == ' ')
        continue;
      std::string body = l.substr(indent);
      body = without_template_head(body.substr(0, body.find("//")));  // a comment may hold "name ("
      // A friend function (not a friend class): the namespace's, not a
      // member, and callable wherever its class is (private: or not).
      const bool is_friend = body.rfind("friend ", 0) == 0 && body.rfind("friend class ", 0) != 0 &&
                             body.rfind("friend struct ", 0) != 0;
      if (is_friend != friends || (in_private && !is_friend)) continue;
      if (is_friend) body = without_template_head(body.substr(7));
      if (body.empty() || std::regex_search(body, skip)) continue;
      if (!std::regex_search(body, m, name)) continue;
      // A data member initialized by a call or a brace ("x = f(...)").
      const auto at = static_cast<std::size_t>(m.position(0));
      if (body.find('=') < at || body.find('{') < at) continue;
      std::string text = body;
      for (std::size_t k = i + 1; !complete(text) && k < lines.size(); ++k)
        text += " " + without_comment(lines[k]);
      std::string n = m[1].str();
      n.erase(std::remove(n.begin(), n.end(), ' '), n.end());
      out.push_back(
          {entry.path().filename().string(), friends ? n : cls + "::" + n, text, m[1].str()});
    }
  }
  return out;
}

// Namespace-scope function declarations: a line at column 0 that is not a
// comment, preprocessor line, type, namespace, template head or brace (a
// template head with the declaration after it on the line is left out), with
// a name or an operator before "(", joined with the lines after it up to ";"
// or "{".
std::vector<declaration> public_functions() {
  const std::filesystem::path dir = URLKIT_INCLUDE_DIR;
  std::vector<declaration> out;
  const std::regex skip(
      R"(^(//|#|class |struct |enum |namespace |template|requires |using |friend |\}|$))");
  const std::regex name(R"((operator\s*(?:\(\)|[^\s(]+)|[A-Za-z_][A-Za-z_0-9]*)\s*\()");
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir / "urlkit")) {
    if (entry.path().extension() != ".hpp") continue;
    std::ifstream in(entry.path());
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string l = without_template_head(lines[i]);
      if (l.empty() || l[0] == ' ' || std::regex_search(l, skip)) continue;
      std::smatch m;
      if (!std::regex_search(l, m, name)) continue;
      // A variable initialized by a call ("inline constexpr mask x = f(...)").
      if (l.find('=') < static_cast<std::size_t>(m.position(0))) continue;
      std::string text = without_comment(l);
      for (std::size_t k = i + 1; !complete(text) && k < lines.size(); ++k)
        text += " " + without_comment(lines[k]);
      out.push_back({entry.path().filename().string(), m[1].str(), text, m[1].str()});
    }
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(api_model)

BOOST_AUTO_TEST_CASE(every_public_function_is_noexcept_returns_a_result_or_is_total) {
  // Those of the namespaces, and those a class declares as its friends.
  auto functions = public_functions();
  const auto friends = public_members(true);
  BOOST_TEST(friends.size() > 10u);  // operator== of the views, iterators, ...
  functions.insert(functions.end(), friends.begin(), friends.end());
  // The scan finds what it should (a few names that must be there).
  std::set<std::string> names;
  for (const auto& d : functions) names.insert(d.name);
  for (const char* must : {"parse_reference", "resolve", "establish_base", "extract",
                           "parse_absolute", "absolutize", "decode_url_parameter"})
    BOOST_TEST(names.count(must) == 1u, must);
  BOOST_TEST(functions.size() > 60u);

  std::set<std::string> seen;
  for (const auto& d : functions) {
    const std::string& t = d.text;
    // The rvalue guards; a defaulted comparison (memberwise, as noexcept as
    // its members' are).
    if (t.find("= delete") != std::string::npos || t.find("= default") != std::string::npos)
      continue;
    const signature sig = read_signature(t, d.name);
    BOOST_TEST_REQUIRE(sig.found, d.file << ": " << t);
    const std::string key = d.name + "(" + sig.params + ")";
    BOOST_TEST(
        (sig.is_noexcept || sig.returns_result || total.count(key) == 1),
        d.file << ": " << key << " is neither noexcept, nor returns a result, nor listed as total");
    seen.insert(key);
  }
  // Each entry of the list names a declaration that exists, as written.
  for (const std::string& key : total) BOOST_TEST(seen.count(key) == 1u, "stale entry: " << key);
}

BOOST_AUTO_TEST_CASE(every_public_member_is_noexcept_returns_a_result_or_is_total) {
  const auto members = public_members();
  std::set<std::string> names;
  for (const auto& d : members) names.insert(d.name);
  // The scan finds what it should.
  for (const char* must : {"url_view::host", "url::set_host", "extractor::feed",
                           "url_builder::build", "data_view::decode_body", "result::value"})
    BOOST_TEST(names.count(must) == 1u, must);
  BOOST_TEST(members.size() > 200u);
  std::set<std::string> seen;
  for (const auto& d : members) {
    const std::string& t = d.text;
    if (t.find("= delete") != std::string::npos || t.find("= default") != std::string::npos)
      continue;
    if (d.spelled.front() == '~') continue;  // a destructor is noexcept unless it says otherwise
    const std::string short_name = d.name.substr(d.name.find("::") + 2);
    const signature sig = read_signature(t, d.spelled);
    BOOST_TEST_REQUIRE(sig.found, d.file << ": " << t);
    // Every member, with parameters or without: one that takes none can
    // still throw (a copy that allocates, a lazily built table).
    const std::string key = d.name + "(" + sig.params + ")";
    BOOST_TEST((sig.is_noexcept || sig.returns_result || total_members.count(key) == 1),
               d.file << ": " << key << " is neither noexcept, nor returns a result, nor "
                      << "listed as total: " << t);
    seen.insert(key);
  }
  for (const std::string& key : total_members)
    BOOST_TEST(seen.count(key) == 1u, "stale entry: " << key);
}

// The total functions take hostile input without throwing: NULs, bytes that
// are not UTF-8, controls, a megabyte of "%", unbalanced brackets.
BOOST_AUTO_TEST_CASE(total_functions_take_hostile_input) {
  const std::vector<std::string> inputs = {std::string("\0\0\0", 3),
                                           "\xFF\xFE\xC0\xAF",
                                           "\r\n\t\x7F",
                                           std::string(1 << 20, '%'),
                                           "<URL:http://a:b@[::1%25x]:8/?#>",
                                           "http://u:p@h/\"x\"",
                                           "",
                                           "news:*",
                                           "mailto:a@b"};
  for (const std::string& s : inputs) {
    BOOST_CHECK_NO_THROW(urlkit::base64::encode(s));
    BOOST_CHECK_NO_THROW(urlkit::encode(s, urlkit::component::path));
    BOOST_CHECK_NO_THROW(urlkit::escape_for_url_parameter(s));
    BOOST_CHECK_NO_THROW(urlkit::encode_url_parameter(s, 70));
    BOOST_CHECK_NO_THROW(urlkit::mask_password(s));
    BOOST_CHECK_NO_THROW(urlkit::extract(s));
#ifdef URLKIT_HAS_HTML
    for (auto list : {urlkit::html::url_list::single, urlkit::html::url_list::space_separated,
                      urlkit::html::url_list::srcset})
      BOOST_CHECK_NO_THROW(urlkit::html::split_urls(s, list));
#endif
    if (auto u = urlkit::parse_reference(s)) {
      BOOST_CHECK_NO_THROW(urlkit::retrieves_something(*u));
      BOOST_CHECK_NO_THROW(urlkit::display_form(*u));
    }
  }
}

// Bad input to the functions that return results: an error, not a throw.
BOOST_AUTO_TEST_CASE(bad_input_gives_an_error_not_an_exception) {
#ifdef URLKIT_HAS_HTML
  urlkit::established_base bad;
  bad.url = "http://h:x/";  // made by hand: it does not parse
  BOOST_CHECK_NO_THROW((void)urlkit::html::absolutize("<a href=y>", bad));
  BOOST_CHECK_NO_THROW((void)urlkit::html::find_base_href("\xFF\xFE<\0b\0"));
  std::vector<urlkit::html::edit> backwards{{3, 4, "x"}, {0, 1, "y"}};
  BOOST_CHECK_NO_THROW((void)urlkit::html::apply("abcde", backwards));
#endif
  urlkit::base_context c;
  c.content_base = std::string("\0http://h:x/", 12);
  BOOST_CHECK_NO_THROW((void)urlkit::establish_base(c));
  BOOST_CHECK_NO_THROW((void)urlkit::resolve("http://a/", std::string(1 << 16, '[')));
}

BOOST_AUTO_TEST_SUITE_END()
