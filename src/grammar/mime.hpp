// The MIME header grammars' results, without Spirit: a Content-Type field
// (RFC 2045 5.1, with RFC 822's folds and comments) and RFC 2017's
// URL-parameter (3.1).
#pragma once

#include <string_view>
#include <vector>

#include "urlkit/error.hpp"

namespace urlkit::grammar::mime {

/// parameter := attribute "=" value   (RFC 2045 5.1)
struct parameter {
  std::string_view attribute{};  // the token, as written
  std::string_view value{};      // raw: the token, or the quoted-string with its quotes
  bool quoted = false;
};

/// content := "Content-Type" ":" type "/" subtype *(";" parameter)
struct content_type {
  std::string_view field_name{};  // as written; null data when the input has no field name
  std::string_view type{}, subtype{};
  std::vector<parameter> parameters;
};

/// Parses `s`, a Content-Type field body with or without its "Name:" prefix;
/// linear white space (folds included) and comments may surround every
/// token, and one line end may follow the field.  The field name is not
/// judged here.  False: `err` says where and what was expected.
bool parse_content_type(std::string_view s, content_type& out, error& err);

/// Checks `s` against RFC 2017's URL-parameter, allowing linear white space
/// before the opening and after the closing quote.  True: `inner` is the text
/// between the quotes.  False: `err` says where and what was expected.
bool parse_url_parameter(std::string_view s, std::string_view& inner, error& err);

/// RFC 822 3.3 LWSP-char = SPACE / HTAB.
constexpr bool is_lwsp_char(char c) noexcept {
  return c == ' ' || c == '\t';
}

}  // namespace urlkit::grammar::mime
