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
// parser pops at once: frame, image, ...).  MENUITEM too, as the HTML5
// drafts that gave it its icon (the attribute table's) made it void, and as
// the parser of their time reads it ("in head", inserted and popped): HTML
// has since dropped the element, and reads it as any other.
inline constexpr std::array void_elements = {
    "area"sv,  "base"sv,  "basefont"sv, "bgsound"sv, "br"sv,    "col"sv,     "embed"sv,
    "frame"sv, "hr"sv,    "image"sv,    "img"sv,     "input"sv, "keygen"sv,  "link"sv,
    "meta"sv,  "param"sv, "source"sv,   "track"sv,   "wbr"sv,   "menuitem"sv};

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
    "iframe"sv,   "noembed"sv, "plaintext"sv, "image"sv,    "table"sv,    "button"sv, "rb"sv,
    "rp"sv,       "rt"sv,      "rtc"sv};

// 13.2.4.2, "special": an end tag read as "any other end tag" (13.2.6.4.7)
// closes no element beyond one of these.
inline constexpr std::array special = {
    "address"sv,   "applet"sv,     "area"sv,       "article"sv,  "aside"sv,    "base"sv,
    "basefont"sv,  "bgsound"sv,    "blockquote"sv, "body"sv,     "br"sv,       "button"sv,
    "caption"sv,   "center"sv,     "col"sv,        "colgroup"sv, "menuitem"sv, "dd"sv,
    "details"sv,   "dir"sv,        "div"sv,        "dl"sv,       "dt"sv,       "embed"sv,
    "fieldset"sv,  "figcaption"sv, "figure"sv,     "footer"sv,   "form"sv,     "frame"sv,
    "frameset"sv,  "h1"sv,         "h2"sv,         "h3"sv,       "h4"sv,       "h5"sv,
    "h6"sv,        "head"sv,       "header"sv,     "hgroup"sv,   "hr"sv,       "html"sv,
    "iframe"sv,    "img"sv,        "input"sv,      "isindex"sv,  "li"sv,       "link"sv,
    "listing"sv,   "marquee"sv,    "menu"sv,       "meta"sv,     "nav"sv,      "noembed"sv,
    "noframes"sv,  "noscript"sv,   "object"sv,     "ol"sv,       "p"sv,        "param"sv,
    "plaintext"sv, "pre"sv,        "script"sv,     "section"sv,  "select"sv,   "style"sv,
    "summary"sv,   "table"sv,      "tbody"sv,      "td"sv,       "template"sv, "textarea"sv,
    "tfoot"sv,     "th"sv,         "thead"sv,      "title"sv,    "tr"sv,       "ul"sv,
    "wbr"sv,       "xmp"sv};

// 13.2.6.4.7: the formatting elements, whose end tags run the adoption
// agency algorithm.
inline constexpr std::array formatting = {"a"sv,      "b"sv,      "big"sv,  "code"sv, "em"sv,
                                          "font"sv,   "i"sv,      "nobr"sv, "s"sv,    "small"sv,
                                          "strike"sv, "strong"sv, "tt"sv,   "u"sv};

// 13.2.6.4.7: end tags that close their element, and all above it, when
// it is in scope (special or not in between).
inline constexpr std::array closes_in_scope = {
    "address"sv,    "article"sv, "aside"sv,  "blockquote"sv, "button"sv, "center"sv,
    "details"sv,    "dialog"sv,  "dir"sv,    "div"sv,        "dl"sv,     "fieldset"sv,
    "figcaption"sv, "figure"sv,  "footer"sv, "header"sv,     "hgroup"sv, "listing"sv,
    "main"sv,       "menu"sv,    "nav"sv,    "ol"sv,         "pre"sv,    "section"sv,
    "summary"sv,    "ul"sv,      "li"sv,     "dd"sv,         "dt"sv,     "h1"sv,
    "h2"sv,         "h3"sv,      "h4"sv,     "h5"sv,         "h6"sv,     "applet"sv,
    "marquee"sv,    "object"sv,  "p"sv};

// 13.2.6.4.7: start tags that close a P element in button scope first (a
// TABLE does too, but only outside quirks mode, which this simulation does
// not know: docs/html.md), and LI, DD, DT, which close an open list item
// first.
inline constexpr std::array closes_p = {
    "address"sv, "article"sv, "aside"sv, "blockquote"sv, "center"sv,     "details"sv,   "dialog"sv,
    "dir"sv,     "div"sv,     "dl"sv,    "fieldset"sv,   "figcaption"sv, "figure"sv,    "footer"sv,
    "header"sv,  "hgroup"sv,  "main"sv,  "menu"sv,       "nav"sv,        "ol"sv,        "p"sv,
    "section"sv, "summary"sv, "ul"sv,    "h1"sv,         "h2"sv,         "h3"sv,        "h4"sv,
    "h5"sv,      "h6"sv,      "pre"sv,   "listing"sv,    "form"sv,       "plaintext"sv, "hr"sv,
    "xmp"sv,     "li"sv,      "dd"sv,    "dt"sv};

