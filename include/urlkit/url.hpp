// urlkit — url: an owning URL reference, and a builder that composes one from
// components, percent-encoding each with its own allowed set (draft 2.3.2:
// "the only time that characters within a URL can be safely escaped is when
// the URL is being created from its component parts").
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "urlkit/encoding.hpp"
#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

namespace detail {
/// What the language would convert to a port number, but is not one: bool
/// and the character types (`'8'` would be port 56), floating point (it
/// would be truncated) and enumerations.  The port setters are deleted for
/// them, so that such a call does not compile.
template <class T>
concept not_a_port_number = std::same_as<T, bool> || std::same_as<T, char> ||
    std::same_as<T, wchar_t> || std::same_as<T, char8_t> || std::same_as<T, char16_t> ||
    std::same_as<T, char32_t> || std::floating_point<T> || std::is_enum_v<T>;
/// An integer a port may be given as: any integral type but those above
/// (signed char and unsigned char are std::int8_t and std::uint8_t).
template <class T>
concept port_integer = std::integral<T> && !not_a_port_number<T>;
}  // namespace detail

/// Owns its characters; view() gives the components.
///
/// Editing follows the url's mode (the mode it was parsed or built in,
/// lenient by default): each set_* checks its value alone by that
/// component's rule of the grammar in that mode, as url_builder does, and
/// composes the URL again with that one component changed; the others are
/// kept as they are, so an edit never fails because of one it did not
/// touch.  On an error the url is left as it was, and the error's offset
/// counts in the value given (its rule names the component).  set_NAME
/// takes decoded text and escapes what the component does not allow (draft
/// 2.3.2); set_encoded_NAME takes text that is already escaped and checks
/// it.  A lenient url's setters deliver the warnings of the value set (what
/// lenient parsing reports there, the offset counted in that value) to
/// `on_warning`, as the parser does (error.hpp).
class url {
 public:
  /// An empty reference.
  url() = default;
  /// A copy; its view points into the copy's own text.
  url(const url& other);
  /// Takes `other`'s text; `other` is left empty.
  url(url&& other) noexcept;
  /// Copies `other`; the view points into this url's own text.
  url& operator=(const url& other);
  /// Takes `other`'s text; `other` is left empty.
  url& operator=(url&& other) noexcept;

  /// Parses (and copies) a URL reference.
  static result<url> parse(std::string_view s, const parse_options& options = {});

  /// The URL's text (url_view::buffer() of view()).
  const std::string& buffer() const noexcept { return buffer_; }
  /// The components, as views into buffer(): the url_view itself, for the
  /// functions that take one (normalized(u.view()), parse_http(u.view())).
  /// Valid until the url is changed, moved from or destroyed.
  const url_view& view() const noexcept { return view_; }
  /// view()'s members: u->host(), u->query().
  const url_view* operator->() const noexcept { return &view_; }

