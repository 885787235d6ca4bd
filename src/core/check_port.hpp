// check_port against a given default port: the one check behind both
// overloads of urlkit::check_port (security.hpp), so that the overload
// without a registry needs none.
#pragma once

#include <cstdint>
#include <optional>

#include "urlkit/security.hpp"

namespace urlkit::detail {

/// The port of `url` against `default_port` (RFC 1738 6, draft 8).
result<port_check> check_port(const url_view& url,
                              std::optional<std::uint16_t> default_port) noexcept;

}  // namespace urlkit::detail
