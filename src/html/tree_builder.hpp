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

}  // namespace urlkit::html::detail
