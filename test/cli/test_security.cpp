// Passwords in the reports of the command-line tool (RFC 1738 6: "The use of
// URLs containing passwords that should be secret is clearly unwise";
// docs/security.md).  Every command echoes an input URL, valid or not, with
// its password replaced by "***" (unless --show-password), so that its
// reports can be pasted into a bug report; an offset printed beside the echo
// points into it.  `urlkit parse` of a valid URL still prints the password
// component, which is what was asked for.
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"

using namespace cli_test;

namespace {

bool leaks(const std::string& s) {
  return s.find("s3cr3t") != std::string::npos || s.find("Pw9z") != std::string::npos;
}

// Inputs that fail, each with a password holding both markers.
const char* const failing[] = {
    "ftp://user:s3cr3tPw9z@host.example:99999/f",    // error after the password (scheme)
    "ftp://user:s3cr3tPw9z@host.example:x/f",        // error after the password (generic)
    "ftp://user:s3cr3tPw9z@host.example/a%0Db",      // encoded CR in the path
    "ftp://user:s3cr3t%0D%0APw9z@host.example/",     // encoded CR in the password
    "ftp://user:s3cr3t Pw9z@host.example/",          // a space in the password
    "ftp://user:s3cr3t/Pw9z@host.example/",          // a "/" in the password
    "telnet://user:s3cr3t%0APw9z@host.example/",     // telnet login
    "http://user:s3cr3tPw9z@host.example:70000/",    // no user in http, no such port
    "gopher://user:s3cr3tPw9z@host.example/1a%0Db",  // user refused, then the selector
    "//user:s3cr3tPw9z@host.example:y/rel",          // a relative reference
};

}  // namespace

BOOST_AUTO_TEST_SUITE(security)

BOOST_AUTO_TEST_CASE(parse_masks_the_password_in_error_reports) {
  for (const char* url : failing) {
    for (const char* mode : {"--strict", ""}) {
      std::vector<std::string> args{"parse", url};
      if (*mode) args.insert(args.begin() + 1, mode);
      run_result r = run(args);
      BOOST_TEST_INFO(url);
      BOOST_TEST(!leaks(r.err), r.err);
      const auto o = json_line(lines(r.out).at(0));
      if (o.at("ok").as_bool()) {
        // A URL-reference its scheme refuses: the components are what was
        // asked for (the password among them), the scheme's error does not
        // quote the password.
        BOOST_TEST(r.status == 0);
        BOOST_TEST(!leaks(std::string(o.at("scheme_error").as_object().at("message").as_string())));
        continue;
      }
      BOOST_TEST(r.status == 1);
      BOOST_TEST(!leaks(r.out), r.out);
      BOOST_TEST(str(o, "input").find(":***@") != std::string::npos, str(o, "input"));
    }
  }
  // "offset" stays the one in the input as given; "shown_offset" is the one
  // in the "input" beside it.
  const auto o = json_line(lines(run({"parse", "ftp://u:s3cr3tPw9z@h:9x/"}).out).at(0));
  BOOST_TEST(str(o, "input") == "ftp://u:***@h:9x/");
  BOOST_TEST(o.at("error").as_object().at("offset").as_int64() == 22);
  BOOST_TEST(o.at("error").as_object().at("shown_offset").as_int64() == 15);
}

// A valid URL is echoed masked too; its password is a component like any
// other (`parse` was asked for the components), and its warnings do not
// quote it.
BOOST_AUTO_TEST_CASE(parse_of_a_valid_url_masks_the_input_not_the_components) {
  run_result r = run({"parse", "ftp://user:s3cr3t|Pw9z@host.example/"});
  BOOST_TEST(r.status == 0);
  const auto o = json_line(lines(r.out).at(0));
  BOOST_TEST(str(o, "input") == "ftp://user:***@host.example/");
  BOOST_TEST(str(o, "password") == "s3cr3t|Pw9z");
  const auto& w = o.at("warnings").as_array();
  BOOST_TEST_REQUIRE(w.size() >= 1u);
  for (const auto& x : w) {
    const std::string m(x.as_object().at("message").as_string());
    BOOST_TEST(!leaks(m), m);
    BOOST_TEST(m.find('|') == std::string::npos, m);
    // The '|' is byte 17 of the input; in the input shown, the "***" (11).
    BOOST_TEST(x.as_object().at("offset").as_int64() == 17);
    BOOST_TEST(x.as_object().at("shown_offset").as_int64() == 11);
  }
  // An empty password is hidden as well.
  BOOST_TEST(str(json_line(run({"parse", "ftp://u:@h/"}).out), "input") == "ftp://u:***@h/");
}

