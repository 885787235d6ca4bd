// How deeply gumbo would nest a document's elements, read from its tags
// before gumbo is given it.
//
// gumbo (0.10.1) has no limit of its own on the depth of its tree, and its
// time grows with that depth for every tag it reads: HTML's tree construction
// looks through the stack of open elements for each one ("has an element in
// scope", "close a p element"), so a document of n nested elements costs
// n * n / 2 steps (100,000 levels of "<div>": minutes).  The absolutizer
// refuses a document whose elements would nest deeper than a limit
// (urlkit::html::max_nesting), before gumbo reads it.
//
// A count of start tags less end tags would not tell: HTML closes elements
// that are never closed in the text ("<p>", "<li>", "<td>" are closed by the
// next one), ignores end tags that close nothing it would close ("</span>"
// across a "<div>"), and reopens formatting elements ("<b>") that a closed
// element took with it.  So the count follows the stack of open elements as
// HTML's tree construction builds it (the HTML standard, "tree
// construction"; the insertion modes below are its names), as gumbo 0.10.1
// implements it, for the tags that open, close or reopen elements: the
// insertion modes of the body, the head, tables, select, templates and
// framesets, foreign content (SVG, MathML), the tokenizer's states that read
// text instead of tags (comments, script, RAWTEXT, RCDATA, PLAINTEXT, CDATA),
// the active formatting elements with their markers, Noah's Ark clause and
// the adoption agency.  No tree is built; a stack entry is a few integers.
//
// Where the reading is not sure of what gumbo does (a DOCTYPE that may or may
// not put it in quirks mode), it keeps an element open rather than close it
// wrongly: an element it closed while gumbo keeps it would let later end tags
// close elements gumbo keeps open, and the count would fall behind gumbo's
// tree.  html_fuzz checks the count against the depth of gumbo's tree.
#pragma once

#include <gumbo.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "urlkit/detail/ascii.hpp"

namespace urlkit::html::detail {

/// What check_nesting found.
struct nesting_report {
  /// The most elements open at once (html, head and body included), up to
  /// the point where the limit was passed.
  std::size_t deepest = 0;
  /// The offset of the tag (or text) that took the count past the limit;
  /// npos when it stayed within.
  std::size_t too_deep_at = std::string_view::npos;
  /// Formatting elements reopened (cloned) by the tree construction, each
  /// counted with its attributes (gumbo copies them all), up to the point
  /// where the limit was passed.
  std::size_t reopened = 0;
  /// The offset where `reopened` passed its bound (clones_bound), or npos.
  std::size_t too_many_reopened_at = std::string_view::npos;
  /// The work done: bytes read plus stack and list entries looked at.
  std::size_t steps = 0;
};

namespace nesting {

enum class space : std::uint8_t { html, svg, math };

/// A set of GumboTag values, built at compile time.
class tag_set {
 public:
  constexpr tag_set(std::initializer_list<GumboTag> tags) noexcept {
    for (GumboTag t : tags) bits_[t / 64] |= std::uint64_t{1} << (t % 64);
  }
  constexpr bool has(GumboTag t) const noexcept { return ((bits_[t / 64] >> (t % 64)) & 1) != 0; }

 private:
  std::array<std::uint64_t, (GUMBO_TAG_LAST + 64) / 64> bits_{};
};

// The HTML standard's element categories and scopes, as gumbo 0.10.1 lists
// them (parser.c): "special", the default scope's boundaries, the implied
// end tags, the formatting elements.
inline constexpr tag_set special_html{
    GUMBO_TAG_ADDRESS,    GUMBO_TAG_APPLET,     GUMBO_TAG_AREA,     GUMBO_TAG_ARTICLE,
    GUMBO_TAG_ASIDE,      GUMBO_TAG_BASE,       GUMBO_TAG_BASEFONT, GUMBO_TAG_BGSOUND,
    GUMBO_TAG_BLOCKQUOTE, GUMBO_TAG_BODY,       GUMBO_TAG_BR,       GUMBO_TAG_BUTTON,
    GUMBO_TAG_CAPTION,    GUMBO_TAG_CENTER,     GUMBO_TAG_COL,      GUMBO_TAG_COLGROUP,
    GUMBO_TAG_MENUITEM,   GUMBO_TAG_DD,         GUMBO_TAG_DETAILS,  GUMBO_TAG_DIR,
    GUMBO_TAG_DIV,        GUMBO_TAG_DL,         GUMBO_TAG_DT,       GUMBO_TAG_EMBED,
    GUMBO_TAG_FIELDSET,   GUMBO_TAG_FIGCAPTION, GUMBO_TAG_FIGURE,   GUMBO_TAG_FOOTER,
    GUMBO_TAG_FORM,       GUMBO_TAG_FRAME,      GUMBO_TAG_FRAMESET, GUMBO_TAG_H1,
    GUMBO_TAG_H2,         GUMBO_TAG_H3,         GUMBO_TAG_H4,       GUMBO_TAG_H5,
    GUMBO_TAG_H6,         GUMBO_TAG_HEAD,       GUMBO_TAG_HEADER,   GUMBO_TAG_HGROUP,
    GUMBO_TAG_HR,         GUMBO_TAG_HTML,       GUMBO_TAG_IFRAME,   GUMBO_TAG_IMG,
    GUMBO_TAG_INPUT,      GUMBO_TAG_ISINDEX,    GUMBO_TAG_LI,       GUMBO_TAG_LINK,
    GUMBO_TAG_LISTING,    GUMBO_TAG_MARQUEE,    GUMBO_TAG_MENU,     GUMBO_TAG_META,
    GUMBO_TAG_NAV,        GUMBO_TAG_NOEMBED,    GUMBO_TAG_NOFRAMES, GUMBO_TAG_NOSCRIPT,
    GUMBO_TAG_OBJECT,     GUMBO_TAG_OL,         GUMBO_TAG_P,        GUMBO_TAG_PARAM,
    GUMBO_TAG_PLAINTEXT,  GUMBO_TAG_PRE,        GUMBO_TAG_SCRIPT,   GUMBO_TAG_SECTION,
    GUMBO_TAG_SELECT,     GUMBO_TAG_STYLE,      GUMBO_TAG_SUMMARY,  GUMBO_TAG_TABLE,
    GUMBO_TAG_TBODY,      GUMBO_TAG_TD,         GUMBO_TAG_TEMPLATE, GUMBO_TAG_TEXTAREA,
    GUMBO_TAG_TFOOT,      GUMBO_TAG_TH,         GUMBO_TAG_THEAD,    GUMBO_TAG_TITLE,
    GUMBO_TAG_TR,         GUMBO_TAG_UL,         GUMBO_TAG_WBR,      GUMBO_TAG_XMP};
inline constexpr tag_set special_math{GUMBO_TAG_MI, GUMBO_TAG_MO,    GUMBO_TAG_MN,
                                      GUMBO_TAG_MS, GUMBO_TAG_MTEXT, GUMBO_TAG_ANNOTATION_XML};
inline constexpr tag_set special_svg{GUMBO_TAG_FOREIGNOBJECT, GUMBO_TAG_DESC};
inline constexpr tag_set scope_html{GUMBO_TAG_APPLET,  GUMBO_TAG_CAPTION, GUMBO_TAG_HTML,
                                    GUMBO_TAG_TABLE,   GUMBO_TAG_TD,      GUMBO_TAG_TH,
                                    GUMBO_TAG_MARQUEE, GUMBO_TAG_OBJECT,  GUMBO_TAG_TEMPLATE};
inline constexpr tag_set scope_svg{GUMBO_TAG_FOREIGNOBJECT, GUMBO_TAG_DESC, GUMBO_TAG_TITLE};
inline constexpr tag_set implied_end{
    GUMBO_TAG_DD, GUMBO_TAG_DT, GUMBO_TAG_LI, GUMBO_TAG_OPTION, GUMBO_TAG_OPTGROUP,
    GUMBO_TAG_P,  GUMBO_TAG_RP, GUMBO_TAG_RB, GUMBO_TAG_RT,     GUMBO_TAG_RTC};
inline constexpr tag_set implied_end_thoroughly{
    GUMBO_TAG_CAPTION, GUMBO_TAG_COLGROUP, GUMBO_TAG_DD, GUMBO_TAG_DT,    GUMBO_TAG_LI,
    GUMBO_TAG_OPTION,  GUMBO_TAG_OPTGROUP, GUMBO_TAG_P,  GUMBO_TAG_RP,    GUMBO_TAG_RT,
    GUMBO_TAG_RTC,     GUMBO_TAG_TBODY,    GUMBO_TAG_TD, GUMBO_TAG_TFOOT, GUMBO_TAG_TH,
    GUMBO_TAG_HEAD,    GUMBO_TAG_TR};
inline constexpr tag_set formatting{
    GUMBO_TAG_A,      GUMBO_TAG_B,      GUMBO_TAG_BIG,  GUMBO_TAG_CODE, GUMBO_TAG_EM,
    GUMBO_TAG_FONT,   GUMBO_TAG_I,      GUMBO_TAG_NOBR, GUMBO_TAG_S,    GUMBO_TAG_SMALL,
    GUMBO_TAG_STRIKE, GUMBO_TAG_STRONG, GUMBO_TAG_TT,   GUMBO_TAG_U};
// Start tags that close an open p first ("close a p element" in the in body
// insertion mode); table does too unless in quirks mode.
inline constexpr tag_set closes_p{
    GUMBO_TAG_ADDRESS, GUMBO_TAG_ARTICLE,  GUMBO_TAG_ASIDE,      GUMBO_TAG_BLOCKQUOTE,
    GUMBO_TAG_CENTER,  GUMBO_TAG_DETAILS,  GUMBO_TAG_DIR,        GUMBO_TAG_DIV,
    GUMBO_TAG_DL,      GUMBO_TAG_FIELDSET, GUMBO_TAG_FIGCAPTION, GUMBO_TAG_FIGURE,
    GUMBO_TAG_FOOTER,  GUMBO_TAG_HEADER,   GUMBO_TAG_HGROUP,     GUMBO_TAG_MENU,
    GUMBO_TAG_MAIN,    GUMBO_TAG_NAV,      GUMBO_TAG_OL,         GUMBO_TAG_P,
    GUMBO_TAG_SECTION, GUMBO_TAG_SUMMARY,  GUMBO_TAG_UL};
// End tags closed when in scope (in body: "address, article, ..."), the
// elements up to them with them.
inline constexpr tag_set closes_in_scope{
    GUMBO_TAG_ADDRESS, GUMBO_TAG_ARTICLE, GUMBO_TAG_ASIDE,    GUMBO_TAG_BLOCKQUOTE,
    GUMBO_TAG_BUTTON,  GUMBO_TAG_CENTER,  GUMBO_TAG_DETAILS,  GUMBO_TAG_DIR,
    GUMBO_TAG_DIV,     GUMBO_TAG_DL,      GUMBO_TAG_FIELDSET, GUMBO_TAG_FIGCAPTION,
    GUMBO_TAG_FIGURE,  GUMBO_TAG_FOOTER,  GUMBO_TAG_HEADER,   GUMBO_TAG_HGROUP,
    GUMBO_TAG_LISTING, GUMBO_TAG_MAIN,    GUMBO_TAG_MENU,     GUMBO_TAG_NAV,
    GUMBO_TAG_OL,      GUMBO_TAG_PRE,     GUMBO_TAG_SECTION,  GUMBO_TAG_SUMMARY,
    GUMBO_TAG_UL};
inline constexpr tag_set headings{GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3,
                                  GUMBO_TAG_H4, GUMBO_TAG_H5, GUMBO_TAG_H6};
// Start tags that leave foreign content (in foreign content: "b, big, ...").
inline constexpr tag_set breaks_out{
    GUMBO_TAG_B,      GUMBO_TAG_BIG,    GUMBO_TAG_BLOCKQUOTE, GUMBO_TAG_BODY,  GUMBO_TAG_BR,
    GUMBO_TAG_CENTER, GUMBO_TAG_CODE,   GUMBO_TAG_DD,         GUMBO_TAG_DIV,   GUMBO_TAG_DL,
    GUMBO_TAG_DT,     GUMBO_TAG_EM,     GUMBO_TAG_EMBED,      GUMBO_TAG_H1,    GUMBO_TAG_H2,
    GUMBO_TAG_H3,     GUMBO_TAG_H4,     GUMBO_TAG_H5,         GUMBO_TAG_H6,    GUMBO_TAG_HEAD,
    GUMBO_TAG_HR,     GUMBO_TAG_I,      GUMBO_TAG_IMG,        GUMBO_TAG_LI,    GUMBO_TAG_LISTING,
    GUMBO_TAG_MENU,   GUMBO_TAG_META,   GUMBO_TAG_NOBR,       GUMBO_TAG_OL,    GUMBO_TAG_P,
    GUMBO_TAG_PRE,    GUMBO_TAG_RUBY,   GUMBO_TAG_S,          GUMBO_TAG_SMALL, GUMBO_TAG_SPAN,
    GUMBO_TAG_STRONG, GUMBO_TAG_STRIKE, GUMBO_TAG_SUB,        GUMBO_TAG_SUP,   GUMBO_TAG_TABLE,
    GUMBO_TAG_TT,     GUMBO_TAG_U,      GUMBO_TAG_UL,         GUMBO_TAG_VAR};
// Elements that are inserted and closed at once in the body (void) and
// those the in head rules take (void, or text: handled by the tokenizer).
inline constexpr tag_set void_in_body{
    GUMBO_TAG_AREA,   GUMBO_TAG_BR,   GUMBO_TAG_EMBED,    GUMBO_TAG_IMG,     GUMBO_TAG_IMAGE,
    GUMBO_TAG_KEYGEN, GUMBO_TAG_WBR,  GUMBO_TAG_INPUT,    GUMBO_TAG_PARAM,   GUMBO_TAG_SOURCE,
    GUMBO_TAG_TRACK,  GUMBO_TAG_BASE, GUMBO_TAG_BASEFONT, GUMBO_TAG_BGSOUND, GUMBO_TAG_MENUITEM,
    GUMBO_TAG_LINK,   GUMBO_TAG_META};
inline constexpr tag_set table_parts{GUMBO_TAG_CAPTION, GUMBO_TAG_COL,   GUMBO_TAG_COLGROUP,
                                     GUMBO_TAG_TBODY,   GUMBO_TAG_TD,    GUMBO_TAG_TFOOT,
                                     GUMBO_TAG_TH,      GUMBO_TAG_THEAD, GUMBO_TAG_TR};
inline constexpr tag_set sections{GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT, GUMBO_TAG_THEAD};
// The elements that decide the insertion mode ("reset the insertion mode
// appropriately").
inline constexpr tag_set mode_setting{GUMBO_TAG_TD,      GUMBO_TAG_TH,       GUMBO_TAG_TR,
                                      GUMBO_TAG_TBODY,   GUMBO_TAG_THEAD,    GUMBO_TAG_TFOOT,
                                      GUMBO_TAG_CAPTION, GUMBO_TAG_COLGROUP, GUMBO_TAG_TABLE,
                                      GUMBO_TAG_SELECT,  GUMBO_TAG_TEMPLATE, GUMBO_TAG_FRAMESET};

/// What the tokenizer reads after a start tag: tags, or text up to the
/// element's end tag (the tree construction switches the tokenizer).
enum class text_state : std::uint8_t { data, rcdata, rawtext, script, plaintext };

/// A start or end tag as the tokenizer read it.
struct tag_token {
  GumboTag tag = GUMBO_TAG_UNKNOWN;
  std::size_t offset = 0;       // of its "<"
  std::string_view name;        // as written
  std::string_view attributes;  // the text after the name, up to ">" or "/>"
  bool self_closing = false;
  bool end = false;
  // The attributes that change what the tree construction does.
  bool font_breaks_out = false;       // color, face or size (font in foreign content)
  bool hidden_input = false;          // type="hidden" (input)
  bool html_encoding = false;         // encoding="text/html" or XHTML (annotation-xml)
  std::uint32_t attribute_count = 0;  // of the start tag (duplicates included)
};

inline bool iequal(std::string_view a, std::string_view b) noexcept {
  return urlkit::detail::ascii::iequals(a, b);
}

/// The stack of open elements and the list of active formatting elements,
/// without the tree.
class tree_model {
 public:
  tree_model(std::string_view document, std::size_t limit, std::size_t clones_bound,
             nesting_report& report)
      : document_(document), limit_(limit), clones_bound_(clones_bound), report_(report) {
    // The stack grows to the limit at most (and one more): one allocation.
    stack_.reserve(std::min<std::size_t>(limit, 1024) + 1);
    push_element(GUMBO_TAG_HTML, space::html, {}, {});
  }

