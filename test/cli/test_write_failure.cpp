// A write that fails ends the run (issue: with --jobs 1, `urlkit parse < big
// > /dev/full` read all of its input before failing).  Every streaming
// command, with --jobs 1 and N where it has them, reads a large input from a
// file on its stdin and writes to /dev/full: it must exit 1, say that
// standard output could not be written, and have read a small part of the
// input only, counted by its stdin's file offset (not by time).
#include <cstddef>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "process.hpp"
#include "temp_file.hpp"

using namespace cli_test;

namespace {

constexpr std::size_t input_size = std::size_t{32} << 20;
// The commands read in blocks of 1 to 2 MiB (--jobs 1) or batches of 256
// KiB, 2 x N in flight (--jobs N), and write once a block of output is full
// (1 MiB): a few MiB before the first write fails, and then no more.
constexpr long long read_at_most = 8 << 20;

// `line` repeated to input_size bytes.
std::string repeated(const std::string& line) {
  std::string s;
  s.reserve(input_size + line.size());
  while (s.size() < input_size) s += line;
  return s;
}

void check_stops_early(const std::vector<std::string>& args, const temp_file& input) {
  std::string name;
  for (const std::string& a : args) name += a + ' ';
  const run_result r = run_to_full(args, input.path());
  BOOST_TEST(r.status == 1, name);
  BOOST_TEST(r.err.find("urlkit: cannot write standard output: No space left on device\n") !=
                 std::string::npos,
             name << ": " << r.err.substr(0, 300));
  BOOST_TEST(r.input_read > 0, name);
  BOOST_TEST(r.input_read <= read_at_most,
             name << "read " << r.input_read << " bytes of " << input_size);
}

// The line commands, one by one and on threads.
void check_line_command(const std::vector<std::string>& args, const std::string& line) {
  const temp_file input(repeated(line));
  check_stops_early(args, input);
  for (const char* jobs : {"1", "2"}) {
    std::vector<std::string> with = args;
    with.insert(with.end(), {"--jobs", jobs});
    check_stops_early(with, input);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(write_failure)

BOOST_AUTO_TEST_CASE(parse_stops_at_the_first_failed_write) {
  check_line_command({"parse"}, "http://example.com/a/b?c\n");
}

BOOST_AUTO_TEST_CASE(validate_stops_at_the_first_failed_write) {
  // validate writes the URLs that fail.
  check_line_command({"validate"}, "http://exa mple.com/\n");
}

BOOST_AUTO_TEST_CASE(resolve_stops_at_the_first_failed_write) {
  check_line_command({"resolve", "http://a/b/c/d;p?q"}, "../g?y#s\n");
  check_line_command({"resolve", "--pairs"}, "http://a/b/c/d;p?q\t../g?y#s\n");
}

BOOST_AUTO_TEST_CASE(extract_stops_at_the_first_failed_write) {
  check_line_command({"extract"}, "See http://example.com/a/b and <URL:ftp://f.example/x>.\n");
}

BOOST_AUTO_TEST_CASE(idna_stops_at_the_first_failed_write) {
  const temp_file input(
      repeated("B\xC3\xBC"
               "cher.Example\n"));
  check_stops_early({"idna", "to-ascii"}, input);
}

BOOST_AUTO_TEST_CASE(data_stops_at_the_first_failed_write) {
  // One data: URL of 32 MiB from stdin, its body written as it is decoded.
  const temp_file input("data:," + repeated("abcdefgh"));
  check_stops_early({"data", "-"}, input);
}

BOOST_AUTO_TEST_SUITE_END()
