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
#include "urlkit/result.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit {

/// Owns its characters; view() gives the components.
class url {
 public:
  url() = default;
  url(const url& other);
  url(url&& other) noexcept;
  url& operator=(const url& other);
  url& operator=(url&& other) noexcept;

  /// Parses (and copies) a URL reference.
  static result<url> parse(std::string_view s, parse_options options = {});

  const std::string& str() const noexcept { return buffer_; }
  const url_view& view() const noexcept { return view_; }
  const url_view* operator->() const noexcept { return &view_; }

  /// Same components as `other` (url_view's operator==).
  friend bool operator==(const url& a, const url& b) noexcept { return a.view_ == b.view_; }

 private:
  friend class url_builder;
  void reseat();  // re-parses buffer_ into view_ (the buffer is known valid)
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

  url_builder& scheme(
      std::string_view s);  // must match scheme = 1*( alpha | digit | "+" | "-" | "." )
  url_builder& server();    // "//" with an empty server (e.g. file:///)
  url_builder& user(std::string_view decoded);
  url_builder& password(std::string_view decoded);
  url_builder& host(std::string_view decoded);
  url_builder& port(std::uint16_t p);
  url_builder& port(std::string_view digits);  // may be empty (draft: port = *digit)
  /// The path, with "/" as segment separators; `absolute` gives the leading "/".
  url_builder& path(std::string_view decoded, bool absolute = true);
  url_builder& params(std::string_view decoded);
  url_builder& query(std::string_view decoded);
  url_builder& fragment(std::string_view decoded);

  url_builder& encoded_path(std::string_view raw, bool absolute = true);
  url_builder& encoded_query(std::string_view raw);

  url_builder& clear_user();  // also clears the password
  url_builder& clear_password();
  url_builder& clear_port();
  url_builder& clear_params();
  url_builder& clear_query();
  url_builder& clear_fragment();

  /// The composed string (not checked).
  std::string string() const;
  /// Composes and parses (strict mode): an error names the component at fault.
  result<url> build() const;

 private:
  std::optional<std::string> scheme_, user_, password_, host_, port_, params_, query_, fragment_;
  std::string path_;
  bool has_server_ = false;
  bool absolute_path_ = false;
};

/// Writes str().
std::ostream& operator<<(std::ostream& os, const url& u);

}  // namespace urlkit

template <>
struct std::hash<urlkit::url> {
  std::size_t operator()(const urlkit::url& u) const noexcept { return u.view().hash(); }
};
