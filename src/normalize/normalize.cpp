// Normalization and equivalence (urlkit/normalize.hpp; docs/guide.md,
// "Normalizing and comparing").
//
// One reader gives each component's normal form a byte at a time, from the
// view's own text: equivalent() runs two of them side by side, hash_equivalent()
// hashes what one gives, normalized() writes it.  So the three agree by
// construction, and the first two allocate nothing.  The scheme's own rules
// need only its name and urlkit/ports.hpp, not the scheme grammars.
#include "urlkit/normalize.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "urlkit/charset.hpp"
#include "urlkit/ports.hpp"

#include "urlkit/detail/ascii.hpp"

namespace urlkit {

namespace {

namespace cs = charset;

// RFC 1738 2.2: "characters that are not required to be encoded (including
// alphanumerics) may be encoded ... as long as they are not being used for a
// reserved purpose", so their escapes are the characters themselves.  Only
// letters, digits, "-", ".", "_" and "~" (draft E.2 made "~" unreserved):
// the draft's other marks "$!*'()," and "+" are left escaped, since "+" is a
// space in form data and later standards reserve the others (RFC 3986
// sub-delims), and an escaped reserved character never equals the character
// (RFC 1738 2.2: "encoding a character reserved for a particular scheme may
// change the semantics of a URL").
constexpr bool escape_decodes(unsigned char c) noexcept {
  return cs::is(cs::alpha | cs::digit, c) || c == '-' || c == '.' || c == '_' || c == '~';
}

constexpr char upper_hex(char c) noexcept {
  return c >= 'a' && c <= 'f' ? static_cast<char>(c - 'a' + 'A') : c;
}

enum class text_rule : std::uint8_t {
  as_written,  // the fragment: its meaning is the media type's (draft 3)
  scheme,      // lower case (RFC 1738 2.1)
  escapes,     // escape_decodes() decoded, other escapes' hex digits upper case
  host,        // escapes, then ASCII lower case (RFC 1738 3.1, RFC 1034 3.1)
  mailto,      // escapes; lower case in each address's domain (RFC 822 3.4.7)
};

// One component in its normal form, read a byte at a time: first `head_`
// (an IPv6 address as RFC 5952 writes it, or a first byte that must stay
// escaped), then `text_` by its rule, then `tail_` (the "]" of a literal).
class normal_text {
 public:
  // An absent component.
  normal_text() noexcept = default;
  normal_text(std::string_view text, text_rule rule) noexcept
      : text_(text), present_(text.data() != nullptr), rule_(rule) {
    if (rule_ == text_rule::mailto) start_address(0);
  }

  bool present() const noexcept { return present_; }

  // The next byte, or -1 at the end.
  int next() noexcept {
    if (head_at_ < head_size_) return static_cast<unsigned char>(head_[head_at_++]);
    if (pending_at_ < pending_size_) return static_cast<unsigned char>(pending_[pending_at_++]);
    if (at_ < text_.size()) return from_text();
    if (tail_ != 0) return static_cast<unsigned char>(std::exchange(tail_, '\0'));
    return -1;
  }

  // Writes `s` before the text (at most sizeof head_ bytes in all).
  void add_head(std::string_view s) noexcept {
    for (char c : s)
      if (head_size_ < sizeof head_) head_[head_size_++] = c;
  }
  // Starts the text at `from` (what is before it went into the head).
  void skip(std::size_t from) noexcept { at_ = from; }
  void set_tail(char c) noexcept { tail_ = c; }