  bool stopped() const noexcept { return stopped_; }

  /// The tokenizer's CDATA sections are only read where the current node is
  /// not an HTML element.
  bool current_foreign() const noexcept { return top().ns != space::html; }

  /// A DOCTYPE before anything else: whether it surely selects no-quirks
  /// mode, or may select quirks mode.  Without one, quirks mode.
  void doctype(bool surely_no_quirks) noexcept {
    if (phase_ == phase::initial) quirks_ = surely_no_quirks ? quirks::no : quirks::maybe;
  }

  /// Character data: `non_space` when it holds a character other than HTML
  /// white space (and NUL, which the body ignores).
  void text(std::size_t offset, bool non_space) {
    at_ = offset;
    if (foreign_for_text()) {
      if (non_space) frameset_ok_ = false;
      return;
    }
    if (!head_template()) switch (phase_) {
        case phase::initial:
        case phase::before_head:
          if (!non_space) return;
          push_element(GUMBO_TAG_HEAD, space::html, {}, {});
          phase_ = phase::in_head;
          [[fallthrough]];
        case phase::in_head:
          if (!non_space) return;
          pop();  // head
          phase_ = phase::after_head;
          [[fallthrough]];
        case phase::after_head:
          if (!non_space) return;
          push_element(GUMBO_TAG_BODY, space::html, {}, {});
          phase_ = phase::body;
          break;
        case phase::head_noscript:
          if (!non_space) return;
          pop();  // noscript
          phase_ = phase::in_head;
          text(offset, non_space);
          return;
        case phase::frameset:
        case phase::after_frameset:
          return;
        case phase::body:
          break;
      }
    switch (mode()) {
      case mode::select:
      case mode::select_in_table:
        return;
      case mode::column_group:
        if (!non_space) return;
        if (top().tag != GUMBO_TAG_COLGROUP || top().ns != space::html) return;
        pop();
        text(offset, non_space);
        return;
      case mode::table:
      case mode::table_body:
      case mode::row:
        // "in table text": white space is inserted as it is; other text is
        // foster parented by the in body rules.
        if (!non_space) return;
        break;
      default:
        break;
    }
    reconstruct();
    if (non_space) frameset_ok_ = false;
  }

  /// A start tag; what the tokenizer reads after it.
  text_state start_tag(const tag_token& t) {
    at_ = t.offset;
    if (foreign_for_start(t)) return foreign_start(t);
    return html_start(t);
  }

  void end_tag(const tag_token& t) {
    at_ = t.offset;
    if (current_foreign()) {
      foreign_end(t);
      return;
    }
    html_end(t);
  }

 private:
  enum class phase : std::uint8_t {
    initial,
    before_head,
    in_head,
    head_noscript,
    after_head,
    body,
    frameset,
    after_frameset
  };
  enum class mode : std::uint8_t {
    body,
    table,
    table_body,
    row,
    cell,
    caption,
    column_group,
    select,
    select_in_table,
    template_contents
  };
  enum class quirks : std::uint8_t { yes, no, maybe };

  struct element {
    GumboTag tag;
    space ns;
    // A p that quirks mode keeps open across a table and other modes close
    // there (quirks::maybe): counted, and a boundary where p is, but not
    // closed by what closes p below the top of the stack.
    bool maybe_closed;
    // annotation-xml with an HTML encoding: an HTML integration point.
    bool html_point;
    // A select with a table below it (and no template between): the in
    // select in table mode.
    bool in_table;
    std::uint32_t id;
    // What the walks down the stack would find, kept up to date as the
    // stack changes so that each lookup is one step (the tree construction
    // walks for most tags, and a document may hold as many tags as bytes):
    // the index of the HTML element below with the same tag (none at the
    // bottom), and of the nearest element at or below this one that is a
    // boundary of each scope, special, stops the search for an li, dd or dt
    // to close, is not an option or optgroup, or sets the insertion mode.
    std::uint32_t same_below;
    std::uint32_t scope, button_scope, list_scope, table_scope, select_scope;
    std::uint32_t special, list_item_stop, mode_at;
    std::uint32_t name_begin, name_size;  // as written (foreign end tags compare names)
    std::uint32_t attributes_begin, attributes_size;
    std::uint32_t attribute_count;
  };
  struct formatting_entry {
    GumboTag tag;  // GUMBO_TAG_LAST for a marker
    std::uint32_t id;
    std::uint32_t at;  // where its element was in the stack, checked before use
    std::uint32_t name_begin, name_size;
    std::uint32_t attributes_begin, attributes_size;
    std::uint32_t attribute_count;
  };

  // ---- the stack ------------------------------------------------------------

  const element& top() const noexcept { return stack_.back(); }
  bool top_is(GumboTag t) const noexcept {
    return stack_.back().tag == t && stack_.back().ns == space::html;
  }
  static bool is(const element& e, GumboTag t) noexcept {
    return e.tag == t && e.ns == space::html;
  }
  static bool is_special(const element& e) noexcept {
    switch (e.ns) {
      case space::html:
        return special_html.has(e.tag);
      case space::math:
        return special_math.has(e.tag);
      case space::svg:
        return special_svg.has(e.tag);
    }
    return false;
  }
  static bool is_scope_boundary(const element& e) noexcept {
    switch (e.ns) {
      case space::html:
        return scope_html.has(e.tag);
      case space::math:
        return special_math.has(e.tag);  // mi mo mn ms mtext annotation-xml
      case space::svg:
        return scope_svg.has(e.tag);
    }
    return false;
  }

