// The engine against the oracle (oracle.hpp), compared the same way by the
// differential test (unit/html_differential_test.cpp) and the fuzz target
// (fuzz/html_fuzz.cpp): urlkit::html::absolutize and find_base_href run on a
// document, oracle::absolutize and oracle::find_base_href on the same one,
// and everything they give is compared, field by field: the error or the
// output's bytes, the outer and the document's base, every link (element,
// attribute, position, value, reference, base, resolved URL or error,
// rewritten), the edits, the warnings the sink received, and the BASE that
// find_base_href finds.  The first field that differs is the difference.
//
// A difference is either a bug (in the engine, or in the oracle, which is
// the previous implementation kept as it was) or a documented class: a
// place where the engine reads HTML differently on purpose, named in
// difference_class with its reason, recognized by classify() (docs/html.md
// lists them): a frameset that replaces a body, and gumbo's dropped value
// after a valueless duplicate attribute.  Any other difference is one to
// look at.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "html_oracle/oracle.hpp"
#include "urlkit/base.hpp"
#include "urlkit/error.hpp"
#include "urlkit/html.hpp"
#include "urlkit/result.hpp"

namespace urlkit::html::oracle {

/// The documented classes of difference between the engine and the oracle:
/// each says where the engine reads a document differently from gumbo on
/// purpose, and why.  A class is added with its reason here and its
/// recognizer in classify(); a table row of the differential test that is
/// expected to differ names its class.
enum class difference_class : std::uint8_t {
  none,  ///< No difference is expected: the two must agree.
  /// A FRAMESET read while frameset-ok holds, after elements of the body:
  /// HTML takes the body, and its links, out of the document; the stream
  /// has written them by then (docs/html.md, "How the stream reads HTML").
  frameset_replaces_body,
  /// gumbo 0.10.1 drops the value of the attribute after a repeated one
  /// written without a value ("<a id=1 ID href=x>"); HTML, and the engine,
  /// keep it.
  valueless_duplicate,
  /// More than tree_builder::max_depth (4096) distinct open elements: the
  /// simulation then keeps a count, not their names (nor their namespace),
  /// so that its memory does not grow with the document's depth; what it
  /// reads inside can differ from HTML (docs/html.md, "How the stream reads
  /// HTML").
  past_max_depth,
  /// More than tree_builder::max_formatting (64) entries in the list of
  /// active formatting elements: a formatting element then gets none, so
  /// that a start tag's reopening of those closed stays bounded; closed by
  /// another element's end tag, it is not reopened (docs/html.md).
  past_max_formatting,
  /// gumbo 0.10.1's "reset the insertion mode appropriately" (after a
  /// table, a select or a template closes) reads an SVG or MathML element
  /// named like one of the elements it looks for ("<svg><colgroup>") as
  /// that HTML element, and may switch to that element's mode ("in column
  /// group", which then drops every tag); HTML skips elements of other
  /// namespaces there (13.2.4.1), and so does the engine.
  foreign_name_in_reset,
  /// gumbo 0.10.1 knows 150 element names and reads every other name as
  /// one ("unknown"): an end tag of a name it does not know closes the
  /// innermost open element of any name it does not know ("<x-a><svg>
  /// </x-b>" closes the SVG with the X-A); HTML compares the names, and so
  /// does the engine.
  unknown_end_tag,
  /// gumbo 0.10.1 starts the text of the tag right after an empty end tag
  /// "</>" at that "</>": the positions it gives that tag's attributes are
  /// off by three, and, since it matches SVG and MathML end tags by their
  /// text, such an element or end tag is never matched ("</><svg></svg>"
  /// leaves the SVG open); HTML, and the engine, drop "</>".
  empty_end_tag_text,
  /// gumbo 0.10.1 reads a second HTML start tag before the head as the
  /// start of the head (its "before head" mode lacks the "html" rule), so a
  /// HEAD tag after it is dropped; HTML reads it "in body", adding its
  /// attributes to the first, and so does the engine.
  second_html_before_head,
  /// Outside quirks mode a TABLE start tag closes an open P (HTML,
  /// 13.2.6.4.7); the simulation does not read the DOCTYPE that decides the
  /// mode, and leaves the P open below the table ("<!DOCTYPE html><p>
  /// <table></table><svg></p>": its end tag then closes the SVG).
  table_closes_p,
  /// gumbo 0.10.1 reads a FORM end tag while a TEMPLATE is open, the form
  /// in scope but not the current node ("<template><form><svg></form>"),
  /// as a parse error that pops nothing: it returns there; HTML
  /// (13.2.6.4.7) goes on and pops elements until the form has been
  /// popped, SVG and MathML ones included, and so does the engine.
  form_end_in_template,
  /// gumbo 0.10.1 looks for the element of an APPLET, MARQUEE or OBJECT
  /// end tag in table scope, where HTML (13.2.6.4.7) looks in scope: past a
  /// boundary that only the latter has (a cell, a caption, another such
  /// element, an SVG title, desc or foreignObject, a MathML text element:
  /// "<object><svg><title><svg></object>") it closes the element and all
  /// above it; HTML, and the engine, leave them open.
  object_end_in_table_scope,
  /// A BASE that HTML foster-parents out of a table (a start tag where the
  /// table's modes take none, "<table><td><base href=x><tbody><base
  /// href=y>") goes into the tree before the table, and so before a BASE
  /// read earlier inside it: the first BASE in tree order, the document's
  /// base, is then not the first in the document's order, which is the
  /// one the stream takes (docs/html.md, "Foster parenting").
  foster_parented_base,
};

/// The class's name as its enumerator is spelled.
inline std::string_view to_string(difference_class c) noexcept {
  switch (c) {
    case difference_class::none:
      return "none";
    case difference_class::frameset_replaces_body:
      return "frameset_replaces_body";
    case difference_class::valueless_duplicate:
      return "valueless_duplicate";
    case difference_class::past_max_depth:
      return "past_max_depth";
    case difference_class::past_max_formatting:
      return "past_max_formatting";
    case difference_class::foreign_name_in_reset:
      return "foreign_name_in_reset";
    case difference_class::unknown_end_tag:
      return "unknown_end_tag";
    case difference_class::empty_end_tag_text:
      return "empty_end_tag_text";
    case difference_class::second_html_before_head:
      return "second_html_before_head";
    case difference_class::table_closes_p:
      return "table_closes_p";
    case difference_class::form_end_in_template:
      return "form_end_in_template";
    case difference_class::object_end_in_table_scope:
      return "object_end_in_table_scope";
    case difference_class::foster_parented_base:
      return "foster_parented_base";
  }
  return {};
}

/// What one of the two gave for a document: absolutize's result, the
/// warnings its sink received, and find_base_href's result.
struct outcome {
  result<absolutized> done{absolutized{}};  ///< absolutize(document, outer, options)
  std::vector<warning> warnings;            ///< What options.on_warning received, in order.
  result<std::optional<base_href>> base{std::nullopt};  ///< find_base_href(document)
};

namespace compare_detail {

/// Where `needle` (lower case) is in `s`, ASCII case ignored; npos if not.
inline std::size_t find_ci(std::string_view s, std::string_view needle) noexcept {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  for (std::size_t i = 0; i + needle.size() <= s.size(); ++i) {
    std::size_t k = 0;
    while (k < needle.size() && lower(s[i + k]) == needle[k]) ++k;
    if (k == needle.size()) return i;
  }
  return std::string_view::npos;
}

/// Whether a tag of `s` repeats an attribute name without a value and has
/// another attribute after it (the tags read roughly: the class is a
/// candidate; the comparison shows the rest).
/// The tags of `s`, read roughly: each one's name (lower case) and whether
/// it is an end tag, in order.
inline std::vector<std::pair<std::string, bool>> rough_tags(std::string_view s) {
  std::vector<std::pair<std::string, bool>> tags;
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  const auto letter = [](char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; };
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    if (s[i] != '<') continue;
    const bool end = s[i + 1] == '/';
    std::size_t p = i + 1 + (end ? 1 : 0);
    if (p >= s.size() || !letter(s[p])) continue;
    std::string name;
    while (p < s.size() && s[p] != '>' && s[p] != '/' && s[p] != ' ' && s[p] != '\t' &&
           s[p] != '\n' && s[p] != '\r' && s[p] != '\f')
      name += lower(s[p++]);
    tags.emplace_back(std::move(name), end);
  }
  return tags;
}

/// Whether the simulation's stack of open elements may have passed its 4096
/// distinct entries in `s`: a count of the entries it would hold if no
/// element were closed but by its own end tag (an end tag closes the
/// innermost entry only when it names it; HTML's closing of elements by
/// other tags is left out, and so is what it adds of its own: reformatted
/// elements, implied ones), names repeated in a row sharing an entry as in
/// tree_builder, void elements none.  It stays above the real depth but for
/// what HTML adds, which the margin below the bound allows for.
inline bool may_pass_max_depth(std::string_view s) {
  constexpr std::size_t bound = 4096, margin = 256;
  constexpr std::string_view voids[] = {
      "area", "base", "br",    "col",    "embed", "hr",  "img",      "image",   "input", "keygen",
      "link", "meta", "param", "source", "track", "wbr", "basefont", "bgsound", "frame"};
  std::vector<std::pair<std::string, std::size_t>> stack;  // name, times nested in a row
  for (auto& [name, end] : rough_tags(s)) {
    if (end) {
      if (!stack.empty() && stack.back().first == name && --stack.back().second == 0)
        stack.pop_back();
      continue;
    }
    if (std::find(std::begin(voids), std::end(voids), name) != std::end(voids)) continue;
    if (!stack.empty() && stack.back().first == name) {
      ++stack.back().second;
    } else {
      stack.emplace_back(std::move(name), 1);
      if (stack.size() > bound - margin) return true;
    }
  }
  return false;
}

/// Whether `s` has, after an <svg or <math tag, a start tag of a name that
/// "reset the insertion mode appropriately" reads and foreign content does
/// not break out of (td, th, tr, tbody, thead, tfoot, caption, colgroup,
/// select, template, frameset, html): an SVG or MathML element so named
/// may be open when gumbo resets its mode (the tags read roughly: the class
/// is a candidate; the comparison shows the rest).
inline bool may_have_foreign_name_in_reset(std::string_view s) {
  constexpr std::string_view names[] = {"td",     "th",       "tr",       "tbody",
                                        "thead",  "tfoot",    "caption",  "colgroup",
                                        "select", "template", "frameset", "html"};
  bool foreign = false;
  for (const auto& [name, end] : rough_tags(s)) {
    if (end) continue;
    if (foreign && std::find(std::begin(names), std::end(names), name) != std::end(names))
      return true;
    foreign |= name == "svg" || name == "math";
  }
  return false;
}

/// The element names gumbo 0.10.1 knows (its tag.in); it reads any other
/// as one name.
inline bool known_to_gumbo(std::string_view name) noexcept {
  constexpr std::string_view names[] = {"html",       "head",
                                        "title",      "base",
                                        "link",       "meta",
                                        "style",      "script",
                                        "noscript",   "template",
                                        "body",       "article",
                                        "section",    "nav",
                                        "aside",      "h1",
                                        "h2",         "h3",
                                        "h4",         "h5",
                                        "h6",         "hgroup",
                                        "header",     "footer",
                                        "address",    "p",
                                        "hr",         "pre",
                                        "blockquote", "ol",
                                        "ul",         "li",
                                        "dl",         "dt",
                                        "dd",         "figure",
                                        "figcaption", "main",
                                        "div",        "a",
                                        "em",         "strong",
                                        "small",      "s",
                                        "cite",       "q",
                                        "dfn",        "abbr",
                                        "data",       "time",
                                        "code",       "var",
                                        "samp",       "kbd",
                                        "sub",        "sup",
                                        "i",          "b",
                                        "u",          "mark",
                                        "ruby",       "rt",
                                        "rp",         "bdi",
                                        "bdo",        "span",
                                        "br",         "wbr",
                                        "ins",        "del",
                                        "image",      "img",
                                        "iframe",     "embed",
                                        "object",     "param",
                                        "video",      "audio",
                                        "source",     "track",
                                        "canvas",     "map",
                                        "area",       "math",
                                        "mi",         "mo",
                                        "mn",         "ms",
                                        "mtext",      "mglyph",
                                        "malignmark", "annotation-xml",
                                        "svg",        "foreignobject",
                                        "desc",       "table",
                                        "caption",    "colgroup",
                                        "col",        "tbody",
                                        "thead",      "tfoot",
                                        "tr",         "td",
                                        "th",         "form",
                                        "fieldset",   "legend",
                                        "label",      "input",
                                        "button",     "select",
                                        "datalist",   "optgroup",
                                        "option",     "textarea",
                                        "keygen",     "output",
                                        "progress",   "meter",
                                        "details",    "summary",
                                        "menu",       "menuitem",
                                        "applet",     "acronym",
                                        "bgsound",    "dir",
                                        "frame",      "frameset",
                                        "noframes",   "isindex",
                                        "listing",    "xmp",
                                        "nextid",     "noembed",
                                        "plaintext",  "rb",
                                        "strike",     "basefont",
                                        "big",        "blink",
                                        "center",     "font",
                                        "marquee",    "multicol",
                                        "nobr",       "spacer",
                                        "tt",         "rtc"};
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

/// Whether `s` has an end tag of a name gumbo does not know after a start
/// tag of another such name (a candidate of unknown_end_tag).
inline bool may_match_unknown_end_tag(std::string_view s) {
  std::vector<std::string> unknown_started;
  for (const auto& [name, end] : rough_tags(s)) {
    if (known_to_gumbo(name)) continue;
    if (!end) {
      unknown_started.push_back(name);
      continue;
    }
    for (const std::string& started : unknown_started)
      if (started != name) return true;
  }
  return false;
}

/// Whether `s` has "</>" right before a tag (a candidate of
/// empty_end_tag_text).
inline bool may_have_empty_end_tag_text(std::string_view s) noexcept {
  for (std::size_t at = s.find("</>"); at != std::string_view::npos; at = s.find("</>", at + 1))
    if (at + 3 < s.size() && s[at + 3] == '<') return true;
  return false;
}

/// Whether `s` has two HTML start tags before any other start tag (a
/// candidate of second_html_before_head).
inline bool may_have_second_html_before_head(std::string_view s) {
  std::size_t html = 0;
  for (const auto& [name, end] : rough_tags(s)) {
    if (end) continue;
    if (name != "html") return false;
    if (++html == 2) return true;
  }
  return false;
}

/// Whether `s` has a DOCTYPE and a TABLE start tag after a P start tag (a
/// candidate of table_closes_p).
inline bool may_close_p_by_table(std::string_view s) {
  if (find_ci(s, "<!doctype") == std::string_view::npos) return false;
  bool p = false;
  for (const auto& [name, end] : rough_tags(s)) {
    if (end) continue;
    if (name == "p") p = true;
    if (p && name == "table") return true;
  }
  return false;
}

/// Whether `s` has a TEMPLATE start tag, then a FORM start tag, then a FORM
/// end tag (a candidate of form_end_in_template).
inline bool may_end_form_in_template(std::string_view s) {
  bool template_seen = false, form = false;
  for (const auto& [name, end] : rough_tags(s)) {
    if (!end && name == "template") template_seen = true;
    if (!end && name == "form" && template_seen) form = true;
    if (end && name == "form" && form) return true;
  }
  return false;
}

/// Whether `s` has an APPLET, MARQUEE or OBJECT end tag after a start tag of
/// that name (a candidate of object_end_in_table_scope).
inline bool may_end_object_in_table_scope(std::string_view s) {
  bool open[3] = {false, false, false};
  constexpr std::string_view names[] = {"applet", "marquee", "object"};
  for (const auto& [name, end] : rough_tags(s))
    for (std::size_t k = 0; k < 3; ++k)
      if (name == names[k]) {
        if (end && open[k]) return true;
        if (!end) open[k] = true;
      }
  return false;
}

/// Whether `s` has two BASE start tags after a table's (a candidate of
/// foster_parented_base).
inline bool may_foster_parent_base(std::string_view s) {
  bool table = false;
  std::size_t bases = 0;
  for (const auto& [name, end] : rough_tags(s)) {
    if (end) continue;
    if (name == "table") table = true;
    if (table && name == "base" && ++bases == 2) return true;
  }
  return false;
}

/// Whether `s` has more formatting start tags (a, b, i, ...) than the list of
/// active formatting elements takes, less a margin for its markers (a
/// candidate of past_max_formatting).
inline bool may_pass_max_formatting(std::string_view s) {
  constexpr std::string_view formatting[] = {"a",    "b", "big",   "code",   "em",     "font", "i",
                                             "nobr", "s", "small", "strike", "strong", "tt",   "u"};
  std::size_t n = 0;
  for (const auto& [name, end] : rough_tags(s))
    if (!end &&
        std::find(std::begin(formatting), std::end(formatting), name) != std::end(formatting) &&
        ++n > 48)
      return true;
  return false;
}

inline bool has_valueless_duplicate(std::string_view s) noexcept {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  const auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
  };
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    if (s[i] != '<' || !((s[i + 1] | 0x20) >= 'a' && (s[i + 1] | 0x20) <= 'z')) continue;
    std::size_t p = i + 1;
    while (p < s.size() && !space(s[p]) && s[p] != '>' && s[p] != '/') ++p;
    std::vector<std::string> names;
    bool dup_without_value = false;
    while (p < s.size() && s[p] != '>') {
      while (p < s.size() && (space(s[p]) || s[p] == '/')) ++p;
      if (p >= s.size() || s[p] == '>') break;
      std::string name;
      do name += lower(s[p++]);
      while (p < s.size() && !space(s[p]) && s[p] != '/' && s[p] != '>' && s[p] != '=');
      std::size_t q = p;
      while (q < s.size() && space(s[q])) ++q;
      const bool valued = q < s.size() && s[q] == '=';
      if (dup_without_value) return true;  // an attribute after the valueless repeat
      if (!valued && std::find(names.begin(), names.end(), name) != names.end())
        dup_without_value = true;
      names.push_back(name);
      if (valued) {
        p = q + 1;
        while (p < s.size() && space(s[p])) ++p;
        if (p < s.size() && (s[p] == '"' || s[p] == '\'')) {
          const std::size_t close = s.find(s[p], p + 1);
          p = close == std::string_view::npos ? s.size() : close + 1;
        } else {
          while (p < s.size() && !space(s[p]) && s[p] != '>') ++p;
        }
      }
    }
    if (dup_without_value) {
      // The next tag's first attribute loses its value too.
      return true;
    }
  }
  return false;
}

