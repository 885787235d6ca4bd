// Test support: the URLs an extractor hands out, each with the warnings its
// warning sink received right before it (extract_options::on_warning), for
// the unit tests and the extract fuzz target.
#pragma once

#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

#include "urlkit/extract.hpp"

namespace urlkit_test {

/// A URL and the warnings delivered right before it.
struct found : urlkit::extracted {
  std::vector<urlkit::warning> warnings;
  /// extracted::shift, and the warnings' offsets with it.
  void shift(std::size_t by) noexcept {
    extracted::shift(by);
    for (urlkit::warning& w : warnings) w.offset += by;
  }
  friend bool operator==(const found&, const found&) = default;
};

/// Collects an extractor's URLs, each with its warnings.
struct catcher {
  std::vector<urlkit::warning> pending;
  std::vector<found> all;
  void operator()(const urlkit::warning& w) noexcept { pending.push_back(w); }
  /// `o`, with this catcher as its warning sink (it must outlive the extractor).
  urlkit::extract_options options(urlkit::extract_options o = {}) noexcept {
    o.on_warning = urlkit::make_warning_sink(*this);
    return o;
  }
  /// The extractor's sink: takes the URL and the warnings delivered before it.
  urlkit::extractor::sink sink() {
    return [this](urlkit::extracted& e) {
      all.push_back(found{std::move(e), std::move(pending)});
      pending.clear();
    };
  }
};

/// Every URL of `text`, each with its warnings, by one extractor.
inline std::vector<found> extract_found(std::string_view text,
                                        const urlkit::extract_options& o = {}) {
  catcher c;
  urlkit::extractor x(c.options(o));
  const urlkit::extractor::sink keep = c.sink();
  x.feed(text, keep);
  x.finish(keep);
  return std::move(c.all);
}

}  // namespace urlkit_test