  std::string_view text_of(std::uint32_t begin, std::uint32_t size) const noexcept {
    return document_.substr(begin, size);
  }

  void push(element e) {
    e.id = next_id_++;
    if (is(e, GUMBO_TAG_TEMPLATE)) ++templates_;
    stack_.push_back(e);
    restack(stack_.size() - 1);
    if (stack_.size() > report_.deepest) report_.deepest = stack_.size();
    if (stack_.size() > limit_) stop_too_deep();
  }
  /// Recomputes what the entries from `from` up keep of the walks (see
  /// element), after a change there.
  void restack(std::size_t from) noexcept {
    for (std::size_t i = from; i < stack_.size(); ++i) {
      ++report_.steps;
      element& e = stack_[i];
      const auto at = static_cast<std::uint32_t>(i);
      const element* below = i > 0 ? &stack_[i - 1] : nullptr;
      const auto here_or = [at, below](bool here, std::uint32_t element::*field) {
        return here ? at : below != nullptr ? below->*field : none;
      };
      const bool html = e.ns == space::html;
      if (html) {
        e.same_below = top_of_[e.tag];
        top_of_[e.tag] = at;
      }
      const bool boundary = is_scope_boundary(e) || e.maybe_closed;
      e.scope = here_or(boundary, &element::scope);
      e.button_scope = here_or(boundary || is(e, GUMBO_TAG_BUTTON), &element::button_scope);
      e.list_scope =
          here_or(boundary || is(e, GUMBO_TAG_OL) || is(e, GUMBO_TAG_UL), &element::list_scope);
      e.table_scope =
          here_or(is(e, GUMBO_TAG_HTML) || is(e, GUMBO_TAG_TABLE) || is(e, GUMBO_TAG_TEMPLATE),
                  &element::table_scope);
      e.select_scope =
          here_or(!(is(e, GUMBO_TAG_OPTGROUP) || is(e, GUMBO_TAG_OPTION)), &element::select_scope);
      e.special = here_or(is_special(e) || e.maybe_closed, &element::special);
      e.list_item_stop = here_or(e.maybe_closed || (is_special(e) && !is(e, GUMBO_TAG_ADDRESS) &&
                                                    !is(e, GUMBO_TAG_DIV) && !is(e, GUMBO_TAG_P)),
                                 &element::list_item_stop);
      e.mode_at = here_or(html && mode_setting.has(e.tag), &element::mode_at);
      if (is(e, GUMBO_TAG_SELECT)) {
        e.in_table = false;
        for (std::uint32_t j = below != nullptr ? below->mode_at : none; j != none;
             j = j > 0 ? stack_[j - 1].mode_at : none) {
          ++report_.steps;
          if (is(stack_[j], GUMBO_TAG_TEMPLATE)) break;
          if (is(stack_[j], GUMBO_TAG_TABLE)) {
            e.in_table = true;
            break;
          }
        }
      }
    }
  }
  /// After a change in the middle of the stack: every entry again.
  void restack_all() noexcept {
    top_of_.fill(none);
    restack(0);
  }
  void push_element(GumboTag tag, space ns, std::string_view name, std::string_view attributes,
                    bool html_point = false, std::uint32_t attribute_count = 0) {
    const auto offset = [this](std::string_view s) {
      return static_cast<std::uint32_t>(s.empty() ? 0 : s.data() - document_.data());
    };
    element e{};
    e.tag = tag;
    e.ns = ns;
    e.html_point = html_point;
    e.name_begin = offset(name);
    e.name_size = static_cast<std::uint32_t>(name.size());
    e.attributes_begin = offset(attributes);
    e.attributes_size = static_cast<std::uint32_t>(attributes.size());
    e.attribute_count = attribute_count;
    push(e);
  }
  void push_token(const tag_token& t, space ns = space::html) {
    push_element(t.tag, ns, t.name, t.attributes,
                 ns == space::math && t.tag == GUMBO_TAG_ANNOTATION_XML && t.html_encoding,
                 t.attribute_count);
  }
  void pop() noexcept {
    // The html element stays: gumbo never pops it.
    if (stack_.size() <= 1) return;
    const element& e = stack_.back();
    if (e.ns == space::html) top_of_[e.tag] = e.same_below;
    if (is(e, GUMBO_TAG_TEMPLATE)) --templates_;
    stack_.pop_back();
  }
  void pop_until(std::size_t index) noexcept {
    while (stack_.size() > index && stack_.size() > 1) pop();
  }
  void remove_at(std::size_t index) {
    if (index == 0 || index >= stack_.size()) return;
    if (is(stack_[index], GUMBO_TAG_TEMPLATE)) --templates_;
    stack_.erase(stack_.begin() + static_cast<std::ptrdiff_t>(index));
    restack_all();
  }

  void stop_too_deep() noexcept {
    if (stopped_) return;
    stopped_ = true;
    report_.too_deep_at = at_;
  }
  void count_clone(const element& e) noexcept {
    report_.reopened += 1 + e.attribute_count;
    if (report_.reopened > clones_bound_ && !stopped_) {
      stopped_ = true;
      report_.too_many_reopened_at = at_;
    }
  }

  /// The index of the topmost element for which `match` holds, looking
  /// down from the top until `stop` holds for an element (npos then).
  template <class Match, class Stop>
  std::size_t find(Match match, Stop stop) noexcept {
    for (std::size_t i = stack_.size(); i-- > 0;) {
      ++report_.steps;
      if (match(stack_[i])) return i;
      if (stop(stack_[i])) return npos;
    }
    return npos;
  }
  /// "has an element in scope" and its variants: the index of the topmost
  /// HTML element `t`, if no boundary of the scope lies above it (an element
  /// that is both is found: the walk looks for the tag first).  A p kept
  /// open by quirks mode maybe (maybe_closed) is not found, and is a
  /// boundary of the scopes p is looked for in.
  std::size_t found_above(GumboTag t, std::uint32_t boundary) const noexcept {
    const std::uint32_t i = top_of_[t];
    if (i == none || (boundary != none && i < boundary) || stack_[i].maybe_closed) return npos;
    return i;
  }
  std::size_t in_scope(GumboTag t) const noexcept { return found_above(t, top().scope); }
  std::size_t in_button_scope(GumboTag t) const noexcept {
    return found_above(t, top().button_scope);
  }
  std::size_t in_list_scope(GumboTag t) const noexcept { return found_above(t, top().list_scope); }
  std::size_t in_table_scope(GumboTag t) const noexcept {
    const std::uint32_t i = top_of_[t];
    return i == none || i < top().table_scope ? npos : i;
  }
  std::size_t in_select_scope(GumboTag t) const noexcept {
    const std::uint32_t i = top_of_[t];
    return i == none || i < top().select_scope ? npos : i;
  }
  /// The topmost open HTML element `t`, wherever it is.
  std::size_t topmost(GumboTag t) const noexcept {
    const std::uint32_t i = top_of_[t];
    return i == none ? npos : i;
  }
  /// The topmost of two tags.
  std::size_t topmost(GumboTag a, GumboTag b) const noexcept {
    const std::size_t i = topmost(a), j = topmost(b);
    return i == npos ? j : j == npos ? i : std::max(i, j);
  }
  bool has_open(GumboTag t) const noexcept { return top_of_[t] != none; }
  std::size_t index_of_id(std::uint32_t id) noexcept {
    return find([id](const element& e) { return e.id == id; },
                [](const element&) { return false; });
  }

  /// "generate implied end tags", except for `except`.  A maybe-closed p on
  /// top is closed too: gumbo either closes it here or has closed it.
  void generate_implied_end_tags(GumboTag except = GUMBO_TAG_LAST) noexcept {
    while (top().ns == space::html && implied_end.has(top().tag) && top().tag != except) pop();
  }
  void generate_all_implied_end_tags_thoroughly() noexcept {
    while (top().ns == space::html && implied_end_thoroughly.has(top().tag)) pop();
  }
  /// Generate implied end tags except for the element at `index`'s tag, and
  /// close everything down to it.
  void close_down_to(std::size_t index) noexcept {
    generate_implied_end_tags(stack_[index].tag);
    pop_until(index);
  }
  /// "close a p element" when one is in button scope.  A p quirks mode may
  /// keep open is closed only on top of the stack (see element).
  void close_p() {
    if (top_is(GUMBO_TAG_P) && top().maybe_closed) {
      pop();
      return;
    }
    const std::size_t p = in_button_scope(GUMBO_TAG_P);
    if (p != npos) close_down_to(p);
  }
  /// "clear the stack back to a table context" (tags: table, tbody/tfoot/
  /// thead, or tr) and the template and html elements.
  void clear_back_to(std::initializer_list<GumboTag> context) noexcept {
    for (;;) {
      const element& e = top();
      if (e.ns == space::html &&
          (e.tag == GUMBO_TAG_HTML || e.tag == GUMBO_TAG_TEMPLATE ||
           std::find(context.begin(), context.end(), e.tag) != context.end()))
        return;
      pop();
    }
  }

  /// The insertion mode, as "reset the insertion mode appropriately" finds
  /// it from the stack (in the body phase).  A template is its own mode only
  /// while it is the current node: any other start tag in it switches gumbo
  /// to the in body mode.
  mode mode() const noexcept {
    const std::uint32_t i = top().mode_at;
    if (i == none) return mode::body;
    const element& e = stack_[i];
    switch (e.tag) {
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TH:
        return mode::cell;
      case GUMBO_TAG_TR:
        return mode::row;
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_THEAD:
      case GUMBO_TAG_TFOOT:
        return mode::table_body;
      case GUMBO_TAG_CAPTION:
        return mode::caption;
      case GUMBO_TAG_COLGROUP:
        return mode::column_group;
      case GUMBO_TAG_TABLE:
        return mode::table;
      case GUMBO_TAG_SELECT:
        return e.in_table ? mode::select_in_table : mode::select;
      case GUMBO_TAG_TEMPLATE:
        return i + 1 == stack_.size() ? mode::template_contents : mode::body;
      default:
        return mode::body;
    }
  }

  // ---- the active formatting elements -----------------------------------------

