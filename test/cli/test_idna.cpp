// urlkit idna, and "host_ascii" in urlkit parse.  Built without libidn2
// (URLKIT_IDNA off), the command must say so and parse writes no host_ascii.
#include <string>

#include <boost/test/unit_test.hpp>

#include "process.hpp"

using namespace cli_test;

BOOST_AUTO_TEST_SUITE(idna_cli)

#ifdef URLKIT_HAS_IDNA

BOOST_AUTO_TEST_CASE(to_ascii_one_line_per_name) {
  run_result r = run({"idna", "to-ascii", "Bücher.Example", "faß.de", "example.com"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "xn--bcher-kva.example\nxn--fa-hia.de\nexample.com\n");
  BOOST_TEST(r.err == "");
}

BOOST_AUTO_TEST_CASE(to_unicode_one_line_per_name) {
  run_result r = run({"idna", "to-unicode", "xn--bcher-kva.example", "xn--fa-hia.de"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "bücher.example\nfaß.de\n");
}

BOOST_AUTO_TEST_CASE(names_from_stdin) {
  run_result r = run({"idna", "to-ascii"}, "Bücher.Example\r\nfaß.de\n");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "xn--bcher-kva.example\nxn--fa-hia.de\n");
}

// A name that does not convert: NAME:OFFSET: error: MESSAGE on stderr, the
// offset that of the label at fault, the others still converted, exit 1.
BOOST_AUTO_TEST_CASE(errors_name_the_label) {
  run_result r = run({"idna", "to-ascii", "a..b", "Bücher.Example", "www.\xE2\x98\x83.example"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "xn--bcher-kva.example\n");
  auto err = lines(r.err);
  BOOST_TEST_REQUIRE(err.size() == 2u, r.err);
  BOOST_TEST(err[0] == "a..b:2: error: IDNA: empty label");
  BOOST_TEST(err[1].rfind("www.\xE2\x98\x83.example:4: error: IDNA: ", 0) == 0, err[1]);

  r = run({"idna", "to-unicode", "xn--a.example"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err.rfind("xn--a.example:0: error: IDNA: ", 0) == 0, r.err);
}

BOOST_AUTO_TEST_CASE(parse_writes_host_ascii_for_non_ascii_hosts_only) {
  run_result r = run({"parse", "http://Bücher.Example/a"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.find(R"("host":"Bücher.Example","host_ascii":"xn--bcher-kva.example",)") !=
                 std::string::npos,
             r.out);
  for (const char* url : {"http://example.com/", "http://[::1]/", "http://b%C3%BCcher.example/",
                          "http://a..\xC3\xBC/", "mailto:a@b"}) {
    r = run({"parse", url});
    BOOST_TEST(r.out.find("host_ascii") == std::string::npos, url << ": " << r.out);
  }
}

#else

BOOST_AUTO_TEST_CASE(idna_not_built_says_so) {
  run_result r = run({"idna", "to-ascii", "Bücher.Example"});
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.err.find("IDNA support was not built") != std::string::npos, r.err);
  BOOST_TEST(run({"parse", "http://Bücher.Example/"}).out.find("host_ascii") == std::string::npos);
}

#endif

BOOST_AUTO_TEST_CASE(usage) {
  BOOST_TEST(run({"idna"}).status == 2);
  BOOST_TEST(run({"idna", "to-latin1", "x"}).status == 2);
}

BOOST_AUTO_TEST_SUITE_END()
