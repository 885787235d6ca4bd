// The streaming HTML tokenizer of the link rewriter: HTML's tokenization
// (WHATWG HTML, "Tokenization"), fed chunks of any size, in memory bounded
// by the longest start tag.  It reads what a link rewriter needs and passes
// every other byte through untouched: start tags whole, with their
// attributes as written; end tag names; and it skips over comments,
// DOCTYPEs, CDATA sections and the text of raw text, RCDATA, script and
// plaintext elements exactly where HTML does, so that a "<a href>" inside
// them is not taken for a tag.  Which elements switch it into those modes
// is the tree construction's decision: its client says (tree_builder.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/html.hpp"

namespace urlkit::html::detail {

/// How the tokenizer reads the text after a start tag (HTML, "parsing
/// HTML documents": the state the tree construction switches the tokenizer
/// to).
enum class text_mode : std::uint8_t {
  data,       ///< markup: tags, comments, ...
  rcdata,     ///< title, textarea: text and character references, up to the end tag
  rawtext,    ///< style, xmp, iframe, noembed, noframes: text up to the end tag
  script,     ///< script: script data, with its escaped states
  plaintext,  ///< plaintext: text to the end of the document
};

/// Lines and columns over a stream: lines end at LF, CRLF or a lone CR;
/// columns count bytes.
class line_counter {
 public:
  /// Counts the bytes `bytes`, which start at document offset `offset`
  /// (each call continues where the last one ended).
  void advance(std::string_view bytes) noexcept;
  /// The position of the byte `offset`, which is `next` (the byte there;
  /// 0 at the end): every byte before it has been counted.
  position at(std::uint64_t offset, char next) const noexcept;
  /// How many bytes are counted.
  std::uint64_t counted() const noexcept { return counted_; }

 private:
  std::uint64_t counted_ = 0;  // bytes counted
  std::uint64_t line_ = 1;
  std::uint64_t line_start_ = 0;  // offset of the line's first byte
  bool cr_ = false;               // the last byte counted is a CR
};

/// One attribute of a start tag, as written: offsets in start_tag::text.
struct tag_attribute {
  std::uint32_t name_begin = 0, name_end = 0;
  /// The value as written, quotes included; has_value is false for an
  /// attribute written without one ("<a href>").
  std::uint32_t value_begin = 0, value_end = 0;
  char quote = 0;  ///< '"', '\'', or 0 when unquoted
  bool has_value = false;
  bool upper_name = false;  ///< its name has an upper-case letter as written
};

/// A start tag, whole: from its "<" to its ">".
struct start_tag {
  /// Bytes before its "<" not yet given to text(): passed on before it.
  std::string_view before;
  std::string_view text;      ///< the tag as written
  std::uint64_t offset = 0;   ///< of its "<" in the document
  std::string_view name;      ///< lower case (ASCII), as the tokenizer reads it
  bool self_closing = false;  ///< written "<x/>"
  /// The attributes, duplicates removed (the first of a name wins: HTML,
  /// "attribute name state"), in the order written.
  std::span<const tag_attribute> attributes;
  /// Attribute i's name in lower case (ASCII).
  std::span<const std::string_view> names;
};

/// What the tokenizer tells, and asks, the one who reads its tokens.
class token_sink {
 public:
  /// Bytes that are not a start tag, in document order: to be passed on.
  virtual void text(std::string_view bytes) = 0;
  /// A start tag; returns how the text after it is read (the tree
  /// construction's switch).  The client passes the tag's bytes on itself,
  /// after tag.before.  (The text before a tag comes with it, one call where
  /// there were two.)
  virtual text_mode start(const start_tag& tag) = 0;
  /// An end tag's name, lower case, once the tag is complete; `before`: the
  /// bytes up to its ">" not yet given to text() (the tag's, and text before
  /// it), to be passed on first.
  virtual void end(std::string_view name, std::string_view before) = 0;
  /// Whether "<![CDATA[" opens a CDATA section here: HTML, "markup
  /// declaration open state": when the adjusted current node is not an
  /// element in the HTML namespace.
  virtual bool in_foreign_content() const = 0;
  /// Whether characters() is to be called (it costs a look at each piece of
  /// text between tags).  Once false, it is false for the rest of the
  /// document: the tokenizer stops asking.
  virtual bool wants_characters() const { return false; }
  /// Text between tags in the data state (HTML's character tokens there),
  /// when wants_characters(); its bytes are given to text() too.
  virtual void characters(std::string_view bytes) { (void)bytes; }
  /// The bytes given to text() and start() so far are views of a buffer
  /// that changes after this call: a client that kept them copies them now.
  virtual void end_of_buffer() {}

