// data: URLs (RFC 2397): every case of the conformance file data-urls.json,
// RFC 2397's own examples, the strict grammar with its offsets, streaming
// (in chunks out, and in pieces in) against whole decoding, make_data_url
// round trips, refused media types, and scheme_data.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "alloc_counter.hpp"
#include "conformance.hpp"
#include "urlkit/base64.hpp"
#include "urlkit/encoding.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/data.hpp"

using namespace urlkit;

namespace {

constexpr std::string_view default_type = "text/plain;charset=US-ASCII";

data_options in(mode m) {
  data_options o;
  o.mode = m;
  return o;
}

struct conformance_case {
  std::string input;
  bool fails = false;
  std::string mime;  // "" for the default type
  std::string body;
};

std::vector<conformance_case> data_url_cases() {
  std::vector<conformance_case> out;
  auto file = urlkit_test::load_conformance("wpt-data-urls/data-urls.json");
  if (!file) return out;
  for (const auto& row : file->as_array()) {
    const auto& a = row.as_array();
    conformance_case c;
    c.input = std::string(a.at(0).as_string());
    c.fails = a.size() < 2 || a.at(1).is_null();
    if (!c.fails) {
      c.mime = std::string(a.at(1).as_string());
      c.body = urlkit_test::json_bytes(a.at(2));
    }
    out.push_back(std::move(c));
  }
  return out;
}

// The whole text through a reader, `piece` bytes at a time; the body and the
// media type, or the error.
struct read_result {
  bool ok = false;
  error err{};
  std::string body;
  std::string media_type;
  bool base64 = false;
};
read_result read_in_pieces(std::string_view text, std::size_t piece, std::size_t chunk = 7,
                           data_options o = {}) {
  read_result r;
  data_url_reader reader(std::move(o), chunk);
  byte_sink sink = [&](std::string_view s) {
    BOOST_TEST(s.size() <= chunk);
    BOOST_TEST(!s.empty());
    r.body.append(s);
    return true;
  };
  for (std::size_t i = 0; i < text.size(); i += piece) {
    auto w = reader.write(text.substr(i, piece), sink);
    if (!w) {
      r.err = w.error();
      return r;
    }
  }
  auto f = reader.finish(sink);
  if (!f) {
    r.err = f.error();
    return r;
  }
  BOOST_TEST(*f == r.body.size());
  BOOST_REQUIRE(reader.media() != nullptr);
  r.ok = true;
  r.media_type = reader.media()->mime.to_string();
  r.base64 = reader.media()->base64;
  return r;
}

std::string random_bytes(std::mt19937& rng, std::size_t n, int kind) {
  std::string s(n, '\0');
  std::uniform_int_distribution<int> any(0, 255);
  const std::string_view text = "abcdefghijklmnopqrstuvwxyz ABC,;/?:@&=+$-_.!~*'()%#\n";
  std::uniform_int_distribution<std::size_t> pick(0, text.size() - 1);
  for (char& c : s) c = kind == 0 ? static_cast<char>(any(rng)) : text[pick(rng)];
  return s;
}

bool is_urlchar(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view(";/?:@&=+$,-_.!~*'()").find(static_cast<char>(c)) !=
             std::string_view::npos;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(data)

// Every row of data-urls.json: [input, mime, body]; mime null: must fail;
// "": the default type.
// A data_view borrows its URL's text: buffer() and operator<< give it back.
BOOST_AUTO_TEST_CASE(view_prints_its_buffer) {
  const std::string text = "data:text/plain;charset=utf-8,A%20B";
  auto v = parse_data(std::string_view(text));
  BOOST_TEST_REQUIRE(v.has_value());
  BOOST_TEST(v->buffer() == text);
  BOOST_TEST(v->buffer().data() == text.data());
  std::ostringstream os;
  os << *v;
  BOOST_TEST(os.str() == text);
}

BOOST_AUTO_TEST_CASE(conformance_data_urls) {
  const auto cases = data_url_cases();
  std::size_t passed = 0;
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT("input " << c.input) {
      auto d = parse_data(c.input);
      if (c.fails) {
        BOOST_TEST(!d);
        if (!d) ++passed;
        continue;
      }
      BOOST_TEST_REQUIRE(d.has_value(), (d ? "" : d.error().to_string()));
      const std::string expected = c.mime.empty() ? std::string(default_type) : c.mime;
      BOOST_TEST(d->media_type() == expected);
      BOOST_TEST(d->is_default_type() == c.mime.empty());
      BOOST_TEST(d->decode_body() == c.body);
      BOOST_TEST(d->body_size() == c.body.size());
      if (d->media_type() == expected && d->decode_body() == c.body) ++passed;
    }
  }
  BOOST_TEST_MESSAGE("data-urls.json: " << passed << " of " << cases.size() << " cases pass");
  if (!cases.empty()) BOOST_TEST(passed == cases.size());
}

// The same cases through data_url_reader, the text fed in pieces of 1 to 17
// bytes: the same media type and body, or a failure.
BOOST_AUTO_TEST_CASE(conformance_read_in_pieces) {
  for (const auto& c : data_url_cases()) {
    for (std::size_t piece = 1; piece <= 17; ++piece) {
      BOOST_TEST_CONTEXT("input " << c.input << ", pieces of " << piece) {
        const read_result r = read_in_pieces(c.input, piece);
        BOOST_TEST(r.ok == !c.fails);
        if (!r.ok || c.fails) continue;
        BOOST_TEST(r.media_type == (c.mime.empty() ? std::string(default_type) : c.mime));
        BOOST_TEST(r.body == c.body);
      }
    }
  }
}

// decode_body in chunks of 1 to 17 bytes gives the bytes of body(), in
// pieces no longer than the chunk.
BOOST_AUTO_TEST_CASE(conformance_decode_in_chunks) {
  for (const auto& c : data_url_cases()) {
    if (c.fails) continue;
    auto d = parse_data(c.input);
    BOOST_REQUIRE(d);
    for (std::size_t chunk = 1; chunk <= 17; ++chunk) {
      std::string got;
      auto n = d->decode_body(
          [&](std::string_view s) {
            BOOST_TEST(s.size() <= chunk);
            got.append(s);
            return true;
          },
          chunk);
      BOOST_REQUIRE(n);
      BOOST_TEST(*n == got.size());
      BOOST_TEST(got == d->decode_body(), c.input << ", chunks of " << chunk);
    }
  }
}

// ---- RFC 2397 section 4 ---------------------------------------------------------

BOOST_AUTO_TEST_CASE(rfc2397_brief_note) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto d = parse_data("data:,A%20brief%20note", in(m));
    BOOST_REQUIRE(d);
    BOOST_TEST(d->decode_body() == "A brief note");
    BOOST_TEST(d->media_type() == default_type);
    BOOST_TEST(d->is_default_type());
    BOOST_TEST(!d->is_base64());
  }
}

