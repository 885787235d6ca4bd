// urlkit — URLs as RFC 1738, draft-fielding-uri-url-00 (RFC 1808 merged),
// RFC 2397 and RFC 2017 define them.  One include for the whole core API
// (the HTML link absolutizer, a library of its own, is <urlkit/html.hpp>).
#pragma once

/// \namespace urlkit
/// URLs as RFC 1738 and draft-fielding-uri-url-00 define them: parsing
/// (url_view, parse_reference), resolution (resolve, draft 6), composition
/// (url, url_builder), percent-encoding (draft 2.3), normalization and
/// equivalence (normalized, equivalent), the schemes of RFC 1738
/// section 3, data: URLs (RFC 2397), URLs in MIME (RFC 2017) and in free text
/// (extractor, RFC 1738 Appendix), and a document's base (draft 5).

#include "urlkit/base.hpp"
#include "urlkit/base64.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/decode_view.hpp"
#include "urlkit/encoding.hpp"
#include "urlkit/endpoint.hpp"
#include "urlkit/error.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/mime.hpp"
#include "urlkit/mime_type.hpp"
#include "urlkit/normalize.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/result.hpp"
#include "urlkit/scheme.hpp"
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
#include "urlkit/security.hpp"
#include "urlkit/url.hpp"
#include "urlkit/url_view.hpp"
