// The element names the tree construction simulation (tree_builder.hpp)
// reads by list or by name, and what each list says of a name, in a table
// built at compile time: here, so that tree_builder's start and end tags,
// inline in its header, look names up where they are read.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "text.hpp"

namespace urlkit::html::detail::tree_names {

using namespace std::string_view_literals;

// Elements that have no end tag (13.1.2, void elements, and those the
// parser pops at once: frame, image, ...).
inline constexpr std::array void_elements = {
    "area"sv,  "base"sv,  "basefont"sv, "bgsound"sv, "br"sv,    "col"sv,    "embed"sv,
    "frame"sv, "hr"sv,    "image"sv,    "img"sv,     "input"sv, "keygen"sv, "link"sv,
    "meta"sv,  "param"sv, "source"sv,   "track"sv,   "wbr"sv};

// 13.2.6.5, "the rules for parsing tokens in foreign content": start tags
// that end SVG and MathML content.
inline constexpr std::array breakout = {
    "b"sv,       "big"sv,   "blockquote"sv, "body"sv,   "br"sv,     "center"sv, "code"sv, "dd"sv,
    "div"sv,     "dl"sv,    "dt"sv,         "em"sv,     "embed"sv,  "h1"sv,     "h2"sv,   "h3"sv,
    "h4"sv,      "h5"sv,    "h6"sv,         "head"sv,   "hr"sv,     "i"sv,      "img"sv,  "li"sv,
    "listing"sv, "menu"sv,  "meta"sv,       "nobr"sv,   "ol"sv,     "p"sv,      "pre"sv,  "ruby"sv,
    "s"sv,       "small"sv, "span"sv,       "strong"sv, "strike"sv, "sub"sv,    "sup"sv,  "table"sv,
    "tt"sv,      "u"sv,     "ul"sv,         "var"sv};

// 13.2.4.2: the elements at which "has an element in scope" stops; an end
// tag does not close an element beyond one of them.
inline constexpr std::array scope_boundaries = {"applet"sv,  "caption"sv, "html"sv,
                                                "table"sv,   "td"sv,      "th"sv,
                                                "marquee"sv, "object"sv,  "template"sv};

// Start tags that clear frameset-ok (13.2.6.4.7; so does text that is not
// white space, which this simulation does not see: docs/html.md).
inline constexpr std::array clear_frameset_ok = {
    "body"sv,    "button"sv, "li"sv,    "dd"sv,       "dt"sv,  "pre"sv,    "listing"sv, "applet"sv,
    "marquee"sv, "object"sv, "table"sv, "area"sv,     "br"sv,  "embed"sv,  "img"sv,     "image"sv,
    "keygen"sv,  "wbr"sv,    "hr"sv,    "textarea"sv, "xmp"sv, "iframe"sv, "select"sv};

// 13.2.6.4.7: "in body" drops these start tags (they are read only in the
// table modes).
inline constexpr std::array table_parts = {"caption"sv, "col"sv, "colgroup"sv, "tbody"sv, "td"sv,
                                           "tfoot"sv,   "th"sv,  "thead"sv,    "tr"sv};

// The names html_start and push read by name: a start tag of any other
// (span, a, div, most of them) takes the short way through html_start.
inline constexpr std::array named_in_start = {
    "head"sv,     "html"sv,    "body"sv,      "noframes"sv, "frameset"sv, "frame"sv,  "option"sv,
    "optgroup"sv, "select"sv,  "input"sv,     "keygen"sv,   "textarea"sv, "script"sv, "template"sv,
    "isindex"sv,  "form"sv,    "svg"sv,       "math"sv,     "title"sv,    "style"sv,  "xmp"sv,
    "iframe"sv,   "noembed"sv, "plaintext"sv, "image"sv,    "table"sv};

// What the lists above say of a name, looked up once per tag.
enum : std::uint8_t {
  f_void = 1,
  f_breakout = 2,
  f_scope_boundary = 4,
  f_clears_frameset_ok = 8,
  f_table_part = 16,
  f_named = 32,
};

inline constexpr name_key template_key = key_of("template");
// The names html_end reads by name (each up to 8 bytes: its key is it).
inline constexpr name_key form_key = key_of("form"), select_key = key_of("select"),
                          frameset_key = key_of("frameset"), body_key = key_of("body"),
                          html_key = key_of("html");
constexpr bool same_key(const name_key& a, const name_key& b) noexcept {
  return a.word == b.word && a.size == b.size;
}
inline constexpr name_key table_key = key_of("table");
inline constexpr name_key annotation_xml_key = key_of("annotation-xml");

// An open-addressed table of the names above, built once: a look-up costs
// a hash of the name's key and, mostly, one comparison of keys.
class flag_table {
 public:
  constexpr flag_table() {
    for (std::string_view n : void_elements) add(n, f_void);
    for (std::string_view n : breakout) add(n, f_breakout);
    for (std::string_view n : scope_boundaries) add(n, f_scope_boundary);
    for (std::string_view n : clear_frameset_ok) add(n, f_clears_frameset_ok);
    for (std::string_view n : table_parts) add(n, f_table_part);
    for (std::string_view n : named_in_start) add(n, f_named);
  }
  constexpr std::uint8_t operator()(const name_key& key, std::string_view name) const noexcept {
    for (std::size_t i = hash(key);; i = (i + 1) % size) {
      const entry& e = entries_[i];
      if (e.key.size == 0) return 0;
      if (e.key.word == key.word && e.key.size == key.size && (key.size <= 8 || e.name == name))
        return e.flags;
    }
  }

 private:
  static constexpr std::size_t size = 512;  // about five times the names
  struct entry {
    name_key key;
    std::string_view name;
    std::uint8_t flags = 0;
  };
  static constexpr std::size_t hash(const name_key& key) noexcept {
    return static_cast<std::size_t>(((key.word ^ key.size) * 0x9E3779B97F4A7C15u) >> 55);
  }
  constexpr void add(std::string_view name, std::uint8_t flag) noexcept {
    const name_key key = key_of(name);
    for (std::size_t i = hash(key);; i = (i + 1) % size) {
      entry& e = entries_[i];
      if (e.key.size == 0) {
        e.key = key;
        e.name = name;
      }
      if (e.name == name) {
        e.flags |= flag;
        return;
      }
    }
  }
  std::array<entry, size> entries_{};
};

inline constexpr flag_table flag_lookup;

inline std::uint8_t flags_of(const name_key& key, std::string_view name) noexcept {
  return name.empty() ? 0 : flag_lookup(key, name);
}

}  // namespace urlkit::html::detail::tree_names