// "%fg" is not an escape: the processing keeps it as it is (lenient mode,
// with the generic parse's warning); strict mode refuses it where it is.
BOOST_AUTO_TEST_CASE(rfc2397_greek_charset) {
  const std::string url = "data:text/plain;charset=iso-8859-7,%be%fg%be";
  std::vector<warning> warnings;
  auto collect = [&](const warning& w) { warnings.push_back(w); };
  data_options o;
  o.on_warning = make_warning_sink(collect);
  auto d = parse_data(url, o);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->decode_body() == "\xbe%fg\xbe");
  BOOST_TEST(d->type() == "text");
  BOOST_TEST(d->subtype() == "plain");
  BOOST_REQUIRE(d->parameters().size() == 1u);
  BOOST_TEST(d->parameters()[0].first == "charset");
  BOOST_TEST(d->parameters()[0].second == "iso-8859-7");
  BOOST_TEST(d->media_type() == "text/plain;charset=iso-8859-7");
  BOOST_REQUIRE(warnings.size() == 1u);
  BOOST_TEST(warnings[0].code == warning_code::bad_escape);
  BOOST_TEST(warnings[0].offset == url.find("%fg"));

  auto s = parse_data(url, in(mode::strict));
  BOOST_REQUIRE(!s);
  BOOST_TEST(s.error().code == error_code::bad_escape);
  BOOST_TEST(s.error().offset == url.find("%fg"));
}

BOOST_AUTO_TEST_CASE(rfc2397_vendor_query) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto d = parse_data("data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local",
                        in(m));
    BOOST_REQUIRE(d);
    BOOST_TEST(d->type() == "application");
    BOOST_TEST(d->subtype() == "vnd-xxx-query");
    BOOST_TEST(d->parameters().empty());
    BOOST_TEST(d->decode_body() == "select_vcount,fcol_from_fieldtable/local");
  }
}

// The inline image of section 4, line breaks and all, as the RFC shows it in
// an HTML attribute (a URL parser removes them).  The seed copy lost the
// first line; it is taken from the published RFC.
BOOST_AUTO_TEST_CASE(rfc2397_gif) {
  const std::string url =
      "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw\n"
      "AAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFz\n"
      "ByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSp\n"
      "a/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJl\n"
      "ZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uis\n"
      "F81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PH\n"
      "hhx4dbgYKAAA7";
  auto d = parse_data(url);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->media_type() == "image/gif");
  BOOST_TEST(d->is_base64());
  const std::string gif = d->decode_body();
  BOOST_REQUIRE(gif.size() == 273u);
  BOOST_TEST(gif.substr(0, 6) == "GIF87a");
  // Logical screen width and height, little-endian (GIF87a): 48 x 48.
  const auto u = [&](std::size_t i) { return static_cast<unsigned char>(gif[i]); };
  BOOST_TEST(u(6) + 256 * u(7) == 48);
  BOOST_TEST(u(8) + 256 * u(9) == 48);
  BOOST_TEST(u(gif.size() - 1) == 0x3B);  // the trailer
  // Without the line breaks it is a strictly valid RFC 2397 URL too.
  std::string one_line = url;
  std::erase(one_line, '\n');
  auto s = parse_data(one_line, in(mode::strict));
  BOOST_REQUIRE(s);
  BOOST_TEST(s->decode_body() == gif);
}

// ---- RFC 2397's grammar ------------------------------------------------------------

BOOST_AUTO_TEST_CASE(strict_accepts) {
  for (const char* url : {
           "data:,",
           "data:,A%20brief%20note",
           "data:text/plain;charset=US-ASCII,x",
           "data:;charset=utf-8,x",
           "data:;base64,QQ==",
           "DATA:Text/Plain;BASE64,QQ==",
           "data:text/plain;a=%2C%3B%22,x",  // escaped tspecials in a value
           "data:application/vnd.ms-excel;name=a%20b,x",
           "data:text/plain;base64=x,y",  // a parameter named base64
           "data:x/y;a=b;c=d;base64,QQ",
           "data:te%7Bxt/plain,x",  // an escaped token character
           "data:,a,b;c?d/e#frag",
       }) {
    auto d = parse_data(url, in(mode::strict));
    BOOST_TEST(d.has_value(), url << ": " << (d ? "" : d.error().to_string()));
  }
}

