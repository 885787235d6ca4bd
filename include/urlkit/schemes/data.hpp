// urlkit — data: URLs (RFC 2397).
//
//   data:[<mediatype>][;base64],<data>
//
// Two readings (docs/schemes/data.md):
// - RFC 2397's grammar (section 3), checked in both modes: strict mode
//   refuses what it refuses, with the offset and the production; lenient
//   mode reports the first departure as a warning and goes on.
// - The processing algorithm that today's data: URL conformance files test
//   (a URL parser's clean-up, split at the first ",", percent-decode, a
//   trailing ";base64" of any case, forgiving base64, "parse a MIME type" with
//   text/plain;charset=US-ASCII when it fails).  Its results are what the
//   view gives: media type, parameters, body.
// The two agree on every URL that RFC 2397's grammar accepts.
//
// The body is decoded on demand: into a caller's buffer, a std::string, or a
// sink in chunks, so that a large URL is decoded in bounded memory; and
// data_url_reader decodes a URL that is read in pieces (a file, a pipe)
// without ever holding all of it.  The other way, data_url_writer writes a
// URL as its body arrives, in bounded memory too; make_data_url is it over a
// whole body.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urlkit/export.hpp"
#include "urlkit/mime_type.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/scheme_view.hpp"
#include "urlkit/schemes/view_parser.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// How a data: URL is read (parse_data, data_url_reader).
struct data_options {
  /// Strict: RFC 2397's grammar refuses, lenient (the default): a warning.
  urlkit::mode mode = mode::lenient;
  /// Receives each warning; none by default.
  warning_sink on_warning{};
  /// RFC 2397 6: "An application should not interpret the contents of a data
  /// URL which is marked with a media type that has been disallowed for
  /// processing by the application's configuration."  Entries are
  /// "type/subtype" or "type/*" (ASCII case-insensitive; parameters, if any,
  /// are ignored); a URL whose effective media type matches one is
  /// error_code::refused_media_type.
  std::vector<std::string> refused_types;
};

/// The media type of a data: URL as the processing algorithm gives it.
struct data_media {
  /// The effective media type: text/plain;charset=US-ASCII when the URL's
  /// did not parse or was omitted ("If <mediatype> is omitted, it defaults
  /// to text/plain;charset=US-ASCII", RFC 2397 2).
  mime_type mime;
  /// Whether the URL's own media type was omitted or did not parse.
  bool is_default = false;
  /// Whether the mediatype part ended in ";base64" (any case).
  bool base64 = false;
};

/// A data: URL (RFC 2397), read by the processing algorithm: its media type,
/// and its body decoded on request.  Borrows the caller's text, as every
/// view does, and owns only its media type, read once.
class data_view : public scheme_view {
 public:
  /// The size of the pieces a body is decoded in unless the caller says.
  static constexpr std::size_t default_chunk = std::size_t{64} * 1024;

  /// An empty view (what a failed result holds).
  data_view() = default;

  /// Lower case; "text" and "plain" for the default.
  const std::string& type() const noexcept { return media_.mime.type; }
  /// Lower case; "plain" for the default.
  const std::string& subtype() const noexcept { return media_.mime.subtype; }
  /// In order, names lower case, values as written (escapes kept: the
  /// processing does not decode the mediatype part).
  const std::vector<std::pair<std::string, std::string>>& parameters() const noexcept {
    return media_.mime.parameters;
  }
  /// The effective media type (RFC 2397 2), type, subtype and parameters.
  const mime_type& mime() const noexcept { return media_.mime; }
  /// Whether the URL's own media type was omitted or did not parse.
  bool is_default_type() const noexcept { return media_.is_default; }
  /// Whether the body is base64 (";base64" before the ",", RFC 2397 3).
  bool is_base64() const noexcept { return media_.base64; }
  /// The effective media type, serialized: "text/plain;charset=US-ASCII".
  std::string media_type() const { return media_.mime.to_string(); }

  /// The body as written: after the first ",", up to the fragment.
  std::string_view encoded_body() const noexcept { return body_; }
  /// The size of the decoded body.
  std::size_t body_size() const noexcept { return body_size_; }

