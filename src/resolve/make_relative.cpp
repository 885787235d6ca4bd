// Making a URL relative to a base: the shortest reference that the resolver of
// draft-fielding-uri-url-00 section 6 (or of RFC 3986 5.2) turns back into the
// target.
//
// Rather than inverting Steps 1-7 (whose corner cases — inherited parameters
// and queries, dot segments that Step 6 removes, "." and ".." that Step 4
// keeps — make an inverse error-prone), a handful of candidates is built, one
// per way a reference can be written (draft 4.2: net_path | abs_path |
// rel_path, and section 3's fragment-only reference), and each is checked by
// resolving it.  The shortest that round-trips wins; the target itself always
// does (Step 2b), so the answer is never longer than the target.  Under RFC
// 3986 the same candidates are written with its path, ";params" in it (3.3),
// and checked by its resolver.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "resolve/resolve_with.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/scheme.hpp"

#include "core/parse_base.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit {

namespace {

/// `s` followed by [";" params] ["?" query] ["#" fragment], as the target has
/// them (draft 3 and 4.3).  Built by appending: g++ 12 warns falsely of
/// -Wrestrict on `literal + string` here.
std::string with_tail(std::string s, const url_view& t, bool with_params, bool with_query) {
  if (with_params && t.has_params()) {
    s.push_back(';');
    s.append(t.encoded_params());
  }
  if (with_query && t.has_query()) {
    s.push_back('?');
    s.append(t.encoded_query());
  }
  if (t.has_fragment()) {
    s.push_back('#');
    s.append(t.encoded_fragment());
  }
  return s;
}

/// The complete segments of a path (draft 4.3.2: path = fsegment *( "/" segment )).
std::vector<std::string_view> segments_of(std::string_view path) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) {
      out.push_back(path.substr(start));
      return out;
    }
    out.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
}

/// A relative path (rel_path, Step 6) from the directory of `base` to `target`.
/// The directory is the base path without its last segment and with its own
/// dot segments removed: Step 6 removes them from the merged path as a whole,
/// so it is that normalized directory the reference's "../" climb out of.
/// Resolving "." against the base gives exactly it (Step 6 b).
void add_relative_path(const url_view& base, const url_view& target,
                       const scheme_registry* registry, specification spec,
                       std::vector<std::string>& out) {
  auto dir_url = detail::resolve_with(base, parse_reference(".").value(), registry, spec);
  if (!dir_url) return;  // an opaque base has no directory (draft 4.2)
  auto dir = parse_reference(*dir_url);
  if (!dir) return;

  const bool rfc3986 = spec == specification::rfc3986;
  std::vector<std::string_view> d =
      segments_of(rfc3986 ? detail::path_and_params(*dir) : dir->encoded_path());
  d.pop_back();  // the empty segment after the directory's last "/" (or the empty path)
  const std::vector<std::string_view> t =
      segments_of(rfc3986 ? detail::path_and_params(target) : target.encoded_path());

  // The last target segment is always written, so that the path is not empty.
  std::size_t k = 0;
  while (k < d.size() && k + 1 < t.size() && d[k] == t[k]) ++k;
  const std::size_t up = d.size() - k;

  // "./" keeps the reference a rel_path when it would start with "/" (an
  // abs_path, Step 4) and, draft 4.3.2, when its first segment holds a ":"
  // ("this:that" would be read as a scheme name).  An empty path would make
  // Step 5 inherit the base path: it is written "." instead, which Step 6 b)
  // removes again.  (Built by appending: g++ 12 warns falsely of -Wrestrict
  // on assigning or inserting a literal.)
  std::string rel;
  if (up == 0 && k < t.size() &&
      ((t[k].empty() && k + 1 < t.size()) || t[k].find(':') != std::string_view::npos))
    rel.append("./");
  for (std::size_t i = 0; i < up; ++i) rel.append("../");
  for (std::size_t i = k; i < t.size(); ++i) {
    if (i != k) rel.push_back('/');
    rel.append(t[i]);
  }
  if (rel.empty()) rel.push_back('.');
  // "../" up to a directory is also "..", one byte shorter (Step 6 d).
  if (k + 1 == t.size() && t[k].empty() && up > 0)
    out.push_back(with_tail(rel.substr(0, rel.size() - 1), target, !rfc3986, true));
  out.push_back(with_tail(std::move(rel), target, !rfc3986, true));
}

