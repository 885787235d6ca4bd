// urlkit::html — the link absolutizer: every URL-valued attribute of an HTML
// document resolved against the document's base URL (draft-fielding-uri-url-00
// sections 5 and 6, Appendix D) and rewritten in place.
//
// Part of the urlkit_html library (CMake target urlkit::html), which reads
// HTML as a stream: a tokenizer and a small simulation of HTML's tree
// construction, in memory that does not grow with the document (docs/html.md,
// "How the stream reads HTML").  The document is changed only
// inside the attribute values it rewrites: every other byte is left as it was.
// See docs/html.md for the attribute list and the decisions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urlkit/base.hpp"
#include "urlkit/error.hpp"
#include "urlkit/export.hpp"
#include "urlkit/result.hpp"

URLKIT_BEGIN_API
/// The HTML link absolutizer (draft 5 and 6, Appendix D): the urlkit_html
/// library.
namespace urlkit::html {

/// The longest start tag the HTML tools read, in bytes: a start tag is held
/// whole until its ">" (its attributes are rewritten then), while every
/// other byte streams.  A longer one fails the document with
/// error_code::tag_too_large at its "<" (docs/html.md, "Limits"); nothing
/// else about a document is limited, its size and depth included.
inline constexpr std::size_t max_tag_size = std::size_t{64} << 20;

/// How an attribute holds its URLs.
enum class url_list : std::uint8_t {
  single,           ///< the whole value is one URL (white space around it stripped)
  space_separated,  ///< URLs separated by white space (object archive, head profile, a ping)
  comma_separated,  ///< URLs separated by commas (applet archive)
  srcset,           ///< image candidates: "URL [descriptor]" separated by commas (img srcset)
};

/// "single", "space_separated", "comma_separated" or "srcset": the
/// enumerator's name, as every public enum is named (docs/guide.md,
/// "Names"); empty past the enumeration.
std::string_view to_string(url_list l) noexcept;
/// Prints to_string() of `l` (a value outside the enumeration: "url_list(N)").
std::ostream& operator<<(std::ostream& os, url_list l);

/// One entry of the list of URL-valued attributes.
struct url_attribute {
  /// Lower-case HTML element name; "*svg" / "*math" for any element in SVG
  /// or MathML content.
  std::string_view element;
  /// Lower-case attribute name; "xlink:href" for href in the XLink namespace.
  std::string_view attribute;
  url_list list;  ///< How the value holds its URLs.
  /// Resolved against the element's resolved codebase when it has one
  /// (HTML 4.01 13.3: object classid, data, archive; applet archive).
  bool against_codebase;
  /// Where the attribute is defined ("HTML 4.01", "HTML5", ...).
  std::string_view source;
  /// "a href", "svg xlink:href": what a warning about one of its URLs names
  /// as its source (warning::source).
  std::string_view label;
};

/// Every URL-valued attribute the absolutizer rewrites, by element and name.
std::span<const url_attribute> url_attributes() noexcept;

/// The url_attribute for an element and attribute name (lower case; element
/// "*svg" / "*math" for foreign content), or nullptr.
const url_attribute* find_url_attribute(std::string_view element,
                                        std::string_view attribute) noexcept;

/// A place in the document: byte offset, and line and column from 1.  Lines
/// end at LF, CRLF or a lone CR; columns count bytes.
struct position {
  std::size_t offset = 0;  ///< Bytes before it.
  std::size_t line = 1;    ///< From 1.
  std::size_t column = 1;  ///< From 1, in bytes.
  /// Same offset, line and column.
  friend bool operator==(const position&, const position&) = default;
};

/// The position of byte `offset` of `document`.
position position_of(std::string_view document, std::size_t offset) noexcept;

/// One URL found in a URL-valued attribute.
struct link {
  std::string element;    ///< lower case
  std::string attribute;  ///< lower case
  /// Where the URL starts in the original document (inside the quotes).
  position where;
  /// [value_begin, value_end): the attribute's value in the original, quotes
  /// included, the same for every URL of one attribute.
  std::size_t value_begin = 0, value_end = 0;  ///< See value_begin.
  /// The URL as the document gives it: character references decoded, the
  /// white space around it removed.
  std::string reference;
  /// What it was resolved against (the document's base, an object's codebase,
  /// or for BASE itself the base of the outer layers).
  std::string base;
  /// urlkit::resolve(base, reference), or the error that left the link as it
  /// is (for BASE, why its href was ignored), its `source` the attribute's
  /// url_attribute::label ("a href"): the parser's or the resolver's error,
  /// its offset in `reference`; a byte HTML's decoding replaced
  /// (invalid_character, its offset in the value as written); for a URL
  /// relative to an object's or applet's codebase that does not resolve, the
  /// codebase's error (source "object codebase").  absolutize_options::on_warning
  /// received each such error as a warning (passed_over), in document order.
  result<std::string> resolved{std::string()};
  /// Whether the document now says `resolved` instead (false when it already
  /// did, when resolution failed, or when the link was kept on purpose).
  bool rewritten = false;
};

/// One change: bytes [begin, end) of the original replaced by `text`.
struct edit {
  /// The bytes replaced: [begin, end) of the original.
  std::size_t begin = 0, end = 0;  ///< See begin.
  std::string text;                ///< What replaces them.
  /// Same range and text.
  friend bool operator==(const edit&, const edit&) = default;
};

/// Receives a link as it is read (absolutize_options::on_link).
using link_sink = std::function<void(const link&)>;

/// How absolutize treats a document's links.
struct absolutize_options {
  /// Keep same-document references ("", "#name": draft 3, "a reference to
  /// the current document") as they are instead of absolutizing them.
  bool keep_same_document = false;
  /// How links (and a relative BASE href) resolve: the draft's section 6,
  /// RFC 1808's algorithm, by default, or RFC 3986 5.2 (urlkit::specification).
  specification spec = specification::rfc1808;
  /// Receives a warning for each link left as it is and for a BASE href that
  /// was ignored (passed_over: the error link::resolved holds), in document
  /// order (an absolutizer: as it reads them; absolutize: once the document
  /// is read); none by default.
  warning_sink on_warning{};
  /// Receives each link (every URL of every URL-valued attribute, and the
  /// BASE href), in document order, when on_warning would; none by default.
  link_sink on_link;
  /// on_link receives only the links left as they are (those on_warning
  /// hears of, with where they are).  A reader that only reports problems,
  /// as the CLI does, asks for this: a link record, with its position, is
  /// then made only for them, which saves most of what a link costs.
  bool only_left_as_is = false;
};

/// The outcome of absolutize.
struct absolutized {
  /// The document with every resolvable link made absolute.
  std::string html;
  /// The base the outer layers gave (what absolutize was called with).
  established_base outer;
  /// The document's base: its first BASE href if usable, else `outer`.
  established_base base;
  /// Every URL of every URL-valued attribute, in document order (a link
  /// left as it is says why: link::resolved holds the error).
  std::vector<link> links;
  /// The changes that turn the original into `html`, in order, disjoint.
  std::vector<edit> edits;
};

/// Makes every link of `document` absolute.  The base is the href of the
/// first HTML BASE element that has one (draft 5.1, Appendix D; HTML: the
/// first in the document, outside templates), resolved against `outer` when
/// relative; else `outer`.
///
/// Each URL-valued attribute (url_attributes()) is read as HTML reads it
/// (character references decoded), its URLs resolved with urlkit::resolve
/// and, where the result differs, written back into the attribute's value in
/// the original bytes, in its original quoting ("&" written as "&amp;", the
/// quote as "&quot;" or "&#39;"; an unquoted value is quoted only when the new
/// one could not stand unquoted), its octets above 0x7F written "%HH" (draft
/// 2.2), which a document in any ASCII-compatible encoding reads alike.  Links
/// that do not parse or resolve are left as they are, each a warning
/// (absolutize_options::on_warning; link::resolved's error).  Fails, returning
/// the error and throwing nothing but std::bad_alloc, for a start tag longer
/// than max_tag_size (error_code::tag_too_large), for a document in UTF-16 or
/// UTF-32 (error_code::document_encoding: a byte order mark, or a META charset
/// in the first 1024 bytes; its bytes are not ASCII's) and for an `outer` whose
/// url does not parse (one made by hand: establish_base never gives one; the
/// parser's error, its offset in outer.url).  The same as an absolutizer given
/// the whole document.
result<absolutized> absolutize(std::string_view document, const established_base& outer,
                               const absolutize_options& options = {});

/// The first BASE element with an href (HTML namespace, in tree order, not
/// inside a template).
struct base_href {
  /// The href, character references decoded, white space around it removed;
  /// or, when that is not what the document wrote, the error that says so:
  /// its value holds a character reference and a byte that HTML's decoding
  /// replaced with U+FFFD (a NUL, a byte that is not UTF-8):
  /// invalid_character, source "base href", its offset in the value as
  /// written.  absolutize does not use such a BASE, and neither should a caller.
  result<std::string> href{std::string()};
  position where;  ///< Where the href's URL starts (an empty href: the BASE tag).
};
/// Null when there is none; fails, as absolutize does, only for a start
/// tag longer than max_tag_size (error_code::tag_too_large) or a document in
/// UTF-16 or UTF-32 (error_code::document_encoding).
result<std::optional<base_href>> find_base_href(std::string_view document);

/// find_base_href over a document that arrives in pieces; it reads no
/// further than the first BASE with an href, and holds no more than the
/// longest start tag.
class base_finder {
 public:
  base_finder();
  ~base_finder();
  /// Takes over the state of the finder moved from.
  base_finder(base_finder&&) noexcept;
  /// Takes over the state of the finder moved from.
  base_finder& operator=(base_finder&&) noexcept;

