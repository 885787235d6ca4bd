// A small simulation of HTML's tree construction (WHATWG HTML 13.2.6), as
// much of it as decides what a link rewriter reads: whether a start tag
// makes an element at all (the "in select" and "in frameset" modes, a second
// FORM or HEAD, table parts outside a table, a second HTML or BODY merged into
// the first), in which namespace
// (SVG and MathML content, its integration points and the tags that break
// out of it), whether it is inside a TEMPLATE, and how the tokenizer reads
// the text after it (raw text, RCDATA, script data, plaintext).  It keeps a
// stack of the open elements' names, as HTML does, but builds no tree:
// repeated names share one entry, and past max_depth distinct entries only
// a count is kept (docs/html.md, "How the stream reads HTML", says what
// that can change), so its memory does not grow with the document.
#pragma once

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
  bool wants_characters() const noexcept { return (frameset_ok_ && frameset_ == 0) || !head_seen_; }
  /// Text in the data state: any but white space (and NUL, which HTML
  /// drops there) clears frameset-ok (13.2.6.4.7) and begins the head and
  /// the body.
  void characters(std::string_view bytes) noexcept;

 private:
  struct frame {
    // The name (lower case): its key, and for a name of more than 8 bytes
    // names_.substr(offset, key.size).
    name_key key;
    std::size_t offset = 0;
    element_namespace ns = element_namespace::html;
    bool html_integration = false;  // SVG foreignObject, desc, title; MathML annotation-xml (HTML)
    bool mathml_text = false;       // MathML mi, mo, mn, ms, mtext
    bool scope_boundary = false;    // HTML: "has an element in scope" stops here (13.2.4.2)
    std::uint64_t count = 1;        // the same element nested this many times
  };

  element_info start_other(const start_tag& tag, std::string_view name, const name_key& key,
                           std::uint8_t flags, text_mode& mode, bool html_node);
  element_info html_start(const start_tag& tag, std::string_view name, const name_key& key,
                          std::uint8_t flags, text_mode& mode);
  // `flags`: the name's (flags_of), for an HTML element.
  void push(std::string_view name, const name_key& key, element_namespace ns, const start_tag& tag,
            std::uint8_t flags);
  // The SVG and MathML properties of a new frame.
  void foreign_frame(frame& f, std::string_view name, const start_tag& tag);
  void pop();
  void html_end(std::string_view name);
  // Whether frame `f` is named `name`, whose key is `key`.
  bool named(const frame& f, const name_key& key, std::string_view name) const noexcept {
    return f.key.word == key.word && f.key.size == key.size &&
           (key.size <= 8 || std::string_view(names_).substr(f.offset, f.key.size) == name);
  }
  bool html_rules_for(std::string_view name) const noexcept;
  void first_in_template(std::uint8_t flags) noexcept;
  bool in_table() const noexcept;

  std::vector<frame> stack_;
  std::string names_;  // the names of stack_'s entries longer than 8 bytes, one after the other
  std::uint64_t unnamed_ = 0;  // entries past max_depth, names not kept
  std::uint64_t templates_ = 0;
  std::uint64_t tables_ = 0;  // HTML tables open
  // Each template open, innermost last: the tables open when it opened, and
  // whether its contents are read as a table's (its first start tag is a
  // table part: 13.2.6.4.18) or not yet known.
  struct template_state {
    std::uint64_t tables = 0;
    std::uint8_t mode = 0;  // 0: no start tag yet; 1: "in body"; 2: a table's
  };
  std::vector<template_state> template_states_;
  bool head_seen_ = false;              // a start tag other than html: the head has begun
  bool form_ = false;                   // the form element pointer is set
  bool select_ = false;                 // "in select"
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
                                                      std::uint8_t flags) {
  // (An HTML element is pushed with its flags; template and table are named.)
  if (ns == element_namespace::html && (flags & tree_names::f_named) != 0) {
    if (name == "template") {
      ++templates_;
      if (template_states_.size() < max_depth) template_states_.push_back({tables_, 0});
    }
    if (name == "table") ++tables_;
  }
  if (unnamed_ == 0 && !stack_.empty()) {
    frame& top = stack_.back();
    if (top.ns == ns && named(top, key, name) && !top.html_integration && !top.mathml_text) {
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
  f.scope_boundary = ns == element_namespace::html && (flags & tree_names::f_scope_boundary) != 0;
  if (ns != element_namespace::html) foreign_frame(f, name, tag);
}

[[gnu::always_inline]] inline void tree_builder::pop() {
  if (unnamed_ != 0) {
    --unnamed_;
    return;
  }
  if (stack_.empty()) return;
  frame& top = stack_.back();
  if (top.ns == element_namespace::html && named(top, tree_names::template_key, "template") &&
      templates_ != 0) {
    if (template_states_.size() == templates_) template_states_.pop_back();
    --templates_;
  }
  if (top.ns == element_namespace::html && named(top, tree_names::table_key, "table") &&
      tables_ != 0)
    --tables_;
  if (--top.count == 0) {
    if (top.key.size > 8) names_.resize(top.offset);
    stack_.pop_back();
  }
}

inline element_info tree_builder::start(const start_tag& tag, text_mode& mode) {
  mode = text_mode::data;
  const std::string_view name = tag.name;
  const name_key key = key_of(name);
  const std::uint8_t flags = tree_names::flags_of(key, name);
  const bool html_node =
      stack_.empty() || unnamed_ != 0 || stack_.back().ns == element_namespace::html;
  if (html_node && (flags & tree_names::f_named) == 0 && frameset_ == 0 &&
      !(select_ && templates_ <= select_templates_)) {
    // "Any other start tag" of "in body" (13.2.6.4.7), or one whose only
    // rules are those of its lists above, the current node an HTML element:
    // html_start's short way, here (most tags take it).
    element_info info;
    info.in_template = templates_ != 0;
    info.name = name;
    head_seen_ = true;
    first_in_template(flags);
    if ((flags & tree_names::f_clears_frameset_ok) != 0) frameset_ok_ = false;
    if ((flags & tree_names::f_table_part) != 0 && !in_table()) {
      info.element = false;
      return info;
    }
    if ((flags & tree_names::f_void) == 0) push(name, key, element_namespace::html, tag, flags);
    return info;
  }
  return start_other(tag, name, key, flags, mode, html_node);
}

inline void tree_builder::first_in_template(std::uint8_t flags) noexcept {
  if (!template_states_.empty() && template_states_.back().mode == 0 && !stack_.empty() &&
      named(stack_.back(), tree_names::template_key, "template"))
    template_states_.back().mode = (flags & tree_names::f_table_part) != 0 ? 2 : 1;
}

inline bool tree_builder::in_table() const noexcept {
  return template_states_.empty()
             ? tables_ != 0
             : tables_ > template_states_.back().tables || template_states_.back().mode == 2;
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
        while (stack_.size() >= i) {
          stack_.back().count = 1;
          pop();
        }
        return;
      }
    }
  }
  html_end(name);
}

