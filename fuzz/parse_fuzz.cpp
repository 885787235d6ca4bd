// Fuzz target for the generic parser (draft-fielding-uri-url-00 sections 3, 4)
// and the escaping next to it (section 2.3).  Not crashing is not enough: each
// parse must give its input back byte for byte, strict must accept a subset of
// what lenient accepts (with the same components), and lenient must warn about
// exactly what strict refuses; and normalization must be idempotent, equivalent
// to its input and hash as it does; and the blockwise readings of the parse
// (SSE2, AVX2) must give what the bytewise one gives.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/parse_reading.hpp"
#include "fuzz_check.hpp"
#include "urlkit/urlkit.hpp"

namespace {

using urlkit_fuzz::check;
using urlkit_fuzz::describe;
using urlkit_fuzz::fail;
using urlkit_fuzz::same_components;

namespace cs = urlkit::charset;

bool within(std::string_view outer, std::string_view part) {
  // Compared as integers: the pointers may belong to different objects.
  const auto b = reinterpret_cast<std::uintptr_t>(outer.data());
  const auto p = reinterpret_cast<std::uintptr_t>(part.data());
  return p >= b && p + part.size() <= b + outer.size();
}

std::size_t offset_in(std::string_view outer, std::string_view part) {
  return static_cast<std::size_t>(part.data() - outer.data());
}

bool has_escape_at(std::string_view s, std::size_t i) {
  return cs::starts_with_escape(s.substr(i));
}

// What a parse failure must look like: it points at or before the end, and
// the byte it names is the byte there.
void check_error(std::string_view input, const urlkit::error& e, const char* who) {
  check(e.code != urlkit::error_code::ok, input, who, {{"what", "failure with error_code::ok"}});
  check(e.offset <= input.size(), input, who, {{"what", "error offset past the end"}});
  if (e.has_byte) {
    check(e.offset < input.size() && static_cast<unsigned char>(input[e.offset]) == e.byte, input,
          who, {{"what", "error byte is not the byte at the error offset"}});
  }
  check(!e.message().empty(), input, who, {{"what", "empty error message"}});
}

// Bytes that no URL may contain, in either mode (draft 2.3.3).
bool never_allowed(unsigned char c) {
  return cs::is(cs::control | cs::space, c) || c == '<' || c == '>' || c == '"';
}

// Everything a successful parse promises about its view.
void check_view(std::string_view input, const urlkit::url_view& v, urlkit::mode m) {
  const std::string s = v.recompose();
  check(s == input, input, "recompose() gives the input back", {{"recompose", s}});
  check(v.size() == input.size(), input, "size() == input size");
  check(v.buffer() == input, input, "buffer() is the input");
  std::string written(v.size(), '\0');
  check(v.write(written.data()) == written.data() + written.size(), input,
        "write() writes size() bytes");
  check(written == input, input, "write() gives the input back", {{"written", written}});
  check(v.parsed_mode() == m, input, "parsed_mode() is the mode asked for");

  const std::string d = describe(v);
  // Every component is a slice of the input, or absent.
  for (std::string_view part :
       {v.scheme(), v.encoded_server(), v.encoded_user(), v.encoded_password(), v.encoded_host(),
        v.port(), v.encoded_path(), v.encoded_params(), v.encoded_query(), v.encoded_fragment()}) {
    if (part.data() != nullptr)
      check(within(input, part), input, "component lies within the input",
            {{"component", part}, {"view", d}});
  }

  // Presence follows the nesting of the grammar (draft 4.3.1).
  check(!v.has_password() || v.has_user(), input, "password implies user", {{"view", d}});
  check(!(v.has_user() || v.has_port()) || v.has_server(), input, "user/port imply server",
        {{"view", d}});
  check(v.has_host() == v.has_server(), input, "host is present exactly when the server is",
        {{"view", d}});

  if (v.has_scheme()) {
    check(!v.scheme().empty(), input, "scheme is non-empty", {{"view", d}});
    for (char c : v.scheme())
      check(cs::is(cs::scheme, c), input, "scheme is made of scheme characters", {{"view", d}});
    check(v.scheme_is(v.scheme()), input, "scheme_is(scheme())", {{"view", d}});
    std::string upper(v.scheme());
    for (char& c : upper)
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    check(v.scheme_is(upper), input, "scheme_is ignores case", {{"view", d}});
  }
  check(v.is_absolute() == v.has_scheme(), input, "is_absolute() == has_scheme()");

  if (v.has_port()) {
    for (char c : v.port()) check(cs::is(cs::digit, c), input, "port is digits", {{"view", d}});
    std::uint32_t expected = 0;
    bool above = false;
    for (char c : v.port()) {
      expected = expected * 10 + static_cast<std::uint32_t>(c - '0');
      if (expected > 65535) {
        above = true;
        break;
      }
    }
    const auto got = v.port_number();
    // Above 65535 is an error, never "no port"; an empty port is none.
    check(above ? !got && got.error().code == urlkit::error_code::port_out_of_range
                : got && got->has_value() == !v.port().empty() &&
                      (v.port().empty() || **got == expected),
          input, "port_number() matches the port digits", {{"view", d}});
  } else {
    check(v.port_number() && !v.port_number()->has_value(), input, "no port, no port_number()");
  }

  const bool same_doc = !v.has_scheme() && !v.has_server() && !v.absolute_path() &&
                        v.encoded_path().empty() && !v.has_params() && !v.has_query();
  check(v.is_same_document() == same_doc, input, "is_same_document() is \"\" or \"#frag\"",
        {{"view", d}});

  const std::string wf = v.without_fragment();
  const std::string_view expected_wf =
      v.has_fragment() && v.encoded_fragment().data() > input.data()
          ? input.substr(0, offset_in(input, v.encoded_fragment()) - 1)
          : input;
  check(wf == expected_wf, input, "without_fragment() is the input up to \"#\"",
        {{"without_fragment", wf}, {"view", d}});
  if (v.has_fragment())
    check(offset_in(input, v.encoded_fragment()) > 0 &&
              input[offset_in(input, v.encoded_fragment()) - 1] == '#',
          input, "fragment follows \"#\"", {{"view", d}});

  // Lenient mode warns about exactly what the strict grammar refuses, so a
  // strict view has none.
  if (m == urlkit::mode::strict)
    check(v.warning_count() == 0, input, "strict parse gives no warnings", {{"view", d}});

  // What the grammar lets through, byte by byte (draft 2.3.3): never the
  // excluded characters; in strict mode only urlchar, escapes, and one "#".
  std::size_t hashes = 0;
  for (std::size_t i = 0; i < input.size(); ++i) {
    const auto c = static_cast<unsigned char>(input[i]);
    check(!never_allowed(c), input, "a parsed URL has no space, control, <, > or \"",
          {{"view", d}});
    if (m != urlkit::mode::strict) continue;
    if (c == '#') {
      ++hashes;
    } else if (c == '%') {
      check(has_escape_at(input, i), input, "strict: every \"%\" starts an escape", {{"view", d}});
    } else {
      check(cs::is(cs::urlchar, c), input, "strict: only urlchar outside escapes", {{"view", d}});
    }
  }
  check(hashes <= 1, input, "strict: at most one \"#\"", {{"view", d}});
}

// decode() and friends, on a component the parser delimited.
void check_decode(std::string_view input, std::string_view part, bool strict_parsed) {
  const auto decoded = urlkit::decode(part);
  const urlkit::decode_report report = urlkit::scan_escapes(part);
  check(decoded.has_value(), input, "lenient decode of a parsed component succeeds",
        {{"component", part}});
  const std::size_t n = urlkit::decoded_size(part);
  check(decoded->size() == n && n <= part.size(), input, "decoded_size() is the decoded length",
        {{"component", part}});

  bool nul = false, cr = false, lf = false, bad = false;
  std::string expected;
  for (std::size_t i = 0; i < part.size(); ++i) {
    if (part[i] == '%' && has_escape_at(part, i)) {
      const auto c =
          static_cast<char>(cs::hex_value(part[i + 1]) * 16 + cs::hex_value(part[i + 2]));
      nul |= c == '\0';
      cr |= c == '\r';
      lf |= c == '\n';
      expected += c;
      i += 2;
    } else {
      bad |= part[i] == '%';
      expected += part[i];
    }
  }
  check(*decoded == expected, input, "decode() turns each escape into its octet",
        {{"component", part}, {"decoded", *decoded}});
  check(report.nul == nul && report.cr == cr && report.lf == lf && report.bad_escape == bad, input,
        "scan_escapes() says what decoding met", {{"component", part}});

  std::string buffer(n, '\0');
  const auto written = urlkit::decode_to(part, buffer);
  check(written.has_value() && *written == n && buffer == expected, input,
        "decode_to() into an exact buffer", {{"component", part}});
  if (n > 0) {
    const auto small = urlkit::decode_to(part, std::span<char>(buffer.data(), n - 1));
    check(!small && small.error().code == urlkit::error_code::buffer_too_small, input,
          "decode_to() into a short buffer is buffer_too_small", {{"component", part}});
  }

  const auto strict =
      urlkit::decode(part, {.strict = true, .reject_nul = true, .reject_crlf = true});
  check(strict.has_value() == !(bad || nul || cr || lf), input,
        "strict decode refuses exactly bad escapes, %00, %0D, %0A", {{"component", part}});
  if (strict_parsed) check(!bad, input, "a strict parse has no bad escape", {{"component", part}});
}

// encode() must produce only allowed bytes and escapes, and decode back.
void check_encode(std::string_view input, std::string_view text) {
  using urlkit::component;
  for (component c : {component::user, component::password, component::host,
                      component::path_segment, component::path, component::param, component::params,
                      component::query, component::fragment}) {
    const cs::mask allowed = urlkit::allowed_set(c);
    check(!cs::is(allowed, '%'), input, "\"%\" is never in an allowed set");
    const std::string e = urlkit::encode(text, c);
    check(e.size() == urlkit::encoded_size(text, c), input, "encoded_size() is the encoded length",
          {{"encoded", e}});
    std::string buffer(e.size(), '\0');
    check(urlkit::encode_to(text, c, buffer.data()) == buffer.data() + buffer.size() && buffer == e,
          input, "encode_to() writes what encode() returns", {{"encoded", e}});
    for (std::size_t i = 0; i < e.size(); ++i) {
      if (e[i] == '%') {
        const bool upper = i + 2 < e.size() && cs::is(cs::hex, e[i + 1]) &&
                           cs::is(cs::hex, e[i + 2]) && !(e[i + 1] >= 'a' && e[i + 1] <= 'f') &&
                           !(e[i + 2] >= 'a' && e[i + 2] <= 'f');
        check(upper, input, "encode() writes \"%\" upper-hex upper-hex", {{"encoded", e}});
        i += 2;
      } else {
        check(cs::is(allowed, e[i]), input, "encode() writes only allowed bytes", {{"encoded", e}});
      }
    }
    const auto back = urlkit::decode(e);
    check(back.has_value() && *back == text, input, "decode(encode(x)) == x", {{"encoded", e}});
  }
}

void check_url(std::string_view input, urlkit::mode m, const urlkit::url_view& v) {
  const auto u = urlkit::url::parse(input, urlkit::parse_options{.mode = m});
  check(u.has_value(), input, "url::parse succeeds where parse_reference does");
  auto owns = [&](const urlkit::url& x, const char* what) {
    check(x.buffer() == input, input, what, {{"buffer", x.buffer()}});
    check(x.view().buffer().data() == x.buffer().data() && x.view().buffer() == x.buffer(), input,
          what, {{"why", "the view does not point into the url's own buffer"}});
    if (!same_components(x.view(), v) || !(x.view() == v))
      fail(input, what, {{"view", describe(x.view())}, {"expected", describe(v)}});
  };
  owns(*u, "url::parse copies the reference");
  urlkit::url copy = *u;
  owns(copy, "url copy constructor");
  urlkit::url moved = std::move(copy);
  owns(moved, "url move constructor");
  urlkit::url assigned;
  assigned = moved;
  owns(assigned, "url copy assignment");
  urlkit::url move_assigned;
  move_assigned = std::move(assigned);
  owns(move_assigned, "url move assignment");
}

// Normalization (normalize.hpp): the normal form parses back in the view's
// mode, is its own normal form, is equivalent to the view and hashes as it
// does, with the fragment and without.
void check_normalize(std::string_view input, const urlkit::url_view& v) {
  for (const bool ignore : {false, true}) {
    const urlkit::equivalence_options o{ignore};
    check(urlkit::equivalent(v, v, o), input, "equivalent() is reflexive", {{"view", describe(v)}});
    const auto n = urlkit::normalized(v, o);
    if (!n) {
      check(n.error().code == urlkit::error_code::url_too_large, input, "normalized() parses back",
            {{"error", n.error().to_string()}, {"view", describe(v)}});
      continue;
    }
    const std::string_view normal = n->buffer();
    check(n->view().parsed_mode() == v.parsed_mode(), input, "normalized() keeps the mode",
          {{"normal", normal}});
    const auto again = urlkit::normalized(n->view(), o);
    check(again.has_value() && again->buffer() == normal, input, "normalized() is idempotent",
          {{"normal", normal}, {"again", again ? std::string_view(again->buffer()) : "(error)"}});
    check(urlkit::equivalent(v, n->view(), o) && urlkit::equivalent(n->view(), v, o), input,
          "equivalent(u, normalized(u))", {{"normal", normal}, {"view", describe(v)}});
    check(urlkit::hash_equivalent(v, o) == urlkit::hash_equivalent(n->view(), o), input,
          "hash_equivalent(u) == hash_equivalent(normalized(u))", {{"normal", normal}});
    if (ignore) check(!n->view().has_fragment(), input, "ignore_fragment drops the fragment");
  }
}

}  // namespace

