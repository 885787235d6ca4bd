// file URLs (RFC 1738 3.10 and 5): the grammar in both modes, the host-less
// form of the draft, locality, decoding, local paths, and the scheme_data
// object.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/file.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_file(u, o); };

// "host path local_path", "-" for absent (the host) or refused (the local path).
std::string parts(std::string_view s, mode m = mode::lenient) {
  auto f = parse_file(s, opts(m));
  if (!f) return "error " + f.error().to_string();
  const auto local = f->local_path();
  return bracketed(f->url().has_host(), f->host()) + " [/" + f->fpath().to_string() + "] " +
         (local ? "[" + *local + "]" : "-");
}

const char* const no_slashes =
    "fileurl: \"//\" expected: fileurl = \"file://\" [ host | \"localhost\" ] \"/\" fpath (RFC "
    "1738 3.10); lenient mode reads draft 1.1's file:/path as a path on this machine";

}  // namespace

BOOST_AUTO_TEST_SUITE(file)

// Draft 1.1: "file:/home/fred/bio.txt -- file scheme for host-specific files
// and directories".  Not fileurl (no "//"): lenient mode reads it as a path
// on this machine, strict mode refuses it.
BOOST_AUTO_TEST_CASE(draft_example) {
  bool ok = false;
  auto ws = lenient_warnings(parser, "file:/home/fred/bio.txt", &ok);
  BOOST_TEST(ok);
  BOOST_REQUIRE(ws.size() == 1u);
  BOOST_TEST(ws[0].offset == 5u);
  BOOST_TEST(ws[0].code == warning_code::scheme_syntax);
  BOOST_TEST(ws[0].production == std::string_view("fileurl"));
  auto f = parse_file("file:/home/fred/bio.txt");
  BOOST_REQUIRE(f);
  BOOST_TEST(!f->url().has_host());  // no "//": no host, read as the empty one
  BOOST_TEST(f->encoded_host() == "");
  BOOST_TEST(f->host() == "");
  BOOST_TEST(f->is_local());
  BOOST_TEST(f->fpath() == "home/fred/bio.txt");  // the leading "/" is not in the path
  BOOST_TEST(f->encoded_fpath() == "home/fred/bio.txt");
  BOOST_TEST(f->local_path().value() == "/home/fred/bio.txt");

  auto s = parse_file("file:/home/fred/bio.txt", opts(mode::strict));
  BOOST_REQUIRE(!s);
  BOOST_TEST(s.error().code == error_code::scheme_syntax);
  BOOST_TEST(s.error().offset == 5u);
  BOOST_TEST(s.error().message() == no_slashes);
}

// 3.10: file://<host>/<path>; "<host> can be the string "localhost" or the
// empty string; this is interpreted as `the machine from which the URL is
// being interpreted'".
BOOST_AUTO_TEST_CASE(hosts_and_locality) {
  for (auto m : {mode::lenient, mode::strict}) {
    BOOST_TEST(parts("file://localhost/etc/motd", m) == "[localhost] [/etc/motd] [/etc/motd]");
    BOOST_TEST(parts("file:///etc/motd", m) == "[] [/etc/motd] [/etc/motd]");
    BOOST_TEST(parts("file://LOCALHOST/x", m) == "[LOCALHOST] [/x] [/x]");
    BOOST_TEST(parts("FILE:///", m) == "[] [/] [/]");
    BOOST_TEST(parts("file://vms.host.edu/disk$user/my/notes/note12345.txt", m) ==
               "[vms.host.edu] [/disk$user/my/notes/note12345.txt] -");
    BOOST_TEST(parts("file://127.0.0.1/x", m) == "[127.0.0.1] [/x] -");
    BOOST_TEST(parts("file://localhost.dom/x", m) == "[localhost.dom] [/x] -");
  }
  BOOST_TEST(parse_file("file://LocalHost/x")->is_local());
  BOOST_TEST(parse_file("file:///x")->is_local());
  BOOST_TEST(!parse_file("file://host.dom/x")->is_local());
  // Lenient mode takes an escaped host (with the generic parser's warning).
  BOOST_TEST(parse_file("file://%6Cocalhost/x")->is_local());
  // No default port: the file scheme names no protocol (3.10).
  BOOST_TEST(!scheme_registry::standard().find("FILE")->default_port());
}