struct warning_list {
  std::vector<warning> items;
  void operator()(const warning& w) noexcept { items.push_back(w); }
};

template <class Absolutize, class FindBase>
outcome run(Absolutize absolutize_fn, FindBase find_base_fn, std::string_view document,
            const established_base& outer, absolutize_options options) {
  warning_list sunk;
  options.on_warning = make_warning_sink(sunk);
  outcome o;
  o.done = absolutize_fn(document, outer, options);
  o.warnings = std::move(sunk.items);
  o.base = find_base_fn(document);
  return o;
}

/// `s` with control bytes, bytes above 0x7E, '"' and '\' written \xHH.
inline std::string printable(std::string_view s) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
      out += "\\x";
      out += digits[c >> 4];
      out += digits[c & 0xF];
    } else {
      out += ch;
    }
  }
  return out + '"';
}

inline bool same_text(const char* a, const char* b) noexcept {
  return a == b || (a != nullptr && b != nullptr && std::strcmp(a, b) == 0);
}

/// Every field the same, `detail` and `production` compared as text (each
/// implementation has its own static strings).
inline bool same_error(const error& a, const error& b) noexcept {
  return a.offset == b.offset && a.code == b.code && a.rule == b.rule && a.byte == b.byte &&
         a.has_byte == b.has_byte && same_text(a.production, b.production) &&
         same_text(a.detail, b.detail) && a.source == b.source;
}