  void add_marker() { list_.push_back({GUMBO_TAG_LAST, 0, 0, 0, 0, 0, 0, 0}); }
  void clear_to_marker() noexcept {
    while (!list_.empty()) {
      const bool marker = list_.back().tag == GUMBO_TAG_LAST;
      list_.pop_back();
      if (marker) return;
    }
  }
  /// Adds the current node, after Noah's Ark clause: of three entries after
  /// the last marker with the same tag and attributes, the earliest goes.
  /// Attributes count as the same when written the same (gumbo compares
  /// them decoded and in any order: it may drop more, never fewer).
  void add_formatting() {
    const element& e = top();
    std::size_t same = 0, earliest = npos;
    for (std::size_t i = list_.size(); i-- > 0;) {
      ++report_.steps;
      const formatting_entry& f = list_[i];
      if (f.tag == GUMBO_TAG_LAST) break;
      if (f.tag == e.tag && text_of(f.attributes_begin, f.attributes_size) ==
                                text_of(e.attributes_begin, e.attributes_size)) {
        ++same;
        earliest = i;
      }
    }
    if (same >= 3) list_.erase(list_.begin() + static_cast<std::ptrdiff_t>(earliest));
    list_.push_back({e.tag, e.id, static_cast<std::uint32_t>(stack_.size() - 1), e.name_begin,
                     e.name_size, e.attributes_begin, e.attributes_size, e.attribute_count});
  }
  /// Where the element of an entry is in the stack, or npos: where it was,
  /// or next to it (one element removed or inserted below), else a search.
  std::size_t index_of(formatting_entry& f) noexcept {
    for (std::size_t i : {std::size_t{f.at}, std::size_t{f.at} - 1, std::size_t{f.at} + 1}) {
      ++report_.steps;
      if (i < stack_.size() && stack_[i].id == f.id) {
        f.at = static_cast<std::uint32_t>(i);
        return i;
      }
    }
    const std::size_t i = index_of_id(f.id);
    if (i != npos) f.at = static_cast<std::uint32_t>(i);
    return i;
  }
  bool is_open(formatting_entry& f) noexcept { return index_of(f) != npos; }

  /// "reconstruct the active formatting elements": the entries after the
  /// last marker whose elements were closed are opened again, as clones.
  void reconstruct() {
    if (list_.empty()) return;
    std::size_t i = list_.size() - 1;
    if (list_[i].tag == GUMBO_TAG_LAST || is_open(list_[i])) return;
    while (i > 0 && list_[i - 1].tag != GUMBO_TAG_LAST && !is_open(list_[i - 1])) --i;
    for (; i < list_.size() && !stopped_; ++i) {
      formatting_entry& f = list_[i];
      element e{};
      e.tag = f.tag;
      e.ns = space::html;
      e.name_begin = f.name_begin;
      e.name_size = f.name_size;
      e.attributes_begin = f.attributes_begin;
      e.attributes_size = f.attributes_size;
      e.attribute_count = f.attribute_count;
      push(e);
      f.id = top().id;
      f.at = static_cast<std::uint32_t>(stack_.size() - 1);
      count_clone(top());
    }
  }
  /// The index in the list of the last entry for `t` after the last marker.
  std::size_t last_in_list(GumboTag t) noexcept {
    for (std::size_t i = list_.size(); i-- > 0;) {
      ++report_.steps;
      if (list_[i].tag == GUMBO_TAG_LAST) return npos;
      if (list_[i].tag == t) return i;
    }
    return npos;
  }
  std::size_t list_index_of(std::uint32_t id) noexcept {
    for (std::size_t i = list_.size(); i-- > 0;) {
      ++report_.steps;
      if (list_[i].tag != GUMBO_TAG_LAST && list_[i].id == id) return i;
    }
    return npos;
  }

  /// The adoption agency algorithm for end tag `t` (or a start tag a, nobr):
  /// what it does to the stack and the list.
  void adoption_agency(GumboTag t) {
    // Step 1: a current node `t` that is not in the list is just closed.
    if (top_is(t) && list_index_of(top().id) == npos) {
      pop();
      return;
    }
    for (int outer = 0; outer < 8; ++outer) {
      const std::size_t f = last_in_list(t);
      if (f == npos) return;
      const std::size_t fi = index_of(list_[f]);
      if (fi == npos) {  // closed already: the entry goes
        list_.erase(list_.begin() + static_cast<std::ptrdiff_t>(f));
        return;
      }
      // Not in scope (gumbo looks for any element with its tag): ignored.
      if (in_scope(t) == npos) return;
      // The furthest block: the first special element above it.
      std::size_t block = npos;
      for (std::size_t j = fi + 1; j < stack_.size(); ++j) {
        ++report_.steps;
        if (is_special(stack_[j])) {
          block = j;
          break;
        }
      }
      if (block == npos) {
        pop_until(fi);
        list_.erase(list_.begin() + static_cast<std::ptrdiff_t>(f));
        return;
      }
      // The elements between it and the furthest block: those in the list
      // are cloned (in place), the others leave the stack; it leaves the
      // stack, and a clone of it goes in right above the furthest block.
      const element formatting_element = stack_[fi];
      const std::uint32_t formatting_id = formatting_element.id;
      std::size_t node = block;
      for (int inner = 1;; ++inner) {
        --node;
        ++report_.steps;
        if (node == fi) break;
        const std::size_t entry = list_index_of(stack_[node].id);
        if (entry == npos) {
          remove_at(node);
          --block;
          continue;
        }
        if (inner > 3) {
          // gumbo drops the entry and leaves the element open.
          list_.erase(list_.begin() + static_cast<std::ptrdiff_t>(entry));
          continue;
        }
        stack_[node].id = next_id_++;
        list_[entry].id = stack_[node].id;
        count_clone(stack_[node]);
      }
      element clone = formatting_element;
      remove_at(fi);
      --block;
      clone.id = next_id_++;
      stack_.insert(stack_.begin() + static_cast<std::ptrdiff_t>(block + 1), clone);
      restack_all();
      // Its entry now stands for the clone (gumbo moves it to the bookmark:
      // the list keeps its length).
      if (const std::size_t entry = list_index_of(formatting_id); entry != npos)
        list_[entry].id = clone.id;
      count_clone(clone);
      if (stack_.size() > report_.deepest) report_.deepest = stack_.size();
      if (stack_.size() > limit_) stop_too_deep();
      if (stopped_) return;
    }
  }

  // ---- foreign content ----------------------------------------------------------

  static bool is_math_text_point(const element& e) noexcept {
    return e.ns == space::math &&
           (e.tag == GUMBO_TAG_MI || e.tag == GUMBO_TAG_MO || e.tag == GUMBO_TAG_MN ||
            e.tag == GUMBO_TAG_MS || e.tag == GUMBO_TAG_MTEXT);
  }
  static bool is_html_point(const element& e) noexcept {
    return (e.ns == space::svg && scope_svg.has(e.tag)) || (e.ns == space::math && e.html_point);
  }
  bool foreign_for_text() const noexcept {
    const element& e = top();
    return e.ns != space::html && !is_math_text_point(e) && !is_html_point(e);
  }
  bool foreign_for_start(const tag_token& t) const noexcept {
    const element& e = top();
    if (e.ns == space::html) return false;
    if (is_math_text_point(e) && t.tag != GUMBO_TAG_MGLYPH && t.tag != GUMBO_TAG_MALIGNMARK)
      return false;
    if (e.ns == space::math && e.tag == GUMBO_TAG_ANNOTATION_XML && t.tag == GUMBO_TAG_SVG)
      return false;
    return !is_html_point(e);
  }

  text_state foreign_start(const tag_token& t) {
    if (breaks_out.has(t.tag) || (t.tag == GUMBO_TAG_FONT && t.font_breaks_out)) {
      do {
        pop();
      } while (!(top().ns == space::html || is_math_text_point(top()) || is_html_point(top())));
      return start_tag(t);
    }
    const space ns = top().ns;
    // gumbo gives a foreign element the tag of the HTML element of its name
    // (svg "title", "desc", ...); an annotation-xml is MathML's.
    push_token(t, ns);
    if (t.self_closing) pop();
    return text_state::data;
  }

  void foreign_end(const tag_token& t) {
    // Down from the current node through the foreign elements: the first of
    // the same name (as written, ASCII case-insensitive) is closed with what
    // is above it; at an HTML element, the HTML rules take the tag.
    for (std::size_t i = stack_.size(); i-- > 1;) {
      ++report_.steps;
      const element& e = stack_[i];
      if (i + 1 < stack_.size() && e.ns == space::html) break;
      if (iequal(text_of(e.name_begin, e.name_size), t.name)) {
        pop_until(i);
        return;
      }
    }
    html_end(t);
  }

  // ---- start tags -----------------------------------------------------------------

  /// Before the body, a template open in the head sets the insertion mode
  /// (in template, and the modes its contents switch to), as in the body.
  bool head_template() const noexcept {
    return templates_ > 0 && (phase_ == phase::in_head || phase_ == phase::after_head);
  }

  text_state html_start(const tag_token& t) {
    if (head_template()) return mode_start(t, mode());
    switch (phase_) {
      case phase::initial:
        phase_ = phase::before_head;
        [[fallthrough]];
      case phase::before_head:
        if (t.tag == GUMBO_TAG_HTML) return text_state::data;
        push_element(GUMBO_TAG_HEAD, space::html, {}, {});
        phase_ = phase::in_head;
        if (t.tag == GUMBO_TAG_HEAD) return text_state::data;
        return in_head_start(t);
      case phase::in_head:
        return in_head_start(t);
      case phase::head_noscript:
        switch (t.tag) {
          case GUMBO_TAG_HTML:
          case GUMBO_TAG_BASEFONT:
          case GUMBO_TAG_BGSOUND:
          case GUMBO_TAG_LINK:
          case GUMBO_TAG_META:
          case GUMBO_TAG_HEAD:
          case GUMBO_TAG_NOSCRIPT:
            return text_state::data;
          case GUMBO_TAG_NOFRAMES:
          case GUMBO_TAG_STYLE:
            return text_state::rawtext;
          default:
            pop();  // noscript
            phase_ = phase::in_head;
            return in_head_start(t);
        }
      case phase::after_head:
        return after_head_start(t);
      case phase::frameset:
        switch (t.tag) {
          case GUMBO_TAG_FRAMESET:
            push_token(t);
            return text_state::data;
          case GUMBO_TAG_NOFRAMES:
            return text_state::rawtext;
          default:
            return text_state::data;
        }
      case phase::after_frameset:
        return t.tag == GUMBO_TAG_NOFRAMES ? text_state::rawtext : text_state::data;
      case phase::body:
        break;
    }
    return mode_start(t, mode());
  }

  /// The in head rules for the tags they take; anything else closes the
  /// head and goes on after it.
  text_state in_head_start(const tag_token& t) {
    if (const auto s = head_element(t); s != head_result::not_head) return text(s);
    if (t.tag == GUMBO_TAG_NOSCRIPT) {
      push_token(t);
      phase_ = phase::head_noscript;
      return text_state::data;
    }
    if (t.tag == GUMBO_TAG_HEAD || t.tag == GUMBO_TAG_HTML) return text_state::data;
    pop();  // head
    phase_ = phase::after_head;
    return after_head_start(t);
  }

  text_state after_head_start(const tag_token& t) {
    switch (t.tag) {
      case GUMBO_TAG_HTML:
      case GUMBO_TAG_HEAD:
        return text_state::data;
      case GUMBO_TAG_BODY:
        push_token(t);
        frameset_ok_ = false;
        phase_ = phase::body;
        return text_state::data;
      case GUMBO_TAG_FRAMESET:
        push_token(t);
        phase_ = phase::frameset;
        return text_state::data;
      default:
        break;
    }
    if (const auto s = head_element(t); s != head_result::not_head) return text(s);
    push_element(GUMBO_TAG_BODY, space::html, {}, {});
    phase_ = phase::body;
    return mode_start(t, mode());
  }