// Refusals name the production and the offset; lenient mode gives one
// warning there instead, and the processing's reading.
BOOST_AUTO_TEST_CASE(strict_refuses) {
  struct row {
    const char* url;
    std::size_t offset;
    const char* production;
  };
  for (const row& r : {
           row{"data:text/plain", 15, "data subtype"},
           row{"data:text,x", 9, "data type"},
           row{"data:te(xt/plain,x", 7, "data type"},
           row{"data:text/,x", 10, "data subtype"},
           row{"data:text/pl%2Fain,x", 12, "data subtype"},
           row{"data:text/plain;charset,x", 23, "data attribute"},
           row{"data:text/plain;,x", 16, "data attribute"},
           row{"data:text/plain;charset=,x", 24, "data value"},
           row{"data:text/plain;a=(b),x", 18, "data value"},
           row{"data:text/plain;a=b(,x", 19, "data value"},
           row{"data:text/plain;a=%C3%A9,x", 18, "data value"},
           row{"data:text/plain;base64;a=b,x", 22, "data attribute"},
           row{"data:;base64x,QQ", 13, "data attribute"},
           row{"data://test/,X", 5, "dataurl"},
       }) {
    BOOST_TEST_CONTEXT(r.url) {
      auto s = parse_data(r.url, in(mode::strict));
      BOOST_REQUIRE(!s);
      BOOST_TEST(s.error().code == error_code::data_syntax);
      BOOST_TEST(s.error().rule == rule::data);
      BOOST_TEST(s.error().offset == r.offset);
      BOOST_TEST(std::string(s.error().production) == r.production);
      BOOST_TEST(s.error().message().find(r.production) == 0u);

      std::vector<warning> warnings;
      auto collect = [&](const warning& w) { warnings.push_back(w); };
      data_options o;
      o.on_warning = make_warning_sink(collect);
      auto l = parse_data(r.url, o);
      if (std::string_view(r.url) == "data:text/plain") {
        BOOST_TEST(!l);  // no "," at all: the processing fails too
        continue;
      }
      BOOST_TEST(l.has_value());
      BOOST_REQUIRE(warnings.size() == 1u);
      BOOST_TEST(warnings[0].code == warning_code::scheme_syntax);
      BOOST_TEST(warnings[0].offset == r.offset);
      BOOST_TEST(std::string(warnings[0].production) == r.production);
    }
  }
}

// Strict mode is also the generic grammar's: a space is refused where it is.
BOOST_AUTO_TEST_CASE(strict_is_also_the_generic_grammar) {
  auto s = parse_data("data:text/plain ,X", in(mode::strict));
  BOOST_REQUIRE(!s);
  BOOST_TEST(s.error().code == error_code::invalid_character);
  BOOST_TEST(s.error().offset == 15u);
}

// ---- the processing --------------------------------------------------------------

BOOST_AUTO_TEST_CASE(what_a_url_parser_does_first) {
  // Leading and trailing C0 controls and spaces are stripped (offsets stay
  // those of the text given); TAB, LF and CR go everywhere, even inside an escape.
  auto d = parse_data(" \x01 data:text/pl\tain,a%4\n1b \x1f ");
  BOOST_REQUIRE(d);
  BOOST_TEST(d->media_type() == "text/plain");
  BOOST_TEST(d->decode_body() == "aAb");
  auto e = parse_data("  data://test:test/,X");
  BOOST_REQUIRE(!e);
  BOOST_TEST(e.error().offset == 14u);
  // Trailing spaces before a fragment are body, not end.
  d = parse_data("data:,X #f ");
  BOOST_REQUIRE(d);
  BOOST_TEST(d->decode_body() == "X ");
  // After "?" the query's set is escaped too: <"> is %22 in a value there.
  d = parse_data("data:;a=1?\"b\",x");
  BOOST_REQUIRE(d);
  BOOST_TEST(d->media_type() == "text/plain;a=\"1?%22b%22\"");
  d = parse_data("data:;a=1\"b\",x");
  BOOST_REQUIRE(d);
  BOOST_TEST(d->media_type() == "text/plain;a=\"1\\\"b\\\"\"");
  // Hosts and ports a URL parser refuses.
  BOOST_TEST(!parse_data("data://a^b/,X"));
  BOOST_TEST(!parse_data("data://h:65536/,X"));
  BOOST_TEST(parse_data("data://h:65535/,X").has_value());
  // No "," before the fragment: no body.
  auto n = parse_data("data:text/plain#,x");
  BOOST_REQUIRE(!n);
  BOOST_TEST(n.error().code == error_code::data_syntax);
  BOOST_TEST(n.error().offset == 15u);
}

BOOST_AUTO_TEST_CASE(bad_base64_fails_at_its_offset) {
  auto a = parse_data("data:;base64,A");
  BOOST_REQUIRE(!a);
  BOOST_TEST(a.error().code == error_code::bad_base64);
  BOOST_TEST(a.error().offset == 14u);  // only the end shows it
  auto b = parse_data("data:;base64,QQ!Q");
  BOOST_REQUIRE(!b);
  BOOST_TEST(b.error().offset == 15u);
  auto c = parse_data("data:;base64,QUJD%21Q");
  BOOST_REQUIRE(!c);
  BOOST_TEST(c.error().offset == 17u);  // the escape that stands for "!"
  // A reader reports the same offsets whatever the pieces.
  for (std::size_t piece = 1; piece <= 5; ++piece) {
    auto r = read_in_pieces("  data:;base64,QUJD%21Q", piece);
    BOOST_TEST(!r.ok);
    BOOST_TEST(r.err.offset == 19u);
  }
}

// ---- the body, three ways -----------------------------------------------------------

