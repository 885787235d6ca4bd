// The standard schemes' handlers, one template for all: each is a name, the
// typed view's parse_X that checks it, and whether it is opaque.
// scheme_registry::with_standard_schemes() (registry.cpp) lists them.
#pragma once

#include <memory>
#include <string_view>
#include <type_traits>

#include "schemes/support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/view_parser.hpp"

namespace urlkit::schemes {

/// The options a view_parser takes: scheme_options, or data_options for
/// parse_data.
template <class Parser>
struct parser_options;
template <class View, class Options>
struct parser_options<view_parser<View, Options>> {
  using type = Options;
};

/// A standard handler's check: the verdict of `Parse` (parse_ftp, ...), with
/// the registry's options, or with the view's own (data_options) made of
/// their mode and warning sink.
template <const auto& Parse>
result<void> check_with(const url_view& url, const scheme_options& options) {
  using view_options = typename parser_options<std::remove_cvref_t<decltype(Parse)>>::type;
  if constexpr (std::is_same_v<view_options, scheme_options>) {
    return verdict(Parse(url, options));
  } else {
    view_options o;
    o.mode = options.mode;
    o.on_warning = options.on_warning;
    return verdict(Parse(url, o));
  }
}

/// The handler of the standard scheme `name`, checked by `Parse`.
template <const auto& Parse>
std::shared_ptr<const scheme_handler> handler(std::string_view name,
                                              syntax s = syntax::hierarchical) {
  return std::make_shared<standard_handler>(name, check_with<Parse>, s);
}

}  // namespace urlkit::schemes