  enum class head_result : std::uint8_t { not_head, data, rcdata, rawtext, script };
  static text_state text(head_result r) noexcept {
    switch (r) {
      case head_result::rcdata:
        return text_state::rcdata;
      case head_result::rawtext:
        return text_state::rawtext;
      case head_result::script:
        return text_state::script;
      default:
        return text_state::data;
    }
  }
  /// The elements the in head rules take wherever they come: void ones,
  /// those read as text, and template.
  head_result head_element(const tag_token& t) {
    switch (t.tag) {
      case GUMBO_TAG_BASE:
      case GUMBO_TAG_BASEFONT:
      case GUMBO_TAG_BGSOUND:
      case GUMBO_TAG_MENUITEM:
      case GUMBO_TAG_LINK:
      case GUMBO_TAG_META:
        return head_result::data;
      case GUMBO_TAG_TITLE:
        return head_result::rcdata;
      case GUMBO_TAG_NOFRAMES:
      case GUMBO_TAG_STYLE:
        return head_result::rawtext;
      case GUMBO_TAG_SCRIPT:
        return head_result::script;
      case GUMBO_TAG_TEMPLATE:
        push_token(t);
        add_marker();
        frameset_ok_ = false;
        return head_result::data;
      default:
        return head_result::not_head;
    }
  }

  text_state mode_start(const tag_token& t, enum mode m) {
    switch (m) {
      case mode::body:
        return body_start(t);
      case mode::table:
        return table_start(t);
      case mode::table_body:
        return table_body_start(t);
      case mode::row:
        return row_start(t);
      case mode::cell:
        if (table_parts.has(t.tag)) {
          if (in_table_scope(GUMBO_TAG_TD) == npos && in_table_scope(GUMBO_TAG_TH) == npos)
            return text_state::data;
          close_cell();
          return html_start(t);
        }
        return body_start(t);
      case mode::caption:
        if (table_parts.has(t.tag)) {
          const std::size_t c = in_table_scope(GUMBO_TAG_CAPTION);
          if (c == npos) return text_state::data;
          pop_until(c);
          clear_to_marker();
          return html_start(t);
        }
        return body_start(t);
      case mode::column_group:
        switch (t.tag) {
          case GUMBO_TAG_HTML:
            return body_start(t);
          case GUMBO_TAG_COL:
            return text_state::data;
          case GUMBO_TAG_TEMPLATE:
            return text(head_element(t));
          default:
            if (!top_is(GUMBO_TAG_COLGROUP)) return text_state::data;
            pop();
            return html_start(t);
        }
      case mode::select:
      case mode::select_in_table:
        return select_start(t, m == mode::select_in_table);
      case mode::template_contents:
        return template_start(t);
    }
    return text_state::data;
  }

  text_state body_start(const tag_token& t) {
    const GumboTag tag = t.tag;
    if (const auto s = head_element(t); s != head_result::not_head) return text(s);
    if (closes_p.has(tag)) {
      close_p();
      push_token(t);
      return text_state::data;
    }
    if (headings.has(tag)) {
      close_p();
      if (top().ns == space::html && headings.has(top().tag)) pop();
      push_token(t);
      return text_state::data;
    }
    if (formatting.has(tag) && tag != GUMBO_TAG_A && tag != GUMBO_TAG_NOBR) {
      reconstruct();
      push_token(t);
      add_formatting();
      return text_state::data;
    }
    if (void_in_body.has(tag)) {
      if (tag != GUMBO_TAG_PARAM && tag != GUMBO_TAG_SOURCE && tag != GUMBO_TAG_TRACK)
        reconstruct();
      if (tag != GUMBO_TAG_INPUT || !t.hidden_input) frameset_ok_ = false;
      return text_state::data;
    }
    switch (tag) {
      case GUMBO_TAG_HTML:
      case GUMBO_TAG_HEAD:
      case GUMBO_TAG_CAPTION:
      case GUMBO_TAG_COL:
      case GUMBO_TAG_COLGROUP:
      case GUMBO_TAG_FRAME:
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TFOOT:
      case GUMBO_TAG_TH:
      case GUMBO_TAG_THEAD:
      case GUMBO_TAG_TR:
        return text_state::data;
      case GUMBO_TAG_BODY:
        frameset_ok_ = false;
        return text_state::data;
      case GUMBO_TAG_FRAMESET:
        // Replaces the body while nothing has made it a body (frameset-ok).
        if (!frameset_ok_ || stack_.size() < 2 || !is(stack_[1], GUMBO_TAG_BODY))
          return text_state::data;
        pop_until(1);
        list_.clear();
        push_token(t);
        phase_ = phase::frameset;
        return text_state::data;
      case GUMBO_TAG_PRE:
      case GUMBO_TAG_LISTING:
        close_p();
        push_token(t);
        frameset_ok_ = false;
        return text_state::data;
      case GUMBO_TAG_FORM:
        if (form_ != none && templates_ == 0) return text_state::data;
        close_p();
        push_token(t);
        if (templates_ == 0) form_ = top().id;
        return text_state::data;
      case GUMBO_TAG_LI:
      case GUMBO_TAG_DD:
      case GUMBO_TAG_DT:
        frameset_ok_ = false;
        close_list_item(tag);
        close_p();
        push_token(t);
        return text_state::data;
      case GUMBO_TAG_PLAINTEXT:
        close_p();
        push_token(t);
        return text_state::plaintext;
      case GUMBO_TAG_BUTTON:
        if (const std::size_t b = in_scope(GUMBO_TAG_BUTTON); b != npos) close_down_to(b);
        reconstruct();
        push_token(t);
        frameset_ok_ = false;
        return text_state::data;
      case GUMBO_TAG_A:
        if (last_in_list(GUMBO_TAG_A) != npos) {
          adoption_agency(GUMBO_TAG_A);
          if (const std::size_t f = last_in_list(GUMBO_TAG_A); f != npos) {
            const std::size_t i = index_of(list_[f]);
            list_.erase(list_.begin() + static_cast<std::ptrdiff_t>(f));
            if (i != npos) remove_at(i);
          }
        }
        reconstruct();
        push_token(t);
        add_formatting();
        return text_state::data;
      case GUMBO_TAG_NOBR:
        reconstruct();
        if (in_scope(GUMBO_TAG_NOBR) != npos) {
          adoption_agency(GUMBO_TAG_NOBR);
          reconstruct();
        }
        push_token(t);
        add_formatting();
        return text_state::data;
      case GUMBO_TAG_APPLET:
      case GUMBO_TAG_MARQUEE:
      case GUMBO_TAG_OBJECT:
        reconstruct();
        push_token(t);
        add_marker();
        frameset_ok_ = false;
        return text_state::data;
      case GUMBO_TAG_TABLE:
        if (quirks_ == quirks::no) {
          close_p();
        } else if (quirks_ == quirks::maybe) {
          const std::size_t p = in_button_scope(GUMBO_TAG_P);
          if (p != npos) {
            stack_[p].maybe_closed = true;
            restack_all();
          }
        }
        push_token(t);
        frameset_ok_ = false;
        return text_state::data;
      case GUMBO_TAG_HR:
        close_p();
        frameset_ok_ = false;
        return text_state::data;
      case GUMBO_TAG_ISINDEX:
        if (form_ != none && templates_ == 0) return text_state::data;
        close_p();
        frameset_ok_ = false;
        return text_state::data;
      case GUMBO_TAG_TEXTAREA:
        frameset_ok_ = false;
        return text_state::rcdata;
      case GUMBO_TAG_XMP:
        close_p();
        reconstruct();
        frameset_ok_ = false;
        return text_state::rawtext;
      case GUMBO_TAG_IFRAME:
        frameset_ok_ = false;
        return text_state::rawtext;
      case GUMBO_TAG_NOEMBED:
        return text_state::rawtext;
      case GUMBO_TAG_SELECT:
        reconstruct();
        push_token(t);
        frameset_ok_ = false;
        return text_state::data;
      case GUMBO_TAG_OPTGROUP:
      case GUMBO_TAG_OPTION:
        if (top_is(GUMBO_TAG_OPTION)) pop();
        reconstruct();
        push_token(t);
        return text_state::data;
      case GUMBO_TAG_RB:
      case GUMBO_TAG_RP:
      case GUMBO_TAG_RT:
      case GUMBO_TAG_RTC:
        if (in_scope(GUMBO_TAG_RUBY) != npos)
          generate_implied_end_tags(tag == GUMBO_TAG_RT || tag == GUMBO_TAG_RP ? GUMBO_TAG_RTC
                                                                               : GUMBO_TAG_LAST);
        push_token(t);
        return text_state::data;
      case GUMBO_TAG_MATH:
      case GUMBO_TAG_SVG:
        reconstruct();
        push_token(t, tag == GUMBO_TAG_MATH ? space::math : space::svg);
        if (t.self_closing) pop();
        return text_state::data;
      default:
        reconstruct();
        push_token(t);
        return text_state::data;
    }
  }

  /// li, dd, dt: an open one of the same kind is closed, looking down to a
  /// special element other than address, div and p.
  void close_list_item(GumboTag tag) {
    const std::size_t i =
        tag == GUMBO_TAG_LI ? topmost(GUMBO_TAG_LI) : topmost(GUMBO_TAG_DD, GUMBO_TAG_DT);
    const std::uint32_t stop = top().list_item_stop;
    if (i != npos && (stop == none || i >= stop)) close_down_to(i);
  }

  void close_cell() {
    generate_implied_end_tags();
    const std::size_t c = topmost(GUMBO_TAG_TD, GUMBO_TAG_TH);
    if (c != npos) pop_until(c);
    clear_to_marker();
  }

  text_state table_start(const tag_token& t) {
    switch (t.tag) {
      case GUMBO_TAG_CAPTION:
        clear_back_to({GUMBO_TAG_TABLE});
        add_marker();
        push_token(t);
        return text_state::data;
      case GUMBO_TAG_COLGROUP:
        clear_back_to({GUMBO_TAG_TABLE});
        push_token(t);
        return text_state::data;
      case GUMBO_TAG_COL:
        clear_back_to({GUMBO_TAG_TABLE});
        push_element(GUMBO_TAG_COLGROUP, space::html, {}, {});
        return text_state::data;  // col itself is void
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_TFOOT:
      case GUMBO_TAG_THEAD:
        clear_back_to({GUMBO_TAG_TABLE});
        push_token(t);
        return text_state::data;
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TH:
      case GUMBO_TAG_TR:
        clear_back_to({GUMBO_TAG_TABLE});
        push_element(GUMBO_TAG_TBODY, space::html, {}, {});
        return html_start(t);
      case GUMBO_TAG_TABLE:
        if (const std::size_t i = in_table_scope(GUMBO_TAG_TABLE); i != npos) {
          pop_until(i);
          return html_start(t);
        }
        return text_state::data;
      case GUMBO_TAG_STYLE:
      case GUMBO_TAG_SCRIPT:
      case GUMBO_TAG_TEMPLATE:
        return text(head_element(t));
      case GUMBO_TAG_INPUT:
        if (t.hidden_input) return text_state::data;
        break;
      case GUMBO_TAG_FORM:
        if (form_ == none && templates_ == 0) form_ = next_id_++;
        return text_state::data;
      default:
        break;
    }
    return body_start(t);  // foster parented
  }

