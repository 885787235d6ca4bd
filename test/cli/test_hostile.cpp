// Hostile input on stdin: a 64 MB line, and a batch that mixes good lines,
// NULs, invalid UTF-8, an empty line, a 64 MB line and megabytes of
// delimiters.  Each command answers every line, in order, with a result or a
// clear error, goes on with the next line, reports the failures in its exit
// status and never crashes; and its peak memory (the child's ru_maxrss) stays
// within a bound that is a small multiple of the longest line.
//
// The time bounds (Boost.Test timeouts): a release build pipes and answers
// 64 MB in well under a second; AddressSanitizer on a loaded 2-core machine is
// about ten times slower, ThreadSanitizer about twenty (each test here took
// 100 to 130 s), and each timeout leaves room for that.  A CLI that
// went quadratic on a 64 MB line would need hours.
//
// The memory bounds.  A line is held whole (the commands read one URL per
// line, batch.hpp): the reader's buffer grows by doubling to hold it, and the
// answer to it is built in memory before it is written.  So the bound is the
// longest line times a factor that covers the line and the answer, plus a
// constant for the program itself.  validate and resolve answer a long line
// with about the line (the report echoes it, or the resolved URL), so 4: the
// line, the answer, and the copy each makes of itself as a string doubles.
// parse answers a valid line with JSON that holds it four times (the input,
// the path, the path again in scheme_data, and the endpoint's target), and
// holds the endpoint itself meanwhile, so 10: the line and the reader's
// buffer as it doubles, the answer, the endpoint, and the copies two
// threads' buffers make as they grow (--jobs 2 measured 8.8).  A line parse
// refuses is answered with its input and an error: 7 is the bound there.
// Under AddressSanitizer, freed memory is kept in quarantine (256 MB by
// default) and the shadow memory adds an eighth: the bound gets that much more.
// Under ThreadSanitizer, each byte the program touches has four of shadow:
// every peak here was 4.9 to 5.0 times that of the release build, so the
// bound is 5 times the program's, plus 256 MB for the runtime itself.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"
#include "sanitizer.hpp"

using namespace cli_test;

