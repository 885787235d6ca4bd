// news URLs (RFC 1738 3.6 and 5): grouppart = "*" | group | article, in both
// modes, with offsets and messages, decoding, CR/LF refusal, and the
// scheme_data object.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/news.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_news(u, o); };

const char* const group_lead =
    "news group: a group name starts with a letter (RFC 1738 5: group = alpha *[ alpha | digit | "
    "\"-\" | \".\" | \"+\" | \"_\" ])";
const char* const group_char =
    "news group: a group name holds only letters, digits, \"-\", \".\", \"+\" and \"_\" (RFC 1738 "
    "5: group = alpha *[ alpha | digit | \"-\" | \".\" | \"+\" | \"_\" ])";
const char* const group_escape =
    "news group: a group name is written without escapes (RFC 1738 5: group = alpha *[ alpha | "
    "digit | \"-\" | \".\" | \"+\" | \"_\" ])";
const char* const article_host =
    "news host: the message-id's domain must be a host: a hostname or a hostnumber (RFC 1738 3.6: "
    "<unique>@<full_domain_name>; 5: \"@\" host)";

}  // namespace

BOOST_AUTO_TEST_SUITE(news)

// draft-fielding-uri-url-00 1.1 and RFC 1738 3.6.
BOOST_AUTO_TEST_CASE(rfc_examples) {
  for (auto m : {mode::lenient, mode::strict}) {
    for (const char* url :
         {"news:comp.infosystems.www.servers.unix", "news:comp.infosystems.www.misc"}) {
      BOOST_TEST_CONTEXT(url) {
        auto n = parse_news(url, opts(m));
        BOOST_REQUIRE(n);
        BOOST_TEST((n->kind() == news_kind::group));
        BOOST_TEST(n->group() == std::string_view(url).substr(5));
        BOOST_TEST(n->message_id() == "");
        BOOST_TEST(n->encoded_grouppart() == std::string_view(url).substr(5));
        BOOST_TEST(n->encoded_group() == std::string_view(url).substr(5));
        BOOST_TEST(n->encoded_message_id() == "");
      }
    }
    // "If <newsgroup-name> is "*" (as in <URL:news:*>), it is used to refer
    // to "all available news groups"."
    auto all = parse_news("news:*", opts(m));
    BOOST_REQUIRE(all);
    BOOST_TEST((all->kind() == news_kind::all));
    BOOST_TEST(all->group() == "*");
    // news:<message-id>, "<unique>@<full_domain_name>", without "<" and ">".
    auto a = parse_news("news:199501011234.AA01234@parc.xerox.com", opts(m));
    BOOST_REQUIRE(a);
    BOOST_TEST((a->kind() == news_kind::article));
    BOOST_TEST(a->message_id() == "199501011234.AA01234@parc.xerox.com");
    BOOST_TEST(a->group() == "");
    BOOST_TEST(a->encoded_group() == "");
  }
  auto l = parse_lenient(parser, "news:comp.infosystems.www.servers.unix");
  BOOST_REQUIRE(l.r);
  BOOST_TEST(l.warnings.empty());
}

// Each part both ways (docs/guide.md, "Names"): X() decoded, encoded_X() as
// written; the grouppart is the group or the message-id, whichever it is.
BOOST_AUTO_TEST_CASE(every_part_decoded_and_as_written) {
  auto g = parse_news("news:comp.lang.c%2B%2B");
  BOOST_REQUIRE(g);
  BOOST_TEST(g->encoded_grouppart() == "comp.lang.c%2B%2B");
  BOOST_TEST(g->grouppart() == "comp.lang.c++");
  BOOST_TEST(g->encoded_group() == "comp.lang.c%2B%2B");
  BOOST_TEST(g->group() == "comp.lang.c++");
  BOOST_TEST(g->encoded_message_id() == "");
  auto a = parse_news("news:a%2Db@h.example");
  BOOST_REQUIRE(a);
  BOOST_TEST(a->encoded_message_id() == "a%2Db@h.example");
  BOOST_TEST(a->message_id() == "a-b@h.example");
  BOOST_TEST(a->grouppart() == "a-b@h.example");
  BOOST_TEST(a->encoded_group() == "");
  auto all = parse_news("news:%2A");  // lenient: "*" written as an escape
  BOOST_REQUIRE(all);
  BOOST_TEST((all->kind() == news_kind::all));
  BOOST_TEST(all->encoded_group() == "%2A");
  BOOST_TEST(all->group() == "*");
}

