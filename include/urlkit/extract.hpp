// urlkit — URLs in free text (RFC 1738 "APPENDIX: Recommendations for URLs
// in Context"; draft-fielding-uri-url-00 Appendix B).
//
// Text such as mail, news or a printed page holds URLs in three forms:
//
//   <URL:ftp://ds.internic.net/rfc>   wrapped: the recommended wrapper, "URL:" in any case
//   <ftp://ds.internic.net/rfc>       bracketed: the draft's form, angle brackets alone
//   ftp://ds.internic.net/rfc         bare: no wrapper; found by its scheme
//
// Inside a wrapper all white space (spaces, tabs, line breaks) is removed, as
// both appendices require ("The whitespace should be ignored when extracting
// the URL"); inside "<URL:" empty lines too, while a bare "<...>" is given up
// at one.  A line break right after a "-" joins the lines (the appendices'
// hyphen rule) and adds a warning, since "the hyphen may or may not actually
// be part of the URL"; that rule also continues a bare URL onto the next line.
// Bare URLs are trimmed of the sentence punctuation a reader would not take as
// part of them.  A bare URL found inside a "<URL:" wrapper that was given up
// (no ">" within max_length bytes, say) comes with a warning that it may be
// cut short.  docs/extract.md gives every rule and the text behind it.
//
// The extractor is a streaming scanner: feed it chunks of any size and it
// hands out each URL as soon as the text after it shows where it ends.  It
// holds only the candidate being read (at most extract_options::max_length
// bytes) besides the last chunk, never the whole input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/error.hpp"
#include "urlkit/export.hpp"

URLKIT_BEGIN_API
namespace urlkit {

class scheme_registry;

/// One URL found in the text.
struct extracted {
  /// How the URL was delimited.
  enum class how_found : std::uint8_t {
    wrapped,    ///< <URL:...> (RFC 1738 appendix, draft Appendix B)
    bracketed,  ///< <...> (the draft's examples)
    bare,       ///< no wrapper: a known scheme, trimmed of trailing punctuation
  };

  /// The URL, with the white space of line breaks removed.
  std::string url;
  /// Byte offsets in the whole input (over all chunks): [start, end) runs from
  /// the first to the last character of the URL itself, without the wrapper
  /// and the white space around the URL inside it.  With the white space inside
  /// the range removed, those bytes are `url`.
  std::size_t start = 0;
  std::size_t end = 0;  ///< Past the URL's last byte (see start).
  /// The same, including the wrapper ("<" to ">" inclusive); equal to
  /// [start, end) for a bare URL.  For tools that replace the whole wrapper.
  std::size_t outer_start = 0;
  std::size_t outer_end = 0;        ///< Past the wrapper's ">" (see outer_start).
  how_found how = how_found::bare;  ///< How the URL was delimited in the text.
  /// The URL's warnings beyond extract_options::max_warnings, which were not
  /// delivered to extract_options::on_warning.
  std::size_t warnings_not_delivered = 0;

  /// Moves the URL `by` bytes further into the input (its ranges): for a part
  /// of an input scanned on its own (see extract_cut) whose start is `by`
  /// bytes into the whole.  The part's warnings were delivered with offsets
  /// in the part: add `by` to them likewise.
  void shift(std::size_t by) noexcept;

  /// Same URL, ranges and delimiting.
  friend bool operator==(const extracted&, const extracted&) = default;
};

/// "wrapped", "bracketed" or "bare": the enumerator's name, as every public
/// enum is named (docs/guide.md, "Names"); empty past the enumeration.
std::string_view to_string(extracted::how_found h) noexcept;
/// Prints to_string() of `h` (a value outside the enumeration: "how_found(N)").
std::ostream& operator<<(std::ostream& os, extracted::how_found h);

/// What extractor looks for, and its limits.
struct extract_options {
  /// The schemes a bare URL may have: those this registry knows (null: the
  /// standard registry, scheme_registry::standard(): RFC 1738's schemes,
  /// https, ws, wss and data) ...  A bare or bracketed URL with no "//"
  /// after its scheme ("File::Spec", "<xs:all>" are none) must also pass
  /// its scheme's check: this registry's (scheme_handler::check, lenient),
  /// so that what is found is what the registry accepts; when null, what
  /// every URL of the standard scheme holds ("//" after "http:", "/" after
  /// "file:", a "," in data:), since extract does not link the standard
  /// grammars: pass &scheme_registry::standard() for their whole check.
  const scheme_registry* registry = nullptr;
  /// ... and these (any case); none by default, so that the schemes of
  /// urlkit/ports.hpp without a typed view (imap, ldap, ...) are not looked
  /// for unless listed here; they have no check but the generic syntax.
  /// Wrapped URLs may have any scheme, bracketed ones any scheme followed by
  /// "//".
  std::vector<std::string> extra_schemes{};
  /// Longest wrapper or bare URL looked at, in input bytes; a longer one is not
  /// reported (its text is still searched for other URLs; a bare URL that
  /// starts in the first max_length bytes of a "<URL:" gets the warning that
  /// it may be cut short).  Bounds memory.
  std::size_t max_length = std::size_t{1} << 20;
  /// Receives each URL's warnings (the one warning type and delivery of the
  /// library, error.hpp), in input order, right before the URL itself is
  /// handed to the extractor's sink, each `offset` a byte offset in the whole
  /// input: the lenient parser's (draft 2.3.3), the hyphen rule's
  /// (hyphen_line_break) and, first, for a bare URL inside a "<URL:" wrapper
  /// that was given up, wrapper_given_up at the URL's start (`detail` says
  /// why).  A candidate that turns out to be no URL delivers none.
  warning_sink on_warning{};
  /// Warnings delivered per URL, at most (bounds what a candidate holds);
  /// extracted::warnings_not_delivered counts the others.
  std::size_t max_warnings = 16;
};

/// The streaming scanner.  Offsets count from the first byte of the first
/// chunk.  After finish() it is ready for a new stream, offsets from 0.
class extractor {
 public:
  /// Receives each URL, in order of appearance.  May move from it.
  using sink = std::function<void(extracted&)>;