BOOST_AUTO_TEST_CASE(body_into_a_buffer) {
  auto d = parse_data("data:;base64,AP8A/w==");
  BOOST_REQUIRE(d);
  BOOST_TEST(d->body_size() == 4u);
  std::string buf(3, '?');
  auto small = d->decode_body_to(buf);
  BOOST_REQUIRE(!small);
  BOOST_TEST(small.error().code == error_code::buffer_too_small);
  buf.assign(4, '?');
  auto n = d->decode_body_to(buf);
  BOOST_REQUIRE(n);
  BOOST_TEST(*n == 4u);
  BOOST_TEST(buf == std::string("\x00\xff\x00\xff", 4));
  BOOST_TEST(d->encoded_body() == "AP8A/w==");
}

BOOST_AUTO_TEST_CASE(a_sink_may_stop) {
  auto d = parse_data("data:,abcdefghij");
  BOOST_REQUIRE(d);
  std::string got;
  auto n = d->decode_body(
      [&](std::string_view s) {
        got.append(s);
        return got.size() < 4;
      },
      2);
  BOOST_REQUIRE(n);
  BOOST_TEST(got == "abcd");
  BOOST_TEST(*n == 4u);
}

// A large body, streamed: the same bytes in pieces of the chunk size, both
// from a parsed view and from a reader fed in odd-sized pieces.
BOOST_AUTO_TEST_CASE(large_bodies_stream) {
  std::mt19937 rng(2397);
  const std::string bytes = random_bytes(rng, 300000, 0);
  for (bool b64 : {true, false}) {
    std::string url = "data:application/octet-stream";
    if (b64) {
      url += ";base64," + base64::encode(bytes);
    } else {
      url += ',';
      for (unsigned char c : bytes) {
        static constexpr char hex[] = "0123456789abcdef";
        url += '%';
        url += hex[c >> 4];
        url += hex[c & 15];
      }
    }
    auto d = parse_data(url);
    BOOST_REQUIRE(d);
    std::string got;
    std::size_t pieces = 0;
    BOOST_REQUIRE(d->decode_body(
        [&](std::string_view s) {
          BOOST_TEST(s.size() <= 4096u);
          got.append(s);
          ++pieces;
          return true;
        },
        4096));
    BOOST_TEST(got == bytes);
    BOOST_TEST(pieces >= bytes.size() / 4096);
    const read_result r = read_in_pieces(url, 10007, 65536);
    BOOST_REQUIRE(r.ok);
    BOOST_TEST(r.body == bytes);
    BOOST_TEST(r.base64 == b64);
  }
}

// In strict mode a reader checks the fragment as parse_data's generic parse
// does: a second "#", a space or a bad escape there fails it, at the same
// offset; C0 controls and spaces that end the text are stripped.  Found by
// fuzzing (fuzz/data_fuzz.cpp: the strict reader accepted "data:,X#a#b").
BOOST_AUTO_TEST_CASE(reader_strict_fragment) {
  const std::pair<std::string_view, std::size_t> bad[] = {{"data:,X#a#b", 9},
                                                          {"data:,X#a b", 9},
                                                          {"data:,X#%zz", 8},
                                                          {"data:,X#a%4", 9},
                                                          {"data:,X#<", 8},
                                                          {"data:,X#a{", 9},
                                                          {"data:,X#a%4  ", 9},
                                                          {"data:,X#a \x01"
                                                           "b",
                                                           9}};
  for (const auto& [text, offset] : bad) {
    auto whole = parse_data(text, in(mode::strict));
    BOOST_TEST_REQUIRE(!whole);
    BOOST_TEST(whole.error().offset == offset);
    BOOST_TEST(parse_data(text).has_value());  // lenient: the fragment is not read
    for (std::size_t piece = 1; piece <= text.size(); ++piece) {
      BOOST_TEST_CONTEXT(text << " in pieces of " << piece) {
        const read_result r = read_in_pieces(text, piece, 7, in(mode::strict));
        BOOST_TEST(!r.ok);
        BOOST_TEST(r.err.code == whole.error().code);
        BOOST_TEST(r.err.offset == offset);
        BOOST_TEST(read_in_pieces(text, piece).ok);
      }
    }
  }
  // An error in the body comes first: it is earlier in the text.
  for (std::size_t piece = 1; piece <= 12; ++piece) {
    const read_result r = read_in_pieces("data:,a%zb##", piece, 7, in(mode::strict));
    BOOST_TEST(!r.ok);
    BOOST_TEST(r.err.offset == 7u);
  }
  for (std::string_view text : {"data:,X#a%41b", "data:,X#ok \t ", "data:,X#", "data:,X#?;/"}) {
    for (std::size_t piece = 1; piece <= text.size(); ++piece) {
      BOOST_TEST_CONTEXT(text << " in pieces of " << piece) {
        const read_result r = read_in_pieces(text, piece, 7, in(mode::strict));
        BOOST_TEST(r.ok);
        BOOST_TEST(r.body == "X");
      }
    }
  }
}

// A reader ends the server of "data://..." where the generic grammar does, at
// "/" or "#": a "?" before them is the host's error in parse_data, and the
// reader must report it too rather than the forbidden host code point it
// would meet first in a server cut at the "?".  Found by fuzzing
// (fuzz/data_fuzz.cpp, the reader against parse_data).
BOOST_AUTO_TEST_CASE(reader_server_ends_at_slash) {
  const std::string_view text = "data://a b,?c/,X";
  auto whole = parse_data(text);
  BOOST_TEST_REQUIRE(!whole);
  // Lenient mode ends the server at a "?" right after the host: the host is
  // "a b,", whose space is the forbidden host code point.
  BOOST_TEST(whole.error().offset == 8u);
  for (std::size_t piece = 1; piece <= text.size(); ++piece) {
    BOOST_TEST_CONTEXT("pieces of " << piece) {
      const read_result r = read_in_pieces(text, piece);
      BOOST_TEST(!r.ok);
      BOOST_TEST(r.err.code == whole.error().code);
      BOOST_TEST(r.err.offset == whole.error().offset);
    }
  }
}