  /// Decodes the body into `out` (at least body_size() bytes, else
  /// error_code::buffer_too_small); returns body_size().
  result<std::size_t> decode_body_to(std::span<char> out) const;
  /// The body decoded (percent-decoded, then base64-decoded when
  /// is_base64()) into a new string of body_size() bytes.  A call that
  /// allocates, not an accessor: a decoded part read through an accessor is
  /// a decode_view (docs/guide.md, "Names"), and base64 is not decoded as it
  /// is read.
  std::string decode_body() const;
  /// Decodes the body and hands it to `sink` in pieces of at most `chunk`
  /// bytes, using O(chunk) memory whatever the body's size; returns the bytes
  /// handed over (fewer when the sink stopped).
  result<std::size_t> decode_body(const byte_sink& sink, std::size_t chunk = default_chunk) const;

 private:
  friend struct view_parser<data_view, data_options>;
  // parse_data's checks (src/data/data.cpp).
  static result<data_view> from_url(const url_view& url, const data_options& options);
  // parse_data's reading of a string.
  static result<data_view> from_string(std::string_view s, const data_options& options);
  explicit data_view(const url_view& u) noexcept : scheme_view(u) {}
  data_media media_;
  std::string_view body_{};
  std::size_t body_offset_ = 0;  // of body_ in the URL's text
  std::size_t body_size_ = 0;
};

/// Reads `url` (whose scheme is "data") both ways: RFC 2397's grammar in
/// `options.mode`, then the processing algorithm, which also checks the body
/// (bad base64 is an error: error_code::bad_base64, at its offset in the URL).
/// The view should come from a lenient parse with
/// parse_options::accept_excluded, since the processing takes spaces and
/// controls as data; the string overload does that.
/// parse_data(s) strips what a URL parser strips (leading and trailing C0 controls and
/// spaces), parses `s` (which must outlive the result) as an absolute URL
/// (lenient: with accept_excluded) and reads it as above.
/// The calls are view_parser's.
inline constexpr view_parser<data_view, data_options> parse_data{};

/// The processing algorithm over a URL that arrives in pieces: the part
/// before the first "," is held until it is complete, then every further
/// piece is decoded as it comes and handed to the sink, so memory stays
/// bounded however long the body is.  Gives the same media type and body as
/// parse_data of the whole URL.  Since output is streamed, a body that turns
/// out to be bad base64 at its end has already been partly delivered.
class data_url_reader {
 public:
  /// A reader that hands the body to its sink in pieces of at most `chunk` bytes.
  explicit data_url_reader(data_options options = {}, std::size_t chunk = data_view::default_chunk);
  ~data_url_reader();
  /// Takes over the state of the reader moved from.
  data_url_reader(data_url_reader&&) noexcept;
  /// Takes over the state of the reader moved from.
  data_url_reader& operator=(data_url_reader&&) noexcept;

  /// The next piece of the URL's text; returns the body bytes handed to the
  /// sink so far.  Errors are those of parse_data, with offsets counted from
  /// the start of the whole text; after one, the reader stays failed.  (A
  /// text that does not start with "data:" fails as soon as that shows, with
  /// the error parse_data gives for what has been read so far.)
  result<std::size_t> write(std::string_view piece, const byte_sink& sink);
  /// The end of the URL; returns the size of the whole body.
  result<std::size_t> finish(const byte_sink& sink);