inline std::string describe(const error& e) {
  std::string s = "error ";
  s += to_string(e.code);
  s += " at " + std::to_string(e.offset);
  if (!e.source.empty()) s += " in " + std::string(e.source);
  if (e.detail != nullptr) s += " (" + std::string(e.detail) + ")";
  return s;
}

inline std::string describe(const position& p) {
  return std::to_string(p.offset) + " (" + std::to_string(p.line) + ":" + std::to_string(p.column) +
         ")";
}

inline std::string describe(const established_base& b) {
  std::string s = printable(b.url) + " from " + std::string(to_string(b.from));
  if (b.resolved_against) s += " against " + std::string(to_string(*b.resolved_against));
  return s;
}

inline std::string describe(const result<std::string>& r) {
  return r ? printable(*r) : describe(r.error());
}

inline std::string describe(const link& l) {
  return l.element + " " + l.attribute + " at " + describe(l.where) + " value [" +
         std::to_string(l.value_begin) + ", " + std::to_string(l.value_end) + ") reference " +
         printable(l.reference) + " base " + printable(l.base) + " resolved " +
         describe(l.resolved) + (l.rewritten ? " rewritten" : " not rewritten");
}

inline std::string describe(const edit& e) {
  return "[" + std::to_string(e.begin) + ", " + std::to_string(e.end) + ") -> " + printable(e.text);
}