  /// Sets the scheme: 1*( alpha | digit | "+" | "-" | "." ) (draft 4.1), never escaped.
  result<void> set_scheme(std::string_view scheme, warning_sink on_warning = {});
  /// Sets the user (draft 4.3.1), escaping what it does not allow.
  result<void> set_user(std::string_view decoded, warning_sink on_warning = {});
  /// Sets the user, already escaped: *( uchar | ";" | "?" | "&" | "=" | "+" ) (draft 4.3.1).
  result<void> set_encoded_user(std::string_view encoded, warning_sink on_warning = {});
  /// Sets the password (draft 4.3.1), escaping what it does not allow; an
  /// absent user becomes empty.
  result<void> set_password(std::string_view decoded, warning_sink on_warning = {});
  /// Sets the password, already escaped (draft 4.3.1); an absent user becomes empty.
  result<void> set_encoded_password(std::string_view encoded, warning_sink on_warning = {});
  /// Sets the host (draft 4.3.1: hostname | hostnumber; lenient mode, also
  /// "[IPv6]"), as url_builder::host() checks it: "::1" is an error that says
  /// to use brackets (or set_host_address()), "bad host" one at the space,
  /// "例え.jp" one (error_code::non_ascii_host) that names set_idna_host
  /// (urlkit/idna.hpp), which sets an internationalized name.
  result<void> set_host(std::string_view decoded, warning_sink on_warning = {});
  /// Sets an IP address as the host: IPv4 as it is, IPv6 without brackets,
  /// which are written ("::1" gives "[::1]"; lenient mode only, RFC 2732).
  result<void> set_host_address(std::string_view address, warning_sink on_warning = {});
  /// Sets the host, already escaped (draft 4.3.1).
  result<void> set_encoded_host(std::string_view encoded, warning_sink on_warning = {});
  /// Sets the port (draft 4.3.1).
  result<void> set_port(std::uint16_t port);
  /// Sets the port from a number of any other integer type, checked before
  /// it is narrowed: one outside 0..65535 (negative, or above: port = *digit
  /// has no sign, and no TCP or UDP port is above, RFC 793 3.1) is refused
  /// (error_code::port_out_of_range, offset 0 of its decimal form) and the
  /// url is left as it was.
  template <detail::port_integer T>
  result<void> set_port(T port) {
    if (std::in_range<std::uint16_t>(port)) return set_port(static_cast<std::uint16_t>(port));
    return refuse_port(std::to_string(port));
  }
  /// bool, characters, floating point and enumerations are not port
  /// numbers (detail::not_a_port_number): deleted.
  template <detail::not_a_port_number T>
  result<void> set_port(T) = delete;
  /// Sets the port's digits; may be empty (port = *digit, draft E.3).  Above
  /// 65535 is refused (error_code::port_out_of_range) in both modes.
  result<void> set_port(std::string_view digits, warning_sink on_warning = {});
  /// The path, "/" separating segments; a leading "/" makes it absolute
  /// (draft 4.3.2: it is remembered, not kept in the path).  After a server
  /// the path is always written after a "/".
  result<void> set_path(std::string_view decoded, warning_sink on_warning = {});
  /// Sets the path, already escaped, as set_path() reads "/" (draft 4.3.2).
  result<void> set_encoded_path(std::string_view encoded, warning_sink on_warning = {});
  /// Sets the parameters (draft 4.3.3), ";" separating them, escaping the rest.
  result<void> set_params(std::string_view decoded, warning_sink on_warning = {});
  /// Sets the parameters, already escaped: param *( ";" param ) (draft 4.3.3).
  result<void> set_encoded_params(std::string_view encoded, warning_sink on_warning = {});
  /// Sets the query (draft 4.3.4), escaping what is not a urlchar.
  result<void> set_query(std::string_view decoded, warning_sink on_warning = {});
  /// Sets the query, already escaped: *urlchar (draft 4.3.4).
  result<void> set_encoded_query(std::string_view encoded, warning_sink on_warning = {});
  /// Sets the fragment (draft 3), escaping what is not a urlchar.
  result<void> set_fragment(std::string_view decoded, warning_sink on_warning = {});
  /// Sets the fragment, already escaped: *urlchar (draft 3).
  result<void> set_encoded_fragment(std::string_view encoded, warning_sink on_warning = {});

  /// Removes the user and the password (absent, not empty).  Each remove_*
  /// can fail only where the result would not parse back (a port without a
  /// host, say).
  result<void> remove_user();
  /// Removes the password; the user stays.
  result<void> remove_password();
  /// Removes the port and its ":".
  result<void> remove_port();
  /// Removes the parameters and their ";".
  result<void> remove_params();
  /// Removes the query and its "?".
  result<void> remove_query();
  /// Removes the fragment and its "#".
  result<void> remove_fragment();

  /// Appends a path segment (view().segments() reads them): the decoded
  /// segment is escaped as component::path_segment, so a "/" in it is data
  /// (%2F).
  result<void> append_segment(std::string_view decoded);
  /// Replaces segment `i` (from 0; past the end is an error), escaped as
  /// append_segment() escapes it.
  result<void> replace_segment(std::size_t i, std::string_view decoded);
  /// Removes segment `i` (from 0; past the end is an error).
  result<void> erase_segment(std::size_t i);

  /// Appends "name=value" to the query (view().query_params() reads the
  /// parameters).  Here and in set_query_param() and erase_query_param(),
  /// name and value are decoded text, escaped as component::query_param ("&",
  /// "=", "+", "#" and "%" become escapes, so they are data), and a name is
  /// compared decoded.
  result<void> append_query_param(std::string_view name, std::string_view value);
  /// Gives the first parameter named `name` the value `value` and removes the
  /// others of that name; appends one when there is none.
  result<void> set_query_param(std::string_view name, std::string_view value);
  /// Removes every parameter named `name`, and the query with the last one.
  result<void> erase_query_param(std::string_view name);