  /// The media type, once the part before the first "," has been read
  /// (nullptr before).
  const data_media* media() const noexcept;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// A data: URL whose body is `bytes`: "data:" mediatype [";base64"] "," data,
/// in base64 or percent-encoded, whichever is shorter (percent-encoding when
/// they tie).  Percent-encoding keeps RFC 2396 urlchars as they are and writes
/// every other byte as %XX.
///
/// `media_type` is read with RFC 2045's grammar as RFC 2397 3 uses it:
/// [ type "/" subtype ] *( ";" attribute "=" value ), tokens or quoted-string
/// values, white space between them; empty is the default
/// text/plain;charset=US-ASCII.  It is written in RFC 2397's URL form (a
/// token character that is not a urlchar, and a value's tspecials, as %XX
/// "instead of quoted string"), so the URL is one the strict reader takes,
/// with the same type and parameters.  What does not fit is an error
/// (data_syntax or mime_syntax) at its offset in `media_type`: "text" (no
/// subtype), a parameter without "=" (";base64" among them: RFC 2397's flag,
/// not a parameter), a non-token, a non-ASCII value.
result<std::string> make_data_url(std::string_view bytes, std::string_view media_type = "");

/// How a data: URL's body is written (RFC 2397 2).
enum class data_encoding : std::uint8_t {
  /// RFC 2396 urlchars as they are, every other byte as %XX.
  percent,
  /// ";base64", then RFC 2045 6.8's base64 with padding.
  base64,
};

/// "percent" or "base64": the enumerator's name, as every public enum is
/// named (docs/guide.md, "Names"); empty past the enumeration.
std::string_view to_string(data_encoding e) noexcept;
/// Prints to_string() of `e` (a value outside the enumeration: "data_encoding(N)").
std::ostream& operator<<(std::ostream& os, data_encoding e);

/// The sizes of both encodings of a body seen in pieces, and the choice
/// make_data_url makes from them: base64 when its URL is shorter ("," against
/// ";base64,"), percent-encoding when they tie.  A writer that must pick
/// before it writes can measure the body first (a file read twice).
class data_body_measure {
 public:
  /// The next piece of the body.
  void add(std::string_view bytes) noexcept;
  /// The body's bytes so far.
  std::size_t size() const noexcept { return bytes_; }
  /// The encoded body after the "," (percent) or ";base64," (base64).
  std::size_t encoded_size(data_encoding e) const noexcept;
  /// The encoding whose URL is shorter.
  data_encoding shorter() const noexcept;

 private:
  std::size_t bytes_ = 0;
  std::size_t percent_ = 0;
};

/// A data: URL written as its body arrives, in bounded memory: the header
/// ("data:" mediatype [";base64"] ","), then each piece of the body encoded
/// as it comes, base64 carrying the 0-2 bytes of an unfinished group from
/// one piece to the next.  Whatever the pieces, the URL is make_data_url's
/// for the same bytes, media type and encoding; make_data_url writes
/// through one.
class data_url_writer {
 public:
  /// Writes to `sink` in pieces of at most `chunk` bytes, from one buffer of
  /// that size.  The media type is read as make_data_url reads it, with the
  /// same errors; the header goes out with the body's first bytes.
  static result<data_url_writer> to_sink(byte_sink sink, std::string_view media_type,
                                         data_encoding encoding,
                                         std::size_t chunk = data_view::default_chunk);
  /// Appends to `out`, which must outlive the writer, as the pieces come;
  /// the header at once.
  static result<data_url_writer> to_string(std::string& out, std::string_view media_type,
                                           data_encoding encoding);

  /// A writer with no target, as a moved-from one is: write() and finish()
  /// return false.
  data_url_writer() noexcept;
  ~data_url_writer();
  /// Takes over the target and state of the writer moved from, which has no
  /// target then.
  data_url_writer(data_url_writer&&) noexcept;
  /// Takes over the target and state of the writer moved from, which has no
  /// target then.
  data_url_writer& operator=(data_url_writer&&) noexcept;

  /// The next piece of the body; false once the sink has returned false
  /// (nothing more is written then).
  bool write(std::string_view bytes);
  /// The end of the body: the last base64 group and its padding, and what
  /// the buffer holds, go out.  After it, write() returns false and writes
  /// nothing, and finish() does nothing.
  bool finish();
  /// The bytes of the URL handed to the sink (or appended) so far: after
  /// finish(), the URL's size, unless the sink stopped.
  std::size_t size() const noexcept;

 private:
  struct impl;
  explicit data_url_writer(std::unique_ptr<impl> p) noexcept;
  std::unique_ptr<impl> impl_;
};

}  // namespace urlkit
URLKIT_END_API
