#include "corpus.hpp"

#include "rows.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

namespace urlkit_bench {

std::string corpus_dir() {
  if (const char* dir = std::getenv("URLKIT_CORPUS_DIR"); dir && *dir) return dir;
  return URLKIT_BENCH_CORPUS_DIR;
}

std::string_view scheme_of(std::string_view s) noexcept {
  // draft 4.1: scheme = 1*( alpha | digit | "+" | "-" | "." ), then ":".
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == ':') return s.substr(0, i);
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '+' || c == '-' || c == '.';
    if (!ok) break;
  }
  return {};
}

namespace {

bool iequals(std::string_view a, std::string_view b) noexcept {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    return lower(x) == lower(y);
  });
}

[[noreturn]] void missing(const std::string& path, const char* why) {
  std::fprintf(stderr,
               "urlkit_bench: corpus file %s %s.\n"
               "Make it with:  tools/make-corpus   (from the source tree; writes bench/corpus/)\n"
               "or point URLKIT_CORPUS_DIR at a directory holding urls.txt and relative.txt.\n",
               path.c_str(), why);
  std::exit(2);
}

}  // namespace

corpus corpus::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) missing(path, "is missing");
  std::ostringstream buffer;
  buffer << in.rdbuf();

  corpus c;
  c.text_ = std::move(buffer).str();
  std::string_view rest = c.text_;
  while (!rest.empty()) {
    const auto eol = rest.find('\n');
    std::string_view line = rest.substr(0, eol);
    rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty()) c.all_.add(line);
  }
  if (c.all_.empty()) missing(path, "is empty");

  // A fixed seed: the same order in every run, so runs compare.
  std::mt19937_64 rng(20240601);
  std::shuffle(c.all_.items.begin(), c.all_.items.end(), rng);

  // Then the text is laid out again in that order, one line after another, as
  // a document or a log holds its URLs.  Left in file order, each URL would sit
  // at a random place in megabytes of text, and every parse would begin with a
  // cache miss that costs the same for every parser (150-200 ns on a loaded
  // host): a benchmark of the machine's memory, not of the parsers.
  std::string shuffled;
  shuffled.reserve(c.all_.bytes + c.all_.size());
  for (auto s : c.all_.items) (shuffled += s) += '\n';
  std::size_t at = 0;
  for (auto& s : c.all_.items) {
    s = std::string_view(shuffled).substr(at, s.size());
    at += s.size() + 1;
  }
  c.text_ = std::move(shuffled);
  return c;
}

url_set corpus::with_scheme(std::string_view scheme) const {
  url_set out;
  for (auto s : all_.items)
    if (iequals(scheme_of(s), scheme)) out.add(s);
  return out;
}

url_set corpus::relative(bool same_document) const {
  url_set out;
  for (auto s : all_.items) {
    if (!scheme_of(s).empty()) continue;
    if (!same_document && (s.empty() || s.front() == '#')) continue;
    out.add(s);
  }
  return out;
}

url_set appendix_c_references() {
  // draft-fielding-uri-url-00 Appendix C: normal, then abnormal examples.
  static constexpr std::string_view refs[] = {
      "g:h",   "g",       "./g",     "g/",    "/g",         "//g",           "?y",
      "g?y",   "g?y/./x", "#s",      "g#s",   "g#s/./x",    "g?y#s",         ";x",
      "g;x",   "g;x?y#s", ".",       "./",    "..",         "../",           "../g",
      "../..", "../../",  "../../g", "",      "../../../g", "../../../../g", "/./g",
      "/../g", "g.",      ".g",      "g..",   "..g",        "./../g",        "./g/.",
      "g/./h", "g/../h",  "http:g",  "http:",
  };
  url_set set;
  for (auto r : refs) set.add(r);
  return set;
}

}  // namespace urlkit_bench