 private:
  int from_text() noexcept {
    const std::size_t i = at_;
    char c = text_[i];
    if (rule_ == text_rule::as_written) {
      ++at_;
      return static_cast<unsigned char>(c);
    }
    if (rule_ == text_rule::scheme) {
      ++at_;
      return static_cast<unsigned char>(detail::ascii::lower(c));
    }
    const bool escape = cs::starts_with_escape(text_.substr(i));
    if (escape) {
      at_ += 3;
      const auto v = static_cast<unsigned char>(cs::hex_value(text_[i + 1]) * 16 +
                                                cs::hex_value(text_[i + 2]));
      if (!escape_decodes(v)) {
        after_lone_percent_ = 0;
        return escaped(upper_hex(text_[i + 1]), upper_hex(text_[i + 2]));
      }
      c = static_cast<char>(v);
    } else {
      ++at_;
      // A "," between mailto addresses (RFC 6068 2: to = addr-spec *("," addr-spec)).
      if (rule_ == text_rule::mailto && c == ',') start_address(at_);
    }
    if (rule_ == text_rule::host ||
        (rule_ == text_rule::mailto && i >= domain_from_ && i < address_end_))
      c = detail::ascii::lower(c);
    // A "%" that starts no escape is kept as it is (lenient mode, draft
    // 2.3.3), and must not start one in the normal form: "%4%41" is "%", "4",
    // "A", never the "%4A" of "J".  After it and one hex digit, a second hex
    // digit is written escaped, however it was written ("%%341" too is
    // "%4%31"), so that one sequence of octets has one normal form.
    const bool hex = cs::is(cs::hex, c);
    if (after_lone_percent_ == 2 && hex) {
      after_lone_percent_ = 0;
      const auto u = static_cast<unsigned char>(c);
      return escaped(cs::hex_digit(u >> 4), cs::hex_digit(u));
    }
    if (!escape && c == '%')
      after_lone_percent_ = 1;
    else
      after_lone_percent_ = after_lone_percent_ == 1 && hex ? 2 : 0;
    return static_cast<unsigned char>(c);
  }

  // "%" now, then the two hex digits.
  int escaped(char high, char low) noexcept {
    pending_[0] = high;
    pending_[1] = low;
    pending_at_ = 0;
    pending_size_ = 2;
    return '%';
  }