// 13.2.6.4.7: the start tags "in body" reads without first reopening the
// formatting elements an end tag closed ("reconstruct the active
// formatting elements"): those that close a P, those of the head, the
// table's parts and a few more.  Every other start tag reopens them.
inline constexpr std::array no_reconstruct = {
    "address"sv,  "article"sv,  "aside"sv,    "blockquote"sv, "center"sv,   "details"sv,
    "dialog"sv,   "dir"sv,      "div"sv,      "dl"sv,         "fieldset"sv, "figcaption"sv,
    "figure"sv,   "footer"sv,   "header"sv,   "hgroup"sv,     "main"sv,     "menu"sv,
    "nav"sv,      "ol"sv,       "p"sv,        "section"sv,    "summary"sv,  "ul"sv,
    "h1"sv,       "h2"sv,       "h3"sv,       "h4"sv,         "h5"sv,       "h6"sv,
    "pre"sv,      "listing"sv,  "form"sv,     "plaintext"sv,  "li"sv,       "dd"sv,
    "dt"sv,       "hr"sv,       "table"sv,    "base"sv,       "basefont"sv, "bgsound"sv,
    "link"sv,     "meta"sv,     "noframes"sv, "script"sv,     "style"sv,    "template"sv,
    "title"sv,    "body"sv,     "html"sv,     "frameset"sv,   "frame"sv,    "head"sv,
    "textarea"sv, "iframe"sv,   "noembed"sv,  "param"sv,      "source"sv,   "track"sv,
    "isindex"sv,  "rb"sv,       "rp"sv,       "rt"sv,         "rtc"sv,      "caption"sv,
    "col"sv,      "colgroup"sv, "tbody"sv,    "td"sv,         "tfoot"sv,    "th"sv,
    "thead"sv,    "tr"sv,       "menuitem"sv};

// 13.2.6.4.7: elements that put a marker in the list of active formatting
// elements (TD, TH, CAPTION and TEMPLATE do too, read by name).
inline constexpr std::array formatting_markers = {"applet"sv, "marquee"sv, "object"sv};

// What the lists above say of a name, looked up once per tag.
using flag_set = std::uint16_t;
enum : flag_set {
  f_void = 1,
  f_breakout = 2,
  f_scope_boundary = 4,
  f_clears_frameset_ok = 8,
  f_table_part = 16,
  f_named = 32,
  f_special = 64,
  f_formatting = 128,
  f_closes_in_scope = 256,
  f_closes_p = 512,
  f_no_reconstruct = 1024,
  f_marker = 2048,
};

inline constexpr name_key template_key = key_of("template");
// The names html_end reads by name (each up to 8 bytes: its key is it).
inline constexpr name_key form_key = key_of("form"), select_key = key_of("select"),
                          frameset_key = key_of("frameset"), body_key = key_of("body"),
                          html_key = key_of("html");
constexpr bool same_key(const name_key& a, const name_key& b) noexcept {
  return a.word == b.word && a.size == b.size;
}
inline constexpr name_key button_key = key_of("button"), ol_key = key_of("ol"),
                          ul_key = key_of("ul"), p_key = key_of("p"), li_key = key_of("li"),
                          dd_key = key_of("dd"), dt_key = key_of("dt"),
                          address_key = key_of("address"), div_key = key_of("div"),
                          nobr_key = key_of("nobr"), ruby_key = key_of("ruby"),
                          rtc_key = key_of("rtc"), option_key = key_of("option");
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
    for (std::string_view n : special) add(n, f_special);
    for (std::string_view n : formatting) add(n, f_formatting);
    for (std::string_view n : closes_in_scope) add(n, f_closes_in_scope);
    for (std::string_view n : closes_p) add(n, f_closes_p);
    for (std::string_view n : no_reconstruct) add(n, f_no_reconstruct);
    for (std::string_view n : formatting_markers) add(n, f_marker);
  }
  constexpr flag_set operator()(const name_key& key, std::string_view name) const noexcept {
    for (std::size_t i = hash(key);; i = (i + 1) % size) {
      const entry& e = entries_[i];
      if (e.key.size == 0) return 0;
      if (e.key.word == key.word && e.key.size == key.size && (key.size <= 8 || e.name == name))
        return e.flags;
    }
  }

 private:
  static constexpr std::size_t size = 512;  // about three times the names
  struct entry {
    name_key key;
    std::string_view name;
    flag_set flags = 0;
  };
  static constexpr std::size_t hash(const name_key& key) noexcept {
    return static_cast<std::size_t>(((key.word ^ key.size) * 0x9E3779B97F4A7C15u) >> 55);
  }
  constexpr void add(std::string_view name, flag_set flag) noexcept {
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

inline flag_set flags_of(const name_key& key, std::string_view name) noexcept {
  return name.empty() ? 0 : flag_lookup(key, name);
}

}  // namespace urlkit::html::detail::tree_names