BOOST_AUTO_TEST_CASE(accepted_in_strict_mode) {
  struct c_ {
    const char* url;
    news_kind kind;
    const char* value;  // group or message-id
  };
  const c_ cases[] = {
      {"news:comp.lang.c++", news_kind::group, "comp.lang.c++"},
      {"news:alt.fan_club-2.x", news_kind::group, "alt.fan_club-2.x"},
      {"news:a", news_kind::group, "a"},
      {"news:a..b.", news_kind::group, "a..b."},  // the production allows it
      {"NEWS:comp.lang.c", news_kind::group, "comp.lang.c"},
      {"News:*", news_kind::all, "*"},
      // article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
      {"news:a;b/c?d:e&f=g@h.com", news_kind::article, "a;b/c?d:e&f=g@h.com"},
      {"news:a%2Fb%40c@h.com", news_kind::article, "a/b@c@h.com"},
      {"news:x$-_.+!*'(),y@10.0.0.1", news_kind::article, "x$-_.+!*'(),y@10.0.0.1"},
      // The "@" decides: a <unique> part may start with a digit.
      {"news:1@x.org", news_kind::article, "1@x.org"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.url) {
      auto n = parse_news(c.url, opts(mode::strict));
      BOOST_REQUIRE(n);
      BOOST_TEST((n->kind() == c.kind));
      BOOST_TEST((c.kind == news_kind::article ? n->message_id() : n->group()) == c.value);
      auto l = parse_lenient(parser, c.url);
      BOOST_REQUIRE(l.r);
      BOOST_TEST(l.warnings.empty());
    }
  }
}

// Strict mode refuses what newsurl refuses, at the offset, naming the
// production; lenient mode accepts with a warning there and decodes.
BOOST_AUTO_TEST_CASE(strict_rejections_lenient_warnings) {
  struct c_ {
    const char* url;
    std::size_t offset;
    const char* message;
    news_kind kind;     // lenient
    const char* value;  // lenient: group or message-id
  };
  const c_ cases[] = {
      {"news:3com.x", 5, group_lead, news_kind::group, "3com.x"},
      {"news:comp%2Elang", 9, group_escape, news_kind::group, "comp.lang"},
      {"news:foo%40bar", 8, group_escape, news_kind::group, "foo@bar"},
      {"news:comp.foo;x", 13, group_char, news_kind::group, "comp.foo;x"},
      {"news:comp.foo?x", 13, group_char, news_kind::group, "comp.foo?x"},
      {"news:a~b", 6, group_char, news_kind::group, "a~b"},
      {"news:comp.*", 10, group_char, news_kind::group, "comp.*"},
      {"news:%2a", 5, "news grouppart: \"*\" (all groups) is written as it is", news_kind::all,
       "*"},
      {"news:@h.com", 5,
       "news article: a message-id has a <unique> part before \"@\" (RFC 1738 5: article = 1*[ "
       "uchar | \";\" | \"/\" | \"?\" | \":\" | \"&\" | \"=\" ] \"@\" host)",
       news_kind::article, "@h.com"},
      {"news:a@b@h.com", 6, "news article: '@' must be escaped as %40 (RFC 1738 5)",
       news_kind::article, "a@b@h.com"},
      {"news:a@", 7, article_host, news_kind::article, "a@"},
      {"news:a@h_x.com", 7, article_host, news_kind::article, "a@h_x.com"},
      {"news:a@h.com?x", 7, article_host, news_kind::article, "a@h.com?x"},
      {"news:a@h%2Ecom", 7, article_host, news_kind::article, "a@h.com"},
  };
  check_strict_rejections(parser, cases, [](const c_& c, const error&, const auto& l) {
    BOOST_TEST((l.r->kind() == c.kind));
    BOOST_TEST((c.kind == news_kind::article ? l.r->message_id() : l.r->group()) == c.value);
    BOOST_TEST(l.warnings.front().production == production_in(c.message));
  });
  // One warning per offending character.
  auto l = parse_lenient(parser, "news:a;b;c");
  BOOST_REQUIRE(l.r);
  BOOST_REQUIRE(l.warnings.size() == 2u);
  BOOST_TEST(l.warnings[0].offset == 6u);
  BOOST_TEST(l.warnings[1].offset == 8u);
  BOOST_TEST(l.warnings[0].code == warning_code::scheme_syntax);
  BOOST_TEST(l.warnings[0].message() == std::string(group_char) + " (accepted)");
  // What the generic parse reported is not reported again.
  auto u = parse_lenient(parser, "news:a|b");
  BOOST_REQUIRE(u.r);
  BOOST_REQUIRE(u.warnings.size() == 1u);
  BOOST_TEST(u.warnings[0].code == warning_code::unwise_character);
  auto b = parse_lenient(parser, "news:a%zz");
  BOOST_REQUIRE(b.r);
  BOOST_TEST(b.r->group() == "a%zz");
  BOOST_REQUIRE(b.warnings.size() == 1u);
  BOOST_TEST(b.warnings[0].code == warning_code::bad_escape);
  // ... but a view parsed leniently and checked strictly is refused.
  auto v = parse_reference("news:a|b");
  BOOST_REQUIRE(v);
  auto s = parse_news(*v, opts(mode::strict));
  BOOST_REQUIRE(!s);
  BOOST_TEST(s.error().code == error_code::unwise_character);
  BOOST_TEST(s.error().offset == 6u);
  BOOST_TEST(s.error().production == std::string("news group"));
}

