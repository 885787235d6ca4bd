// The scheme registry.
#include <algorithm>

#include "core/check_port.hpp"
#include "schemes/handlers.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/security.hpp"

namespace urlkit {

scheme_registry scheme_registry::with_standard_schemes() {
  scheme_registry r;
  for (auto make :
       {schemes::make_ftp_handler, schemes::make_http_handler, schemes::make_https_handler,
        schemes::make_ws_handler, schemes::make_wss_handler, schemes::make_gopher_handler,
        schemes::make_mailto_handler, schemes::make_news_handler, schemes::make_nntp_handler,
        schemes::make_telnet_handler, schemes::make_wais_handler, schemes::make_file_handler,
        schemes::make_prospero_handler, schemes::make_data_handler})
    r.add(make());
  return r;
}

const scheme_registry& scheme_registry::standard() {
  static const scheme_registry r = with_standard_schemes();
  return r;
}

void scheme_registry::add(std::shared_ptr<const scheme_handler> handler) {
  if (!handler) return;
  entry e{handler->name(), handler->opaque(), std::move(handler)};
  auto same = [&](const entry& h) { return detail::ascii::iequals(h.name, e.name); };
  auto it = std::find_if(handlers_.begin(), handlers_.end(), same);
  if (it != handlers_.end())
    *it = std::move(e);
  else
    handlers_.push_back(std::move(e));
}

result<void> scheme_registry::check(const url_view& url, const scheme_options& options) const {
  if (!url.has_scheme()) return {};
  const scheme_handler* h = find(url.scheme());
  if (!h) return {};
  return h->check(url, options);
}

std::vector<std::string_view> scheme_registry::names() const {
  std::vector<std::string_view> out;
  out.reserve(handlers_.size());
  for (const entry& h : handlers_) out.push_back(h.name);
  return out;
}

port_check check_port(const url_view& url, const scheme_registry& registry) noexcept {
  const scheme_handler* h = url.has_scheme() ? registry.find(url.scheme()) : nullptr;
  return h ? detail::check_port(url, h->default_port()) : check_port(url);
}

}  // namespace urlkit
