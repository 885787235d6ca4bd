// urlkit — establishing the base URL of a document (draft-fielding-uri-url-00
// section 5).
//
// The draft orders the ways a base URL is known as layers, the innermost
// defined one winning:
//
//   5.1  embedded in the content (HTML <BASE href>), or in the headers of the
//        message that carries it: Content-Base, then Content-Location
//   5.2  the base URL of the encapsulating entity
//   5.3  the URL used to retrieve the document (the last one after redirects)
//   5.4  none: the base is "" (undefined), every reference must be absolute
//
// establish_base takes what the caller knows of each layer and gives the base
// with the layer that gave it.  See docs/html.md for the readings taken where
// the draft leaves room.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "urlkit/error.hpp"
#include "urlkit/export.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/result.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// What the caller knows of each layer; leave unknown ones empty (nullopt).
struct base_context {
  /// 5.1: the base embedded in the content, e.g. the href of HTML's first BASE
  /// element.  May be relative: it is then resolved against the base the
  /// outer layers give (the headers, else 5.2, else 5.3).
  std::optional<std::string> embedded;
  /// 5.1: the Content-Base field value ("Content-Base" ":" absoluteURL).
  /// White space in it, folds included, is ignored.
  std::optional<std::string> content_base;
  /// 5.1: the Content-Location field value (absoluteURL | relativeURL).
  /// White space in it is ignored.  A relative one is resolved against the
  /// retrieval context of the message: the encapsulating entity's base (5.2),
  /// else the retrieval URL (5.3).
  std::optional<std::string> content_location;
  /// 5.2: the base URL of the entity this document is enclosed in.  Present
  /// means "encapsulated": an empty value is an encapsulating entity whose
  /// base is itself undefined, and the retrieval URL is then not used (5.3
  /// applies only to a document "not encapsulated within some other entity").
  std::optional<std::string> encapsulating;
  /// 5.3: the URL the document was retrieved with, the last one after
  /// redirects.  Empty is the same as absent.
  std::optional<std::string> retrieval;
  /// How a relative embedded base or Content-Location is resolved against
  /// the layers outside it (urlkit::resolve by this specification; RFC 3986
  /// 5.1 layers the base alike).
  specification spec = specification::rfc1808;

  /// Takes one message header field: Content-Base or Content-Location, the
  /// name compared ignoring case (draft 5.1).  The first occurrence of each
  /// wins.  Returns false (and changes nothing) for any other name.
  bool set_header(std::string_view name, std::string_view value);

  /// Takes the Content-Base and Content-Location fields of an RFC 822 header
  /// block ("Name: value" lines, LF or CRLF, a line starting with SPACE or TAB
  /// continuing the field before it); reading stops at the first empty line.
  /// Returns how many of the two fields were taken.
  std::size_t read_headers(std::string_view header_block);
};

/// The base URL of a document, and the layer that gave it.
struct established_base {
  /// Where a base URL comes from (draft 5.1 to 5.4), innermost first.
  enum class layer : std::uint8_t {
    embedded,          ///< 5.1, in the content
    content_base,      ///< 5.1, the Content-Base header
    content_location,  ///< 5.1, the Content-Location header
    encapsulating,     ///< 5.2
    retrieval,         ///< 5.3
    undefined,         ///< 5.4: the empty base
  };

  /// Absolute and without a fragment (draft 3: the fragment "is not part of
  /// a URL"); empty when the base is undefined.
  std::string url;
  /// The layer that gave `url`.
  layer from = layer::undefined;
  /// When the layer's value was relative: the layer whose base it was
  /// resolved against.
  std::optional<layer> resolved_against;

  /// Whether there is a base (not 5.4's undefined one).
  bool defined() const noexcept { return from != layer::undefined; }
};

/// "embedded", "content_base", "content_location", "encapsulating",
/// "retrieval" or "undefined": the enumerator's name, as every public enum
/// is named (docs/guide.md, "Names"); empty past the enumeration.
std::string_view to_string(established_base::layer l) noexcept;
/// The layer as messages name it, and as error::source and warning::source
/// hold it: the header layers by their fields' names, "Content-Base" and
/// "Content-Location" (draft 5.1), the others as to_string() names them.
std::string_view layer_source(established_base::layer l) noexcept;
/// The section of the draft that defines the layer: "5.1" ... "5.4".
std::string_view layer_section(established_base::layer l) noexcept;
/// The layer whose layer_source() is `name` (an error's or a warning's
/// source); nullopt for any other text.
std::optional<established_base::layer> layer_named(std::string_view name) noexcept;
/// The value `context` holds for layer `l`; null when it holds none (and for
/// undefined).
const std::string* layer_value(const base_context& context, established_base::layer l) noexcept;

/// Stream output, for logs and test frameworks: a layer prints as its name,
/// to_string() (a value outside the enumeration: "layer(N)").
std::ostream& operator<<(std::ostream& os, established_base::layer l);

/// Establishes the base URL by draft section 5, an order of precedence,
/// innermost first: embedded, Content-Base, Content-Location, encapsulating,
/// retrieval, else undefined.  The innermost layer given wins; a relative
/// embedded base or Content-Location is resolved against the layers outside
/// it.  Every value given is checked (lenient parse): Content-Base,
/// encapsulating and retrieval must be absolute.
///
/// What is wrong with a layer that the base does not depend on is a warning,
/// not a failure (draft 5 is an order of precedence): `on_warning` receives
/// one per such layer, innermost first, code passed_over, `source` the
/// layer's name (layer_named() gives the layer back), the offset in that
/// layer's value.  What is wrong with the winning layer, or one it is
/// resolved against, is the error, its `source` the layer's name ("Content-Base:
/// offset 7: port must be digits"), its offset one in the layer's value as
/// given (white space of a header value included): a value that does not parse (the parser's
/// error), a relative Content-Base, encapsulating or retrieval URL (base_not_absolute), a relative
/// embedded base or Content-Location with nothing to resolve it against (base_undefined) or whose
/// resolution fails.  The winner is never passed over for a layer further out: that base is not the
/// one the document's author meant.
result<established_base> establish_base(const base_context& context, warning_sink on_warning = {});

/// Section 5.1 on top of a base the outer layers already gave: `embedded`, if
/// relative, is resolved against `outer`.  Errors have source "embedded".
result<established_base> establish_base(std::string_view embedded, const established_base& outer);
/// The same, `embedded` resolved by the algorithm of `spec`.
result<established_base> establish_base(std::string_view embedded, const established_base& outer,
                                        specification spec);

}  // namespace urlkit
URLKIT_END_API
