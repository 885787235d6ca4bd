#include "differences.hpp"

#include <array>
#include <cctype>

namespace differential {

namespace {

bool is_alpha(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_alnum(char c) {
  return is_alpha(c) || is_digit(c);
}

/// Where the text after "scheme://" (or a leading "//") ends: the first "/", "?" or "#" (RFC
/// 3986 3.2), or npos.  npos also when there is no "//" after the scheme.
/// A network-path reference ("//h?q") has its "//" at the start.
std::size_t authority_end(std::string_view s) {
  std::size_t start = 2;
  if (s.substr(0, 2) != "//") {
    const std::size_t colon = s.find(':');
    if (colon == std::string_view::npos || s.substr(colon + 1, 2) != "//")
      return std::string_view::npos;
    start = colon + 3;
  }
  const std::size_t end = s.find_first_of("/?#", start);
  return end == std::string_view::npos ? s.size() : end;
}

/// "http://a?q": a "?" right after the server, which the draft's server
/// cannot end at.
bool query_after_server(std::string_view s) {
  const std::size_t end = authority_end(s);
  return end < s.size() && s[end] == '?';
}

/// "//h;g": a ";" in what RFC 3986 reads as the authority (3.2).
bool semicolon_in_authority(std::string_view s) {
  const std::size_t end = authority_end(s);
  if (end == std::string_view::npos) return false;
  const std::size_t start = s.find("//") + 2;
  return s.substr(start, end - start).find(';') != std::string_view::npos;
}

/// A server and an empty path: "http://a", "http://a#f".
bool server_and_empty_path(std::string_view s) {
  const std::size_t end = authority_end(s);
  return end != std::string_view::npos && (end == s.size() || s[end] == '#');
}

/// s with "/" (or `what`) put where its server ends, if it has a server.
std::string insert_after_server(std::string_view s, std::string_view what = "/") {
  const std::size_t end = authority_end(s);
  if (end == std::string_view::npos) return std::string(s);
  return std::string(s.substr(0, end)) + std::string(what) + std::string(s.substr(end));
}

/// hostname | hostnumber (draft 4.3.1, RFC 1738 3.1).
bool draft_host(std::string_view h) {
  std::size_t groups = 0;
  bool all_digits = true, last_starts_alpha = false;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = h.find('.', start);
    const std::string_view label =
        h.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (label.empty() || !is_alnum(label.front()) || !is_alnum(label.back())) return false;
    for (char c : label) {
      if (!is_alnum(c) && c != '-') return false;
      if (!is_digit(c)) all_digits = false;
    }
    last_starts_alpha = is_alpha(label.front());
    ++groups;
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return last_starts_alpha || (all_digits && groups == 4);
}

bool has_scheme(std::string_view ref) {
  if (ref.empty() || !is_alpha(ref.front())) return false;
  const std::size_t end = ref.find_first_of(":/?#");
  if (end == std::string_view::npos || ref[end] != ':') return false;
  for (char c : ref.substr(0, end))
    if (!is_alnum(c) && c != '+' && c != '-' && c != '.') return false;
  return true;
}

/// The path of a reference (or of a URL after its server).
std::string_view path_of(std::string_view ref) {
  ref = ref.substr(0, ref.find_first_of("?#"));
  if (has_scheme(ref)) ref.remove_prefix(ref.find(':') + 1);
  if (ref.substr(0, 2) == "//") {
    const std::size_t slash = ref.find('/', 2);
    ref = ref.substr(slash == std::string_view::npos ? ref.size() : slash);
  }
  return ref;
}

bool has_dot_segment(std::string_view path) {
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = path.find('/', start);
    const std::string_view seg = path.substr(start, slash - start);
    if (seg == "." || seg == "..") return true;
    if (slash == std::string_view::npos) return false;
    start = slash + 1;
  }
}

bool network_path(std::string_view ref) {
  return ref.substr(0, 2) == "//";
}
bool absolute_path(std::string_view ref) {
  return !ref.empty() && ref[0] == '/' && !network_path(ref);
}
bool relative_path(std::string_view ref) {
  return !has_scheme(ref) && !ref.empty() && ref[0] != '/' && ref[0] != '?' && ref[0] != '#';
}
/// No scheme, no server and an empty path: "", "?y", "#s".
bool empty_path(std::string_view ref) {
  return ref.empty() || ref[0] == '?' || ref[0] == '#';
}

/// Every "%XX" of a character that may stand unescaped in a path (RFC 3986
/// 3.3 pchar, and "/") decoded, every other one upper-cased: what Boost.URL
/// 1.81's resolve does to the path it writes.
std::string decode_path_escapes(std::string_view s) {
  constexpr std::string_view plain =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/";
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      const char c = static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
      if (plain.find(c) != std::string_view::npos) {
        out += c;
      } else {
        out += '%';
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(s[i + 1])));
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(s[i + 2])));
      }
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

