#include "resolve_set.hpp"

#include <uriparser/Uri.h>

#include <boost/url/parse.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ada_peer.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit_bench {

namespace {

bool uriparser_parses(std::string_view s) {
  UriUriA u;
  const char* error_pos = nullptr;
  if (uriParseSingleUriExA(&u, s.data(), s.data() + s.size(), &error_pos) != URI_SUCCESS)
    return false;
  uriFreeUriMembersA(&u);
  return true;
}

bool boost_parses(std::string_view s) {
  return boost::urls::parse_uri_reference(boost::urls::string_view(s.data(), s.size())).has_value();
}

}  // namespace

url_set references_all_parse(std::string_view base, const url_set& all,
                             std::vector<std::string_view>* dropped) {
  const auto adas = built_ada_peers();
  std::string href;
  bool ok = urlkit::parse_reference(base) && boost_parses(base) && uriparser_parses(base);
  // "" against the base is the base.
  for (const auto& a : adas) ok = ok && a.peer->resolve(base, "", href);
  if (!ok) {
    std::fprintf(stderr, "urlkit_bench: a library refuses the base %.*s\n",
                 static_cast<int>(base.size()), base.data());
    std::exit(2);
  }
  url_set refs;
  for (auto s : all.items) {
    bool every = urlkit::parse_reference(s).has_value() && boost_parses(s) && uriparser_parses(s);
    for (const auto& a : adas) every = every && a.peer->resolve(base, s, href);
    if (every)
      refs.add(s);
    else if (dropped)
      dropped->push_back(s);
  }
  return refs;
}

}  // namespace urlkit_bench
