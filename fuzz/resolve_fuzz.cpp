// Fuzz target for resolving (draft-fielding-uri-url-00 section 6) and its
// inverse, make_relative.  The input is "base NUL-or-newline reference"; with
// no separator the whole input is a reference against the base of Appendix C.
// Beyond not crashing: the result is absolute and stable under resolving it
// again, it keeps what Steps 2-6 say it keeps, and make_relative round-trips.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "urlkit/urlkit.hpp"

namespace {

using urlkit_fuzz::check;
using urlkit_fuzz::describe;
using urlkit_fuzz::fail;
using urlkit_fuzz::same_components;

constexpr std::string_view appendix_c_base = "http://a/b/c/d;p?q";

std::vector<std::string_view> segments(std::string_view path) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const std::size_t slash = path.find('/', start);
    out.push_back(path.substr(start, slash - start));
    if (slash == std::string_view::npos) return out;
    start = slash + 1;
  }
}

// Without a server, a path that starts with an empty segment is written with
// "./" in front ("a:/.//g", not "a://g", whose "g" would read as a server), as
// RFC 3986 5.2.4 does: the path without that prefix.
std::string_view unprotected_path(const urlkit::url_view& v) {
  const std::string_view path = v.encoded_path();
  return !v.has_server() && path.starts_with(".//") ? path.substr(2) : path;
}

bool same_params_query(const urlkit::url_view& a, const urlkit::url_view& b) {
  return a.has_params() == b.has_params() && a.encoded_params() == b.encoded_params() &&
         a.has_query() == b.has_query() && a.encoded_query() == b.encoded_query();
}

bool same_fragment(const urlkit::url_view& a, const urlkit::url_view& b) {
  return a.has_fragment() == b.has_fragment() && a.encoded_fragment() == b.encoded_fragment();
}

// resolve(base, make_relative(base, target)) == target, whenever make_relative succeeds.
void check_make_relative(std::string_view input, std::string_view base,
                         const urlkit::url_view& base_view, std::string_view target) {
  const auto target_view = urlkit::parse_reference(target);
  if (!target_view || !target_view->has_scheme()) return;
  const auto rel = urlkit::make_relative(base_view, *target_view);
  const auto rel_s = urlkit::make_relative(base, target);
  if (rel.has_value() != rel_s.has_value() || (rel && *rel != *rel_s))
    fail(input, "make_relative: view and string overloads agree",
         {{"base", base},
          {"target", target},
          {"view overload", rel ? std::string_view(*rel) : "<error>"},
          {"string overload", rel_s ? std::string_view(*rel_s) : "<error>"}});
  if (!rel) return;
  const auto rel_view = urlkit::parse_reference(*rel);
  if (!rel_view)
    fail(input, "make_relative gives a reference that parses",
         {{"base", base}, {"target", target}, {"relative", *rel}});
  // The target as Step 7 writes it: a "?" or ";" right after its host
  // (lenient mode) gets the "/" that parsing back needs; any other target
  // comes back byte for byte.
  const auto written = urlkit::resolve(base_view, *target_view);
  const bool after_host = target_view->has_server() && !target_view->absolute_path() &&
                          (target_view->has_params() || target_view->has_query());
  const auto back = urlkit::resolve(base_view, *rel_view);
  if (!back || !written || *back != *written || (!after_host && *back != target))
    fail(input, "resolve(base, make_relative(base, t)) == t",
         {{"base", base},
          {"target", target},
          {"relative", *rel},
          {"resolved back", back ? std::string_view(*back) : "<error>"},
          {"error", back ? std::string() : back.error().to_string()}});
}