[[gnu::always_inline]] inline void tree_builder::html_end(std::string_view name) {
  const name_key key = key_of(name);
  // (Most names are none of those read by name below: their keys tell.)
  const bool by_name = key.size <= 8 && (tree_names::same_key(key, tree_names::form_key) ||
                                         tree_names::same_key(key, tree_names::select_key) ||
                                         tree_names::same_key(key, tree_names::frameset_key) ||
                                         tree_names::same_key(key, tree_names::body_key) ||
                                         tree_names::same_key(key, tree_names::html_key) ||
                                         tree_names::same_key(key, tree_names::template_key));
  if (by_name && name == "form") form_ = false;
  if (by_name && name == "select") select_ = false;
  if (frameset_ != 0) {
    // The outermost frameset's end tag ends "in frameset".
    if (by_name && name == "frameset" && frameset_ == 1 && --framesets_ == 0) frameset_ = 2;
    return;
  }
  if (by_name && (name == "body" || name == "html")) return;  // "after body": nothing is popped
  if (unnamed_ != 0) {
    pop();  // past max_depth: the innermost element, whatever its name
    return;
  }
  // A TEMPLATE end tag closes the innermost template, whatever is open in
  // it (13.2.6.4.4).
  const bool to_template = by_name && name == "template" && templates_ != 0;
  for (std::size_t i = stack_.size(); i > 0; --i) {
    const frame& f = stack_[i - 1];
    const bool same = f.ns == element_namespace::html && named(f, key, name);
    if (to_template && !same) continue;
    if (same) {
      // Pop everything above it, and one of it.
      while (stack_.size() > i) {
        stack_.back().count = 1;
        pop();
      }
      pop();
      return;
    }
    if (f.ns == element_namespace::html && f.scope_boundary) return;
    if (f.html_integration || f.mathml_text) return;  // scope boundaries too (13.2.4.2)
  }
}

}  // namespace urlkit::html::detail
