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
class url {
 public:
  url() = default;
  url(const url& other);
  url(url&& other) noexcept;
  url& operator=(const url& other);
  url& operator=(url&& other) noexcept;

  /// Parses (and copies) a URL reference.
  static result<url> parse(std::string_view s, parse_options options = {});

  /// The URL's text (url_view::buffer() of view()).
  const std::string& buffer() const noexcept { return buffer_; }
  const url_view& view() const noexcept { return view_; }
  const url_view* operator->() const noexcept { return &view_; }

  result<void> set_scheme(std::string_view scheme);  // 1*( alpha | digit | "+" | "-" | "." )
  result<void> set_user(std::string_view decoded);
  result<void> set_encoded_user(std::string_view encoded);
  result<void> set_password(std::string_view decoded);  // an absent user becomes empty
  result<void> set_encoded_password(std::string_view encoded);
  result<void> set_host(std::string_view decoded);
  result<void> set_encoded_host(std::string_view encoded);
  result<void> set_port(std::uint16_t port);
  result<void> set_port(std::string_view digits);  // may be empty (port = *digit)
  /// The path, "/" separating segments; a leading "/" makes it absolute
  /// (draft 4.3.2: it is remembered, not kept in the path).  After a server
  /// the path is always written after a "/".
  result<void> set_path(std::string_view decoded);
  result<void> set_encoded_path(std::string_view encoded);
  result<void> set_params(std::string_view decoded);
  result<void> set_encoded_params(std::string_view encoded);
  result<void> set_query(std::string_view decoded);
  result<void> set_encoded_query(std::string_view encoded);
  result<void> set_fragment(std::string_view decoded);
  result<void> set_encoded_fragment(std::string_view encoded);

  /// Removes a component (absent, not empty).  remove_user removes the
  /// password too.  They can fail only where the result would not parse
  /// back (a port without a host, say).
  result<void> remove_user();
  result<void> remove_password();
  result<void> remove_port();
  result<void> remove_params();
  result<void> remove_query();
  result<void> remove_fragment();

  /// Path segments (view().segments() reads them): each decoded segment is
  /// escaped as path_segment, so a "/" in it is data (%2F).  `i` counts from
  /// 0; an index past the end is an error.
  result<void> append_segment(std::string_view decoded);
  result<void> replace_segment(std::size_t i, std::string_view decoded);
  result<void> erase_segment(std::size_t i);

  /// Query parameters (view().query_params() reads them): name and value are
  /// decoded text, escaped as query_param ("&", "=", "+", "#" and "%" become
  /// escapes, so they are data).  append adds "name=value" at the end;
  /// set replaces the value of the first parameter of that (decoded) name,
  /// removes the others and appends one when there is none; erase removes
  /// every parameter of that name, and the query with the last one.
  result<void> append_query_param(std::string_view name, std::string_view value);
  result<void> set_query_param(std::string_view name, std::string_view value);
  result<void> erase_query_param(std::string_view name);

  /// Same components as `other` (url_view's operator==).
  friend bool operator==(const url& a, const url& b) noexcept { return a.view_ == b.view_; }

 private:
  friend class url_builder;
  template <class Edit>
  result<void> edit(Edit&& change);
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
  /// hold is recorded (error()), with its offset in that value, and build()
  /// returns it.  The decoded setters escape what the component does not
  /// allow; only a host can still be refused (strict mode: hostname |
  /// hostnumber).
  url_builder& scheme(std::string_view s);  // 1*( alpha | digit | "+" | "-" | "." )
  url_builder& server();                    // "//" with an empty server (e.g. file:///)
  url_builder& user(std::string_view decoded);
  url_builder& password(std::string_view decoded);
  url_builder& host(std::string_view decoded);
  url_builder& port(std::uint16_t p);
  url_builder& port(std::string_view digits);  // may be empty (draft: port = *digit)
  /// The path, with "/" as segment separators; `absolute` gives the leading
  /// "/".  A leading "/" in `decoded` is that "/" itself (draft 4.3.2: it is
  /// remembered, not part of the path): path("/a/b") is path("a/b", true),
  /// never "//a/b"; with absolute = false it is an error.
  url_builder& path(std::string_view decoded, bool absolute = true);
  url_builder& params(std::string_view decoded);
  url_builder& query(std::string_view decoded);
  url_builder& fragment(std::string_view decoded);

  url_builder& encoded_user(std::string_view raw);
  url_builder& encoded_password(std::string_view raw);
  url_builder& encoded_host(std::string_view raw);
  url_builder& encoded_path(std::string_view raw, bool absolute = true);  // as path()
  url_builder& encoded_params(std::string_view raw);
  url_builder& encoded_query(std::string_view raw);
  url_builder& encoded_fragment(std::string_view raw);

  url_builder& clear_user();  // also clears the password
  url_builder& clear_password();
  url_builder& clear_port();
  url_builder& clear_params();
  url_builder& clear_query();
  url_builder& clear_fragment();

  /// The first value a setter refused, if any (its offset counts in that value).
  const std::optional<urlkit::error>& error() const noexcept { return error_; }

  /// The composed string (not checked).
  std::string string() const;
  /// Composes and parses (strict mode): the first refused value's error, or
  /// an error naming the component at fault.
  result<url> build() const;
  /// The same, parsed in mode `m` (lenient takes what draft 2.3.3 allows).
  result<url> build(urlkit::mode m) const;

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

/// Writes str().
std::ostream& operator<<(std::ostream& os, const url& u);

}  // namespace urlkit
URLKIT_END_API

template <>
struct std::hash<urlkit::url> {
  std::size_t operator()(const urlkit::url& u) const noexcept { return u.view().hash(); }
};