  /// The next piece of the document.  Errors are find_base_href's.
  result<void> write(std::string_view piece);
  /// Whether the BASE has been found: further pieces change nothing.
  bool found() const noexcept;
  /// The end of the document (or of what the caller reads of it): the
  /// first BASE with an href, null for none.
  result<std::optional<base_href>> finish();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// A first look at a document for its BASE, much cheaper than base_finder's
/// reading: whether "<base" (ASCII case ignored) occurs in it at all.  A
/// BASE element's start tag is written so, so a document in which it never
/// occurs has no BASE (base_finder would find none), and its reader can skip
/// base_finder's full reading; where it occurs (perhaps in a comment or a
/// script), base_finder says whether it is a BASE.  Fed in pieces of any size;
/// holds 4 bytes.
class base_tag_scan {
 public:
  /// The next piece of the document.
  void write(std::string_view piece) noexcept;
  /// Whether "<base" has occurred in the pieces so far.
  bool seen() const noexcept { return seen_; }

 private:
  char tail_[4] = {};  // the last bytes of the pieces so far
  std::size_t tail_size_ = 0;
  bool seen_ = false;
};

/// absolutize over a document that arrives in pieces, written out as it is
/// read: memory is a constant plus the longest start tag, however long the
/// document is.
///
/// The base is the first BASE href, which may come after the links it
/// applies to.  Given the document's BASE (or its absence: read the document
/// once with a base_finder first, as the CLI does with a file), the
/// absolutizer writes each piece as it reads it.  Not given it, it holds
/// what it reads until the BASE is found or the document ends: up to
/// `hold_in_memory` bytes in memory, the rest in a temporary file without
/// a name (in the directory TMPDIR names, else /tmp), read back once the
/// base is known (docs/html.md, "Streaming").
class absolutizer {
 public:
  /// How many bytes of a document an absolutizer that does not know the
  /// base yet holds in memory before it writes them to a temporary file.
  static constexpr std::size_t hold_in_memory = std::size_t{4} << 20;

