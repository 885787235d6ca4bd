// The members every server-based typed view shares (RFC 1738 3.1).
#include "urlkit/schemes/server_view.hpp"

#include "schemes/support.hpp"

namespace urlkit {

decode_view server_view::connect_host() const noexcept {
  return schemes::connect_host(url());
}

}  // namespace urlkit