inline std::string describe(const warning& w) {
  return w.to_string();
}

inline std::string describe(const std::optional<base_href>& b) {
  if (!b) return "no BASE";
  return "href " + describe(b->href) + " at " + describe(b->where);
}

}  // namespace compare_detail

/// The first thing in which the two differ.
struct difference {
  /// What differs: "error", "html", "outer", "base", "links.size",
  /// "links[N].FIELD", "edits.size", "edits[N]", "warnings.size",
  /// "warnings[N]", "find_base_href".
  std::string field;
  std::string engine;  ///< The engine's side, written out.
  std::string oracle;  ///< The oracle's side, written out.
  /// For "html": the first byte that differs; for "links[N]..." and the
  /// other lists: N.  npos otherwise.
  std::size_t at = std::string_view::npos;
};

/// The engine (urlkit::html) on `document`; options.on_warning is replaced by
/// the outcome's list.
inline outcome run_engine(std::string_view document, const established_base& outer,
                          const absolutize_options& options = {}) {
  return compare_detail::run([](std::string_view d, const established_base& b,
                                const absolutize_options& o) { return html::absolutize(d, b, o); },
                             [](std::string_view d) { return html::find_base_href(d); }, document,
                             outer, options);
}

/// Whether gumbo 0.10.1 may end the process on `document` (Debian builds it
/// with its assertions).  Two shapes, read roughly as the classes are (the
/// tags, in order), after a table's or a template's tag:
/// - text of a CDATA section read at an HTML integration point (MathML mi,
///   mo, mn, ms, mtext, annotation-xml; SVG desc, title, foreignObject)
///   fails the assertion of its "in table" ("<table><math><mtext>
///   <![CDATA[a]]>"): a CDATA section after such an element's tag;
/// - an HTML SELECT opened, in a table, inside an SVG or MathML element
///   named like one that "reset the insertion mode" reads (select, a table
///   part), and closed: its reset takes the foreign element for that one
///   (foreign_name_in_reset), and pops past the stack's end or closes a
///   cell that is not there ("<table><svg><select><title><select><td>",
///   "<table><math><td><mi><select></table>"): such a name, then a
///   select tag, after an svg or math one.
/// Such a document cannot be compared; the tests and the fuzz target count
/// it aside (docs/html.md).
inline bool gumbo_aborts_on(std::string_view document) {
  constexpr std::string_view points[] = {
      "mi", "mo", "mn", "ms", "mtext", "desc", "title", "foreignobject", "annotation-xml"};
  constexpr std::string_view tables[] = {"table", "tbody", "thead",   "tfoot",    "tr",
                                         "td",    "th",    "caption", "colgroup", "template"};
  const auto in = [](const auto& list, const std::string& name) {
    return std::find(std::begin(list), std::end(list), name) != std::end(list);
  };
  constexpr std::string_view reset_names[] = {"select", "td",    "th",      "tr",      "tbody",
                                              "thead",  "tfoot", "caption", "colgroup"};
  bool table = false, foreign = false, named = false;
  for (const auto& [name, end] : compare_detail::rough_tags(document)) {
    if (end) continue;
    table = table || in(tables, name);
    if (table && (name == "svg" || name == "math")) foreign = true;
    if (named && name == "select") return true;
    if (foreign && in(reset_names, name)) named = true;
  }
  const std::size_t last = document.rfind("<![CDATA[");
  if (last == std::string_view::npos) return false;
  bool point = false;
  table = false;
  // (The tags before the last CDATA section: any of them may have opened it.)
  for (const auto& [name, end] : compare_detail::rough_tags(document.substr(0, last))) {
    if (end) continue;
    point = point || in(points, name);
    table = table || in(tables, name);
  }
  return point && table;
}

