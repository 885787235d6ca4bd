// urlkit — wais URLs (RFC 1738 section 3.9; grammar in section 5).
//
//   wais://<host>:<port>/<database>                  a database to search
//   wais://<host>:<port>/<database>?<search>         a particular search
//   wais://<host>:<port>/<database>/<wtype>/<wpath>  a document to retrieve
//
// "<database> is the name of the WAIS database being queried", <wtype> "the
// WAIS designation of the type of the object", <wpath> "the WAIS
// document-id, encoded as necessary" (3.9).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/server_view.hpp"
#include "urlkit/schemes/view_parser.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// A wais URL, checked: views into the caller's text (which must outlive it)
/// and the port.  Parsing one allocates nothing; each decoded part is made
/// when asked for.
class wais_view : public server_view {
 public:
  /// An empty view (what a failed result holds).
  wais_view() noexcept : server_view({}, default_port) {}
  /// "If :<port> is omitted, the port defaults to 210" (3.9).
  static constexpr std::uint16_t default_port = *urlkit::default_port("wais");

  /// The three forms of 3.9 (waisdatabase, waisindex, waisdoc in section 5).
  enum class form : std::uint8_t {
    database,  ///< "designates a WAIS database that is available for searching"
    search,    ///< "designates a particular search"
    document,  ///< "designates a particular document within a WAIS database"
  };

  /// Which of the three forms of RFC 1738 3.9 the URL has.
  form kind() const noexcept {
    return search_.data() != nullptr  ? form::search
           : wtype_.data() != nullptr ? form::document
                                      : form::database;
  }
  /// The decoded database name (possibly empty: database = *uchar).
  decode_view database() const noexcept { return decode_view(database_); }
  /// The decoded search string; nullopt unless kind() is form::search.
  std::optional<decode_view> search() const noexcept;
  /// The decoded type and document-id; nullopt unless kind() is form::document.
  std::optional<decode_view> wtype() const noexcept;
  /// The decoded document-id (wpath); nullopt unless kind() is form::document.
  std::optional<decode_view> wpath() const noexcept;

  /// The same parts as written (still escaped).
  std::string_view encoded_database() const noexcept { return database_; }
  /// The search string as written; nullopt unless kind() is form::search.
  std::optional<std::string_view> encoded_search() const noexcept { return present(search_); }
  /// The type as written; nullopt unless kind() is form::document.
  std::optional<std::string_view> encoded_wtype() const noexcept { return present(wtype_); }
  /// The document-id as written; nullopt unless kind() is form::document.
  std::optional<std::string_view> encoded_wpath() const noexcept { return present(wpath_); }

 private:
  friend struct view_parser<wais_view>;
  // parse_wais's checks (src/schemes/wais.cpp).
  static result<wais_view> from_url(const url_view& url, const scheme_options& options);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<wais_view>;
  wais_view(const url_view& u, std::uint16_t port, std::string_view database,
            std::string_view search, std::string_view wtype, std::string_view wpath) noexcept
      : server_view(u, port), database_(database), search_(search), wtype_(wtype), wpath_(wpath) {}
  static std::optional<std::string_view> present(std::string_view raw) noexcept {
    return raw.data() != nullptr ? std::optional<std::string_view>(raw) : std::nullopt;
  }
  std::string_view database_{};
  std::string_view search_{}, wtype_{}, wpath_{};  // null data when absent
};

/// "database", "search" or "document": the enumerator's name, as every
/// public enum is named (docs/guide.md, "Names"); empty past the enumeration.
std::string_view to_string(wais_view::form f) noexcept;
/// Prints to_string() of `f` (a value outside the enumeration: "form(N)").
std::ostream& operator<<(std::ostream& os, wais_view::form f);

/// Checks a wais URL against RFC 1738's waisurl; allocates nothing.  A user
/// name or password is a strict error and a lenient warning (the production
/// is hostport).  Encoded CR and LF are data here: WAIS requests are binary
/// Z39.50 messages (RFC 1625), not lines of text.
/// parse_wais(url) checks a parsed URL; parse_wais(s) parses `s` first
/// (which must outlive the result).  The calls are view_parser's.
inline constexpr view_parser<wais_view> parse_wais{};

}  // namespace urlkit
URLKIT_END_API
