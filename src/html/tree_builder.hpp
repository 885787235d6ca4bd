// A small simulation of HTML's tree construction (WHATWG HTML 13.2.6), as
// much of it as decides what a link rewriter reads: whether a start tag
// makes an element at all (the "in select" and "in frameset" modes, a second
// FORM or HEAD, table parts outside a table, a second HTML or BODY merged into
// the first), which elements it closes (the table modes' implied ends), in
// which namespace
// (SVG and MathML content, its integration points and the tags that break
// out of it), whether it is inside a TEMPLATE, and how the tokenizer reads
// the text after it (raw text, RCDATA, script data, plaintext).  It keeps a
// stack of the open elements' names, as HTML does, but builds no tree:
// repeated names share one entry (formatting elements aside, which have
// one each, and an entry in the list of active formatting elements), and
// past max_depth distinct entries only a count is kept (docs/html.md, "How the stream reads HTML",
// says what that can change), so its memory does not grow with the document.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text.hpp"
#include "tokenizer.hpp"
#include "tree_names.hpp"

namespace urlkit::html::detail {

/// The namespace of an element.
enum class element_namespace : std::uint8_t { html, svg, mathml };

/// What the tree construction makes of a start tag.
struct element_info {
  /// False when the tree construction drops the tag: it makes no element,
  /// and its attributes are no links.
  bool element = true;
  element_namespace ns = element_namespace::html;
  /// Inside a TEMPLATE's contents (HTML keeps them out of the document's
  /// tree: a BASE there is not the document's).
  bool in_template = false;
  /// The element's name, lower case: the tag's, but "img" for "image".
  std::string_view name;
  /// For HTML and BODY: a tag after the first one adds to the element only
  /// the attributes it does not have yet (HTML, "in body", "html" and
  /// "body" start tags); true when `attribute` is one of those the element
  /// already has.
  bool merged = false;
  /// An ISINDEX tag, which the parser of HTML 4's time read as a FORM (its
  /// action) holding an INPUT (its other attributes, but name and prompt).
  bool isindex = false;
};

class tree_builder {
 public:
  /// The most distinct entries of the stack kept with their names.
  static constexpr std::size_t max_depth = 4096;
  /// The list of active formatting elements takes a formatting element
  /// while it is shorter than this (HTML bounds it only by the Noah's Ark
  /// clause, three alike: elements that differ by an attribute pile up, and
  /// each start tag reopens those closed, a cost that grows with them).
  static constexpr std::size_t max_formatting = 64;

  /// Reads a start tag: what it makes, and (in `mode`) how the text after
  /// it is read.
  element_info start(const start_tag& tag, text_mode& mode);
  /// Whether an attribute named `name` of the HTML or BODY element `info`
  /// describes is dropped because the element already has one (merged
  /// tags); records it otherwise.
  bool drops_merged_attribute(const element_info& info, std::string_view name);
  /// Reads an end tag.
  void end(std::string_view name);
  /// Whether the current node is an SVG or MathML element (HTML, "adjusted
  /// current node": CDATA sections are read there).
  bool in_foreign_content() const noexcept;
  /// Whether characters() matters still: text decides whether a FRAMESET
  /// is read, until something else has.
  bool wants_characters() const noexcept {
    return (frameset_ok_ && frameset_ == 0) || !head_seen_ || in_head_ || reconstruct_pending();
  }
  /// Text in the data state: any but white space (and NUL, which HTML
  /// drops there) clears frameset-ok (13.2.6.4.7) and begins the head and
  /// the body.
  void characters(std::string_view bytes) noexcept;

