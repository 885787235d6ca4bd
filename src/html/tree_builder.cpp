// The tree construction, simulated (tree_builder.hpp).  Section numbers are
// WHATWG HTML's, 13.2.6.
#include "tree_builder.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <initializer_list>
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
    // (Special: foreignObject and desc, in the list of the parser of the
    // time, gumbo 0.10.1's; HTML now adds title.)
    if (name == "foreignobject" || name == "desc") f.flags |= f_special;
  } else if (f.ns == element_namespace::mathml) {
    f.mathml_text = name == "mi" || name == "mo" || name == "mn" || name == "ms" || name == "mtext";
    if (f.mathml_text || name == "annotation-xml") f.flags |= f_special;
    if (name == "annotation-xml") {
      const std::string_view encoding = attribute_value(tag, "encoding");
      f.html_integration = urlkit::detail::ascii::iequals(encoding, "text/html") ||
                           urlkit::detail::ascii::iequals(encoding, "application/xhtml+xml");
    }
  }
}

// The start tags start() does not take the short way: foreign content,
// and the tags HTML's rules read by name.
element_info tree_builder::start_other(const start_tag& tag, std::string_view name,
                                       const name_key& key, tree_names::flag_set flags,
                                       text_mode& mode, bool html_node) {
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
           !stack_.back().html_integration && !stack_.back().mathml_text)
      pop_entry();
  }
  return html_start(tag, name, key, flags, mode);
}

