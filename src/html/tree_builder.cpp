// The tree construction, simulated (tree_builder.hpp).  Section numbers are
// WHATWG HTML's, 13.2.6.
#include "tree_builder.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "urlkit/detail/ascii.hpp"

namespace urlkit::html::detail {

namespace {

using namespace std::string_view_literals;

// Elements that have no end tag (13.1.2, void elements, and those the
// parser pops at once: frame, image, ...).
constexpr std::array void_elements = {"area"sv,  "base"sv,   "basefont"sv, "bgsound"sv, "br"sv,
                                      "col"sv,   "embed"sv,  "frame"sv,    "hr"sv,      "image"sv,
                                      "img"sv,   "input"sv,  "keygen"sv,   "link"sv,    "meta"sv,
                                      "param"sv, "source"sv, "track"sv,    "wbr"sv};

// 13.2.6.5, "the rules for parsing tokens in foreign content": start tags
// that end SVG and MathML content.
constexpr std::array breakout = {
    "b"sv,       "big"sv,   "blockquote"sv, "body"sv,   "br"sv,     "center"sv, "code"sv, "dd"sv,
    "div"sv,     "dl"sv,    "dt"sv,         "em"sv,     "embed"sv,  "h1"sv,     "h2"sv,   "h3"sv,
    "h4"sv,      "h5"sv,    "h6"sv,         "head"sv,   "hr"sv,     "i"sv,      "img"sv,  "li"sv,
    "listing"sv, "menu"sv,  "meta"sv,       "nobr"sv,   "ol"sv,     "p"sv,      "pre"sv,  "ruby"sv,
    "s"sv,       "small"sv, "span"sv,       "strong"sv, "strike"sv, "sub"sv,    "sup"sv,  "table"sv,
    "tt"sv,      "u"sv,     "ul"sv,         "var"sv};

// 13.2.4.2: the elements at which "has an element in scope" stops; an end
// tag does not close an element beyond one of them.
constexpr std::array scope_boundaries = {"applet"sv, "caption"sv, "html"sv,   "table"sv,   "td"sv,
                                         "th"sv,     "marquee"sv, "object"sv, "template"sv};

// Start tags that clear frameset-ok (13.2.6.4.7; so does text that is not
// white space, which this simulation does not see: docs/html.md).
constexpr std::array clear_frameset_ok = {
    "body"sv,    "button"sv, "li"sv,    "dd"sv,       "dt"sv,  "pre"sv,    "listing"sv, "applet"sv,
    "marquee"sv, "object"sv, "table"sv, "area"sv,     "br"sv,  "embed"sv,  "img"sv,     "image"sv,
    "keygen"sv,  "wbr"sv,    "hr"sv,    "textarea"sv, "xmp"sv, "iframe"sv, "select"sv};

// 13.2.6.4.7: "in body" drops these start tags (they are read only in the
// table modes).
constexpr std::array table_parts = {"caption"sv, "col"sv, "colgroup"sv, "tbody"sv, "td"sv,
                                    "tfoot"sv,   "th"sv,  "thead"sv,    "tr"sv};

// The names html_start and push read by name: a start tag of any other
// (span, a, div, most of them) takes the short way through html_start.
constexpr std::array named_in_start = {
    "head"sv,     "html"sv,    "body"sv,      "noframes"sv, "frameset"sv, "frame"sv,  "option"sv,
    "optgroup"sv, "select"sv,  "input"sv,     "keygen"sv,   "textarea"sv, "script"sv, "template"sv,
    "isindex"sv,  "form"sv,    "svg"sv,       "math"sv,     "title"sv,    "style"sv,  "xmp"sv,
    "iframe"sv,   "noembed"sv, "plaintext"sv, "image"sv,    "table"sv};

// What the lists above say of a name, looked up once per tag.
enum : std::uint8_t {
  f_void = 1,
  f_breakout = 2,
  f_scope_boundary = 4,
  f_clears_frameset_ok = 8,
  f_table_part = 16,
  f_named = 32,
};

constexpr name_key template_key = key_of("template");
// The names html_end reads by name (each up to 8 bytes: its key is it).
constexpr name_key form_key = key_of("form"), select_key = key_of("select"),
                   frameset_key = key_of("frameset"), body_key = key_of("body"),
                   html_key = key_of("html");
constexpr bool same_key(const name_key& a, const name_key& b) noexcept {
  return a.word == b.word && a.size == b.size;
}
constexpr name_key table_key = key_of("table");
constexpr name_key annotation_xml_key = key_of("annotation-xml");

// An open-addressed table of the names above, built once: a look-up costs
// a hash of the name's key and, mostly, one comparison of keys.
class flag_table {
 public:
  constexpr flag_table() {
    for (std::string_view n : void_elements) add(n, f_void);
    for (std::string_view n : breakout) add(n, f_breakout);
    for (std::string_view n : scope_boundaries) add(n, f_scope_boundary);
    for (std::string_view n : clear_frameset_ok) add(n, f_clears_frameset_ok);
    for (std::string_view n : table_parts) add(n, f_table_part);
    for (std::string_view n : named_in_start) add(n, f_named);
  }
  constexpr std::uint8_t operator()(const name_key& key, std::string_view name) const noexcept {
    for (std::size_t i = hash(key);; i = (i + 1) % size) {
      const entry& e = entries_[i];
      if (e.key.size == 0) return 0;
      if (e.key.word == key.word && e.key.size == key.size && (key.size <= 8 || e.name == name))
        return e.flags;
    }
  }

