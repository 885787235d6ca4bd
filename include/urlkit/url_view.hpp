// urlkit — url_view and the generic parser.
//
// A url_view is the result of parsing a URL reference (draft-fielding-uri-url-00
// section 3, with the components of section 4 and RFC 1738 section 3.1):
//
//   <scheme>://<user>:<password>@<host>:<port>/<path>;<params>?<query>#<fragment>
//
// Every component is a std::string_view into the caller's string, still
// %-escaped, exactly as written.  Absent is told apart from empty for every
// component: "http://a/b?" has an empty query, "http://a/b" has none.  The
// path is always present (possibly empty); the "/" that may precede it is not
// part of it but is remembered (absolute_path()), as draft 4.3.2 requires.
//
// A url_view does not own its characters: the string it was parsed from must
// outlive it.  urlkit::url (url.hpp) is the owning counterpart.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "urlkit/error.hpp"
#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/segments.hpp"

URLKIT_BEGIN_API
namespace urlkit {

namespace detail {
/// A std::string about to be destroyed (an rvalue, deduced as S from S&&).
/// A function that returns views into its argument deletes its overload for
/// one, so that parse_reference(std::string("...")) does not compile rather
/// than dangle: keep the string, or use url::parse, which owns its copy.
template <class S>
concept temporary_string = std::same_as<std::remove_const_t<S>, std::string>;
}  // namespace detail

/// Strict: exactly the BNF.  Lenient (the default, draft 2.3.3 "a robust
/// implementation should be prepared to handle those characters"): also
/// unwise and national characters, octets >= 0x80 and a "%" not followed by two
/// hex digits, each reported as a warning.  Space, controls, "<", ">" and <">
/// are errors in both.
enum class mode : std::uint8_t { lenient, strict };

/// What a host is: a name (hostname, or what lenient mode took for one), a
/// hostnumber (four dot-separated digit groups, draft 4.3.1), or an IPv6
/// literal "[...]" (RFC 2732, lenient mode only).
enum class host_kind : std::uint8_t { name, ipv4, ipv6 };

/// "lenient" or "strict": the enumerator's name, as every public enum is
/// named (docs/guide.md, "Names"); empty past the enumeration.
std::string_view to_string(mode m) noexcept;
/// Prints to_string() of `m` (a value outside the enumeration: "mode(N)").
std::ostream& operator<<(std::ostream& os, mode m);
/// "name", "ipv4" or "ipv6": the enumerator's name; empty past the enumeration.
std::string_view to_string(host_kind k) noexcept;
/// Prints to_string() of `k` (a value outside the enumeration: "host_kind(N)").
std::ostream& operator<<(std::ostream& os, host_kind k);

/// How parse_reference and parse_absolute read a URL reference.
struct parse_options {
  /// Strict (the BNF only) or lenient (draft 2.3.3), the default.
  urlkit::mode mode = mode::lenient;
  /// Receives each warning of a lenient parse; none by default.
  warning_sink on_warning{};
  /// Lenient mode only: also accept the excluded characters that are errors
  /// otherwise (space, controls, "<", ">", <">, draft 2.3.3), each with a
  /// warning.  For text whose own rules take such characters (the data: URL
  /// processing algorithm reads "data:text/plain ,X" and "data:,A B"), not for
  /// URLs in general.
  bool accept_excluded = false;
};

/// A parsed URL reference: its components as views into the caller's string
/// (draft 3 and 4, RFC 1738 3.1).  The naming rule (docs/guide.md, "Names"):
/// encoded_path() is the path as written, still %-escaped; path() is the
/// same component decoded, a decode_view that decodes as it is read; so for
/// the user, password, host, params, query and fragment.  The scheme and the
/// port cannot hold an escape and have one accessor each.  An absent
/// component is told apart from an empty one (has_query(), has_port(), ...).
/// Does not own its characters: the string parsed must outlive it (url owns
/// its copy).
class url_view {
 public:
  /// An empty reference.
  // User-provided on purpose: docs/performance.md, "Code shapes that matter".
  constexpr url_view() noexcept {}  // NOLINT(modernize-use-equals-default)

  /// The whole string that was parsed.
  std::string_view buffer() const noexcept { return {data_, size_}; }

  /// Whether the reference starts with a scheme (draft 4.1).
  bool has_scheme() const noexcept { return scheme_.at != 0; }
  /// The scheme, without the ":", as written (draft 4.1).
  std::string_view scheme() const noexcept { return get(scheme_); }
  /// True when the scheme equals `s`, ignoring ASCII case (RFC 1738 2.1).
  bool scheme_is(std::string_view s) const noexcept;

