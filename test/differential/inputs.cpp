#include "inputs.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace differential {

namespace {

// ---------------------------------------------------------------- collected

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  return true;
}

/// An absolute http or ftp URL without ';' (RFC 3986 dropped the params of
/// draft 4.3.3, so a ';' is a known difference everywhere, not worth
/// comparing over and over).
bool in_domain(std::string_view s) {
  return (starts_with_nocase(s, "http:") || starts_with_nocase(s, "ftp:")) &&
         s.find(';') == std::string_view::npos;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The contents of the C++ string literals of a source file that hold no
/// escape sequence (those are the tests of control characters and the like,
/// outside the common domain anyway).
void add_literals(std::string_view src, std::set<std::string>& out) {
  std::size_t i = 0;
  while ((i = src.find('"', i)) != std::string_view::npos) {
    const std::size_t start = ++i;
    bool escaped = false;
    while (i < src.size() && src[i] != '"' && src[i] != '\n') {
      if (src[i] == '\\') {
        escaped = true;
        ++i;
      }
      ++i;
    }
    if (i >= src.size()) break;
    if (src[i] == '\n') continue;  // a '"' inside a character literal or a comment
    const std::string_view lit = src.substr(start, i - start);
    ++i;
    if (!escaped && in_domain(lit)) out.emplace(lit);
  }
}

/// The URLs written in running text: what follows "http:" or "ftp:" up to
/// the next space or delimiter, without the punctuation that ends a
/// sentence (draft Appendix B).
void add_text_urls(std::string_view text, std::set<std::string>& out) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::string_view rest = text.substr(i);
    if (!starts_with_nocase(rest, "http:") && !starts_with_nocase(rest, "ftp:")) continue;
    if (i > 0 && std::isalnum(static_cast<unsigned char>(text[i - 1]))) continue;
    std::size_t n = 0;
    while (n < rest.size() && std::isgraph(static_cast<unsigned char>(rest[n])) &&
           std::string_view("<>\"").find(rest[n]) == std::string_view::npos)
      ++n;
    std::string_view url = rest.substr(0, n);
    while (!url.empty() && std::string_view(".,)'").find(url.back()) != std::string_view::npos)
      url.remove_suffix(1);
    if (in_domain(url)) out.emplace(url);
    i += n;
  }
}

// ---------------------------------------------------------------- generated

// Each component's characters where draft-fielding-uri-url and RFC 3986 agree
// (without ';', which only the draft reserves for params, draft 4.3.3):
//   pchar (draft 2, RFC 3986 3.3): alpha digit "$-_.!~*'()," ":@&=+"
//   user and password (draft 4.3.1 minus "?" and ";", RFC 3986 3.2.1):
//     alpha digit "$-_.!~*'()," "&=+"
//   query and fragment (draft urlchar, RFC 3986 3.4, 3.5): pchar "/" "?"
constexpr std::string_view alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
constexpr std::string_view mark = "$-_.!~*'(),";
constexpr std::string_view hex = "0123456789ABCDEFabcdef";

std::string pick_chars(prng& r, std::string_view extra, std::size_t max_len) {
  const std::size_t n = r.below(max_len + 1);
  std::string s;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t kind = r.below(10);
    if (kind < 5) {
      s += alnum[r.below(alnum.size())];
    } else if (kind < 7) {
      s += mark[r.below(mark.size())];
    } else if (kind < 9 && !extra.empty()) {
      s += extra[r.below(extra.size())];
    } else {
      s += '%';
      s += hex[r.below(hex.size())];
      s += hex[r.below(hex.size())];
    }
  }
  return s;
}

std::string userinfo_chars(prng& r) {
  return pick_chars(r, "&=+", 8);
}
std::string segment_chars(prng& r) {
  return pick_chars(r, ":@&=+", 8);
}
std::string query_chars(prng& r) {
  return pick_chars(r, ":@&=+/?", 12);
}

