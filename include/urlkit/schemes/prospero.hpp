// urlkit — prospero URLs (RFC 1738 section 3.11; grammar in section 5).
//
//   prospero://<host>:<port>/<hsoname>;<field>=<value>
//
// "The <hsoname> is the host-specific object name in the Prospero protocol,
// suitably encoded.  This name is opaque and interpreted by the Prospero
// server."  The optional fields "serve to identify the target of the URL.
// For example, the OBJECT-VERSION field can be specified to identify a
// specific version of an object" (3.11).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/export.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/encoded_parts.hpp"
#include "urlkit/schemes/server_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// One ";<field>=<value>" of a prospero URL, decoded.
struct prospero_field {
  std::string name;   ///< The fieldname, decoded.
  std::string value;  ///< The fieldvalue, decoded.
  /// Same name and value.
  friend bool operator==(const prospero_field&, const prospero_field&) = default;
};

/// One fieldspec of a prospero URL as written (RFC 1738 5: fieldspec = ";"
/// fieldname "=" fieldvalue): views into the URL, still escaped.  The value
/// is empty where lenient mode accepted a fieldspec without "=".
struct prospero_fieldspec {
  encoded_part name;   ///< The fieldname, as written.
  encoded_part value;  ///< The fieldvalue, as written (empty without "=").
  /// Both decoded.  Allocates the strings.
  prospero_field decode() const { return {name.decode(), value.decode()}; }
};

/// The fieldspecs of a prospero URL, in URL order.  Allocates nothing.
class prospero_fieldspecs {
 public:
  /// A forward iterator over the fieldspecs, each a prospero_fieldspec.
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;  ///< Forward only.
    using value_type = prospero_fieldspec;                ///< An element.
    using difference_type = std::ptrdiff_t;               ///< A distance.
    using pointer = const prospero_fieldspec*;            ///< Not used: elements are values.
    using reference = prospero_fieldspec;                 ///< What * gives: a value.

    /// The end.
    constexpr iterator() noexcept = default;

    /// The fieldspec split at its first "=" (an escaped "=" is data).
    constexpr prospero_fieldspec operator*() const noexcept {
      const std::string_view spec = (*specs_).encoded();
      const auto eq = spec.find('=');
      if (eq == std::string_view::npos)
        return {encoded_part(spec), encoded_part(spec.substr(spec.size()))};
      return {encoded_part(spec.substr(0, eq)), encoded_part(spec.substr(eq + 1))};
    }
    /// Moves to the next fieldspec.
    constexpr iterator& operator++() noexcept {
      ++specs_;
      return *this;
    }
    /// Moves to the next fieldspec; returns the iterator as it was.
    constexpr iterator operator++(int) noexcept {
      iterator old = *this;
      ++*this;
      return old;
    }
    /// Whether both are at the same fieldspec, or both at the end.
    friend constexpr bool operator==(const iterator&, const iterator&) noexcept = default;

   private:
    friend class prospero_fieldspecs;
    constexpr explicit iterator(encoded_parts::iterator specs) noexcept : specs_(specs) {}
    encoded_parts::iterator specs_{};
  };

  /// No fieldspecs.
  constexpr prospero_fieldspecs() noexcept = default;
  /// The fieldspecs of `fields`, the raw *[ fieldspec ] from its first ";"
  /// (empty when there are none).
  constexpr explicit prospero_fieldspecs(std::string_view fields) noexcept
      : specs_(fields.empty() ? encoded_parts() : encoded_parts(fields.substr(1), ';')) {}

  /// The first fieldspec.
  constexpr iterator begin() const noexcept { return iterator(specs_.begin()); }
  /// Past the last fieldspec.
  constexpr iterator end() const noexcept { return {}; }
  /// Whether there are no fieldspecs.
  constexpr bool empty() const noexcept { return specs_.empty(); }
  /// The number of fieldspecs.
  constexpr std::size_t size() const noexcept { return specs_.size(); }
  /// The text the fieldspecs are read from, after the first ";".
  constexpr std::string_view buffer() const noexcept { return specs_.buffer(); }

 private:
  encoded_parts specs_{};
};

/// A prospero URL, checked: views into the caller's text (which must outlive
/// it) and the port.  Parsing one allocates nothing; each decoded part is
/// made when asked for.
class prospero_view : public server_view {
 public:
  /// An empty view (what a failed result holds).
  prospero_view() noexcept : server_view({}, default_port) {}
  /// "If :<port> is omitted, the port defaults to 1525" (3.11).
  static constexpr std::uint16_t default_port = *urlkit::default_port("prospero");

  /// The decoded <hsoname>: the whole ppath, slashes included ("no
  /// significance may be assumed" of them).  prospero://host.dom//pros/name
  /// has the hsoname "/pros/name" (3.11).
  std::string hsoname() const;
  /// The raw ppath (still escaped): the hsoname as written.
  std::string_view ppath() const noexcept { return ppath_; }
  /// The fieldspecs as written, in URL order.  Allocates nothing; decode each
  /// with prospero_fieldspec::decode() or its parts' decode_to().
  prospero_fieldspecs fieldspecs() const noexcept { return prospero_fieldspecs(fields_); }
  /// The fields decoded, in URL order.  Allocates the vector and its strings.
  std::vector<prospero_field> fields() const;

 private:
  friend result<prospero_view> parse_prospero(const url_view&, const scheme_options&);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<prospero_view>;
  prospero_view(const url_view& u, std::uint16_t port, std::string_view ppath,
                std::string_view fields) noexcept
      : server_view(u, port), ppath_(ppath), fields_(fields) {}
  std::string_view ppath_{};
  std::string_view fields_{};  // raw *[ fieldspec ], from the first ";"
};

/// Writes the URL as written (server_view::buffer()).
std::ostream& operator<<(std::ostream& os, const prospero_view& v);

/// Checks a prospero URL against RFC 1738's prosperourl.  A user name or password is a strict error
/// and a lenient warning
/// ("No username or password is allowed", 3.11).  An encoded CR, LF or NUL
/// in the hsoname or a field is refused in both modes: Prospero requests are
/// lines of text, and NUL is the one byte the protocol cannot quote.
/// Allocates nothing.
result<prospero_view> parse_prospero(const url_view& url, const scheme_options& options = {});
/// Parses `s` (which must outlive the result) and checks it as above.
result<prospero_view> parse_prospero(std::string_view s, const scheme_options& options = {});
/// Deleted: the view would point into a string about to be destroyed.
template <detail::temporary_string S>
result<prospero_view> parse_prospero(S&& s, const scheme_options& options = {}) = delete;

}  // namespace urlkit
URLKIT_END_API
