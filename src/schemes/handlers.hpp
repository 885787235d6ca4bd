// The standard schemes of RFC 1738 section 3, one maker each, defined in
// src/schemes/NAME.cpp; scheme_registry::with_standard_schemes() calls them all.
#pragma once

#include <memory>

#include "urlkit/scheme.hpp"

namespace urlkit::schemes {

std::shared_ptr<const scheme_handler> make_ftp_handler();       // 3.2
std::shared_ptr<const scheme_handler> make_http_handler();      // 3.3
std::shared_ptr<const scheme_handler> make_https_handler();     // RFC 2818, RFC 9110 4.2.2
std::shared_ptr<const scheme_handler> make_ws_handler();        // RFC 6455 3
std::shared_ptr<const scheme_handler> make_wss_handler();       // RFC 6455 3
std::shared_ptr<const scheme_handler> make_gopher_handler();    // 3.4
std::shared_ptr<const scheme_handler> make_mailto_handler();    // 3.5
std::shared_ptr<const scheme_handler> make_news_handler();      // 3.6
std::shared_ptr<const scheme_handler> make_nntp_handler();      // 3.7
std::shared_ptr<const scheme_handler> make_telnet_handler();    // 3.8
std::shared_ptr<const scheme_handler> make_wais_handler();      // 3.9
std::shared_ptr<const scheme_handler> make_file_handler();      // 3.10
std::shared_ptr<const scheme_handler> make_prospero_handler();  // 3.11
std::shared_ptr<const scheme_handler> make_data_handler();      // RFC 2397

}  // namespace urlkit::schemes