 private:
  // The kinds of element the table modes read: kind_of(name) for an HTML
  // element, one bit each in a set of kinds.
  enum : std::uint8_t {
    k_none,
    k_table,
    k_caption,
    k_colgroup,
    k_tbody,
    k_thead,
    k_tfoot,
    k_tr,
    k_td,
    k_th,
    k_template
  };
  static constexpr unsigned bit(std::uint8_t kind) noexcept { return 1u << kind; }
  static constexpr unsigned table_context = (1u << k_table) | (1u << k_template);
  static constexpr unsigned table_body_context =
      (1u << k_tbody) | (1u << k_thead) | (1u << k_tfoot) | (1u << k_template);
  static constexpr unsigned table_row_context = (1u << k_tr) | (1u << k_template);
  static constexpr unsigned cells = (1u << k_td) | (1u << k_th);
  static constexpr unsigned sections = (1u << k_tbody) | (1u << k_thead) | (1u << k_tfoot);
  static std::uint8_t kind_of(std::string_view name) noexcept;

  struct frame {
    // The name (lower case): its key, and for a name of more than 8 bytes
    // names_.substr(offset, key.size).
    name_key key;
    std::size_t offset = 0;
    element_namespace ns = element_namespace::html;
    bool html_integration = false;  // SVG foreignObject, desc, title; MathML annotation-xml (HTML)
    bool mathml_text = false;       // MathML mi, mo, mn, ms, mtext
    // What tree_names says of an HTML element's name; for SVG and MathML,
    // f_special alone ("special": 13.2.4.2, their lists).
    tree_names::flag_set flags = 0;
    std::uint64_t entry = 0;  // its entry in formatting_ (its id), if any
    // HTML: "has an element in scope" stops here (13.2.4.2).
    bool scope_boundary() const noexcept { return (flags & tree_names::f_scope_boundary) != 0; }
    bool special() const noexcept { return (flags & tree_names::f_special) != 0; }
    // HTML: a formatting element (a, b, ...).
    bool formatting() const noexcept { return (flags & tree_names::f_formatting) != 0; }
    // HTML: applet, marquee, object (a marker in formatting_).
    bool marker() const noexcept { return (flags & tree_names::f_marker) != 0; }
    std::uint8_t kind = k_none;  // HTML: a table's part or a template (the table modes read them)
    std::uint64_t count = 1;     // the same element nested this many times
  };

  // The insertion modes that decide what a table's tags do (13.2.6.4.9 to
  // .15, .18), read from the open elements as "reset the insertion mode
  // appropriately" does (13.2.4.1): every other mode reads a start tag as
  // "in body" does, for this simulation's purposes.
  enum class insertion : std::uint8_t {
    body,
    in_template,
    table,
    caption,
    colgroup,
    tbody,
    row,
    cell
  };

  element_info start_other(const start_tag& tag, std::string_view name, const name_key& key,
                           tree_names::flag_set flags, text_mode& mode, bool html_node);
  element_info html_start(const start_tag& tag, std::string_view name, const name_key& key,
                          tree_names::flag_set flags, text_mode& mode);
  // `flags`: the name's (flags_of), for an HTML element.
  void push(std::string_view name, const name_key& key, element_namespace ns, const start_tag& tag,
            tree_names::flag_set flags);
  // The SVG and MathML properties of a new frame.
  void foreign_frame(frame& f, std::string_view name, const start_tag& tag);
  void pop();
  void html_end(std::string_view name);
  // Whether frame `f` is named `name`, whose key is `key`.
  [[gnu::always_inline]] bool named(const frame& f, const name_key& key,
                                    std::string_view name) const noexcept {
    return f.key.word == key.word && f.key.size == key.size &&
           (key.size <= 8 || std::string_view(names_).substr(f.offset, f.key.size) == name);
  }
  bool html_rules_for(std::string_view name) const noexcept;