  /// True when the reference has a server component, i.e. "//" was present.
  bool has_server() const noexcept { return server_.at != 0; }
  /// The server component as written: "user:password@host:port" (draft
  /// 4.3.1).  It has no decoded form: decoding would merge its delimiters
  /// into its parts.
  std::string_view encoded_server() const noexcept { return get(server_); }
  /// Whether the server has a user, i.e. an "@" (draft 4.3.1).
  bool has_user() const noexcept { return user_.at != 0; }
  /// The user, before the ":" or "@" (draft 4.3.1), as written.
  std::string_view encoded_user() const noexcept { return get(user_); }
  /// The user, decoded.
  decode_view user() const noexcept { return decode_view(get(user_)); }
  /// Whether the user is followed by ":" password (draft 4.3.1).
  bool has_password() const noexcept { return password_.at != 0; }
  /// The password, between ":" and "@" (draft 4.3.1), as written.
  std::string_view encoded_password() const noexcept { return get(password_); }
  /// The password, decoded.
  decode_view password() const noexcept { return decode_view(get(password_)); }
  /// Present whenever the server is (empty for "file:///x").
  bool has_host() const noexcept { return host_.at != 0; }
  /// The host as written: hostname, hostnumber (draft 4.3.1) or, lenient,
  /// "[IPv6]"; lenient mode also takes escapes in a name.
  std::string_view encoded_host() const noexcept { return get(host_); }
  /// The host, decoded (an IPv6 literal keeps its brackets).
  decode_view host() const noexcept { return decode_view(get(host_)); }
  /// The kind of the host (meaningful when has_host()); computed on request.
  urlkit::host_kind host_kind() const noexcept;
  /// Whether a ":" follows the host (draft 4.3.1).
  bool has_port() const noexcept { return port_.at != 0; }
  /// The port's digits as written; may be empty (port = *digit, draft E.3).
  std::string_view port() const noexcept { return get(port_); }
  /// The port as a number: nullopt when absent or empty ("h:/": the default
  /// is meant, draft E.3); error_code::port_out_of_range (at the port's
  /// offset) when above 65535, which port = *digit allows but no client can
  /// use, so that such a port never reads as "no port".
  result<std::optional<std::uint16_t>> port_number() const noexcept;

  /// Whether a "/" preceded the path (it is not part of the path, draft 4.3.2).
  bool absolute_path() const noexcept { return absolute_path_; }
  /// The path as written, without the leading "/"; always present, possibly empty.
  std::string_view encoded_path() const noexcept { return get(path_); }
  /// The path, decoded: an encoded "/" (%2F) reads as "/" here, so a path
  /// is split into segments with segments(), never by splitting this.
  decode_view path() const noexcept { return decode_view(get(path_)); }

  /// Whether the path is followed by ";" parameters (draft 4.3.3).
  bool has_params() const noexcept { return params_.at != 0; }
  /// The parameters, after the first ";" (draft 4.3.3), as written.
  std::string_view encoded_params() const noexcept { return get(params_); }
  /// The parameters, decoded.
  decode_view params() const noexcept { return decode_view(get(params_)); }
  /// Whether there is a "?" query (draft 4.3.4).
  bool has_query() const noexcept { return query_.at != 0; }
  /// The query, after the "?" (draft 4.3.4), as written.
  std::string_view encoded_query() const noexcept { return get(query_); }
  /// The query, decoded ("+" stays "+": query_params() reads form data).
  decode_view query() const noexcept { return decode_view(get(query_)); }
  /// Whether there is a "#" fragment (draft 3).
  bool has_fragment() const noexcept { return fragment_.at != 0; }
  /// The fragment identifier, after the "#" (draft 3), as written.
  std::string_view encoded_fragment() const noexcept { return get(fragment_); }
  /// The fragment identifier, decoded.
  decode_view fragment() const noexcept { return decode_view(get(fragment_)); }

  /// The path's segments (segments.hpp): "a/b/" gives "a", "b", ""; an
  /// empty path none.  Each is a decode_view; allocates nothing.
  segments_view segments() const noexcept { return segments_view(get(path_)); }
  /// The query read as name=value pairs separated by "&" (segments.hpp):
  /// none when the query is absent or empty.  Allocates nothing.
  query_params_view query_params() const noexcept { return query_params_view(get(query_)); }

  /// An absolute URL reference starts with a scheme (draft 4.2).
  bool is_absolute() const noexcept { return has_scheme(); }
  /// True for "", "#frag": a reference to the current document (draft 3).
  bool is_same_document() const noexcept {
    return (scheme_.at | server_.at | path_.size | params_.at | query_.at) == 0 && !absolute_path_;
  }

