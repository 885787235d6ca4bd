// Establishing a base URL (draft-fielding-uri-url-00 section 5): every layer
// and their precedence, header names in any case, folded header values,
// relative Content-Location and embedded bases, undefined, and errors that
// name the layer.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "../appendix_c.hpp"
#include "urlkit/base.hpp"
#include "urlkit/resolve.hpp"

using namespace urlkit;
using layer = established_base::layer;

namespace {

established_base ok(const base_context& c) {
  result<established_base> r = establish_base(c);
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.error().to_string()));
  return *r;
}

/// The warnings the sink receives while `c` gives a base.
std::vector<warning> warnings_of(const base_context& c) {
  std::vector<warning> got;
  auto keep = [&](const warning& w) { got.push_back(w); };
  result<established_base> r = establish_base(c, make_warning_sink(keep));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.error().to_string()));
  return got;
}

error fails(const base_context& c) {
  result<established_base> r = establish_base(c);
  BOOST_TEST_REQUIRE(!r.has_value(), "established " << (r ? r->url : std::string()));
  return r.error();
}

/// The layer an error names as its source.
layer layer_of(const error& e) {
  const auto l = layer_named(e.source);
  BOOST_TEST_REQUIRE(l.has_value(), std::string(e.source));
  return *l;
}

base_context all_layers() {
  base_context c;
  c.embedded = "http://embedded/e";
  c.content_base = "http://content-base/cb";
  c.content_location = "http://content-location/cl";
  c.encapsulating = "http://encapsulating/en";
  c.retrieval = "http://retrieval/r";
  return c;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(base)

BOOST_AUTO_TEST_CASE(each_layer_alone) {
  base_context c;
  c.embedded = "http://e/x";
  BOOST_TEST(ok(c).url == "http://e/x");
  BOOST_TEST(ok(c).from == layer::embedded);
  c = {};
  c.content_base = "http://www.ics.uci.edu/Test/a/b/c";  // draft 5.1's example
  BOOST_TEST(ok(c).url == "http://www.ics.uci.edu/Test/a/b/c");
  BOOST_TEST(ok(c).from == layer::content_base);
  c = {};
  c.content_location = "http://l/x";
  BOOST_TEST(ok(c).url == "http://l/x");
  BOOST_TEST(ok(c).from == layer::content_location);
  BOOST_TEST(!ok(c).resolved_against.has_value());
  c = {};
  c.encapsulating = "http://en/x";
  BOOST_TEST(ok(c).url == "http://en/x");
  BOOST_TEST(ok(c).from == layer::encapsulating);
  c = {};
  c.retrieval = "http://r/x";
  BOOST_TEST(ok(c).url == "http://r/x");
  BOOST_TEST(ok(c).from == layer::retrieval);
}

BOOST_AUTO_TEST_CASE(innermost_layer_wins) {
  base_context c = all_layers();
  BOOST_TEST(ok(c).from == layer::embedded);
  BOOST_TEST(ok(c).url == "http://embedded/e");
  c.embedded.reset();
  BOOST_TEST(ok(c).from == layer::content_base);  // "Content-Base takes precedence"
  BOOST_TEST(ok(c).url == "http://content-base/cb");
  c.content_base.reset();
  BOOST_TEST(ok(c).from == layer::content_location);
  c.content_location.reset();
  BOOST_TEST(ok(c).from == layer::encapsulating);
  c.encapsulating.reset();
  BOOST_TEST(ok(c).from == layer::retrieval);
  c.retrieval.reset();
  BOOST_TEST(ok(c).from == layer::undefined);
}

BOOST_AUTO_TEST_CASE(undefined_is_the_empty_base) {
  const established_base b = ok({});
  BOOST_TEST(b.url == "");
  BOOST_TEST(b.from == layer::undefined);
  BOOST_TEST(!b.defined());
  // An empty retrieval URL is no retrieval URL (5.4: the base "" is undefined).
  base_context c;
  c.retrieval = "";
  BOOST_TEST(ok(c).from == layer::undefined);
  // With it, relative references do not resolve (draft 6, Step 1).
  BOOST_TEST(!resolve(b.url, "g").has_value());
  BOOST_TEST(*resolve(b.url, "http://a/g") == "http://a/g");
}

BOOST_AUTO_TEST_CASE(an_encapsulated_document_does_not_use_its_retrieval_url) {
  // 5.3 applies only to a document "not encapsulated within some other entity".
  base_context c;
  c.encapsulating = "";
  c.retrieval = "http://r/x";
  BOOST_TEST(ok(c).from == layer::undefined);
  c.encapsulating = "http://en/x";
  BOOST_TEST(ok(c).from == layer::encapsulating);
}

BOOST_AUTO_TEST_CASE(header_names_ignore_case) {
  for (const char* name : {"Content-Base", "content-base", "CONTENT-BASE", "cOnTeNt-BaSe"}) {
    base_context c;
    BOOST_TEST(c.set_header(name, "http://a/b"), name);
    BOOST_TEST(ok(c).from == layer::content_base, name);
  }
  for (const char* name : {"Content-Location", "content-location", "CONTENT-LOCATION"}) {
    base_context c;
    BOOST_TEST(c.set_header(name, "http://a/b"), name);
    BOOST_TEST(ok(c).from == layer::content_location, name);
  }
  base_context c;
  BOOST_TEST(!c.set_header("Content-Type", "text/html"));
  BOOST_TEST(!c.set_header("Content-Bases", "http://a/"));
  BOOST_TEST(ok(c).from == layer::undefined);
}

BOOST_AUTO_TEST_CASE(white_space_in_header_values_is_ignored) {
  // "any whitespace inside the field value (including that used for line
  // folding) is ignored" (5.1).
  base_context c;
  c.content_base = " http://www.ics.uci.edu/\r\n Test/a/\r\n\tb/c ";
  BOOST_TEST(ok(c).url == "http://www.ics.uci.edu/Test/a/b/c");
  c = {};
  c.content_location = "\thttp://a/b\r\n   /c\r\n  /d;p?q ";
  BOOST_TEST(ok(c).url == "http://a/b/c/d;p?q");
  // Not in the other layers: they are URLs, not header values.
  c = {};
  c.retrieval = "http://a/b c";
  BOOST_TEST(layer_of(fails(c)) == layer::retrieval);
}

BOOST_AUTO_TEST_CASE(read_headers_unfolds_and_ignores_case) {
  base_context c;
  const std::size_t n = c.read_headers(
      "Content-Type: text/html\r\n"
      "content-LOCATION: ../x\r\n"
      "CONTENT-base: http://www.ics.uci.edu/\r\n"
      "  Test/a/b/c\r\n"
      "Content-Length: 10\r\n"
      "\r\n"
      "Content-Base: http://body/is/not/read\r\n");
  BOOST_TEST(n == 2u);
  BOOST_TEST(ok(c).url == "http://www.ics.uci.edu/Test/a/b/c");
  BOOST_TEST(ok(c).from == layer::content_base);
  BOOST_TEST(c.content_location.value() == " ../x");
  // LF line ends too; the first of a repeated field is taken.
  base_context d;
  BOOST_TEST(d.read_headers("Content-Location: http://a/1\n\tx\nContent-Location: http://b/\n") ==
             1u);
  BOOST_TEST(ok(d).url == "http://a/1x");
}

BOOST_AUTO_TEST_CASE(relative_content_location_resolves_against_the_next_outer_layer) {
  base_context c;
  c.content_location = "../g";
  c.retrieval = "http://a/b/c/d;p?q";
  established_base b = ok(c);
  BOOST_TEST(b.url == "http://a/b/g");
  BOOST_TEST(b.from == layer::content_location);
  BOOST_TEST(b.resolved_against.has_value());
  BOOST_TEST(*b.resolved_against == layer::retrieval);
  // The encapsulating entity comes before the retrieval URL.
  c.encapsulating = "http://en/x/y";
  b = ok(c);
  BOOST_TEST(b.url == "http://en/g");
  BOOST_TEST(*b.resolved_against == layer::encapsulating);
  // Folded and relative.
  c.content_location = " ../\r\n g";
  BOOST_TEST(ok(c).url == "http://en/g");
  // Nothing to resolve it against: an error naming Content-Location.
  base_context alone;
  alone.content_location = "../g";
  const error e = fails(alone);
  BOOST_TEST(layer_of(e) == layer::content_location);
  BOOST_TEST(e.code == error_code::base_undefined);
  BOOST_TEST(e.to_string().rfind("Content-Location: offset 0: ", 0) == 0, e.to_string());
  // Content-Base takes precedence, so the relative Content-Location is not needed.
  alone.content_base = "http://cb/";
  BOOST_TEST(ok(alone).url == "http://cb/");
}

BOOST_AUTO_TEST_CASE(relative_embedded_base_resolves_against_the_headers) {
  base_context c;
  c.embedded = "sub/";
  c.content_base = "http://cb/a/b";
  c.retrieval = "http://r/x/y";
  established_base b = ok(c);
  BOOST_TEST(b.url == "http://cb/a/sub/");
  BOOST_TEST(b.from == layer::embedded);
  BOOST_TEST(*b.resolved_against == layer::content_base);
  c.content_base.reset();
  BOOST_TEST(ok(c).url == "http://r/x/sub/");
  BOOST_TEST(*ok(c).resolved_against == layer::retrieval);
  c.retrieval.reset();
  BOOST_TEST(layer_of(fails(c)) == layer::embedded);
  // The overload on an established outer base.
  established_base outer;
  outer.url = appendix_c::base;
  outer.from = layer::retrieval;
  for (const auto& e : appendix_c::examples) {
    result<established_base> r = establish_base(e.reference, outer);
    BOOST_TEST_REQUIRE(r.has_value(), e.reference);
    // The base URL has no fragment (draft 3).
    std::string want(e.expected);
    want = want.substr(0, want.find('#'));
    BOOST_TEST(r->url == want, e.reference);
  }
}

// base_context::spec: the relative layers resolve by RFC 3986 5.2 on request.
BOOST_AUTO_TEST_CASE(relative_layers_resolve_by_the_specification_asked) {
  base_context c;
  c.retrieval = "http://a/b/c/d;p?q";
  c.content_location = "../../../g";
  BOOST_TEST(ok(c).url == "http://a/../g");
  c.spec = urlkit::specification::rfc3986;
  BOOST_TEST(ok(c).url == "http://a/g");
  c.content_location.reset();
  c.embedded = ";x";
  BOOST_TEST(ok(c).url == "http://a/b/c/;x");
  established_base outer;
  outer.url = "http://a/b/c/d;p?q";
  outer.from = layer::retrieval;
  BOOST_TEST(establish_base("/./g", outer, urlkit::specification::rfc3986)->url == "http://a/g");
  BOOST_TEST(establish_base("/./g", outer)->url == "http://a/./g");
}

BOOST_AUTO_TEST_CASE(the_base_has_no_fragment) {
  base_context c;
  c.retrieval = "http://a/b#frag";
  BOOST_TEST(ok(c).url == "http://a/b");
  c.content_base = "http://a/c#";
  BOOST_TEST(ok(c).url == "http://a/c");
}

BOOST_AUTO_TEST_CASE(invalid_values_are_errors_that_name_the_layer) {
  base_context c;
  c.content_base = "http://host:8o/";
  error e = fails(c);
  BOOST_TEST(layer_of(e) == layer::content_base);
  BOOST_TEST(e.code == error_code::bad_port);
  BOOST_TEST(e.offset == 13u);
  BOOST_TEST(e.message() == "port must be digits");
  BOOST_TEST(e.to_string() == "Content-Base: offset 13: port must be digits");
  // The offset is one in the value as given, folds and all.
  c.content_base = "http://\r\n host:8o/";
  e = fails(c);
  BOOST_TEST(e.offset == 16u);
  BOOST_TEST(c.content_base->at(e.offset) == 'o');
  // Content-Base must be absolute (5.1: "Content-Base" ":" absoluteURL).
  c.content_base = "/relative";
  e = fails(c);
  BOOST_TEST(layer_of(e) == layer::content_base);
  BOOST_TEST(e.code == error_code::base_not_absolute);
  // The layer that wins must be usable: a malformed innermost layer is the
  // error, and no outer layer stands in for the base its author meant.
  c = all_layers();
  c.embedded = "http://h:x/";
  BOOST_TEST(layer_of(fails(c)) == layer::embedded);
  BOOST_TEST(fails(c).to_string().rfind("embedded: ", 0) == 0);
  // A relative value against an opaque base.
  c = {};
  c.content_location = "g";
  c.retrieval = "mailto:a@b";
  e = fails(c);
  BOOST_TEST(layer_of(e) == layer::content_location);
  BOOST_TEST(e.code == error_code::base_not_generic);
  // value() throws on an error.
  BOOST_CHECK_THROW(establish_base(c).value(), bad_result_access);
}

// Draft 5 is an order of precedence: the innermost layer given wins.  A layer
// that does not win is checked all the same, and what is wrong with it is a
// warning given to the sink, not a failure.
BOOST_AUTO_TEST_CASE(layers_that_do_not_win_are_warnings) {
  base_context c = all_layers();
  c.content_location = "http://a<b/";
  established_base b = ok(c);
  BOOST_TEST(b.url == "http://embedded/e");
  std::vector<warning> w = warnings_of(c);
  BOOST_REQUIRE(w.size() == 1u);
  BOOST_TEST((layer_named(w[0].source) == layer::content_location));
  BOOST_TEST(w[0].code == warning_code::passed_over);
  BOOST_TEST(w[0].offset == 8u);
  BOOST_TEST(w[0].message().rfind("host: ", 0) == 0, w[0].message());
  BOOST_TEST(w[0].to_string().rfind("Content-Location: offset 8: host: ", 0) == 0,
             w[0].to_string());
  // The issue's example: a malformed retrieval URL or Content-Location under
  // a Content-Base.
  c = {};
  c.content_base = "http://a/";
  c.retrieval = "http://h:x/";
  c.content_location = "http://q:y/";
  b = ok(c);
  BOOST_TEST(b.url == "http://a/");
  BOOST_TEST(b.from == layer::content_base);
  w = warnings_of(c);
  BOOST_REQUIRE(w.size() == 2u);  // innermost first
  BOOST_TEST((layer_named(w[0].source) == layer::content_location));
  BOOST_TEST((layer_named(w[1].source) == layer::retrieval));
  BOOST_TEST(w[1].cause == error_code::bad_port);
  BOOST_TEST(w[1].offset == 9u);
  // An encapsulating base that must be absolute, under a winner.
  c = all_layers();
  c.encapsulating = "relative";
  w = warnings_of(c);
  BOOST_REQUIRE(w.size() == 1u);
  BOOST_TEST(w[0].cause == error_code::base_not_absolute);
  // An encapsulated document does not use its retrieval URL (5.3): a bad one
  // is a warning there too.
  c = {};
  c.encapsulating = "http://e/";
  c.retrieval = "http://h:x/";
  b = ok(c);
  BOOST_TEST(b.from == layer::encapsulating);
  w = warnings_of(c);
  BOOST_REQUIRE(w.size() == 1u);
  BOOST_TEST((layer_named(w[0].source) == layer::retrieval));
  // A layer the winner needs is no loser: a relative Content-Location needs
  // the retrieval context to resolve against.
  c = {};
  c.content_location = "g";
  c.retrieval = "http://h:x/";
  BOOST_TEST(layer_of(fails(c)) == layer::retrieval);
  // Valid layers that lose say nothing.
  BOOST_TEST(warnings_of(all_layers()).empty());
}

BOOST_AUTO_TEST_CASE(layer_names_and_sections) {
  BOOST_TEST(urlkit::to_string(layer::embedded) == "embedded");
  BOOST_TEST(urlkit::to_string(layer::content_base) == "content_base");
  BOOST_TEST(urlkit::to_string(layer::content_location) == "content_location");
  BOOST_TEST(urlkit::to_string(layer::encapsulating) == "encapsulating");
  BOOST_TEST(urlkit::to_string(layer::retrieval) == "retrieval");
  BOOST_TEST(urlkit::to_string(layer::undefined) == "undefined");
  // Messages, and an error's or a warning's source, name the header layers
  // by their fields (draft 5.1), and layer_named reads that name back.
  BOOST_TEST(layer_source(layer::content_base) == "Content-Base");
  BOOST_TEST(layer_source(layer::content_location) == "Content-Location");
  BOOST_TEST(layer_source(layer::retrieval) == "retrieval");
  BOOST_TEST((layer_named("Content-Base") == layer::content_base));
  BOOST_TEST((layer_named("retrieval") == layer::retrieval));
  BOOST_TEST(!layer_named("content_base").has_value());
  base_context c;
  c.content_base = "g";  // relative: 5.1 takes an absoluteURL only
  const auto r = establish_base(c);
  BOOST_TEST_REQUIRE(!r.has_value());
  BOOST_TEST(r.error().source == "Content-Base");
  BOOST_TEST(r.error().to_string().starts_with("Content-Base: offset 0: "));
  BOOST_TEST(layer_section(layer::content_location) == "5.1");
  BOOST_TEST(layer_section(layer::encapsulating) == "5.2");
  BOOST_TEST(layer_section(layer::retrieval) == "5.3");
  BOOST_TEST(layer_section(layer::undefined) == "5.4");
}

BOOST_AUTO_TEST_SUITE_END()
