// urlkit — scheme-specific URLs (RFC 1738 sections 3 and 5): the interface
// every scheme implements and the registry that dispatches on the scheme
// name.  The security checks (RFC 1738 6, draft 8) are in security.hpp.
//
// Each scheme also has a typed view of its own in <urlkit/schemes/NAME.hpp>
// (ftp_view, http_view, ...) with the decoded values a client needs; the
// views do not include this header.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/detail/ascii.hpp"
#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/result.hpp"
#include "urlkit/scheme_options.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// One URL scheme, as a registry knows it: its name, its default port,
/// whether its URLs are opaque, and the check of its own grammar.  Implement
/// it to add a scheme of your own to a registry.  The decoded values of a
/// URL are not here: each standard scheme has its typed view for them.
class scheme_handler {
 public:
  virtual ~scheme_handler() = default;
  /// The scheme name, lower case ("ftp").  A registry reads it (and
  /// opaque()) once, when the handler is added: both must not change.
  virtual std::string_view name() const noexcept = 0;
  /// The default port (RFC 1738 section 3), if the scheme has one.
  virtual std::optional<std::uint16_t> default_port() const noexcept = 0;
  /// True when the scheme's URLs are opaque: they do not fit the generic-URL
  /// syntax, so relative references cannot be resolved against them (draft
  /// 4.2).  mailto, news and data are; a scheme of your own says so here.
  virtual bool opaque() const noexcept { return false; }
  /// Checks `url` (whose scheme is this one) against the scheme's own
  /// grammar (RFC 1738 5): success, or the error of its production.  What
  /// lenient mode accepts is said through `options.on_warning`.
  virtual result<void> check(const url_view& url, const scheme_options& options) const = 0;
};

/// Dispatches on the scheme name, ignoring case (RFC 1738 2.1).
class scheme_registry {
 public:
  /// An empty registry.
  scheme_registry() = default;
  /// A registry holding the schemes of RFC 1738 (ftp, http, gopher, mailto,
  /// news, nntp, telnet, wais, file, prospero), https, ws and wss (http's
  /// syntax) and data (RFC 2397).
  static scheme_registry with_standard_schemes();
  /// The process-wide registry of the standard schemes.
  static const scheme_registry& standard();

  /// Adds a scheme, replacing one of the same name.  Its name() and
  /// opaque() are read now, so that lookups make no virtual calls.
  void add(std::shared_ptr<const scheme_handler> handler);
  /// The handler for `scheme` (any case), or nullptr.
  const scheme_handler* find(std::string_view scheme) const noexcept {
    const entry* h = entry_for(scheme);
    return h ? h->handler.get() : nullptr;
  }
  /// Whether `scheme` (any case) is registered here as opaque (scheme_handler::opaque()).
  bool is_opaque(std::string_view scheme) const noexcept {
    const entry* h = entry_for(scheme);
    return h != nullptr && h->opaque;
  }
  /// The handler's check of `url`; success for an unknown scheme or a URL
  /// without a scheme (there is no grammar of its own to refuse it).
  result<void> check(const url_view& url, const scheme_options& options = {}) const;
  /// The names of the registered schemes, in the order they were first added
  /// (views of each scheme_handler::name(), alive as long as its handler): what a
  /// program lists as the schemes it checks, so that the list cannot miss one.
  std::vector<std::string_view> names() const;

 private:
  struct entry {
    std::string_view name;  // scheme_handler::name(), which the handler keeps alive
    bool opaque;            // scheme_handler::opaque()
    std::shared_ptr<const scheme_handler> handler;
  };
  const entry* entry_for(std::string_view scheme) const noexcept {
    for (const entry& h : handlers_)
      if (detail::ascii::iequals(h.name, scheme)) return &h;  // any case: RFC 1738 2.1
    return nullptr;
  }
  std::vector<entry> handlers_;
};

}  // namespace urlkit
URLKIT_END_API
