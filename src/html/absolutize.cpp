// The link absolutizer: parses HTML with gumbo, establishes the document's
// base (draft 5.1 and Appendix D: the BASE element), resolves every URL of
// every URL-valued attribute (draft 6) and writes the results back into the
// original bytes, at the attribute values' source offsets.
#include <gumbo.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "html/text.hpp"
#include "urlkit/base.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/html.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::html {

namespace {

/// Owns gumbo's parse of a document (which points into the document).
class gumbo_tree {
 public:
  explicit gumbo_tree(std::string_view document) {
    // gumbo keeps source offsets in unsigned int.
    if (document.size() >= std::numeric_limits<unsigned int>::max())
      throw std::length_error("urlkit::html: a document of 4 GiB or more is beyond the parser");
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

char lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
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
std::optional<source_span> span_in(const GumboStringPiece& p, std::string_view document) noexcept {
  const char* first = document.data();
  const std::less<const char*> before;  // a total order, also for pointers elsewhere
  if (p.data == nullptr || before(p.data, first) || before(first + document.size(), p.data))
    return std::nullopt;
  const auto begin = static_cast<std::size_t>(p.data - first);
  const std::size_t end = begin + p.length;  // unsigned: wraps back where gumbo's length did
  if (end > document.size()) return std::nullopt;
  return source_span{begin, end};
}

/// The element's name in lower case: gumbo's for the tags it knows, else
/// the name as written (HTML names are case-insensitive, Appendix D).
/// original_tag can start with text gumbo dropped: "</>" makes no token, and
/// its bytes stay in front of the next tag's.  So the name is read where the
/// tokenizer reads a start tag (its "tag open" and "tag name" states): at the
/// first "<" followed by a letter, up to white space, "/" or ">".  gumbo's
/// own reading takes such a text for an end tag and its attributes for the
/// name, which then changes when a value is rewritten.
std::string element_name(const GumboElement& e, std::string_view document) {
  if (e.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(e.tag);
  const auto tag = span_in(e.original_tag, document);
  if (!tag || tag->begin > tag->end) return {};
  const std::string_view text = document.substr(tag->begin, tag->end - tag->begin);
  std::size_t open = 0;
  while (open + 1 < text.size() &&
         !(text[open] == '<' && charset::is(charset::alpha, text[open + 1])))
    ++open;
  if (open + 1 >= text.size()) return {};
  std::string s;
  for (std::size_t i = open + 1;
       i < text.size() && !detail::is_html_space(text[i]) && text[i] != '/' && text[i] != '>'; ++i)
    s += lower(text[i]);
  return s;
}

/// The key of the element in url_attributes(): its name, or "*svg" /
/// "*math" for foreign content, where href is a link on any element.
std::string element_key(const GumboElement& e, std::string_view document) {
  if (e.tag_namespace == GUMBO_NAMESPACE_SVG) return "*svg";
  if (e.tag_namespace == GUMBO_NAMESPACE_MATHML) return "*math";
  return element_name(e, document);
}

/// The attribute's name (gumbo lower-cases HTML names), with its namespace
/// prefix for the adjusted foreign attributes.
std::string attribute_name(const GumboAttribute& a) {
  switch (a.attr_namespace) {
    case GUMBO_ATTR_NAMESPACE_XLINK:
      return std::string("xlink:") + a.name;
    case GUMBO_ATTR_NAMESPACE_XML:
      return std::string("xml:") + a.name;
    case GUMBO_ATTR_NAMESPACE_XMLNS:
      return std::string_view(a.name) == "xmlns" ? "xmlns" : std::string("xmlns:") + a.name;
    case GUMBO_ATTR_NAMESPACE_NONE:
      break;
  }
  return a.name;
}

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
std::optional<attribute_value> value_of(const GumboAttribute& a, std::string_view document) {
  // For an attribute without a value gumbo points original_value at the
  // name (and leaves value_start unset).
  if (a.original_value.data == nullptr || a.original_value.data == a.original_name.data)
    return std::nullopt;
  const auto value = span_in(a.original_value, document);
  if (!value) return std::nullopt;
  attribute_value v;
  v.begin = value->begin;
  v.end = value->end;
  // gumbo starts the original_value of an unquoted value after the character
  // references it begins with ("<a href=&#46;./x>" gives "./x"), and, when
  // the value is one reference followed by CR LF, after the CR as well,
  // while it ends the value at the CR ("<a href=&#46;\r\n>": start 14, end
  // 13).  The value starts after the "=" and the white space after it.
  const auto name = span_in(a.original_name, document);
  if (name && name->begin <= name->end && name->end <= v.begin) {
    std::size_t p = name->end;
    while (p < v.begin && detail::is_html_space(document[p])) ++p;
    if (p < v.begin && document[p] == '=') {
      ++p;
      while (p < v.begin && detail::is_html_space(document[p])) ++p;
      v.begin = p;
    }
  }
  if (v.begin > v.end) return std::nullopt;
  std::string_view written = document.substr(v.begin, v.end - v.begin);
  if (!written.empty() && (written[0] == '"' || written[0] == '\'')) {
    if (written.size() < 2 || written.back() != written[0]) return std::nullopt;
    v.quote = written[0];
    written = written.substr(1, written.size() - 2);
  }
  v.content_begin = v.begin + (v.quote != 0 ? 1 : 0);
  v.content = written;
  v.raw = written.find('&') == std::string_view::npos;
  v.decoded = v.raw ? written : std::string_view(a.value);
  return v;
}

/// Whether gumbo replaces code point `c` with U+FFFD when it reads the input
/// (HTML's "preprocessing the input stream": controls other than ASCII white
/// space, and noncharacters).
bool replaced_by_gumbo(std::uint32_t c) noexcept {
  return (c >= 0x01 && c <= 0x08) || c == 0x0B || (c >= 0x0E && c <= 0x1F) ||
         (c >= 0x7F && c <= 0x9F) || (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

/// The first byte of `s` that gumbo does not read as written: one that makes
/// it invalid UTF-8, a NUL, or the first byte of a character that gumbo
/// replaces (replaced_by_gumbo); npos when there is none.
std::size_t first_non_utf8(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b == 0 || replaced_by_gumbo(b)) return i;
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    std::uint32_t c = 0;
    if (b >= 0xC2 && b <= 0xDF) {
      n = 1;
      c = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      n = 2;
      c = b & 0x0F;
      if (b == 0xE0) lo = 0xA0;  // overlong
      if (b == 0xED) hi = 0x9F;  // surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
      n = 3;
      c = b & 0x07;
      if (b == 0xF0) lo = 0x90;  // overlong
      if (b == 0xF4) hi = 0x8F;  // above U+10FFFF
    } else {
      return i;
    }
    for (std::size_t k = 1; k <= n; ++k) {
      if (i + k >= s.size()) return i;
      const auto d = static_cast<unsigned char>(s[i + k]);
      if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF)) return i;
      c = (c << 6) | (d & 0x3F);
    }
    if (replaced_by_gumbo(c)) return i;
    i += n + 1;
  }
  return std::string_view::npos;
}

/// The error of a value gumbo decoded with a byte it replaced (at `bad_byte`
/// of the value as written): the URL it gives is not the one written.
urlkit::error replaced_byte(const attribute_value& value, std::size_t bad_byte) noexcept {
  urlkit::error e{};
  e.code = error_code::invalid_character;
  e.rule = rule::reference;
  e.offset = bad_byte;
  e.byte = static_cast<unsigned char>(value.content[bad_byte]);
  e.has_byte = true;
  return e;
}

/// The first BASE with an href, in tree order outside templates.
struct found_base {
  std::string href;
  std::size_t offset = 0;  // of the href's URL
  std::optional<attribute_value> value;
};

std::optional<found_base> first_base(GumboNode* root, std::string_view document) {
  std::optional<found_base> found;
  for_each_element(root, false, [&](GumboNode* n) {
    const GumboElement& e = n->v.element;
    if (e.tag != GUMBO_TAG_BASE || e.tag_namespace != GUMBO_NAMESPACE_HTML) return true;
    const GumboAttribute* href = gumbo_get_attribute(&e.attributes, "href");
    if (href == nullptr || href->attr_namespace != GUMBO_ATTR_NAMESPACE_NONE) return true;
    found_base b;
    b.value = value_of(*href, document);
    if (b.value) {
      auto urls = split_urls(b.value->decoded, url_list::single);
      b.href.assign(b.value->decoded.substr(urls[0].first, urls[0].second - urls[0].first));
      // Where the URL starts among the bytes as written.
      auto written = split_urls(b.value->content, url_list::single);
      b.offset = b.value->content_begin + written[0].first;
    } else {
      // "<base href>": an empty href, the same document (draft 3).
      b.offset = static_cast<std::size_t>(e.start_pos.offset);
    }
    found = std::move(b);
    return false;
  });
  return found;
}

/// Builds the result of one absolutize call.
class absolutizer {
 public:
  absolutizer(std::string_view document, const established_base& outer,
              const absolutize_options& options)
      : document_(document), lines_(document), options_(options) {
    result_.outer = outer;
    result_.base = outer;
  }