  /// The mode the view was parsed in.
  urlkit::mode parsed_mode() const noexcept { return mode_; }
  /// How many warnings lenient parsing gave.  The warnings themselves go to
  /// parse_options::on_warning as they are found: a view keeps none.
  std::size_t warning_count() const noexcept { return warning_count_; }

  /// Recomposes the reference from its components (draft 6, step 7).  For a
  /// parsed view this gives back the input byte for byte: buffer(), the one
  /// name of a URL's text on every type, as a std::string.
  std::string recompose() const;
  /// Length of recompose(), without building it.  (Inline: resolution asks
  /// it of both its inputs, and the call cost as much as the sum.)
  std::size_t size() const noexcept {
    // The server as a whole: [ user [ ":" password ] "@" ] hostport (4.3.1).
    const auto part = [](slice s, std::size_t delimiters) {
      return s.at == 0 ? 0 : s.size + delimiters;
    };
    return std::size_t{path_.size} + (absolute_path_ ? 1 : 0) + part(scheme_, 1) +
           part(server_, 2) + part(params_, 1) + part(query_, 1) + part(fragment_, 1);
  }
  /// Writes recompose() into `out`, which must hold size() bytes; returns the end.
  char* write(char* out) const noexcept;
  /// The same reference without its fragment (the URL proper, draft 3).
  std::string without_fragment() const;

  /// Same components, byte for byte.
  friend bool operator==(const url_view& a, const url_view& b) noexcept;
  /// A hash consistent with operator== (std::hash<url_view> uses it).
  std::size_t hash() const noexcept;

 private:
  friend struct detail_access;
  // A component is kept as an offset into the buffer and a length, 32 bits
  // each (parsing refuses a URL of 4 GiB or more): docs/performance.md,
  // "Code shapes that matter", says why.
  struct slice {
    std::uint32_t at = 0;  // offset + 1; 0 when the component is absent
    std::uint32_t size = 0;
  };
  std::string_view get(slice s) const noexcept {
    return s.at == 0 ? std::string_view() : std::string_view(data_ + (s.at - 1), s.size);
  }
  const char* data_ = nullptr;
  std::uint32_t size_ = 0;
  std::uint32_t warning_count_ = 0;  // saturates at its maximum
  slice scheme_, server_, user_, password_, host_, port_;
  slice path_, params_, query_, fragment_;
  bool absolute_path_ = false;
  urlkit::mode mode_ = mode::lenient;
};

/// Same components (byte for byte); declared here too so that a shared
/// liburlkit exports it (a friend's own declaration takes no visibility).
bool operator==(const url_view& a, const url_view& b) noexcept;

/// Parses a URL reference:  URL-reference = [ absoluteURL | relativeURL ] [ "#" fragment ]
/// (draft section 3).  Never throws, never allocates.  A string of 4 GiB or
/// more is refused (error_code::url_too_large: a view's offsets are 32-bit).
result<url_view> parse_reference(std::string_view s, const parse_options& options = {}) noexcept;
/// Parses a URL reference in mode `m`, without warnings.
result<url_view> parse_reference(std::string_view s, mode m) noexcept;

/// Parses a URL reference that must start with a scheme (an absoluteURL, with
/// an optional fragment).
result<url_view> parse_absolute(std::string_view s, const parse_options& options = {}) noexcept;
/// Parses an absoluteURL in mode `m`, without warnings.
result<url_view> parse_absolute(std::string_view s, mode m) noexcept;

/// The views would point into a string about to be destroyed (see
/// detail::temporary_string).
template <detail::temporary_string S>
result<url_view> parse_reference(S&& s, const parse_options& options = {}) = delete;
template <detail::temporary_string S>
result<url_view> parse_reference(S&& s, mode m) = delete;
template <detail::temporary_string S>
result<url_view> parse_absolute(S&& s, const parse_options& options = {}) = delete;
template <detail::temporary_string S>
result<url_view> parse_absolute(S&& s, mode m) = delete;

/// Writes the reference as recompose() gives it (byte for byte the input).
std::ostream& operator<<(std::ostream& os, const url_view& v);

}  // namespace urlkit
URLKIT_END_API

/// Hashes a url_view as url_view::hash() does, consistent with operator==.
template <>
struct std::hash<urlkit::url_view> {
  /// url_view::hash() of `v`.
  std::size_t operator()(const urlkit::url_view& v) const noexcept { return v.hash(); }
};