element_info tree_builder::html_start(const start_tag& tag, std::string_view name,
                                      const name_key& key, tree_names::flag_set flags,
                                      text_mode& mode) {
  element_info info;
  info.in_template = templates_ != 0;
  if ((flags & (f_named | f_table_part)) == 0 && frameset_ == 0 && !in_select() && plain_mode()) {
    // "Any other start tag" of "in body" (13.2.6.4.7), or one whose only
    // rules are those of its lists above: what the long way below does
    // for it, without asking for each name it knows.
    info.name = name;
    head_seen_ = true;
    if ((flags & f_clears_frameset_ok) != 0) frameset_ok_ = false;
    if ((flags & f_closes_p) != 0 && (p_open_ != 0 || key.size == 2)) close_before(name, key);
    body_push(name, key, tag, flags);
    return info;
  }
  info.name = name == "image" ? std::string_view("img") : name;  // 13.2.6.4.7, "image"

  // A template's first start tag (the tags of "in head" aside) chooses how
  // its contents are read, before the tag is read in that mode.
  if (frameset_ == 0 && insertion_mode() == insertion::in_template) choose_template_mode(name);

  // A HEAD tag once the head has begun (implied by any tag but HTML, or by
  // text, before it: 13.2.6.4.2) is dropped.
  const bool head_begun = head_seen_;
  if (name != "html") head_seen_ = true;
  if (name == "head" && head_begun) {
    info.element = false;
    return info;
  }

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
  if (in_select()) {
    if (select_in_table_ &&
        (name == "caption" || name == "table" || name == "tbody" || name == "tfoot" ||
         name == "thead" || name == "tr" || name == "td" || name == "th")) {
      // "in select in table" (13.2.6.4.17): the select closes, and the tag
      // is read again in the mode that is current then.
      close_select();
    } else if (name == "html") {
      if (info.in_template) info.element = false;  // as "in body" reads it
      return info;
    } else if (name == "option" || name == "optgroup") {
      // An OPTION closes the current OPTION; an OPTGROUP, the current
      // OPTION and then OPTGROUP.
      const auto current = [&](std::string_view n) {
        return !stack_.empty() && unnamed_ == 0 && named(stack_.back(), key_of(n), n);
      };
      if (current("option")) pop();
      if (name == "optgroup" && current("optgroup")) pop();
      push(name, key, element_namespace::html, tag, flags);
      return info;
    } else if (name == "select") {
      close_select();  // "as if an end tag": the select closes, the tag is dropped
      info.element = false;
      return info;
    } else if (name == "input" || name == "keygen" || name == "textarea") {
      close_select();
    } else if (name != "script" && name != "template") {
      info.element = false;
      return info;
    }
  }

  // The table modes read table parts (HTML drops them elsewhere), and close
  // what a TABLE start tag or a part implies.
  if (table_start(tag, name, flags, info)) return info;

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
  if ((flags & f_table_part) != 0) {
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
    const insertion m = insertion_mode();
    select_in_table_ = m == insertion::table || m == insertion::caption || m == insertion::tbody ||
                       m == insertion::row || m == insertion::cell;
  }
  if (name == "svg" || name == "math") {
    reconstruct();
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
  if ((flags & f_closes_p) != 0 && (p_open_ != 0 || key.size == 2)) close_before(name, key);
  if (unnamed_ == 0 && !stack_.empty()) {
    const frame& top = stack_.back();
    if ((name == "option" || name == "optgroup") && top.ns == element_namespace::html &&
        named(top, option_key, "option")) {
      // 13.2.6.4.7, "optgroup", "option": an OPTION that is the current
      // node closes first (outside "in select", which reads them itself).
      pop();
    } else if (name == "button") {
      // 13.2.6.4.7, "button": a BUTTON in scope closes first, with the
      // elements opened in it (the implied ends, then up to the button).
      if (const std::size_t at = in_scope_at(button_key, "button")) {
        while (stack_.size() > at) pop_entry();
        pop();
      }
    } else if ((name == "rb" || name == "rtc" || name == "rp" || name == "rt") &&
               in_scope_at(ruby_key, "ruby") != 0) {
      // 13.2.6.4.7, "rb", "rtc"; "rp", "rt": with a RUBY in scope, the
      // elements whose end tags may be left out close first ("generate
      // implied end tags"), but an RTC for an RP or an RT.
      const bool keep_rtc = name == "rp" || name == "rt";
      while (unnamed_ == 0 && !stack_.empty() && implied_end(stack_.back()) &&
             !(keep_rtc && named(stack_.back(), rtc_key, "rtc")))
        pop();
    }
  }
  body_push(name, key, tag, flags);
  return info;
}

// ---- The table modes (13.2.6.4.9 to .15, .17, .18) ----------------------

std::uint8_t tree_builder::kind_of(std::string_view name) noexcept {
  if (name == "table") return k_table;
  if (name == "template") return k_template;
  if (name == "tr") return k_tr;
  if (name == "td") return k_td;
  if (name == "th") return k_th;
  if (name == "tbody") return k_tbody;
  if (name == "thead") return k_thead;
  if (name == "tfoot") return k_tfoot;
  if (name == "caption") return k_caption;
  if (name == "colgroup") return k_colgroup;
  return k_none;
}

void tree_builder::choose_template_mode(std::string_view name) noexcept {
  // 13.2.6.4.18: the tags "in head" reads leave the choice to the next one.
  if (name == "base" || name == "basefont" || name == "bgsound" || name == "link" ||
      name == "meta" || name == "noframes" || name == "script" || name == "style" ||
      name == "template" || name == "title")
    return;
  insertion m = insertion::body;
  if (name == "caption" || name == "colgroup" || name == "tbody" || name == "tfoot" ||
      name == "thead")
    m = insertion::table;
  else if (name == "col")
    m = insertion::colgroup;
  else if (name == "tr")
    m = insertion::tbody;
  else if (name == "td" || name == "th")
    m = insertion::row;
  template_states_.back().mode = m;
}

bool tree_builder::in_table_scope(unsigned kinds) const noexcept {
  // (Only the entries of a kind can be a target or a boundary: table scope
  // stops at HTML, TABLE and TEMPLATE.)
  for (std::size_t i = marks_.size(); i > 0; --i) {
    const std::uint8_t k = stack_[marks_[i - 1]].kind;
    if ((bit(k) & kinds) != 0) return true;
    if (k == k_table || k == k_template) return false;
  }
  return false;
}

void tree_builder::pop_entry() {
  for (std::uint64_t n = stack_.back().count; n > 0; --n) pop();
}

void tree_builder::pop_until(unsigned kinds) {
  for (std::size_t i = marks_.size(); i > 0; --i) {
    const std::uint32_t at = marks_[i - 1];
    if ((bit(stack_[at].kind) & kinds) == 0) continue;
    while (stack_.size() > at) pop_entry();
    return;
  }
}

void tree_builder::clear_to(unsigned kinds) {
  while (!stack_.empty() && (bit(stack_.back().kind) & kinds) == 0) pop_entry();
}

void tree_builder::form_end() {
  form_ = false;
  if (unnamed_ != 0) {
    pop();  // past max_depth: the innermost element, whatever its name
    return;
  }
  for (std::size_t i = stack_.size(); i > 0; --i) {
    frame& f = stack_[i - 1];
    if (f.ns == element_namespace::html && named(f, form_key, "form")) {
      // "Generate implied end tags" first: the elements whose end tags
      // HTML may leave out (an open OPTION, LI, P...) close.
      while (stack_.size() > i && implied_end(stack_.back())) pop_entry();
      if (--stack_[i - 1].count != 0) return;
      // (A form's name is its key: names_ holds nothing of it.)
      stack_.erase(stack_.begin() + static_cast<std::ptrdiff_t>(i - 1));
      for (std::uint32_t& m : marks_)
        if (m >= i) --m;
      return;
    }
    if ((f.ns == element_namespace::html && f.scope_boundary()) || f.html_integration ||
        f.mathml_text)
      return;  // not in scope
  }
}

std::string_view tree_builder::name_of(const name_key& key, std::array<char, 8>& out) noexcept {
  // (key_of: bytes [0, 4) and [size - 4, size) for 4 bytes or more; else
  // the first, the middle and the last.)
  const std::size_t n = key.size;
  if (n >= 4) {
    for (std::size_t i = 0; i < 4; ++i) {
      out[i] = static_cast<char>(key.word >> (8 * i));
      out[n - 4 + i] = static_cast<char>(key.word >> (32 + 8 * i));
    }
  } else if (n > 0) {
    out[0] = static_cast<char>(key.word);
    out[n / 2] = static_cast<char>(key.word >> 8);
    out[n - 1] = static_cast<char>(key.word >> 16);
  }
  return {out.data(), n};
}

std::uint64_t tree_builder::quick_hash(std::string_view s) noexcept {
  // FNV-1a over 8 bytes at a time.
  std::uint64_t h = 0xCBF29CE484222325u ^ s.size();
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = (h ^ w) * 0x100000001B3u;
  }
  for (; i < s.size(); ++i) h = (h ^ static_cast<unsigned char>(s[i])) * 0x100000001B3u;
  return h;
}

