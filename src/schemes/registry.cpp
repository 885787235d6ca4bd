// The scheme registry.
#include <algorithm>

#include "core/check_port.hpp"
#include "schemes/handlers.hpp"
#include "urlkit/detail/ascii.hpp"
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

namespace urlkit {

scheme_registry scheme_registry::with_standard_schemes() {
  // The standard schemes of RFC 1738 section 3, and those with http's syntax
  // and data:.  Each default port is that of <urlkit/ports.hpp>'s table.
  using schemes::handler;
  using schemes::syntax;
  scheme_registry r;
  r.add(handler<parse_ftp>("ftp"));                        // 3.2
  r.add(handler<parse_http>("http"));                      // 3.3
  r.add(handler<parse_http>("https"));                     // RFC 2818, RFC 9110 4.2.2
  r.add(handler<parse_http>("ws"));                        // RFC 6455 3
  r.add(handler<parse_http>("wss"));                       // RFC 6455 3
  r.add(handler<parse_gopher>("gopher"));                  // 3.4
  r.add(handler<parse_mailto>("mailto", syntax::opaque));  // 3.5
  r.add(handler<parse_news>("news", syntax::opaque));      // 3.6
  r.add(handler<parse_nntp>("nntp"));                      // 3.7
  r.add(handler<parse_telnet>("telnet"));                  // 3.8
  r.add(handler<parse_wais>("wais"));                      // 3.9
  // "[file] does not specify an Internet protocol or access method" (3.10):
  // no port, and none in the table.
  r.add(handler<parse_file>("file"));
  r.add(handler<parse_prospero>("prospero"));          // 3.11
  r.add(handler<parse_data>("data", syntax::opaque));  // RFC 2397
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

result<port_check> check_port(const url_view& url, const scheme_registry& registry) noexcept {
  const scheme_handler* h = url.has_scheme() ? registry.find(url.scheme()) : nullptr;
  return h ? detail::check_port(url, h->default_port()) : check_port(url);
}

}  // namespace urlkit