  absolutized run() {
    gumbo_tree tree(document_);
    establish(tree.document());
    base_text_ = result_.base.url;
    // Bases from establish_base always parse; a hand-made outer one may not.
    auto view = parse_reference(base_text_);
    if (!view)
      throw std::invalid_argument("urlkit::html::absolutize: the outer base is not a URL: " +
                                  view.error().message());
    base_view_ = *view;
    for_each_element(tree.document(), true, [&](GumboNode* n) {
      element(n->v.element);
      return true;
    });
    auto by_offset = [](const auto& a, const auto& b) { return a.where.offset < b.where.offset; };
    std::stable_sort(result_.links.begin(), result_.links.end(), by_offset);
    std::stable_sort(result_.problems.begin(), result_.problems.end(), by_offset);
    std::sort(result_.edits.begin(), result_.edits.end(),
              [](const edit& a, const edit& b) { return a.begin < b.begin; });
    result_.html = html::apply(document_, result_.edits);
    return std::move(result_);
  }

 private:
  // Draft 5.1 / Appendix D: the first BASE href is the document's base; a
  // relative one is resolved against the outer layers' base and written back
  // in its absolute form (Appendix D: "The HREF attribute must be an absolute
  // URL"), so that the document keeps its base wherever it is moved.  A BASE
  // href that cannot be used is reported and the outer base stays.
  void establish(GumboNode* root) {
    auto base = first_base(root, document_);
    if (!base) return;
    const position where = lines_.at(base->offset);
    base_result r = establish_base(base->href, result_.outer);
    link l;
    l.element = "base";
    l.attribute = "href";
    l.where = where;
    if (base->value) {
      l.value_begin = base->value->begin;
      l.value_end = base->value->end;
    }
    l.reference = base->href;
    l.base = result_.outer.url;
    // As for every other link: a value gumbo decoded and in which it replaced
    // bytes (NUL, not UTF-8) is not the base the document wrote; used, it
    // would also be written back with the replacement characters.
    const std::size_t bad_byte = base->value && !base->value->raw
                                     ? first_non_utf8(base->value->content)
                                     : std::string_view::npos;
    if (bad_byte != std::string_view::npos) {
      result_.problems.push_back({"base", "href", where, replaced_byte(*base->value, bad_byte)});
      result_.links.push_back(std::move(l));
      return;
    }
    if (!r) {
      result_.problems.push_back({"base", "href", where, r.error().error});
      result_.links.push_back(std::move(l));
      return;
    }
    result_.base = *r;
    auto resolved = urlkit::resolve(result_.outer.url, base->href);
    if (resolved) l.resolved = *resolved;
    if (r->resolved_against && base->value && resolved && *resolved != base->href) {
      std::vector<std::pair<std::size_t, std::string>> one{{0, *resolved}};
      write_back(*base->value, url_list::single, one);
      l.rewritten = true;
    }
    result_.links.push_back(std::move(l));
  }