/// hostname (draft 4.3.1, RFC 1738 3.1): labels of alphanumerics and inner
/// hyphens, the last starting with a letter; both cases.
std::string hostname(prng& r) {
  constexpr std::string_view alpha = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const std::size_t labels = 1 + r.below(3);
  std::string s;
  for (std::size_t l = 0; l < labels; ++l) {
    if (l) s += '.';
    const bool top = l + 1 == labels;
    const std::size_t len = 1 + r.below(6);
    for (std::size_t i = 0; i < len; ++i) {
      if (i == 0 && top) {
        s += alpha[r.below(alpha.size())];
      } else if (i > 0 && i + 1 < len && r.chance(15)) {
        s += '-';
      } else {
        s += alnum[r.below(alnum.size())];
      }
    }
  }
  return s;
}

std::string digits(prng& r, std::size_t max_len) {
  std::string s;
  const std::size_t n = 1 + r.below(max_len);
  for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('0' + r.below(10));
  return s;
}

/// hostnumber (draft 4.3.1): four groups of digits.  Up to three digits a
/// group, so that RFC 3986 reads most as IPv4address and the rest (a group
/// above 255) as a reg-name: the host text is the same either way.
std::string hostnumber(prng& r) {
  std::string s = digits(r, 3);
  for (int i = 0; i < 3; ++i) (s += '.') += digits(r, 3);
  return s;
}

std::string host(prng& r) {
  return r.chance(80) ? hostname(r) : hostnumber(r);
}

/// "//" server: [ user [ ":" password ] "@" ] host [ ":" port ], with every
/// placement of "@" and ":" the two specs share.
std::string server(prng& r) {
  std::string s = "//";
  if (r.chance(35)) {
    switch (r.below(6)) {
      case 0:
        s += userinfo_chars(r);
        break;  // user
      case 1:
        s += userinfo_chars(r);
        s += ':';
        s += userinfo_chars(r);
        break;  // user:password
      case 2:
        s += userinfo_chars(r) + ":";
        break;  // empty password
      case 3:
        s += ":" + userinfo_chars(r);
        break;  // empty user
      case 4:
        break;  // "@" alone
      default:
        s += ":";
        break;  // ":@"
    }
    s += '@';
  }
  s += host(r);
  if (r.chance(30)) s += ":" + (r.chance(20) ? std::string() : digits(r, 5));
  return s;
}

std::string segment(prng& r) {
  switch (r.below(12)) {
    case 0:
      return ".";
    case 1:
      return "..";
    case 2:
      return "";
    default:
      return segment_chars(r);
  }
}

/// Segments joined by "/", the first one not empty (or "//" would start a
/// server, RFC 3986 3.3, draft 4.3.1).
std::string path_segments(prng& r, std::size_t max_count) {
  std::string s;
  const std::size_t n = 1 + r.below(max_count);
  for (std::size_t i = 0; i < n; ++i) {
    if (i) s += '/';
    std::string seg = segment(r);
    while (i == 0 && seg.empty()) seg = segment(r);
    s += seg;
  }
  return s;
}

std::string query_and_fragment(prng& r) {
  std::string s;
  if (r.chance(35)) s += "?" + query_chars(r);
  if (r.chance(25)) s += "#" + query_chars(r);
  return s;
}

std::string scheme(prng& r) {
  static constexpr std::array<std::string_view, 7> schemes = {"http", "http", "http", "ftp",
                                                              "HTTP", "Http", "fTP"};
  return std::string(schemes[r.below(schemes.size())]);
}

std::string generated_url(prng& r) {
  std::string s = scheme(r) + ":";
  if (r.chance(93)) {
    s += server(r);
    // After a server the path is empty or starts with "/".
    if (r.chance(80)) s += r.chance(15) ? std::string("/") : "/" + path_segments(r, 5);
  } else {
    // No server: an absolute or a rootless path, or none.
    const std::size_t form = r.below(3);
    if (form == 0) s += "/" + path_segments(r, 4);
    if (form == 1) s += path_segments(r, 4);
  }
  return s + query_and_fragment(r);
}

