// find_base_href and base_finder: the document's first BASE href (draft 5.1,
// Appendix D), as the absolutizer takes it, read as a stream that stops at
// it.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "stream.hpp"
#include "text.hpp"
#include "urlkit/html.hpp"

namespace urlkit::html {

using namespace detail;

struct base_finder::impl {
  base_reader reader;
  std::string prefix;  // the first bytes, until the encoding is known
  bool encoding_known = false;
  std::optional<urlkit::error> error;

  result<void> feed(std::string_view piece) {
    if (!reader.found() && !reader.write(piece)) return tag_too_large_at(reader.failed_at());
    return {};
  }

  result<void> begin() {
    encoding_known = true;
    if (auto e = refused_encoding(prefix)) return *e;
    std::string p;
    p.swap(prefix);
    return feed(p);
  }
};

base_finder::base_finder() : impl_(std::make_unique<impl>()) {}
base_finder::~base_finder() = default;
base_finder::base_finder(base_finder&&) noexcept = default;
base_finder& base_finder::operator=(base_finder&&) noexcept = default;

result<void> base_finder::write(std::string_view piece) {
  impl& m = *impl_;
  if (m.error) return *m.error;
  result<void> r;
  if (!m.encoding_known) {
    m.prefix.append(piece);
    if (m.prefix.size() < encoding_prescan) return {};
    r = m.begin();
  } else {
    r = m.feed(piece);
  }
  if (!r) m.error = r.error();
  return r;
}

bool base_finder::found() const noexcept {
  return impl_->reader.found();
}

result<std::optional<base_href>> base_finder::finish() {
  impl& m = *impl_;
  if (m.error) return *m.error;
  if (!m.encoding_known) {
    if (auto r = m.begin(); !r) {
      m.error = r.error();
      return r.error();
    }
  }
  if (!m.reader.found()) m.reader.finish();
  return m.reader.base();
}

result<std::optional<base_href>> find_base_href(std::string_view document) {
  base_finder f;
  if (auto r = f.write(document); !r) return r.error();
  return f.finish();
}

}  // namespace urlkit::html