// A server that runs to the end of the text (a "," in it, no "/" after it)
// loses the C0 controls and spaces at the end, as parse_data strips them:
// the error is parse_data's (no host after "@"), not a forbidden host code
// point in what was stripped.  Found by fuzzing the reader against parse_data.
BOOST_AUTO_TEST_CASE(reader_server_to_the_end) {
  const std::string text("data://a,b@\0\0", 13);
  auto whole = parse_data(text);
  BOOST_TEST_REQUIRE(!whole);
  for (std::size_t piece = 1; piece <= text.size(); ++piece) {
    BOOST_TEST_CONTEXT("pieces of " << piece) {
      const read_result r = read_in_pieces(text, piece);
      BOOST_TEST(!r.ok);
      BOOST_TEST(r.err.code == whole.error().code);
      BOOST_TEST(r.err.offset == whole.error().offset);
    }
  }
}

// ---- make_data_url ---------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(make_data_url_round_trips) {
  std::mt19937 rng(1998);
  std::vector<std::size_t> lengths;
  for (std::size_t n = 0; n <= 70; ++n) lengths.push_back(n);
  for (std::size_t n : {127u, 128u, 255u, 256u, 1000u, 4095u, 65537u}) lengths.push_back(n);
  std::size_t chose_base64 = 0, chose_percent = 0;
  for (std::size_t n : lengths) {
    for (int kind : {0, 1}) {
      const std::string bytes = random_bytes(rng, n, kind);
      for (std::string_view type : {"", "application/octet-stream"}) {
        const std::string url = make_data_url(bytes, type).value();
        auto d = parse_data(url, in(mode::strict));  // a valid RFC 2397 URL
        BOOST_REQUIRE_MESSAGE(d, url.substr(0, 80) << ": " << d.error().to_string());
        BOOST_TEST(d->decode_body() == bytes);
        BOOST_TEST(d->media_type() == (type.empty() ? default_type : type));
        // The shorter form, percent-encoding on a tie.
        std::size_t percent = 1;
        for (unsigned char c : bytes) percent += is_urlchar(c) ? 1 : 3;
        const std::size_t b64 = 8 + (n + 2) / 3 * 4;
        BOOST_TEST(d->is_base64() == (b64 < percent));
        BOOST_TEST(url.size() == 5 + type.size() + std::min(percent, b64));
        (d->is_base64() ? chose_base64 : chose_percent) += 1;
      }
    }
  }
  BOOST_TEST(chose_base64 > 0u);
  BOOST_TEST(chose_percent > 0u);
  BOOST_TEST(make_data_url("A brief note").value() == "data:,A%20brief%20note");
  BOOST_TEST(make_data_url(std::string("\0\xff\0", 3)).value() == "data:,%00%FF%00");
  BOOST_TEST(make_data_url(std::string("\0\xff\0\xff\0\xff", 6)).value() ==
             "data:;base64,AP8A/wD/");
  // A value holding tspecials, spaces or controls is written URL-escaped, as
  // RFC 2397 3 asks ("instead of quoted string"): quoted or not, the same URL.
  BOOST_TEST(make_data_url("x", "text/plain;a=\"b,c d\"").value() ==
             "data:text/plain;a=b%2Cc%20d,x");
  BOOST_TEST(make_data_url("x", "Text/Plain; Charset=UTF-8").value() ==
             "data:Text/Plain;Charset=UTF-8,x");
  BOOST_TEST(make_data_url("x", ";charset=utf-8").value() == "data:;charset=utf-8,x");
}

// The media type is read with RFC 2045's grammar (type "/" subtype *(";"
// attribute "=" value), RFC 2397's leaving the type out), so that the URL
// written is one `data --strict` accepts.  What does not fit is an error with
// its offset in the media type given: "text" (no subtype: the lenient reader
// took "data:text,Hi" for text/plain), and ";base64", a parameter without "="
// that RFC 2397 reads as its base64 flag ("...;base64;base64,").
BOOST_AUTO_TEST_CASE(make_data_url_refuses_what_rfc_2397_refuses) {
  struct row {
    const char* type;
    std::size_t offset;
  };
  for (const row& r :
       {row{"text", 4}, row{"text/plain;base64", 10}, row{";base64", 0}, row{"text/", 5},
        row{"/plain", 0}, row{"te xt/plain", 3}, row{"text/plain;a", 12}, row{"text/plain;a=", 13},
        row{"text/pl@in", 7}, row{"text/plain;a=\"\xc3\xa9\"", 14}, row{"text/plain;a=\"\"", 13},
        row{"Content-Type: text/plain", 0}}) {
    BOOST_TEST_CONTEXT(r.type) {
      auto u = make_data_url("Hi", r.type);
      BOOST_REQUIRE(!u.has_value());
      BOOST_TEST(u.error().offset == r.offset);
      BOOST_TEST(!u.error().message().empty());
    }
  }
}