// The issue's example: an offset printed beside a text points into that
// text, in JSON ("shown_offset") and in the INPUT:OFFSET: line.
BOOST_AUTO_TEST_CASE(offsets_point_into_the_text_shown) {
  const std::string url = "http://u:secret@h:8o/";
  const std::string shown = "http://u:***@h:8o/";
  run_result r = run({"parse", url});
  BOOST_TEST(r.status == 1);
  auto o = json_line(lines(r.out).at(0));
  BOOST_TEST(str(o, "input") == shown);
  const auto& e = o.at("error").as_object();
  BOOST_TEST(e.at("offset").as_int64() == 19);
  BOOST_TEST(e.at("shown_offset").as_int64() == 16);
  BOOST_TEST(shown[16] == 'o');

  r = run({"validate", url});
  BOOST_TEST(r.out == shown + ":16: error: port must be digits\n");
  r = run({"validate"}, url + "\n");  // the same from stdin
  BOOST_TEST(r.out == shown + ":16: error: port must be digits\n");
  r = run({"resolve", "http://a/", url});
  BOOST_TEST(r.err == shown + ":16: error: port must be digits\n");
  r = run({"relative", "http://a/", url});
  BOOST_TEST(r.err == shown + ":16: error: port must be digits\n");
  r = run({"relative", url, "http://a/"});
  BOOST_TEST(r.err == shown + ":16: error: bad base URL: port must be digits\n");
  r = run({"resolve", url, "a"});
  BOOST_TEST(r.err == shown + ":16: error: bad base URL: port must be digits\n");
  r = run({"base", "--content-base", url});
  BOOST_TEST(r.err == shown + ":16: error: Content-Base: port must be digits\n");
  r = run({"mime", "encode", url});
  BOOST_TEST(r.err.rfind(shown + ":16: error:", 0) == 0u, r.err);

  // A warning: the scheme commands name a valid URL, masked.
  r = run({"ftp-plan", "ftp://u:secret@h/a|b"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err ==
             "ftp://u:***@h/a|b:15: warning: unwise character '|' in path (should be "
             "escaped as %7C)\n");
  r = run({"gopher-line", "gopher://u:secret@h/0a|b"});
  BOOST_TEST(r.err.find("gopher://u:***@h/0a|b:") == 0u, r.err);
  // parse lists it at both offsets.
  o = json_line(lines(run({"parse", "ftp://u:secret@h/a|b"}).out).at(0));
  const auto& w = o.at("warnings").as_array().at(0).as_object();
  BOOST_TEST(w.at("offset").as_int64() == 18);
  BOOST_TEST(w.at("shown_offset").as_int64() == 15);
  BOOST_TEST(str(o, "input")[15] == '|');
}

// --show-password echoes inputs as given, on every command that echoes URLs;
// the offsets are then the input's.
BOOST_AUTO_TEST_CASE(show_password_echoes_as_given) {
  const std::string url = "http://u:secret@h:8o/";
  auto o = json_line(lines(run({"parse", "--show-password", url}).out).at(0));
  BOOST_TEST(str(o, "input") == url);
  BOOST_TEST(o.at("error").as_object().at("shown_offset").as_int64() == 19);
  o = json_line(lines(run({"parse", "--show-password", "ftp://u:pw@h/"}).out).at(0));
  BOOST_TEST(str(o, "input") == "ftp://u:pw@h/");
  BOOST_TEST(run({"validate", "--show-password", url}).out ==
             url + ":19: error: port must be digits\n");
  BOOST_TEST(run({"resolve", "--show-password", "http://a/", url}).err ==
             url + ":19: error: port must be digits\n");
  BOOST_TEST(run({"relative", "--show-password", "http://a/", url}).err ==
             url + ":19: error: port must be digits\n");
  BOOST_TEST(run({"base", "--show-password", "--content-base", url}).err ==
             url + ":19: error: Content-Base: port must be digits\n");
  BOOST_TEST(run({"mime", "encode", "--show-password", url}).err.rfind(url + ":19:", 0) == 0u);
  BOOST_TEST(run({"ftp-plan", "--show-password", "ftp://u:secret@h/a|b"})
                 .err.rfind("ftp://u:secret@h/a|b:18: warning:", 0) == 0u);
}

// Text that holds a URL (a MIME field, a header, a data: URL) is echoed with
// that URL's password hidden, the offset moved with it.
BOOST_AUTO_TEST_CASE(urls_inside_fields_are_masked) {
  run_result r = run({"mime", "header",
                      "message/external-body; access-type=URL; URL=\"ftp://u:s3cr3tPw9z@h:x/\""});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(!leaks(r.err), r.err);
  BOOST_TEST(r.err ==
             "message/external-body; access-type=URL; URL=\"ftp://u:***@h:x/\":59: error: port "
             "must be digits\n");
  r = run({"mime", "decode", "\"ftp://u:s3cr3t Pw9z@h:x/\""});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(!leaks(r.err), r.err);
  BOOST_TEST(r.err.rfind("\"ftp://u:***@h:x/\":15: error:", 0) == 0u, r.err);
  r = run({"base", "--header", "Content-Base ftp://u:s3cr3tPw9z@h/"});
  BOOST_TEST(r.status == 2);
  BOOST_TEST(!leaks(r.err), r.err);
  // A data: URL given as an argument, cut short when long, but never before
  // the byte a message is about.
  const std::string long_url = "data:text/plain;charset=" + std::string(80, 'a') + ",%zz";
  r = run({"data", "--warnings", long_url});
  BOOST_TEST(r.status == 0);
  const std::string at = std::to_string(long_url.size() - 3);
  BOOST_TEST(
      r.err.rfind(long_url.substr(0, long_url.size() - 2) + "...:" + at + ": warning:", 0) == 0u,
      r.err);
  r = run({"data", "--warnings", "data:,a%zz" + std::string(80, 'b')});
  BOOST_TEST(r.err.rfind("data:,a%zz" + std::string(50, 'b') + "...:7: warning:", 0) == 0u, r.err);
}

BOOST_AUTO_TEST_CASE(validate_masks_the_password) {
  for (const char* url : failing) {
    run_result r = run({"validate", "--strict", url});
    BOOST_TEST(r.status == 1, url);
    BOOST_TEST(!leaks(r.out), r.out);
    BOOST_TEST(r.out.find(":***@") != std::string::npos, r.out);
  }
  run_result r = run({"validate", "ftp://u:s3cr3tPw9z@h:x/"});
  BOOST_TEST(r.out == "ftp://u:***@h:x/:14: error: port must be digits\n");
  // On a terminal the caret goes under the byte in the text shown.
  r = run_on_terminal({"validate", "ftp://u:s3cr3tPw9z@h:x/"});
  BOOST_TEST(r.out ==
             "ftp://u:***@h:x/:14: error: port must be digits\n"
             "ftp://u:***@h:x/\n"
             "              ^\n");
  // An error in the password itself points at the "***".
  r = run_on_terminal({"validate", "--strict", "ftp://u:s3cr3t|Pw9z@h/"});
  BOOST_TEST(!leaks(r.out), r.out);
  BOOST_TEST(r.out.find("ftp://u:***@h/\n        ^\n") != std::string::npos, r.out);
}

BOOST_AUTO_TEST_CASE(resolve_relative_and_scheme_commands_mask_the_password) {
  run_result r = run({"resolve", "http://a/b", "//u:s3cr3tPw9z@h:x/"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(!leaks(r.err), r.err);
  BOOST_TEST(r.err.find("//u:***@h:x/:10: error:") == 0u, r.err);
  r = run({"resolve", "ftp://u:s3cr3tPw9z@h:x/", "a"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(!leaks(r.err), r.err);
  r = run({"relative", "ftp://u:s3cr3tPw9z@h:x/", "http://a/"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(!leaks(r.err), r.err);
  r = run({"relative", "http://a/", "ftp://u:s3cr3tPw9z@h:x/"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(!leaks(r.err), r.err);
  BOOST_TEST(r.err.find("ftp://u:***@h:x/:14: error:") == 0u, r.err);
  // ftp-plan: the error and the lenient warnings name the URL masked; the
  // plan itself has no USER or PASS line.
  r = run({"ftp-plan", "ftp://u:s3cr3t%0DPw9z@h/f"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(!leaks(r.err), r.err);
  // An error in the password points at the "***".
  BOOST_TEST(r.err.find("ftp://u:***@h/f:8: error:") == 0u, r.err);
  r = run({"ftp-plan", "ftp://u:s3cr3t|Pw9z@h/~f"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "RETR ~f\n");
  BOOST_TEST(!r.err.empty());
  BOOST_TEST(!leaks(r.err), r.err);
  r = run({"gopher-line", "gopher://u:s3cr3tPw9z@h/1a%0Db"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(!leaks(r.err), r.err);
}

// The same from stdin, through the batch driver (--jobs 2).
BOOST_AUTO_TEST_CASE(batches_mask_the_password) {
  std::string in;
  for (const char* url : failing) in += std::string(url) + "\n";
  for (const char* cmd : {"parse", "validate"}) {
    run_result r = run({cmd, "--jobs", "2"}, in);
    BOOST_TEST(r.status == 1, cmd);
    BOOST_TEST(!leaks(r.err), r.err);
    // parse lists the components of the URL-references among them (a
    // scheme's refusal is its "scheme_error"); every failure object masks.
    for (const auto& line : lines(r.out))
      if (line.find("\"ok\":true") == std::string::npos) BOOST_TEST(!leaks(line), line);
  }
  run_result r = run({"resolve", "--jobs", "2", "http://a/b"}, in);
  BOOST_TEST(r.status == 1);
  BOOST_TEST(!leaks(r.err), r.err);
}

BOOST_AUTO_TEST_SUITE_END()
