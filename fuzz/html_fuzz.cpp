// Fuzz target for base URLs (draft-fielding-uri-url-00 section 5) and the
// HTML link absolutizer (sections 5, 6, Appendix D; docs/html.md).
//
// The first input byte picks what runs on the rest:
//   bit 7 clear: absolutize(document, outer) with keep_same_document from
//     bit 0 and the outer base from bits 1-3 (7: the text before the first
//     NUL is the retrieval URL, the document follows it);
//   bit 7 set: establish_base on NUL-separated values (embedded,
//     Content-Base, Content-Location, encapsulating, retrieval, a header
//     block for read_headers; "\x01" for one not given), and split_urls on
//     the whole rest with every list kind.
// Beyond not crashing: the edits lie in the document, in order and disjoint,
// and turn it into the output; every changed byte is inside a rewritten
// attribute value; an edit adds no octet above 0x7F (a URL written back is
// ASCII, its other characters escaped); every resolved link is urlkit::resolve of its reference
// against the base it names, which is the document's (BASE, else the outer
// one); the output read again gives the resolved URLs as its references, so
// absolutizing it again changes nothing; find_base_href agrees, and
// base_tag_scan sees its BASE; and base
// establishment follows the precedence of section 5.
//
// The oracle (test/html_oracle): on every input of up to 64 KiB,
// absolutize and find_base_href give what the gumbo-based implementation
// they replaced gives, in everything test/html_oracle/compare.hpp compares
// (the output, every link, the edits, the warnings, the BASE found), or
// differ as a class compare.hpp documents (classify(), the differential
// test's).  Longer inputs are not compared: gumbo's time grows with the depth
// of the tree for every tag, and tools/fuzz gives this target inputs up to
// 64 KiB anyway.  Nor are those on which gumbo may fail an assertion and end
// the process (compare.hpp, gumbo_aborts_on).
//
// A document is refused only for being UTF-16 or UTF-32 (a byte order mark,
// which always refuses it, or a META charset), by absolutize and
// find_base_href alike, as the oracle refuses it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzz_check.hpp"
#include "html_oracle/compare.hpp"
#include "html_oracle/oracle.hpp"
#include "urlkit/base.hpp"
#include "urlkit/html.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace {

using layer = urlkit::established_base::layer;
namespace html = urlkit::html;
using urlkit_fuzz::check;
using urlkit_fuzz::fail;