// An empty grouppart and a "//<host>" are refused in both modes.
BOOST_AUTO_TEST_CASE(errors_in_both_modes) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto n = parse_news("news:", opts(m));
    BOOST_REQUIRE(!n);
    BOOST_TEST(n.error().offset == 5u);
    BOOST_TEST(!n.error().has_byte);
    BOOST_TEST(n.error().message() ==
               "news grouppart: \"*\", a group name or a message-id expected (RFC 1738 5: "
               "grouppart = \"*\" | group | article)");
    BOOST_TEST(!parse_news("news:#x", opts(m)));
    n = parse_news("news://news.example.org/comp.lang.c", opts(m));
    BOOST_REQUIRE(!n);
    BOOST_TEST(n.error().offset == 5u);
    BOOST_TEST(n.error().rule == rule::server);
    BOOST_TEST(n.error().message() ==
               "news grouppart: news URLs have no \"//<host>\": news:<newsgroup-name> or "
               "news:<message-id> (RFC 1738 3.6); a server's group is nntp://");
  }
}

// RFC 1738 6: the group goes into GROUP, the message-id into ARTICLE.
BOOST_AUTO_TEST_CASE(crlf_is_refused) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto n = parse_news("news:a%0D%0AQUIT@h.com", opts(m));
    BOOST_REQUIRE(!n);
    BOOST_TEST(n.error().code == error_code::decoded_crlf);
    BOOST_TEST(n.error().offset == 6u);
    BOOST_TEST(n.error().message() == "news grouppart: encoded CR (%0D) refused");
    n = parse_news("news:comp%0a", opts(m));
    BOOST_REQUIRE(!n);
    BOOST_TEST(n.error().code == error_code::decoded_crlf);
    BOOST_TEST(n.error().offset == 9u);
  }
  // Other escapes are data.
  auto n = parse_news("news:a%09b%00@h.com");
  BOOST_REQUIRE(n);
  BOOST_TEST(n->message_id() == std::string("a\tb\0@h.com", 10));
}