// A parse written out whole: the view's components where they are in the
// input (absent or offset and size), its warning count, every warning the
// sink heard, or the error.
std::string outcome_of(std::string_view input, urlkit::mode m, bool excluded,
                       urlkit::grammar::structure::reading how) {
  std::string heard;
  auto sink = [&heard](const urlkit::warning& w) {
    heard += " w" + std::to_string(static_cast<int>(w.code)) + "@" + std::to_string(w.offset) +
             "r" + std::to_string(static_cast<int>(w.rule)) + "b" + std::to_string(w.byte) +
             (w.detail ? w.detail : "");
  };
  urlkit::parse_options o;
  o.mode = m;
  o.accept_excluded = excluded;
  o.on_warning = urlkit::make_warning_sink(sink);
  const auto r = urlkit::detail::parse_reference_reading(input, o, how);
  if (!r) {
    const urlkit::error& e = r.error();
    return "error " + e.to_string() + " @" + std::to_string(e.offset) + " r" +
           std::to_string(static_cast<int>(e.rule)) + " b" + std::to_string(e.byte) +
           (e.has_byte ? "+" : "-") + heard;
  }
  std::string out;
  for (std::string_view part :
       {r->scheme(), r->encoded_server(), r->encoded_user(), r->encoded_password(),
        r->encoded_host(), r->port(), r->encoded_path(), r->encoded_params(), r->encoded_query(),
        r->encoded_fragment()}) {
    out += part.data() == nullptr
               ? std::string("- ")
               : std::to_string(offset_in(input, part)) + "+" + std::to_string(part.size()) + " ";
  }
  return out + (r->absolute_path() ? "abs" : "rel") + " count " +
         std::to_string(r->warning_count()) + heard;
}

