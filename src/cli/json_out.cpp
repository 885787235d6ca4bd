#include "json_out.hpp"

#include <algorithm>
#include <charconv>

#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include "urlkit/charset.hpp"

namespace urlkit::cli::json {
namespace {

constexpr char hex_digits[] = "0123456789abcdef";

// A control character, as JSON requires (RFC 8259 7).
void escape_byte(std::string& out, unsigned char c) {
  const char esc[6] = {'\\', 'u', '0', '0', hex_digits[c >> 4], hex_digits[c & 15]};
  out.append(esc, 6);
}

void percent_byte(std::string& out, unsigned char c) {
  const char esc[3] = {'%', urlkit::charset::hex_digit(c >> 4), urlkit::charset::hex_digit(c)};
  out.append(esc, 3);
}

// Length of the well-formed UTF-8 sequence at s[i] (Unicode table 3-7: no
// overlong forms, no surrogates, nothing above U+10FFFF), or 0 when the
// bytes there are not one.
std::size_t utf8_sequence(std::string_view s, std::size_t i) {
  auto at = [&](std::size_t k) -> unsigned {
    return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0x100;
  };
  auto cont = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) {
    unsigned b = at(k);
    return b >= lo && b <= hi;
  };
  unsigned b0 = at(0);
  if (b0 >= 0xC2 && b0 <= 0xDF) return cont(1) ? 2 : 0;
  if (b0 == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
  if ((b0 >= 0xE1 && b0 <= 0xEC) || b0 == 0xEE || b0 == 0xEF) return cont(1) && cont(2) ? 3 : 0;
  if (b0 == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
  if (b0 == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b0 >= 0xF1 && b0 <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (b0 == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

}  // namespace

namespace detail {

byte_state& bytes() noexcept {
  thread_local byte_state state;
  return state;
}

void mark_percent_escaped(std::string& out, std::size_t start) {
  constexpr std::string_view member = "\"percent_escaped\":true";
  const bool empty = out.size() > start + 1 && out[start + 1] == '}';
  out.insert(start + 1, empty ? std::string(member) : std::string(member) + ',');
}

}  // namespace detail

void write_string(std::string& out, std::string_view s) {
  detail::byte_state& st = detail::bytes();
  out.reserve(out.size() + s.size() + 2);
  out.push_back('"');
  std::size_t i = 0;
  while (i < s.size()) {
    // Copy the longest run that needs no escaping in one go (the common case).
    std::size_t run = i;
    while (run < s.size()) {
      unsigned char c = static_cast<unsigned char>(s[run]);
      if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80 || (c == '%' && st.percent)) break;
      ++run;
    }
    out.append(s.data() + i, run - i);
    i = run;
    if (i == s.size()) break;
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      if (std::size_t n = utf8_sequence(s, i)) {
        out.append(s.data() + i, n);
        i += n;
      } else {
        // Not UTF-8: only the percent-escaped writing can carry it (the
        // first writing is thrown away; the byte is a placeholder there).
        st.saw_invalid = true;
        percent_byte(out, c);
        ++i;
      }
      continue;
    }
    if (c == '%') {  // percent-escaped writing only
      percent_byte(out, c);
      ++i;
      continue;
    }
    switch (c) {
      case '"':
        out.append("\\\"");
        break;
      case '\\':
        out.append("\\\\");
        break;
      case '\b':
        out.append("\\b");
        break;
      case '\f':
        out.append("\\f");
        break;
      case '\n':
        out.append("\\n");
        break;
      case '\r':
        out.append("\\r");
        break;
      case '\t':
        out.append("\\t");
        break;
      default:
        escape_byte(out, c);
        break;
    }
    ++i;
  }
  out.push_back('"');
}

void write_value(std::string& out, const boost::json::value& v) {
  switch (v.kind()) {
    case boost::json::kind::string: {
      const auto& s = v.get_string();
      write_string(out, std::string_view(s.data(), s.size()));
      break;
    }
    case boost::json::kind::array: {
      out.push_back('[');
      bool first = true;
      for (const auto& e : v.get_array()) {
        if (!first) out.push_back(',');
        first = false;
        write_value(out, e);
      }
      out.push_back(']');
      break;
    }
    case boost::json::kind::object: {
      out.push_back('{');
      bool first = true;
      for (const auto& m : v.get_object()) {
        if (!first) out.push_back(',');
        first = false;
        write_string(out, std::string_view(m.key().data(), m.key().size()));
        out.push_back(':');
        write_value(out, m.value());
      }
      out.push_back('}');
      break;
    }
    default:
      // null, bool and numbers hold no bytes of the input.
      out.append(boost::json::serialize(v));
      break;
  }
}

void object_writer::number(std::string_view key, std::uint64_t value) {
  write_key(key);
  char tmp[24];
  auto r = std::to_chars(tmp, tmp + sizeof tmp, value);
  out_.append(tmp, r.ptr);
}

void write_warnings(object_writer& o, std::span<const urlkit::warning> warnings,
                    std::size_t not_listed, const urlkit::masked_text* shown) {
  std::string& w = o.raw("warnings");
  w.push_back('[');
  for (std::size_t i = 0; i < warnings.size(); ++i) {
    if (i) w.push_back(',');
    object_writer wo(w);
    wo.string("code", urlkit::to_string(warnings[i].code));
    wo.number("offset", warnings[i].offset);
    if (shown) wo.number("shown_offset", shown->map(warnings[i].offset));
    wo.string("message", warnings[i].message());
    wo.close();
  }
  w.push_back(']');
  // Only when the list is cut short, so that the usual object keeps its keys.
  if (not_listed > 0) o.number("warnings_not_listed", not_listed);
}

void write_error(std::string& out, const urlkit::error& e, const urlkit::masked_text& shown) {
  object_writer o(out);
  o.string("code", urlkit::to_string(e.code));
  o.number("offset", e.offset);
  o.number("shown_offset", shown.map(e.offset));
  o.string("message", e.message());
  o.close();
}

void warning_list::settle(std::size_t shift) {
  for (auto& w : items) w.offset += shift;
  std::stable_sort(items.begin(), items.end(),
                   [](const auto& a, const auto& b) { return a.offset < b.offset; });
}

}  // namespace urlkit::cli::json
