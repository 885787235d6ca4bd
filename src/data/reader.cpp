// data: URLs read as they come: data_url_reader (RFC 2397 and the processing
// algorithm, docs/schemes/data.md), the header first, then the body in pieces.
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
#include "urlkit/base64.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/schemes/data.hpp"

namespace urlkit {

using namespace data_detail;

// ---- data_url_reader -------------------------------------------------------------

struct data_url_reader::impl {
  enum class phase : std::uint8_t { lead, head, body, done, failed };

  data_options options;
  std::size_t chunk;
  phase ph = phase::lead;
  std::size_t seen = 0;  // bytes of the whole text so far
  std::size_t lead = 0;  // leading C0 controls and spaces, which are not part of the URL
  std::string head;      // from "data:" on, until the part before the "," is complete
  std::size_t scan = 0;  // head bytes already searched for "," and "#"
  std::size_t stop = std::string::npos;  // head index of the first "," or "#"
  data_media media;
  std::optional<body_decoder> body;
  // Strict mode: the fragment is checked as it comes, as the generic grammar
  // checks it in parse_data (draft 2.3.3: urlchars and escapes only, so no
  // second "#"); a run of C0 controls and spaces is an error only if more
  // follows, since at the end of the text it is stripped.
  bool in_fragment = false;
  std::string frag_escape;  // "%" and at most one hex digit, while an escape is open
  std::size_t frag_escape_at = 0;
  std::size_t frag_space_at = std::string::npos;
  char frag_space = 0;
  // C0 controls and spaces that may turn out to end the URL, in pieces of at
  // least hold_piece bytes (but the last): a run of 100 MB is held in 100 MB,
  // not in a string that doubles and copies itself as it grows.
  static constexpr std::size_t hold_piece = std::size_t{64} * 1024;
  std::vector<std::string> hold;
  std::size_t hold_at = 0;
  error err{};

  impl(data_options o, std::size_t c) : options(std::move(o)), chunk(c) {}

  result<std::size_t> fail(const error& e) {
    ph = phase::failed;
    err = e;
    return e;
  }

  // Index in `head` where the server of "data://..." ends, npos while unknown:
  // where the generic grammar ends it, at the next "/" or "#" (a "?" before
  // them is an error in the host, which parse_data reports first).
  std::size_t server_end(bool at_end) const {
    if (head.size() < 7 || head.compare(5, 2, "//") != 0) return 0;
    const auto e = head.find_first_of("/#", 7);
    return e != std::string::npos ? e : (at_end ? head.size() : std::string::npos);
  }

  // Once the part before the first "," (and the server, which may hold a
  // ",") is complete: the head is read, and what follows the "," is body.
  std::optional<error> try_head(bool at_end, const byte_sink& sink) {
    constexpr auto npos = std::string::npos;
    if (stop == npos && head.size() > 5) {
      const auto i = head.find_first_of(",#", std::max<std::size_t>(scan, 5));
      scan = head.size();
      if (i != npos) stop = i;
    }
    // Not a data: URL: no need to read on to say so.
    if (head.size() >= 5 && !detail::ascii::iequals(std::string_view(head).substr(0, 5), "data:"))
      at_end = true;
    const std::size_t server = server_end(at_end);
    if (!at_end && (stop == npos || server == npos)) return std::nullopt;

    // The URL proper up to its first "," and to the end of its server; or up
    // to the fragment, or the end, when there is no ",".
    std::string_view proper = head;
    if (stop != npos)
      proper = proper.substr(0, head[stop] == '#' ? stop : std::max(stop + 1, server));
    // Up to the end of the input (no ",", or a server that runs to the end): a
    // URL parser strips C0 controls and spaces there.
    if (at_end && proper.size() == head.size())
      while (!proper.empty() && c0_or_space(proper.back())) proper.remove_suffix(1);
    parse_options po = detail::parse_options_for_view(options);
    po.accept_excluded = true;
    auto moved = [this](error e) {
      e.offset += lead;
      return e;
    };
    auto u = parse_absolute(proper, po);
    if (!u) return moved(u.error());
    auto h = read_head(*u, grammar::scheme_part_of(*u), false, options);
    if (!h) return moved(h.error());

    media = std::move(h->media);
    body.emplace(media.base64, options.mode == mode::strict, chunk, &sink);
    ph = phase::body;
    const std::size_t body_at = 5 + h->comma + 1;  // "data:" mediatype ","
    auto e = feed_body(std::string_view(head).substr(body_at), lead + body_at);
    head.clear();
    head.shrink_to_fit();
    return e;
  }

  // The generic parser's own error for `window` (the offending byte, or an
  // escape that is not one) at the start of a fragment, put at `offset`.
  static error fragment_error(std::string_view window, std::size_t offset) {
    const std::string probe = "x:#" + std::string(window);
    parse_options po;
    po.mode = mode::strict;
    auto r = parse_absolute(probe, po);
    error e = r ? data_error(0, {}, error_code::data_syntax, rule::fragment, "fragment",
                             "not allowed in a fragment")
                : r.error();
    e.offset = offset;
    return e;
  }