  /// An absolutizer that finds the document's BASE itself (holding input).
  explicit absolutizer(const established_base& outer, absolutize_options options = {});
  /// An absolutizer told the document's first BASE (base_finder's answer,
  /// null for none): it holds nothing.
  absolutizer(const established_base& outer, const std::optional<base_href>& document_base,
              absolutize_options options = {});
  ~absolutizer();
  /// Takes over the state of the absolutizer moved from.
  absolutizer(absolutizer&&) noexcept;
  /// Takes over the state of the absolutizer moved from.
  absolutizer& operator=(absolutizer&&) noexcept;

  /// The next piece of the document; what can be written is handed to `out`.
  /// Errors are absolutize's (offsets from the start of the document); after
  /// one, or after `out` returned false (error_code::output_stopped), the
  /// absolutizer stays failed.
  result<void> write(std::string_view piece, const byte_sink& out);
  /// The end of the document: the rest is handed to `out`.
  result<void> finish(const byte_sink& out);

  /// The document's base (its BASE href, else `outer`), once known: after
  /// finish(), or once the BASE has been read; `outer` before.
  const established_base& base() const noexcept;
  /// The most bytes of the document held in memory at once so far.
  std::size_t peak_held() const noexcept;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// `original` with `edits` applied; they must be in order, disjoint and
/// within `original` (error_code::bad_edit at the first that is not).
result<std::string> apply(std::string_view original, std::span<const edit> edits);

/// The candidate URLs of an attribute value as `list` splits it: [begin, end)
/// byte ranges in `value`.
std::vector<std::pair<std::size_t, std::size_t>> split_urls(std::string_view value, url_list list);

}  // namespace urlkit::html
URLKIT_END_API