// fpath = fsegment *[ "/" fsegment ]; fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
BOOST_AUTO_TEST_CASE(fpath_characters) {
  for (auto m : {mode::lenient, mode::strict}) {
    BOOST_TEST(parts("file:///a?b:c@d&e=f+g$h", m) == "[] [/a?b:c@d&e=f+g$h] [/a?b:c@d&e=f+g$h]");
    BOOST_TEST(parts("file:///a//b/", m) == "[] [/a//b/] [/a//b/]");
    BOOST_TEST(parts("file:///c:/autoexec.bat", m) == "[] [/c:/autoexec.bat] [/c:/autoexec.bat]");
    // The fragment is not part of the URL (draft 3).
    BOOST_TEST(parts("file:///a?b#frag", m) == "[] [/a?b] [/a?b]");
  }
}

BOOST_AUTO_TEST_CASE(decoding_and_local_paths) {
  BOOST_TEST(parts("file:///my%20docs/a%3Bb", mode::strict) == "[] [/my docs/a;b] [/my docs/a;b]");
  // %2F decodes to "/" in the path, but it is not a separator: no local path.
  BOOST_TEST(parts("file:///a%2Fb/c", mode::strict) == "[] [/a/b/c] -");
  BOOST_TEST(parts("file:///a%2fb", mode::strict) == "[] [/a/b] -");
  BOOST_TEST(parts("file:///a%252Fb", mode::strict) == "[] [/a%2Fb] [/a%2Fb]");
  // The %2F or %00 after other escapes is found too (the view searches from the first "%").
  BOOST_TEST(parts("file:///%41b/c%2F", mode::strict) == "[] [/Ab/c/] -");
  const auto after = parse_file("file:///%41%20/%00", opts(mode::strict))->local_path();
  BOOST_TEST_REQUIRE(!after.has_value());
  BOOST_TEST(after.error().offset == 15u);  // the "%" of "%00", in the URL
  // An encoded NUL: in the path, but no file name can hold it.  The error is
  // path_from_file_url's, its offset in the URL.
  auto f = parse_file("file:///a%00b", opts(mode::strict));
  BOOST_REQUIRE(f);
  BOOST_TEST(f->fpath() == std::string("a\0b", 3));
  const auto nul = f->local_path();
  BOOST_TEST_REQUIRE(!nul.has_value());
  BOOST_TEST((nul.error().code == error_code::scheme_syntax));
  BOOST_TEST((nul.error().rule == rule::path));
  BOOST_TEST(nul.error().offset == 9u);
  BOOST_TEST((nul.error() == path_from_file_url("file:///a%00b").error()));
  // Another machine's file: the error at its host.
  const auto remote = parse_file("file://elsewhere/x")->local_path();
  BOOST_TEST_REQUIRE(!remote.has_value());
  BOOST_TEST((remote.error().rule == rule::host));
  BOOST_TEST(remote.error().offset == 7u);
  // CR and LF are data: no protocol line carries a file path.
  BOOST_TEST(parts("file:///a%0D%0Ab", mode::strict) == "[] [/a\r\nb] [/a\r\nb]");
  // Lenient mode keeps a bad escape as it is.
  BOOST_TEST(parts("file:///a%zz/%4") == "[] [/a%zz/%4] [/a%zz/%4]");
  BOOST_TEST(parts("file:///a%zz", mode::strict).starts_with("error offset 9: path: '%'"));
  // The decoded host.
  BOOST_TEST(parts("file://h%2Ddom/x") == "[h-dom] [/x] -");
}