  // The table modes (tree_builder.cpp).
  insertion insertion_mode() const noexcept;
  // Whether the start tags of "in body" that take start()'s short way are
  // read so in the current mode (not in "in column group", which closes the
  // column group first, nor by a template that has yet to choose its mode).
  bool plain_mode() const noexcept {
    const insertion m = insertion_mode();
    return m != insertion::colgroup && m != insertion::in_template;
  }
  bool in_select() const noexcept { return select_ && templates_ <= select_templates_; }
  // A template's first start tag chooses how its contents are read
  // (13.2.6.4.18).
  void choose_template_mode(std::string_view name) noexcept;
  // A start tag in a table mode: true when the table's rules settled it
  // (`info.element` says whether it made an element); false when it is
  // read as "in body" reads it.
  bool table_start(const start_tag& tag, std::string_view name, tree_names::flag_set flags,
                   element_info& info);
  // An end tag in a table mode or "in select": true when settled.
  bool table_end(std::string_view name, tree_names::flag_set flags);
  // Whether an element of a kind in `kinds` is in table scope (13.2.4.2).
  bool in_table_scope(unsigned kinds) const noexcept;
  // Pops elements until one of a kind in `kinds` has been popped.
  void pop_until(unsigned kinds);
  // Pops elements until the current node is of a kind in `kinds`: "clear
  // the stack back to a table (body, row) context".
  void clear_to(unsigned kinds);
  // Pops the current node's entry, every element it counts.
  void pop_entry();
  // A FORM end tag outside templates (13.2.6.4.7): the form element
  // pointer is cleared, and the form, if in scope, taken out of the stack,
  // the elements opened in it left open.
  void form_end();
  // The end tag of a formatting element: the adoption agency algorithm
  // (13.2.6.4.7), as it moves the open elements and the list of active
  // formatting elements.  False when it reads the tag as "any other end
  // tag" (no entry of that name since the last marker).
  bool adoption_end(std::string_view name, const name_key& key);
  // What a start tag of closes_p (13.2.6.4.7) closes before its element is
  // made: an open list item (li, dd, dt), a P in button scope, a heading
  // (h1 to h6) that is the current node.
  void close_before(std::string_view name, const name_key& key);
  // Where an HTML element named `name` (whose key is `key`) is in scope
  // (13.2.4.2): its index in stack_ plus one, or 0 when none is.
  std::size_t in_scope_at(const name_key& key, std::string_view name) const noexcept;
  // The list of active formatting elements (13.2.4.3).  A formatting
  // element has an entry, and a stack entry of its own (never one shared
  // with the same element nested).
  struct formatting_entry {
    name_key key;                  // (a formatting element's name is at most 6 bytes)
    std::uint64_t attributes = 0;  // their hash (the Noah's Ark clause compares them)
    std::uint64_t id = 0;          // its element's frame.entry
    bool marker = false;
    bool open = false;  // its element is on the stack
  };
  // The name a key of at most 8 bytes holds (all its bytes), written to `out`.
  static std::string_view name_of(const name_key& key, std::array<char, 8>& out) noexcept;
  bool reconstruct_pending() const noexcept {
    return !formatting_.empty() && !formatting_.back().marker && !formatting_.back().open;
  }
  // "Reconstruct the active formatting elements": reopens those closed
  // since the last marker or open entry.
  void reconstruct();
  // formatting_start, its common case here: no entry of that name since
  // the last marker (no A to close, no Noah's Ark clause), and no
  // attributes to remember (none, or an A's, which are never compared).
  // Whether a formatting element's start tag is of the common case: no
  // entry of that name since the last marker (no A to close, no Noah's Ark
  // clause), no attributes to remember (none, or an A's, which are never
  // compared), room in the list and on the stack, and not a NOBR.
  bool plain_formatting(std::string_view name, const name_key& key,
                        const start_tag& tag) const noexcept {
    if (unnamed_ != 0 || stack_.size() >= max_depth || formatting_.size() >= max_formatting ||
        !(tag.names.empty() || (key.size == 1 && name[0] == 'a')) ||
        tree_names::same_key(key, tree_names::nobr_key) || reconstruct_pending())
      return false;
    for (std::size_t i = formatting_.size(); i > 0 && !formatting_[i - 1].marker; --i)
      if (tree_names::same_key(formatting_[i - 1].key, key)) return false;
    return true;
  }
  // A formatting element's start tag "in body" (after reconstruct()).
  void formatting_start(std::string_view name, const name_key& key, const start_tag& tag,
                        tree_names::flag_set flags);
  void add_marker();
  // "Clear the list of active formatting elements up to the last marker".
  void clear_to_marker() noexcept;
  // The entry `id` names, or null (not in the list).
  formatting_entry* entry_of(std::uint64_t id) noexcept;
  void erase_formatting(std::uint64_t id) noexcept;
  static std::uint64_t quick_hash(std::string_view s) noexcept;
  // Its element has left the stack.
  void entry_closed(std::uint64_t id) noexcept;
  // A start tag "in body": reopened formatting elements first, then the
  // element (a formatting element with its entry), and its marker.
  void body_push(std::string_view name, const name_key& key, const start_tag& tag,
                 tree_names::flag_set flags);

