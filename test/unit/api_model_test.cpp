// The API model (docs/guide.md, "Modes, errors, warnings"): no public function
// throws for bad input.  Every function declared in include/urlkit/, at
// namespace scope or as a member of a public class, is
//   - noexcept, or
//   - returns a result<T> (an error value for bad input), or
//   - total: defined for every input, so that only std::bad_alloc can escape
//     (listed below, and called here with hostile input), or
//   - result::value(), documented to throw bad_result_access.
// The headers are read, so that a function added without one of these fails
// this test.
#include <boost/test/unit_test.hpp>

#include <algorithm>
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
    "encode",                    // base64 and %-encoding: every byte has an encoding
    "escape_for_url_parameter",  // RFC 2017 3.1 (1): every byte is kept or escaped
    "encode_url_parameter",      // (1) to (3): escaping, quoting, folding
    "retrieves_something",       // a yes/no about a parsed URL
    "display_form",              // a parsed URL shown without its password
    "mask_password",             // any text, its password (if any) hidden
    "extract",                   // any text: the URLs found in it, maybe none
    "split_urls",                // any attribute value: its candidate ranges
    "describe_error",            // result.hpp's detail: what bad_result_access says
    "lowered",                   // detail/ascii.hpp: any text, its ASCII letters lowered
    "set_idna_host",             // on a builder: a refusal goes to url_builder::status()
};

// Member functions, by "class::name", that are total in the same sense: they
// give something back (or do their work) for every argument, and may throw
// only std::bad_alloc.
const std::set<std::string> total_members = {
    "error::message",                    // text for any error, however made
    "scheme_registry::names",            // the names registered: memory only
    "error::to_string",                  //
    "warning::message",                  //
    "warning::to_string",                //
    "warning_sink::operator()",          // calls a noexcept function
    "base_context::set_header",          // false for a name it does not take
    "base_context::read_headers",        // any text: the fields it finds
    "extracted::shift",                  // moves offsets
    "extractor::extractor",              // any options
    "extractor::feed",                   // any text: the URLs found so far
    "extractor::finish",                 //
    "url::url",                          // copies: memory only
    "url::operator=",                    //
    "url::string",                       //
    "url_builder::url_builder",          // any view
    "url_builder::string",               // composes what was set
    "url_builder::scheme",               // every builder setter records a refused value,
    "url_builder::server",               // build() and status() return it
    "url_builder::user",                 //
    "url_builder::password",             //
    "url_builder::host",                 //
    "url_builder::host_address",         //
    "url_builder::port",                 //
    "url_builder::path",                 //
    "url_builder::params",               //
    "url_builder::query",                //
    "url_builder::fragment",             //
    "url_builder::encoded_user",         //
    "url_builder::encoded_password",     //
    "url_builder::encoded_host",         //
    "url_builder::encoded_path",         //
    "url_builder::encoded_params",       //
    "url_builder::encoded_query",        //
    "url_builder::encoded_fragment",     //
    "url_builder::remove_user",          //
    "url_builder::remove_password",      //
    "url_builder::remove_port",          //
    "url_builder::remove_params",        //
    "url_builder::remove_query",         //
    "url_builder::remove_fragment",      //
    "scheme_registry::add",              // takes any handler (a name already there is replaced)
    "data_url_reader::data_url_reader",  // any options
    "data_url_writer::write",            // any bytes; false once the sink stopped
    "decode_view::to_string",            // any text: decoding cannot fail
    "decode_view::append_to",            //
    "result::value",                     // throws bad_result_access, as documented
};

struct declaration {
  std::string file, name, text;
};

// Public member function declarations: in a class or struct opened at column
// 0 or 2 of a header, the lines at the next indentation that are not
// comments, access labels, nested types, friends or data members, joined up
// to ";" or "{".  Named "class::name".
std::vector<declaration> public_members() {
  const std::filesystem::path dir = URLKIT_INCLUDE_DIR;
  std::vector<declaration> out;
  const std::regex open(R"(^( {0,2})(class|struct) (\[\[\w+\]\] )?(\w+)( final)?( : [^{]*)? \{)");
  const std::regex skip(
      R"(^(//|#|public:|private:|protected:|friend |using |enum |struct |class |template|static_assert|\}|\{|return |if |for |while |else|case |default:|switch |try|catch|throw|:|\.|\*|&|\+|-|"))");
  const std::regex name(R"((~?[A-Za-z_][A-Za-z_0-9]*|operator\s*(?:\(\)|[^\s(]+))\s*\()");
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir / "urlkit")) {
    if (entry.path().extension() != ".hpp") continue;
    std::ifstream in(entry.path());
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    std::string cls;
    std::size_t indent = 0;  // of the members of `cls`
    bool in_private = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& l = lines[i];
      std::smatch m;
      if (std::regex_search(l, m, open)) {
        cls = m[4].str();
        indent = m[1].length() + 2;
        in_private = false;
        continue;
      }
      if (cls.empty()) continue;
      if (l.rfind(std::string(indent - 2, ' ') + "};", 0) == 0) {
        cls.clear();
        continue;
      }
      const std::string member_label = std::string(indent - 1, ' ');
      if (l.rfind(member_label + "private:", 0) == 0 ||
          l.rfind(member_label + "protected:", 0) == 0)
        in_private = true;
      if (l.rfind(member_label + "public:", 0) == 0) in_private = false;
      if (in_private) continue;
      if (l.size() <= indent || l.compare(0, indent, std::string(indent, ' ')) != 0 ||
          l[indent] == ' ')
        continue;
      std::string body = l.substr(indent);
      body = body.substr(0, body.find("//"));  // a trailing comment may hold "name ("
      if (std::regex_search(body, skip)) continue;
      if (!std::regex_search(body, m, name)) continue;
      // A data member initialized by a call or a brace ("x = f(...)").
      const auto at = static_cast<std::size_t>(m.position(0));
      if (body.find('=') < at || body.find('{') < at) continue;
      std::string text = body;
      for (std::size_t k = i + 1; text.find(';') == std::string::npos &&
                                  text.find('{') == std::string::npos && k < lines.size();
           ++k)
        text += " " + lines[k];
      std::string n = m[1].str();
      n.erase(std::remove(n.begin(), n.end(), ' '), n.end());
      out.push_back({entry.path().filename().string(), cls + "::" + n, text});
    }
  }
  return out;
}