  text_state table_body_start(const tag_token& t) {
    switch (t.tag) {
      case GUMBO_TAG_TR:
        clear_back_to({GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT, GUMBO_TAG_THEAD});
        push_token(t);
        return text_state::data;
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TH:
        clear_back_to({GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT, GUMBO_TAG_THEAD});
        push_element(GUMBO_TAG_TR, space::html, {}, {});
        return html_start(t);
      case GUMBO_TAG_CAPTION:
      case GUMBO_TAG_COL:
      case GUMBO_TAG_COLGROUP:
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_TFOOT:
      case GUMBO_TAG_THEAD:
        if (in_table_scope(GUMBO_TAG_TBODY) == npos && in_table_scope(GUMBO_TAG_THEAD) == npos &&
            in_table_scope(GUMBO_TAG_TFOOT) == npos)
          return text_state::data;
        clear_back_to({GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT, GUMBO_TAG_THEAD});
        pop();
        return html_start(t);
      default:
        return table_start(t);
    }
  }

  text_state row_start(const tag_token& t) {
    switch (t.tag) {
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TH:
        clear_back_to({GUMBO_TAG_TR});
        push_token(t);
        add_marker();
        return text_state::data;
      case GUMBO_TAG_CAPTION:
      case GUMBO_TAG_COL:
      case GUMBO_TAG_COLGROUP:
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_TFOOT:
      case GUMBO_TAG_THEAD:
      case GUMBO_TAG_TR:
        if (in_table_scope(GUMBO_TAG_TR) == npos) return text_state::data;
        clear_back_to({GUMBO_TAG_TR});
        pop();
        return html_start(t);
      default:
        return table_start(t);
    }
  }

  text_state select_start(const tag_token& t, bool in_table) {
    switch (t.tag) {
      case GUMBO_TAG_OPTION:
        if (top_is(GUMBO_TAG_OPTION)) pop();
        push_token(t);
        return text_state::data;
      case GUMBO_TAG_OPTGROUP:
        if (top_is(GUMBO_TAG_OPTION)) pop();
        if (top_is(GUMBO_TAG_OPTGROUP)) pop();
        push_token(t);
        return text_state::data;
      case GUMBO_TAG_SELECT:
        if (const std::size_t s = in_select_scope(GUMBO_TAG_SELECT); s != npos) pop_until(s);
        return text_state::data;
      case GUMBO_TAG_INPUT:
      case GUMBO_TAG_KEYGEN:
      case GUMBO_TAG_TEXTAREA:
        if (const std::size_t s = in_select_scope(GUMBO_TAG_SELECT); s != npos) {
          pop_until(s);
          return html_start(t);
        }
        return text_state::data;
      case GUMBO_TAG_SCRIPT:
      case GUMBO_TAG_TEMPLATE:
        return text(head_element(t));
      case GUMBO_TAG_CAPTION:
      case GUMBO_TAG_TABLE:
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_TFOOT:
      case GUMBO_TAG_THEAD:
      case GUMBO_TAG_TR:
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TH:
        if (in_table) {
          const std::size_t s = topmost(GUMBO_TAG_SELECT);
          if (s == npos) return text_state::data;
          pop_until(s);
          return html_start(t);
        }
        return text_state::data;
      default:
        return text_state::data;
    }
  }

  text_state template_start(const tag_token& t) {
    switch (t.tag) {
      case GUMBO_TAG_CAPTION:
      case GUMBO_TAG_COLGROUP:
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_TFOOT:
      case GUMBO_TAG_THEAD:
        return table_start(t);
      case GUMBO_TAG_COL:
        return text_state::data;
      case GUMBO_TAG_TR:
        return table_body_start(t);
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TH:
        return row_start(t);
      default:
        return body_start(t);
    }
  }

  // ---- end tags ---------------------------------------------------------------------

  void html_end(const tag_token& t) {
    if (head_template()) {
      mode_end(t, mode());
      return;
    }
    switch (phase_) {
      case phase::initial:
      case phase::before_head:
        if (t.tag != GUMBO_TAG_HEAD && t.tag != GUMBO_TAG_BODY && t.tag != GUMBO_TAG_HTML &&
            t.tag != GUMBO_TAG_BR)
          return;
        push_element(GUMBO_TAG_HEAD, space::html, {}, {});
        phase_ = phase::in_head;
        [[fallthrough]];
      case phase::in_head:
        if (t.tag == GUMBO_TAG_TEMPLATE) {
          template_end();
          return;
        }
        if (t.tag == GUMBO_TAG_HEAD) {
          pop();
          phase_ = phase::after_head;
          return;
        }
        if (t.tag != GUMBO_TAG_BODY && t.tag != GUMBO_TAG_HTML && t.tag != GUMBO_TAG_BR) return;
        pop();
        phase_ = phase::after_head;
        [[fallthrough]];
      case phase::after_head:
        if (t.tag == GUMBO_TAG_TEMPLATE) {
          template_end();
          return;
        }
        if (t.tag != GUMBO_TAG_BODY && t.tag != GUMBO_TAG_HTML && t.tag != GUMBO_TAG_BR) return;
        push_element(GUMBO_TAG_BODY, space::html, {}, {});
        phase_ = phase::body;
        break;
      case phase::head_noscript:
        if (t.tag == GUMBO_TAG_NOSCRIPT) {
          pop();
          phase_ = phase::in_head;
        } else if (t.tag == GUMBO_TAG_BR) {
          pop();
          phase_ = phase::in_head;
          html_end(t);
        }
        return;
      case phase::frameset:
        if (t.tag == GUMBO_TAG_FRAMESET && stack_.size() > 1) {
          pop();
          if (!top_is(GUMBO_TAG_FRAMESET)) phase_ = phase::after_frameset;
        }
        return;
      case phase::after_frameset:
        return;
      case phase::body:
        break;
    }
    mode_end(t, mode());
  }

  void template_end() {
    if (templates_ == 0) return;
    generate_all_implied_end_tags_thoroughly();
    const std::size_t i = topmost(GUMBO_TAG_TEMPLATE);
    pop_until(i);
    clear_to_marker();
  }

  void mode_end(const tag_token& t, enum mode m) {
    const GumboTag tag = t.tag;
    switch (m) {
      case mode::body:
        body_end(t);
        return;
      case mode::table:
        table_end(t);
        return;
      case mode::table_body:
        switch (tag) {
          case GUMBO_TAG_TBODY:
          case GUMBO_TAG_TFOOT:
          case GUMBO_TAG_THEAD:
            if (in_table_scope(tag) == npos) return;
            clear_back_to({GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT, GUMBO_TAG_THEAD});
            pop();
            return;
          case GUMBO_TAG_TABLE:
            if (in_table_scope(GUMBO_TAG_TBODY) == npos &&
                in_table_scope(GUMBO_TAG_THEAD) == npos && in_table_scope(GUMBO_TAG_TFOOT) == npos)
              return;
            clear_back_to({GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT, GUMBO_TAG_THEAD});
            pop();
            html_end(t);
            return;
          case GUMBO_TAG_BODY:
          case GUMBO_TAG_CAPTION:
          case GUMBO_TAG_COL:
          case GUMBO_TAG_COLGROUP:
          case GUMBO_TAG_HTML:
          case GUMBO_TAG_TD:
          case GUMBO_TAG_TH:
          case GUMBO_TAG_TR:
            return;
          default:
            table_end(t);
            return;
        }
      case mode::row:
        switch (tag) {
          case GUMBO_TAG_TR:
            if (in_table_scope(GUMBO_TAG_TR) == npos) return;
            clear_back_to({GUMBO_TAG_TR});
            pop();
            return;
          case GUMBO_TAG_TABLE:
            if (in_table_scope(GUMBO_TAG_TR) == npos) return;
            clear_back_to({GUMBO_TAG_TR});
            pop();
            html_end(t);
            return;
          case GUMBO_TAG_TBODY:
          case GUMBO_TAG_TFOOT:
          case GUMBO_TAG_THEAD:
            if (in_table_scope(tag) == npos || in_table_scope(GUMBO_TAG_TR) == npos) return;
            clear_back_to({GUMBO_TAG_TR});
            pop();
            html_end(t);
            return;
          case GUMBO_TAG_BODY:
          case GUMBO_TAG_CAPTION:
          case GUMBO_TAG_COL:
          case GUMBO_TAG_COLGROUP:
          case GUMBO_TAG_HTML:
          case GUMBO_TAG_TD:
          case GUMBO_TAG_TH:
            return;
          default:
            table_end(t);
            return;
        }
      case mode::cell:
        switch (tag) {
          case GUMBO_TAG_TD:
          case GUMBO_TAG_TH: {
            if (in_table_scope(tag) == npos) return;
            generate_implied_end_tags();
            const std::size_t c = topmost(tag);
            pop_until(c);
            clear_to_marker();
            return;
          }
          case GUMBO_TAG_BODY:
          case GUMBO_TAG_CAPTION:
          case GUMBO_TAG_COL:
          case GUMBO_TAG_COLGROUP:
          case GUMBO_TAG_HTML:
            return;
          case GUMBO_TAG_TABLE:
          case GUMBO_TAG_TBODY:
          case GUMBO_TAG_TFOOT:
          case GUMBO_TAG_THEAD:
          case GUMBO_TAG_TR:
            if (in_table_scope(tag) == npos) return;
            close_cell();
            html_end(t);
            return;
          default:
            body_end(t);
            return;
        }
      case mode::caption:
        switch (tag) {
          case GUMBO_TAG_CAPTION: {
            const std::size_t c = in_table_scope(GUMBO_TAG_CAPTION);
            if (c == npos) return;
            generate_implied_end_tags();
            pop_until(c);
            clear_to_marker();
            return;
          }
          case GUMBO_TAG_TABLE: {
            const std::size_t c = in_table_scope(GUMBO_TAG_CAPTION);
            if (c == npos) return;
            pop_until(c);
            clear_to_marker();
            html_end(t);
            return;
          }
          case GUMBO_TAG_BODY:
          case GUMBO_TAG_COL:
          case GUMBO_TAG_COLGROUP:
          case GUMBO_TAG_HTML:
          case GUMBO_TAG_TBODY:
          case GUMBO_TAG_TD:
          case GUMBO_TAG_TFOOT:
          case GUMBO_TAG_TH:
          case GUMBO_TAG_THEAD:
          case GUMBO_TAG_TR:
            return;
          default:
            body_end(t);
            return;
        }
      case mode::column_group:
        if (tag == GUMBO_TAG_COLGROUP) {
          if (top_is(GUMBO_TAG_COLGROUP)) pop();
          return;
        }
        if (tag == GUMBO_TAG_COL) return;
        if (tag == GUMBO_TAG_TEMPLATE) {
          template_end();
          return;
        }
        if (!top_is(GUMBO_TAG_COLGROUP)) return;
        pop();
        html_end(t);
        return;
      case mode::select:
      case mode::select_in_table:
        select_end(t, m == mode::select_in_table);
        return;
      case mode::template_contents:
        if (tag == GUMBO_TAG_TEMPLATE) template_end();
        return;
    }
  }

