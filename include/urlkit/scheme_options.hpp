// urlkit — how a scheme's own grammar (RFC 1738 section 5) is applied.  A
// header of its own: the typed views (through view_parser.hpp) and the
// scheme grammars take these options but neither sees the scheme registry
// (scheme.hpp), which is a layer above them.
#pragma once

#include "urlkit/export.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// How a scheme's own grammar is applied: strict refuses what its RFC 1738
/// section 5 production refuses; lenient accepts what draft 2.3.3 allows and
/// reports each departure as a warning.
struct scheme_options {
  urlkit::mode mode = mode::lenient;  ///< Strict or lenient (the default).
  warning_sink on_warning{};          ///< Receives each warning; none by default.
};

}  // namespace urlkit
URLKIT_END_API