// Namespace-scope function declarations: a line at column 0 that is not a
// comment, preprocessor line, type, namespace, template head or brace, with a
// name before "(", joined with the lines after it up to ";" or "{".
std::vector<declaration> public_functions() {
  const std::filesystem::path dir = URLKIT_INCLUDE_DIR;
  std::vector<declaration> out;
  const std::regex skip(
      R"(^(//|#|class |struct |enum |namespace |template|requires |using |friend |\}|$))");
  const std::regex name(R"(([A-Za-z_][A-Za-z_0-9]*)\s*\()");
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir / "urlkit")) {
    if (entry.path().extension() != ".hpp") continue;
    std::ifstream in(entry.path());
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& l = lines[i];
      if (l.empty() || l[0] == ' ' || std::regex_search(l, skip)) continue;
      std::smatch m;
      if (!std::regex_search(l, m, name)) continue;
      // A variable initialized by a call ("inline constexpr mask x = f(...)").
      if (l.find('=') < static_cast<std::size_t>(m.position(0))) continue;
      std::string text = l;
      for (std::size_t k = i + 1; text.find(';') == std::string::npos &&
                                  text.find('{') == std::string::npos && k < lines.size();
           ++k)
        text += " " + lines[k];
      out.push_back({entry.path().filename().string(), m[1].str(), text});
    }
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(api_model)

BOOST_AUTO_TEST_CASE(every_public_function_is_noexcept_returns_a_result_or_is_total) {
  const auto functions = public_functions();
  // The scan finds what it should (a few names that must be there).
  std::set<std::string> names;
  for (const auto& d : functions) names.insert(d.name);
  for (const char* must : {"parse_reference", "resolve", "establish_base", "extract",
                           "parse_absolute", "absolutize", "decode_url_parameter"})
    BOOST_TEST(names.count(must) == 1u, must);
  BOOST_TEST(functions.size() > 60u);

  for (const auto& d : functions) {
    const std::string& t = d.text;
    if (t.find("= delete") != std::string::npos) continue;  // the rvalue guards
    const bool is_noexcept = t.find("noexcept") != std::string::npos;
    const std::string head = t.substr(0, t.find(d.name + "("));
    const bool returns_result = head.find("result<") != std::string::npos;
    BOOST_TEST((is_noexcept || returns_result || total.count(d.name) == 1),
               d.file << ": " << d.name
                      << " is neither noexcept, nor returns a result, nor listed as total");
  }
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
  for (const auto& d : members) {
    const std::string& t = d.text;
    if (t.find("= delete") != std::string::npos || t.find("= default") != std::string::npos)
      continue;
    const bool is_noexcept = t.find("noexcept") != std::string::npos;
    const std::string short_name = d.name.substr(d.name.find("::") + 2);
    const std::string head = t.substr(0, t.find(short_name));
    const bool returns_result = head.find("result<") != std::string::npos;
    // Bad input reaches an object through an argument: a member without one
    // reads an object that is valid by construction (a view of what parsed),
    // and can fail only for memory.
    const std::size_t open = t.find('(', t.find(short_name) + short_name.size() - 1);
    const std::size_t close = t.find(')', open);
    const std::string params = open == std::string::npos || close == std::string::npos
                                   ? ""
                                   : t.substr(open + 1, close - open - 1);
    const bool takes_input = params.find_first_not_of(" ") != std::string::npos && params != "void";
    if (!takes_input && !returns_result) continue;
    BOOST_TEST((is_noexcept || returns_result || total_members.count(d.name) == 1),
               d.file << ": " << d.name << " is neither noexcept, nor returns a result, nor "
                      << "listed as total: " << t);
  }
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
  const char byte = 'x';
  const std::string_view huge(&byte, std::size_t{1} << 32);
  BOOST_CHECK_NO_THROW((void)urlkit::html::absolutize(huge, urlkit::established_base{}));
  std::vector<urlkit::html::edit> backwards{{3, 4, "x"}, {0, 1, "y"}};
  BOOST_CHECK_NO_THROW((void)urlkit::html::apply("abcde", backwards));
#endif
  urlkit::base_context c;
  c.content_base = std::string("\0http://h:x/", 12);
  BOOST_CHECK_NO_THROW((void)urlkit::establish_base(c));
  BOOST_CHECK_NO_THROW((void)urlkit::resolve("http://a/", std::string(1 << 16, '[')));
}

BOOST_AUTO_TEST_SUITE_END()
