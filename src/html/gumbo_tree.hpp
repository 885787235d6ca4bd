// The gumbo layer of the HTML tools: the limits a document must keep, gumbo's
// parse of it, and what the absolutizer and find_base_href read from it in
// terms of the document's own bytes (element and attribute names, attribute
// values and where they are written, the bytes gumbo replaced).  No gumbo
// type leaves src/html/.
//
// The limits and the parse are inline so that the unit tests can count what
// they do (the bytes gumbo is given and allocates) in a shared build too.
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

#include "nesting.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/error.hpp"
#include "urlkit/html.hpp"

namespace urlkit::html::detail {

/// gumbo keeps source offsets in unsigned int: a longer document is beyond it.
inline constexpr std::size_t max_document = std::numeric_limits<unsigned int>::max() - 1;

/// How many formatting elements HTML's tree construction may reopen ("<b>",
/// "<a>", ...: "reconstruct the active formatting elements" and the adoption
/// agency clone them), each counted with its attributes, in a document of
/// `size` bytes: one per four bytes (4096 at least).  Each reopening is an
/// element more, with a copy of its attributes, and a few hundred bytes can
/// make tens of thousands (docs/html.md, "Limits").
constexpr std::size_t max_reopened(std::size_t size) noexcept {
  return size / 4 < 4096 ? 4096 : size / 4;
}

/// The most memory the HTML parser may take for a document of `size` bytes:
/// 256 times its size, and 1 MiB; docs/html.md ("Limits") has what documents
/// within the other limits take.
constexpr std::size_t max_parse_memory(std::size_t size) noexcept {
  constexpr std::size_t mib = std::size_t{1} << 20;
  return size > (SIZE_MAX - mib) / 256 ? SIZE_MAX : 256 * size + mib;
}

/// Why a document is refused, in urlkit::error::detail.
inline constexpr const char* reopened_too_often =
    "HTML's parsing would reopen its formatting elements (\"<b>\", \"<a>\", ...), with their "
    "attributes, more than once per four bytes";
/// max_nesting written out, for document_too_deep's message.
inline constexpr const char* max_nesting_text = "512";
static_assert(max_nesting == 512, "max_nesting_text says 512");
inline constexpr const char* parse_too_large =
    "the HTML parser would take more memory for it than max_parse_memory allows";

/// The limits of html.hpp that can be checked before gumbo reads the
/// document: its size, how deeply its elements would nest and how often its
/// formatting elements would be reopened (nesting.hpp).  The error of the
/// first one it passes, or nullopt; `report` gets what the nesting check
/// found.
inline std::optional<urlkit::error> check_limits(std::string_view document,
                                                 nesting_report* report = nullptr) {
  if (document.size() > max_document)
    return urlkit::detail::error_at(error_code::document_too_large, rule::reference, {},
                                    max_document);
  const nesting_report r = check_nesting(document, max_nesting, max_reopened(document.size()));
  if (report != nullptr) *report = r;
  if (r.too_deep_at != std::string_view::npos) {
    urlkit::error e = urlkit::detail::error_at(error_code::document_too_deep, rule::reference,
                                               document, r.too_deep_at);
    e.detail = max_nesting_text;
    return e;
  }
  if (r.too_many_reopened_at != std::string_view::npos) {
    urlkit::error e = urlkit::detail::error_at(error_code::document_too_large, rule::reference,
                                               document, r.too_many_reopened_at);
    e.detail = reopened_too_often;
    return e;
  }
  return std::nullopt;
}

/// gumbo's memory, held to max_parse_memory: gumbo allocates through the
/// options' allocator, which keeps every block in a list (so that a parse
/// given up can be freed) and gives up the parse when the budget would be
/// passed, or when operator new fails, by a longjmp out of gumbo (which has
/// no way to fail an allocation: it would use a null pointer).  Only C
/// frames and allocate()'s own lie between the setjmp and the longjmp:
/// nothing is left undestroyed.
class gumbo_memory {
 public:
  explicit gumbo_memory(std::size_t budget) noexcept : budget_(budget) {}
  gumbo_memory(const gumbo_memory&) = delete;
  gumbo_memory& operator=(const gumbo_memory&) = delete;
  ~gumbo_memory() { release(); }

