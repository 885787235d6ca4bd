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
#include "urlkit/scheme.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// A wais URL, checked: views into the caller's text (which must outlive it)
/// and the port.  Parsing one allocates nothing; each decoded part is made
/// when asked for.
class wais_view {
 public:
  /// An empty view (what a failed result holds).
  wais_view() = default;
  /// "If :<port> is omitted, the port defaults to 210" (3.9).
  static constexpr std::uint16_t default_port = *urlkit::default_port("wais");

  /// The three forms of 3.9 (waisdatabase, waisindex, waisdoc in section 5).
  enum class form : std::uint8_t {
    database,  ///< "designates a WAIS database that is available for searching"
    search,    ///< "designates a particular search"
    document,  ///< "designates a particular document within a WAIS database"
  };

  /// The generic view the wais URL was parsed from.
  const url_view& url() const noexcept { return url_; }
  /// The URL's text (url().buffer()).
  std::string_view buffer() const noexcept { return url_.buffer(); }

  /// The decoded host; an IPv6 literal keeps its brackets ("[::1]").
  std::string host() const;
  /// The host to connect to, decoded: host() but for an IPv6 literal
  /// (lenient mode, RFC 2732), which comes without its brackets and with its
  /// zone's "%25" read as the "%" it stands for (RFC 6874): "fe80::1%eth0"
  /// for "[fe80::1%25eth0]", the form getaddrinfo() takes.
  /// A name stays as decoded (UTF-8 for an internationalized one):
  /// connect_ascii_host in urlkit/idna.hpp gives the A-label form to look up.
  std::string connect_host() const;
  /// The effective port: explicit, else 210 (also for an empty port,
  /// "h:/": draft E.3, port = *digit).
  std::uint16_t port() const noexcept { return port_; }
  /// Whether a port number is written ("h:/" has none: the default is meant).
  bool has_explicit_port() const noexcept { return !url_.port().empty(); }

  /// Which of the three forms of RFC 1738 3.9 the URL has.
  form kind() const noexcept {
    return search_.data() != nullptr  ? form::search
           : wtype_.data() != nullptr ? form::document
                                      : form::database;
  }
  /// The decoded database name (possibly empty: database = *uchar).
  std::string database() const;
  /// The decoded search string; nullopt unless kind() is form::search.
  std::optional<std::string> search() const;
  /// The decoded type and document-id; nullopt unless kind() is form::document.
  std::optional<std::string> wtype() const;
  /// The decoded document-id (wpath); nullopt unless kind() is form::document.
  std::optional<std::string> wpath() const;

  /// The same parts as written (still escaped).
  std::string_view encoded_database() const noexcept { return database_; }
  /// The search string as written; nullopt unless kind() is form::search.
  std::optional<std::string_view> encoded_search() const noexcept { return present(search_); }
  /// The type as written; nullopt unless kind() is form::document.
  std::optional<std::string_view> encoded_wtype() const noexcept { return present(wtype_); }
  /// The document-id as written; nullopt unless kind() is form::document.
  std::optional<std::string_view> encoded_wpath() const noexcept { return present(wpath_); }

 private:
  friend result<wais_view> parse_wais(const url_view&, const scheme_options&);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<wais_view>;
  wais_view(const url_view& u, std::uint16_t port, std::string_view database,
            std::string_view search, std::string_view wtype, std::string_view wpath) noexcept
      : url_(u), port_(port), database_(database), search_(search), wtype_(wtype), wpath_(wpath) {}
  static std::optional<std::string_view> present(std::string_view raw) noexcept {
    return raw.data() != nullptr ? std::optional<std::string_view>(raw) : std::nullopt;
  }
  url_view url_;
  std::uint16_t port_ = default_port;
  std::string_view database_{};
  std::string_view search_{}, wtype_{}, wpath_{};  // null data when absent
};

/// Writes the URL as written (buffer()).
std::ostream& operator<<(std::ostream& os, const wais_view& v);

/// Checks a wais URL against RFC 1738's waisurl; allocates nothing.  A user
/// name or password is a strict error and a lenient warning (the production
/// is hostport).  Encoded CR and LF are data here: WAIS requests are binary
/// Z39.50 messages (RFC 1625), not lines of text.
result<wais_view> parse_wais(const url_view& url, const scheme_options& options = {});
/// Parses `s` (which must outlive the result) and checks it as above.
result<wais_view> parse_wais(std::string_view s, const scheme_options& options = {});
/// Deleted: the view would point into a string about to be destroyed.
template <detail::temporary_string S>
result<wais_view> parse_wais(S&& s, const scheme_options& options = {}) = delete;

}  // namespace urlkit
URLKIT_END_API
