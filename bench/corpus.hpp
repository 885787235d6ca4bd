// The benchmark corpus: real URLs gathered by tools/make-corpus, loaded once,
// shared by every benchmark of the run.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace urlkit_bench {

/// A list of references and the bytes they add up to.  The views point into
/// text owned by the corpus that made the set, which lives for the whole run.
struct url_set {
  std::vector<std::string_view> items;
  std::size_t bytes = 0;

  void add(std::string_view s) {
    items.push_back(s);
    bytes += s.size();
  }
  std::size_t size() const noexcept { return items.size(); }
  bool empty() const noexcept { return items.empty(); }
};

/// One corpus file, in a fixed pseudo-random order: the file is sorted, and
/// sorted input (thousands of "https://github.com/..." in a row) would flatter
/// every parser's branch prediction.  The text is laid out in that order, so
/// that a parse reads its URL from where the last one ended.
class corpus {
 public:
  /// Reads `path`; exits with a message naming tools/make-corpus if it is
  /// missing or empty.
  static corpus load(const std::string& path);

  const url_set& all() const noexcept { return all_; }

  /// The references whose scheme is `scheme` (ASCII case ignored), in corpus
  /// order.  Meant for per-scheme rows, e.g. the typed views of one scheme.
  url_set with_scheme(std::string_view scheme) const;

  /// The references without a scheme: "#f" counts as one (and is dropped when
  /// `same_document` is false).
  url_set relative(bool same_document) const;

 private:
  std::string text_;  // owns the characters every view points into
  url_set all_;
};

/// Where the corpus files are: $URLKIT_CORPUS_DIR, else the source tree's bench/corpus.
std::string corpus_dir();

/// The scheme of `s` ("http" for "HTTP://a"), or "" when it has none.
std::string_view scheme_of(std::string_view s) noexcept;

}  // namespace urlkit_bench
