// urlkit — url: an owning URL reference, and a builder that composes one from
// components, percent-encoding each with its own allowed set (draft 2.3.2:
// "the only time that characters within a URL can be safely escaped is when
// the URL is being created from its component parts").
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "urlkit/encoding.hpp"
#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// Owns its characters; view() gives the components.
///
/// Editing: each set_* re-composes the URL with one component changed and
/// parses it again in the mode the url was parsed in (lenient by default).
/// On an error the url is left as it was, and the error's offset counts in
/// the value given (its rule names the component).  set_NAME takes decoded
/// text and escapes what the component does not allow (draft 2.3.2);
/// set_encoded_NAME takes text that is already escaped and checks it.
/// A lenient url's setters deliver the warnings of the component set (what
/// lenient parsing reports there, the offset counted in that component) to
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
  static result<url> parse(std::string_view s, parse_options options = {});

  /// The URL's text (url_view::buffer() of view()).
  const std::string& buffer() const noexcept { return buffer_; }
  /// The components, as views into buffer().
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
  /// Sets the host (draft 4.3.1: hostname | hostnumber), escaping other bytes.
  result<void> set_host(std::string_view decoded, warning_sink on_warning = {});
  /// Sets the host, already escaped (draft 4.3.1).
  result<void> set_encoded_host(std::string_view encoded, warning_sink on_warning = {});
  /// Sets the port (draft 4.3.1).
  result<void> set_port(std::uint16_t port);
  /// Sets the port's digits; may be empty (port = *digit, draft E.3).
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
  result<void> edit(Edit&& change, rule r = rule::reference, warning_sink on_warning = {});
  std::string buffer_;
  url_view view_;
};

/// Composes a URL reference.  Setters taking plain (decoded) text escape what
/// the component does not allow; set_encoded_* take text that is already
/// escaped and check it.  Absent stays absent: only what is set is written.
class url_builder {
 public:
  url_builder() = default;
  /// Starts from the components of an existing reference.
  explicit url_builder(const url_view& v);

  /// Each setter checks its value at once: a value the component cannot
  /// hold is recorded (status()), with its offset in that value, and build()
  /// returns it.  The decoded setters escape what the component does not
  /// allow; only a host can still be refused (strict mode: hostname |
  /// hostnumber).
  url_builder& scheme(std::string_view s);  // 1*( alpha | digit | "+" | "-" | "." )
  /// Writes "//" even with no other server part (e.g. file:///, draft 4.3.1).
  url_builder& server();
  /// The user (draft 4.3.1), escaped where it needs it.
  url_builder& user(std::string_view decoded);
  /// The password (draft 4.3.1), escaped where it needs it.
  url_builder& password(std::string_view decoded);
  /// The host (draft 4.3.1: hostname | hostnumber).
  url_builder& host(std::string_view decoded);
  /// The port (draft 4.3.1).
  url_builder& port(std::uint16_t p);
  /// The port's digits; may be empty (port = *digit, draft E.3).
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

  /// The user, already escaped (draft 4.3.1).
  url_builder& encoded_user(std::string_view raw);
  /// The password, already escaped (draft 4.3.1).
  url_builder& encoded_password(std::string_view raw);
  /// The host, already escaped (draft 4.3.1).
  url_builder& encoded_host(std::string_view raw);
  /// The path, already escaped; `absolute` and a leading "/" as for path().
  url_builder& encoded_path(std::string_view raw, bool absolute = true);
  /// The parameters, already escaped (draft 4.3.3).
  url_builder& encoded_params(std::string_view raw);
  /// The query, already escaped (draft 4.3.4).
  url_builder& encoded_query(std::string_view raw);
  /// The fragment, already escaped (draft 3).
  url_builder& encoded_fragment(std::string_view raw);

  /// Leaves out the user, and the password with it.
  url_builder& clear_user();
  /// Leaves out the password.
  url_builder& clear_password();
  /// Leaves out the port.
  url_builder& clear_port();
  /// Leaves out the parameters.
  url_builder& clear_params();
  /// Leaves out the query.
  url_builder& clear_query();
  /// Leaves out the fragment.
  url_builder& clear_fragment();

  /// Success, or the first value a setter refused (its offset counts in that value).
  result<void> status() const noexcept {
    if (error_) return *error_;
    return {};
  }

  /// The composed string (not checked).
  std::string string() const;
  /// Composes and parses (strict mode): the first refused value's error, or
  /// an error naming the component at fault.
  result<url> build() const;
  /// The same, parsed in mode `m` (lenient takes what draft 2.3.3 allows),
  /// its warnings, offsets in the URL built, delivered to `on_warning`.
  result<url> build(urlkit::mode m, warning_sink on_warning = {}) const;

 private:
  std::optional<std::string> scheme_, user_, password_, host_, port_, params_, query_, fragment_;
  std::string path_;
  bool has_server_ = false;
  bool absolute_path_ = false;
  friend class url;
  urlkit::mode check_mode_ = mode::strict;  // what the setters check against
  std::optional<urlkit::error> error_;
  void refuse(const urlkit::error& e);
  url_builder& raw_path(std::string_view raw, bool absolute);  // no leading-"/" rule
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