  /// Rewrites the url in its normal form, the fragment kept (urlkit/normalize.hpp
  /// says what the form is; remove_fragment() drops the fragment).  On an
  /// error (the normal form reaches 4 GiB) the url is left as it was.
  result<void> normalize();

  /// Same components, byte for byte (url_view's operator==; equivalence,
  /// urlkit/normalize.hpp, compares normal forms).
  friend bool operator==(const url& a, const url& b) noexcept { return a.view_ == b.view_; }

 private:
  friend class url_builder;
  template <class Edit>
  result<void> edit(Edit&& change, warning_sink on_warning = {});
  // A port number outside 0..65535, in decimal: url_builder::refuse_port's error.
  result<void> refuse_port(const std::string& number);
  std::string buffer_;
  url_view view_;
};

/// Composes a URL reference.  Setters taking plain (decoded) text escape what
/// the component does not allow; set_encoded_* take text that is already
/// escaped and check it.  Absent stays absent: only what is set is written.
///
/// The builder has one mode, given at its start (strict by default: the BNF
/// only; a builder started from a view takes the view's mode).  The setters
/// chain and neither fail nor warn: each value is checked when it is set,
/// alone, by its component's own rule of the grammar, in that mode, and what
/// the check finds is kept with the value (a value set again replaces it).
/// build() is the one call that reports, as url::set_* does: the first
/// refused component's error (in the URL's order, its offset in the value
/// given) as its result, and in lenient mode the values' warnings, offsets in
/// those values, to its `on_warning`.  It composes the text and makes its
/// view from where each component was written: nothing is parsed twice.
class url_builder {
 public:
  /// An empty builder that checks in mode `m`.
  explicit url_builder(urlkit::mode m = mode::strict) noexcept;
  /// Starts from the components of an existing reference, in its mode
  /// (url_view::parsed_mode()); they are taken as they are.
  explicit url_builder(const url_view& v);
  /// 1*( alpha | digit | "+" | "-" | "." ) (draft 4.1), never escaped.
  url_builder& scheme(std::string_view s);
  /// Writes "//" even with no other server part (e.g. file:///, draft 4.3.1).
  url_builder& server();
  /// The user (draft 4.3.1), escaped where it needs it.
  url_builder& user(std::string_view decoded);
  /// The password (draft 4.3.1), escaped where it needs it.
  url_builder& password(std::string_view decoded);
  /// The host (draft 4.3.1: hostname | hostnumber; lenient mode, also an
  /// IPv6 literal in brackets, "[::1]", RFC 2732).  A byte no host name
  /// holds (a space, ":") is an error, not escaped; so is a non-ASCII byte
  /// (an internationalized name in UTF-8: error_code::non_ascii_host, in
  /// both modes), which escapes would turn into a name no resolver looks
  /// up: set_idna_host (urlkit/idna.hpp) sets its A-label form.
  url_builder& host(std::string_view decoded);
  /// An IP address as the host: IPv4 as it is ("10.0.0.1"), IPv6 without
  /// brackets, which are written ("::1" gives "[::1]", lenient mode only, RFC
  /// 2732); a zone's "%" is written "%25" (RFC 6874).
  url_builder& host_address(std::string_view address);
  /// The port (draft 4.3.1).
  url_builder& port(std::uint16_t p);
  /// The port from a number of any other integer type, checked before it is
  /// narrowed: one outside 0..65535 is refused (error_code::port_out_of_range,
  /// as url::set_port() refuses it).
  template <detail::port_integer T>
  url_builder& port(T p) {
    if (std::in_range<std::uint16_t>(p)) return port(static_cast<std::uint16_t>(p));
    return refuse_port(std::to_string(p));
  }
  /// bool, characters, floating point and enumerations are not port
  /// numbers (detail::not_a_port_number): deleted.
  template <detail::not_a_port_number T>
  url_builder& port(T) = delete;
  /// The port's digits; may be empty (port = *digit, draft E.3).  A port
  /// above 65535 is refused (error_code::port_out_of_range) in both modes.
  url_builder& port(std::string_view digits);
  /// The path, with "/" as segment separators; `absolute` gives the leading
  /// "/".  A leading "/" in `decoded` is that "/" itself (draft 4.3.2: it is
  /// remembered, not part of the path): path("/a/b") is path("a/b", true),
  /// never "//a/b"; with absolute = false it is an error.
  url_builder& path(std::string_view decoded, bool absolute = true);
  /// The parameters (draft 4.3.3), ";" separating them.
  url_builder& params(std::string_view decoded);
  /// The query (draft 4.3.4).
  url_builder& query(std::string_view decoded);
  /// The fragment (draft 3).
  url_builder& fragment(std::string_view decoded);
  /// The user, already escaped: *( uchar | ";" | "?" | "&" | "=" | "+" ) (draft 4.3.1).
  url_builder& encoded_user(std::string_view raw);
  /// The password, already escaped (draft 4.3.1).
  url_builder& encoded_password(std::string_view raw);
  /// The host, already escaped (draft 4.3.1), or an IPv6 literal (lenient).
  url_builder& encoded_host(std::string_view raw);
  /// The path, already escaped; `absolute` and a leading "/" as for path().
  url_builder& encoded_path(std::string_view raw, bool absolute = true);
  /// The parameters, already escaped: param *( ";" param ) (draft 4.3.3).
  url_builder& encoded_params(std::string_view raw);
  /// The query, already escaped: *urlchar (draft 4.3.4).
  url_builder& encoded_query(std::string_view raw);
  /// The fragment, already escaped: *urlchar (draft 3).
  url_builder& encoded_fragment(std::string_view raw);
  /// Leaves out the user, and the password with it.
  url_builder& remove_user();
  /// Leaves out the password.
  url_builder& remove_password();
  /// Leaves out the port.
  url_builder& remove_port();
  /// Leaves out the parameters.
  url_builder& remove_params();
  /// Leaves out the query.
  url_builder& remove_query();
  /// Leaves out the fragment.
  url_builder& remove_fragment();
  /// The mode the values are checked in.
  urlkit::mode mode() const noexcept { return mode_; }
  /// The composed string (not checked).
  std::string string() const;
  /// The url, or the error of the first refused component in the URL's order
  /// (scheme, user, password, host, port, path, params, query, fragment), its
  /// offset in the value given; else an error of how the components go
  /// together (a user or port without a host: host_expected).  The warnings
  /// of the values set go to `on_warning` first, in the same order, each
  /// offset in its value (a strict builder has none).  Its view is in the
  /// builder's mode; its url_view::warning_count() counts the warnings of the
  /// view the builder started from and of the values set.
  result<url> build(warning_sink on_warning = {}) const;