// Strict mode refuses what fileurl refuses, naming the production; lenient
// mode accepts each with a warning at the same offset.
BOOST_AUTO_TEST_CASE(strict_rejections) {
  // With parts() in lenient mode.
  const rejection_read_as cases[] = {
      {"file:/x", 5, no_slashes, "- [/x] [/x]"},
      {"file://localhost", 16,
       "fileurl: \"/\" fpath expected after the host (fileurl = \"file://\" [ host | "
       "\"localhost\" ] \"/\" fpath, RFC 1738 5)",
       "[localhost] [/] [/]"},
      {"file://h.dom#x", 12,
       "fileurl: \"/\" fpath expected after the host (fileurl = \"file://\" [ host | "
       "\"localhost\" ] \"/\" fpath, RFC 1738 5)",
       "[h.dom] [/] -"},
      {"file://u:p@h/x", 7,
       "fileurl: no user name or password in a file URL (fileurl = \"file://\" [ host | "
       "\"localhost\" ] \"/\" fpath, RFC 1738 5)",
       "[h] [/x] -"},
      {"file://localhost:21/x", 16,
       "fileurl: no port in a file URL (fileurl = \"file://\" [ host | \"localhost\" ] \"/\" "
       "fpath, RFC 1738 5)",
       "[localhost] [/x] [/x]"},
      // Draft E.3 makes a port *digit where a production has one; fileurl
      // has none, so an empty port is refused like any other.
      {"file://h:/x", 8,
       "fileurl: no port in a file URL (fileurl = \"file://\" [ host | \"localhost\" ] \"/\" "
       "fpath, RFC 1738 5)",
       "[h] [/x] -"},
      {"file:///a;b", 9, "file fsegment: ';' must be escaped as %3B (RFC 1738 5)",
       "[] [/a;b] [/a;b]"},
  };
  check_strict_rejections(parser, cases, [](const auto& c, const auto&, const auto&) {
    BOOST_TEST(parts(c.url) == c.lenient);
  });
}

// No absolute path at all: nothing to name on any machine, in either mode.
BOOST_AUTO_TEST_CASE(errors_in_both_modes) {
  for (auto m : {mode::lenient, mode::strict}) {
    for (const char* url : {"file:bio.txt", "file:", "file:#x", "file:?x"}) {
      BOOST_TEST_CONTEXT(url) {
        auto f = parse_file(url, opts(m));
        BOOST_REQUIRE(!f);
        BOOST_TEST(f.error().offset == 5u);
        BOOST_TEST(f.error().message() ==
                   "fileurl: \"//\" or \"/\" expected: a file URL names an absolute path (fileurl "
                   "= \"file://\" [ host | \"localhost\" ] \"/\" fpath, RFC 1738 3.10)");
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(not_file) {
  check_wrong_scheme(parser, "ftp://h/x", "fileurl", "fileurl: the scheme must be \"file\"");
  BOOST_TEST(!parse_file("/etc/motd").has_value());
}

BOOST_AUTO_TEST_CASE(string_view_overload) {
  const std::string s = "file://localhost/etc/motd";
  const auto [a, b] = parse_both_ways(parser, s);
  BOOST_TEST(a.encoded_fpath().data() == s.data() + 17);  // a view into the input
  BOOST_TEST(a.encoded_fpath() == b.encoded_fpath());
  BOOST_TEST(!parse_file("file:///a|b", opts(mode::strict)));
  BOOST_TEST(parse_file("file:///a|b")->fpath() == "a|b");
}

// The decoded values the CLI's scheme_data shows; the registry's check
// refuses what strict parse_file refuses, at the same offset.
BOOST_AUTO_TEST_CASE(view_values) {
  const auto& reg = scheme_registry::standard();
  struct c_ {
    const char* url;
    std::optional<std::string> host;
    const char* path;
  };
  const c_ cases[] = {
      {"file:///x", "", "/x"},
      {"file:/home/fred/bio.txt", std::nullopt, "/home/fred/bio.txt"},
      {"file://localhost/etc/motd", "localhost", "/etc/motd"},
      {"FILE://Host.Dom/a%20b/c%2Fd?e", "Host.Dom", "/a b/c/d?e"},
      {"file://localhost", "localhost", "/"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.url) {
      auto d = viewed(parser, c.url);
      BOOST_TEST(bracketed(d.url().has_host(), d.host()) == bracketed(c.host));
      BOOST_TEST("/" + d.fpath().to_string() == c.path);  // as scheme_data writes it
    }
  }
  auto u = parse_absolute("file:/x");
  auto d = reg.check(*u, opts(mode::strict));
  BOOST_REQUIRE(!d);
  BOOST_TEST(d.error().offset == 5u);
}

BOOST_AUTO_TEST_SUITE_END()