// Inputs at the edges of the common syntax, written out: absent vs empty
// components, "@" and ":" in each place, escapes, case, and a few inputs that
// both specs refuse.
constexpr std::string_view edge_cases[] = {
    "http://a",
    "http://a/",
    "http://a:/",
    "http://a:",
    "http://a:/b",
    "http://a:0/",
    "http://a:080/",
    "http://a:99999/",
    "http://@a/",
    "http://u@a/",
    "http://u:@a/",
    "http://:p@a/",
    "http://:@a/",
    "http://u:p@a:8080/p?q#f",
    "ftp://u:p@h/a/b",
    "HTTP://A/",
    "hTtP://a.B.c/D",
    "http://a#",
    "http://a/#",
    "http://a/?",
    "http://a/?#",
    "http://a/b?",
    "http://a/b#",
    "http://a/b?#",
    "http://a?",
    "http://a?q",
    "http://a?q#f",
    "http://a//",
    "http://a//b//",
    "http://a/b@c:d",
    "http://a/?@:/?",
    "http://a/#@:/?",
    "http://a/b?c?d",
    "http://a/b:c",
    "http://a/.",
    "http://a/..",
    "http://a/./b/../c",
    "http://a/%7e%7E",
    "http://a/%25",
    "ftp://a/%2F",
    "http://1.2.3.4/",
    "http://1.2.3.4:65535/",
    "http://a.b-c.d/",
    "http:/a",
    "http:a",
    "http:",
    "http:?q",
    "http:#f",
    // Refused by both.
    "http://a/%zz",
    "http://a/%4",
    "http://a/b c",
    "http://a/b#c#d",
    "http://a:1:2/",
    "http://u@a:1@/",
    "http://a/b<c",
    "http://a/{b}",
    "http://a/b|c",
    "ht tp://a/",
    "1http://a/",
    // Empty hosts: RFC 3986's reg-name may be empty, the draft's host not.
    "http://",
    "http:///a",
    "http://:80/",
    "http://u@/",
    // ":" and "@" more than once in the userinfo.
    "http://u:p:q@a/",
    "http://u@v@a/",
    "http://u:p@q@a/",
};

}  // namespace

std::vector<std::string> collected_urls() {
  namespace fs = std::filesystem;
  std::set<std::string> urls;
  const fs::path source = URLKIT_SOURCE_DIR;
  for (const char* dir : {"test/unit", "test/cli", "test"}) {
    for (const auto& entry : fs::directory_iterator(source / dir)) {
      const auto ext = entry.path().extension();
      if (entry.is_regular_file() && (ext == ".cpp" || ext == ".hpp"))
        add_literals(read_file(entry.path()), urls);
    }
  }
  // The spec texts (test/data/seeds), each by name: one missing would leave
  // the run without the inputs it is meant to have, so the run fails instead.
  const fs::path seeds = fs::path(URLKIT_TEST_DATA_DIR) / "seeds";
  for (const char* text : {"rfc1738-url.txt", "draft-fielding-uri-url-00.txt",
                           "rfc2017-url-external-body.txt", "rfc2397-data-url.txt"}) {
    const fs::path file = seeds / text;
    if (!fs::is_regular_file(file))
      throw std::runtime_error("differential: spec text " + file.string() +
                               " not found (test/data/README.md)");
    add_text_urls(read_file(file), urls);
  }
  return {urls.begin(), urls.end()};
}

std::vector<std::string> generated_urls(std::size_t count) {
  prng r(0x75726c6b6974);  // fixed: the same inputs on every run
  std::vector<std::string> out(std::begin(edge_cases), std::end(edge_cases));
  while (out.size() < count) out.push_back(generated_url(r));
  return out;
}

// ------------------------------------------------------------- resolutions