  /// A scanner at the start of a stream.
  explicit extractor(extract_options options = {});

  /// Scans `chunk` (the next bytes of the input) and calls `out` for every URL
  /// that is now complete.
  void feed(std::string_view chunk, const sink& out);
  /// The input has ended: reports the URL still being read, if any.
  void finish(const sink& out);

  /// Bytes held back because a URL (or wrapper) that starts in them is not
  /// complete yet; at most about max_length.
  std::size_t pending() const noexcept { return buf_.size() - pos_; }

  /// Bytes read so far by this extractor (over all its streams), a byte
  /// counted each time it is read: a candidate's text is read again to join
  /// and check it, and the text of a "<" that is no wrapper is read again as
  /// plain text.  At most a constant times the input, whatever the input and the
  /// chunk sizes: the measure that the scan stays linear.
  std::uint64_t scanned() const noexcept { return scanned_; }

 private:
  enum class state : std::uint8_t { text, wrapper, bare, skip };

  void run(bool at_end, const sink& out);
  bool step_text(bool at_end, const sink& out);
  bool step_wrapper(bool at_end, const sink& out);
  bool step_bare(bool at_end, const sink& out);
  bool step_skip();
  void finish_wrapper(std::size_t close, const sink& out);
  void finish_bare(std::size_t stop, const sink& out);
  void deliver(extracted& e, const sink& out);
  bool known_scheme(std::string_view name) const noexcept;
  int byte_before(std::size_t i) const noexcept;
  void compact();
  void reset() noexcept;

  extract_options options_;
  const scheme_registry* registry_;  // null: the standard schemes
  std::vector<warning> warnings_;    // the candidate's, until it is handed out
  std::string buf_;                  // the bytes not yet done with, from stream offset base_
  std::size_t base_ = 0;             // stream offset of buf_[0]
  int prev_ = -1;                    // the byte before buf_[0]; -1 at the start of the stream
  std::size_t pos_ = 0;              // text: next byte to look at; else the candidate's first byte
  std::size_t scan_ = 0;             // wrapper, bare: how far the candidate has been read
  std::size_t ws_ = 0;               // bare, in_ws_: where the white space after a "-" starts
  // A "<URL:" wrapper given up: a bare URL starting before this stream offset
  // lies in it (its text is read again), and gets the warning that
  // given_up_why_ completes.
  std::size_t given_up_end_ = 0;
  const char* given_up_why_ = nullptr;
  std::uint64_t scanned_ = 0;  // see scanned(); not reset by finish()
  unsigned breaks_ = 0;        // line breaks in the current run of white space
  bool in_ws_ = false;         // bare: reading white space after a "-"
  bool url_prefix_ = false;    // wrapper: "<" is followed by "URL:" (any case)
  state state_ = state::text;
};

/// All URLs of `text`, in order of appearance (one extractor run).
std::vector<extracted> extract(std::string_view text, const extract_options& options = {});

/// Where a text may be cut into parts that extractors scan on their own, in
/// parallel, with the URLs (shifted by each part's start: extracted::shift)
/// exactly those of one pass over the whole: the length of the longest prefix
/// of `text` that ends right after such a line feed, or 0 when there is none
/// (`at_end`: `text` is the rest of the input, cut at its end).  A cut is
/// after a line feed that no bare URL continues past (it ends an empty line,
/// or the last byte before it other than white space is not "-") and inside
/// no wrapper (the last "<" before it is not one, or it ended, or is more
/// than `max_length` bytes back, or, after an empty line, it is not
/// "<URL:").  docs/extract.md and docs/scaling.md give the reasoning.  Each
/// byte is looked at a bounded number of times.
std::size_t extract_cut(std::string_view text, bool at_end,
                        const extract_options& options = {}) noexcept;

}  // namespace urlkit
URLKIT_END_API
