// urlkit data (the body of a data: URL, or --encode) and urlkit parse's
// scheme_data for data: URLs, end to end.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"
#include "sanitizer.hpp"
#include "temp_file.hpp"

using namespace cli_test;

namespace {

std::string random_bytes(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> byte(0, 255);
  std::string s(n, '\0');
  for (char& c : s) c = static_cast<char>(byte(rng));
  return s;
}

// The URL `urlkit data --encode` prints for `bytes`, without its line end.
std::string encoded(const std::string& bytes, std::vector<std::string> flags = {}) {
  flags.insert(flags.begin(), {"data", "--encode"});
  run_result r = run(flags, bytes);
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err.empty());
  BOOST_TEST_REQUIRE(!r.out.empty());
  BOOST_TEST(r.out.back() == '\n');
  return r.out.substr(0, r.out.size() - 1);
}

// The URLs `data --encode` wrote before it streamed, built here on their own:
// RFC 2045 6.8's base64 with padding, and RFC 2397 2's percent-encoding of a
// body whose only bytes that are not urlchars are SPACE, LF and "%".
std::string base64_of(const std::string& bytes) {
  static constexpr char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < 3; ++k)
      v = v << 8 | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? alphabet[(v >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}
std::string percent_of_text(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == ' ')
      out += "%20";
    else if (c == '\n')
      out += "%0A";
    else if (c == '%')
      out += "%25";
    else
      out += c;
  }
  return out;
}