bool tree_builder::head_start(std::string_view name) {
  if (frameset_ != 0 || templates_ != 0) return false;  // (a template's contents are no head's)
  const auto any = [&](std::initializer_list<std::string_view> names) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  if (head_noscript_) {
    if (any({"basefont", "bgsound", "link", "meta", "noframes", "style", "html"})) return false;
    if (any({"head", "noscript"})) return true;
    end_head_noscript();  // anything else closes it, and is read "in head"
  }
  if (any({"html", "head", "base", "basefont", "bgsound", "link", "meta", "title", "noscript",
           "noframes", "style", "script", "template"})) {
    if (name == "noscript") head_noscript_ = true;  // (pushed as any element)
    return false;
  }
  end_head();  // a tag of the body
  return false;
}

void tree_builder::end_head_noscript() {
  head_noscript_ = false;
  if (unnamed_ != 0) {
    pop();
    return;
  }
  for (std::size_t i = stack_.size(); i > 0; --i) {
    if (stack_[i - 1].ns != element_namespace::html ||
        !named(stack_[i - 1], key_of("noscript"), "noscript"))
      continue;
    while (stack_.size() > i) pop_entry();
    pop();
    return;
  }
}

void tree_builder::end_head() {
  if (head_noscript_) end_head_noscript();
  in_head_ = false;
  head_seen_ = true;
  // The HEAD element, if a tag made it, closes (13.2.6.4.4).
  if (!stack_.empty() && unnamed_ == 0 && stack_.back().ns == element_namespace::html &&
      named(stack_.back(), key_of("head"), "head"))
    pop();
}