  // A start tag while the head is open ("in head", "in head noscript":
  // 13.2.6.4.4, .5): whether the tag is dropped.  The head ends at the
  // first tag of the body; a NOSCRIPT in it, at the first tag "in head
  // noscript" does not read (scripting is off for a link rewriter).
  bool head_start(std::string_view name);
  // Text or an end tag that ends the head (and a NOSCRIPT in it).
  void end_head();
  // The NOSCRIPT of the head closes ("in head" again).
  void end_head_noscript();
  // Whether an end tag of `f`'s element is implied (13.2.6.3).
  bool implied_end(const frame& f) const noexcept;
  // Takes the entry at `i` out of the middle of the stack.
  void erase_entry(std::size_t i);
  // Pops elements until a SELECT has been popped; "in select" ends.
  void close_select();
  // "Reset the insertion mode appropriately" (13.2.4.1) after a TEMPLATE
  // closes, as far as "in select" goes: a SELECT that is then the innermost
  // of the elements the reset reads is the mode's ("<select><template>
  // <select></template>": the outer one, though the inner one closed), and
  // "in select in table" when a TABLE comes below it before any TEMPLATE (a
  // select opened in a template's table body, once a template inside it
  // closes, reads table parts as tags to drop).
  void select_after_template() noexcept;
  // An element the table modes imply (a TBODY before a TR, ...).
  void push_implied(std::string_view name, const start_tag& tag);