  void table_end(const tag_token& t) {
    switch (t.tag) {
      case GUMBO_TAG_TABLE:
        if (const std::size_t i = in_table_scope(GUMBO_TAG_TABLE); i != npos) pop_until(i);
        return;
      case GUMBO_TAG_BODY:
      case GUMBO_TAG_CAPTION:
      case GUMBO_TAG_COL:
      case GUMBO_TAG_COLGROUP:
      case GUMBO_TAG_HTML:
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TFOOT:
      case GUMBO_TAG_TH:
      case GUMBO_TAG_THEAD:
      case GUMBO_TAG_TR:
        return;
      case GUMBO_TAG_TEMPLATE:
        template_end();
        return;
      default:
        body_end(t);  // foster parented
        return;
    }
  }

  void select_end(const tag_token& t, bool in_table) {
    switch (t.tag) {
      case GUMBO_TAG_OPTGROUP:
        if (top_is(GUMBO_TAG_OPTION) && stack_.size() > 2 &&
            is(stack_[stack_.size() - 2], GUMBO_TAG_OPTGROUP))
          pop();
        if (top_is(GUMBO_TAG_OPTGROUP)) pop();
        return;
      case GUMBO_TAG_OPTION:
        if (top_is(GUMBO_TAG_OPTION)) pop();
        return;
      case GUMBO_TAG_SELECT:
        if (const std::size_t s = in_select_scope(GUMBO_TAG_SELECT); s != npos) pop_until(s);
        return;
      case GUMBO_TAG_TEMPLATE:
        template_end();
        return;
      case GUMBO_TAG_CAPTION:
      case GUMBO_TAG_TABLE:
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_TFOOT:
      case GUMBO_TAG_THEAD:
      case GUMBO_TAG_TR:
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TH:
        if (in_table && in_table_scope(t.tag) != npos) {
          const std::size_t s = topmost(GUMBO_TAG_SELECT);
          if (s != npos) pop_until(s);
          html_end(t);
        }
        return;
      default:
        return;
    }
  }

  void body_end(const tag_token& t) {
    const GumboTag tag = t.tag;
    if (closes_in_scope.has(tag)) {
      if (const std::size_t i = in_scope(tag); i != npos) close_down_to(i);
      return;
    }
    if (headings.has(tag)) {
      std::size_t h = npos;
      for (const GumboTag t :
           {GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4, GUMBO_TAG_H5, GUMBO_TAG_H6}) {
        const std::size_t i = in_scope(t);
        if (i != npos && (h == npos || i > h)) h = i;
      }
      if (h == npos) return;
      generate_implied_end_tags();
      pop_until(h);
      return;
    }
    if (formatting.has(tag)) {
      // gumbo does not go on with "any other end tag" when the adoption
      // agency finds no formatting element.
      adoption_agency(tag);
      return;
    }
    switch (tag) {
      case GUMBO_TAG_TEMPLATE:
        template_end();
        return;
      case GUMBO_TAG_BODY:
      case GUMBO_TAG_HTML:
        return;  // the body is not closed: what follows goes on in it
      case GUMBO_TAG_FORM:
        form_end();
        return;
      case GUMBO_TAG_P:
        if (top_is(GUMBO_TAG_P) && top().maybe_closed) {
          pop();
        } else if (const std::size_t p = in_button_scope(GUMBO_TAG_P); p != npos) {
          close_down_to(p);
        }
        return;  // without one: an empty p, opened and closed
      case GUMBO_TAG_LI:
        if (const std::size_t i = in_list_scope(GUMBO_TAG_LI); i != npos) close_down_to(i);
        return;
      case GUMBO_TAG_DD:
      case GUMBO_TAG_DT:
        if (const std::size_t i = in_scope(tag); i != npos) close_down_to(i);
        return;
      case GUMBO_TAG_APPLET:
      case GUMBO_TAG_MARQUEE:
      case GUMBO_TAG_OBJECT:
        // gumbo looks for these in table scope.
        if (const std::size_t i = in_table_scope(tag); i != npos) {
          close_down_to(i);
          clear_to_marker();
        }
        return;
      case GUMBO_TAG_BR:
        reconstruct();
        return;
      default:
        any_other_end_tag(tag);
        return;
    }
  }

  void form_end() {
    if (templates_ > 0) {
      if (in_scope(GUMBO_TAG_FORM) == npos) return;
      generate_implied_end_tags();
      if (!top_is(GUMBO_TAG_FORM)) return;
      pop();
      return;
    }
    const std::uint32_t id = form_;
    form_ = none;
    if (id == none) return;
    const std::size_t i = index_of_id(id);
    if (i == npos || i < top().scope) return;
    generate_implied_end_tags();
    // Only the form leaves: what it holds stays open.
    if (const std::size_t j = index_of_id(id); j != npos) remove_at(j);
  }

  /// In body, "any other end tag": the topmost HTML element with the tag
  /// (gumbo compares tags, so every unknown element matches an unknown end
  /// tag) is closed with what is above it, unless a special element comes
  /// first.
  void any_other_end_tag(GumboTag tag) {
    const std::size_t i = topmost(tag);
    if (i == npos || i < top().special || stack_[i].maybe_closed) return;
    generate_implied_end_tags(tag);
    pop_until(i);
  }

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  static constexpr std::uint32_t none = static_cast<std::uint32_t>(-1);
  static constexpr std::array<std::uint32_t, GUMBO_TAG_LAST + 1> filled_none() noexcept {
    std::array<std::uint32_t, GUMBO_TAG_LAST + 1> a{};
    a.fill(none);
    return a;
  }

  std::string_view document_;
  std::size_t limit_;
  std::size_t clones_bound_;
  nesting_report& report_;
  std::vector<element> stack_;
  std::vector<formatting_entry> list_;
  std::uint32_t next_id_ = 0;
  // The topmost open HTML element of each tag (every unknown one under
  // GUMBO_TAG_UNKNOWN, as gumbo compares tags), or none.
  std::array<std::uint32_t, GUMBO_TAG_LAST + 1> top_of_ = filled_none();
  std::size_t templates_ = 0;  // template elements open
  std::uint32_t form_ = none;  // gumbo's form element pointer
  std::size_t at_ = 0;         // the offset of the token being read
  phase phase_ = phase::initial;
  quirks quirks_ = quirks::yes;
  bool frameset_ok_ = true;
  bool stopped_ = false;
};

/// The attribute value `raw` as gumbo reads it equals `want` (ASCII
/// case-insensitive, `want` lower case).  Of the character references only
/// the numeric ones and "&sol;", "&plus;" can give the characters of the
/// values compared ("hidden", "text/html", "application/xhtml+xml"): no named
/// reference gives an ASCII letter.
inline bool value_is(std::string_view raw, std::string_view want) noexcept {
  std::size_t i = 0, w = 0;
  while (i < raw.size()) {
    unsigned long c = static_cast<unsigned char>(raw[i]);
    if (c == '&') {
      std::size_t j = i + 1;
      if (raw.substr(j, 4) == "sol;") {
        c = '/';
        i = j + 4;
      } else if (raw.substr(j, 5) == "plus;") {
        c = '+';
        i = j + 5;
      } else if (j < raw.size() && raw[j] == '#') {
        ++j;
        const bool hex = j < raw.size() && (raw[j] == 'x' || raw[j] == 'X');
        if (hex) ++j;
        const std::size_t digits = j;
        c = 0;
        for (; j < raw.size(); ++j) {
          const char d = raw[j];
          unsigned v = 0;
          if (d >= '0' && d <= '9') {
            v = static_cast<unsigned>(d - '0');
          } else if (hex && d >= 'a' && d <= 'f') {
            v = static_cast<unsigned>(d - 'a' + 10);
          } else if (hex && d >= 'A' && d <= 'F') {
            v = static_cast<unsigned>(d - 'A' + 10);
          } else {
            break;
          }
          if (c < 0x110000) c = c * (hex ? 16 : 10) + v;
        }
        if (j == digits) {
          c = '&';
          i = i + 1;
        } else {
          if (j < raw.size() && raw[j] == ';') ++j;
          i = j;
        }
      } else {
        ++i;
      }
    } else {
      ++i;
    }
    if (c < 0x80)
      c = static_cast<unsigned char>(urlkit::detail::ascii::lower(static_cast<char>(c)));
    if (w >= want.size() || c != static_cast<unsigned char>(want[w])) return false;
    ++w;
  }
  return w == want.size();
}

inline bool is_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}
inline bool is_alpha(char c) noexcept {
  return urlkit::detail::ascii::is_alpha(c);
}
inline char lower(char c) noexcept {
  return urlkit::detail::ascii::lower(c);
}

/// The tokenizer: HTML's tokenization states, as far as they decide where
/// tags are (the data, tag, attribute, comment, DOCTYPE, CDATA, RCDATA,
/// RAWTEXT, script data and PLAINTEXT states), feeding the tree model.
class tokenizer {
 public:
  tokenizer(std::string_view document, tree_model& model, nesting_report& report)
      : d_(document), model_(model), report_(report) {}

  void run() {
    std::size_t i = 0;
    const std::size_t n = d_.size();
    // The bytes read count as steps: up to where the model stopped.
    struct count_read {
      std::size_t& steps;
      const std::size_t& at;
      ~count_read() { steps += at; }
    } counted{report_.steps, i};
    while (i < n && !model_.stopped()) {
      const std::size_t lt = d_.find('<', i);
      if (lt != i) text(i, lt == std::string_view::npos ? n : lt);
      if (lt == std::string_view::npos) {
        i = n;
        break;
      }
      i = lt;
      if (model_.stopped()) break;
      if (i + 1 >= n) {
        text(i, n);
        i = n;
        break;
      }
      const char c = d_[i + 1];
      if (c == '!') {
        i = markup_declaration(i);
      } else if (c == '/') {
        if (i + 2 >= n) {
          text(i, n);
          i = n;
          break;
        }
        const char e = d_[i + 2];
        if (is_alpha(e)) {
          i = tag(i, true);
        } else if (e == '>') {
          i += 3;  // "</>": nothing
        } else {
          i = to_gt(i + 2);  // a bogus comment
        }
      } else if (is_alpha(c)) {
        i = tag(i, false);
      } else if (c == '?') {
        i = to_gt(i + 1);  // a bogus comment
      } else {
        text(i, i + 1);  // "<" as text
        ++i;
      }
    }
  }

 private:
  /// Character data [begin, end): NUL is dropped in the body.
  void text(std::size_t begin, std::size_t end) {
    bool any = false, non_space = false;
    for (std::size_t k = begin; k < end; ++k) {
      const char c = d_[k];
      if (c == '\0') continue;
      any = true;
      if (!is_space(c)) {
        non_space = true;
        break;
      }
    }
    if (any) model_.text(begin, non_space);
  }

  /// After the ">" that ends a bogus comment or DOCTYPE starting at `from`.
  std::size_t to_gt(std::size_t from) const noexcept {
    const std::size_t gt = d_.find('>', from);
    return gt == std::string_view::npos ? d_.size() : gt + 1;
  }