bool tree_builder::implied_end(const frame& f) const noexcept {
  // 13.2.6.3: dd, dt, li, optgroup, option, p, rb, rp, rt, rtc.
  if (f.ns != element_namespace::html || f.key.size > 8) return false;
  const std::string_view names[] = {"dd", "dt", "li", "optgroup", "option",
                                    "p",  "rb", "rp", "rt",       "rtc"};
  for (const std::string_view n : names)
    if (named(f, key_of(n), n)) return true;
  return false;
}

void tree_builder::close_select() {
  select_ = false;
  if (unnamed_ != 0) return;
  for (std::size_t i = stack_.size(); i > 0; --i) {
    const frame& f = stack_[i - 1];
    if (f.ns != element_namespace::html || !named(f, select_key, "select")) continue;
    while (stack_.size() >= i) pop_entry();
    return;
  }
}

void tree_builder::select_after_template() noexcept {
  if (unnamed_ != 0) return;
  for (std::size_t i = stack_.size(); i > 0; --i) {
    const frame& f = stack_[i - 1];
    if (f.ns != element_namespace::html) continue;
    if (f.kind != k_none) return;  // a template's mode, or a table's
    if (!named(f, select_key, "select")) continue;
    select_ = true;
    select_templates_ = templates_;
    // "in select in table" when a TABLE comes below it before any TEMPLATE
    // (marks_: tables, templates and parts, innermost last).
    select_in_table_ = false;
    for (std::size_t k = marks_.size(); k > 0; --k) {
      const std::uint8_t kind = stack_[marks_[k - 1]].kind;
      if (marks_[k - 1] < i - 1 && (kind == k_template || kind == k_table)) {
        select_in_table_ = kind == k_table;
        return;
      }
    }
    return;
  }
}

void tree_builder::push_implied(std::string_view name, const start_tag& tag) {
  const name_key key = key_of(name);
  push(name, key, element_namespace::html, tag, flags_of(key, name));
}

std::size_t tree_builder::in_scope_at(const name_key& key, std::string_view name) const noexcept {
  if (unnamed_ != 0) return 0;
  for (std::size_t i = stack_.size(); i > 0; --i) {
    const frame& f = stack_[i - 1];
    const bool html = f.ns == element_namespace::html;
    if (html && named(f, key, name)) return i;
    // "Has an element in scope" (13.2.4.2) stops at these.
    if ((html && f.scope_boundary()) || f.html_integration || f.mathml_text) return 0;
  }
  return 0;
}

void tree_builder::close_before(std::string_view name, const name_key& key) {
  if (unnamed_ != 0) return;
  const bool li = same_key(key, li_key), dd_dt = same_key(key, dd_key) || same_key(key, dt_key);
  if (li || dd_dt) {
    // The innermost list item of its kind closes, unless a special
    // element other than ADDRESS, DIV and P comes first.
    for (std::size_t i = stack_.size(); i > 0; --i) {
      const frame& f = stack_[i - 1];
      if (!f.special()) continue;  // (list items are special too)
      const bool html = f.ns == element_namespace::html;
      if (html &&
          (li ? named(f, li_key, "li") : named(f, dd_key, "dd") || named(f, dt_key, "dt"))) {
        while (stack_.size() > i) pop_entry();
        pop();
        break;
      }
      if (!(html &&
            (named(f, address_key, "address") || named(f, div_key, "div") || named(f, p_key, "p"))))
        break;
    }
  }
  if (p_open_ != 0) {
    // A P in button scope closes, with all above it.
    for (std::size_t i = stack_.size(); i > 0; --i) {
      const frame& f = stack_[i - 1];
      const bool html = f.ns == element_namespace::html;
      if (html && named(f, p_key, "p")) {
        while (stack_.size() > i) pop_entry();
        pop();
        break;
      }
      if ((html && (f.scope_boundary() || named(f, button_key, "button"))) || f.html_integration ||
          f.mathml_text)
        break;
    }
  }
  // A heading closes the heading that is the current node.
  const auto is_heading = [](const name_key& k) {
    const std::uint64_t second = (k.word >> 8) & 0xFF;
    return k.size == 2 && (k.word & 0xFF) == 'h' && second >= '1' && second <= '6';
  };
  if (is_heading(key) && !stack_.empty() && stack_.back().ns == element_namespace::html &&
      is_heading(stack_.back().key))
    pop();
  (void)name;
}

