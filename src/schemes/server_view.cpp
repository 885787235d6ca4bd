// The members every server-based typed view shares (RFC 1738 3.1).
#include "urlkit/schemes/server_view.hpp"

#include "schemes/support.hpp"
#include "urlkit/encoding.hpp"

namespace urlkit {

std::string server_view::host() const {
  return decode(url_.host()).value();
}

std::string server_view::connect_host() const {
  return schemes::connect_host(url_);
}

}  // namespace urlkit