  void element(const GumboElement& e) {
    const std::string key = element_key(e, document_);
    if (key == "base") return;  // only the first BASE matters, and it is done
    std::string name;           // for reports; computed when needed
    // HTML 4.01 13.3: codebase "specifies the base path used to resolve
    // relative URIs specified by the classid, data, and archive attributes".
    std::optional<std::string> codebase;
    bool codebase_done = false;
    for (unsigned i = 0; i < e.attributes.length; ++i) {
      const auto& a = *static_cast<const GumboAttribute*>(e.attributes.data[i]);
      const std::string attr = attribute_name(a);
      const url_attribute* spec = find_url_attribute(key, attr);
      if (spec == nullptr) continue;
      auto value = value_of(a, document_);
      if (!value) continue;
      // The adoption agency clones formatting elements (an <a> among them)
      // with their attributes: the same source bytes, handled once.
      if (!seen_.insert(value->begin).second) continue;
      if (name.empty()) name = element_name(e, document_);
      std::optional<std::string> against = base_text_;
      if (spec->against_codebase) {
        if (!codebase_done) {
          codebase = codebase_of(e, key);
          codebase_done = true;
        }
        against = codebase;
      }
      attribute(name, attr, *spec, *value, against);
    }
  }

  /// The resolved codebase of an object or applet; the document's base when
  /// it has none; nullopt when it has one that does not resolve (it is
  /// reported where it is, and the URLs relative to it are left alone).
  std::optional<std::string> codebase_of(const GumboElement& e, const std::string& key) {
    if (find_url_attribute(key, "codebase") == nullptr) return base_text_;
    const GumboAttribute* a = gumbo_get_attribute(&e.attributes, "codebase");
    if (a == nullptr) return base_text_;
    auto value = value_of(*a, document_);
    if (!value) return base_text_;
    auto urls = split_urls(value->decoded, url_list::single);
    std::string_view text = value->decoded.substr(urls[0].first, urls[0].second - urls[0].first);
    auto ref = parse_reference(text);
    if (!ref) return std::nullopt;
    auto r = urlkit::resolve(base_view_, *ref);
    if (!r) return std::nullopt;
    return *r;
  }

