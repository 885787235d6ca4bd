// The oracle's link absolutizer (oracle.hpp): the engine's as it was before
// the streaming one, kept as it is on purpose.  It parses HTML with gumbo
// (gumbo_tree.hpp), establishes the document's base (draft 5.1 and Appendix
// D: the BASE element), resolves every URL of every URL-valued attribute
// (draft 6) and writes the results back into the original bytes, at the
// attribute values' source offsets.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "gumbo_tree.hpp"
#include "oracle.hpp"
#include "text.hpp"
#include "urlkit/base.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/html.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::html::oracle {

namespace {

using namespace detail;

/// Builds the result of one absolutize call.
// What a warning about the BASE href names as its source.
constexpr std::string_view base_label = "base href";

// An error that leaves a link as it is, naming the attribute its offset
// counts in (html.hpp: link::resolved).
urlkit::error in_attribute(urlkit::error e, std::string_view label) noexcept {
  e.source = label;
  return e;
}

class tree_absolutizer {
 public:
  tree_absolutizer(std::string_view document, const established_base& outer,
                   const absolutize_options& options)
      : document_(document), lines_(document), options_(options) {
    result_.outer = outer;
    result_.base = outer;
  }

  result<absolutized> run() {
    gumbo_tree tree(document_);
    establish(tree.document());
    base_text_ = result_.base.url;
    // Bases from establish_base always parse; a hand-made outer one may not:
    // its parse error, with the offset in outer.url.
    auto view = parse_reference(base_text_);
    if (!view) return view.error();
    base_view_ = *view;
    for_each_element(tree.document(), true, [&](GumboNode* n) {
      element(n->v.element);
      return true;
    });
    auto by_offset = [](const auto& a, const auto& b) { return a.where.offset < b.where.offset; };
    std::stable_sort(result_.links.begin(), result_.links.end(), by_offset);
    // The warnings, in document order: each link left as it is.
    for (const link& l : result_.links)
      if (!l.resolved) options_.on_warning(passed_over(l.resolved.error()));
    std::sort(result_.edits.begin(), result_.edits.end(),
              [](const edit& a, const edit& b) { return a.begin < b.begin; });
    result_.html = *html::apply(document_, result_.edits);  // made in order above
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
    result<established_base> r = establish_base(base->href, result_.outer);
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
      l.resolved = in_attribute(replaced_byte(*base->value, bad_byte), base_label);
      result_.links.push_back(std::move(l));
      return;
    }
    if (!r) {
      l.resolved = in_attribute(r.error(), base_label);
      result_.links.push_back(std::move(l));
      return;
    }
    result_.base = *r;
    auto resolved = urlkit::resolve(result_.outer.url, base->href);
    l.resolved = resolved ? std::move(resolved) : in_attribute(resolved.error(), base_label);
    if (r->resolved_against && base->value && l.resolved && *l.resolved != base->href) {
      std::vector<std::pair<std::size_t, std::string>> one{{0, *l.resolved}};
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
    result<std::string> codebase = base_text_;
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
      result<std::string> against = base_text_;
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
  /// it has none; when it has one that does not resolve, its error (reported
  /// where it is, and the error of the URLs relative to it, left alone).
  result<std::string> codebase_of(const GumboElement& e, const std::string& key) {
    const url_attribute* spec = find_url_attribute(key, "codebase");
    if (spec == nullptr) return base_text_;
    const GumboAttribute* a = gumbo_get_attribute(&e.attributes, "codebase");
    if (a == nullptr) return base_text_;
    auto value = value_of(*a, document_);
    if (!value) return base_text_;
    auto urls = split_urls(value->decoded, url_list::single);
    std::string_view text = value->decoded.substr(urls[0].first, urls[0].second - urls[0].first);
    auto ref = parse_reference(text);
    if (!ref) return in_attribute(ref.error(), spec->label);
    auto r = urlkit::resolve(base_view_, *ref);
    if (!r) return in_attribute(r.error(), spec->label);
    return r;
  }

  void attribute(const std::string& element, const std::string& attr, const url_attribute& spec,
                 const attribute_value& value, const result<std::string>& against) {
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
        l.resolved = in_attribute(replaced_byte(value, bad_byte), spec.label);
      } else if (base_view) {
        resolve_one(l, spec.label, *base_view, i, changes);
      } else {
        l.resolved = against.error();  // a codebase that does not resolve
      }
      result_.links.push_back(std::move(l));
    }
    if (!changes.empty()) write_back(value, spec.list, changes);
  }

  void resolve_one(link& l, std::string_view label, const url_view& base, std::size_t index,
                   std::vector<std::pair<std::size_t, std::string>>& changes) {
    auto ref = parse_reference(l.reference);
    if (!ref) {
      l.resolved = in_attribute(ref.error(), label);
      return;
    }
    auto r = urlkit::resolve(base, *ref);
    if (!r) {
      l.resolved = in_attribute(r.error(), label);
      return;
    }
    l.resolved = std::move(r);
    if (*l.resolved == l.reference) return;
    if (options_.keep_same_document && ref->is_same_document()) return;
    changes.emplace_back(index, *l.resolved);
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
    // A non-ASCII character of a value written back (from a character
    // reference, "caf&eacute;", or from a base or codebase that holds one) is
    // written as the escapes of its UTF-8 octets, "caf%C3%A9": the document
    // may be in any ASCII-compatible encoding (ISO-8859-1, windows-1252, ...),
    // whose readers would take UTF-8 bytes written there for other characters
    // ("cafÃ©"), while they all read an escape alike; draft 2.2 asks for it
    // anyway (octets above 0x7F "must always be encoded").  Octets that are
    // not UTF-8 (from a base that holds them) are escaped the same way, and
    // so are not lost to gumbo's U+FFFD when the value is read again.
    auto escape_non_ascii = [](std::string_view text, std::string& out, bool commas) {
      for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if (b >= 0x80) {
          out += '%';
          out += charset::hex_digit(b >> 4);
          out += charset::hex_digit(b);
        } else if (c == ',' && commas) {
          out += "%2C";
        } else {
          out += c;
        }
      }
    };
    auto as_item = [&](const std::string& url) {
      std::string out;
      out.reserve(url.size());
      escape_non_ascii(url, out, list == url_list::comma_separated);
      return out;
    };
    // The new value, as gumbo would decode it.  A value gumbo decoded is
    // written anew as a whole, so its other parts' non-ASCII characters are
    // escaped too: the bytes written are not the ones that were read.
    auto new_value = [&] {
      std::string decoded;
      std::size_t at = 0;
      const auto keep = [&](std::string_view text) {
        if (value.raw)
          decoded.append(text);
        else
          escape_non_ascii(text, decoded, false);
      };
      for (const auto& [index, url] : changes) {
        keep(std::string_view(value.decoded).substr(at, urls[index].first - at));
        decoded.append(as_item(url));
        at = urls[index].second;
      }
      keep(std::string_view(value.decoded).substr(at));
      return decoded;
    };
    const std::string decoded = new_value();

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

result<absolutized> absolutize(std::string_view document, const established_base& outer,
                               const absolutize_options& options) {
  if (document.size() > max_document)
    throw std::length_error("the HTML oracle reads documents under 4 GiB (gumbo's offsets)");
  if (auto e = refused_encoding(document)) return *e;
  return tree_absolutizer(document, outer, options).run();
}

}  // namespace urlkit::html::oracle