 private:
  static constexpr std::size_t size = 512;  // about five times the names
  struct entry {
    name_key key;
    std::string_view name;
    std::uint8_t flags = 0;
  };
  static constexpr std::size_t hash(const name_key& key) noexcept {
    return static_cast<std::size_t>(((key.word ^ key.size) * 0x9E3779B97F4A7C15u) >> 55);
  }
  constexpr void add(std::string_view name, std::uint8_t flag) noexcept {
    const name_key key = key_of(name);
    for (std::size_t i = hash(key);; i = (i + 1) % size) {
      entry& e = entries_[i];
      if (e.key.size == 0) {
        e.key = key;
        e.name = name;
      }
      if (e.name == name) {
        e.flags |= flag;
        return;
      }
    }
  }
  std::array<entry, size> entries_{};
};

constexpr flag_table flag_lookup;

std::uint8_t flags_of(const name_key& key, std::string_view name) noexcept {
  return name.empty() ? 0 : flag_lookup(key, name);
}

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

bool tree_builder::in_foreign_content() const noexcept {
  return !stack_.empty() && unnamed_ == 0 && stack_.back().ns != element_namespace::html;
}

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
[[gnu::always_inline]] inline void tree_builder::push(std::string_view name, const name_key& key,
                                                      element_namespace ns, const start_tag& tag,
                                                      std::uint8_t flags) {
  // (An HTML element is pushed with its flags; template and table are named.)
  if (ns == element_namespace::html && (flags & f_named) != 0) {
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
  f.scope_boundary = ns == element_namespace::html && (flags & f_scope_boundary) != 0;
  if (ns != element_namespace::html) foreign_frame(f, name, tag);
}

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

[[gnu::always_inline]] inline void tree_builder::pop() {
  if (unnamed_ != 0) {
    --unnamed_;
    return;
  }
  if (stack_.empty()) return;
  frame& top = stack_.back();
  if (top.ns == element_namespace::html && named(top, template_key, "template") &&
      templates_ != 0) {
    if (template_states_.size() == templates_) template_states_.pop_back();
    --templates_;
  }
  if (top.ns == element_namespace::html && named(top, table_key, "table") && tables_ != 0)
    --tables_;
  if (--top.count == 0) {
    if (top.key.size > 8) names_.resize(top.offset);
    stack_.pop_back();
  }
}

element_info tree_builder::start(const start_tag& tag, text_mode& mode) {
  mode = text_mode::data;
  const std::string_view name = tag.name;
  const name_key key = key_of(name);
  const std::uint8_t flags = flags_of(key, name);
  const bool html_node =
      stack_.empty() || unnamed_ != 0 || stack_.back().ns == element_namespace::html;
  if (html_node && (flags & f_named) == 0 && frameset_ == 0 &&
      !(select_ && templates_ <= select_templates_)) {
    // "Any other start tag" of "in body" (13.2.6.4.7), or one whose only
    // rules are those of its lists above, the current node an HTML element:
    // html_start's short way, here (most tags take it).
    element_info info;
    info.in_template = templates_ != 0;
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

// In a template, its first start tag decides whether its contents are a
// table's (13.2.6.4.18).
void tree_builder::first_in_template(std::uint8_t flags) noexcept {
  if (!template_states_.empty() && template_states_.back().mode == 0 && !stack_.empty() &&
      named(stack_.back(), template_key, "template"))
    template_states_.back().mode = (flags & f_table_part) != 0 ? 2 : 1;
}

// Whether a table is open where a table part would go: one opened inside
// the innermost template, or that template's contents read as a table's.
bool tree_builder::in_table() const noexcept {
  return template_states_.empty()
             ? tables_ != 0
             : tables_ > template_states_.back().tables || template_states_.back().mode == 2;
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

void tree_builder::end(std::string_view name) {
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
  const bool by_name = key.size <= 8 && (same_key(key, form_key) || same_key(key, select_key) ||
                                         same_key(key, frameset_key) || same_key(key, body_key) ||
                                         same_key(key, html_key) || same_key(key, template_key));
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