  void attribute(const std::string& element, const std::string& attr, const url_attribute& spec,
                 const attribute_value& value, const std::optional<std::string>& against) {
    const auto urls = split_urls(value.decoded, spec.list);
    // Where each URL starts among the bytes as written: the same split of
    // the undecoded text finds them unless a reference encoded a separator.
    const auto written = value.raw ? urls : split_urls(value.content, spec.list);
    const bool same_split = written.size() == urls.size();
    std::size_t bad_byte = value.raw ? std::string_view::npos : first_non_utf8(value.content);

    std::optional<url_view> base_view;
    if (against) {
      if (*against == base_text_) {
        base_view = base_view_;
      } else {
        base_view = *parse_reference(*against);  // a resolve result: it parses
      }
    }

    std::vector<std::pair<std::size_t, std::string>> changes;  // index in urls, new URL
    for (std::size_t i = 0; i < urls.size(); ++i) {
      link l;
      l.element = element;
      l.attribute = attr;
      l.where = lines_.at(value.content_begin + (same_split ? written[i].first : 0));
      l.value_begin = value.begin;
      l.value_end = value.end;
      l.reference.assign(value.decoded.substr(urls[i].first, urls[i].second - urls[i].first));
      if (against) l.base = *against;
      if (bad_byte != std::string_view::npos) {
        // gumbo decoded the value, and replaced what is not UTF-8: the URL it
        // gives is not the one written.
        result_.problems.push_back({element, attr, l.where, replaced_byte(value, bad_byte)});
      } else if (base_view) {
        resolve_one(l, *base_view, i, changes);
      }
      result_.links.push_back(std::move(l));
    }
    if (!changes.empty()) write_back(value, spec.list, changes);
  }

  void resolve_one(link& l, const url_view& base, std::size_t index,
                   std::vector<std::pair<std::size_t, std::string>>& changes) {
    auto ref = parse_reference(l.reference);
    if (!ref) {
      result_.problems.push_back({l.element, l.attribute, l.where, ref.error()});
      return;
    }
    auto r = urlkit::resolve(base, *ref);
    if (!r) {
      result_.problems.push_back({l.element, l.attribute, l.where, r.error()});
      return;
    }
    l.resolved = std::move(*r);
    if (l.resolved == l.reference) return;
    if (options_.keep_same_document && ref->is_same_document()) return;
    changes.emplace_back(index, l.resolved);
    l.rewritten = true;  // write_back writes every change
  }