  bool starts_ci(std::size_t at, std::string_view s) const noexcept {
    return at + s.size() <= d_.size() && iequal(d_.substr(at, s.size()), s);
  }

  std::size_t markup_declaration(std::size_t i) {
    const std::size_t n = d_.size();
    if (d_.substr(i, 4) == "<!--") {
      // The comment states: "<!-->" and "<!--->" end at once; otherwise the
      // first "-->" or "--!>" after the opening ends it.
      const std::size_t j = i + 4;
      if (j < n && d_[j] == '>') return j + 1;
      if (d_.substr(j, 2) == "->") return j + 2;
      for (std::size_t k = j; k < n; ++k) {
        if (d_[k] != '>') continue;
        if (k >= j + 2 && d_[k - 1] == '-' && d_[k - 2] == '-') return k + 1;
        if (k >= j + 3 && d_[k - 1] == '!' && d_[k - 2] == '-' && d_[k - 3] == '-') return k + 1;
      }
      return n;
    }
    if (starts_ci(i + 2, "doctype")) {
      const std::size_t end = to_gt(i + 2);
      // "<!DOCTYPE html>" surely selects no-quirks mode; other DOCTYPEs may
      // select quirks mode (by their public and system identifiers).
      std::size_t k = i + 9;
      while (k < n && is_space(d_[k])) ++k;
      const std::size_t name = k;
      while (k < n && !is_space(d_[k]) && d_[k] != '>') ++k;
      const bool html = iequal(d_.substr(name, k - name), "html");
      while (k < n && is_space(d_[k])) ++k;
      model_.doctype(html && k < n && d_[k] == '>');
      return end;
    }
    if (d_.substr(i + 2, 7) == "[CDATA[" && model_.current_foreign()) {
      const std::size_t begin = i + 9;
      const std::size_t close = d_.find("]]>", begin);
      const std::size_t end = close == std::string_view::npos ? n : close;
      if (end > begin) text(begin, end);
      return close == std::string_view::npos ? n : close + 3;
    }
    return to_gt(i + 2);  // a bogus comment
  }

  /// A start or end tag at `i` ("<" then a letter): the tag name and
  /// attribute states up to its ">".  A tag the document ends in is dropped.
  std::size_t tag(std::size_t i, bool end) {
    const std::size_t n = d_.size();
    tag_token t;
    t.offset = i;
    t.end = end;
    std::size_t k = i + (end ? 2 : 1);
    const std::size_t name = k;
    while (k < n && !is_space(d_[k]) && d_[k] != '/' && d_[k] != '>') ++k;
    t.name = d_.substr(name, k - name);
    char lowered[32];
    if (t.name.size() <= sizeof lowered) {
      for (std::size_t c = 0; c < t.name.size(); ++c) lowered[c] = lower(t.name[c]);
      t.tag = gumbo_tagn_enum(lowered, static_cast<unsigned>(t.name.size()));
    }
    const std::size_t attributes = k;

    enum class st : std::uint8_t {
      before_name,
      name,
      after_name,
      before_value,
      unquoted,
      after_quoted,
      self_closing
    };
    st s = st::before_name;
    std::string_view attr;  // the attribute being read
    std::size_t attr_begin = 0, value_begin = 0;
    bool seen_color = false, seen_type = false, seen_encoding = false;
    const auto attribute_done = [&](std::string_view value) {
      ++t.attribute_count;
      if (!seen_type && iequal(attr, "type")) {
        seen_type = true;
        t.hidden_input = value_is(value, "hidden");
      } else if (!seen_encoding && iequal(attr, "encoding")) {
        seen_encoding = true;
        t.html_encoding = value_is(value, "text/html") || value_is(value, "application/xhtml+xml");
      } else if (!seen_color &&
                 (iequal(attr, "color") || iequal(attr, "face") || iequal(attr, "size"))) {
        seen_color = true;
        t.font_breaks_out = true;
      }
    };
    for (;;) {
      if (k >= n) return n;  // EOF in a tag: no token
      const char c = d_[k];
      switch (s) {
        case st::before_name:
          if (is_space(c)) {
            ++k;
          } else if (c == '/') {
            s = st::self_closing;
            ++k;
          } else if (c == '>') {
            return emit(t, attributes, k);
          } else {
            attr_begin = k++;
            s = st::name;
          }
          break;
        case st::name:
          if (is_space(c) || c == '/' || c == '=' || c == '>') {
            attr = d_.substr(attr_begin, k - attr_begin);
            if (is_space(c)) {
              s = st::after_name;
              ++k;
            } else if (c == '/') {
              attribute_done({});
              s = st::self_closing;
              ++k;
            } else if (c == '=') {
              s = st::before_value;
              ++k;
            } else {
              attribute_done({});
              return emit(t, attributes, k);
            }
          } else {
            ++k;
          }
          break;
        case st::after_name:
          if (is_space(c)) {
            ++k;
          } else if (c == '/') {
            attribute_done({});
            s = st::self_closing;
            ++k;
          } else if (c == '=') {
            s = st::before_value;
            ++k;
          } else if (c == '>') {
            attribute_done({});
            return emit(t, attributes, k);
          } else {
            attribute_done({});
            attr_begin = k++;
            s = st::name;
          }
          break;
        case st::before_value:
          if (is_space(c)) {
            ++k;
          } else if (c == '"' || c == '\'') {
            const std::size_t close = d_.find(c, k + 1);
            if (close == std::string_view::npos) return n;
            attribute_done(d_.substr(k + 1, close - k - 1));
            k = close + 1;
            s = st::after_quoted;
          } else if (c == '>') {
            attribute_done({});
            return emit(t, attributes, k);
          } else {
            value_begin = k++;
            s = st::unquoted;
          }
          break;
        case st::unquoted:
          if (is_space(c) || c == '>') {
            attribute_done(d_.substr(value_begin, k - value_begin));
            if (c == '>') return emit(t, attributes, k);
            s = st::before_name;
          }
          ++k;
          break;
        case st::after_quoted:
          if (is_space(c)) {
            s = st::before_name;
            ++k;
          } else if (c == '/') {
            s = st::self_closing;
            ++k;
          } else if (c == '>') {
            return emit(t, attributes, k);
          } else {
            s = st::before_name;  // reconsumed
          }
          break;
        case st::self_closing:
          if (c == '>') {
            t.self_closing = true;
            return emit(t, attributes, k);
          }
          s = st::before_name;  // reconsumed
          break;
      }
    }
  }

  /// The tag ends at `gt`: handed to the model, and what follows read in
  /// the state the model asks for.
  std::size_t emit(tag_token& t, std::size_t attributes, std::size_t gt) {
    t.attributes = d_.substr(attributes, gt - attributes);
    const std::size_t after = gt + 1;
    if (t.end) {
      model_.end_tag(t);
      return after;
    }
    switch (model_.start_tag(t)) {
      case text_state::data:
        return after;
      case text_state::rcdata:
      case text_state::rawtext:
        return end_tag_of(after, t.name);
      case text_state::script:
        return script_end(after);
      case text_state::plaintext:
        text(after, d_.size());
        return d_.size();
    }
    return after;
  }

  /// Whether an end tag "</name" followed by white space, "/" or ">" (the
  /// "appropriate end tag" of RCDATA, RAWTEXT and script data) is at `at`.
  bool appropriate_end_tag(std::size_t at, std::string_view name) const noexcept {
    const std::size_t after = at + 2 + name.size();
    return d_.substr(at, 2) == "</" && after < d_.size() &&
           iequal(d_.substr(at + 2, name.size()), name) &&
           (is_space(d_[after]) || d_[after] == '/' || d_[after] == '>');
  }

  /// RCDATA, RAWTEXT: text up to the element's end tag.
  std::size_t end_tag_of(std::size_t from, std::string_view name) {
    for (std::size_t k = from;;) {
      k = d_.find("</", k);
      if (k == std::string_view::npos) return d_.size();
      if (appropriate_end_tag(k, name)) return k;
      k += 2;
    }
  }

  /// Script data, with its escaped ("<!--") and double escaped ("<!--" then
  /// "<script") states, up to the "</script" that ends it.
  std::size_t script_end(std::size_t from) {
    enum class st : std::uint8_t {
      data,
      escaped,
      escaped_dash,
      escaped_dash_dash,
      double_escaped,
      double_dash,
      double_dash_dash
    };
    const std::size_t n = d_.size();
    st s = st::data;
    // Whether "script" followed by white space, "/" or ">" is at `at`.
    const auto script_word = [&](std::size_t at) {
      return at + 6 < n && iequal(d_.substr(at, 6), "script") &&
             (is_space(d_[at + 6]) || d_[at + 6] == '/' || d_[at + 6] == '>');
    };
    for (std::size_t k = from; k < n;) {
      const char c = d_[k];
      switch (s) {
        case st::data:
          if (c == '<') {
            if (appropriate_end_tag(k, "script")) return k;
            if (d_.substr(k, 4) == "<!--") {
              s = st::escaped_dash_dash;
              k += 4;
              continue;
            }
          }
          ++k;
          break;
        case st::escaped:
        case st::escaped_dash:
        case st::escaped_dash_dash:
          if (c == '-') {
            s = s == st::escaped ? st::escaped_dash : st::escaped_dash_dash;
            ++k;
          } else if (c == '<') {
            if (appropriate_end_tag(k, "script")) return k;
            if (k + 1 < n && is_alpha(d_[k + 1]) && script_word(k + 1)) {
              s = st::double_escaped;
              k += 7;
            } else {
              s = st::escaped;
              ++k;
            }
          } else if (c == '>' && s == st::escaped_dash_dash) {
            s = st::data;
            ++k;
          } else {
            s = st::escaped;
            ++k;
          }
          break;
        case st::double_escaped:
        case st::double_dash:
        case st::double_dash_dash:
          if (c == '-') {
            s = s == st::double_escaped ? st::double_dash : st::double_dash_dash;
            ++k;
          } else if (c == '<') {
            // "</script" followed by white space, "/" or ">" leaves the
            // double escaped state (the end tag is text here).
            if (k + 1 < n && d_[k + 1] == '/' && script_word(k + 2)) {
              s = st::escaped;
              k += 8;
            } else {
              s = st::double_escaped;
              ++k;
            }
          } else if (c == '>' && s == st::double_dash_dash) {
            s = st::data;
            ++k;
          } else {
            s = st::double_escaped;
            ++k;
          }
          break;
      }
    }
    return n;
  }

  std::string_view d_;
  tree_model& model_;
  nesting_report& report_;
};

}  // namespace nesting

/// Reads `document` as gumbo would build its tree, up to the point where
/// more than `limit` elements would be open at once or more than
/// `clones_bound` formatting elements reopened.
inline nesting_report check_nesting(std::string_view document, std::size_t limit,
                                    std::size_t clones_bound) {
  nesting_report report;
  nesting::tree_model model(document, limit, clones_bound, report);
  nesting::tokenizer(document, model, report).run();
  return report;
}

}  // namespace urlkit::html::detail
