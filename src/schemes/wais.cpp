// wais URLs: RFC 1738 3.9 (grammar: src/grammar/wais.cpp).
#include "urlkit/schemes/wais.hpp"

#include <ostream>

#include "grammar/wais.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit {

namespace {

std::optional<decode_view> decoded(std::string_view raw) noexcept {
  if (raw.data() == nullptr) return std::nullopt;
  return decode_view(raw);
}

}  // namespace

std::optional<decode_view> wais_view::search() const noexcept {
  return decoded(search_);
}

std::optional<decode_view> wais_view::wtype() const noexcept {
  return decoded(wtype_);
}

std::optional<decode_view> wais_view::wpath() const noexcept {
  return decoded(wpath_);
}

std::ostream& operator<<(std::ostream& os, const wais_view& v) {
  return os << v.buffer();
}

result<wais_view> wais_view::from_url(const url_view& url, const scheme_options& options) {
  if (auto e = schemes::wrong_scheme(url, "wais", "waisurl", "the scheme must be \"wais\""))
    return *e;
  grammar::wais_parts parts;
  if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
        return grammar::parse_wais(url, st, parts);
      }))
    return *e;

  // WAIS carries these values in binary Z39.50 fields (RFC 1625), so no byte
  // is a delimiter there: nothing is refused (compare telnet and ftp).
  return schemes::make_view<wais_view>(url, schemes::effective_port(url, wais_view::default_port),
                                       parts.database, parts.search, parts.wtype, parts.wpath);
}

namespace schemes {

std::shared_ptr<const scheme_handler> make_wais_handler() {
  return std::make_shared<standard_handler>(
      "wais", [](const url_view& u, const scheme_options& o) { return verdict(parse_wais(u, o)); });
}

}  // namespace schemes
}  // namespace urlkit