tree_builder::formatting_entry* tree_builder::entry_of(std::uint64_t id) noexcept {
  if (id == 0) return nullptr;
  for (std::size_t i = formatting_.size(); i > 0; --i)
    if (formatting_[i - 1].id == id && !formatting_[i - 1].marker) return &formatting_[i - 1];
  return nullptr;
}

void tree_builder::erase_formatting(std::uint64_t id) noexcept {
  for (std::size_t i = formatting_.size(); i > 0; --i)
    if (formatting_[i - 1].id == id && !formatting_[i - 1].marker) {
      formatting_.erase(formatting_.begin() + static_cast<std::ptrdiff_t>(i - 1));
      return;
    }
}

void tree_builder::entry_closed(std::uint64_t id) noexcept {
  // (Mostly the last entry's: "<b>...</b>".)
  if (!formatting_.empty() && formatting_.back().id == id && !formatting_.back().marker) {
    formatting_.back().open = false;
    return;
  }
  if (formatting_entry* e = entry_of(id)) e->open = false;
}

void tree_builder::add_marker() {
  // (Markers go with open elements, as many as the stack holds.)
  if (unnamed_ != 0 || formatting_.size() >= max_depth) return;
  formatting_.emplace_back().marker = true;
}

void tree_builder::clear_to_marker() noexcept {
  while (!formatting_.empty()) {
    const bool marker = formatting_.back().marker;
    formatting_.pop_back();
    if (marker) return;
  }
}

void tree_builder::reconstruct() {
  if (!reconstruct_pending() || unnamed_ != 0) return;
  std::size_t i = formatting_.size() - 1;
  while (i > 0 && !formatting_[i - 1].marker && !formatting_[i - 1].open) --i;
  static const start_tag none;
  for (; i < formatting_.size(); ++i) {
    formatting_entry& e = formatting_[i];
    std::array<char, 8> bytes;
    const std::string_view name = name_of(e.key, bytes);
    push(name, e.key, element_namespace::html, none, flags_of(e.key, name));
    if (unnamed_ != 0) return;  // past max_depth (docs/html.md)
    e.id = ++last_entry_;
    e.open = true;
    stack_.back().entry = e.id;
  }
}

void tree_builder::formatting_start(std::string_view name, const name_key& key,
                                    const start_tag& tag, flag_set flags) {
  if (same_key(key, key_of("a")) && !formatting_.empty()) {
    // An A while one is in the list (since the last marker) closes it
    // first, as its end tag would, and takes it out of the list and the
    // stack.
    for (std::size_t i = formatting_.size(); i > 0 && !formatting_[i - 1].marker; --i) {
      if (!same_key(formatting_[i - 1].key, key)) continue;
      const std::uint64_t id = formatting_[i - 1].id;
      if (!adoption_end(name, key)) {
        // (Read as "any other end tag": nothing of it closes.)
      }
      erase_formatting(id);
      for (std::size_t k = stack_.size(); k > 0; --k)
        if (stack_[k - 1].entry == id) {
          erase_entry(k - 1);
          break;
        }
      break;
    }
  }
  if (same_key(key, key_of("a"))) {
    reconstruct();  // then the closed formatting elements reopen (13.2.6.4.7, "a")
  } else if (name == "nobr") {
    // A NOBR in scope closes first.
    for (std::size_t i = stack_.size(); i > 0 && unnamed_ == 0; --i) {
      const frame& f = stack_[i - 1];
      if (f.ns == element_namespace::html && named(f, key, name)) {
        adoption_end(name, key);
        reconstruct();
        break;
      }
      if ((f.ns == element_namespace::html && f.scope_boundary()) || f.html_integration ||
          f.mathml_text)
        break;
    }
  }
  push(name, key, element_namespace::html, tag, flags);
  if (unnamed_ != 0) return;
  // Its entry, the Noah's Ark clause first: a fourth entry since the last
  // marker of the same name and attributes drops the earliest.  (The
  // attributes are compared as written: by a hash of the tag's text after
  // its name.  An A is never compared: there is one at most since the last
  // marker, as above.)
  const bool a = same_key(key, key_of("a"));
  const std::uint64_t attributes =
      tag.names.empty() || a
          ? 0
          : quick_hash(tag.text.substr(std::min(tag.text.size(), name.size() + 1)));
  std::size_t same = 0, earliest = formatting_.size();
  for (std::size_t i = a ? 0 : formatting_.size(); i > 0 && !formatting_[i - 1].marker; --i) {
    const formatting_entry& e = formatting_[i - 1];
    if (same_key(e.key, key) && e.attributes == attributes) {
      ++same;
      earliest = i - 1;
    }
  }
  if (same >= 3) formatting_.erase(formatting_.begin() + static_cast<std::ptrdiff_t>(earliest));
  if (formatting_.size() >= max_formatting) return;  // no entry (docs/html.md)
  formatting_.push_back({key, attributes, ++last_entry_, false, true});
  stack_.back().entry = last_entry_;
}