// A view that took excluded characters as data (accept_excluded) does not get
// a literal LF into the message-id through a domain that is not a host:
// lenient mode warns about such a domain but refuses the byte, as every other
// scheme production does.  Found by fuzzing (fuzz/scheme_fuzz.cpp).
BOOST_AUTO_TEST_CASE(excluded_characters_in_the_domain) {
  parse_options o;
  o.accept_excluded = true;
  for (const char* url : {"news:a@b?s\nQUIT", "news:a@b\r\nQUIT", "news:a@b c", "news:a@<b>"}) {
    auto u = parse_reference(url, o);
    BOOST_TEST_REQUIRE(u.has_value(), url);
    auto n = parse_news(*u);
    BOOST_TEST_REQUIRE(!n.has_value(), url);
    BOOST_TEST(n.error().code == error_code::invalid_character, url);
    BOOST_TEST(n.error().rule == rule::host, url);
    BOOST_TEST(n.error().production == std::string("news host"), url);
  }
  auto u = parse_reference("news:a@b?s\nQUIT", o);
  BOOST_REQUIRE(u);
  BOOST_TEST(parse_news(*u).error().offset == 10u);
  // Without the excluded byte the domain is still taken, with a warning.
  std::vector<warning> seen;
  auto sink = [&seen](const warning& w) { seen.push_back(w); };
  scheme_options so;
  so.on_warning = make_warning_sink(sink);
  auto n = parse_news("news:a@b?s", so);
  BOOST_REQUIRE(n);
  BOOST_TEST(n->message_id() == "a@b?s");
  BOOST_TEST(seen.size() == 1u);
}

BOOST_AUTO_TEST_CASE(fragment_and_overloads) {
  auto n = parse_news("news:comp.lang.c#top");
  BOOST_REQUIRE(n);
  BOOST_TEST(n->group() == "comp.lang.c");
  auto u = parse_reference("news:x@y.org");
  BOOST_REQUIRE(u);
  auto v = parse_news(*u);
  BOOST_REQUIRE(v);
  BOOST_TEST(v->message_id() == "x@y.org");
  BOOST_TEST(v->url().buffer() == "news:x@y.org");
  check_wrong_scheme(parser, "nntp://h/g", "newsurl", "newsurl: the scheme must be \"news\"");
  BOOST_TEST(!parse_news("comp.lang.c"));
  BOOST_TEST(to_string(news_kind::all) == "all");
  BOOST_TEST(to_string(news_kind::group) == "group");
  BOOST_TEST(to_string(news_kind::article) == "article");
}

BOOST_AUTO_TEST_CASE(scheme_data) {
  const auto& reg = scheme_registry::standard();
  BOOST_REQUIRE(reg.find("NEWS"));
  BOOST_TEST(reg.find("news")->name() == "news");
  BOOST_TEST(!reg.find("news")->default_port());

  // What the CLI's scheme_data shows: the kind, and the group or message-id.
  auto d = viewed(parser, "news:comp.infosystems.www.servers.unix");
  BOOST_TEST((d.kind() == news_kind::group));
  BOOST_TEST(d.group() == "comp.infosystems.www.servers.unix");

  d = viewed(parser, "news:*", mode::strict);
  BOOST_TEST(to_string(d.kind()) == "all");
  BOOST_TEST(d.group() == "*");

  d = viewed(parser, "NEWS:a%2Fb@h.com");
  BOOST_TEST(to_string(d.kind()) == "article");
  BOOST_TEST(d.message_id() == "a/b@h.com");

  d = viewed(parser, "news:comp%2Elang");  // lenient: decoded
  BOOST_TEST(to_string(d.kind()) == "group");
  BOOST_TEST(d.group() == "comp.lang");

  auto u = parse_reference("news:comp%2Elang");
  BOOST_TEST(!reg.check(*u, opts(mode::strict)));
  u = parse_reference("news:");
  BOOST_TEST(!reg.check(*u));
}

// The message-id's domain is a host (RFC 1738 5: "@" host), held to RFC
// 1034's lengths as every host is: strict refuses a label of more than 63
// octets, lenient warns.  Found by fuzzing.
BOOST_AUTO_TEST_CASE(message_id_domain_length) {
  const std::string u = "news:a@" + std::string(64, 's') + ".com";
  auto strict = parse_news(u, opts(mode::strict));
  BOOST_TEST_REQUIRE(!strict.has_value());
  BOOST_TEST((strict.error().code == error_code::host_too_long));
  BOOST_TEST(strict.error().offset == 7u);
  std::vector<warning> got;
  auto keep = [&](const warning& w) { got.push_back(w); };
  scheme_options o;
  o.on_warning = make_warning_sink(keep);
  BOOST_TEST_REQUIRE(parse_news(u, o).has_value());
  BOOST_TEST_REQUIRE(got.size() == 1u);
  BOOST_TEST((got[0].code == warning_code::host_too_long));
  const std::string fits = "news:a@" + std::string(63, 's') + ".com";
  BOOST_TEST(parse_news(fits, opts(mode::strict)).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