  std::vector<frame> stack_;
  std::string names_;  // the names of stack_'s entries longer than 8 bytes, one after the other
  std::uint64_t unnamed_ = 0;  // entries past max_depth, names not kept
  std::uint64_t p_open_ = 0;   // HTML P elements open (close_before looks only when some are)
  // At most max_formatting formatting elements, and a marker for each
  // marker element open (max_depth at most).
  std::vector<formatting_entry> formatting_;
  std::uint64_t last_entry_ = 0;  // the last id given
  std::uint64_t templates_ = 0;
  // The indices in stack_ of the entries of a kind (k_table ...), innermost
  // last: the table modes' questions are answered from the last few.
  std::vector<std::uint32_t> marks_;
  // Each template open, innermost last: how its contents are read
  // (in_template until its first start tag chooses: 13.2.6.4.18).
  struct template_state {
    insertion mode = insertion::in_template;
  };
  std::vector<template_state> template_states_;
  bool head_seen_ = false;              // a start tag other than html: the head has begun
  bool in_head_ = true;                 // the body has not begun ("in head" or before)
  bool head_noscript_ = false;          // "in head noscript": a NOSCRIPT of the head open
  bool form_ = false;                   // the form element pointer is set
  bool select_ = false;                 // "in select"
  bool select_in_table_ = false;        // "in select in table" (13.2.6.4.17)
  std::uint64_t select_templates_ = 0;  // templates open when it began
  int frameset_ = 0;                    // 0: none; 1: in frameset; 2: after it
  std::uint64_t framesets_ = 0;         // framesets open
  bool frameset_ok_ = true;
  std::vector<std::string> html_attributes_, body_attributes_;  // URL attributes given
};

// The members every start and end tag runs, inline where the readers of
// tokens call them (rewriter, base_reader): their calls cost as much as
// most of their work.

inline bool tree_builder::in_foreign_content() const noexcept {
  return !stack_.empty() && unnamed_ == 0 && stack_.back().ns != element_namespace::html;
}

[[gnu::always_inline]] inline void tree_builder::push(std::string_view name, const name_key& key,
                                                      element_namespace ns, const start_tag& tag,
                                                      tree_names::flag_set flags) {
  // (An HTML element is pushed with its flags; template and the table's
  // elements are named or table parts.)
  std::uint8_t kind = k_none;
  if (ns == element_namespace::html &&
      (flags & (tree_names::f_named | tree_names::f_table_part)) != 0) {
    kind = kind_of(name);
    if (kind == k_template) {
      ++templates_;
      if (template_states_.size() < max_depth) template_states_.emplace_back();
      add_marker();
    }
  }
  if (ns == element_namespace::html && key.size == 1 && name[0] == 'p') ++p_open_;
  if (unnamed_ == 0 && !stack_.empty()) {
    frame& top = stack_.back();
    if (top.ns == ns && named(top, key, name) && !top.html_integration && !top.mathml_text &&
        !top.formatting()) {
      ++top.count;  // "<div><div>...": one entry
      return;
    }
  }
  if (stack_.size() >= max_depth || unnamed_ != 0) {
    ++unnamed_;
    return;
  }
  // (Made in place: a frame made on the stack and copied is read back
  // whole before its fields' stores have landed.)
  frame& f = stack_.emplace_back();
  f.key = key;
  f.offset = names_.size();
  if (key.size > 8) names_.append(name);  // (a shorter one is its key)
  f.ns = ns;
  if (ns == element_namespace::html) f.flags = flags;
  if (ns != element_namespace::html) foreign_frame(f, name, tag);
  f.kind = kind;
  if (kind != k_none) marks_.push_back(static_cast<std::uint32_t>(stack_.size() - 1));
}

[[gnu::always_inline]] inline void tree_builder::pop() {
  if (unnamed_ != 0) {
    --unnamed_;
    return;
  }
  if (stack_.empty()) return;
  frame& top = stack_.back();
  bool template_closed = false;
  if (top.ns == element_namespace::html && named(top, tree_names::template_key, "template") &&
      templates_ != 0) {
    if (template_states_.size() == templates_) template_states_.pop_back();
    --templates_;
    template_closed = true;
  }
  if (top.ns == element_namespace::html && top.key.size == 1 && (top.key.word & 0xFF) == 'p' &&
      p_open_ != 0)
    --p_open_;
  // (Whatever closes the SELECT ends "in select".)
  if (select_ && top.ns == element_namespace::html && named(top, tree_names::select_key, "select"))
    select_ = false;
  if (--top.count == 0) {
    if (top.entry != 0) entry_closed(top.entry);
    if (top.key.size > 8) names_.resize(top.offset);
    if (top.kind != k_none) marks_.pop_back();
    stack_.pop_back();
  }
  if (template_closed) select_after_template();
}

[[gnu::always_inline]] inline element_info tree_builder::start(const start_tag& tag,
                                                               text_mode& mode) {
  mode = text_mode::data;
  const std::string_view name = tag.name;
  const name_key key = key_of(name);
  const tree_names::flag_set flags = tree_names::flags_of(key, name);
  if (in_head_ && head_start(name)) {
    element_info dropped;
    dropped.element = false;
    dropped.name = name;
    return dropped;
  }
  const bool html_node =
      stack_.empty() || unnamed_ != 0 || stack_.back().ns == element_namespace::html;
  if (html_node && (flags & (tree_names::f_named | tree_names::f_table_part)) == 0 &&
      frameset_ == 0 && !in_select() && plain_mode()) {
    // "Any other start tag" of "in body" (13.2.6.4.7), or one whose only
    // rules are those of its lists above, the current node an HTML element
    // (the table modes read it so too, foster parenting it): html_start's
    // short way, here (most tags take it).
    element_info info;
    info.in_template = templates_ != 0;
    info.name = name;
    head_seen_ = true;
    if ((flags & tree_names::f_clears_frameset_ok) != 0) frameset_ok_ = false;
    // (A P open, or a list item or heading: whose names are two bytes long.)
    if ((flags & tree_names::f_closes_p) != 0 && (p_open_ != 0 || key.size == 2))
      close_before(name, key);
    // A formatting element takes an entry in the list of active formatting
    // elements: here in the common case (formatting_start's first lines),
    // else by body_push, as do a marker element and a tag that first
    // reopens closed formatting elements.
    const bool formatting = (flags & tree_names::f_formatting) != 0;
    if ((formatting && !plain_formatting(name, key, tag)) || (flags & tree_names::f_marker) != 0 ||
        ((flags & tree_names::f_no_reconstruct) == 0 && reconstruct_pending())) {
      body_push(name, key, tag, flags);
      return info;
    }
    if ((flags & tree_names::f_void) == 0) push(name, key, element_namespace::html, tag, flags);
    if (formatting) {
      formatting_.push_back({key, 0, ++last_entry_, false, true});
      stack_.back().entry = last_entry_;
    }
    return info;
  }
  return start_other(tag, name, key, flags, mode, html_node);
}

inline tree_builder::insertion tree_builder::insertion_mode() const noexcept {
  if (marks_.empty() || unnamed_ != 0) return insertion::body;
  switch (stack_[marks_.back()].kind) {
    case k_table:
      return insertion::table;
    case k_caption:
      return insertion::caption;
    case k_colgroup:
      return insertion::colgroup;
    case k_tbody:
    case k_thead:
    case k_tfoot:
      return insertion::tbody;
    case k_tr:
      return insertion::row;
    case k_td:
    case k_th:
      return insertion::cell;
    default:  // a template: its own mode (its state is kept up to max_depth)
      return template_states_.size() == templates_ && !template_states_.empty()
                 ? template_states_.back().mode
                 : insertion::body;
  }
}

[[gnu::always_inline]] inline void tree_builder::end(std::string_view name) {
  // 13.2.6.5, "any other end tag" in foreign content: the nearest open
  // element of that name, walking down to the first HTML element.
  if (in_foreign_content()) {
    const name_key key = key_of(name);
    for (std::size_t i = stack_.size(); i > 0; --i) {
      const frame& f = stack_[i - 1];
      if (f.ns == element_namespace::html) break;
      // (Both names are lower case.)
      if (named(f, key, name)) {
        // Pop everything above it, and one of it ("<svg><svg>" share an entry).
        while (stack_.size() > i) pop_entry();
        pop();
        return;
      }
    }
  }
  html_end(name);
}

[[gnu::always_inline]] inline void tree_builder::html_end(std::string_view name) {
  const name_key key = key_of(name);
  if (unnamed_ == 0 && !stack_.empty() && !in_head_ && !select_ && frameset_ == 0) {
    // The end tag of the current node (most end tags): whatever the rules
    // below that read it, an element of none of the kinds they read by
    // name closes, and only it; a formatting element, the last entry of
    // the list, leaves it too (the adoption agency algorithm's first round,
    // with no furthest block).
    frame& top = stack_.back();
    if (top.ns == element_namespace::html && top.kind == k_none && !top.marker() &&
        named(top, key, name) && !tree_names::same_key(key, tree_names::form_key)) {
      if (!top.formatting()) {
        pop();
        return;
      }
      if (top.entry != 0 && !formatting_.empty() && formatting_.back().id == top.entry &&
          !formatting_.back().marker) {
        formatting_.pop_back();
        top.entry = 0;
        pop();
        return;
      }
    }
  }
  // (Most names are none of those read by name below: their keys tell.)
  const bool by_name = key.size <= 8 && (tree_names::same_key(key, tree_names::form_key) ||
                                         tree_names::same_key(key, tree_names::select_key) ||
                                         tree_names::same_key(key, tree_names::frameset_key) ||
                                         tree_names::same_key(key, tree_names::body_key) ||
                                         tree_names::same_key(key, tree_names::html_key) ||
                                         tree_names::same_key(key, tree_names::template_key));
  if (frameset_ != 0) {
    // The outermost frameset's end tag ends "in frameset".
    if (by_name && name == "frameset" && frameset_ == 1 && --framesets_ == 0) frameset_ = 2;
    return;
  }
  if (in_head_) {
    if (head_noscript_) {
      // "in head noscript" (13.2.6.4.5) reads only these end tags.
      if (name == "noscript") {
        end_head_noscript();
        return;
      }
      if (name != "br") return;
    }
    if (name == "head") {
      end_head();  // (the end tag of the head, or of an implied one)
      return;
    }
    if (name == "body" || name == "html" || name == "br") end_head();
  } else if (name.size() == 4 && name == "head") {
    return;  // "in body" and after it: dropped
  }
  if (name.size() == 2 && name == "br") {
    // Read as a BR start tag (13.2.6.4.7): it implies the head before it,
    // and clears frameset-ok.
    head_seen_ = true;
    frameset_ok_ = false;
    return;
  }
  if (by_name && (name == "body" || name == "html")) {
    head_seen_ = true;  // (before the head, these imply it: 13.2.6.4.2, .3)
    return;             // "after body": nothing is popped
  }
  // The table modes and "in select" read some end tags their own way.
  const tree_names::flag_set flags = tree_names::flags_of(key, name);
  if ((select_ || !marks_.empty()) && table_end(name, flags)) return;
  if (by_name && name == "form" && templates_ == 0) {
    form_end();
    return;
  }
  if (unnamed_ != 0) {
    pop();  // past max_depth: the innermost element, whatever its name
    return;
  }
  // A TEMPLATE end tag closes the innermost template, whatever is open in
  // it (13.2.6.4.4).
  const bool to_template = by_name && name == "template" && templates_ != 0;
  if (!to_template && (flags & tree_names::f_formatting) != 0 && adoption_end(name, key)) return;
  // "Any other end tag" (13.2.6.4.7) closes no element beyond a special
  // one; the others close theirs when it is in scope (p: button scope; li:
  // list item scope; h1 to h6: any heading).
  const bool any_other = !to_template && (flags & tree_names::f_closes_in_scope) == 0;
  const bool heading = key.size == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6';
  const bool p = key.size == 1 && name[0] == 'p', li = key.size == 2 && name == "li";
  for (std::size_t i = stack_.size(); i > 0; --i) {
    const frame& f = stack_[i - 1];
    const bool html = f.ns == element_namespace::html;
    const bool same = html && (heading ? f.key.size == 2 && (f.key.word & 0xFF) == 'h' &&
                                             ((f.key.word >> 8) & 0xFF) >= '1' &&
                                             ((f.key.word >> 8) & 0xFF) <= '6'
                                       : named(f, key, name));
    if (to_template && !same) continue;
    if (same) {
      // Pop everything above it, and one of it.
      while (stack_.size() > i) pop_entry();
      pop();
      // A TEMPLATE, APPLET, MARQUEE or OBJECT took its marker in the list
      // of active formatting elements.
      if (to_template || (flags & tree_names::f_marker) != 0) clear_to_marker();
      return;
    }
    if (any_other) {
      if (f.special()) return;
      continue;
    }
    if (html && f.scope_boundary()) return;
    if (f.html_integration || f.mathml_text) return;  // scope boundaries too (13.2.4.2)
    if (html && p && named(f, tree_names::button_key, "button")) return;
    if (html && li && (named(f, tree_names::ol_key, "ol") || named(f, tree_names::ul_key, "ul")))
      return;
  }
}

}  // namespace urlkit::html::detail