void tree_builder::body_push(std::string_view name, const name_key& key, const start_tag& tag,
                             flag_set flags) {
  // (An A reopens them after it closes the open one: formatting_start.)
  const bool a = same_key(key, key_of("a"));
  if ((flags & f_no_reconstruct) == 0 && !a) reconstruct();
  if ((flags & f_formatting) != 0) {
    formatting_start(name, key, tag, flags);
    return;
  }
  if ((flags & f_void) == 0) push(name, key, element_namespace::html, tag, flags);
  if ((flags & f_marker) != 0) add_marker();
}

void tree_builder::erase_entry(std::size_t i) {
  // (A longer name's bytes stay in names_ until an entry below it is
  // popped: names_ is cut back to the offset of the entry popped.)
  if (stack_[i].kind != k_none) marks_.erase(std::find(marks_.begin(), marks_.end(), i));
  if (stack_[i].entry != 0) entry_closed(stack_[i].entry);
  stack_.erase(stack_.begin() + static_cast<std::ptrdiff_t>(i));
  for (std::uint32_t& m : marks_)
    if (m > i) --m;
}

bool tree_builder::adoption_end(std::string_view name, const name_key& key) {
  if (unnamed_ != 0) {
    pop();  // past max_depth: the innermost element, whatever its name
    return true;
  }
  if (!stack_.empty() && stack_.back().ns == element_namespace::html &&
      named(stack_.back(), key, name)) {
    // The current node of that name, the last entry: it closes, and leaves
    // the list ("<a href=x>y</a>", the common case, the outer loop's first
    // round with no furthest block).
    if (!formatting_.empty() && formatting_.back().id == stack_.back().entry &&
        stack_.back().entry != 0 && !formatting_.back().marker) {
      formatting_.pop_back();
      stack_.back().entry = 0;
      pop();
      return true;
    }
    // The current node of that name, not in the list: it closes.
    if (entry_of(stack_.back().entry) == nullptr) {
      pop();
      return true;
    }
  }
  // The outer loop, eight times at most.
  for (int round = 0; round < 8; ++round) {
    // The formatting element: the last entry of that name since the last
    // marker; none: "any other end tag".
    std::size_t at = formatting_.size();
    while (at > 0 && !formatting_[at - 1].marker && !same_key(formatting_[at - 1].key, key)) --at;
    if (at == 0 || formatting_[at - 1].marker) return round != 0;
    const std::uint64_t id = formatting_[at - 1].id;
    if (!formatting_[at - 1].open) {
      formatting_.erase(formatting_.begin() + static_cast<std::ptrdiff_t>(at - 1));
      return true;
    }
    std::size_t fe = stack_.size();
    for (std::size_t i = stack_.size(); i > 0; --i) {
      const frame& f = stack_[i - 1];
      if (f.entry == id) {
        fe = i - 1;
        break;
      }
      if ((f.ns == element_namespace::html && f.scope_boundary()) || f.html_integration ||
          f.mathml_text)
        return true;  // not in scope: dropped
    }
    if (fe == stack_.size()) return true;
    // The furthest block: the first special element above it.
    std::size_t fb = fe + 1;
    while (fb < stack_.size() && !stack_[fb].special()) ++fb;
    if (fb == stack_.size()) {
      // None: the formatting element closes, with all above it.
      while (stack_.size() > fe + 1) pop_entry();
      pop();
      erase_formatting(id);
      return true;
    }
    // The inner loop: of the elements between, those in the list among the
    // three nearest the furthest block stay (as their clones); the others
    // leave the stack, and past the third, the list.
    std::uint64_t position = 0;
    for (std::size_t i = fb - 1; i > fe; --i) {
      frame& f = stack_[i];
      position += f.count;
      if (f.entry != 0 && entry_of(f.entry) != nullptr) {
        if (position <= 3) continue;
        erase_formatting(f.entry);
      }
      erase_entry(i);
      --fb;
    }
    // The formatting element leaves the stack; its clone, with its entry,
    // goes right above the furthest block.
    frame clone = stack_[fe];
    clone.count = 1;
    erase_entry(fe);
    --fb;
    stack_.insert(stack_.begin() + static_cast<std::ptrdiff_t>(fb + 1), clone);
    for (std::uint32_t& m : marks_)
      if (m > fb) ++m;
    if (formatting_entry* e = entry_of(id)) e->open = true;
  }
  return true;
}

