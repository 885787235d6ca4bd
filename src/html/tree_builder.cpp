// The tree construction, simulated (tree_builder.hpp).  Section numbers are
// WHATWG HTML's, 13.2.6.
#include "tree_builder.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "urlkit/detail/ascii.hpp"

namespace urlkit::html::detail {

using namespace tree_names;

namespace {

bool has_attribute(const start_tag& tag, std::string_view name) noexcept {
  for (const std::string_view n : tag.names)
    if (n == name) return true;
  return false;
}

std::string_view attribute_value(const start_tag& tag, std::string_view name) noexcept {
  for (std::size_t i = 0; i < tag.names.size(); ++i) {
    if (tag.names[i] != name) continue;
    const tag_attribute& a = tag.attributes[i];
    if (!a.has_value) return {};
    std::string_view v = tag.text.substr(a.value_begin, a.value_end - a.value_begin);
    if (a.quote != 0 && v.size() >= 2) v = v.substr(1, v.size() - 2);
    return v;
  }
  return {};
}

}  // namespace

// 13.2.6 (tree construction dispatcher): whether a start tag is read by the
// HTML rules (the insertion mode's) rather than those of foreign content.
bool tree_builder::html_rules_for(std::string_view name) const noexcept {
  if (stack_.empty() || unnamed_ != 0) return true;
  const frame& top = stack_.back();
  if (top.ns == element_namespace::html) return true;
  if (top.mathml_text && name != "mglyph" && name != "malignmark") return true;
  if (top.ns == element_namespace::mathml && named(top, annotation_xml_key, "annotation-xml") &&
      name == "svg")
    return true;
  return top.html_integration;
}

// (Inlined into its callers: it runs for most start tags, mostly to add one
// to the count of the current node or to make a frame of three fields.)

void tree_builder::foreign_frame(frame& f, std::string_view name, const start_tag& tag) {
  if (f.ns == element_namespace::svg) {
    f.html_integration = name == "foreignobject" || name == "desc" || name == "title";
  } else if (f.ns == element_namespace::mathml) {
    f.mathml_text = name == "mi" || name == "mo" || name == "mn" || name == "ms" || name == "mtext";
    if (name == "annotation-xml") {
      const std::string_view encoding = attribute_value(tag, "encoding");
      f.html_integration = urlkit::detail::ascii::iequals(encoding, "text/html") ||
                           urlkit::detail::ascii::iequals(encoding, "application/xhtml+xml");
    }
  }
}

// In a template, its first start tag decides whether its contents are a
// table's (13.2.6.4.18).

// Whether a table is open where a table part would go: one opened inside
// the innermost template, or that template's contents read as a table's.

// The start tags start() does not take the short way: foreign content,
// and the tags HTML's rules read by name.
element_info tree_builder::start_other(const start_tag& tag, std::string_view name,
                                       const name_key& key, std::uint8_t flags, text_mode& mode,
                                       bool html_node) {
  // (The current node is an HTML element, mostly: the HTML rules.)
  if (!html_node && !html_rules_for(name)) {
    const bool breaks_out =
        (flags & f_breakout) != 0 ||
        (name == "font" &&
         (has_attribute(tag, "color") || has_attribute(tag, "face") || has_attribute(tag, "size")));
    if (!breaks_out) {
      // An element of the current node's namespace.
      element_info info;
      info.ns = stack_.back().ns;
      info.in_template = templates_ != 0;
      info.name = name;
      if (!tag.self_closing) push(name, key, info.ns, tag, 0);
      return info;
    }
    // Pop until the current node is HTML or an integration point, then
    // read the tag as HTML.
    while (!stack_.empty() && unnamed_ == 0 && stack_.back().ns != element_namespace::html &&
           !stack_.back().html_integration && !stack_.back().mathml_text) {
      stack_.back().count = 1;
      pop();
    }
  }
  return html_start(tag, name, key, flags, mode);
}

element_info tree_builder::html_start(const start_tag& tag, std::string_view name,
                                      const name_key& key, std::uint8_t flags, text_mode& mode) {
  element_info info;
  info.in_template = templates_ != 0;
  if ((flags & f_named) == 0 && frameset_ == 0 && !(select_ && templates_ <= select_templates_)) {
    // "Any other start tag" of "in body" (13.2.6.4.7), or one whose only
    // rules are those of its lists above: what the long way below does
    // for it, without asking for each name it knows.
    info.name = name;
    head_seen_ = true;
    first_in_template(flags);
    if ((flags & f_clears_frameset_ok) != 0) frameset_ok_ = false;
    if ((flags & f_table_part) != 0 && !in_table()) {
      info.element = false;
      return info;
    }
    if ((flags & f_void) == 0) push(name, key, element_namespace::html, tag, flags);
    return info;
  }
  info.name = name == "image" ? std::string_view("img") : name;  // 13.2.6.4.7, "image"

  // A HEAD tag once the head has begun (implied by any tag but HTML, or by
  // text, before it: 13.2.6.4.2) is dropped.
  const bool head_begun = head_seen_;
  if (name != "html") head_seen_ = true;
  if (name == "head" && head_begun) {
    info.element = false;
    return info;
  }

  first_in_template(flags);

  // "in frameset", "after frameset" (13.2.6.4.20, 21): only these are read.
  if (frameset_ != 0) {
    if (name == "noframes") {
      mode = text_mode::rawtext;
      push(name, key, element_namespace::html, tag, flags);
      return info;
    }
    if (frameset_ == 1 && (name == "frameset" || name == "frame")) {
      if (name == "frameset") ++framesets_;
      return info;
    }
    info.element = name == "html";
    return info;
  }
  // "in select" (13.2.6.4.16): most tags are dropped; not in a template
  // opened in it, whose contents are read "in body".
  if (select_ && templates_ <= select_templates_) {
    if (name == "option" || name == "optgroup" || name == "html") {
      if (name != "html") push(name, key, element_namespace::html, tag, flags);
      return info;
    }
    if (name == "select") {
      select_ = false;  // "as if an end tag": the select closes, the tag is dropped
      html_end("select");
      info.element = false;
      return info;
    }
    if (name == "input" || name == "keygen" || name == "textarea") {
      select_ = false;
      html_end("select");
    } else if (name != "script" && name != "template") {
      info.element = false;
      return info;
    }
  }

  if ((frameset_ok_ && (flags & f_clears_frameset_ok) != 0) ||
      (name == "input" && !urlkit::detail::ascii::iequals(attribute_value(tag, "type"), "hidden")))
    frameset_ok_ = false;

  if (name == "frameset") {
    // 13.2.6.4.7: only while frameset-ok; the frameset then replaces the body.
    if (!frameset_ok_ || info.in_template) {
      info.element = false;
      return info;
    }
    frameset_ = 1;
    framesets_ = 1;
    return info;
  }
  if (name == "isindex") {
    // HTML 4's ISINDEX, as the parser of its time (gumbo 0.10.1's) reads
    // it: dropped while a form is open, else a FORM with its action, an
    // INPUT with its other attributes.  (HTML now reads it as an unknown
    // element.)
    if (form_ && !info.in_template) {
      info.element = false;
      return info;
    }
    frameset_ok_ = false;
    info.isindex = true;
    return info;
  }
  if (name == "form") {
    // A FORM while the form element pointer is set is dropped (outside
    // templates).
    if (form_ && !info.in_template) {
      info.element = false;
      return info;
    }
    if (!info.in_template) form_ = true;
  }
  // "in body" drops the parts of a table outside one, and a frame outside
  // a frameset.
  if ((flags & f_table_part) != 0 && !in_table()) {
    info.element = false;
    return info;
  }
  if (name == "frame") {
    info.element = false;
    return info;
  }

  if (name == "select") {
    select_ = true;
    select_templates_ = templates_;
  }
  if (name == "svg" || name == "math") {
    info.ns = name == "svg" ? element_namespace::svg : element_namespace::mathml;
    if (!tag.self_closing) push(name, key, info.ns, tag, 0);
    return info;
  }
  if (name == "title" || name == "textarea")
    mode = text_mode::rcdata;
  else if (name == "style" || name == "xmp" || name == "iframe" || name == "noembed" ||
           name == "noframes")
    mode = text_mode::rawtext;
  else if (name == "script")
    mode = text_mode::script;
  else if (name == "plaintext")
    mode = text_mode::plaintext;
  if (name == "html" || name == "body") {
    // One element each, the tags after the first merged into it; but not
    // from inside a template (13.2.6.4.7).
    if (info.in_template) info.element = false;
    return info;
  }
  if ((flags & f_void) == 0) push(name, key, element_namespace::html, tag, flags);
  return info;
}

void tree_builder::characters(std::string_view bytes) noexcept {
  for (const char c : bytes) {
    if (c != '\t' && c != '\n' && c != '\f' && c != '\r' && c != ' ' && c != '\0') {
      frameset_ok_ = false;
      head_seen_ = true;
      return;
    }
  }
}

bool tree_builder::drops_merged_attribute(const element_info& info, std::string_view name) {
  if (info.ns != element_namespace::html || (info.name != "html" && info.name != "body"))
    return false;
  auto& given = info.name == "html" ? html_attributes_ : body_attributes_;
  if (std::find(given.begin(), given.end(), name) != given.end()) return true;
  given.emplace_back(name);
  return false;
}

}  // namespace urlkit::html::detail
