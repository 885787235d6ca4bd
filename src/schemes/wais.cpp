// wais URLs: RFC 1738 3.9 (grammar: src/grammar/wais.cpp).
#include "urlkit/schemes/wais.hpp"

#include "grammar/wais.hpp"
#include "schemes/support.hpp"
#include "urlkit/detail/names.hpp"

namespace urlkit {

namespace {

std::optional<decode_view> decoded(std::string_view raw) noexcept {
  if (raw.data() == nullptr) return std::nullopt;
  return decode_view(raw);
}

}  // namespace

std::string_view to_string(wais_view::form f) noexcept {
  switch (f) {
    case wais_view::form::database:
      return "database";
    case wais_view::form::search:
      return "search";
    case wais_view::form::document:
      return "document";
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, wais_view::form f) {
  return detail::print_name(os, f, "form");
}

std::optional<decode_view> wais_view::search() const noexcept {
  return decoded(search_);
}

std::optional<decode_view> wais_view::wtype() const noexcept {
  return decoded(wtype_);
}

std::optional<decode_view> wais_view::wpath() const noexcept {
  return decoded(wpath_);
}

result<wais_view> wais_view::from_url(const url_view& url, const scheme_options& options) {
  grammar::wais_parts parts;
  if (auto e = schemes::checked_parts<"wais", grammar::parse_wais>(url, options, parts)) return *e;
  // WAIS carries these values in binary Z39.50 fields (RFC 1625), so no byte
  // is a delimiter there: nothing is refused (compare telnet and ftp).
  return schemes::make_view<wais_view>(url, schemes::effective_port(url, wais_view::default_port),
                                       parts.database, parts.search, parts.wtype, parts.wpath);
}

}  // namespace urlkit
