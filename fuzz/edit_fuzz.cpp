// libFuzzer target: random sequences of edits on owning URLs, in both modes
// (url's setters, url_builder's checks of each component by its own rule).
//
// Input: one byte (its low bit picks strict mode), a URL up to the first
// "\n", then edits, each one byte (which edit) and its value up to the next
// "\n".  Invariants, after every edit:
//   - one that fails leaves the url byte for byte as it was;
//   - after one that succeeds, the text parses in the url's mode to exactly
//     the url's view (the view is made from where each component was
//     written, not parsed), and gives its text back;
//   - the component set holds the value given (as written for
//     set_encoded_*, decoded for the others), and the components the edit did
//     not touch are as they were;
//   - a port a setter accepted is at most 65535, and one given as a number
//     outside 0..65535 (of a wider integer type) is refused, never narrowed;
//   - normalization is idempotent, equivalent to the url it normalizes and
//     hashes as it does (normalize.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "urlkit/encoding.hpp"
#include "urlkit/normalize.hpp"
#include "urlkit/url.hpp"

namespace {

using urlkit::url;
using urlkit::url_view;
using urlkit_fuzz::check;
using urlkit_fuzz::describe;
using urlkit_fuzz::same_components;

std::string decoded(std::string_view s) {
  return urlkit::decode(s).value();
}

// Which components an edit may change (besides the one it sets): the
// absolute-path flag follows a server (draft 4.2), and a password implies a
// user.
enum part : unsigned {
  p_scheme = 1,
  p_user = 2,
  p_password = 4,
  p_host = 8,
  p_port = 16,
  p_path = 32,
  p_params = 64,
  p_query = 128,
  p_fragment = 256,
};

// The components outside `touched` are as they were.
bool others_kept(const url_view& a, const url_view& b, unsigned touched) {
  const auto same = [](bool ha, std::string_view a, bool hb, std::string_view b) {
    return ha == hb && a == b;
  };
  return ((touched & p_scheme) || same(a.has_scheme(), a.scheme(), b.has_scheme(), b.scheme())) &&
         ((touched & p_user) ||
          same(a.has_user(), a.encoded_user(), b.has_user(), b.encoded_user())) &&
         ((touched & p_password) ||
          same(a.has_password(), a.encoded_password(), b.has_password(), b.encoded_password())) &&
         ((touched & p_host) || (a.encoded_host() == b.encoded_host())) &&
         ((touched & p_port) || same(a.has_port(), a.port(), b.has_port(), b.port())) &&
         ((touched & p_path) || a.encoded_path() == b.encoded_path()) &&
         ((touched & p_params) ||
          same(a.has_params(), a.encoded_params(), b.has_params(), b.encoded_params())) &&
         ((touched & p_query) ||
          same(a.has_query(), a.encoded_query(), b.has_query(), b.encoded_query())) &&
         ((touched & p_fragment) ||
          same(a.has_fragment(), a.encoded_fragment(), b.has_fragment(), b.encoded_fragment()));
}

void run(std::string_view input) {
  if (input.empty()) return;
  const urlkit::mode m = (input[0] & 1) ? urlkit::mode::strict : urlkit::mode::lenient;
  std::string_view rest = input.substr(1);
  const std::size_t nl = rest.find('\n');
  const std::string_view start = rest.substr(0, nl);
  rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
  auto parsed = url::parse(start, urlkit::parse_options{m});
  if (!parsed) return;
  url u = std::move(*parsed);

  for (int n = 0; !rest.empty() && n < 16; ++n) {
    const auto op = static_cast<unsigned char>(rest[0]) % 27;
    rest.remove_prefix(1);
    const std::size_t end = rest.find('\n');
    const std::string_view v = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);

    const std::string before = u.buffer();
    const url old = u;
    urlkit::result<void> r;
    unsigned touched = 0;
    // What the set component must read afterwards (as written, or decoded).
    enum class expect { nothing, encoded, decoded, absent } want = expect::nothing;
    auto get = [](const url_view& x, unsigned p) -> std::string_view {
      switch (p) {
        case p_user:
          return x.encoded_user();
        case p_password:
          return x.encoded_password();
        case p_host:
          return x.encoded_host();
        case p_port:
          return x.port();
        case p_params:
          return x.encoded_params();
        case p_query:
          return x.encoded_query();
        case p_fragment:
          return x.encoded_fragment();
        default:
          return x.encoded_path();
      }
    };
    unsigned which = 0;
    std::optional<std::int64_t> number;  // a port given as a wider integer
    std::string_view value = v;
    switch (op) {
      case 0:
        r = u.set_scheme(v), touched = which = p_scheme;
        break;
      case 1:
        r = u.set_user(v), touched = which = p_user, want = expect::decoded;
        break;
      case 2:
        r = u.set_encoded_user(v), touched = which = p_user, want = expect::encoded;
        break;
      case 3:
        r = u.set_password(v), which = p_password, touched = p_password | p_user;
        want = expect::decoded;
        break;
      case 4:
        r = u.set_encoded_password(v), which = p_password, touched = p_password | p_user;
        want = expect::encoded;
        break;
      case 5:
        r = u.set_host(v), touched = which = p_host;
        break;
      case 6:
        r = u.set_encoded_host(v), touched = which = p_host, want = expect::encoded;
        break;
      case 7:
        r = u.set_host_address(v), touched = which = p_host;
        break;
      case 8:
        r = u.set_port(v), touched = which = p_port, want = expect::encoded;
        break;
      case 9: {
        if (v.size() <= 2) {
          const std::uint16_t port =
              v.size() == 2 ? static_cast<std::uint16_t>((static_cast<unsigned char>(v[0]) << 8) |
                                                         static_cast<unsigned char>(v[1]))
                            : 0;
          r = u.set_port(port), touched = which = p_port;
          break;
        }
        // A number of a wider, signed type: checked before it is narrowed.
        std::uint32_t bits = 0;
        for (std::size_t i = 0; i < std::min<std::size_t>(v.size(), 4); ++i)
          bits = (bits << 8) | static_cast<unsigned char>(v[i]);
        const auto port = static_cast<std::int32_t>(bits);
        number = port;
        r = u.set_port(port), touched = which = p_port;
        break;
      }
      case 10:
        r = u.set_path(v), touched = which = p_path, want = expect::decoded;
        if (value.starts_with('/')) value.remove_prefix(1);
        break;
      case 11:
        r = u.set_encoded_path(v), touched = which = p_path;
        if (value.starts_with('/')) value.remove_prefix(1);
        break;
      case 12:
        r = u.set_params(v), touched = which = p_params, want = expect::decoded;
        break;
      case 13:
        r = u.set_encoded_params(v), touched = which = p_params, want = expect::encoded;
        break;
      case 14:
        r = u.set_query(v), touched = which = p_query, want = expect::decoded;
        break;
      case 15:
        r = u.set_encoded_query(v), touched = which = p_query, want = expect::encoded;
        break;
      case 16:
        r = u.set_fragment(v), touched = which = p_fragment, want = expect::decoded;
        break;
      case 17:
        r = u.set_encoded_fragment(v), touched = which = p_fragment, want = expect::encoded;
        break;
      case 18:
        r = u.remove_user(), touched = p_user | p_password;
        break;
      case 19:
        r = u.remove_password(), touched = which = p_password, want = expect::absent;
        break;
      case 20:
        r = u.remove_port(), touched = which = p_port, want = expect::absent;
        break;
      case 21:
        r = u.remove_params(), touched = which = p_params, want = expect::absent;
        break;
      case 22:
        r = u.remove_query(), touched = which = p_query, want = expect::absent;
        break;
      case 23:
        r = u.remove_fragment(), touched = which = p_fragment, want = expect::absent;
        break;
      case 24:
        r = u.append_segment(v), touched = p_path;
        break;
      case 25: {
        const std::size_t eq = std::min(v.find('='), v.size());
        r = u.set_query_param(v.substr(0, eq), v.substr(std::min(eq + 1, v.size())));
        touched = p_query;
        break;
      }
      default:
        r = u.erase_query_param(v), touched = p_query;
        break;
    }

    if (number && (*number < 0 || *number > 65535))
      check(!r && r.error().code == urlkit::error_code::port_out_of_range, input,
            "a port number outside 0..65535 is refused, never narrowed",
            {{"number", std::to_string(*number)}, {"url", u.buffer()}});
    if (number && r) {
      const auto got_number = u.view().port_number();
      check(got_number && *got_number == static_cast<std::uint16_t>(*number), input,
            "a port number taken is the port written", {{"url", u.buffer()}});
    }
    if (!r) {
      check(u.buffer() == before, input, "a failed edit leaves the url as it was",
            {{"before", before}, {"after", u.buffer()}, {"error", r.error().to_string()}});
      continue;
    }
    const url_view& now = u.view();
    check(now.parsed_mode() == m, input, "an edit keeps the url's mode");
    const auto again = urlkit::parse_reference(u.buffer(), m);
    check(again.has_value(), input, "an edited url parses in its mode",
          {{"url", u.buffer()}, {"error", again ? "" : again.error().to_string()}});
    check(same_components(*again, now) && again->absolute_path() == now.absolute_path(), input,
          "an edited url's view is what parsing its text reads",
          {{"view", describe(now)}, {"parsed", describe(*again)}});
    check(now.recompose() == u.buffer(), input, "an edited url gives its text back");
    // A path without scheme or server has its ":" guarded (draft 4.3.2), and a
    // server makes the path absolute: the other components are compared.
    const unsigned allowed = touched | p_path;
    check(others_kept(old.view(), now, allowed), input, "an edit keeps the other components",
          {{"before", describe(old.view())}, {"after", describe(now)}});
    const std::string_view got = get(now, which);
    switch (want) {
      case expect::encoded:
        check(got == value, input, "the component set holds the value, as written",
              {{"got", got}, {"value", value}});
        break;
      case expect::decoded:
        check(decoded(got) == value, input, "the component set holds the value, decoded",
              {{"got", got}, {"value", value}});
        break;
      case expect::absent:
        check(got.data() == nullptr, input, "a removed component is absent");
        break;
      case expect::nothing:
        break;
    }
    if (const auto norm = urlkit::normalized(now)) {
      check(urlkit::equivalent(now, norm->view()) &&
                urlkit::hash_equivalent(now) == urlkit::hash_equivalent(norm->view()),
            input, "an edited url is equivalent to its normal form, and hashes as it does",
            {{"url", u.buffer()}, {"normal", norm->buffer()}});
      const auto twice = urlkit::normalized(norm->view());
      check(twice && twice->buffer() == norm->buffer(), input, "normalization is idempotent",
            {{"normal", norm->buffer()}});
    }
    // A port the url was parsed with is kept as it is (port = *digit); one a
    // setter took is at most 65535.
    if ((op == 8 || op == 9) && !now.port().empty())
      check(now.port_number().has_value(), input, "a port a setter took is at most 65535");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urlkit_fuzz::run_guarded(std::string_view(reinterpret_cast<const char*>(data), size),
                           [](std::string_view in) { run(in); });
  return 0;
}