// The blockwise readings (16 bytes with SSE2, 32 with AVX2: grammar/
// structure.hpp) give what the byte-at-a-time reading gives, in every mode.
void check_readings(std::string_view input) {
  using urlkit::grammar::structure::reading;
  for (const urlkit::mode m : {urlkit::mode::lenient, urlkit::mode::strict})
    for (const bool excluded : {false, true}) {
      const std::string bytes = outcome_of(input, m, excluded, reading::bytes);
      for (const reading how : {reading::sse2, reading::avx2, reading::automatic}) {
        const std::string other = outcome_of(input, m, excluded, how);
        if (other != bytes)
          fail(input, "the blockwise reading gives what the bytewise one gives",
               {{"reading", std::to_string(static_cast<int>(how))},
                {"mode", m == urlkit::mode::strict ? "strict" : "lenient"},
                {"accept_excluded", excluded ? "yes" : "no"},
                {"bytewise", bytes},
                {"blockwise", other}});
      }
    }
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);

  // The first byte picks which mode goes through the parse_options overload
  // (with a warning sink); the other mode uses the plain overload.  Both modes
  // always run: the cross-mode checks need them.
  const bool strict_first = size > 0 && (data[0] & 1) != 0;
  std::vector<urlkit::warning> sunk;
  auto sink = [&sunk](const urlkit::warning& w) { sunk.push_back(w); };
  urlkit::parse_options options;
  options.mode = strict_first ? urlkit::mode::strict : urlkit::mode::lenient;
  options.on_warning = urlkit::make_warning_sink(sink);

  const auto first = urlkit::parse_reference(input, options);
  const auto second =
      urlkit::parse_reference(input, strict_first ? urlkit::mode::lenient : urlkit::mode::strict);
  const auto& strict = strict_first ? first : second;
  const auto& lenient = strict_first ? second : first;

  // The sink hears every warning the view counts, each inside the input.
  if (first) {
    check(sunk.size() == first->warning_count(), input, "the sink gets warning_count() warnings");
    for (const urlkit::warning& w : sunk) {
      check(w.offset <= input.size(), input, "warning offset within the input");
      check(!w.message().empty(), input, "warning message is non-empty");
    }
  }

  if (lenient)
    check_view(input, *lenient, urlkit::mode::lenient);
  else
    check_error(input, lenient.error(), "lenient parse failure");
  if (strict)
    check_view(input, *strict, urlkit::mode::strict);
  else
    check_error(input, strict.error(), "strict parse failure");

  // Strict accepts exactly the lenient parses that needed no warning.
  if (strict) {
    if (!lenient)
      fail(input, "strict success implies lenient success",
           {{"lenient error", lenient.error().to_string()}});
    if (!same_components(*strict, *lenient))
      fail(input, "strict and lenient agree on the components",
           {{"strict", describe(*strict)}, {"lenient", describe(*lenient)}});
    check(lenient->warning_count() == 0, input, "lenient warns about nothing strict accepts");
  } else if (lenient && lenient->warning_count() == 0) {
    fail(input, "lenient success without warnings implies strict success",
         {{"strict error", strict.error().to_string()}, {"view", describe(*lenient)}});
  }

  // An absolute URL is a reference that starts with a scheme (draft 4.2).
  for (const auto* r : {&lenient, &strict}) {
    const urlkit::mode m = r == &strict ? urlkit::mode::strict : urlkit::mode::lenient;
    const auto abs = urlkit::parse_absolute(input, m);
    if (abs) {
      if (!r->has_value() || !(*r)->has_scheme() || !same_components(*abs, **r))
        fail(input, "parse_absolute success matches parse_reference",
             {{"absolute", describe(*abs)}});
      check_view(input, *abs, m);
    } else {
      if (r->has_value() && (*r)->has_scheme())
        fail(input, "a reference with a scheme parses with parse_absolute",
             {{"error", abs.error().to_string()}, {"reference", describe(**r)}});
      check_error(input, abs.error(), "parse_absolute failure");
    }
    if (r->has_value())
      check_url(input, m, **r);
    else
      check(!urlkit::url::parse(input, urlkit::parse_options{.mode = m}), input,
            "url::parse fails where parse_reference does");
  }

  if (lenient) check_normalize(input, *lenient);
  if (strict) {
    check_normalize(input, *strict);
    check(urlkit::equivalent(*strict, *lenient), input,
          "a strict and a lenient view are equivalent");
  }

  if (lenient) {
    for (std::string_view part :
         {lenient->scheme(), lenient->encoded_server(), lenient->encoded_user(),
          lenient->encoded_password(), lenient->encoded_host(), lenient->port(),
          lenient->encoded_path(), lenient->encoded_params(), lenient->encoded_query(),
          lenient->encoded_fragment()})
      check_decode(input, part, strict.has_value());
  }
  check_decode(input, input, false);
  check_encode(input, input);
  check_readings(input);
  return 0;
}
