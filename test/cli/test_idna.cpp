// urlkit idna, and "host_ascii" and "endpoint" in urlkit parse.  Built without libidn2
// (URLKIT_IDNA off), the command must say so and parse writes no host_ascii
// (and no endpoint for a non-ASCII name).
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

// The processing's three refusals, each with its label's offset and why:
// an empty label (UTS #46 VerifyDnsLength), "_" (UseSTD3ASCIIRules: a
// hostname's label, RFC 1738 3.1), a symbol (IDNA2008, RFC 5892).
BOOST_AUTO_TEST_CASE(what_the_processing_refuses) {
  for (const char* sub : {"to-ascii", "to-unicode"}) {
    run_result r = run({"idna", sub, "\xE2\x98\x95.example", "_\xC3\x80_", "a..b", "www.a_b.c"});
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.out == "");
    auto err = lines(r.err);
    BOOST_TEST_REQUIRE(err.size() == 4u, r.err);
    BOOST_TEST(err[0] ==
                   "\xE2\x98\x95.example:0: error: IDNA: code point disallowed by IDNA2008 (RFC "
                   "5892: symbols and punctuation are not allowed in a label)",
               sub);
    const std::string std3 =
        ": error: IDNA: not a letter, digit or hyphen once mapped (UTS #46 UseSTD3ASCIIRules: a "
        "hostname's label, RFC 1738 3.1)";
    BOOST_TEST(err[1] == "_\xC3\x80_:0" + std3, sub);
    BOOST_TEST(err[2] == "a..b:2: error: IDNA: empty label", sub);
    BOOST_TEST(err[3] == "www.a_b.c:4" + std3, sub);
  }
}

// The help says what the processing is, and names no other program.
BOOST_AUTO_TEST_CASE(help_states_the_processing) {
  run_result r = run({"idna", "--help"});
  BOOST_TEST(r.status == 0);
  for (const char* said :
       {"UTS #46", "non-transitional", "UseSTD3ASCIIRules", "RFC 1738 3.1", "RFC 5892"})
    BOOST_TEST(r.out.find(said) != std::string::npos, said);
  for (const char* unsaid : {"curl", "browser"})
    BOOST_TEST(r.out.find(unsaid) == std::string::npos, unsaid);
}

BOOST_AUTO_TEST_CASE(parse_writes_host_ascii_for_non_ascii_hosts_only) {
  run_result r = run({"parse", "http://Bücher.Example/a"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.find(R"("host":"Bücher.Example","host_ascii":"xn--bcher-kva.example",)") !=
                 std::string::npos,
             r.out);
  // %-escaped UTF-8 is the same name (connect_ascii_host decodes first).
  r = run({"parse", "http://b%C3%BCcher.example/"});
  BOOST_TEST(r.out.find(R"("host_ascii":"xn--bcher-kva.example")") != std::string::npos, r.out);
  for (const char* url : {"http://example.com/", "http://[::1]/", "http://ex%61mple.com/",
                          "http://a..\xC3\xBC/", "http://_\xC3\x80_/", "mailto:a@b"}) {
    r = run({"parse", url});
    BOOST_TEST(r.out.find("host_ascii") == std::string::npos, url << ": " << r.out);
  }
}

// "endpoint" has the host a client looks up: the A-label form
// (idna::endpoint_of).
BOOST_AUTO_TEST_CASE(parse_endpoint_has_the_a_label_host) {
  for (const char* url : {"https://Bücher.Example/a", "https://b%C3%BCcher.example/a"}) {
    run_result r = run({"parse", url});
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.out.find(R"("endpoint":{"scheme":"https","host":"xn--bcher-kva.example",)"
                          R"("port":443,"secure":true,"target":"/a",)") != std::string::npos,
               url << ": " << r.out);
  }
  // A name IDNA refuses has no endpoint.
  run_result r = run({"parse", "http://\xE2\x98\x95.example/"});
  BOOST_TEST(r.out.find(R"("endpoint":null)") != std::string::npos, r.out);
}

#else

BOOST_AUTO_TEST_CASE(idna_not_built_says_so) {
  run_result r = run({"idna", "to-ascii", "Bücher.Example"});
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.err.find("IDNA support was not built") != std::string::npos, r.err);
  BOOST_TEST(run({"parse", "http://Bücher.Example/"}).out.find("host_ascii") == std::string::npos);
  // Without IDNA no endpoint has a host DNS cannot look up.
  BOOST_TEST(run({"parse", "http://Bücher.Example/"}).out.find(R"("endpoint":null)") !=
             std::string::npos);
}

#endif

BOOST_AUTO_TEST_CASE(usage) {
  BOOST_TEST(run({"idna"}).status == 2);
  BOOST_TEST(run({"idna", "to-latin1", "x"}).status == 2);
}

BOOST_AUTO_TEST_SUITE_END()