 protected:
  ~token_sink() = default;
};

/// HTML's tokenizer over a document that arrives in chunks.
class tokenizer {
 public:
  /// The longest start tag it holds whole (its attributes are read when
  /// it is complete): a longer one fails the document
  /// (error_code::tag_too_large).  Every other token streams.
  static constexpr std::size_t default_max_tag = std::size_t{64} << 20;

  explicit tokenizer(token_sink& sink, std::size_t max_tag = default_max_tag);

  /// The next chunk.  False when a start tag grew past max_tag (the
  /// tokenizer then reads no more; failed_at() says where it began).
  bool write(std::string_view chunk);
  /// The end of the document: what is held is passed on (a tag cut by the
  /// end of the document is no tag: HTML's "eof-in-tag").
  void finish();

  /// The offset of the "<" of the start tag that grew too long.
  std::uint64_t failed_at() const noexcept { return failed_at_; }
  /// The position (line, column) of document offset `offset`, during a
  /// callback: of a byte of the start tag given to start(), or of the end of
  /// the bytes given to text().  The offsets asked for never go back; lines
  /// are counted as they are asked for, and over whole chunks in between.
  position position_of(std::uint64_t offset) noexcept;

  /// Bytes held now (a start tag not yet complete, or a few bytes of
  /// lookahead): what memory the document costs beyond a constant.
  std::size_t held() const noexcept { return held_.size(); }

 private:
  enum class state : std::uint8_t;

  // Runs the state machine over `text` (whose byte 0 is at document offset
  // `base`) from `pos`; returns the index from which bytes must be held.
  std::size_t run(std::string_view text, std::uint64_t base, bool eof);
  std::size_t run_states(std::string_view text, std::uint64_t base, bool eof);
  // Counts lines up to `offset`, in the text being run.
  void count_to(std::uint64_t offset) noexcept;
  // The start tag being read: resumes at tag_pos_; true when complete.
  template <bool Discard>
  bool scan_tag(std::string_view tag);
  void begin_tag(bool end_tag);
  // `before`: how many bytes before the tag are not yet given to text().
  void finish_start_tag(std::string_view tag, std::uint64_t offset, std::size_t before);
  std::size_t drop_duplicates(std::size_t count);
  void switch_to(text_mode mode);
  bool wants_characters() noexcept {
    return wants_characters_ && (wants_characters_ = sink_.wants_characters());
  }

  token_sink& sink_;
  std::size_t max_tag_;
  line_counter lines_;          // counted up to the text being run, or into it
  std::string_view run_text_;   // the text being run
  std::uint64_t run_base_ = 0;  // its offset in the document
  std::string held_;            // bytes from held_base_ that are not passed on yet
  std::uint64_t held_base_ = 0;
  std::uint64_t failed_at_ = 0;
  bool failed_ = false;
  bool wants_characters_ = true;  // sink_.wants_characters(), until once false
  state state_;
  text_mode mode_ = text_mode::data;

  // The tag being read (positions from its "<").
  std::uint8_t tag_state_ = 0;
  std::size_t tag_pos_ = 0;
  bool end_tag_ = false;
  bool self_closing_ = false;
  std::vector<tag_attribute> attributes_;
  // The attributes' names, lower case, made when the tag is complete: views
  // of the tag where it has no upper-case letter, else of lowered_.
  std::vector<std::string_view> names_;
  std::string lowered_;
  std::string tag_name_;       // lower case: an end tag's, or a start tag's written in upper case
  std::string_view end_name_;  // an end tag's name, lower case (scan_tag)
  std::size_t name_end_ = 0;   // a start tag's name ends here (from its "<")
  bool name_upper_ = false;    // a start tag's name has an upper-case letter
  std::string last_start_;     // the name an end tag must have to close rawtext, rcdata, script
  // In rcdata, rawtext and script data: how much of "</name" matched, the
  // script states' temporary buffer.
  std::size_t matched_ = 0;
  std::string temp_;
};

}  // namespace urlkit::html::detail
