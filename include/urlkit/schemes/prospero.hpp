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
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/server_view.hpp"
#include "urlkit/schemes/view_parser.hpp"
#include "urlkit/segments.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// One fieldspec of a prospero URL (RFC 1738 5: fieldspec = ";" fieldname
/// "=" fieldvalue): the name=value element of every list of the API, its
/// name the fieldname and its value the fieldvalue.  has_value() is false
/// where lenient mode accepted a fieldspec without "=".
using prospero_fieldspec = query_param_view;

/// The fieldspecs of a prospero URL, in URL order.  Allocates nothing.
class prospero_fieldspecs {
 public:
  /// A forward iterator over the fieldspecs, each a prospero_fieldspec.
  class iterator : public detail::forward_iterator_base<iterator, prospero_fieldspec> {
   public:
    /// The end.
    iterator() noexcept = default;

    /// The fieldspec split at its first "=" (an escaped "=" is data).
    prospero_fieldspec operator*() const noexcept {
      return prospero_fieldspec((*specs_).encoded());
    }
    /// Moves to the next fieldspec.
    iterator& operator++() noexcept {
      ++specs_;
      return *this;
    }
    using forward_iterator_base::operator++;
    /// Whether both are at the same fieldspec, or both at the end.
    friend bool operator==(const iterator&, const iterator&) noexcept = default;

   private:
    friend class prospero_fieldspecs;
    explicit iterator(segments_view::iterator specs) noexcept : specs_(specs) {}
    segments_view::iterator specs_{};
  };

  /// No fieldspecs.
  prospero_fieldspecs() noexcept = default;
  /// The fieldspecs of `fields`, the raw *[ fieldspec ] from its first ";"
  /// (empty when there are none).
  explicit prospero_fieldspecs(std::string_view fields) noexcept
      : specs_(fields.empty() ? segments_view() : segments_view::list(fields.substr(1), ';')) {}

  /// The first fieldspec.
  iterator begin() const noexcept { return iterator(specs_.begin()); }
  /// Past the last fieldspec.
  iterator end() const noexcept { return {}; }
  /// Whether there are no fieldspecs.
  bool empty() const noexcept { return specs_.empty(); }
  /// The number of fieldspecs.
  std::size_t size() const noexcept { return specs_.size(); }
  /// The text the fieldspecs are read from, after the first ";".
  std::string_view buffer() const noexcept { return specs_.buffer(); }

 private:
  segments_view specs_{};
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

  /// The <hsoname>, decoded: the whole ppath, slashes included ("no
  /// significance may be assumed" of them).  prospero://host.dom//pros/name
  /// has the hsoname "/pros/name" (3.11).
  decode_view hsoname() const noexcept { return decode_view(ppath_); }
  /// The hsoname as written: the ppath.
  std::string_view encoded_hsoname() const noexcept { return ppath_; }
  /// The fieldspecs, in URL order, each read decoded or as written.
  /// Allocates nothing.
  prospero_fieldspecs fieldspecs() const noexcept { return prospero_fieldspecs(fields_); }

 private:
  friend struct view_parser<prospero_view>;
  // parse_prospero's checks (src/schemes/prospero.cpp).
  static result<prospero_view> from_url(const url_view& url, const scheme_options& options);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<prospero_view>;
  prospero_view(const url_view& u, std::uint16_t port, std::string_view ppath,
                std::string_view fields) noexcept
      : server_view(u, port), ppath_(ppath), fields_(fields) {}
  std::string_view ppath_{};
  std::string_view fields_{};  // raw *[ fieldspec ], from the first ";"
};

/// Checks a prospero URL against RFC 1738's prosperourl.  A user name or password is a strict error
/// and a lenient warning
/// ("No username or password is allowed", 3.11).  An encoded CR, LF or NUL
/// in the hsoname or a field is refused in both modes: Prospero requests are
/// lines of text, and NUL is the one byte the protocol cannot quote.
/// Allocates nothing.
/// parse_prospero(url) checks a parsed URL; parse_prospero(s) parses `s` first
/// (which must outlive the result).  The calls are view_parser's.
inline constexpr view_parser<prospero_view> parse_prospero{};

}  // namespace urlkit
URLKIT_END_API
