// urlkit — scheme-specific URLs (RFC 1738 sections 3 and 5): the interface
// every scheme implements, the registry that dispatches on the scheme name, and
// the security checks of RFC 1738 section 6 and draft section 8.
//
// Each scheme also has a typed view of its own in <urlkit/schemes/NAME.hpp>
// (ftp_view, http_view, ...) with the decoded values a client needs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/result.hpp"
#include "urlkit/scheme_options.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// A JSON-like value: what a scheme says about a URL (the CLI prints it as
/// "scheme_data").  Strings hold bytes, decoded, possibly not UTF-8.
class scheme_value {
 public:
  /// A list of values.
  using array = std::vector<scheme_value>;
  /// Members in order, each a name and a value.
  using object = std::vector<std::pair<std::string, scheme_value>>;
  /// What the value holds (type()).
  enum class kind : std::uint8_t { null, boolean, integer, string, array, object };

  /// Null.
  scheme_value() noexcept = default;
  /// Null.
  scheme_value(std::nullptr_t) noexcept {}  // NOLINT
  /// A boolean.
  scheme_value(bool b) noexcept : v_(b) {}  // NOLINT
  /// An integer.
  scheme_value(std::int64_t i) noexcept : v_(i) {}  // NOLINT
  /// An integer.
  scheme_value(int i) noexcept : v_(static_cast<std::int64_t>(i)) {}  // NOLINT
  /// A string.
  scheme_value(std::string s) noexcept : v_(std::move(s)) {}  // NOLINT
  /// A string (a copy of `s`).
  scheme_value(const char* s) : v_(std::string(s)) {}  // NOLINT
  /// An array.
  scheme_value(array a) noexcept : v_(std::move(a)) {}  // NOLINT
  /// An object.
  scheme_value(object o) noexcept : v_(std::move(o)) {}  // NOLINT

  /// An optional string: null when absent.
  static scheme_value optional(const std::optional<std::string>& s) {
    return s ? scheme_value(*s) : scheme_value();
  }

  /// What the value holds.
  kind type() const noexcept { return static_cast<kind>(v_.index()); }
  /// Whether it is null.
  bool is_null() const noexcept { return type() == kind::null; }
  /// The boolean; throws std::bad_variant_access when it is none.
  bool as_bool() const { return std::get<bool>(v_); }
  /// The integer; throws std::bad_variant_access when it is none.
  std::int64_t as_int() const { return std::get<std::int64_t>(v_); }
  /// The string; throws std::bad_variant_access when it is none.
  const std::string& as_string() const { return std::get<std::string>(v_); }
  /// The array; throws std::bad_variant_access when it is none.
  const array& as_array() const { return std::get<array>(v_); }
  /// The object; throws std::bad_variant_access when it is none.
  const object& as_object() const { return std::get<object>(v_); }
  /// The member `key` of an object, or nullptr.
  const scheme_value* find(std::string_view key) const noexcept;

  /// Same kind and same value (objects: same members in the same order).
  friend bool operator==(const scheme_value& a, const scheme_value& b) { return a.v_ == b.v_; }

 private:
  std::variant<std::monostate, bool, std::int64_t, std::string, array, object> v_;
};

/// One URL scheme.  Implement it to add a scheme of your own to a registry.
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
  /// Checks `url` (whose scheme is this one) against the scheme's syntax and
  /// describes it: the decoded values a client needs, as an object.
  virtual result<scheme_value> describe(const url_view& url,
                                        const scheme_options& options) const = 0;
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
  // find and is_opaque are inline: code that only asks a registry (resolve,
  // make_relative, extract) then links no handler, and so no grammar.
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
  /// The handler's description of `url`; a null value for an unknown scheme
  /// or a URL without a scheme.
  result<scheme_value> describe(const url_view& url, const scheme_options& options = {}) const;

 private:
  struct entry {
    std::string_view name;  // scheme_handler::name(), which the handler keeps alive
    bool opaque;            // scheme_handler::opaque()
    std::shared_ptr<const scheme_handler> handler;
  };
  const entry* entry_for(std::string_view scheme) const noexcept {
    for (const entry& h : handlers_)
      if (same_name(h.name, scheme)) return &h;
    return nullptr;
  }
  // ASCII case-insensitive equality of scheme names (RFC 1738 2.1).
  static bool same_name(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const auto lower = [](char c) {
        return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
      };
      if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
  }
  std::vector<entry> handlers_;
};

}  // namespace urlkit
URLKIT_END_API