bool tree_builder::table_start(const start_tag& tag, std::string_view name,
                               tree_names::flag_set flags, element_info& info) {
  if (unnamed_ != 0) return false;  // past max_depth: "in body" (docs/html.md)
  const bool part = (flags & f_table_part) != 0;
  const auto dropped = [&info] {
    info.element = false;
    return true;
  };
  const auto made = [&] {
    push(name, key_of(name), element_namespace::html, tag, flags);
    if (name == "td" || name == "th" || name == "caption") add_marker();
    return true;
  };
  const bool section = name == "tbody" || name == "thead" || name == "tfoot";
  for (;;) {
    switch (insertion_mode()) {
      case insertion::body:
      case insertion::in_template:
        return false;
      case insertion::caption:  // 13.2.6.4.11
        if (!part) return false;
        if (!in_table_scope(bit(k_caption))) return dropped();
        pop_until(bit(k_caption));
        clear_to_marker();
        continue;
      case insertion::cell:  // 13.2.6.4.15: a part closes the cell
        if (!part) return false;
        if (!in_table_scope(cells)) return dropped();
        pop_until(cells);
        clear_to_marker();
        continue;
      case insertion::colgroup:  // 13.2.6.4.12
        if (name == "col") return true;
        if (name == "html" || name == "template") return false;
        if (stack_.back().kind != k_colgroup) return dropped();
        pop_entry();  // anything else closes the column group
        continue;
      case insertion::row:  // 13.2.6.4.14
        if (name == "td" || name == "th") {
          clear_to(table_row_context);
          return made();
        }
        if (part) {
          if (!in_table_scope(bit(k_tr))) return dropped();
          clear_to(table_row_context);
          pop_entry();
          continue;
        }
        break;
      case insertion::tbody:  // 13.2.6.4.13
        if (name == "tr") {
          clear_to(table_body_context);
          return made();
        }
        if (name == "td" || name == "th") {
          clear_to(table_body_context);
          push_implied("tr", tag);
          continue;
        }
        if (part) {
          if (!in_table_scope(sections)) return dropped();
          clear_to(table_body_context);
          pop_entry();
          continue;
        }
        break;
      case insertion::table:
        break;
    }
    // "in table" (13.2.6.4.9), also for the tags "in table body" and "in
    // row" read as it does.
    if (name == "caption" || name == "colgroup" || section) {
      clear_to(table_context);
      return made();
    }
    if (name == "col") {
      clear_to(table_context);
      push_implied("colgroup", tag);
      continue;
    }
    if (name == "tr" || name == "td" || name == "th") {
      clear_to(table_context);
      push_implied("tbody", tag);
      continue;
    }
    if (name == "table") {
      // The open table closes first (when there is one in table scope).
      if (!in_table_scope(bit(k_table))) return dropped();
      pop_until(bit(k_table));
      continue;
    }
    if (name == "form") {
      // Made and closed at once; none while one is, or a template, open.
      if (form_ || templates_ != 0) return dropped();
      form_ = true;
      return true;
    }
    return false;  // foster parented, read as "in body" reads it
  }
}

