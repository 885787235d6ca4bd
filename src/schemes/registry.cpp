// The scheme registry, the default ports and the security checks of RFC 1738
// section 6 / draft section 8.
#include <algorithm>

#include "ascii.hpp"
#include "schemes/handlers.hpp"
#include "urlkit/scheme.hpp"

namespace urlkit {

const scheme_value* scheme_value::find(std::string_view key) const noexcept {
  if (type() != kind::object) return nullptr;
  for (const auto& [k, v] : as_object())
    if (k == key) return &v;
  return nullptr;
}

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
  auto same = [&](const entry& h) { return ascii::iequals(h.name, e.name); };
  auto it = std::find_if(handlers_.begin(), handlers_.end(), same);
  if (it != handlers_.end())
    *it = std::move(e);
  else
    handlers_.push_back(std::move(e));
}

const scheme_registry::entry* scheme_registry::entry_for(std::string_view scheme) const noexcept {
  for (const entry& h : handlers_)
    if (ascii::iequals(h.name, scheme)) return &h;
  return nullptr;
}

const scheme_handler* scheme_registry::find(std::string_view scheme) const noexcept {
  const entry* h = entry_for(scheme);
  return h ? h->handler.get() : nullptr;
}

bool scheme_registry::is_opaque(std::string_view scheme) const noexcept {
  const entry* h = entry_for(scheme);
  return h != nullptr && h->opaque;
}

result<scheme_value> scheme_registry::describe(const url_view& url,
                                               const scheme_options& options) const {
  if (!url.has_scheme()) return scheme_value();
  const scheme_handler* h = find(url.scheme());
  if (!h) return scheme_value();
  return h->describe(url, options);
}

port_check check_port(const url_view& url, const scheme_registry& registry) noexcept {
  port_check c;
  if (url.has_scheme()) {
    if (const scheme_handler* h = registry.find(url.scheme()))
      c.default_port = h->default_port();
    else
      c.default_port = default_port(url.scheme());
  }
  // Draft E.3: port = *digit, and an empty one is the default port.
  if (!url.has_port() || url.port().empty()) return c;
  c.port = url.port_number();
  if (!c.port) {
    c.invalid = true;
    return c;
  }
  c.non_default = !c.default_port || *c.port != *c.default_port;
  c.reserved = c.non_default && *c.port < 1024;
  return c;
}

std::string display_form(const url_view& url) {
  if (!url.has_password()) return url.recompose();
  // Rebuild around the password: everything before it, "***", everything after.
  const std::string_view b = url.buffer();
  const auto pw = static_cast<std::size_t>(url.password().data() - b.data());
  std::string s = url.recompose();
  s.replace(pw, url.password().size(), "***");
  return s;
}

}  // namespace urlkit