  // The domain of the mailto address starting at `from`: after its last "@"
  // (a quoted local part may hold one), up to the next ",".
  void start_address(std::size_t from) noexcept {
    address_end_ = text_.find(',', from);
    if (address_end_ == std::string_view::npos) address_end_ = text_.size();
    const std::size_t at = text_.substr(from, address_end_ - from).rfind('@');
    domain_from_ = at == std::string_view::npos ? address_end_ : from + at + 1;
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t domain_from_ = 0;
  std::size_t address_end_ = 0;
  bool present_ = false;
  text_rule rule_ = text_rule::as_written;
  std::uint8_t head_size_ = 0;
  std::uint8_t head_at_ = 0;
  std::uint8_t pending_size_ = 0;
  std::uint8_t pending_at_ = 0;
  std::uint8_t after_lone_percent_ = 0;  // 1: after a lone "%"; 2: and a hex digit
  char tail_ = '\0';
  char pending_[2] = {};
  char head_[48] = {};
};

// ---- IPv6 literals ----------------------------------------------------------

// The eight groups of an IPv6address that the parser has validated (RFC 3986
// 3.2.2: "::" for a run of zero groups, a dotted IPv4 address in the last 32
// bits); false for anything else, which is then compared as written.
bool read_ipv6(std::string_view s, std::uint16_t (&groups)[8]) noexcept {
  std::uint16_t head[8] = {};
  std::uint16_t tail[8] = {};
  int n_head = 0;
  int n_tail = 0;
  bool gap = false;
  auto push = [&](std::uint16_t g) {
    if (n_head + n_tail >= 8) return false;
    if (gap)
      tail[n_tail++] = g;
    else
      head[n_head++] = g;
    return true;
  };
  std::size_t i = 0;
  if (s.starts_with("::")) {
    gap = true;
    i = 2;
  }
  while (i < s.size()) {
    std::size_t j = i;
    unsigned v = 0;
    while (j < s.size() && j - i < 4 && cs::is(cs::hex, s[j]))
      v = v * 16 + static_cast<unsigned>(cs::hex_value(s[j++]));
    if (j < s.size() && s[j] == '.') {  // ls32 = IPv4address: the last two groups
      unsigned octets[4] = {};
      j = i;
      for (int k = 0; k < 4; ++k) {
        const std::size_t from = j;
        unsigned o = 0;
        while (j < s.size() && j - from < 3 && detail::ascii::is_digit(s[j]))
          o = o * 10 + static_cast<unsigned>(s[j++] - '0');
        if (j == from || o > 255) return false;
        octets[k] = o;
        if (k < 3) {
          if (j == s.size() || s[j] != '.') return false;
          ++j;
        }
      }
      if (j != s.size() || !push(static_cast<std::uint16_t>(octets[0] << 8 | octets[1])) ||
          !push(static_cast<std::uint16_t>(octets[2] << 8 | octets[3])))
        return false;
      i = j;
      break;
    }
    if (j == i || !push(static_cast<std::uint16_t>(v))) return false;
    i = j;
    if (i == s.size()) break;
    if (s[i] != ':') return false;
    if (i + 1 < s.size() && s[i + 1] == ':') {
      if (gap) return false;
      gap = true;
      i += 2;
      continue;
    }
    if (++i == s.size()) return false;
  }
  if (gap ? n_head + n_tail > 7 : n_head != 8) return false;
  for (int k = 0; k < 8; ++k) groups[k] = 0;
  for (int k = 0; k < n_head; ++k) groups[k] = head[k];
  for (int k = 0; k < n_tail; ++k) groups[8 - n_tail + k] = tail[k];
  return true;
}

char* put(char* out, std::string_view s) noexcept {
  for (char c : s) *out++ = c;
  return out;
}

char* put_decimal(char* out, unsigned v) noexcept {
  if (v >= 100) *out++ = static_cast<char>('0' + v / 100);
  if (v >= 10) *out++ = static_cast<char>('0' + v / 10 % 10);
  *out++ = static_cast<char>('0' + v % 10);
  return out;
}

// RFC 5952 4: hex digits in lower case without leading zeros (4.1, 4.3); "::"
// for the longest run of two or more zero groups, the first of equal runs
// (4.2); and, by 5, the last 32 bits in dotted decimal when the prefix says
// they are an IPv4 address (::ffff:0:0/96, IPv4-mapped, RFC 4291 2.5.5.2;
// ::ffff:0:0:0/96, IPv4-translated, RFC 2765 2.1).  At most 39 bytes.
char* write_rfc5952(const std::uint16_t (&g)[8], char* out) noexcept {
  const bool zeros4 = g[0] == 0 && g[1] == 0 && g[2] == 0 && g[3] == 0;
  const bool mapped = zeros4 && g[4] == 0 && g[5] == 0xFFFF;
  const bool translated = zeros4 && g[4] == 0xFFFF && g[5] == 0;
  if (mapped || translated) {
    out = put(out, translated ? "::ffff:0:" : "::ffff:");
    out = put_decimal(out, g[6] >> 8);
    *out++ = '.';
    out = put_decimal(out, g[6] & 0xFF);
    *out++ = '.';
    out = put_decimal(out, g[7] >> 8);
    *out++ = '.';
    return put_decimal(out, g[7] & 0xFF);
  }
  int best = -1;
  int best_size = 1;  // "::" never stands for one group (4.2.2)
  for (int i = 0; i < 8;) {
    if (g[i] != 0) {
      ++i;
      continue;
    }
    int j = i;
    while (j < 8 && g[j] == 0) ++j;
    if (j - i > best_size) {
      best = i;
      best_size = j - i;
    }
    i = j;
  }
  bool colon = false;
  for (int i = 0; i < 8;) {
    if (i == best) {
      out = put(out, "::");
      i += best_size;
      colon = false;
      continue;
    }
    if (colon) *out++ = ':';
    const unsigned v = g[i];
    bool digits = false;
    for (int shift = 12; shift >= 0; shift -= 4) {
      const unsigned d = v >> shift & 0xF;
      if (d == 0 && !digits && shift != 0) continue;
      digits = true;
      *out++ = "0123456789abcdef"[d];
    }
    colon = true;
    ++i;
  }
  return out;
}

// ---- the components ---------------------------------------------------------

// What the scheme and the whole reference decide once for all components.
struct reading {
  std::string_view port;  // the normal port; null data when there is none
  bool absolute_path = false;
  bool mailto = false;
  bool first_byte_escaped = false;  // see relative_path_guard()
  bool ignore_fragment = false;
};

// http's absent path is "/": RFC 1738 3.3 "If neither <path> nor
// <searchpart> is present, the "/" may also be omitted"; https (RFC 2818 2.4)
// and ws, wss (RFC 6455 3: "/" if the path is empty) share the rule.
bool absent_path_is_slash(const url_view& u) noexcept {
  return u.scheme_is("http") || u.scheme_is("https") || u.scheme_is("ws") || u.scheme_is("wss");
}

// Draft E.3: "port = *digit", an empty port meaning the scheme's default, and
// RFC 1738 3.x's default ports (urlkit/ports.hpp): both are no port.  A port
// is a number: leading zeros go.
std::string_view normal_port(const url_view& u) noexcept {
  if (!u.has_port()) return {};
  std::string_view digits = u.port();
  while (digits.size() > 1 && digits.front() == '0') digits.remove_prefix(1);
  if (digits.empty()) return {};
  if (u.has_scheme() && digits.size() <= 5) {
    unsigned n = 0;
    for (char c : digits) n = n * 10 + static_cast<unsigned>(c - '0');
    if (const auto d = default_port(u.scheme()); d && *d == n) return {};
  }
  return digits;
}

// A reference without a scheme, server or leading "/" whose first segment
// holds a ":" must not read as "scheme:" once escapes are decoded (draft 4.1:
// a scheme is recognized by a ":" "before any characters not allowed as part
// of a scheme name"): "%61b:c" is a relative path, "ab:c" a scheme.  When all
// before the ":" would be scheme characters, the first byte stays escaped in
// the normal form, however it was written.
bool relative_path_guard(const url_view& u) noexcept {
  if (u.has_scheme() || u.has_server() || u.absolute_path()) return false;
  const std::string_view path = u.encoded_path();
  const std::size_t colon = path.find(':');
  if (colon == std::string_view::npos || colon == 0 ||
      path.substr(0, colon).find('/') != std::string_view::npos)
    return false;
  for (std::size_t i = 0; i < colon;) {
    unsigned char c = static_cast<unsigned char>(path[i]);
    if (cs::starts_with_escape(path.substr(i))) {
      c = static_cast<unsigned char>(cs::hex_value(path[i + 1]) * 16 + cs::hex_value(path[i + 2]));
      if (!escape_decodes(c)) return false;
      i += 3;
    } else {
      ++i;
    }
    if (!cs::is(cs::scheme, c)) return false;
  }
  return true;
}

reading read_reference(const url_view& u, equivalence_options options) noexcept {
  reading r;
  r.port = normal_port(u);
  r.absolute_path =
      u.absolute_path() || (u.has_server() && u.encoded_path().empty() && absent_path_is_slash(u));
  r.mailto = u.scheme_is("mailto");
  r.first_byte_escaped = relative_path_guard(u);
  r.ignore_fragment = options.ignore_fragment;
  return r;
}

// The components, in the order they are written.
enum class part : std::uint8_t {
  scheme,
  server,  // presence only: "//"
  user,
  password,
  host,
  port,
  absolute_path,  // presence only: the "/" before the path
  path,
  params,
  query,
  fragment,
};
constexpr part parts[] = {part::scheme, part::server, part::user,          part::password,
                          part::host,   part::port,   part::absolute_path, part::path,
                          part::params, part::query,  part::fragment};

// A present component with nothing in it, for the presence-only parts.
constexpr std::string_view present_empty{""};

normal_text host_text(std::string_view host) noexcept {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    // IP-literal = "[" IPv6address [ "%25" ZoneID ] "]" (RFC 6874 2): the
    // address as RFC 5952 writes it, the zone by the escape rule, its case kept.
    const std::string_view inside = host.substr(1, host.size() - 2);
    const std::size_t zone = inside.find('%');
    std::uint16_t groups[8];
    if (read_ipv6(inside.substr(0, zone), groups)) {
      normal_text t(zone == std::string_view::npos ? present_empty : inside.substr(zone),
                    text_rule::escapes);
      char buffer[48];
      buffer[0] = '[';
      const char* end = write_rfc5952(groups, buffer + 1);
      t.add_head({buffer, static_cast<std::size_t>(end - buffer)});
      t.set_tail(']');
      return t;
    }
  }
  return {host, text_rule::host};
}

normal_text path_text(std::string_view path, const reading& r) noexcept {
  normal_text t(path, r.mailto ? text_rule::mailto : text_rule::escapes);
  if (r.first_byte_escaped && !path.empty()) {
    // The first byte as an escape, whether it was written escaped or not.
    const bool escaped = cs::starts_with_escape(path);
    const auto c =
        static_cast<unsigned char>(escaped ? cs::hex_value(path[1]) * 16 + cs::hex_value(path[2])
                                           : static_cast<unsigned char>(path[0]));
    const char e[3] = {'%', cs::hex_digit(c >> 4), cs::hex_digit(c)};
    t.add_head({e, 3});
    t.skip(escaped ? 3 : 1);
  }
  return t;
}

normal_text text_of(const url_view& u, const reading& r, part p) noexcept {
  switch (p) {
    case part::scheme:
      return {u.scheme(), text_rule::scheme};
    case part::server:
      return u.has_server() ? normal_text(present_empty, text_rule::as_written) : normal_text();
    case part::user:
      return {u.encoded_user(), text_rule::escapes};
    case part::password:
      return {u.encoded_password(), text_rule::escapes};
    case part::host:
      return u.has_host() ? host_text(u.encoded_host()) : normal_text();
    case part::port:
      return {r.port, text_rule::as_written};
    case part::absolute_path:
      return r.absolute_path ? normal_text(present_empty, text_rule::as_written) : normal_text();
    case part::path:
      return path_text(u.encoded_path(), r);
    case part::params:
      return {u.encoded_params(), text_rule::escapes};
    case part::query:
      return {u.encoded_query(), text_rule::escapes};
    case part::fragment:
      return r.ignore_fragment ? normal_text()
                               : normal_text(u.encoded_fragment(), text_rule::as_written);
  }
  return {};
}

}  // namespace

bool equivalent(const url_view& a, const url_view& b, equivalence_options options) noexcept {
  const reading ra = read_reference(a, options);
  const reading rb = read_reference(b, options);
  for (part p : parts) {
    normal_text x = text_of(a, ra, p);
    normal_text y = text_of(b, rb, p);
    if (x.present() != y.present()) return false;
    for (;;) {
      const int c = x.next();
      if (c != y.next()) return false;
      if (c < 0) break;
    }
  }
  return true;
}

std::size_t hash_equivalent(const url_view& u, equivalence_options options) noexcept {
  // FNV-1a over each component's normal form, preceded by whether it is
  // present and followed by its length, so that the hash tells components
  // apart as equivalent() does.
  std::uint64_t h = 14695981039346656037ull;
  auto mix = [&h](unsigned char c) {
    h ^= c;
    h *= 1099511628211ull;
  };
  const reading r = read_reference(u, options);
  for (part p : parts) {
    normal_text t = text_of(u, r, p);
    mix(t.present() ? 1 : 0);
    std::uint32_t n = 0;
    for (int c = t.next(); c >= 0; c = t.next(), ++n) mix(static_cast<unsigned char>(c));
    for (int i = 0; i < 4; ++i) mix(static_cast<unsigned char>(n >> (8 * i)));
  }
  return static_cast<std::size_t>(h);
}

result<url> normalized(const url_view& u, equivalence_options options) {
  const reading r = read_reference(u, options);
  std::string s;
  s.reserve(u.size() + 8);
  auto put_part = [&](part p) {
    normal_text t = text_of(u, r, p);
    for (int c = t.next(); c >= 0; c = t.next()) s.push_back(static_cast<char>(c));
    return t.present();
  };
  // As url_view::write() recomposes (draft 6, step 7).
  if (put_part(part::scheme)) s.push_back(':');
  if (u.has_server()) {
    s += "//";
    if (u.has_user()) {
      put_part(part::user);
      if (u.has_password()) {
        s.push_back(':');
        put_part(part::password);
      }
      s.push_back('@');
    }
    put_part(part::host);
    if (r.port.data() != nullptr) {
      s.push_back(':');
      put_part(part::port);
    }
  }
  if (r.absolute_path) s.push_back('/');
  put_part(part::path);
  if (u.has_params()) {
    s.push_back(';');
    put_part(part::params);
  }
  if (u.has_query()) {
    s.push_back('?');
    put_part(part::query);
  }
  if (u.has_fragment() && !r.ignore_fragment) {
    s.push_back('#');
    put_part(part::fragment);
  }
  // Parsed again as `u` was: normalizing adds no character that a parse in
  // u's mode refuses, and a lenient view may hold excluded characters only
  // when it was parsed with accept_excluded (url_view does not say).
  parse_options again;
  again.mode = u.parsed_mode();
  again.accept_excluded = u.parsed_mode() == mode::lenient;
  return url::parse(s, again);
}

result<void> url::normalize() {
  auto n = normalized(view_);
  if (!n) return n.error();
  *this = std::move(*n);
  return {};
}

}  // namespace urlkit