  /// Writes the new URLs into the attribute's value, in its quoting.
  void write_back(const attribute_value& value, url_list list,
                  const std::vector<std::pair<std::size_t, std::string>>& changes) {
    const auto urls = split_urls(value.decoded, list);
    // In a comma-separated list a "," of a resolved URL (from the base or the
    // codebase: the reference itself has none) would split it in two.  It is
    // unreserved, and draft 2.2 says unreserved characters "can be escaped
    // without changing the semantics of the URL" where "the URL is being used
    // in a context which does not allow the unescaped character to appear":
    // it is written "%2C".
    //
    // A value written with a character reference is read through gumbo's
    // decoding, which replaces what is not UTF-8 (and controls,
    // noncharacters) with U+FFFD.  Such bytes of a resolved URL (from a base
    // or codebase that holds them) would then be lost: they are written as
    // escapes, which draft 2.2 asks for anyway (octets above 0x7F and
    // controls "must always be encoded").
    bool escape_replaced = false;
    auto as_item = [list, &escape_replaced](const std::string& url) {
      std::string out;
      out.reserve(url.size());
      const std::string_view u(url);
      std::size_t next_bad = escape_replaced ? first_non_utf8(u) : std::string_view::npos;
      for (std::size_t i = 0; i < u.size(); ++i) {
        const char c = u[i];
        if (i == next_bad) {
          static constexpr char hex[] = "0123456789ABCDEF";
          const auto b = static_cast<unsigned char>(c);
          out += '%';
          out += hex[b >> 4];
          out += hex[b & 0xF];
          const std::size_t after = first_non_utf8(u.substr(i + 1));
          next_bad = after == std::string_view::npos ? after : i + 1 + after;
        } else if (c == ',' && list == url_list::comma_separated) {
          out += "%2C";
        } else {
          out += c;
        }
      }
      return out;
    };
    // The new value, as gumbo would decode it.
    auto new_value = [&] {
      std::string decoded;
      std::size_t at = 0;
      for (const auto& [index, url] : changes) {
        decoded.append(value.decoded.substr(at, urls[index].first - at));
        decoded.append(as_item(url));
        at = urls[index].second;
      }
      decoded.append(value.decoded.substr(at));
      return decoded;
    };
    std::string decoded = new_value();
    // The value is written with a character reference when it holds "&" or
    // its own quote (an unquoted one that holds '"' is written in double
    // quotes): "&amp;", "&quot;", "&#39;" (detail::escape_value).
    const std::string_view referenced = value.quote == '\'' ? "&'" : "&\"";
    if (decoded.find_first_of(referenced) != std::string::npos &&
        first_non_utf8(decoded) != std::string::npos) {
      escape_replaced = true;
      decoded = new_value();
    }

    // An unquoted value that could no longer stand unquoted becomes a
    // double-quoted one, as a whole.
    if (value.quote == 0 && !detail::fits_unquoted(detail::escape_value(decoded, 0))) {
      result_.edits.push_back(
          {value.begin, value.end, '"' + detail::escape_value(decoded, '"') + '"'});
      return;
    }
    if (!value.raw) {
      // Decoded by gumbo: the whole value is written anew.
      result_.edits.push_back({value.content_begin, value.content_begin + value.content.size(),
                               detail::escape_value(decoded, value.quote)});
      return;
    }
    // As written: only the URLs change, every other byte stays.
    for (const auto& [index, url] : changes)
      result_.edits.push_back({value.content_begin + urls[index].first,
                               value.content_begin + urls[index].second,
                               detail::escape_value(as_item(url), value.quote)});
  }

  std::string_view document_;
  detail::line_index lines_;
  absolutize_options options_;
  absolutized result_;
  std::string base_text_;
  url_view base_view_;
  std::unordered_set<std::size_t> seen_;
};

}  // namespace

std::string problem::message() const {
  return element + " " + attribute + ": " + error.to_string();
}

absolutized absolutize(std::string_view document, const established_base& outer,
                       const absolutize_options& options) {
  return absolutizer(document, outer, options).run();
}

std::optional<base_href> find_base_href(std::string_view document) {
  gumbo_tree tree(document);
  auto found = first_base(tree.document(), document);
  if (!found) return std::nullopt;
  base_href b{std::move(found->href), position_of(document, found->offset), std::nullopt};
  const std::size_t bad_byte = found->value && !found->value->raw
                                   ? first_non_utf8(found->value->content)
                                   : std::string_view::npos;
  if (bad_byte != std::string_view::npos) b.replaced = replaced_byte(*found->value, bad_byte);
  return b;
}

}  // namespace urlkit::html