namespace {

// A random RFC 2045 token (mixed case, with token characters that are not
// urlchars: they must be escaped in the URL).
std::string random_token(std::mt19937& rng) {
  static constexpr std::string_view chars =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`{|}~";
  std::string t;
  const std::size_t n = 1 + rng() % 8;
  for (std::size_t i = 0; i < n; ++i) t += chars[rng() % chars.size()];
  return t;
}

// A random value: a token, or a quoted-string holding anything printable
// (tspecials and spaces included, \" and \\ escaped).  `plain` is its text.
std::string random_value(std::mt19937& rng, std::string& plain) {
  if (rng() % 2) {
    plain = random_token(rng);
    return plain;
  }
  plain.clear();
  std::string q = "\"";
  const std::size_t n = 1 + rng() % 10;  // "" has no URL form: refused
  for (std::size_t i = 0; i < n; ++i) {
    const char c = static_cast<char>(0x20 + rng() % 0x5f);
    plain += c;
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + '"';
}

std::string lower_ascii(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return s;
}

}  // namespace

// Property: for random bodies and random accepted media types, the strict
// reader of the URL make_data_url writes gives back the same bytes and the
// same type, subtype and parameters.
BOOST_AUTO_TEST_CASE(make_data_url_output_is_strictly_valid) {
  std::mt19937 rng(2397);
  for (int round = 0; round < 3000; ++round) {
    std::string type, subtype, given;
    std::vector<std::pair<std::string, std::string>> params;
    if (rng() % 5) {
      type = random_token(rng);
      subtype = random_token(rng);
      given = type + "/" + subtype;
    }
    const std::size_t n = rng() % 4;
    for (std::size_t i = 0; i < n; ++i) {
      std::string name = random_token(rng), plain;
      bool seen = lower_ascii(name) == "base64";
      for (const auto& p : params) seen = seen || p.first == lower_ascii(name);
      if (seen) continue;
      given += (rng() % 2 ? "; " : ";") + name + "=" + random_value(rng, plain);
      params.emplace_back(lower_ascii(name), plain);
    }
    const std::string body = random_bytes(rng, rng() % 64, static_cast<int>(rng() % 2));
    BOOST_TEST_CONTEXT(given) {
      auto url = make_data_url(body, given);
      BOOST_REQUIRE_MESSAGE(url.has_value(), url.error().to_string());
      auto d = parse_data(*url, in(mode::strict));
      BOOST_REQUIRE_MESSAGE(d, *url << ": " << d.error().to_string());
      BOOST_TEST(d->decode_body() == body);
      if (!type.empty()) {
        BOOST_TEST(d->type() == lower_ascii(type));
        BOOST_TEST(d->subtype() == lower_ascii(subtype));
      }
      if (given.empty())
        BOOST_TEST(d->is_default_type());
      else
        BOOST_TEST(d->parameters() == params);
    }
  }
}

// A media type that starts with "/" has no type: RFC 2045 refuses it (and
// "data://x" would start a server).
BOOST_AUTO_TEST_CASE(make_data_url_media_type_starting_with_a_slash) {
  for (std::string_view type : {"//x;y", "//", "//x/y", "///", "/plain"}) {
    auto u = make_data_url("abc", type);
    BOOST_REQUIRE(!u.has_value());
    BOOST_TEST(u.error().offset == 0u, type);
  }
}

// ---- data_url_writer -------------------------------------------------------------------

namespace {

// The body in `pieces` of these sizes (the last repeated), through a writer
// into a sink of `chunk`-byte pieces; the URL, and whether every piece the
// sink got was non-empty and at most `chunk` bytes.
std::string write_in_pieces(std::string_view bytes, std::string_view type, data_encoding e,
                            const std::vector<std::size_t>& pieces, std::size_t chunk) {
  std::string url;
  bool sized = true;
  auto w = data_url_writer::to_sink(
      [&](std::string_view s) {
        sized = sized && !s.empty() && s.size() <= chunk;
        url.append(s);
        return true;
      },
      type, e, chunk);
  BOOST_REQUIRE(w);
  std::size_t k = 0;
  while (!bytes.empty()) {
    const std::size_t n = std::min(bytes.size(), pieces[std::min(k++, pieces.size() - 1)]);
    BOOST_TEST(w->write(bytes.substr(0, n)));
    bytes.remove_prefix(n);
  }
  BOOST_TEST(w->finish());
  BOOST_TEST(sized);
  BOOST_TEST(w->size() == url.size());
  return url;
}

// The same into a string.
std::string append_in_pieces(std::string_view bytes, std::string_view type, data_encoding e,
                             std::size_t piece) {
  std::string url = "kept:";
  auto w = data_url_writer::to_string(url, type, e);
  BOOST_REQUIRE(w);
  for (std::size_t i = 0; i < bytes.size(); i += piece)
    BOOST_TEST(w->write(bytes.substr(i, piece)));
  BOOST_TEST(w->finish());
  BOOST_TEST(w->size() == url.size() - 5);
  BOOST_TEST(url.substr(0, 5) == "kept:");  // appended to what was there
  return url.substr(5);
}

}  // namespace

// Whatever the pieces in and the chunks out, the writer writes make_data_url's
// URL: 1, 2, 3 and 4 bytes at a time (a base64 group finished by the next
// piece, or by the one after), random splits, empty pieces, in both
// encodings, with and without a media type; and the other encoding than the
// shorter one is the URL RFC 2397 2 describes for it.
BOOST_AUTO_TEST_CASE(writer_in_any_pieces_gives_make_data_url) {
  std::mt19937 rng(2017);
  std::size_t base64_seen = 0, percent_seen = 0;
  for (std::size_t n : {0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u, 31u, 100u, 1000u, 4099u}) {
    for (int kind : {0, 1}) {
      const std::string bytes = random_bytes(rng, n, kind);
      for (std::string_view type : {"", "text/plain; charset=\"a b\""}) {
        const std::string made = make_data_url(bytes, type).value();
        data_body_measure m;
        for (std::size_t i = 0; i < bytes.size(); i += 5)
          m.add(std::string_view(bytes).substr(i, 5));
        BOOST_TEST(m.size() == n);
        const data_encoding shorter = m.shorter();
        (shorter == data_encoding::base64 ? base64_seen : percent_seen) += 1;
        // make_data_url's header without its flag, then each encoding as
        // RFC 2397 2 writes it.
        const std::size_t flag = shorter == data_encoding::base64 ? 8 : 1;  // ";base64," or ","
        const std::string type_part = made.substr(0, made.size() - m.encoded_size(shorter) - flag);
        auto url_in = [&](data_encoding e) {
          return e == data_encoding::base64 ? type_part + ";base64," + base64::encode(bytes)
                                            : type_part + "," + encode(bytes, component::query);
        };
        BOOST_TEST(url_in(shorter) == made);
        for (const data_encoding e : {data_encoding::base64, data_encoding::percent}) {
          const std::string expected = url_in(e);
          BOOST_TEST_CONTEXT("n " << n << ", kind " << kind << ", type " << type << ", "
                                  << (e == data_encoding::base64 ? "base64" : "percent")) {
            for (std::size_t piece : {1u, 2u, 3u, 4u, 5u, 64u}) {
              for (std::size_t chunk : {1u, 2u, 3u, 4u, 5u, 7u, 65536u})
                BOOST_TEST(write_in_pieces(bytes, type, e, {piece}, chunk) == expected,
                           "pieces of " << piece << ", chunks of " << chunk);
              BOOST_TEST(append_in_pieces(bytes, type, e, piece) == expected,
                         "pieces of " << piece);
            }
            for (int round = 0; round < 20; ++round) {
              std::vector<std::size_t> split;
              for (std::size_t total = 0; total < n; total += split.back())
                split.push_back(rng() % 9);  // empty pieces too
              split.push_back(1);
              const std::size_t chunk = 1 + rng() % 20;
              BOOST_TEST(write_in_pieces(bytes, type, e, split, chunk) == expected,
                         "random split " << round << ", chunks of " << chunk);
            }
          }
        }
      }
    }
  }
  BOOST_TEST(base64_seen > 0u);
  BOOST_TEST(percent_seen > 0u);
}

// The writer's media type errors are make_data_url's, and nothing is written
// then; a sink that stops ends the writing; a writer with no target writes
// nothing.
BOOST_AUTO_TEST_CASE(writer_errors_and_stops) {
  for (std::string_view type : {"text", "text/plain;base64", "/plain", "text/plain;a=\"\""}) {
    std::size_t called = 0;
    auto w = data_url_writer::to_sink(
        [&](std::string_view) {
          ++called;
          return true;
        },
        type, data_encoding::base64);
    BOOST_REQUIRE(!w);
    BOOST_TEST(w.error().offset == make_data_url("x", type).error().offset, type);
    BOOST_TEST(w.error().message() == make_data_url("x", type).error().message(), type);
    std::string out;
    BOOST_TEST(!data_url_writer::to_string(out, type, data_encoding::percent));
    BOOST_TEST(out.empty());
    BOOST_TEST(called == 0u);
  }

  // The sink stops at 20 bytes: nothing more is handed to it.
  std::string got;
  std::size_t after_stop = 0;
  auto w = data_url_writer::to_sink(
      [&](std::string_view s) {
        after_stop += got.size() >= 20 ? 1 : 0;
        got.append(s);
        return got.size() < 20;
      },
      "", data_encoding::percent, 8);
  BOOST_REQUIRE(w);
  BOOST_TEST(w->write(std::string(10, 'a')));
  BOOST_TEST(!w->write(std::string(100, 'b')));
  BOOST_TEST(!w->write("c"));
  BOOST_TEST(!w->finish());
  BOOST_TEST(after_stop == 0u);
  BOOST_TEST(got.size() >= 20u);
  BOOST_TEST(got.size() < 28u);
  BOOST_TEST(got ==
             ("data:," + std::string(10, 'a') + std::string(100, 'b')).substr(0, got.size()));
  BOOST_TEST(w->size() == got.size());

  std::string url;
  auto s = data_url_writer::to_string(url, "", data_encoding::base64);
  BOOST_REQUIRE(s);
  BOOST_TEST(s->write("ab"));
  BOOST_TEST(s->finish());
  BOOST_TEST(s->finish());  // again: nothing more
  BOOST_TEST(!s->write("c"));
  BOOST_TEST(url == "data:;base64,YWI=");

  data_url_writer none;
  BOOST_TEST(!none.write("x"));
  BOOST_TEST(!none.finish());
  BOOST_TEST(none.size() == 0u);
  data_url_writer moved = std::move(*s);
  BOOST_TEST(moved.size() == url.size());
}

// Encoding in pieces takes one chunk of memory, whatever the body's size: a
// body of 1 MiB and one of 32 MiB are written with the same allocations, and
// no more bytes live at once than the chunk and the writer itself.
// make_data_url takes the URL's size, once.
BOOST_AUTO_TEST_CASE(writer_memory_is_one_chunk) {
  constexpr std::size_t mib = std::size_t{1} << 20;
  constexpr std::size_t chunk = 4096;
  constexpr std::size_t slack = 4096;  // the writer, its header and the sink
  std::string bytes(32 * mib, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<char>((i * 2654435761u) >> 13);
  for (const data_encoding e : {data_encoding::base64, data_encoding::percent}) {
    BOOST_TEST_CONTEXT((e == data_encoding::base64 ? "base64" : "percent")) {
      auto url_of = [e](std::string_view body) {
        return e == data_encoding::base64
                   ? "data:application/octet-stream;base64," + base64::encode(body)
                   : "data:application/octet-stream," + encode(body, component::query);
      };
      std::size_t calls[2] = {};
      for (const std::size_t size : {mib, bytes.size()}) {
        const std::string_view body = std::string_view(bytes).substr(0, size);
        const std::string url = url_of(body);
        std::size_t at = 0;
        bool same = true;
        const byte_sink compare = [&](std::string_view piece) {
          same = same && piece.size() <= chunk && url.compare(at, piece.size(), piece) == 0;
          at += piece.size();
          return true;
        };
        const auto st = urlkit_test::allocation_stats_of([&] {
          auto w = data_url_writer::to_sink(compare, "application/octet-stream", e, chunk);
          // 64 KiB pieces that split base64 groups (65536 = 3 * 21845 + 1).
          constexpr std::size_t piece = std::size_t{64} * 1024;
          for (std::size_t i = 0; i < body.size(); i += piece) w->write(body.substr(i, piece));
          w->finish();
        });
        BOOST_TEST(same);
        BOOST_TEST(at == url.size());
        BOOST_TEST(st.peak_live_bytes <= chunk + slack, size);
        calls[size == mib ? 0 : 1] = st.calls;
      }
      BOOST_TEST(calls[0] == calls[1]);

      if (e == data_encoding::base64) {  // random bytes: base64 is the shorter
        result<std::string> made = std::string();
        const auto ms = urlkit_test::allocation_stats_of(
            [&] { made = make_data_url(bytes, "application/octet-stream"); });
        BOOST_TEST((*made == url_of(bytes)));
        // The URL, reserved with room for the media type's 24 bytes escaped.
        BOOST_TEST(ms.peak_live_bytes <= made->size() + std::size_t{3} * 24 + slack);
      }
    }
  }
}

// ---- RFC 2397 section 6 --------------------------------------------------------------

BOOST_AUTO_TEST_CASE(refused_types) {
  data_options o;
  o.refused_types = {"image/*", "Text/HTML", "application/x-script; charset=x"};
  for (const char* url : {"data:image/gif;base64,R0lG", "data:IMAGE/PNG,x", "data:text/html,<b>",
                          "data:application/X-Script,x"}) {
    auto d = parse_data(url, o);
    BOOST_REQUIRE(!d);
    BOOST_TEST(d.error().code == error_code::refused_media_type, url);
    BOOST_TEST(d.error().offset == 5u);
  }
  for (const char* url : {"data:,x", "data:text/plain,x", "data:text/htmlx,x", "data:imagex/gif,x"})
    BOOST_TEST(parse_data(url, o).has_value(), url);
  // The effective type counts: the default is text/plain.
  o.refused_types = {"text/plain"};
  BOOST_TEST(!parse_data("data:,x", o));
  BOOST_TEST(!parse_data("data:nonsense,x", o));
  BOOST_TEST(parse_data("data:text/csv,x", o).has_value());
  // A reader refuses before any of the body is delivered.
  const read_result r = read_in_pieces("data:text/plain,secret", 3, 7, o);
  BOOST_TEST(!r.ok);
  BOOST_TEST(r.body.empty());
  BOOST_TEST(r.err.code == error_code::refused_media_type);
}

// ---- the reader ---------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(reader_ends) {
  // The fragment ends the body; what follows it is not read as body.
  auto r = read_in_pieces("data:,ab#cd,ef", 1);
  BOOST_REQUIRE(r.ok);
  BOOST_TEST(r.body == "ab");
  // Trailing C0 controls and spaces end the URL; inner ones are body.
  r = read_in_pieces("\n data:,a b \t\x01 \n", 2);
  BOOST_REQUIRE(r.ok);
  BOOST_TEST(r.body == "a b");
  // A server may hold a ",": the server is read whole first.
  r = read_in_pieces("data://a,b:x/,X", 1);
  BOOST_TEST(!r.ok);
  r = read_in_pieces("data://a,b/x", 4);
  BOOST_REQUIRE(r.ok);
  BOOST_TEST(r.body == "b/x");
  BOOST_TEST(r.media_type == default_type);
  // No ",": a failure at the end.
  r = read_in_pieces("data:text/plain  ", 3);
  BOOST_TEST(!r.ok);
  BOOST_TEST(r.err.offset == 15u);
  // Not a data: URL.
  r = read_in_pieces("http://example.com/,x", 4);
  BOOST_TEST(!r.ok);
  // Strict mode checks the body too.
  r = read_in_pieces("data:,a%zz", 2, 7, in(mode::strict));
  BOOST_TEST(!r.ok);
  BOOST_TEST(r.err.offset == 7u);
  r = read_in_pieces("data:,a b", 2, 7, in(mode::strict));
  BOOST_TEST(!r.ok);
}

// ---- scheme_data ----------------------------------------------------------------------

// The values the CLI's scheme_data shows (the body there as base64), from
// the view of a URL parse_absolute parsed; the registry checks the same URL.
BOOST_AUTO_TEST_CASE(view_values) {
  auto u = parse_absolute("data:Text/Plain;Charset=UTF-8;base64,AP8=");
  BOOST_REQUIRE(u);
  BOOST_TEST(scheme_registry::standard().check(*u).has_value());
  auto v = parse_data(*u);
  BOOST_REQUIRE(v);
  BOOST_TEST(v->media_type() == "text/plain;charset=UTF-8");
  BOOST_TEST(v->type() == "text");
  BOOST_TEST(v->subtype() == "plain");
  BOOST_TEST(
      (v->parameters() == std::vector<std::pair<std::string, std::string>>{{"charset", "UTF-8"}}));
  BOOST_TEST(v->is_base64());
  BOOST_TEST(v->decode_body() == std::string("\0\xff", 2));
  BOOST_TEST(base64::encode(v->decode_body()) == "AP8=");
  BOOST_TEST(scheme_registry::standard().find("DATA") != nullptr);
  BOOST_TEST(!scheme_registry::standard().find("data")->default_port());
}

BOOST_AUTO_TEST_CASE(wrong_scheme) {
  auto u = parse_absolute("http://h/,x");
  BOOST_REQUIRE(u);
  auto d = parse_data(*u);
  BOOST_REQUIRE(!d);
  BOOST_TEST(d.error().code == error_code::scheme_syntax);
}

BOOST_AUTO_TEST_SUITE_END()
