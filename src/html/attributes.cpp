// The URL-valued attributes of HTML, and how each holds its URLs.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "text.hpp"
#include "urlkit/detail/names.hpp"
#include "urlkit/html.hpp"

namespace urlkit::html {

namespace {

constexpr url_list one = url_list::single;
constexpr url_list spaces = url_list::space_separated;
constexpr url_list commas = url_list::comma_separated;

// Sorted by element, then attribute (url_attributes() lists it so).  The
// attributes of type %URI (and "URIs") in the HTML 4.01 attribute index, the
// URL-valued attributes HTML5 added, the obsolete background attribute of
// table parts that user agents still honour (HTML5 15.3.x, rendering), and
// href / xlink:href on SVG and MathML elements.
constexpr url_attribute table[] = {
    {"*math", "href", one, false, "MathML 3 2.1.6", "math href"},
    {"*math", "xlink:href", one, false, "MathML 2 / XLink", "math xlink:href"},
    {"*svg", "href", one, false, "SVG 2", "svg href"},
    {"*svg", "xlink:href", one, false, "SVG 1.1 / XLink", "svg xlink:href"},
    {"a", "href", one, false, "HTML 4.01 12.2", "a href"},
    {"a", "ping", spaces, false, "HTML5", "a ping"},
    {"applet", "archive", commas, true, "HTML 4.01 13.4 (comma-separated)", "applet archive"},
    {"applet", "codebase", one, false, "HTML 4.01 13.4", "applet codebase"},
    {"area", "href", one, false, "HTML 4.01 13.6.1", "area href"},
    {"area", "ping", spaces, false, "HTML5", "area ping"},
    {"audio", "src", one, false, "HTML5", "audio src"},
    {"base", "href", one, false, "HTML 4.01 12.4; draft Appendix D", "base href"},
    {"blockquote", "cite", one, false, "HTML 4.01 9.2.2", "blockquote cite"},
    {"body", "background", one, false, "HTML 4.01 7.5.1", "body background"},
    {"button", "formaction", one, false, "HTML5", "button formaction"},
    {"command", "icon", one, false, "HTML5 (2010 drafts)", "command icon"},
    {"del", "cite", one, false, "HTML 4.01 9.4", "del cite"},
    {"embed", "src", one, false, "HTML5", "embed src"},
    {"form", "action", one, false, "HTML 4.01 17.3", "form action"},
    {"frame", "longdesc", one, false, "HTML 4.01 16.2.2", "frame longdesc"},
    {"frame", "src", one, false, "HTML 4.01 16.2.2", "frame src"},
    {"head", "profile", spaces, false, "HTML 4.01 7.4.1", "head profile"},
    {"html", "manifest", one, false, "HTML5", "html manifest"},
    {"iframe", "longdesc", one, false, "HTML 4.01 16.5", "iframe longdesc"},
    {"iframe", "src", one, false, "HTML 4.01 16.5", "iframe src"},
    {"img", "longdesc", one, false, "HTML 4.01 13.2", "img longdesc"},
    {"img", "src", one, false, "HTML 4.01 13.2", "img src"},
    {"img", "srcset", url_list::srcset, false, "HTML5", "img srcset"},
    {"img", "usemap", one, false, "HTML 4.01 13.6.1", "img usemap"},
    {"input", "formaction", one, false, "HTML5", "input formaction"},
    {"input", "src", one, false, "HTML 4.01 17.4", "input src"},
    {"input", "usemap", one, false, "HTML 4.01 17.4", "input usemap"},
    {"ins", "cite", one, false, "HTML 4.01 9.4", "ins cite"},
    {"link", "href", one, false, "HTML 4.01 12.3", "link href"},
    {"menuitem", "icon", one, false, "HTML5 (5.1 drafts)", "menuitem icon"},
    {"object", "archive", spaces, true, "HTML 4.01 13.3", "object archive"},
    {"object", "classid", one, true, "HTML 4.01 13.3", "object classid"},
    {"object", "codebase", one, false, "HTML 4.01 13.3", "object codebase"},
    {"object", "data", one, true, "HTML 4.01 13.3", "object data"},
    {"object", "usemap", one, false, "HTML 4.01 13.6.1", "object usemap"},
    {"q", "cite", one, false, "HTML 4.01 9.2.2", "q cite"},
    {"script", "src", one, false, "HTML 4.01 18.2.1", "script src"},
    {"source", "src", one, false, "HTML5", "source src"},
    {"source", "srcset", url_list::srcset, false, "HTML5", "source srcset"},
    {"table", "background", one, false, "HTML5 rendering (obsolete)", "table background"},
    {"tbody", "background", one, false, "HTML5 rendering (obsolete)", "tbody background"},
    {"td", "background", one, false, "HTML5 rendering (obsolete)", "td background"},
    {"tfoot", "background", one, false, "HTML5 rendering (obsolete)", "tfoot background"},
    {"th", "background", one, false, "HTML5 rendering (obsolete)", "th background"},
    {"thead", "background", one, false, "HTML5 rendering (obsolete)", "thead background"},
    {"tr", "background", one, false, "HTML5 rendering (obsolete)", "tr background"},
    {"track", "src", one, false, "HTML5", "track src"},
    {"video", "poster", one, false, "HTML5", "video poster"},
    {"video", "src", one, false, "HTML5", "video src"},
};

constexpr bool sorted() {
  for (std::size_t i = 1; i < std::size(table); ++i) {
    const auto& a = table[i - 1];
    const auto& b = table[i];
    if (!(a.element < b.element || (a.element == b.element && a.attribute < b.attribute)))
      return false;
  }
  return true;
}
static_assert(sorted(), "the table is listed sorted");

// A first filter for find_url_attribute, which every attribute of every tag
// passes through: whether any attribute of the table has this length and
// first byte ("class", "id", "style" do not).  (The rewriter asks it first,
// inline: detail::may_be_url_attribute.)
constexpr detail::attribute_filter make_filter() {
  detail::attribute_filter f;
  for (const url_attribute& a : table) {
    if (a.attribute.size() >= detail::attribute_filter::length)
      throw "attribute names fit the filter";
    f.may[a.attribute.size()][static_cast<unsigned char>(a.attribute[0]) & 0x7F] = true;
  }
  return f;
}

using detail::is_html_space;

using range = std::pair<std::size_t, std::size_t>;

void split_on(std::string_view v, bool commas_too, std::vector<range>& out) {
  std::size_t i = 0;
  while (i < v.size()) {
    while (i < v.size() && (is_html_space(v[i]) || (commas_too && v[i] == ','))) ++i;
    const std::size_t begin = i;
    while (i < v.size() && !is_html_space(v[i]) && !(commas_too && v[i] == ',')) ++i;
    if (i > begin) out.emplace_back(begin, i);
  }
}

// HTML's "parse a srcset attribute", as far as it finds the URLs: skip white
// space and commas; the URL runs to the next white space, minus any commas it
// ends with (then it has no descriptors); otherwise descriptors follow up to
// a comma that is not inside parentheses.
void split_srcset(std::string_view v, std::vector<range>& out) {
  std::size_t i = 0;
  while (i < v.size()) {
    while (i < v.size() && (is_html_space(v[i]) || v[i] == ',')) ++i;
    if (i == v.size()) break;
    const std::size_t begin = i;
    while (i < v.size() && !is_html_space(v[i])) ++i;
    std::size_t end = i;
    if (v[end - 1] == ',') {
      while (end > begin && v[end - 1] == ',') --end;
      out.emplace_back(begin, end);
      continue;
    }
    out.emplace_back(begin, end);
    bool in_parens = false;
    for (; i < v.size(); ++i) {
      if (v[i] == '(') in_parens = true;
      if (v[i] == ')') in_parens = false;
      if (v[i] == ',' && !in_parens) break;
    }
  }
}

}  // namespace

std::string_view to_string(url_list l) noexcept {
  switch (l) {
    case url_list::single:
      return "single";
    case url_list::space_separated:
      return "space_separated";
    case url_list::comma_separated:
      return "comma_separated";
    case url_list::srcset:
      return "srcset";
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, url_list l) {
  return urlkit::detail::print_name(os, l, "url_list");
}

std::span<const url_attribute> url_attributes() noexcept {
  return table;
}

namespace {

// The table, open-addressed by element and attribute, at compile time:
// find_url_attribute runs for every attribute of every tag that passes the
// filter.  A slot keeps the two names' keys (detail::key_of), so that a
// look-up mostly compares four words.
class attribute_index {
 public:
  constexpr attribute_index() {
    for (const url_attribute& a : table) {
      const detail::name_key e = detail::key_of(a.element), n = detail::key_of(a.attribute);
      std::size_t i = hash(e, n);
      while (slots_[i].entry != nullptr) i = (i + 1) % size;
      slots_[i] = {&a, e, n};
    }
  }
  const url_attribute* find(std::string_view element, std::string_view attribute) const noexcept {
    const detail::name_key e = detail::key_of(element), n = detail::key_of(attribute);
    for (std::size_t i = hash(e, n);; i = (i + 1) % size) {
      const slot& s = slots_[i];
      if (s.entry == nullptr) return nullptr;
      if (s.attribute.word == n.word && s.attribute.size == n.size && s.element.word == e.word &&
          s.element.size == e.size && (n.size <= 8 || s.entry->attribute == attribute) &&
          (e.size <= 8 || s.entry->element == element))
        return s.entry;
    }
  }

 private:
  static constexpr std::size_t size = 512;  // several times the table
  struct slot {
    const url_attribute* entry = nullptr;
    detail::name_key element, attribute;
  };
  static constexpr std::size_t hash(const detail::name_key& e, const detail::name_key& a) noexcept {
    const std::uint64_t h =
        (e.word ^ (std::uint64_t{e.size} << 56)) * 0x9E3779B97F4A7C15u ^ a.word ^ a.size;
    return static_cast<std::size_t>((h * 0xFF51AFD7ED558CCDu) >> 55);
  }
  std::array<slot, size> slots_{};
};

constexpr attribute_index attribute_slots;

}  // namespace

constexpr detail::attribute_filter detail::url_attribute_filter = make_filter();

const url_attribute* find_url_attribute(std::string_view element,
                                        std::string_view attribute) noexcept {
  if (!detail::may_be_url_attribute(attribute)) return nullptr;
  return attribute_slots.find(element, attribute);
}

std::vector<std::pair<std::size_t, std::size_t>> split_urls(std::string_view value, url_list list) {
  std::vector<range> out;
  detail::split_into(value, list, out);
  return out;
}

void detail::split_into(std::string_view value, url_list list,
                        std::vector<std::pair<std::size_t, std::size_t>>& out) {
  out.clear();
  switch (list) {
    case url_list::single: {
      // HTML: "a valid URL potentially surrounded by spaces".  A value that
      // is only white space (or empty) is the empty reference, at its start.
      std::size_t begin = 0, end = value.size();
      while (begin < end && is_html_space(value[begin])) ++begin;
      while (end > begin && is_html_space(value[end - 1])) --end;
      if (begin == end) begin = end = 0;
      out.emplace_back(begin, end);
      break;
    }
    case url_list::space_separated:
      split_on(value, false, out);
      break;
    case url_list::comma_separated:
      split_on(value, true, out);
      break;
    case url_list::srcset:
      split_srcset(value, out);
      break;
  }
}

}  // namespace urlkit::html
