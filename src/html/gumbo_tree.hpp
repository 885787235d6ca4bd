// The gumbo layer of the HTML tools: gumbo's parse of a document, and what
// the absolutizer and find_base_href read from it in terms of the document's
// own bytes (element and attribute names, attribute values and where they
// are written, the bytes gumbo replaced).  No gumbo type leaves src/html/.
#pragma once

#include <gumbo.h>

#include <cstddef>
#include <limits>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/error.hpp"

namespace urlkit::html::detail {

/// Owns gumbo's parse of a document (which points into the document).
class gumbo_tree {
 public:
  /// gumbo keeps source offsets in unsigned int: a longer document is
  /// beyond it (the callers refuse one before building a tree).
  static constexpr std::size_t max_document = std::numeric_limits<unsigned int>::max() - 1;

  explicit gumbo_tree(std::string_view document) {
    output_ = gumbo_parse_with_options(&kGumboDefaultOptions,
                                       document.empty() ? "" : document.data(), document.size());
    if (output_ == nullptr) throw std::bad_alloc();
  }
  gumbo_tree(const gumbo_tree&) = delete;
  gumbo_tree& operator=(const gumbo_tree&) = delete;
  ~gumbo_tree() { gumbo_destroy_output(&kGumboDefaultOptions, output_); }

  GumboNode* document() const noexcept { return output_->document; }

 private:
  GumboOutput* output_ = nullptr;
};

/// Calls f(GumboNode*) for every element in tree order, without recursion
/// (documents nest deeply).  Template contents are visited only when
/// `into_templates`: HTML keeps them out of the document tree.  f returns
/// false to stop.
template <class F>
void for_each_element(GumboNode* root, bool into_templates, F f) {
  std::vector<GumboNode*> stack{root};
  auto push_children = [&](const GumboVector& children) {
    for (unsigned i = children.length; i > 0; --i)
      stack.push_back(static_cast<GumboNode*>(children.data[i - 1]));
  };
  while (!stack.empty()) {
    GumboNode* n = stack.back();
    stack.pop_back();
    if (n->type == GUMBO_NODE_DOCUMENT) {
      push_children(n->v.document.children);
      continue;
    }
    if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_TEMPLATE) continue;
    if (!f(n)) return;
    if (n->type == GUMBO_NODE_TEMPLATE && !into_templates) continue;
    push_children(n->v.element.children);
  }
}

/// Where one of gumbo's original_* spans lies in the document: offsets
/// [begin, end), or nullopt when it does not point into the document.  The
/// arithmetic is on offsets, never on gumbo's pointer and length: gumbo
/// computes a length as end - start, which wraps around when its start is
/// past its end (value_of() says when), so begin > end is returned as it is
/// and each caller decides what it means.
struct source_span {
  std::size_t begin = 0, end = 0;
};
std::optional<source_span> span_in(const GumboStringPiece& p, std::string_view document) noexcept;

/// The element's name in lower case: gumbo's for the tags it knows, else
/// the name as written (HTML names are case-insensitive, Appendix D).
std::string element_name(const GumboElement& e, std::string_view document);

/// The key of the element in url_attributes(): its name, or "*svg" /
/// "*math" for foreign content, where href is a link on any element.
std::string element_key(const GumboElement& e, std::string_view document);

/// The attribute's name (gumbo lower-cases HTML names), with its namespace
/// prefix for the adjusted foreign attributes.
std::string attribute_name(const GumboAttribute& a);

/// Where an attribute's value is in the document, and what it says.
struct attribute_value {
  std::size_t begin = 0, end = 0;  // the value as written, quotes included
  char quote = 0;                  // '"', '\'', or 0 when unquoted
  std::size_t content_begin = 0;   // the value without its quotes
  std::string_view content;
  /// Without "&" no character reference can be in the value, and the bytes
  /// as written are the value: they are used as they are, so that bytes that
  /// are not UTF-8 (which gumbo replaces with U+FFFD) survive.  Otherwise the
  /// value is gumbo's decoding.
  bool raw = true;
  std::string_view decoded;
};

/// The value of `a`, or nullopt for an attribute written without one
/// ("<a href>": nothing to rewrite in place).
std::optional<attribute_value> value_of(const GumboAttribute& a, std::string_view document);

/// The first byte of `s` that gumbo does not read as written: one that makes
/// it invalid UTF-8, a NUL, or the first byte of a character that gumbo
/// replaces (HTML's "preprocessing the input stream": controls other than
/// ASCII white space, and noncharacters); npos when there is none.
std::size_t first_non_utf8(std::string_view s) noexcept;

/// The error of a value gumbo decoded with a byte it replaced (at `bad_byte`
/// of the value as written): the URL it gives is not the one written.
urlkit::error replaced_byte(const attribute_value& value, std::size_t bad_byte) noexcept;

/// The first BASE with an href, in tree order outside templates.
struct found_base {
  std::string href;
  std::size_t offset = 0;  // of the href's URL
  std::optional<attribute_value> value;
};
std::optional<found_base> first_base(GumboNode* root, std::string_view document);

}  // namespace urlkit::html::detail