// The peak memory `data --encode` may take, in KiB, whatever the body's
// size: the program, its read buffer, the writer's chunk and the 1 MiB output
// block come to about 6 MiB; under AddressSanitizer its shadow and
// quarantine on top.  Holding the body, or the URL, takes more than this.
long encode_bound_kib() {
  return sanitized_kib(16.0 * mib);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(data_command)

BOOST_AUTO_TEST_CASE(writes_the_body_bytes_exactly) {
  run_result r = run({"data", "data:;base64,AP8A/w=="});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == std::string("\x00\xff\x00\xff", 4));
  BOOST_TEST(r.err.empty());

  r = run({"data", "data:text/plain;charset=iso-8859-7,%be%fg%00%FF"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == std::string("\xbe%fg\x00\xff", 6));
  BOOST_TEST(r.err.empty());  // warnings only with --warnings

  r = run({"data", "data:,A%20brief%20note#fragment"});
  BOOST_TEST(r.out == "A brief note");
  r = run({"data", "data:,"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.empty());
}

BOOST_AUTO_TEST_CASE(failures_exit_1_and_write_nothing) {
  for (const char* url :
       {"data://test:test/,X", "data:;base64,A", "data:text/plain", "http://h/,x"}) {
    run_result r = run({"data", url});
    BOOST_TEST(r.status == 1, url);
    BOOST_TEST(r.out.empty(), url);
    BOOST_TEST(r.err.rfind(std::string(url) + ":", 0) == 0, url << ": " << r.err);
    BOOST_TEST(r.err.find(": error: ") != std::string::npos, url << ": " << r.err);
  }
  run_result r = run({"data", "data://test:test/,X"});
  BOOST_TEST(r.err == "data://test:test/,X:12: error: port must be digits\n");
  // Strict mode: RFC 2397's grammar, with the offset and the production.
  r = run({"data", "--strict", "data:text,X"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.rfind("data:text,X:9: error: data type: ", 0) == 0, r.err);
  // RFC 2397 6: a refused type.
  r = run({"data", "--refuse", "image/*", "--refuse", "text/html", "data:image/gif,GIF"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out.empty());
  BOOST_TEST(run({"data", "--refuse", "image/*", "data:,x"}).out == "x");
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_2) {
  BOOST_TEST(run({"data"}).status == 2);
  BOOST_TEST(run({"data", "--type", "text/plain", "data:,x"}).status == 2);
  BOOST_TEST(run({"data", "--encode", "data:,x"}).status == 2);
  BOOST_TEST(run({"data", "--file", "f", "data:,x"}).status == 2);
  BOOST_TEST(run({"data", "--base64"}, "x").status == 2);  // only with --encode
  BOOST_TEST(run({"data", "--percent", "data:,x"}).status == 2);
  BOOST_TEST(run({"data", "--encode", "--base64", "--percent"}, "x").status == 2);
}

BOOST_AUTO_TEST_CASE(warnings_on_request) {
  run_result r = run({"data", "-w", "data:text/plain ,X"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "X");
  BOOST_TEST(r.err.find("data:text/plain ,X:15: warning: ") != std::string::npos, r.err);
}

// --type is read with RFC 2045's grammar: what data --strict would refuse is
// refused, with exit 1 and the offset in the value.
BOOST_AUTO_TEST_CASE(encode_refuses_a_type_that_does_not_fit) {
  struct row {
    const char* type;
    const char* offset;
  };
  for (const row& t : {row{"text", "4"}, row{"text/plain;base64", "10"}}) {
    run_result r = run({"data", "--encode", "--type", t.type}, "Hi");
    BOOST_TEST(r.status == 1, t.type);
    BOOST_TEST(r.out == "");
    BOOST_TEST(r.err.rfind(std::string(t.type) + ":" + t.offset + ": error: ", 0) == 0, r.err);
  }
  // What it writes, data --strict reads back.
  for (const char* type : {"text/plain", "Text/HTML; charset=\"utf-8\"", ";charset=x",
                           "application/x-a{b};q=\"a,b c\""}) {
    const std::string url = encoded("Hi there", {"--type", type});
    run_result r = run({"data", "--strict", url});
    BOOST_TEST(r.status == 0, type << " " << url << " " << r.err);
    BOOST_TEST(r.out == "Hi there");
  }
}

BOOST_AUTO_TEST_CASE(encode_round_trips) {
  const std::string binary = random_bytes(3000, 1);  // NUL, 0xFF and all the rest
  const std::string url = encoded(binary);
  BOOST_TEST(url.rfind("data:;base64,", 0) == 0u);
  BOOST_TEST(run({"data", url}).out == binary);

  const std::string text = "A brief note, 100% \"plain\" text\n";
  const std::string turl = encoded(text, {"--type", "text/plain;charset=utf-8"});
  BOOST_TEST(turl ==
             "data:text/plain;charset=utf-8,A%20brief%20note,%20100%25%20%22plain%22%20text%0A");
  BOOST_TEST(run({"data", turl}).out == text);

  // Through stdin, the line end included (a URL parser removes LF).
  BOOST_TEST(run({"data", "-"}, url + "\n").out == binary);
  BOOST_TEST(encoded("").size() == 6u);  // "data:,"
}

// A --file that cannot be read, a directory or a missing file, is named,
// with why.
BOOST_AUTO_TEST_CASE(unreadable_files_are_named) {
  const temp_file f("data:,x");
  const std::string missing = f.dir() + "/missing.txt";
  run_result r = run({"data", "--file", f.dir()});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "urlkit: cannot read " + f.dir() + ": Is a directory\n");
  r = run({"data", "--file", missing});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "urlkit: cannot read " + missing + ": No such file or directory\n");
}

// --encode streams: a 64 MiB body becomes the URL it became when it was held
// whole, byte for byte, in memory that does not grow with it.  From a pipe
// (the shorter encoding is known at the end: the bytes are read again from a
// temporary copy), from a file (read twice), and with --base64 (read once).
BOOST_AUTO_TEST_CASE(encode_streams_in_bounded_memory, *boost::unit_test::timeout(600)) {
  const std::string binary = random_bytes(64 * mib, 3);
  const std::string expected = "data:application/octet-stream;base64," + base64_of(binary) + "\n";
  const temp_file file(binary);
  const std::vector<std::vector<std::string>> runs = {
      {"data", "--encode", "--type", "application/octet-stream"},
      {"data", "--encode", "--type", "application/octet-stream", "--file", file.path()},
      {"data", "--encode", "--type", "application/octet-stream", "--base64"},
  };
  for (const auto& args : runs) {
    BOOST_TEST_CONTEXT(args.size() << " arguments, the last " << args.back()) {
      const bool from_file = args.size() == 6;
      run_result r = run_measured(args, from_file ? std::string() : binary);
      BOOST_TEST(r.status == 0);
      BOOST_TEST(r.err.empty(), r.err);
      BOOST_TEST(r.out.size() == expected.size());
      BOOST_TEST((r.out == expected));
      BOOST_TEST(r.max_rss_kib < encode_bound_kib(), "peak " << r.max_rss_kib << " KiB");
    }
  }

  // Text: percent-encoded, the shorter, or asked for.
  std::mt19937 rng(4);
  const std::string_view alphabet = "abcdefghijklmnopqrstuvwxyz0123456789/?:@&=+$,-_.!~*'() \n%";
  std::string text(16 * mib, 'x');
  for (char& c : text) c = alphabet[rng() % alphabet.size()];
  const std::string turl = "data:text/plain;charset=utf-8," + percent_of_text(text) + "\n";
  for (const char* how : {"--type", "--percent"}) {
    std::vector<std::string> args = {"data", "--encode", "--type", "text/plain;charset=utf-8"};
    if (std::string_view(how) == "--percent") args.push_back(how);
    run_result r = run_measured(args, text);
    BOOST_TEST(r.status == 0, how);
    BOOST_TEST((r.out == turl), how);
    BOOST_TEST(r.max_rss_kib < encode_bound_kib(), how << ": peak " << r.max_rss_kib << " KiB");
  }
  // Forced the other way, each is still what it was asked for.
  run_result r = run({"data", "--encode", "--percent"}, std::string("\xff\x00", 2));
  BOOST_TEST(r.out == "data:,%FF%00\n");
  r = run({"data", "--encode", "--base64"}, "abc");
  BOOST_TEST(r.out == "data:;base64,YWJj\n");
  r = run({"data", "--encode", "--file", "no/such/file"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out.empty());
  BOOST_TEST(r.err == "urlkit: cannot read no/such/file: No such file or directory\n");
}

BOOST_AUTO_TEST_CASE(reads_a_url_from_stdin_or_a_file) {
  // Larger than one read: decoded as it is read.
  const std::string bytes = random_bytes(1 << 20, 2);
  const std::string url = encoded(bytes, {"--type", "application/octet-stream"});
  run_result r = run({"data", "-"}, url);
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == bytes);
  BOOST_TEST(r.err.empty());

  const std::string path = "urlkit_test_data_url.txt";
  {
    std::ofstream f(path, std::ios::binary);
    f << "  " << url << "\r\n";
  }
  r = run({"data", "--file", path});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == bytes);
  std::remove(path.c_str());

  r = run({"data", "--file", "no/such/file"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "urlkit: cannot read no/such/file: No such file or directory\n");
  r = run({"data", "-"}, "data://test:test/,X");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "-:12: error: port must be digits\n");
}

BOOST_AUTO_TEST_CASE(parse_gives_scheme_data) {
  run_result r = run({"parse", "data:text/plain ,X"});
  BOOST_TEST(r.status == 0);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 1u);
  BOOST_TEST(r.out.find("\"scheme_data\":{\"media_type\":\"text/plain\",\"type\":\"text\","
                        "\"subtype\":\"plain\",\"parameters\":[],\"base64\":false,"
                        "\"body_base64\":\"WA==\"}") != std::string::npos,
             r.out);
  auto o = json_line(l[0]);
  BOOST_TEST(o.at("ok").as_bool());
  BOOST_TEST(!o.at("warnings").as_array().empty());

  r = run({"parse", " DATA:;Charset=x;base64,AP8= "});
  BOOST_TEST(r.status == 0);
  o = json_line(lines(r.out).at(0));
  BOOST_TEST(str(o, "input") == " DATA:;Charset=x;base64,AP8= ");
  const auto& d = o.at("scheme_data").as_object();
  BOOST_TEST(keys(d) == (std::vector<std::string>{"media_type", "type", "subtype", "parameters",
                                                  "base64", "body_base64"}),
             boost::test_tools::per_element());
  BOOST_TEST(str(d, "media_type") == "text/plain;charset=x");
  const auto& p = d.at("parameters").as_array();
  BOOST_TEST_REQUIRE(p.size() == 1u);
  BOOST_TEST(p[0].as_array()[0].as_string() == "charset");
  BOOST_TEST(p[0].as_array()[1].as_string() == "x");
  BOOST_TEST(d.at("base64").as_bool());
  BOOST_TEST(str(d, "body_base64") == "AP8=");

  // The default type, spelt out.
  o = json_line(lines(run({"parse", "data:,x"}).out).at(0));
  BOOST_TEST(str(o.at("scheme_data").as_object(), "media_type") == "text/plain;charset=US-ASCII");

  // Failures, with offsets in the input as given.
  r = run({"parse", "  data://test:test/,X"});
  BOOST_TEST(r.status == 1);
  o = json_line(lines(r.out).at(0));
  BOOST_TEST(!o.at("ok").as_bool());
  BOOST_TEST(o.at("error").as_object().at("offset").as_int64() == 14);
  // A URL-reference that RFC 2397's grammar refuses: its scheme_error.
  r = run({"parse", "--strict", "data:text,X"});
  BOOST_TEST(r.status == 0);
  o = json_line(lines(r.out).at(0));
  BOOST_TEST(o.at("ok").as_bool());
  BOOST_TEST(o.at("scheme_data").is_null());
  BOOST_TEST(o.at("scheme_error").as_object().at("offset").as_int64() == 9);
  BOOST_TEST(
      std::string(o.at("scheme_error").as_object().at("message").as_string()).find("data type") ==
      0u);
  // Spaces are data only in data: URLs.
  BOOST_TEST(run({"parse", "http://h/a b"}).status == 1);
}

BOOST_AUTO_TEST_SUITE_END()