  /// The options that allocate from this.
  GumboOptions options() noexcept {
    GumboOptions o = kGumboDefaultOptions;
    o.allocator = &allocate;
    o.deallocator = &deallocate;
    o.userdata = this;
    // urlkit reads no parse errors; gumbo records each with a copy of the
    // stack of open elements (quadratic in a deep document) unless told
    // to keep none.
    o.max_errors = 0;
    return o;
  }

  /// gumbo's parse of `size` bytes at `data`, or null when it was given
  /// up (out_of_budget() or out_of_memory() says why).
  GumboOutput* parse(const GumboOptions& options, const char* data, std::size_t size) noexcept {
    std::jmp_buf escape;
    escape_ = &escape;
    GumboOutput* out = parse_or_escape(options, data, size, escape);
    escape_ = nullptr;
    return out;
  }

  bool out_of_budget() const noexcept { return out_of_budget_; }
  bool out_of_memory() const noexcept { return out_of_memory_; }
  /// The most bytes held at once (block headers included).
  std::size_t peak() const noexcept { return peak_; }

  /// Frees every block gumbo holds (its tree with them).
  void release() noexcept {
    while (head_.next != &head_) {
      block* b = head_.next;
      unlink(b);
      ::operator delete(b);
    }
    live_ = 0;
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
    const std::size_t total = sizeof(block) + size;
    if (size > m.budget_ || total > m.budget_ - m.live_) {
      m.out_of_budget_ = true;
      std::longjmp(*m.escape_, 1);
    }
    void* p = ::operator new(total, std::nothrow);
    if (p == nullptr) {
      m.out_of_memory_ = true;
      std::longjmp(*m.escape_, 1);
    }
    auto* b = static_cast<block*>(p);
    b->size = total;
    b->prev = &m.head_;
    b->next = m.head_.next;
    m.head_.next->prev = b;
    m.head_.next = b;
    m.live_ += total;
    if (m.live_ > m.peak_) m.peak_ = m.live_;
    return b + 1;
  }

  static void deallocate(void* userdata, void* p) noexcept {
    if (p == nullptr) return;
    auto& m = *static_cast<gumbo_memory*>(userdata);
    block* b = static_cast<block*>(p) - 1;
    m.live_ -= b->size;
    unlink(b);
    ::operator delete(b);
  }

  static void unlink(block* b) noexcept {
    b->prev->next = b->next;
    b->next->prev = b->prev;
  }

  block head_{&head_, &head_, 0};
  std::size_t budget_;
  std::size_t live_ = 0, peak_ = 0;
  std::jmp_buf* escape_ = nullptr;
  bool out_of_budget_ = false, out_of_memory_ = false;
};

/// Owns gumbo's parse of a document (which points into the document), made
/// within max_parse_memory.  The document has passed check_limits.
class gumbo_tree {
 public:
  explicit gumbo_tree(std::string_view document) : memory_(max_parse_memory(document.size())) {
    const GumboOptions options = memory_.options();
    output_ = memory_.parse(options, document.empty() ? "" : document.data(), document.size());
    if (output_ != nullptr) return;
    memory_.release();
    if (memory_.out_of_memory()) throw std::bad_alloc();
    error_ = urlkit::detail::error_at(error_code::document_too_large, rule::reference, {}, 0);
    error_->detail = parse_too_large;
  }
  gumbo_tree(const gumbo_tree&) = delete;
  gumbo_tree& operator=(const gumbo_tree&) = delete;
  // The tree is freed block by block (memory_), not by gumbo_destroy_output,
  // which recurses once per level.
  ~gumbo_tree() = default;

  /// Set when the parse would have passed max_parse_memory.
  const std::optional<urlkit::error>& error() const noexcept { return error_; }
  GumboNode* document() const noexcept { return output_->document; }
  /// The most bytes gumbo held at once.
  std::size_t peak_memory() const noexcept { return memory_.peak(); }

 private:
  gumbo_memory memory_;
  GumboOutput* output_ = nullptr;
  std::optional<urlkit::error> error_;
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
