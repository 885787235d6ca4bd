// data: URLs: RFC 2397 (grammar: src/grammar/data.cpp), and the processing
// algorithm of the data: URL conformance files (docs/schemes/data.md).
// parse_data and data_view here; the header (data_header.cpp), the body
// decoder (data_body.cpp), the streaming reader (data_reader.cpp) and the
// writer (data_writer.cpp) are files of their own.
#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "data/internal.hpp"
#include "grammar/data.hpp"
#include "grammar/mime.hpp"
#include "schemes/support.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/schemes/data.hpp"

namespace urlkit {

using namespace data_detail;

// ---- data_view ----------------------------------------------------------------------

result<data_view> data_view::from_url(const url_view& url, const data_options& options) {
  const std::string_view text = scheme_text(url);
  auto h = read_head(url, text, true, options);
  if (!h) return h.error();
  data_view d(url);
  d.media_ = std::move(h->media);
  d.body_ = text.substr(h->comma + 1);
  d.body_offset_ = offset_in(url, d.body_.data());
  // One pass that checks the body (bad base64 fails the URL) and sizes it,
  // with a small buffer on the stack.
  body_decoder check(d.media_.base64, false, 0, nullptr);
  if (auto e = check.feed(d.body_, d.body_offset_)) return *e;
  if (auto e = check.finish(d.body_offset_ + d.body_.size())) return *e;
  d.body_size_ = check.size();
  return d;
}

result<data_view> data_view::from_string(std::string_view s, const data_options& options) {
  const std::string_view url = strip_c0_or_space(s);
  const std::size_t lead = static_cast<std::size_t>(url.data() - s.data());
  // Offsets of errors and warnings count from the start of `s`.
  struct shifted {
    warning_sink to;
    std::size_t by;
    void operator()(const warning& w) const noexcept {
      warning v = w;
      v.offset += by;
      to(v);
    }
  } shift{options.on_warning, lead};
  data_options o = options;
  if (lead) o.on_warning = make_warning_sink(shift);
  parse_options po;
  po.mode = o.mode;
  po.on_warning = o.on_warning;
  po.accept_excluded = true;
  auto u = parse_absolute(url, po);
  auto d = u ? parse_data(*u, o) : result<data_view>(u.error());
  if (!d) {
    error e = d.error();
    e.offset += lead;
    return e;
  }
  return d;
}

result<std::size_t> data_view::decode_body(const byte_sink& sink, std::size_t chunk) const {
  body_decoder d(media_.base64, false, chunk, &sink);
  if (auto e = d.feed(body_, body_offset_)) return *e;
  if (auto e = d.finish(body_offset_ + body_.size())) return *e;
  return d.size();
}

result<std::size_t> data_view::decode_body_to(std::span<char> out) const {
  if (out.size() < body_size_) {
    error e;
    e.code = error_code::buffer_too_small;
    e.rule = rule::data;
    return e;
  }
  std::size_t n = 0;
  auto r = decode_body(
      [&](std::string_view piece) {
        std::memcpy(out.data() + n, piece.data(), piece.size());
        n += piece.size();
        return true;
      },
      std::min(std::max<std::size_t>(body_size_, 1), default_chunk));
  if (!r) return r.error();
  return n;
}

std::string data_view::decode_body() const {
  std::string s(body_size_, '\0');
  (void)decode_body_to(s);  // cannot fail: parse_data checked the body and sized `s`
  return s;
}

}  // namespace urlkit