namespace {

/// A path segment that is not a dot-segment and holds no ':' (a ':' in the
/// first segment of a relative path would make it a scheme, RFC 3986 4.2,
/// draft 4.1).
std::string name(prng& r) {
  static constexpr std::array<std::string_view, 12> names = {
      "g", "h", "x", "b", "..g", "g..", ".g", "g.", "a%20b", "q=1", "@", "~u"};
  if (r.chance(70)) return std::string(names[r.below(names.size())]);
  std::string s = pick_chars(r, "@&=+", 6);
  if (s.empty() || s == "." || s == "..") s = "s";
  return s;
}

struct base_url {
  std::string text;
  std::size_t depth = 0;  // segments left after Step 6 removes the last one
};

base_url base(prng& r) {
  base_url b;
  b.text = scheme(r) + ":";
  b.text += server(r);
  if (r.chance(90)) {
    const std::size_t n = 1 + r.below(5);
    for (std::size_t i = 0; i < n; ++i) {
      b.text += '/';
      if (i + 1 < n || r.chance(80)) b.text += r.chance(5) ? std::string() : name(r);
    }
    b.depth = n - 1;
  }
  if (r.chance(40)) b.text += "?" + query_chars(r);
  if (r.chance(20)) b.text += "#" + query_chars(r);
  return b;
}

/// Relative path segments that, merged after `depth` segments, never climb
/// above the root: ".." only where a segment is left to remove.
std::string relative_path(prng& r, std::size_t depth) {
  std::string s;
  const std::size_t n = 1 + r.below(5);
  for (std::size_t i = 0; i < n; ++i) {
    if (i) s += '/';
    const std::size_t kind = r.below(10);
    if (kind < 2) {
      s += '.';
    } else if (kind < 4 && depth > 0) {
      s += "..";
      --depth;
    } else if (kind < 5 && i > 0) {
      ++depth;  // an empty segment is a segment like any other
    } else {
      s += name(r);
      ++depth;
    }
  }
  return s;
}

/// An absolute path, now and then with a dot-segment (Step 4 keeps it, RFC
/// 3986 removes it: a known difference), never climbing above the root.
std::string absolute_path(prng& r) {
  std::string s;
  std::size_t depth = 0;
  const std::size_t n = 1 + r.below(4);
  for (std::size_t i = 0; i < n; ++i) {
    s += '/';
    if (r.chance(10)) {
      s += '.';
    } else if (depth > 0 && r.chance(8)) {
      s += "..";
      --depth;
    } else {
      s += name(r);
      ++depth;
    }
  }
  return s;
}

std::string reference(prng& r, std::size_t depth) {
  const std::size_t form = r.below(100);
  // One draw after another, in order: the operands of "+" are unsequenced,
  // and the inputs must be the same whichever compiler built the test.
  std::string s;
  if (form < 55) {
    s = relative_path(r, depth);
    s += query_and_fragment(r);
  } else if (form < 58) {
  } else if (form < 62) {
    s = "#" + query_chars(r);
  } else if (form < 68) {
    s = "?" + query_chars(r);
    if (r.chance(30)) s += "#" + query_chars(r);
  } else if (form < 71) {
    s = r.chance(50) ? "?" : "?#" + query_chars(r);
  } else if (form < 84) {
    s = absolute_path(r);
    s += query_and_fragment(r);
  } else if (form < 92) {
    s = server(r);
    if (r.chance(80)) s += absolute_path(r);
    s += query_and_fragment(r);
  } else {
    s = scheme(r) + ":";
    s += server(r);
    s += absolute_path(r);
    s += query_and_fragment(r);
  }
  return s;
}

}  // namespace

std::vector<resolution> generated_resolutions(std::size_t count) {
  prng r(0x7265736f6c7665);  // fixed: the same inputs on every run
  std::vector<resolution> out;
  out.reserve(count);
  while (out.size() < count) {
    base_url b = base(r);
    out.push_back({b.text, reference(r, b.depth)});
  }
  return out;
}

namespace {

/// `s` with ";" and `params` put at the end of its path (before "?" or "#").
std::string with_params(std::string s, const std::string& params) {
  const std::size_t end = std::min(s.find_first_of("?#"), s.size());
  s.insert(end, ";" + params);
  return s;
}

}  // namespace

std::vector<resolution> generated_resolutions_rfc3986(std::size_t count) {
  prng r(0x33393836);  // fixed: the same inputs on every run
  std::vector<resolution> out;
  out.reserve(count);
  while (out.size() < count) {
    base_url b = base(r);
    // A depth the base does not have lets ".." climb above the root.
    const std::size_t extra = r.chance(25) ? 1 + r.below(3) : 0;
    std::string ref = reference(r, b.depth + extra);
    const bool has_path = b.text.find("//") != std::string::npos &&
                          b.text.find('/', b.text.find("//") + 2) != std::string::npos;
    if (has_path && r.chance(20)) b.text = with_params(b.text, name(r));
    const std::size_t kind = r.below(100);
    if (kind < 15 && !ref.empty() && ref[0] != '?' && ref[0] != '#') {
      ref = with_params(ref, r.chance(30) ? name(r) + "/" + name(r) : name(r));
    } else if (kind < 20) {
      ref = ";" + name(r) + query_and_fragment(r);
    }
    out.push_back({b.text, ref});
  }
  return out;
}

}  // namespace differential
