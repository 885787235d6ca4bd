// The oracle's find_base_href (oracle.hpp): the document's first BASE href
// (draft 5.1, Appendix D), as the oracle's absolutizer takes it.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "gumbo_tree.hpp"
#include "oracle.hpp"
#include "text.hpp"
#include "urlkit/html.hpp"

namespace urlkit::html::oracle {

using namespace detail;

namespace detail {

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

}  // namespace detail

result<std::optional<base_href>> find_base_href(std::string_view document) {
  if (document.size() > max_document)
    throw std::length_error("the HTML oracle reads documents under 4 GiB (gumbo's offsets)");
  if (auto e = refused_encoding(document)) return *e;
  gumbo_tree tree(document);
  auto found = first_base(tree.document(), document);
  if (!found) return std::optional<base_href>();
  base_href b{std::move(found->href), position_of(document, found->offset)};
  const std::size_t bad_byte = found->value && !found->value->raw
                                   ? first_non_utf8(found->value->content)
                                   : std::string_view::npos;
  if (bad_byte != std::string_view::npos) {
    // Not the href the document wrote: absolutize's reading (link::resolved).
    urlkit::error e = replaced_byte(*found->value, bad_byte);
    e.source = "base href";
    b.href = e;
  }
  return std::optional<base_href>(std::move(b));
}

}  // namespace urlkit::html::oracle