namespace {

// 64 MB; 16 MB under ThreadSanitizer, whose pass looks for races between the
// batch driver's threads (a line 64 times its 256 KiB reads is as long a
// line to them) and took four minutes over the 64 MB ones.
constexpr std::size_t big_size = built_with == sanitizer::thread ? 16 * mib : 64 * mib;

// The peak memory a run may take, in KiB: `factor` times the longest line
// plus 64 MiB for the program, its threads' stacks and its output buffers;
// under AddressSanitizer, the quarantine and a shadow of an eighth on top;
// under ThreadSanitizer, the shadow of four times and the runtime's own.
long rss_bound_kib(std::size_t longest_line, double factor) {
  double bytes = factor * static_cast<double>(longest_line) + 64.0 * mib;
  return sanitized_kib(bytes);
}

// A 64 MB URL that is valid, and one that is not: a space at its very end.
std::string big_valid() {
  return "http://a/" + std::string(big_size, 'x');
}
std::string big_invalid() {
  return "http://a/" + std::string(big_size, 'x') + " y";
}

std::vector<std::string> jobs_args(std::vector<std::string> args, int jobs) {
  args.push_back("--jobs");
  args.push_back(std::to_string(jobs));
  args.push_back("--no-progress");
  return args;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hostile)

// A 64 MB line between two ordinary ones, through parse, validate and
// resolve, on one thread and on two.
BOOST_AUTO_TEST_CASE(sixty_four_megabyte_line, *boost::unit_test::timeout(300)) {
  const std::string bad = big_invalid();
  const std::string in = "http://a/first\n" + bad + "\nhttp://a/last\n";
  const std::size_t bad_at = bad.size() - 2;  // the space
  std::string outputs[3];
  for (int jobs : {1, 2}) {
    BOOST_TEST_CONTEXT("--jobs " << jobs) {
      // parse: three JSON objects; the long one says where and why.
      run_result p = run_measured(jobs_args({"parse"}, jobs), in);
      outputs[jobs] = p.out;
      BOOST_TEST(p.status == 1);
      BOOST_TEST(p.err == "");
      auto l = lines(p.out);
      BOOST_TEST_REQUIRE(l.size() == 3u);
      BOOST_TEST(str(json_line(l[0]), "path") == "first");
      auto o = json_line(l[1]);
      BOOST_TEST(!o.at("ok").as_bool());
      BOOST_TEST(str(o, "input").size() == bad.size());
      const auto& e = o.at("error").as_object();
      BOOST_TEST(e.at("offset").as_int64() == static_cast<std::int64_t>(bad_at));
      BOOST_TEST(str(e, "message") == "path: space is not allowed in a URL (escape it as %20)");
      BOOST_TEST(str(json_line(l[2]), "path") == "last");
      // Parse's answer echoes the line: the line, the reader's spare half,
      // the answer and its copy into the output buffer.
      BOOST_TEST(p.max_rss_kib < rss_bound_kib(bad.size(), 7),
                 "parse peak " << p.max_rss_kib << " KiB");

      // validate: one report, for the long line, with its offset.
      run_result v = run_measured(jobs_args({"validate"}, jobs), in);
      BOOST_TEST(v.status == 1);
      auto vl = lines(v.out);
      BOOST_TEST_REQUIRE(vl.size() == 1u);
      const std::string tail = ":" + std::to_string(bad_at) +
                               ": error: path: space is not allowed in a URL (escape it as %20)";
      BOOST_TEST(vl[0].size() == bad.size() + tail.size());
      BOOST_TEST(std::string_view(vl[0]).substr(bad.size()) == tail);
      BOOST_TEST(v.max_rss_kib < rss_bound_kib(bad.size(), 4),
                 "validate peak " << v.max_rss_kib << " KiB");

      // resolve: the two ordinary lines resolved, the long one reported.
      run_result r = run_measured(jobs_args({"resolve", "http://b/c/d"}, jobs), in);
      BOOST_TEST(r.status == 1);
      BOOST_TEST(r.out == "http://a/first\nhttp://a/last\n");
      auto rl = lines(r.err);
      BOOST_TEST_REQUIRE(rl.size() == 1u);
      BOOST_TEST(std::string_view(rl[0]).substr(bad.size()) ==
                 ":" + std::to_string(bad_at) +
                     ": error: path: space is not allowed in a URL (escape it as %20)");
      BOOST_TEST(r.max_rss_kib < rss_bound_kib(bad.size(), 4),
                 "resolve peak " << r.max_rss_kib << " KiB");
    }
  }
  // --jobs 2 gives --jobs 1's output byte for byte.  (The batch driver once
  // looked for a line end in all it held each time it had read 256 KiB more:
  // 256 scans of up to 64 MB.  How long each takes is no test's business on
  // a shared machine; the test of the long line is the bounded memory above.)
  BOOST_TEST(outputs[2] == outputs[1]);
}

// A batch of everything at once: one answer per line, in input order, exit
// status 1 for the lines that fail, never a crash; on one thread and on two.
BOOST_AUTO_TEST_CASE(mixed_hostile_batch, *boost::unit_test::timeout(300)) {
  struct line {
    std::string text;
    bool valid;              // lenient parse and the scheme's check accept it
    std::size_t error_at{};  // when not
  };
  const std::vector<line> batch = {
      {"http://a/good", true},
      {std::string("http://a/\0b", 11), false, 9},
      {"http://a/\xff\xfe", true},  // national octets: warnings in lenient mode
      {"", true},                   // the current document (draft 3)
      {std::string("\0", 1), false, 0},
      {"http://a/caf\xc3\xa9/\xc3", true},
      {big_valid(), true},
      {"http://a/;" + std::string(4 * mib, ';'), true},
      {"http://a/?" + std::string(4 * mib, '?'), true},
      {"x/" + std::string(4 * mib, '/'), true},
      {"http://a/" + std::string(mib, '%'), true},  // a bad escape each, kept (lenient)
      {"http://a/b c", false, 10},
      {"http://a/last", true},
  };
  std::string in;
  std::size_t failures = 0;
  for (const line& l : batch) {
    in += l.text;
    in += '\n';
    if (!l.valid) ++failures;
  }
  const std::string base = "http://b/c/d";

  for (int jobs : {1, 2}) {
    BOOST_TEST_CONTEXT("--jobs " << jobs) {
      run_result p = run_measured(jobs_args({"parse"}, jobs), in);
      BOOST_TEST(p.status == 1);
      BOOST_TEST(p.err == "");
      auto pl = lines(p.out);
      BOOST_TEST_REQUIRE(pl.size() == batch.size());
      for (std::size_t i = 0; i < batch.size(); ++i) {
        BOOST_TEST_CONTEXT("line " << i) {
          if (pl[i].size() > 16 * mib) {
            // Too big to read back as JSON quickly: its start and its verdict.
            BOOST_TEST(pl[i].rfind("{\"input\":\"", 0) == 0u);
            BOOST_TEST(pl[i].find("\"ok\":true") != std::string::npos);
            continue;
          }
          auto o = json_line(pl[i]);
          // Bytes that are not UTF-8 come back as \u00XX each (json_out.hpp).
          if (std::all_of(batch[i].text.begin(), batch[i].text.end(),
                          [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
            BOOST_TEST((str(o, "input") == batch[i].text));
          BOOST_TEST(o.at("ok").as_bool() == batch[i].valid);
          if (!batch[i].valid)
            BOOST_TEST(o.at("error").as_object().at("offset").as_int64() ==
                       static_cast<std::int64_t>(batch[i].error_at));
          // A warning for each of the million "%": the first 1000 are
          // listed, the others counted (else 100 bytes of output per byte).
          if (batch[i].text.size() == 9 + mib) {
            BOOST_TEST(o.at("warnings").as_array().size() == 1000u);
            BOOST_TEST(o.at("warnings_not_listed").as_int64() ==
                       static_cast<std::int64_t>(mib - 1000));
          }
        }
      }
      BOOST_TEST(p.max_rss_kib < rss_bound_kib(big_size, 10),
                 "parse peak " << p.max_rss_kib << " KiB");

      // validate: a report for each invalid line, in order, with its offset.
      run_result v = run_measured(jobs_args({"validate"}, jobs), in);
      BOOST_TEST(v.status == 1);
      auto vl = lines(v.out);
      BOOST_TEST_REQUIRE(vl.size() == failures);
      std::size_t k = 0;
      for (const line& l : batch) {
        if (l.valid) continue;
        const std::string head = l.text + ":" + std::to_string(l.error_at) + ": error: ";
        BOOST_TEST((vl[k].substr(0, head.size()) == head));
        ++k;
      }
      BOOST_TEST(v.max_rss_kib < rss_bound_kib(big_size, 4),
                 "validate peak " << v.max_rss_kib << " KiB");

      // resolve: a result for each good line on stdout, an error for each bad
      // one on stderr, both in input order.
      run_result r = run_measured(jobs_args({"resolve", base}, jobs), in);
      BOOST_TEST(r.status == 1);
      auto out = lines(r.out);
      auto err = lines(r.err);
      BOOST_TEST(out.size() == batch.size() - failures);
      BOOST_TEST_REQUIRE(err.size() == failures);
      BOOST_TEST(out.front() == "http://a/good");
      BOOST_TEST(out.back() == "http://a/last");
      BOOST_TEST(out[2] == base);  // the empty reference
      k = 0;
      for (const line& l : batch) {
        if (l.valid) continue;
        const std::string head = l.text + ":" + std::to_string(l.error_at) + ": error: ";
        BOOST_TEST((err[k].substr(0, head.size()) == head));
        ++k;
      }
      BOOST_TEST(r.max_rss_kib < rss_bound_kib(big_size, 4),
                 "resolve peak " << r.max_rss_kib << " KiB");
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
