#include "peers.hpp"

#include <uriparser/Uri.h>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <boost/url/url_view.hpp>

#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace differential {

namespace {

std::string field(const std::optional<std::string>& v) {
  return v ? "[" + *v + "]" : "-";
}

std::optional<std::string> opt(bool has, std::string_view v) {
  if (!has) return std::nullopt;
  return std::string(v);
}

boost::urls::string_view bsv(std::string_view s) noexcept {
  return {s.data(), s.size()};
}

template <class S>
std::string str(const S& s) {
  return std::string(s.data(), s.size());
}

std::string text(const UriTextRangeA& r) {
  return r.first ? std::string(r.first, r.afterLast) : std::string();
}

std::optional<std::string> opt_text(const UriTextRangeA& r) {
  if (!r.first) return std::nullopt;
  return text(r);
}

/// Frees a UriUriA when it goes out of scope.
struct uri_holder {
  UriUriA uri{};
  bool filled = false;
  uri_holder() = default;
  uri_holder(const uri_holder&) = delete;
  uri_holder& operator=(const uri_holder&) = delete;
  ~uri_holder() {
    if (filled) uriFreeUriMembersA(&uri);
  }
  bool parse(std::string_view s) {
    const char* error_pos = nullptr;
    // On failure uriparser has already freed what it allocated.
    filled = uriParseSingleUriExA(&uri, s.data(), s.data() + s.size(), &error_pos) == URI_SUCCESS;
    return filled;
  }
};

}  // namespace

std::string describe(const components& c) {
  if (!c.ok) return "refused";
  return "scheme" + field(c.scheme) + " user" + field(c.user) + " password" + field(c.password) +
         " host" + field(c.host) + " port" + field(c.port) + " path[" + c.path + "] query" +
         field(c.query) + " fragment" + field(c.fragment);
}

components parse_urlkit(std::string_view s) {
  components c;
  auto r = urlkit::parse_absolute(s, urlkit::mode::strict);
  if (!r) return c;
  const urlkit::url_view& v = *r;
  c.ok = true;
  c.scheme = opt(v.has_scheme(), v.scheme());
  c.user = opt(v.has_user(), v.encoded_user());
  c.password = opt(v.has_password(), v.encoded_password());
  c.host = opt(v.has_host(), v.encoded_host());
  c.port = opt(v.has_port(), v.port());
  c.path = (v.absolute_path() ? "/" : "") + std::string(v.encoded_path());
  // The inputs compared have no ';': a params component would only show up
  // in a seed that slipped through, and is kept in the path to be seen.
  if (v.has_params()) c.path += ";" + std::string(v.encoded_params());
  c.query = opt(v.has_query(), v.encoded_query());
  c.fragment = opt(v.has_fragment(), v.encoded_fragment());
  return c;
}

components parse_boost(std::string_view s) {
  components c;
  auto r = boost::urls::parse_uri(bsv(s));
  if (!r) return c;
  const boost::urls::url_view& v = *r;
  c.ok = true;
  c.scheme = opt(v.has_scheme(), str(v.scheme()));
  c.user = opt(v.has_userinfo(), str(v.encoded_user()));
  c.password = opt(v.has_password(), str(v.encoded_password()));
  c.host = opt(v.has_authority(), str(v.encoded_host()));
  c.port = opt(v.has_port(), str(v.port()));
  c.path = str(v.encoded_path());
  c.query = opt(v.has_query(), str(v.encoded_query()));
  c.fragment = opt(v.has_fragment(), str(v.encoded_fragment()));
  return c;
}

components parse_uriparser(std::string_view s) {
  components c;
  uri_holder h;
  if (!h.parse(s)) return c;
  const UriUriA& u = h.uri;
  c.ok = true;
  c.scheme = opt_text(u.scheme);
  if (u.userInfo.first) {
    // uriparser keeps the userinfo whole; RFC 3986 3.2.1 puts the password
    // after the first ':'.
    const std::string info = text(u.userInfo);
    const auto colon = info.find(':');
    c.user = info.substr(0, colon);
    if (colon != std::string::npos) c.password = info.substr(colon + 1);
  }
  c.host = opt_text(u.hostText);
  c.port = opt_text(u.portText);
  // The path is a list of segments; with an authority, or with absolutePath,
  // a "/" precedes the first one.
  if (u.pathHead || u.absolutePath) {
    if (u.absolutePath || u.hostText.first) c.path = "/";
    for (const UriPathSegmentA* seg = u.pathHead; seg; seg = seg->next) {
      if (seg != u.pathHead) c.path += '/';
      c.path += text(seg->text);
    }
  }
  c.query = opt_text(u.query);
  c.fragment = opt_text(u.fragment);
  return c;
}

std::optional<std::string> resolve_urlkit(std::string_view base, std::string_view ref) {
  auto r = urlkit::resolve(base, ref);
  if (!r) return std::nullopt;
  return std::move(*r);
}

std::optional<std::string> resolve_urlkit_rfc3986(std::string_view base, std::string_view ref) {
  auto r = urlkit::resolve(base, ref, urlkit::specification::rfc3986);
  if (!r) return std::nullopt;
  return std::move(*r);
}

std::optional<std::string> resolve_boost(std::string_view base, std::string_view ref) {
  auto b = boost::urls::parse_uri(bsv(base));
  auto r = boost::urls::parse_uri_reference(bsv(ref));
  if (!b || !r) return std::nullopt;
  boost::urls::url dest;
  if (!boost::urls::resolve(*b, *r, dest)) return std::nullopt;
  return str(dest.buffer());
}

std::optional<std::string> resolve_uriparser(std::string_view base, std::string_view ref) {
  uri_holder b, r;
  if (!b.parse(base) || !r.parse(ref)) return std::nullopt;
  uri_holder dest;
  if (uriAddBaseUriA(&dest.uri, &r.uri, &b.uri) != URI_SUCCESS) return std::nullopt;
  dest.filled = true;
  int length = 0;
  if (uriToStringCharsRequiredA(&dest.uri, &length) != URI_SUCCESS) return std::nullopt;
  std::string out(static_cast<std::size_t>(length) + 1, '\0');
  if (uriToStringA(out.data(), &dest.uri, length + 1, nullptr) != URI_SUCCESS) return std::nullopt;
  out.resize(static_cast<std::size_t>(length));
  return out;
}

}  // namespace differential
