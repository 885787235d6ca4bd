// idna::endpoint_of: the core's endpoint_of (src/client/endpoint.cpp) with the
// host converted to its A-label form by to_ascii_host, as connect_ascii_host
// converts it.
#include "urlkit/endpoint.hpp"

#include "urlkit/idna.hpp"

namespace urlkit::idna {

result<endpoint> endpoint_of(const url_view& url) {
  return urlkit::endpoint_of(url, scheme_options{url.parsed_mode(), {}}, &to_ascii_host);
}

result<endpoint> endpoint_of(const url_view& url, const scheme_options& options) {
  return urlkit::endpoint_of(url, options, &to_ascii_host);
}

}  // namespace urlkit::idna
