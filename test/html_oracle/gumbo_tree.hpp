// The oracle's gumbo layer (oracle.hpp): gumbo's parse of a document, and
// what the tree absolutizer and find_base_href read from it in terms of the
// document's own bytes (element and attribute names, attribute values and
// where they are written, the bytes gumbo replaced).  The absolutizer's
// gumbo layer as it was (src/html/gumbo_tree.hpp before the streaming
// engine), without its limits: gumbo parses whatever it is given, and the
// tests and the fuzz target keep their documents small.  No gumbo type
// leaves test/html_oracle/.
#pragma once

#include <gumbo.h>

#include <csetjmp>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/error.hpp"
#include "urlkit/html.hpp"

namespace urlkit::html::oracle::detail {

/// gumbo keeps source offsets in unsigned int: a longer document is beyond
/// it (the oracle's precondition: oracle.hpp).
inline constexpr std::size_t max_document = std::numeric_limits<unsigned int>::max() - 1;

/// gumbo's memory: gumbo allocates through the options' allocator, which
/// keeps every block in a list, so that the tree is freed block by block
/// (gumbo_destroy_output recurses once per level) and a parse that runs out
/// of memory can be given up: gumbo has no way to fail an allocation (it
/// would use a null pointer), so allocate() leaves it by a longjmp.  Only C
/// frames and allocate()'s own lie between the setjmp and the longjmp:
/// nothing is left undestroyed.  Unlike the engine's, it has no budget.
class gumbo_memory {
 public:
  gumbo_memory() noexcept = default;
  gumbo_memory(const gumbo_memory&) = delete;
  gumbo_memory& operator=(const gumbo_memory&) = delete;
  ~gumbo_memory() { release(); }

  /// The options that allocate from this.
  GumboOptions options() noexcept {
    GumboOptions o = kGumboDefaultOptions;
    o.allocator = &allocate;
    o.deallocator = &deallocate;
    o.userdata = this;
    // No parse error is read; gumbo records each with a copy of the stack
    // of open elements (quadratic in a deep document) unless told to keep
    // none.
    o.max_errors = 0;
    return o;
  }

  /// gumbo's parse of `size` bytes at `data`, or null when memory ran out.
  GumboOutput* parse(const GumboOptions& options, const char* data, std::size_t size) noexcept {
    std::jmp_buf escape;
    escape_ = &escape;
    GumboOutput* out = parse_or_escape(options, data, size, escape);
    escape_ = nullptr;
    return out;
  }

  /// Frees every block gumbo holds (its tree with them).
  void release() noexcept {
    while (head_.next != &head_) {
      block* b = head_.next;
      unlink(b);
      ::operator delete(b);
    }
  }

 private:
  // 32 bytes: the block after it keeps the alignment of operator new.
  struct alignas(16) block {
    block* prev;
    block* next;
    std::size_t size;
  };

  static GumboOutput* parse_or_escape(const GumboOptions& options, const char* data,
                                      std::size_t size, std::jmp_buf& escape) noexcept {
    if (setjmp(escape) != 0) return nullptr;
    return gumbo_parse_with_options(&options, data, size);
  }

  static void* allocate(void* userdata, std::size_t size) {
    auto& m = *static_cast<gumbo_memory*>(userdata);
    void* p = size > SIZE_MAX - sizeof(block) ? nullptr
                                              : ::operator new(sizeof(block) + size, std::nothrow);
    if (p == nullptr) std::longjmp(*m.escape_, 1);
    auto* b = static_cast<block*>(p);
    b->size = sizeof(block) + size;
    b->prev = &m.head_;
    b->next = m.head_.next;
    m.head_.next->prev = b;
    m.head_.next = b;
    return b + 1;
  }

  static void deallocate(void*, void* p) noexcept {
    if (p == nullptr) return;
    block* b = static_cast<block*>(p) - 1;
    unlink(b);
    ::operator delete(b);
  }

  static void unlink(block* b) noexcept {
    b->prev->next = b->next;
    b->next->prev = b->prev;
  }

  block head_{&head_, &head_, 0};
  std::jmp_buf* escape_ = nullptr;
};

/// Owns gumbo's parse of a document (which points into the document); throws
/// std::bad_alloc when memory runs out.  The document is shorter than
/// max_document.
class gumbo_tree {
 public:
  explicit gumbo_tree(std::string_view document) {
    const GumboOptions options = memory_.options();
    output_ = memory_.parse(options, document.empty() ? "" : document.data(), document.size());
    if (output_ != nullptr) return;
    memory_.release();
    throw std::bad_alloc();
  }
  gumbo_tree(const gumbo_tree&) = delete;
  gumbo_tree& operator=(const gumbo_tree&) = delete;
  // The tree is freed block by block (memory_), not by gumbo_destroy_output.
  ~gumbo_tree() = default;

  GumboNode* document() const noexcept { return output_->document; }

 private:
  gumbo_memory memory_;
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

}  // namespace urlkit::html::oracle::detail