using opt = std::optional<std::string>;

/// `s` with every "%2F" (either case) written "/".
std::string slash_escapes_decoded(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && s[i + 1] == '2' &&
        (s[i + 2] == 'f' || s[i + 2] == 'F')) {
      out += '/';
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

/// RFC 3986 5.2.4 remove_dot_segments, as the RFC writes it.
std::string remove_dot_segments(std::string in) {
  std::string out;
  auto pop = [&out] {
    const std::size_t k = out.rfind('/');
    out.erase(k == std::string::npos ? 0 : k);
  };
  while (!in.empty()) {
    if (in.starts_with("../")) {
      in.erase(0, 3);
    } else if (in.starts_with("./")) {
      in.erase(0, 2);
    } else if (in.starts_with("/./")) {
      in.replace(0, 3, "/");
    } else if (in == "/.") {
      in = "/";
    } else if (in.starts_with("/../")) {
      in.replace(0, 4, "/");
      pop();
    } else if (in == "/..") {
      in = "/";
      pop();
    } else if (in == "." || in == "..") {
      in.clear();
    } else {
      const std::size_t n = in.find('/', in[0] == '/' ? 1 : 0);
      out += in.substr(0, n);
      in.erase(0, n);
    }
  }
  return out;
}

/// An absolute URL with the dot-segments of its path removed: what RFC 3986
/// 5.2.2 makes of a reference that the draft takes as it is.
std::string without_dot_segments(std::string_view url) {
  const std::string_view path = path_of(url);
  const std::size_t at = static_cast<std::size_t>(path.data() - url.data());
  return std::string(url.substr(0, at)) + remove_dot_segments(std::string(path)) +
         std::string(url.substr(at + path.size()));
}

/// The peer's answer is urlkit's with the dot-segments removed (and, for
/// Boost.URL, its escapes rewritten: the difference further down).
bool differs_by_dot_segments(const std::optional<std::string>& ours,
                             const std::optional<std::string>& theirs) {
  return ours && theirs &&
         decode_path_escapes(without_dot_segments(*ours)) == decode_path_escapes(*theirs);
}

// ---------------------------------------------------------------- parsing

constexpr std::array<parse_difference, 6> parse_list = {{
    {"a '?' right after the server (\"http://a?q\", \"http://u?x@h\")",
     "draft 4.3.1: the server runs to the next \"/\" (or the end), so the \"?\" is part of it: "
     "not allowed in a host (urlkit refuses) or allowed in a user (urlkit reads \"u?x\" as "
     "the user); RFC 3986 3.2: the authority ends at \"/\", \"?\" or \"#\", and the rest is "
     "the query",
     both_peers,
     [](std::string_view s, const components&, const components&) {
       return query_after_server(s);
     }},
    {"a host that is neither a hostname nor a hostnumber (\"my_host\", \"a..b\", \"1.2.3\", "
     "\"%61\", \"-a.b\", a trailing \".\")",
     "draft 4.3.1 and RFC 1738 3.1: host = hostname | hostnumber, labels of letters, digits "
     "and inner hyphens, the last starting with a letter, or four digit groups; RFC 3986 "
     "3.2.2: any reg-name of unreserved characters, escapes and sub-delims",
     both_peers,
     [](std::string_view, const components& ours, const components& theirs) {
       return !ours.ok && theirs.ok && theirs.host && !theirs.host->empty() &&
              !draft_host(*theirs.host);
     }},
    {"an empty host after a user or a port (\"http://u@/\", \"http://:80/\")",
     "draft 4.3.1: hostport = host [\":\" port] and a host is never empty (only a server "
     "with nothing in it, \"file:///\", has no host); RFC 3986 3.2.2: a reg-name may be "
     "empty",
     both_peers,
     [](std::string_view, const components& ours, const components& theirs) {
       return !ours.ok && theirs.ok && theirs.host && theirs.host->empty() &&
              (theirs.user || theirs.port);
     }},
    {"a ':' in the password (\"http://u:p:q@h/\")",
     "draft 4.3.1: within the user and password, \":\", \"@\" and \"/\" must be encoded; RFC "
     "3986 3.2.1: userinfo may hold any number of \":\" (the password is what follows the "
     "first)",
     both_peers,
     [](std::string_view, const components& ours, const components& theirs) {
       return !ours.ok && theirs.ok && theirs.password &&
              theirs.password->find(':') != std::string::npos;
     }},
    {"a scheme that starts with a digit (\"1http://a/\")",
     "draft 4.1 and RFC 1738 2.1: scheme = 1*( alpha | digit | \"+\" | \"-\" | \".\" ); RFC "
     "3986 3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )",
     both_peers,
     [](std::string_view s, const components& ours, const components& theirs) {
       return !s.empty() && is_digit(s[0]) && ours.ok && !theirs.ok;
     }},
    {"Boost.URL: an authority followed by something that is not \"/\", \"?\", \"#\" or the "
     "end (\"http://a:x/\", \"http://u@v@h/\", \"http://1.2.3.4.5/\")",
     "Boost.URL 1.81 is wrong per RFC 3986 itself: 3.3 says that after an authority the path "
     "is empty or starts with \"/\" (path-abempty), so these are not URIs; Boost.URL takes "
     "the authority as far as it matches and the rest as a path without a leading \"/\" "
     "(uriparser refuses them, as urlkit does)",
     boost_url,
     [](std::string_view, const components&, const components& theirs) {
       return theirs.ok && theirs.host && !theirs.path.empty() && theirs.path[0] != '/';
     }},
}};

// -------------------------------------------------------------- resolution

constexpr std::array<resolve_difference, 11> resolve_list = {{
    {"a reference that starts with ';' (Appendix C \";x\")",
     "draft 6 Step 5a: \";x\" has an empty path and non-empty parameters, so it keeps the "
     "base path (\"http://a/b/c/d;x\"); RFC 3986 has no parameters: \";x\" is a relative path "
     "whose segment replaces the base's last one (5.2.3, 5.4.1: \"http://a/b/c/;x\")",
     both_peers,
     [](std::string_view, std::string_view ref, const opt&, const opt&) {
       return !ref.empty() && ref[0] == ';';
     }},
    {"an absolute-path reference with a dot-segment (\"/./g\", \"/a/../b\")",
     "draft 6 Step 4: a path preceded by \"/\" is not relative and is taken as it is "
     "(Appendix C.2: \"/./g\" gives \"http://a/./g\"); RFC 3986 5.2.2 removes the "
     "dot-segments of every reference path (5.4.2: \"http://a/g\")",
     both_peers,
     [](std::string_view, std::string_view ref, const opt& ours, const opt& theirs) {
       return absolute_path(ref) && has_dot_segment(path_of(ref)) &&
              differs_by_dot_segments(ours, theirs);
     }},
    {"a network-path reference with a dot-segment (\"//h/./g\")",
     "draft 6 Step 3: a reference with a non-empty server is taken as it is; RFC 3986 5.2.2 "
     "removes the dot-segments of its path",
     both_peers,
     [](std::string_view, std::string_view ref, const opt& ours, const opt& theirs) {
       return network_path(ref) && has_dot_segment(path_of(ref)) &&
              differs_by_dot_segments(ours, theirs);
     }},
    {"an absolute reference with a dot-segment (\"http://h/./g\")",
     "draft 6 Step 2b: a reference with a scheme is an absolute URL and we are done; RFC "
     "3986 5.2.2 removes the dot-segments of its path (T.path = remove_dot_segments(R.path))",
     both_peers,
     [](std::string_view, std::string_view ref, const opt& ours, const opt& theirs) {
       return has_scheme(ref) && has_dot_segment(path_of(ref)) &&
              differs_by_dot_segments(ours, theirs);
     }},
    {"a reference whose query is present but empty (\"?\", \"?#s\")",
     "draft 6 Step 5b: only a non-empty query replaces the base's (the draft does not tell "
     "an empty query from none, 4.3.4); RFC 3986 5.2.2: a defined query, even empty, "
     "replaces it (\"http://a/b/c/d;p?\")",
     both_peers,
     [](std::string_view, std::string_view ref, const opt&, const opt&) {
       return ref.substr(0, 1) == "?" && (ref.size() == 1 || ref[1] == '#');
     }},
    {"a base or a network-path reference with a '?' right after its server (\"http://a?q\", "
     "\"//g?y\")",
     "the parsing difference above: draft 4.3.1 reads the \"?\" into the server, so urlkit "
     "refuses the URL (or reads a user with a \"?\"); RFC 3986 3.2 ends the authority "
     "there",
     both_peers,
     [](std::string_view base, std::string_view ref, const opt&, const opt&) {
       return query_after_server(base) || query_after_server(ref);
     }},
    {"a base with a server and an empty path, a reference with only a query (\"http://a\" "
     "and \"?y\")",
     "draft 4.3.1: the server runs to the next \"/\", so Step 7 must write \"/\" before the "
     "query (\"http://a/?y\"), or the query would be read back into the server; RFC 3986 "
     "5.2.2 inherits the empty path and 3.2 ends the authority at \"?\" (\"http://a?y\")",
     both_peers,
     [](std::string_view base, std::string_view ref, const opt& ours, const opt& theirs) {
       return server_and_empty_path(base) && empty_path(ref) && ours && theirs &&
              insert_after_server(*theirs) == *ours;
     }},
    {"a base with a server and an empty path, a relative path that dot-segments reduce to "
     "nothing (\"http://a\" and \".\", \"g/..#s\")",
     "draft 6 Step 6: the base path \"\" with \".\" appended and removed is \"\" "
     "(\"http://a\"); RFC 3986 5.2.3: merging with a base that has an authority and an "
     "empty path puts \"/\" in front (\"/.\", which 5.2.4 makes \"/\": \"http://a/\")",
     both_peers,
     [](std::string_view base, std::string_view ref, const opt& ours, const opt& theirs) {
       return server_and_empty_path(base) && relative_path(ref) && ours && theirs &&
              insert_after_server(*ours) == *theirs;
     }},
    {"Boost.URL: a reference with an empty path and no fragment against a base with one "
     "(\"\" or \"?y\" and \"http://a/b#f\")",
     "Boost.URL 1.81 is wrong per RFC 3986 itself: 5.2.2 always takes the fragment from the "
     "reference (T.fragment = R.fragment, and 5.4.2 gives \"\" -> \"http://a/b/c/d;p?q\"); "
     "Boost.URL keeps the base's (uriparser and urlkit drop it, draft 6 Step 2a as well)",
     boost_url,
     [](std::string_view base, std::string_view ref, const opt&, const opt&) {
       return empty_path(ref) && ref.find('#') == std::string_view::npos &&
              base.find('#') != std::string_view::npos;
     }},
    {"Boost.URL: escapes in the path it writes (\"%7a\", \"%2f\", \"%29\", lower-case hex)",
     "Boost.URL 1.81 is wrong per RFC 3986 itself: resolution (5.2) does no normalization, "
     "yet Boost.URL's resolve decodes every escape of a character allowed in a path, "
     "\"%2F\" and sub-delims included (which 2.2 and 6.2.2.2 say changes the URI: only "
     "unreserved characters may be decoded), and upper-cases the rest; a decoded \"%2F\" "
     "then also changes which segment a \"..\" removes",
     boost_url,
     [](std::string_view base, std::string_view ref, const opt& ours, const opt& theirs) {
       if (!(ours && theirs)) return false;
       if (decode_path_escapes(*ours) == decode_path_escapes(*theirs)) return true;
       // It decodes "%2F" after merging (5.2.3), or in an absolute path, and
       // before it removes the dot-segments (5.2.4), so a ".." then climbs
       // over a segment the escape kept whole ("a%2Fb/..", "/a%2f/.."): its
       // path is that, everything else is urlkit's.
       std::string merged;
       if (absolute_path(ref)) {
         merged = std::string(path_of(ref));
       } else {
         if (!relative_path(ref)) return false;
         const std::string_view bpath = path_of(base);
         const std::size_t last = bpath.rfind('/');
         if (last == std::string_view::npos) return false;
         merged = std::string(bpath.substr(0, last + 1)) + std::string(path_of(ref));
       }
       const std::string decoded = slash_escapes_decoded(merged);
       if (decoded == merged) return false;
       const std::string_view our_path = path_of(*ours), their_path = path_of(*theirs);
       const auto at = [](std::string_view url, std::string_view part) {
         return static_cast<std::size_t>(part.data() - url.data());
       };
       return ours->substr(0, at(*ours, our_path)) == theirs->substr(0, at(*theirs, their_path)) &&
              ours->substr(at(*ours, our_path) + our_path.size()) ==
                  theirs->substr(at(*theirs, their_path) + their_path.size()) &&
              decode_path_escapes(remove_dot_segments(decoded)) == decode_path_escapes(their_path);
     }},
    {"uriparser: a resolved path that starts with \"//\" under an authority "
     "(\"http://a//g\")",
     "uriparser 0.9.7 is wrong per RFC 3986 itself: it writes \"/.\" in front "
     "(\"http://a/.//g\"), the guard 5.2.4 and 3.3 need only when there is no authority "
     "(else \"//g\" would be read as one); with an authority \"http://a//g\" is the result of "
     "5.2.2 and 5.2.4, and Boost.URL gives it",
     uriparser,
     [](std::string_view, std::string_view, const opt& ours, const opt& theirs) {
       return ours && theirs && path_of(*ours).substr(0, 2) == "//" &&
              insert_after_server(*ours, "/.") == *theirs;
     }},
}};

// ------------------------------------------- resolution by RFC 3986 on both sides

// With urlkit resolving by RFC 3986 5.2 as well, the differences by design of
// the list above are gone (";", dot segments in any reference, ".." above
// the root, the empty query, merging with an empty base path); what is left
// is the parser's (draft 4.3.1) and the peers' own bugs, the same entries.
constexpr std::array<resolve_difference, 7> resolve_list_rfc3986 = {{
    resolve_list[5],  // "?" right after a server
    {"a base or a network-path reference with a ';' in what RFC 3986 reads as its authority "
     "(\"//h;g\", \"//h:80;x\")",
     "the parser's, as for \"?\": urlkit's lenient mode ends the server at a \";\" right "
     "after the host (with a warning) and reads parameters, which Step 7 writes after a "
     "\"/\" (\"//h/;g\"); RFC 3986 3.2 ends the authority only at \"/\", \"?\" or "
     "\"#\", and a reg-name may hold \";\" (3.2.2), a port may not (uriparser refuses it)",
     both_peers,
     [](std::string_view base, std::string_view ref, const opt&, const opt&) {
       return semicolon_in_authority(base) || semicolon_in_authority(ref);
     }},
    resolve_list[6],  // "http://a" and "?y": the "/" Step 7 writes
    resolve_list[8],  // Boost.URL keeps the base's fragment
    resolve_list[9],  // Boost.URL rewrites escapes
    {"Boost.URL: \"..\" segments above the root kept (\"../../../g\" against "
     "\"http://a/b/c/d;p?q\")",
     "Boost.URL 1.81 is wrong per RFC 3986 itself: 5.2.4's rule C removes a \"/..\" with "
     "nothing before it to remove (5.4.2: \"../../../g\" gives \"http://a/g\"); Boost.URL "
     "keeps the \"..\" (\"http://a/../g\"), as the draft does; uriparser and urlkit remove "
     "them",
     boost_url,
     [](std::string_view, std::string_view, const opt& ours, const opt& theirs) {
       if (!(ours && theirs)) return false;
       const std::string mine = decode_path_escapes(*ours);
       std::string t = decode_path_escapes(*theirs);
       const std::size_t end = authority_end(t);
       if (end == std::string_view::npos) return false;
       bool removed = false;
       while (t.compare(end, 3, "/..") == 0 && (t.size() == end + 3 || t[end + 3] == '/' ||
                                                t[end + 3] == '?' || t[end + 3] == '#')) {
         const bool last = t.size() == end + 3 || t[end + 3] != '/';
         t.erase(end + (last ? 1 : 0), last ? 2 : 3);
         removed = true;
       }
       return removed && t == mine;
     }},
    resolve_list[10],  // uriparser's "/." under an authority
}};

}  // namespace

const char* peer_name(peer p) {
  return p == boost_url ? "Boost.URL" : "uriparser";
}

std::span<const parse_difference> parse_differences() {
  return parse_list;
}
std::span<const resolve_difference> resolve_differences() {
  return resolve_list;
}
std::span<const resolve_difference> resolve_differences_rfc3986() {
  return resolve_list_rfc3986;
}

}  // namespace differential