bool is_html_space(char c) {
  return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

std::string describe(const urlkit::established_base& b) {
  std::string s(urlkit::to_string(b.from));
  s += " ";
  s += urlkit_fuzz::escaped(b.url);
  if (b.resolved_against) {
    s += " against ";
    s += urlkit::to_string(*b.resolved_against);
  }
  return s;
}

std::string describe(const urlkit::result<urlkit::established_base>& r) {
  return r ? describe(*r) : "error " + r.error().to_string();
}

bool same_base(const urlkit::established_base& a, const urlkit::established_base& b) {
  return a.url == b.url && a.from == b.from && a.resolved_against == b.resolved_against;
}

bool same_result(const urlkit::result<urlkit::established_base>& a,
                 const urlkit::result<urlkit::established_base>& b) {
  if (a.has_value() != b.has_value()) return false;
  return a ? same_base(*a, *b) : a.error() == b.error();
}

std::string describe(const html::link& l) {
  return l.element + " " + l.attribute + " at " + std::to_string(l.where.offset) + " value [" +
         std::to_string(l.value_begin) + ", " + std::to_string(l.value_end) + ") reference " +
         urlkit_fuzz::escaped(l.reference) + " base " + urlkit_fuzz::escaped(l.base) +
         " resolved " +
         (l.resolved ? urlkit_fuzz::escaped(*l.resolved)
                     : "error " + l.resolved.error().to_string()) +
         (l.rewritten ? " rewritten" : "");
}

// Bytes that gumbo reads as something else in a value that it decodes: NUL,
// CR (normalized), and what is not UTF-8 (U+FFFD).  Over ASCII without NUL and
// CR its reading is the text itself.
bool plain_ascii(std::string_view s) {
  for (char c : s)
    if (c == '\0' || c == '\r' || static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

// Whether gumbo reads `s` as written: valid UTF-8 without NUL, the controls
// other than ASCII white space, and the noncharacters, which it replaces with
// U+FFFD (docs/html.md, "Reading a value": a value with "&" and such a byte is
// left as it is).
bool utf8_without_nul(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b == 0 || (b < 0x20 && !is_html_space(static_cast<char>(b))) || b == 0x7f) return false;
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = 0;
    std::uint32_t cp = 0;
    if (b >= 0xC2 && b <= 0xDF) {
      n = 1;
      cp = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      n = 2;
      cp = b & 0x0F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      n = 3;
      cp = b & 0x07;
    } else {
      return false;
    }
    if (i + n >= s.size()) return false;
    for (std::size_t k = 1; k <= n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (c & 0x3F);
    }
    const std::uint32_t least[] = {0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    if (cp <= 0x9F || (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE) return false;
    i += n + 1;
  }
  return true;
}

// ---- base establishment ------------------------------------------------------

// The value of a layer, or nullopt: a field that is exactly "\x01" is absent.
std::optional<std::string> field(const std::vector<std::string_view>& fields, std::size_t i) {
  if (i >= fields.size() || fields[i] == "\x01") return std::nullopt;
  return std::string(fields[i]);
}

std::string without_header_space(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') out += c;
  return out;
}

void check_split(std::string_view input, std::string_view value, html::url_list list,
                 const char* name) {
  const auto urls = html::split_urls(value, list);
  if (list == html::url_list::single) {
    check(urls.size() == 1, input, "split_urls(single) gives one range", {{"list", name}});
    const auto [b, e] = urls[0];
    check(b <= e && e <= value.size(), input, "split_urls(single): the range is inside");
    if (b == e) {
      check(b == 0, input, "split_urls(single): an empty value is at 0");
      for (char c : value)
        check(is_html_space(c), input, "split_urls(single): empty only for white space");
      return;
    }
    check(!is_html_space(value[b]) && !is_html_space(value[e - 1]), input,
          "split_urls(single): no white space around the URL");
    for (std::size_t i = 0; i < b; ++i)
      check(is_html_space(value[i]), input, "split_urls(single): only white space before");
    for (std::size_t i = e; i < value.size(); ++i)
      check(is_html_space(value[i]), input, "split_urls(single): only white space after");
    return;
  }
  std::size_t last = 0;
  for (const auto& [b, e] : urls) {
    check(last <= b && b < e && e <= value.size(), input,
          "split_urls: non-empty ranges, in order, disjoint, inside", {{"list", name}});
    for (std::size_t i = b; i < e; ++i)
      check(!is_html_space(value[i]), input, "split_urls: no white space in a URL",
            {{"list", name}});
    if (list != html::url_list::srcset) {
      // The separators are all that lies between the URLs.
      const bool commas = list == html::url_list::comma_separated;
      for (std::size_t i = last; i < b; ++i)
        check(is_html_space(value[i]) || (commas && value[i] == ','), input,
              "split_urls: only separators between the URLs", {{"list", name}});
      if (commas)
        for (std::size_t i = b; i < e; ++i)
          check(value[i] != ',', input, "split_urls(comma): no comma in a URL");
    } else {
      // srcset: white space and commas are skipped before a URL; commas it
      // ends with are separators.
      check(value[b] != ',' && value[e - 1] != ',', input,
            "split_urls(srcset): a URL neither starts nor ends with a comma");
      check(b == 0 || is_html_space(value[b - 1]) || value[b - 1] == ',', input,
            "split_urls(srcset): a URL starts after white space or a comma");
    }
    last = e;
  }
  if (list != html::url_list::srcset) {
    const bool commas = list == html::url_list::comma_separated;
    for (std::size_t i = last; i < value.size(); ++i)
      check(is_html_space(value[i]) || (commas && value[i] == ','), input,
            "split_urls: only separators after the last URL", {{"list", name}});
  }
}

void run_base(std::string_view input, std::string_view rest) {
  std::vector<std::string_view> fields;
  for (std::size_t start = 0;;) {
    const std::size_t nul = rest.find('\0', start);
    fields.push_back(rest.substr(start, nul == std::string_view::npos ? nul : nul - start));
    if (nul == std::string_view::npos || fields.size() == 6) break;
    start = nul + 1;
  }
  urlkit::base_context c;
  c.embedded = field(fields, 0);
  c.content_base = field(fields, 1);
  c.content_location = field(fields, 2);
  c.encapsulating = field(fields, 3);
  c.retrieval = field(fields, 4);
  if (const auto block = field(fields, 5)) {
    const bool had_base = c.content_base.has_value(), had_location = c.content_location.has_value();
    const std::size_t taken = c.read_headers(*block);
    const std::size_t added = (c.content_base.has_value() != had_base ? 1 : 0) +
                              (c.content_location.has_value() != had_location ? 1 : 0);
    if (taken != added)
      fail(input, "read_headers returns how many fields it took",
           {{"taken", std::to_string(taken)}, {"added", std::to_string(added)}});
  }

  const urlkit::result<urlkit::established_base> r = urlkit::establish_base(c);
  if (r) {
    const auto& b = *r;
    if (b.defined() == b.url.empty())
      fail(input, "a base is defined exactly when it is not empty", {{"base", describe(b)}});
    if (!(!b.resolved_against ||
          (b.defined() && *b.resolved_against != layer::undefined &&
           static_cast<int>(*b.resolved_against) > static_cast<int>(b.from))))
      fail(input, "a relative layer is resolved against an outer, defined one",
           {{"base", describe(b)}});
    if (b.defined()) {
      const auto parsed = urlkit::parse_absolute(b.url);
      if (!parsed) fail(input, "an established base is absolute", {{"base", describe(b)}});
      if (parsed->has_fragment())
        fail(input, "an established base has no fragment (draft 3)", {{"base", describe(b)}});
    }
    // Section 5's precedence: the innermost layer given wins.
    layer want = layer::undefined;
    if (c.embedded)
      want = layer::embedded;
    else if (c.content_base)
      want = layer::content_base;
    else if (c.content_location)
      want = layer::content_location;
    else if (c.encapsulating)
      want = c.encapsulating->empty() ? layer::undefined : layer::encapsulating;
    else if (c.retrieval && !c.retrieval->empty())
      want = layer::retrieval;
    if (b.from != want)
      fail(input, "the innermost layer given gives the base",
           {{"base", describe(b)}, {"expected", urlkit::to_string(want)}});
    // An absolute value is the base as it is, without its fragment.
    std::optional<std::string> value;
    switch (b.from) {
      case layer::embedded:
        value = c.embedded;
        break;
      case layer::content_base:
        value = without_header_space(*c.content_base);
        break;
      case layer::content_location:
        value = without_header_space(*c.content_location);
        break;
      case layer::encapsulating:
        value = c.encapsulating;
        break;
      case layer::retrieval:
        value = c.retrieval;
        break;
      case layer::undefined:
        break;
    }
    if (value) {
      const auto parsed = urlkit::parse_reference(*value);
      check(parsed.has_value(), input, "the winning layer's value parses", {{"value", *value}});
      if (parsed->has_scheme() == b.resolved_against.has_value())
        fail(input, "resolved_against is set exactly for a relative value",
             {{"value", *value}, {"base", describe(b)}});
      if (parsed->has_scheme() && b.url != parsed->without_fragment())
        fail(input, "an absolute layer value is the base, without its fragment",
             {{"value", *value}, {"base", describe(b)}});
    }
  } else {
    const urlkit::error& e = r.error();
    const std::optional<layer> named = urlkit::layer_named(e.source);
    check(named && *named != layer::undefined && e.code != urlkit::error_code::ok, input,
          "a base error names a layer and an error", {{"error", e.to_string()}});
    std::optional<std::string> given;
    switch (*named) {
      case layer::embedded:
        given = c.embedded;
        break;
      case layer::content_base:
        given = c.content_base;
        break;
      case layer::content_location:
        given = c.content_location;
        break;
      case layer::encapsulating:
        given = c.encapsulating;
        break;
      case layer::retrieval:
        given = c.retrieval;
        break;
      case layer::undefined:
        break;
    }
    check(given.has_value(), input, "a base error names a layer that was given",
          {{"error", e.to_string()}});
    check(e.offset <= given->size(), input, "a base error's offset is in the value given",
          {{"error", e.to_string()}, {"value", *given}});
    check(e.to_string().starts_with(urlkit::layer_source(*named)), input,
          "a base error's text starts with the layer's name", {{"error", e.to_string()}});
  }

  // 5.1 on top of the outer layers is what establish_base(embedded, outer)
  // gives, unless the embedded value itself is what fails first.
  if (c.embedded) {
    urlkit::base_context outer_c = c;
    outer_c.embedded.reset();
    const urlkit::result<urlkit::established_base> outer = urlkit::establish_base(outer_c);
    if (outer) {
      const urlkit::result<urlkit::established_base> two =
          urlkit::establish_base(*c.embedded, *outer);
      if (!same_result(r, two))
        fail(input, "establish_base(context) == establish_base(embedded, outer layers)",
             {{"whole", describe(r)}, {"outer", describe(outer)}, {"two steps", describe(two)}});
    } else if (r) {
      // Draft 5 is an order of precedence: only an absolute embedded base
      // wins over failing outer layers, which are then its warnings.
      check(r->from == layer::embedded && !r->resolved_against, input,
            "a failing outer layer is passed over only by an absolute embedded base",
            {{"whole", describe(r)}, {"outer", describe(outer)}});
    } else if (r.error().source != "embedded" && !(r.error() == outer.error())) {
      fail(input, "the outer layers' error is the whole's",
           {{"whole", describe(r)}, {"outer", describe(outer)}});
    }
  }

  check_split(input, rest, html::url_list::single, "single");
  check_split(input, rest, html::url_list::space_separated, "space");
  check_split(input, rest, html::url_list::comma_separated, "comma");
  check_split(input, rest, html::url_list::srcset, "srcset");
}

// ---- the absolutizer -----------------------------------------------------------

urlkit::established_base outer_from(std::uint8_t selector, std::string_view& document,
                                    bool& usable) {
  static constexpr std::string_view fixed[] = {
      "",
      "http://a/b/c/d;p?q",            // draft Appendix C
      "ftp://h.example/pub/dir/",      //
      "mailto:x@y.example",            // opaque: relative links do not resolve
      "http://h/it's/p?a=1&b=2",       // a quote and "&" to escape when written back
      "http://h/a,b/c;p,q?x,y",        // commas, which a comma-separated list must escape
      "file:///usr/share/doc/x.html",  //
  };
  urlkit::base_context c;
  const unsigned pick = (selector >> 1) & 7;
  if (pick < 7) {
    if (!fixed[pick].empty()) c.retrieval = std::string(fixed[pick]);
  } else {
    const std::size_t nul = document.find('\0');
    if (nul == std::string_view::npos) {
      c.retrieval = "http://a/b/c/d;p?q";
    } else {
      c.retrieval = std::string(document.substr(0, nul));
      document.remove_prefix(nul + 1);
    }
  }
  urlkit::result<urlkit::established_base> r = urlkit::establish_base(c);
  usable = r.has_value();
  return r ? *r : urlkit::established_base{};
}

void check_position(std::string_view input, std::string_view doc, const html::position& p,
                    const char* what) {
  if (!(p == html::position_of(doc, p.offset) && p.offset <= doc.size()))
    fail(input, what,
         {{"offset", std::to_string(p.offset)},
          {"line", std::to_string(p.line)},
          {"column", std::to_string(p.column)}});
}

// The warnings absolutize's sink receives.
struct warning_list {
  std::vector<urlkit::warning> items;
  void operator()(const urlkit::warning& w) noexcept { items.push_back(w); }
};

void check_absolutized(std::string_view input, std::string_view doc,
                       const urlkit::established_base& outer, const html::absolutize_options& o,
                       const html::absolutized& r, const std::vector<urlkit::warning>& sunk) {
  if (!same_base(r.outer, outer))
    fail(input, "absolutized::outer is the base given", {{"outer", describe(r.outer)}});

  // The base: the first BASE href if usable (find_base_href finds the same),
  // else the outer one.
  const auto found = html::find_base_href(doc).value();
  // base_tag_scan, in pieces cut where the input's first byte says: a
  // document where it sees no "<base" has no BASE.
  {
    html::base_tag_scan scan;
    const std::size_t piece = doc.empty() ? 1 : 1 + static_cast<unsigned char>(doc[0]) % 7;
    for (std::size_t at = 0; at < doc.size(); at += piece) scan.write(doc.substr(at, piece));
    if (found && !scan.seen()) fail(input, "base_tag_scan sees the \"<base\" of every BASE", {});
  }
  // The link of that BASE: the one at its href.  An element named "base" in
  // SVG or MathML content is not BASE, and its href is an ordinary link.
  const html::link* base_link = nullptr;
  if (found)
    for (const html::link& l : r.links)
      if (l.element == "base" && l.where == found->where) {
        if (base_link != nullptr) fail(input, "one BASE link at most", {{"link", describe(l)}});
        base_link = &l;
      }
  if (!found) {
    if (!same_base(r.base, outer))
      fail(input, "without BASE the outer base is the document's", {{"base", describe(r.base)}});
  } else {
    const std::string href =
        found->href ? *found->href : "error " + found->href.error().to_string();
    check(base_link != nullptr && (!found->href || base_link->reference == *found->href) &&
              base_link->where == found->where,
          input, "find_base_href finds the BASE that absolutize uses", {{"href", href}});
    // A value gumbo decoded with bytes it replaced is not the href written:
    // like any such link it is reported and not used (docs/html.md, "Reading
    // a value"), and find_base_href says so with the same error.
    const std::string_view value =
        doc.substr(base_link->value_begin, base_link->value_end - base_link->value_begin);
    const bool replaced = value.find('&') != std::string_view::npos && !utf8_without_nul(value);
    check(replaced == !found->href, input,
          "find_base_href's href is an error exactly when gumbo replaced a byte", {{"href", href}});
    if (replaced)
      check(!base_link->resolved && base_link->resolved.error() == found->href.error(), input,
            "absolutize and find_base_href give the same error for such a BASE",
            {{"href", href}, {"link", describe(*base_link)}});
    const urlkit::result<urlkit::established_base> want =
        replaced ? urlkit::result<urlkit::established_base>(urlkit::error{
                       .code = urlkit::error_code::invalid_character, .source = "embedded"})
                 : urlkit::establish_base(*found->href, outer);
    if (want) {
      if (!same_base(r.base, *want))
        fail(input, "a usable BASE href gives the document's base",
             {{"base", describe(r.base)}, {"expected", describe(want)}});
    } else {
      if (!same_base(r.base, outer))
        fail(input, "an unusable BASE href leaves the outer base", {{"base", describe(r.base)}});
      check(!base_link->resolved, input, "an unusable BASE href is reported",
            {{"error", want.error().to_string()}});
    }
  }

  // The links.
  std::size_t last = 0;
  std::size_t checked_positions = 0;
  for (const html::link& l : r.links) {
    const auto d = [&l] { return describe(l); };
    if (l.where.offset < last) fail(input, "links come in document order", {{"link", d()}});
    last = l.where.offset;
    // position_of walks the document from its start: a few links are enough.
    if (checked_positions++ < 16)
      check_position(input, doc, l.where, "a link's position is position_of its offset");
    const bool has_value = l.value_end > 0;
    if (has_value) {
      if (!(l.value_begin < l.value_end && l.value_end <= doc.size() &&
            l.value_begin <= l.where.offset && l.where.offset <= l.value_end))
        fail(input, "a link lies inside its attribute value", {{"link", d()}});
      const std::string_view value = doc.substr(l.value_begin, l.value_end - l.value_begin);
      // Without "&" the value is used as written: the reference is its bytes.
      if (value.find('&') == std::string_view::npos &&
          doc.substr(l.where.offset, l.reference.size()) != l.reference)
        fail(input, "a reference in a value without \"&\" is the bytes at its position",
             {{"link", d()}});
      if (l.rewritten && value.find('&') != std::string_view::npos && !utf8_without_nul(value))
        fail(input, "a value with \"&\" and a byte gumbo replaces is left as it is",
             {{"link", d()}});
    } else {
      if (l.rewritten) fail(input, "a link without a value is not rewritten", {{"link", d()}});
    }
    if (!(l.reference.empty() ||
          (!is_html_space(l.reference.front()) && !is_html_space(l.reference.back()))))
      fail(input, "a reference has no white space around it", {{"link", d()}});
    // The base it names: the outer one for BASE; the document's, except for
    // what an object's or applet's codebase holds.
    if (&l == base_link) {
      if (l.base != outer.url)
        fail(input, "BASE is resolved against the outer base", {{"link", d()}});
    } else if (l.element != "object" && l.element != "applet") {
      if (l.base != r.base.url)
        fail(input, "a link is resolved against the document's base",
             {{"link", d()}, {"base", describe(r.base)}});
    }
    if (l.resolved) {
      const auto want = urlkit::resolve(l.base, l.reference);
      if (!(want.has_value() && *want == *l.resolved))
        fail(input, "a resolved link is urlkit::resolve(base, reference)",
             {{"link", d()}, {"resolve", want ? *want : want.error().to_string()}});
    }
    if (l.rewritten) {
      if (!(l.resolved && *l.resolved != l.reference))
        fail(input, "a rewritten link changed to its resolved form", {{"link", d()}});
      // BASE is not a link: a relative href is always written absolute
      // (docs/html.md, "BASE"), "#f" too.
      if (o.keep_same_document && &l != base_link) {
        const auto ref = urlkit::parse_reference(l.reference);
        if (ref && ref->is_same_document())
          fail(input, "keep_same_document keeps \"\" and \"#f\"", {{"link", d()}});
      }
    } else if (l.resolved && *l.resolved != l.reference && has_value) {
      // Not written although it changed: only same-document references kept
      // on purpose, and BASE when its href was absolute.
      const auto ref = urlkit::parse_reference(l.reference);
      const bool kept = o.keep_same_document && ref && ref->is_same_document();
      if (!(kept || (&l == base_link && ref && ref->has_scheme())))
        fail(input, "a link that resolves to something else is rewritten", {{"link", d()}});
    }
  }
  // The warnings: the sink received each link's error, passed over, in
  // document order.
  std::size_t next = 0;
  for (const html::link& l : r.links) {
    if (l.resolved) continue;
    const urlkit::error& e = l.resolved.error();
    check(e.code != urlkit::error_code::ok && !e.message().empty() && !e.source.empty(), input,
          "a link left as it is holds an error naming its attribute", {{"link", describe(l)}});
    check(next < sunk.size() && sunk[next] == urlkit::passed_over(e), input,
          "the sink receives each link's error, passed over, in document order",
          {{"link", describe(l)}});
    ++next;
  }
  check(next == sunk.size(), input, "the sink receives nothing but the links' errors");

  // The edits: in order, disjoint, inside the document and inside a
  // rewritten value; they make the output; each rewritten value has one.
  // The values of the rewritten links (disjoint, several links sharing one).
  std::vector<std::pair<std::size_t, std::size_t>> rewritten;
  for (const html::link& l : r.links)
    if (l.rewritten) rewritten.emplace_back(l.value_begin, l.value_end);
  std::sort(rewritten.begin(), rewritten.end());
  std::size_t at = 0;
  for (const html::edit& e : r.edits) {
    if (!(at <= e.begin && e.begin <= e.end && e.end <= doc.size()))
      fail(input, "edits are in order, disjoint and inside the document",
           {{"edit", std::to_string(e.begin) + "-" + std::to_string(e.end)}});
    at = e.end;
    // The last value that starts at or before the edit must hold it.
    auto it = std::upper_bound(rewritten.begin(), rewritten.end(),
                               std::pair{e.begin, std::numeric_limits<std::size_t>::max()});
    if (it == rewritten.begin() || std::prev(it)->second < e.end)
      fail(input, "every edit lies in a rewritten value",
           {{"edit", std::to_string(e.begin) + "-" + std::to_string(e.end)}, {"text", e.text}});
  }
  for (const html::link& l : r.links) {
    if (!l.rewritten) continue;
    // The first edit that starts in the value must also end in it.
    auto it = std::lower_bound(r.edits.begin(), r.edits.end(), l.value_begin,
                               [](const html::edit& e, std::size_t v) { return e.begin < v; });
    if (it == r.edits.end() || it->end > l.value_end)
      fail(input, "a rewritten value has an edit", {{"link", describe(l)}});
  }
  // An edit writes no octet above 0x7F that the bytes it replaces did not
  // hold: a URL written back is ASCII, its other characters escaped, so
  // that a document in any ASCII-compatible encoding reads it alike.
  for (const html::edit& e : r.edits) {
    const auto non_ascii = [](std::string_view t) {
      return std::count_if(t.begin(), t.end(),
                           [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
    };
    if (non_ascii(e.text) > non_ascii(doc.substr(e.begin, e.end - e.begin)))
      fail(input, "an edit adds no octet above 0x7F", {{"text", e.text}});
  }
  const std::string applied = html::apply(doc, r.edits).value();
  check(applied == r.html, input, "apply(document, edits) is the output", {{"output", r.html}});
  if (r.edits.empty()) check(r.html == doc, input, "no edits, no change");
}

// Whether `written` is `url` with some of its bytes written as "%XX".
bool same_but_escapes(std::string_view written, std::string_view url) {
  std::size_t i = 0, j = 0;
  auto hex = [](char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
  };
  while (i < written.size() && j < url.size()) {
    if (written[i] == url[j]) {
      ++i, ++j;
    } else if (written[i] == '%' && i + 2 < written.size() && hex(written[i + 1]) >= 0 &&
               hex(written[i + 2]) >= 0 &&
               static_cast<unsigned char>(url[j]) ==
                   hex(written[i + 1]) * 16 + hex(written[i + 2])) {
      i += 3, ++j;
    } else {
      return false;
    }
  }
  return i == written.size() && j == url.size();
}

// The most bytes of a document compared with the oracle (see the top).
constexpr std::size_t max_compared = 64 * 1024;

// A refusal: only for UTF-16 or UTF-32, by absolutize and find_base_href
// alike (a byte order mark of theirs always is).  Whether the document was
// absolutized.
bool check_refusal(std::string_view input, std::string_view doc,
                   const urlkit::result<html::absolutized>& r) {
  const bool wide_bom = doc.starts_with("\xFF\xFE") || doc.starts_with("\xFE\xFF") ||
                        doc.starts_with(std::string_view("\0\0\xFE\xFF", 4));
  if (r) {
    check(!wide_bom, input, "a document with a UTF-16 or UTF-32 byte order mark is refused");
    return true;
  }
  const auto found = html::find_base_href(doc);
  check(r.error().code == urlkit::error_code::document_encoding && !found.has_value() &&
            found.error() == r.error(),
        input, "a document is refused only for UTF-16 or UTF-32, by absolutize and find_base_href",
        {{"error", r.error().to_string()}});
  return false;
}

// The engine against the oracle (test/html_oracle/compare.hpp), on what
// absolutize already gave and the sink received.
void check_oracle(std::string_view input, std::string_view doc,
                  const urlkit::established_base& outer, const html::absolutize_options& o,
                  const urlkit::result<html::absolutized>& done,
                  const std::vector<urlkit::warning>& sunk) {
  namespace oracle = html::oracle;
  if (doc.size() > max_compared || oracle::gumbo_aborts_on(doc)) return;
  oracle::outcome engine;
  engine.done = done;
  engine.warnings = sunk;
  engine.base = html::find_base_href(doc);
  const std::optional<oracle::difference> d =
      oracle::first_difference(engine, oracle::run_oracle(doc, outer, o));
  if (!d || oracle::classify(doc, *d) != oracle::difference_class::none) return;
  // The report whole (the document, both sides), before fail()'s notes.
  std::fprintf(stderr, "\n%s", oracle::report(doc, outer, *d).c_str());
  fail(input, "absolutize and find_base_href agree with the oracle (test/html_oracle)",
       {{"field", d->field}, {"engine", d->engine}, {"oracle", d->oracle}});
}

void run_document(std::string_view input, std::uint8_t selector, std::string_view doc) {
  bool usable = false;
  const urlkit::established_base outer = outer_from(selector, doc, usable);
  if (!usable) return;
  html::absolutize_options o;
  o.keep_same_document = (selector & 1) != 0;
  warning_list sunk;
  o.on_warning = urlkit::make_warning_sink(sunk);
  const urlkit::result<html::absolutized> done = html::absolutize(doc, outer, o);
  check_oracle(input, doc, outer, o, done, sunk.items);
  if (!check_refusal(input, doc, done)) return;
  const html::absolutized& r = *done;
  check_absolutized(input, doc, outer, o, r, sunk.items);
  sunk.items.clear();

  // The output read again: the same links, their references now the resolved
  // forms of those rewritten, so that nothing changes any more.  It is
  // absolutized too: a byte order mark or a META charset would have refused
  // the document.
  const urlkit::result<html::absolutized> read_again = html::absolutize(r.html, outer, o);
  if (!read_again)
    fail(input, "the output is absolutized too", {{"error", read_again.error().to_string()}});
  const html::absolutized& again = *read_again;
  check_absolutized(input, r.html, outer, o, again, sunk.items);
  // The same URL from the same layer (a relative BASE is absolute now).
  // In a value written with an "&", bytes gumbo would replace are written
  // as escapes (so the BASE read again may be the escaped form).
  if (!(same_but_escapes(again.base.url, r.base.url) && again.base.from == r.base.from))
    fail(input, "the output has the same base",
         {{"first", describe(r.base)}, {"again", describe(again.base)}});
  if (again.links.size() != r.links.size())
    fail(
        input, "the output has the same links",
        {{"first", std::to_string(r.links.size())}, {"again", std::to_string(again.links.size())}});
  for (std::size_t i = 0; i < r.links.size(); ++i) {
    const html::link& a = r.links[i];
    const html::link& b = again.links[i];
    std::string want = a.rewritten ? *a.resolved : a.reference;
    // applet archive, a comma-separated list: a "," of a resolved URL is
    // written "%2C" (draft 2.2) so that it stays one URL.
    if (a.rewritten && a.element == "applet" && a.attribute == "archive") {
      std::string escaped;
      for (char c : want) escaped += c == ',' ? std::string_view("%2C") : std::string_view(&c, 1);
      want = std::move(escaped);
    }
    if (!(a.element == b.element && a.attribute == b.attribute))
      fail(input, "the output's links are the same attributes",
           {{"first", describe(a)}, {"again", describe(b)}});
    if (plain_ascii(want) && plain_ascii(b.reference) && b.reference != want)
      fail(input, "the output holds each rewritten link's resolved form",
           {{"first", describe(a)}, {"again", describe(b)}});
  }
  check(again.edits.empty() && again.html == r.html, input,
        "absolutizing the output again changes nothing",
        {{"output", r.html}, {"again", again.html}});
}

void run(std::string_view input) {
  if (input.empty()) return;
  const auto selector = static_cast<std::uint8_t>(input[0]);
  const std::string_view rest = input.substr(1);
  if (selector & 0x80)
    run_base(input, rest);
  else
    run_document(input, selector, rest);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  urlkit_fuzz::run_guarded(input, run);
  return 0;
}