/// The oracle on `document`, as run_engine.
inline outcome run_oracle(std::string_view document, const established_base& outer,
                          const absolutize_options& options = {}) {
  return compare_detail::run(
      [](std::string_view d, const established_base& b, const absolutize_options& o) {
        return oracle::absolutize(d, b, o);
      },
      [](std::string_view d) { return oracle::find_base_href(d); }, document, outer, options);
}

/// The first difference between the two outcomes, or nullopt when they
/// agree in everything.
inline std::optional<difference> first_difference(const outcome& engine, const outcome& oracle) {
  using namespace compare_detail;
  auto differ = [](std::string field, std::string a, std::string b,
                   std::size_t at = std::string_view::npos) {
    return std::optional<difference>(difference{std::move(field), std::move(a), std::move(b), at});
  };
  const auto& e = engine.done;
  const auto& o = oracle.done;
  if (e.has_value() != o.has_value() || (!e && !same_error(e.error(), o.error())))
    return differ("error", e ? "absolutized" : describe(e.error()),
                  o ? "absolutized" : describe(o.error()));
  if (e) {
    if (e->html != o->html) {
      const auto [pe, po] =
          std::mismatch(e->html.begin(), e->html.end(), o->html.begin(), o->html.end());
      const auto at = static_cast<std::size_t>(pe - e->html.begin());
      // What each has from the first byte that differs (a little before it
      // too, for context).
      const std::size_t from = at < 16 ? 0 : at - 16;
      return differ("html", printable(std::string_view(e->html).substr(from, 80)),
                    printable(std::string_view(o->html).substr(from, 80)), at);
    }
    const auto same_base = [](const established_base& a, const established_base& b) {
      return a.url == b.url && a.from == b.from && a.resolved_against == b.resolved_against;
    };
    if (!same_base(e->outer, o->outer))
      return differ("outer", describe(e->outer), describe(o->outer));
    if (!same_base(e->base, o->base)) return differ("base", describe(e->base), describe(o->base));
    const std::size_t links = std::min(e->links.size(), o->links.size());
    for (std::size_t i = 0; i < links; ++i) {
      const link& a = e->links[i];
      const link& b = o->links[i];
      const std::string n = "links[" + std::to_string(i) + "].";
      std::string field;
      if (a.element != b.element)
        field = "element";
      else if (a.attribute != b.attribute)
        field = "attribute";
      else if (!(a.where == b.where))
        field = "where";
      else if (a.value_begin != b.value_begin || a.value_end != b.value_end)
        field = "value";
      else if (a.reference != b.reference)
        field = "reference";
      else if (a.base != b.base)
        field = "base";
      else if (a.resolved.has_value() != b.resolved.has_value() ||
               (a.resolved ? *a.resolved != *b.resolved
                           : !same_error(a.resolved.error(), b.resolved.error())))
        field = "resolved";
      else if (a.rewritten != b.rewritten)
        field = "rewritten";
      if (!field.empty()) return differ(n + field, describe(a), describe(b), i);
    }
    if (e->links.size() != o->links.size()) {
      const std::size_t i = links;
      return differ("links.size",
                    std::to_string(e->links.size()) +
                        (i < e->links.size() ? ", the first extra " + describe(e->links[i]) : ""),
                    std::to_string(o->links.size()) +
                        (i < o->links.size() ? ", the first extra " + describe(o->links[i]) : ""),
                    i);
    }
    const std::size_t edits = std::min(e->edits.size(), o->edits.size());
    for (std::size_t i = 0; i < edits; ++i)
      if (!(e->edits[i] == o->edits[i]))
        return differ("edits[" + std::to_string(i) + "]", describe(e->edits[i]),
                      describe(o->edits[i]), i);
    if (e->edits.size() != o->edits.size())
      return differ("edits.size", std::to_string(e->edits.size()), std::to_string(o->edits.size()),
                    edits);
  }
  const std::size_t warnings = std::min(engine.warnings.size(), oracle.warnings.size());
  for (std::size_t i = 0; i < warnings; ++i) {
    const warning& a = engine.warnings[i];
    const warning& b = oracle.warnings[i];
    if (a.to_string() != b.to_string())
      return differ("warnings[" + std::to_string(i) + "]", describe(a), describe(b), i);
  }
  if (engine.warnings.size() != oracle.warnings.size())
    return differ("warnings.size", std::to_string(engine.warnings.size()),
                  std::to_string(oracle.warnings.size()), warnings);
  const auto& fe = engine.base;
  const auto& fo = oracle.base;
  const auto same_found = [&] {
    if (fe.has_value() != fo.has_value()) return false;
    if (!fe) return same_error(fe.error(), fo.error());
    if (fe->has_value() != fo->has_value()) return false;
    if (!fe->has_value()) return true;
    const base_href& a = **fe;
    const base_href& b = **fo;
    if (!(a.where == b.where) || a.href.has_value() != b.href.has_value()) return false;
    return a.href ? *a.href == *b.href : same_error(a.href.error(), b.href.error());
  };
  if (!same_found())
    return differ("find_base_href", fe ? describe(*fe) : describe(fe.error()),
                  fo ? describe(*fo) : describe(fo.error()));
  return std::nullopt;
}

