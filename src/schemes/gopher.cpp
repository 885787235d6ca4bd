// gopher URLs: RFC 1738 3.4 (grammar: src/grammar/gopher.cpp).
#include "urlkit/schemes/gopher.hpp"

#include <span>

#include "grammar/gopher.hpp"
#include "schemes/support.hpp"

namespace urlkit {

std::optional<std::string_view> gopher_view::encoded_search() const noexcept {
  if (search_.data() == nullptr) return std::nullopt;
  return search_;
}

std::optional<decode_view> gopher_view::search() const noexcept {
  if (search_.data() == nullptr) return std::nullopt;
  return decode_view(search_);
}

std::optional<std::string_view> gopher_view::encoded_gopher_plus() const noexcept {
  if (gopher_plus_.data() == nullptr) return std::nullopt;
  return gopher_plus_;
}

std::optional<decode_view> gopher_view::gopher_plus() const noexcept {
  if (gopher_plus_.data() == nullptr) return std::nullopt;
  return decode_view(gopher_plus_);
}

namespace {

// Appends the decoding of `raw` to `s`.
void append_decoded(std::string& s, std::string_view raw) {
  const std::size_t at = s.size();
  s.resize(at + decoded_size(raw));
  s.resize(at + decode_to(raw, std::span<char>(s.data() + at, s.size() - at)).value());
}

}  // namespace

std::string gopher_view::request_line() const {
  // Sized first: one allocation, however long the parts.
  const bool search = search_.data() != nullptr;
  const bool plus = search && gopher_plus_.data() != nullptr;
  std::string s;
  s.reserve(selector_.size() + (search ? 1 + search_.size() : 0) +
            (plus ? 1 + gopher_plus_.size() : 0) + 2);
  append_decoded(s, selector_);
  if (search) {
    s += '\t';
    append_decoded(s, search_);
    if (plus) {
      s += '\t';
      const std::size_t at = s.size();
      append_decoded(s, gopher_plus_);
      // A filled-in electronic form (3.4.9) carries its own line ends and
      // ends with its data block's ".\r\n": nothing more is sent.
      if (std::string_view(s).substr(at).ends_with("\r\n")) return s;
    }
  }
  s += "\r\n";
  return s;
}

result<gopher_view> gopher_view::from_url(const url_view& url, const scheme_options& options) {
  grammar::gopher_parts parts;
  if (auto e = schemes::checked_parts<"gopher", grammar::parse_gopher>(url, options, parts))
    return *e;
  // The selector and the search are sent on the request line: an encoded CR
  // or LF would end it early (3.4, RFC 1738 6).  No TAB can be in them: the
  // first two "%09" delimit them.  The gopher+ string may hold TAB, CR and
  // LF (3.4.9's electronic forms).
  if (auto e = schemes::refused_escape(url, parts.selector, "gopher selector", rule::path, true))
    return *e;
  if (auto e = schemes::refused_escape(url, parts.search, "gopher search", rule::path, true))
    return *e;

  char type = '1';  // 3.4: with the gopher-path empty, "the <gophertype> defaults to \"1\""
  if (!parts.gtype.empty()) {
    // One character or one escape: one octet.
    char decoded[3];
    if (decode_to(parts.gtype, decoded).value() == 1) type = decoded[0];
  }
  return schemes::make_view<gopher_view>(
      url, schemes::effective_port(url, gopher_view::default_port), parts.gopher_path, type,
      parts.selector, parts.search, parts.gopher_plus);
}

}  // namespace urlkit