void check_resolved(std::string_view input, std::string_view base, std::string_view ref,
                    const urlkit::url_view& bv, const urlkit::url_view& rv,
                    const std::string& result) {
  const auto notes = [&](const urlkit::url_view* rp) {
    return std::vector<std::string>{std::string(base), std::string(ref), result,
                                    rp ? describe(*rp) : std::string()};
  };
  auto failure = [&](const char* what, const urlkit::url_view* rp = nullptr) {
    const auto n = notes(rp);
    fail(input, what, {{"base", n[0]}, {"reference", n[1]}, {"result", n[2]}, {"parsed", n[3]}});
  };

  // The result is an absolute URL, and resolving it again changes nothing (Step 2b).
  const auto rp = urlkit::parse_absolute(result);
  if (!rp) failure("the result parses with parse_absolute");
  const urlkit::url_view& p = *rp;
  const auto again = urlkit::resolve(bv, p);
  if (!again || *again != result) failure("resolving the result again gives the result", &p);
  const auto again_s = urlkit::resolve(base, result);
  if (!again_s || *again_s != result) failure("resolve(base string, result) gives the result", &p);

  if (rv.has_scheme()) {
    // Step 2b, as Step 7 writes it: a ";" or "?" right after the host
    // (lenient mode) gets the "/" that parsing back needs, and nothing else
    // changes.
    const bool after_host =
        rv.has_server() && !rv.absolute_path() && (rv.has_params() || rv.has_query());
    if (!after_host && result != ref)
      failure("an absolute reference resolves to itself (Step 2b)", &p);
    if (after_host &&
        !(p.encoded_host() == rv.encoded_host() && p.encoded_path() == rv.encoded_path() &&
          p.encoded_params() == rv.encoded_params() && p.encoded_query() == rv.encoded_query() &&
          p.absolute_path()))
      failure("an absolute reference with a ; or ? right after its host gets only a \"/\"", &p);
    return;
  }

  // A relative reference needs an absolute base (Steps 1, 2c).
  if (base.empty()) failure("a relative reference against an empty base is an error (Step 1)");
  if (!bv.has_scheme()) failure("a relative reference against a base without a scheme", &p);
  if (p.scheme() != bv.scheme()) failure("the result inherits the base's scheme (Step 2c)", &p);

  if (rv.is_same_document()) {
    // Step 2a: the current document, with the reference's fragment if it has one.
    // (A base with a ";" or "?" right after its host, lenient mode, comes
    // back with the "/" that parsing back needs: the same components.)
    const bool after_host =
        bv.has_server() && !bv.absolute_path() && (bv.has_params() || bv.has_query());
    if (after_host
            ? !(p.encoded_host() == bv.encoded_host() && p.encoded_path() == bv.encoded_path() &&
                p.encoded_params() == bv.encoded_params() &&
                p.encoded_query() == bv.encoded_query())
            : p.without_fragment() != bv.without_fragment())
      failure("\"\" and \"#f\" resolve to the base (Step 2a)", &p);
    if (rv.has_fragment() && !same_fragment(p, rv))
      failure("\"#f\" keeps its fragment (Step 2a)", &p);
    return;
  }
  if (!same_fragment(p, rv)) failure("the result has the reference's fragment", &p);

  // Step 3: a non-empty server is the reference's; otherwise the base's, if any.
  const bool own_server = rv.has_server() && !rv.encoded_server().empty();
  if (own_server) {
    if (!p.has_server() || p.encoded_server() != rv.encoded_server())
      failure("a reference's own server is kept (Step 3)", &p);
  } else if (bv.has_server()) {
    if (!p.has_server() || p.encoded_server() != bv.encoded_server())
      failure("the result inherits the base's server (Step 3)", &p);
  } else if (!rv.has_server()) {
    if (p.has_server()) failure("no server in base or reference, none in the result", &p);
  }
  if (own_server) return;

  if (rv.absolute_path()) {
    // Step 4: the path is taken as it is, dots and all.
    if (!p.absolute_path() ||
        (p.encoded_path() != rv.encoded_path() && unprotected_path(p) != rv.encoded_path()))
      failure("an absolute path is kept as written (Step 4)", &p);
    if (!same_params_query(p, rv)) failure("params and query come from the reference", &p);
    return;
  }
  if (rv.encoded_path().empty()) {
    // Step 5: the base's path, whatever it holds.  An empty one may gain a
    // "/" after a server: "http://a?y" would read "a?y" as the server (4.3.1).
    const bool slash_ok = p.absolute_path() == bv.absolute_path() ||
                          (p.encoded_path().empty() && p.has_server() && p.absolute_path());
    if (p.encoded_path() != bv.encoded_path() || !slash_ok)
      failure("an empty path inherits the base's path (Step 5)", &p);
    return;
  }

  // Step 6: after a-d, no "." segment and no "<segment>/.." with segment != "..".
  if (!same_params_query(p, rv)) failure("params and query come from the reference", &p);
  const auto segs = segments(unprotected_path(p));
  for (std::size_t i = 0; i < segs.size(); ++i) {
    if (segs[i] == ".") failure("Step 6 a/b leave no \".\" segment", &p);
    if (i + 1 < segs.size() && segs[i + 1] == ".." && !segs[i].empty() && segs[i] != "..")
      failure("Step 6 c/d leave no \"<segment>/..\"", &p);
  }
}

void run(std::string_view input) {
  const std::size_t cut = input.find_first_of(std::string_view("\0\n", 2));
  const std::string_view base =
      cut == std::string_view::npos ? appendix_c_base : input.substr(0, cut);
  const std::string_view ref = cut == std::string_view::npos ? input : input.substr(cut + 1);

  const auto by_string = urlkit::resolve(base, ref);
  const auto bv = urlkit::parse_reference(base);
  const auto rv = urlkit::parse_reference(ref);
  if (!bv || !rv) {
    if (by_string)
      fail(input, "resolve(string, string) reports parse errors",
           {{"base", base}, {"reference", ref}, {"result", *by_string}});
    return;
  }

  const auto by_view = urlkit::resolve(*bv, *rv);
  if (by_view.has_value() != by_string.has_value() || (by_view && *by_view != *by_string) ||
      (!by_view && by_view.error().code != by_string.error().code))
    fail(input, "resolve: view and string overloads agree",
         {{"base", base},
          {"reference", ref},
          {"view overload", by_view ? *by_view : by_view.error().to_string()},
          {"string overload", by_string ? *by_string : by_string.error().to_string()}});

  if (by_view) check_resolved(input, base, ref, *bv, *rv, *by_view);

  // make_relative, toward every absolute URL at hand.
  if (by_view) check_make_relative(input, base, *bv, *by_view);
  if (rv->has_scheme()) check_make_relative(input, base, *bv, ref);
  if (bv->has_scheme()) check_make_relative(input, base, *bv, base);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  urlkit_fuzz::run_guarded(input, run);
  return 0;
}