/// Runs both on `document` and compares them.
inline std::optional<difference> compare(std::string_view document, const established_base& outer,
                                         const absolutize_options& options = {}) {
  return first_difference(run_engine(document, outer, options),
                          run_oracle(document, outer, options));
}

/// The documented class that explains `d` on `document`, or
/// difference_class::none when none does (a difference to look at).
inline difference_class classify(std::string_view document, const difference& d) noexcept {
  (void)d;
  if (compare_detail::has_valueless_duplicate(document))
    return difference_class::valueless_duplicate;
  if (compare_detail::find_ci(document, "<frameset") != std::string_view::npos)
    return difference_class::frameset_replaces_body;
  if (compare_detail::may_pass_max_depth(document)) return difference_class::past_max_depth;
  if (compare_detail::may_pass_max_formatting(document))
    return difference_class::past_max_formatting;
  if (compare_detail::may_have_foreign_name_in_reset(document))
    return difference_class::foreign_name_in_reset;
  if (compare_detail::may_match_unknown_end_tag(document)) return difference_class::unknown_end_tag;
  if (compare_detail::may_have_empty_end_tag_text(document))
    return difference_class::empty_end_tag_text;
  if (compare_detail::may_have_second_html_before_head(document))
    return difference_class::second_html_before_head;
  if (compare_detail::may_close_p_by_table(document)) return difference_class::table_closes_p;
  if (compare_detail::may_end_form_in_template(document))
    return difference_class::form_end_in_template;
  if (compare_detail::may_end_object_in_table_scope(document))
    return difference_class::object_end_in_table_scope;
  if (compare_detail::may_foster_parent_base(document))
    return difference_class::foster_parented_base;
  return difference_class::none;
}

/// A report of `d` for a person: the document (bytes written \xHH where
/// they would not print), the outer base, the field, and both sides.
inline std::string report(std::string_view document, const established_base& outer,
                          const difference& d) {
  using compare_detail::printable;
  std::string s = "document (" + std::to_string(document.size()) + " bytes): ";
  s += printable(document.substr(0, 2000));
  if (document.size() > 2000) s += "...";
  s += "\nouter base: " + compare_detail::describe(outer);
  s += "\nfirst difference: " + d.field;
  if (d.field == "html") s += " at byte " + std::to_string(d.at) + " (shown from 16 before it)";
  s += "\n  engine: " + d.engine + "\n  oracle: " + d.oracle + "\n";
  return s;
}

}  // namespace urlkit::html::oracle