 private:
  std::optional<std::string> scheme_, user_, password_, host_, port_, params_, query_, fragment_;
  std::string path_;
  bool has_server_ = false;
  bool absolute_path_ = false;
  urlkit::mode mode_ = mode::strict;
  std::size_t view_warnings_ = 0;  // those of the view the builder started from
  // What the checks of the values set found, each with its component's
  // rule: kept until that component is set again or removed (forget()).
  std::vector<std::pair<rule, urlkit::error>> refused_;
  std::vector<std::pair<rule, urlkit::warning>> warned_;
  friend class url;
  // urlkit_idna's builder setter: IDNA's refusal kept as a refused host.
  friend url_builder& set_idna_host(url_builder& b, std::string_view unicode_host);
  std::optional<urlkit::error> component_error(rule r, std::string_view value,
                                               std::size_t shift = 0);
  bool check(rule r, std::string_view value, std::size_t shift = 0);
  void refuse(rule r, const urlkit::error& e);
  void forget(rule r) noexcept;
  url_builder& refuse_port(const std::string& number);         // outside 0..65535, in decimal
  url_builder& raw_path(std::string_view raw, bool absolute);  // escaped segments, unchecked
};

/// Writes buffer().
std::ostream& operator<<(std::ostream& os, const url& u);

}  // namespace urlkit
URLKIT_END_API

/// Hashes a url as its view: url_view::hash(), consistent with operator==.
template <>
struct std::hash<urlkit::url> {
  /// url_view::hash() of `u`'s view.
  std::size_t operator()(const urlkit::url& u) const noexcept { return u.view().hash(); }
};