  // Strict mode: fragment text at offset `at` of the whole text.
  std::optional<error> check_fragment(std::string_view piece, std::size_t at) {
    for (std::size_t i = 0; i < piece.size(); ++i) {
      const char c = piece[i];
      if (!frag_escape.empty()) {
        if (charset::is(charset::hex, c)) {
          frag_escape += c;
          if (frag_escape.size() == 3) frag_escape.clear();
          continue;
        }
        return fragment_error(frag_escape + c, frag_escape_at);
      }
      if (c0_or_space(c)) {
        if (frag_space_at == std::string::npos) {
          frag_space_at = at + i;
          frag_space = c;
        }
        continue;
      }
      if (frag_space_at != std::string::npos)
        return fragment_error(std::string_view(&frag_space, 1), frag_space_at);
      if (c == '%') {
        frag_escape = "%";
        frag_escape_at = at + i;
      } else if (!charset::is(charset::urlchar, c)) {
        return fragment_error(std::string_view(&c, 1), at + i);
      }
    }
    return std::nullopt;
  }

  // Body text: up to a "#" (the fragment is not part of the body), with a
  // trailing run of C0 controls and spaces held back until more follows.
  std::optional<error> feed_body(std::string_view piece, std::size_t at) {
    const auto hash = piece.find('#');
    std::string_view fragment;
    if (hash != std::string_view::npos) {
      in_fragment = options.mode == mode::strict;
      fragment = piece.substr(hash + 1);
      piece = piece.substr(0, hash);
      ph = phase::done;
    }
    std::size_t keep = piece.size();
    if (ph != phase::done)
      while (keep > 0 && c0_or_space(piece[keep - 1])) --keep;
    if (keep > 0 || ph == phase::done) {
      std::size_t held_at = hold_at;
      for (const std::string& h : hold) {
        if (auto e = body->feed(h, held_at)) return e;
        held_at += h.size();
      }
      hold.clear();
      if (auto e = body->feed(piece.substr(0, keep), at)) return e;
    }
    if (keep < piece.size()) {
      if (hold.empty()) hold_at = at + keep;
      if (hold.empty() || hold.back().size() >= hold_piece) hold.emplace_back();
      hold.back().append(piece.substr(keep));
    }
    if (ph == phase::done) {
      if (auto e = body->finish(at + piece.size())) return e;
      // The body's errors come first: they are earlier in the text.
      if (in_fragment) return check_fragment(fragment, at + piece.size() + 1);
    }
    return std::nullopt;
  }
};

data_url_reader::data_url_reader(data_options options, std::size_t chunk)
    : impl_(std::make_unique<impl>(std::move(options), chunk)) {}
data_url_reader::~data_url_reader() = default;
data_url_reader::data_url_reader(data_url_reader&&) noexcept = default;
data_url_reader& data_url_reader::operator=(data_url_reader&&) noexcept = default;

const data_media* data_url_reader::media() const noexcept {
  return impl_->body ? &impl_->media : nullptr;
}

result<std::size_t> data_url_reader::write(std::string_view piece, const byte_sink& sink) {
  impl& s = *impl_;
  using phase = impl::phase;
  if (s.ph == phase::failed) return s.err;
  const std::size_t at = s.seen;
  s.seen += piece.size();
  if (s.body) s.body->set_sink(&sink);
  if (s.ph == phase::done) {
    if (s.in_fragment)
      if (auto e = s.check_fragment(piece, at)) return s.fail(*e);
    return s.body->size();
  }
  if (s.ph == phase::lead) {
    std::size_t k = 0;
    while (k < piece.size() && c0_or_space(piece[k])) ++k;
    s.lead += k;
    piece.remove_prefix(k);
    if (piece.empty()) return std::size_t{0};
    s.ph = phase::head;
  }
  if (s.ph == phase::head) {
    s.head.append(piece);
    if (auto e = s.try_head(false, sink)) return s.fail(*e);
    return s.body ? s.body->size() : 0;
  }
  if (auto e = s.feed_body(piece, at)) return s.fail(*e);
  return s.body->size();
}

result<std::size_t> data_url_reader::finish(const byte_sink& sink) {
  impl& s = *impl_;
  using phase = impl::phase;
  if (s.ph == phase::failed) return s.err;
  if (s.body) s.body->set_sink(&sink);
  if (s.ph == phase::lead || s.ph == phase::head) {
    if (auto e = s.try_head(true, sink)) return s.fail(*e);
  }
  if (s.ph == phase::body) {
    // The held-back C0 controls and spaces end the URL: stripped.
    const std::size_t end_at = s.hold.empty() ? s.seen : s.hold_at;
    s.hold.clear();
    s.ph = phase::done;
    if (auto e = s.body->finish(end_at)) return s.fail(*e);
  }
  if (s.in_fragment && !s.frag_escape.empty())
    return s.fail(impl::fragment_error(s.frag_escape, s.frag_escape_at));
  return s.body->size();
}

}  // namespace urlkit