error target_error(error_code code, std::size_t offset, const url_view& target) noexcept {
  error e = detail::error_at(code, rule::target, target.buffer(), offset);
  e.source = "target";
  return e;
}

}  // namespace

namespace {

// make_relative with the opaque schemes of `registry`, or of the standard
// schemes' table when it is null (resolve_with.hpp).
result<std::string> make_relative_with(const url_view& base, const url_view& target,
                                       const scheme_registry* registry, specification spec) {
  if (!target.has_scheme()) return target_error(error_code::target_not_absolute, 0, target);
  const bool rfc3986 = spec == specification::rfc3986;
  // The path with its parameters, as RFC 3986 has it, or the draft's path.
  const std::string_view target_path =
      rfc3986 ? detail::path_and_params(target) : target.encoded_path();

  // The target itself is a reference (Step 2b returns it as it is; RFC 3986
  // without its dot segments); resolving it also reports an unusable base
  // (relative, or empty where a target must be absolute anyway).
  auto whole = detail::resolve_with(base, target, registry, spec);
  if (!whole) return whole.error();
  const std::string& goal = *whole;

  std::vector<std::string> candidates;
  // Draft 3: only the fragment differs, or nothing does (Step 2a).
  candidates.push_back(with_tail({}, target, false, false));
  // Step 5: the base path is inherited; non-empty parameters or query stop
  // the inheritance.
  if (!target.encoded_params().empty()) {
    std::string s(1, ';');
    s.append(target.encoded_params());
    candidates.push_back(with_tail(std::move(s), target, false, true));
  }
  // (Under RFC 3986 a present query replaces the base's even when empty.)
  if (!target.encoded_query().empty() || (rfc3986 && target.has_query())) {
    std::string s(1, '?');
    s.append(target.encoded_query());
    candidates.push_back(with_tail(std::move(s), target, false, false));
  }
  // Step 6: a relative path.
  if (target.scheme() == base.scheme()) add_relative_path(base, target, registry, spec, candidates);
  // Step 4: an absolute path under the base's server.
  if (target.absolute_path()) {
    std::string s = "/";
    s.append(target_path);
    candidates.push_back(with_tail(std::move(s), target, !rfc3986, true));
  }
  // Step 3: a net_path (draft 4.2), when only the scheme is shared.
  if (target.has_server()) {
    std::string s = "//";
    s.append(target.encoded_server());
    if (target.absolute_path()) s.push_back('/');
    s.append(target_path);
    candidates.push_back(with_tail(std::move(s), target, !rfc3986, true));
  }

  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  for (const std::string& c : candidates) {
    if (c.size() >= goal.size()) break;
    auto ref = parse_reference(c, mode::lenient);
    if (!ref) continue;
    auto back = detail::resolve_with(base, *ref, registry, spec);
    if (back && *back == goal) return c;
  }
  return goal;
}

}  // namespace

result<std::string> make_relative(const url_view& base, const url_view& target) {
  return make_relative_with(base, target, nullptr, specification::rfc1808);
}

result<std::string> make_relative(const url_view& base, const url_view& target,
                                  const scheme_registry& registry) {
  return make_relative_with(base, target, &registry, specification::rfc1808);
}

result<std::string> make_relative(const url_view& base, const url_view& target,
                                  specification spec) {
  return make_relative_with(base, target, nullptr, spec);
}

result<std::string> make_relative(std::string_view base, std::string_view target) {
  return make_relative(base, target, specification::rfc1808);
}

result<std::string> make_relative(std::string_view base, std::string_view target,
                                  specification spec) {
  // Lenient parsing, as resolve(string_view, string_view); errors name the
  // string they come from.
  auto parsed_base = parse_base(base);
  if (!parsed_base) return parsed_base.error();
  const url_view& b = *parsed_base;
  auto t = parse_reference(target, mode::lenient);
  if (!t) {
    error e = t.error();
    e.source = "target";
    return e;
  }
  return make_relative_with(b, *t, nullptr, spec);
}

}  // namespace urlkit
