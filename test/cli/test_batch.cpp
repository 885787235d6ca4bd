// Batch runs at scale: --jobs N gives the output of --jobs 1 byte for byte
// (resolve, extract, parse, validate);
// the streaming contract (input split at record boundaries, each part run on
// its own, the outputs concatenated, is one run over the whole: what
// docs/scaling.md relies on to run urlkit on Hadoop Streaming or Spark); and
// the progress bar, shown on a terminal only.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"
#include "sanitizer.hpp"
#include "temp_file.hpp"

using namespace cli_test;

namespace {

const std::string base = "http://a/b/c/d;p?q";

// Where two outputs first differ, with some context, rather than megabytes
// of both.
boost::test_tools::predicate_result same(const std::string& got, const std::string& want) {
  if (got == want) return true;
  const std::size_t at = static_cast<std::size_t>(
      std::mismatch(got.begin(), got.begin() + std::min(got.size(), want.size()), want.begin())
          .first -
      got.begin());
  const std::size_t from = at > 80 ? at - 80 : 0;
  boost::test_tools::predicate_result r(false);
  r.message() << "outputs of " << got.size() << " and " << want.size() << " bytes differ at byte "
              << at << ":\n got: " << got.substr(from, 160) << "\nwant: " << want.substr(from, 160);
  return r;
}

// ~`size` bytes of references, one per line: Appendix C's, longer ones, some
// with CRLF, and some that fail (so that stderr is compared too).
std::string references(std::size_t size, unsigned seed) {
  static const std::vector<std::string> refs = {"g:h",
                                                "g",
                                                "./g",
                                                "g/",
                                                "/g",
                                                "//g",
                                                "?y",
                                                "g?y",
                                                "#s",
                                                "g#s",
                                                "g?y#s",
                                                ";x",
                                                "g;x",
                                                "g;x?y#s",
                                                ".",
                                                "./",
                                                "..",
                                                "../",
                                                "../g",
                                                "../..",
                                                "../../",
                                                "../../g",
                                                "../../../g",
                                                "/./g",
                                                "/../g",
                                                "g.",
                                                ".g",
                                                "g..",
                                                "..g",
                                                "./../g",
                                                "./g/.",
                                                "g/./h",
                                                "g/../h",
                                                "g;x=1/./y",
                                                "g;x=1/../y",
                                                "g?y/./x",
                                                "g#s/../x",
                                                "http:g",
                                                "http:",
                                                "",
                                                "a b",
                                                "g<h",
                                                "http://host:8o/",
                                                "http://x.example/%zz",
                                                "\xC3\xA9t\xC3\xA9/\xE2\x82\xAC"};
  std::minstd_rand rng(seed);
  std::string in;
  in.reserve(size + 256);
  std::size_t n = 0;
  while (in.size() < size) {
    const std::string& r = refs[rng() % refs.size()];
    if (rng() % 3 == 0) {
      in += "seg" + std::to_string(n++) + "/" + r;
    } else {
      in += r;
    }
    in += rng() % 17 == 0 ? "\r\n" : "\n";
  }
  return in;
}

// ~`size` bytes of text holding URLs in every form, with what makes cutting
// it hard: wrappers and bare URLs across line breaks (the hyphen rule), "<"
// that opens no wrapper or one never closed, warnings (whose offsets must
// come out right), CRLF, and empty lines only every `paragraph` lines or so.
std::string text(std::size_t size, unsigned seed, unsigned paragraph) {
  static const std::vector<std::string> lines = {
      "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc; type=d> but you can",
      "probably pick it up from <ftp://ds.in",
      "      ternic.net/rfc%>.  Note the warning in <http://ds.internic.",
      "      net/instructions/overview%.html#WARNING>.",
      "see http://a.example/some-long-",
      "    name%.html and (ftp://b.example/c%).",
      "a < b and c > d, \"quoted\" http://q.example/%\"x\"",
      "an <unclosed tag spanning",
      "several lines of text http://x.example/p?q=%",
      "the end> of it <URL: http://y.example/{w}%",
      "   /z > and <URL:http://a.example/some-",
      "  thing%> with a warning",
      "mailto:someone%@example.org, news:comp.infosystems.www and telnet://h%.example/",
      "a CRLF line with https://c.example/%\r",
      "<b>http://a.example/b%</b> <a href=\"http://h.example/%\">",
      "non-ASCII: \xC2\xABhttp://\xC3\xA9.example/\xC3\xBC%\xC2\xBB, and gopher://g.example/1%",
      "http:// alone, the http: scheme, http://<host>:<port>/<path>",
      "a line ending with a dash -",
      "a bare URL cut after its dash http://d.example/%-",
      "<URL:file:///tmp/%",
      "  -name> and data:,A%20brief%20note%",
      "<%",
      "x\"y <wais://w.example/db%> ftp://f.example/%;type=a.",
  };
  std::minstd_rand rng(seed);
  std::string in;
  in.reserve(size + 256);
  unsigned n = 0;
  while (in.size() < size) {
    const std::string& l = lines[rng() % lines.size()];
    for (char c : l) {
      if (c == '%')
        in += std::to_string(n++);
      else
        in += c;
    }
    in += '\n';
    if (rng() % paragraph == 0) in += rng() % 2 ? "\n" : " \t\r\n";
  }
  return in;
}

// Cuts `in` into `k` parts, each ending just after a boundary found by
// `next` (the end of the boundary at or after a position, or npos).
template <class Next>
std::vector<std::string_view> split(std::string_view in, std::size_t k, Next next) {
  std::vector<std::string_view> parts;
  std::size_t begin = 0;
  for (std::size_t i = 1; i < k; ++i) {
    std::size_t at = next(in, std::max(begin, in.size() * i / k));
    if (at == std::string_view::npos) break;
    parts.push_back(in.substr(begin, at - begin));
    begin = at;
  }
  parts.push_back(in.substr(begin));
  return parts;
}

std::size_t after_line(std::string_view in, std::size_t from) {
  std::size_t lf = in.find('\n', from);
  return lf == std::string_view::npos ? lf : lf + 1;
}

// After an empty line where no "<URL:" wrapper is open: the last "<" before
// it does not start "<URL:" (any case), or a ">" or <"> ends that wrapper
// before the line, or the extractor gave it up (more than max_length bytes).
// An empty line inside "<URL:...>" is white space like any other.
std::size_t after_empty_line(std::string_view in, std::size_t from) {
  constexpr std::size_t max_length = std::size_t{1} << 20;
  for (;;) {
    const std::size_t lf = in.find("\n\n", from);
    if (lf == std::string_view::npos) return lf;
    const std::size_t lt = in.rfind('<', lf);
    bool open = lt != std::string_view::npos && lf - lt <= max_length + 1 &&
                in.find_first_of(">\"", lt) > lf && in.size() >= lt + 5;
    if (open) {
      for (std::size_t i = 0; i < 4; ++i) open = open && (in[lt + 1 + i] | 0x20) == "url:"[i];
    }
    if (!open) return lf + 2;
    from = lf + 1;
  }
}

// A JSON line of `urlkit extract --json` for text `by` bytes further into
// the input: its start, end and the "offset N" of its warnings moved.
std::string shifted(const std::string& line, std::uint64_t by) {
  boost::json::object o = json_line(line);
  o["start"] = o.at("start").to_number<std::uint64_t>() + by;
  o["end"] = o.at("end").to_number<std::uint64_t>() + by;
  for (boost::json::value& w : o.at("warnings").as_array())
    w.as_object()["offset"] = w.as_object().at("offset").to_number<std::uint64_t>() + by;
  return boost::json::serialize(o);
}

// The progress bar was drawn, and the last drawing was blanked out again
// ("\r", spaces, "\r") before the run ended.
boost::test_tools::predicate_result cleared(const std::string& err) {
  const std::size_t last = err.rfind("\rurlkit: ");
  if (last == std::string::npos) return {false};
  if (err.find(" \r", last) == std::string::npos) {
    boost::test_tools::predicate_result r(false);
    r.message() << "the bar is not cleared: " << err.substr(last, 200);
    return r;
  }
  return true;
}

// Runs `args` with --jobs 2, 4 and 7 and checks each against `one`, the
// run with --jobs 1.
void check_jobs(std::vector<std::string> args, const std::string& input, const run_result& one) {
  for (const char* jobs : {"2", "4", "7"}) {
    std::vector<std::string> a = args;
    a.insert(a.begin() + 1, {"--jobs", jobs});
    run_result r = run(a, input);
    BOOST_TEST_CONTEXT("--jobs " << jobs) {
      BOOST_TEST(r.status == one.status);
      BOOST_TEST(same(r.out, one.out));
      BOOST_TEST(same(r.err, one.err));
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(batch)

BOOST_AUTO_TEST_CASE(resolve_jobs_give_the_output_of_one) {
  const std::string in = references(batch_bytes(12u << 20), 1);
  run_result one = run({"resolve", base}, in);
  BOOST_TEST(one.status == 1);  // some references fail
  BOOST_TEST(one.out.size() > in.size() / 2);
  BOOST_TEST(one.err.find(": error: ") != std::string::npos);
  check_jobs({"resolve", base}, in, one);
}

BOOST_AUTO_TEST_CASE(resolve_streaming_contract) {
  const std::string in = references(batch_bytes(8u << 20), 2);
  run_result one = run({"resolve", base}, in);
  std::string out, err;
  for (std::string_view part : split(in, 5, after_line)) {
    run_result r = run({"resolve", "--jobs", "2", base}, std::string(part));
    out += r.out;
    err += r.err;
  }
  BOOST_TEST(same(out, one.out));
  BOOST_TEST(same(err, one.err));
}

BOOST_AUTO_TEST_CASE(resolve_jobs_small_and_odd_inputs) {
  for (const std::string in : {"", "\n", "g", "g\r", "g\n\n../h\r\n", "a b\n../g"}) {
    run_result one = run({"resolve", base}, in);
    for (const char* jobs : {"0", "3"}) {
      run_result r = run({"resolve", "--jobs", jobs, base}, in);
      BOOST_TEST(r.status == one.status);
      BOOST_TEST(r.out == one.out);
      BOOST_TEST(r.err == one.err);
    }
  }
  // References as arguments ignore --jobs.
  run_result r = run({"resolve", "--jobs", "4", base, "../g", "g?y"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "http://a/b/g\nhttp://a/b/c/g?y\n");
}

BOOST_AUTO_TEST_CASE(parse_and_validate_jobs_give_the_output_of_one) {
  // Absolute URLs with warnings, data: URLs, and invalid ones.
  std::string in;
  std::minstd_rand rng(13);
  for (std::size_t i = 0; in.size() < batch_bytes(6u << 20); ++i) {
    switch (rng() % 6) {
      case 0:
        in += "http://h" + std::to_string(i) + ".example/p?q#f\n";
        break;
      case 1:
        in += "ftp://u:pw@f.example/d/" + std::to_string(i) + ";type=a\r\n";
        break;
      case 2:
        in += "http://h.example/{w}/%zz/" + std::to_string(i) + "\n";
        break;
      case 3:
        in += " data:text/plain;base64,SGVsbG8=\n";
        break;
      case 4:
        in += "http://host:8o/" + std::to_string(i) + "\n";
        break;
      default:
        in += "mailto:a b@" + std::to_string(i) + "\n";
        break;
    }
  }
  for (const char* command : {"parse", "validate"}) {
    BOOST_TEST_CONTEXT(command) {
      run_result one = run({command}, in);
      BOOST_TEST(one.status == 1);
      BOOST_TEST(!one.out.empty());
      check_jobs({command}, in, one);
    }
  }
  run_result strict = run({"parse", "--strict"}, in);
  check_jobs({"parse", "--strict"}, in, strict);
}

BOOST_AUTO_TEST_CASE(extract_jobs_give_the_output_of_one) {
  // Empty lines rare: most cuts are at line ends that need the checks.
  const std::string in = text(batch_bytes(10u << 20), 3, 200);
  run_result one = run({"extract"}, in);
  BOOST_TEST(one.status == 0);
  BOOST_TEST(one.err == "");
  BOOST_TEST(lines(one.out).size() > batch_bytes(10u << 20) / 100);
  check_jobs({"extract"}, in, one);
}

BOOST_AUTO_TEST_CASE(extract_json_jobs_give_the_output_of_one) {
  // No empty line at all, from a file.
  const temp_file f(text(8u << 20, 4, 1u << 30));
  run_result one = run({"extract", "--json", f.path()});
  BOOST_TEST(one.status == 0);
  BOOST_TEST(one.out.find("line break after '-'") != std::string::npos);
  check_jobs({"extract", "--json", f.path()}, "", one);
}

BOOST_AUTO_TEST_CASE(extract_input_without_any_cut) {
  // Every line ends with "-", so a bare URL may go on at each line end and
  // no batch can be cut for 9 MiB: the stretch is scanned in order; then the
  // text becomes ordinary again.
  std::string in;
  for (unsigned i = 0; in.size() < (9u << 20); ++i)
    in += "word http://s.example/" + std::to_string(i) + "/a-\n";
  in += text(3u << 20, 5, 50);
  run_result one = run({"extract", "--json"}, in);
  BOOST_TEST(one.out.find("\"url\":\"http://s.example/7/a-word\"") != std::string::npos);
  check_jobs({"extract", "--json"}, in, one);
}

BOOST_AUTO_TEST_CASE(extract_wrapper_longer_than_max_length) {
  // A "<URL:" never closed, followed by 1.5 MiB of lines: the scanner gives
  // the wrapper up after 1 MiB, and the bare URLs in it are found again.
  std::string in = text(1u << 20, 6, 100) + "a <URL:http://long.example/\n";
  for (unsigned i = 0; in.size() < (5u << 19) + (1u << 20); ++i)
    in += "more text http://m.example/" + std::to_string(i) + " more\n";
  in += text(3u << 20, 7, 100);
  run_result one = run({"extract"}, in);
  BOOST_TEST(one.out.find("http://m.example/0\n") != std::string::npos);
  check_jobs({"extract"}, in, one);
}

BOOST_AUTO_TEST_CASE(extract_url_wrappers_holding_empty_lines) {
  // Empty lines inside "<URL:...>" (white space, RFC 1738 appendix) are no
  // place to cut: lines ending in "-" (the hyphen rule) leave the end of each
  // wrapper's last line as the only other place, so most batches would end
  // inside a wrapper if empty lines were taken for cuts.
  std::string in;
  const std::string tail(300, 'p');
  std::minstd_rand rng(14);
  for (unsigned i = 0; in.size() < batch_bytes(6u << 20); ++i) {
    if (rng() % 2) in += "a line with a dash -\n";
    in += "see <URL:http://w.example/" + std::to_string(i) + "/\n\n      " + tail + "> ok\n";
  }
  run_result one = run({"extract"}, in);
  BOOST_TEST(one.status == 0);
  BOOST_TEST(one.out.find("http://w.example/0/" + tail + "\n") == 0u);
  check_jobs({"extract"}, in, one);
}

BOOST_AUTO_TEST_CASE(extract_streaming_contract) {
  // Parts end at empty lines; each part's offsets count from its own start.
  const std::string in = text(batch_bytes(8u << 20), 8, 40);
  run_result one = run({"extract", "--json"}, in);
  std::vector<std::string> want = lines(one.out);
  std::vector<std::string> got;
  std::uint64_t offset = 0;
  const auto parts = split(in, 4, after_empty_line);
  BOOST_TEST(parts.size() == 4u);
  for (std::string_view part : parts) {
    run_result r = run({"extract", "--json", "--jobs", "2"}, std::string(part));
    BOOST_TEST(r.status == 0);
    for (const std::string& l : lines(r.out)) got.push_back(shifted(l, offset));
    offset += part.size();
  }
  BOOST_TEST_REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    const std::string w = boost::json::serialize(json_line(want[i]));
    if (got[i] != w) {
      BOOST_TEST(got[i] == w, "URL " << i);
      break;
    }
  }
}

BOOST_AUTO_TEST_CASE(progress_bar_on_a_terminal_only) {
  const std::string refs = references(6u << 20, 9);
  // Stderr a terminal, stdout a pipe: the bar is drawn, then cleared.
  run_result t = run_with_terminal_stderr({"resolve", base}, refs);
  BOOST_TEST(t.status == 1);
  BOOST_TEST(t.err.find("\rurlkit: ") != std::string::npos);
  BOOST_TEST(t.err.find(" MB/s") != std::string::npos);
  BOOST_TEST(cleared(t.err));
  // The failures are still reported, each on a line of its own: the bar is
  // blanked out ("\r", spaces, "\r") before each, never glued to one.
  std::size_t reports = 0;
  for (const std::string& l : lines(t.err)) {
    const std::size_t cr = l.rfind('\r');
    const std::string rest = cr == std::string::npos ? l : l.substr(cr + 1);
    if (rest.empty()) continue;  // the bar, blanked out at the end
    BOOST_TEST_REQUIRE(
        (rest.find(": error: ") != std::string::npos && rest.find("urlkit: ") == std::string::npos),
        "not an error report: " << rest);
    ++reports;
  }
  run_result rp = run({"resolve", base}, refs);
  BOOST_TEST(reports == lines(rp.err).size());

  run_result j = run_with_terminal_stderr({"extract", "--jobs", "3"}, text(6u << 20, 10, 50));
  BOOST_TEST(j.err.find(" MB/s") != std::string::npos);
  BOOST_TEST(cleared(j.err));
  BOOST_TEST((!j.err.empty() && j.err.back() == '\r'), "nothing after the cleared bar");

  // A regular file shows the total and a percentage.
  const temp_file f(text(6u << 20, 11, 50));
  run_result p = run_with_terminal_stderr({"extract", f.path()});
  BOOST_TEST(p.err.find(" MB of 6.3 MB (") != std::string::npos, p.err.substr(0, 200));

  // Not with --no-progress, not for small input, never on a pipe.
  run_result n = run_with_terminal_stderr({"extract", "--no-progress", f.path()});
  BOOST_TEST(n.err == "");
  run_result s = run_with_terminal_stderr({"extract"}, text(1u << 20, 12, 50));
  BOOST_TEST(s.err == "");
  run_result pipe = run({"extract", "--jobs", "2"}, text(6u << 20, 10, 50));
  BOOST_TEST(pipe.err == "");
  BOOST_TEST(rp.err.find('\r') == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