bool tree_builder::table_end(std::string_view name, tree_names::flag_set flags) {
  const bool table_name = (flags & f_table_part) != 0 || name == "table";
  const std::uint8_t kind = table_name ? kind_of(name) : std::uint8_t{k_none};
  if (in_select()) {
    // 13.2.6.4.16: "in select" reads these end tags, and drops the others.
    const auto current = [&](std::string_view n) {
      return !stack_.empty() && unnamed_ == 0 && named(stack_.back(), key_of(n), n);
    };
    if (name == "select") {
      close_select();
      return true;
    }
    if (name == "option") {
      if (current("option")) pop();
      return true;
    }
    if (name == "optgroup") {
      if (current("option") && stack_.size() >= 2 && stack_.back().count == 1 &&
          named(stack_[stack_.size() - 2], key_of("optgroup"), "optgroup"))
        pop();
      if (current("optgroup")) pop();
      return true;
    }
    if (name == "template") return false;
    // 13.2.6.4.17: in a table, its parts' end tags close the select first.
    if (!select_in_table_ || kind == k_none || kind == k_colgroup) return true;
    if (!in_table_scope(bit(kind))) return true;
    close_select();
  }
  if (unnamed_ != 0) return false;
  for (;;) {
    switch (insertion_mode()) {
      case insertion::body:
      case insertion::in_template:
        return false;
      case insertion::caption:  // 13.2.6.4.11
        if (kind == k_caption || kind == k_table) {
          if (!in_table_scope(bit(k_caption))) return true;
          pop_until(bit(k_caption));
          clear_to_marker();
          if (kind == k_table) continue;
          return true;
        }
        return table_name;   // the other parts' end tags are dropped
      case insertion::cell:  // 13.2.6.4.15
        if (kind == k_td || kind == k_th) {
          if (in_table_scope(bit(kind))) {
            pop_until(bit(kind));
            clear_to_marker();
          }
          return true;
        }
        if (kind == k_table || kind == k_tr || (bit(kind) & sections) != 0) {
          // The cell closes, and the end tag is read again.
          if (!in_table_scope(bit(kind))) return true;
          pop_until(cells);
          clear_to_marker();
          continue;
        }
        return table_name;
      case insertion::colgroup:  // 13.2.6.4.12
        if (name == "template") return false;
        if (name == "col" || stack_.back().kind != k_colgroup) return true;
        pop_entry();
        if (kind == k_colgroup) return true;
        continue;           // anything else closes the column group and is read again
      case insertion::row:  // 13.2.6.4.14
        if (kind == k_tr || kind == k_table || (bit(kind) & sections) != 0) {
          // (A section's end tag wants the section in scope too.)
          if (!in_table_scope(bit(k_tr)) ||
              ((bit(kind) & sections) != 0 && !in_table_scope(bit(kind))))
            return true;
          clear_to(table_row_context);
          pop_entry();
          if (kind == k_tr) return true;
          continue;
        }
        break;
      case insertion::tbody:  // 13.2.6.4.13
        if ((bit(kind) & sections) != 0 || kind == k_table) {
          if (!in_table_scope(kind == k_table ? sections : bit(kind))) return true;
          clear_to(table_body_context);
          pop_entry();
          if (kind == k_table) continue;
          return true;
        }
        break;
      case insertion::table:
        break;
    }
    // "in table" (13.2.6.4.9)
    if (kind == k_table) {
      if (in_table_scope(bit(k_table))) pop_until(bit(k_table));
      return true;
    }
    return table_name;  // the parts' end tags are dropped; the others read "in body"
  }
}

void tree_builder::characters(std::string_view bytes) noexcept {
  if (reconstruct_pending() && !in_select() && frameset_ == 0 && !in_head_) {
    // Text "in body" reopens the closed formatting elements; white space
    // in a table (not foster parented) does not.
    bool space = true;
    for (const char c : bytes)
      space &= c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
    const insertion m = insertion_mode();
    const bool table = m == insertion::table || m == insertion::tbody || m == insertion::row;
    if (!(table && space) && m != insertion::colgroup) reconstruct();
  }
  for (const char c : bytes) {
    if (c != '\t' && c != '\n' && c != '\f' && c != '\r' && c != ' ' && c != '\0') {
      if (in_head_) end_head();  // text begins the body
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
