// urlkit — a URL read by its scheme's typed view, whichever the scheme: the
// one place that knows which view reads which scheme (RFC 1738 3, RFC 2397).
#pragma once

#include <variant>

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/scheme_options.hpp"
#include "urlkit/schemes/data.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/gopher.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/schemes/news.hpp"
#include "urlkit/schemes/nntp.hpp"
#include "urlkit/schemes/prospero.hpp"
#include "urlkit/schemes/telnet.hpp"
#include "urlkit/schemes/wais.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// A URL as its scheme's typed view reads it; std::monostate for a scheme
/// without one (any scheme the views below do not name, or no scheme).
/// Views into the caller's text, as every view.
using typed_view =
    std::variant<std::monostate, ftp_view, http_view, gopher_view, mailto_view, news_view,
                 nntp_view, telnet_view, wais_view, file_view, prospero_view, data_view>;

/// Parses `url` with the typed view of its scheme, the name compared
/// ignoring case (RFC 1738 2.1): http_view for http, https, ws and wss,
/// ftp_view for ftp, ... data_view for data (its data_options made of
/// `options`).  The view's error when its grammar refuses the URL; for a
/// scheme without a typed view, monostate, and nothing checked (a
/// scheme_registry's check() gives such a scheme's verdict).
result<typed_view> parse_typed(const url_view& url, const scheme_options& options = {});

}  // namespace urlkit
URLKIT_END_API
