// URLs in free text: the streaming scanner of extract.hpp.
//
// The scanner is a small state machine over a buffer that holds the input from
// the start of the candidate being read (a wrapper or a bare URL) to the end
// of the last chunk.  Each state remembers how far it has read, so a candidate
// that spans many chunks is read once, however small the chunks.  Once the
// end of a candidate is known, its text is joined (white space removed),
// trimmed (bare URLs only), validated with the lenient parser and reported.
#include "urlkit/extract.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/names.hpp"

#include <algorithm>
#include <charconv>
#include <ostream>
#include <utility>

#include "core/standard_schemes.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit {
namespace {

// The longest scheme name a bare URL is looked for with; the known ones are
// all far shorter ("prospero").
constexpr std::size_t max_scheme = 16;

// The bound the scanner keeps: extract_options::max_length, at least 8 (so
// that "<URL:x>" can be read at all).
std::size_t effective_max_length(const extract_options& o) noexcept {
  return o.max_length < 8 ? 8 : o.max_length;
}

bool is_alnum(int c) noexcept {
  return detail::ascii::is_alpha(static_cast<char>(c)) ||
         detail::ascii::is_digit(static_cast<char>(c));
}
// scheme = 1*[ lowalpha | digit | "+" | "-" | "." ] (RFC 1738 2.1).
bool is_scheme_char(int c) noexcept {
  return is_alnum(c) || c == '+' || c == '-' || c == '.';
}
// "extra whitespace (spaces, linebreaks, tabs, etc.)" (RFC 1738 appendix).
bool is_ws(int c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
// Never part of a URL (draft 2.3.3: space, controls, "<", ">", <">): ends a
// bare URL.
bool ends_bare(int c) noexcept {
  return c <= 0x20 || c == 0x7f || c == '<' || c == '>' || c == '"';
}
// Cannot be inside a wrapper: a "<" opens another, and <"> and controls other
// than white space are never in a URL (draft 2.3.3), so a "<" that reaches one
// of these before its ">" is not a wrapper.
bool ends_wrapper(int c) noexcept {
  return c == '<' || c == '"' || c == 0x7f || (c < 0x20 && !is_ws(c));
}
// True when `c` starts a line break (LF, CR, or the CR of a CRLF): a CRLF
// counts once.
bool is_break(unsigned char c, unsigned char before) noexcept {
  return c == '\r' || (c == '\n' && before != '\r');
}

// A candidate's text with its white space removed, and where each part of it
// came from, so that offsets in the URL map back to offsets in the input.
struct joined {
  struct piece {
    std::size_t out;  // first index in `text`
    std::size_t in;   // the index in the buffer it came from
  };
  std::string text;
  std::vector<piece> pieces;
  // Indexes in `text` of each "-" that a line break followed (the hyphen rule).
  std::vector<std::size_t> hyphens;

  // The buffer index of text[i].
  std::size_t input_index(std::size_t i) const noexcept {
    auto it = std::upper_bound(pieces.begin(), pieces.end(), i,
                               [](std::size_t v, const piece& p) { return v < p.out; });
    --it;  // pieces[0].out == 0 <= i
    return it->in + (i - it->out);
  }
};

// Joins d[a, b), which starts and ends with a byte that is not white space.
joined join(std::string_view d, std::size_t a, std::size_t b) {
  joined j;
  j.text.reserve(b - a);
  std::size_t i = a;
  while (i < b) {
    std::size_t run = i;
    while (run < b && !is_ws(static_cast<unsigned char>(d[run]))) ++run;
    j.pieces.push_back({j.text.size(), i});
    j.text.append(d.substr(i, run - i));
    if (run == b) break;
    std::size_t next = run;
    bool has_break = false;
    while (next < b && is_ws(static_cast<unsigned char>(d[next]))) {
      has_break = has_break || d[next] == '\n' || d[next] == '\r';
      ++next;
    }
    // RFC 1738 appendix, draft Appendix B: "the interpreter of a URL
    // containing a line break immediately after a hyphen should ignore all
    // unencoded whitespace around the line break, and should be aware that the
    // hyphen may or may not actually be part of the URL."  Spaces or tabs
    // between the "-" and the break do not show on the page, so they count as
    // "immediately after" too.
    if (has_break && d[run - 1] == '-') j.hyphens.push_back(j.text.size() - 1);
    i = next;
  }
  return j;
}

// Trims the sentence punctuation a reader would not take as part of a bare
// URL (see docs/extract.md, "Bare URLs"): returns the length kept.
// `min_len` is the "scheme:" prefix, never trimmed.
std::size_t trim_punctuation(std::string_view s, std::size_t min_len) {
  // Brackets are trimmed only when they close nothing inside the URL, so
  // "http://a/(b)" keeps its ")".  Counted once, updated as bytes go.
  long open_round = 0, close_round = 0, open_square = 0, close_square = 0, open_curly = 0,
       close_curly = 0;
  for (char c : s) {
    open_round += c == '(';
    close_round += c == ')';
    open_square += c == '[';
    close_square += c == ']';
    open_curly += c == '{';
    close_curly += c == '}';
  }
  std::size_t n = s.size();
  auto ends_with = [&](std::string_view tail) {
    return n >= min_len + tail.size() && s.substr(n - tail.size(), tail.size()) == tail;
  };
  while (n > min_len) {
    const char c = s[n - 1];
    switch (c) {
      case '.':
      case ',':
      case ';':
      case ':':
      case '!':
      case '?':
      case '\'':
      case '`':
        --n;
        continue;
      case ')':
        if (close_round > open_round) {
          --close_round;
          --n;
          continue;
        }
        break;
      case ']':
        if (close_square > open_square) {
          --close_square;
          --n;
          continue;
        }
        break;
      case '}':
        if (close_curly > open_curly) {
          --close_curly;
          --n;
          continue;
        }
        break;
      default:
        break;
    }
    // Closing quotation marks in UTF-8: U+2019, U+201D, U+00BB, U+203A.
    bool quote = false;
    for (std::string_view q : {"\xE2\x80\x99", "\xE2\x80\x9D", "\xC2\xBB", "\xE2\x80\xBA"}) {
      if (ends_with(q)) {
        n -= q.size();
        quote = true;
        break;
      }
    }
    if (!quote) break;
  }
  return n;
}

// Every warning of the lenient parse (the view keeps only the first few).
struct warning_list {
  std::vector<warning> items;
  void operator()(const warning& w) noexcept {
    try {
      items.push_back(w);
    } catch (...) {
      // Out of memory: fewer warnings rather than none.
    }
  }
};

// A bare or bracketed candidate is text that looks like "scheme:...", which
// text holds for many other reasons: "File::Spec" (Perl), "http::geturl"
// (C++), "FILE:LINE", "<xs:all>" (XML).  It is taken for a URL when "//"
// follows its scheme (the common Internet scheme syntax, RFC 1738 3.1: what a
// reader of text recognises a URL by) or when its scheme is one this
// extractor knows and the scheme's own check accepts it: the registry's
// handler (scheme_handler::check, lenient: a virtual call, so that no grammar
// is linked here but the caller's), or without a registry what every URL of
// the standard scheme holds (standard_scheme_marks: the standard grammars
// are not linked, docs/architecture.md); a scheme of extra_schemes has no
// check of its own but the generic syntax.
struct scheme_check {
  const scheme_registry* registry;  // null: the standard schemes
  const std::vector<std::string>& extra_schemes;
  bool accepts(const url_view& u) const;
};

bool scheme_check::accepts(const url_view& u) const {
  const std::string_view scheme = u.scheme();
  const std::string_view text = u.buffer();
  const std::string_view rest = text.substr(scheme.size() + 1);
  if (rest.starts_with("//")) return true;
  if (registry != nullptr) {
    if (const scheme_handler* h = registry->find(scheme)) {
      scheme_options o;
      o.mode = mode::lenient;
      return h->check(u, o).has_value();
    }
  } else if (detail::is_standard_scheme(scheme)) {
    return detail::has_standard_marks(scheme, rest);
  }
  return std::any_of(extra_schemes.begin(), extra_schemes.end(),
                     [&](const std::string& s) { return detail::ascii::iequals(s, scheme); });
}

// Validates the first `len` bytes of j.text with the lenient parser (draft
// 2.3.3: what the strict grammar refuses but a robust reader takes comes back
// as warnings) and fills `e`; false when it is not a URL reference (or, if
// `scheme_check` is not null, has no scheme or is not one that
// scheme_check->accepts).  `given_up`, when not null, says why the "<URL:"
// wrapper the URL lies in was given up: the URL may be cut short.
bool validate(const joined& j, std::size_t len, const scheme_check* scheme_check, std::size_t base,
              std::size_t max_warnings, const char* given_up, extracted& e,
              std::vector<warning>& all) {
  std::string_view url(j.text.data(), len);
  warning_list warnings;
  parse_options options;
  options.on_warning = make_warning_sink(warnings);
  auto r = parse_reference(url, options);
  if (!r || (scheme_check && (!r->has_scheme() || !scheme_check->accepts(*r)))) return false;

  e.url.assign(url);
  e.start = base + j.input_index(0);
  e.end = base + j.input_index(len - 1) + 1;

  all.clear();
  auto add = [&](std::size_t offset, warning_code code, const char* detail) {
    warning w{};
    w.offset = offset;
    w.code = code;
    w.detail = detail;
    all.push_back(w);
  };
  // First among the warnings (at the URL's first byte, and kept first by the
  // stable sort), so that max_warnings never leaves it out while listing others.
  if (given_up) add(e.start, warning_code::wrapper_given_up, given_up);
  for (std::size_t h : j.hyphens)
    if (h + 1 < len)  // a "-" that the trimming left at the end is no longer followed by anything
      add(base + j.input_index(h), warning_code::hyphen_line_break, nullptr);
  for (warning w : warnings.items) {
    w.offset = base + j.input_index(w.offset < len ? w.offset : len - 1);
    all.push_back(w);
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const warning& a, const warning& b) { return a.offset < b.offset; });
  const std::size_t listed = all.size() > max_warnings ? max_warnings : all.size();
  e.warnings_not_delivered = all.size() - listed;
  all.resize(listed);
  return true;
}

// ---- batches ----------------------------------------------------------------
//
// A batch is scanned by an extractor of its own, so a cut must be a point
// where the scanner over the whole input holds nothing: every URL, wrapper
// and candidate that starts before it has ended before it, and what follows
// is read as if the input began there.  Right after a line feed that is so
// when (see docs/extract.md) both of these hold:
//
//  - no bare URL goes on past it: the line feed ends an empty line (only
//    white space between it and the line break before it), which ends every
//    bare URL, the hyphen rule included; or the last byte before it other
//    than white space is not "-", so no bare URL goes on by the hyphen rule
//    (any other bare URL, and the scan of a word, end at white space); and
//  - no wrapper is open: a wrapper open at the cut started at the last "<"
//    before it (a "<" ends the wrapper before it), so it is enough that this
//    "<" is followed by white space or ">" (not a wrapper), or by a ">" or
//    <"> before the cut (the wrapper ended), or is more than max_length bytes
//    before the cut (the scanner gave it up), or that there is no "<" since
//    the start of the batch.  After an empty line it is also enough that the
//    "<" is not followed by "URL:": an empty line gives up a bare "<...>",
//    while inside "<URL:...>" it is white space like any other.  (A "<URL:"
//    given up leaves a warning on the bare URLs that start in it; by then the
//    wrapper has ended before the cut, so none starts after it.)
//
// The byte before the cut is then a line feed, which no scheme name
// continues, as at the start of the input.  Cutting there is exact: the
// batches give the URLs of one pass over the whole input, with the offsets
// of each batch's start added.

// True when d[lt] is the "<" of "<URL:" (any case).
bool opens_url_wrapper(std::string_view d, std::size_t lt) noexcept {
  if (d.size() - lt < 5) return false;
  for (std::size_t i = 0; i < 4; ++i) {
    const char c = d[lt + 1 + i];
    if (detail::ascii::lower(c) != "url:"[i]) return false;
  }
  return true;
}

}  // namespace

std::string_view to_string(extracted::how_found h) noexcept {
  switch (h) {
    case extracted::how_found::wrapped:
      return "wrapped";
    case extracted::how_found::bracketed:
      return "bracketed";
    case extracted::how_found::bare:
      return "bare";
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, extracted::how_found h) {
  return detail::print_name(os, h, "how_found");
}

extractor::extractor(extract_options options)
    : options_(std::move(options)), registry_(options_.registry) {
  options_.max_length = effective_max_length(options_);
}

void extractor::reset() noexcept {
  buf_.clear();
  base_ = 0;
  prev_ = -1;
  pos_ = scan_ = ws_ = 0;
  given_up_end_ = 0;
  given_up_why_ = nullptr;
  breaks_ = 0;
  in_ws_ = false;
  url_prefix_ = false;
  state_ = state::text;
}

void extractor::feed(std::string_view chunk, const sink& out) {
  buf_.append(chunk);
  run(false, out);
  compact();
}

void extractor::finish(const sink& out) {
  run(true, out);
  reset();
}

int extractor::byte_before(std::size_t i) const noexcept {
  return i > 0 ? static_cast<unsigned char>(buf_[i - 1]) : prev_;
}

bool extractor::known_scheme(std::string_view name) const noexcept {
  // Without a registry of the caller's, the standard schemes' table: the
  // standard registry is not built (src/core/standard_schemes.hpp).
  if (registry_ ? registry_->find(name) != nullptr : detail::is_standard_scheme(name)) return true;
  return std::any_of(options_.extra_schemes.begin(), options_.extra_schemes.end(),
                     [&](const std::string& s) { return detail::ascii::iequals(s, name); });
}

// Drops the bytes before pos_ once they are at least as many as those kept,
// so that the copying stays linear in the input whatever the chunk size.
void extractor::compact() {
  if (pos_ == 0 || pos_ < buf_.size() - pos_) return;
  prev_ = static_cast<unsigned char>(buf_[pos_ - 1]);
  base_ += pos_;
  buf_.erase(0, pos_);
  scan_ = scan_ >= pos_ ? scan_ - pos_ : 0;
  ws_ = ws_ >= pos_ ? ws_ - pos_ : 0;
  pos_ = 0;
}

void extractor::run(bool at_end, const sink& out) {
  for (;;) {
    bool more = false;
    // Each state reads forward from its cursor (pos_ in text and skip, scan_
    // in a wrapper or bare URL) and never moves it back: how far it moved is
    // what it read.
    const state was = state_;
    const bool by_pos = was == state::text || was == state::skip;
    const std::size_t from = by_pos ? pos_ : scan_;
    switch (state_) {
      case state::text:
        more = step_text(at_end, out);
        break;
      case state::wrapper:
        more = step_wrapper(at_end, out);
        break;
      case state::bare:
        more = step_bare(at_end, out);
        break;
      case state::skip:
        more = step_skip();
        break;
    }
    scanned_ += (by_pos ? pos_ : scan_) - from;
    if (!more) return;
  }
}

// Plain text: looks for a "<" (a wrapper, perhaps) and for a known scheme
// name followed by ":" that does not continue a word (a bare URL).  Returns
// true when it moved to another state, false when it needs more input.
bool extractor::step_text(bool at_end, const sink&) {
  const char* d = buf_.data();
  const std::size_t n = buf_.size();
  while (pos_ < n) {
    const auto c = static_cast<unsigned char>(d[pos_]);
    if (c == '<') {
      state_ = state::wrapper;
      scan_ = pos_ + 1;
      breaks_ = 0;
      url_prefix_ = false;
      return true;
    }
    if (detail::ascii::is_alpha(c) && !is_alnum(byte_before(pos_))) {
      // The whole name, "+", "-" and "." included, so that a known scheme
      // such as "svn+ssh" is found.
      std::size_t j = pos_ + 1;
      while (j < n && j - pos_ <= max_scheme && is_scheme_char(static_cast<unsigned char>(d[j])))
        ++j;
      scanned_ += j - pos_;
      if (j == n && !at_end) return false;  // the name may go on in the next chunk
      if (j < n && d[j] == ':' && j - pos_ <= max_scheme &&
          known_scheme(std::string_view(d + pos_, j - pos_))) {
        state_ = state::bare;
        scan_ = j + 1;
        in_ws_ = false;
        breaks_ = 0;
        return true;
      }
      // Not a known name: a later one may still start after a "+", "-" or "."
      // ("x.http:" holds "http:"); the letters and digits of this word cannot.
      std::size_t k = pos_ + 1;
      while (k < j && is_alnum(static_cast<unsigned char>(d[k]))) ++k;
      pos_ = k;
      continue;
    }
    ++pos_;
  }
  return false;
}

// After a "<": reads up to the ">".  Not a wrapper (the "<" is then taken as
// text and the scan goes on after it): white space right after the "<" (as in
// "a < b"), a character no URL holds, more than max_length bytes, or the end
// of the input; and for a bare "<...>" (not "<URL:") an empty line too, since
// in prose that means the "<" opened nothing.  Inside "<URL:" every kind of
// white space, empty lines included, is only white space: "The whitespace
// should be ignored when extracting the URL" (RFC 1738 appendix, draft
// Appendix B), and "URL:" says a URL follows.
bool extractor::step_wrapper(bool at_end, const sink& out) {
  const char* d = buf_.data();
  const std::size_t n = buf_.size();
  // A "<URL:" given up leaves its bytes [pos_, scan_) to be read again as
  // text; a bare URL starting among them may be cut short (finish_bare).
  auto not_a_wrapper = [&](const char* why) {
    if (url_prefix_) {
      given_up_end_ = base_ + scan_;
      given_up_why_ = why;
    }
    state_ = state::text;
    ++pos_;
    return true;
  };
  if (scan_ == pos_ + 1) {
    if (scan_ == n) return at_end ? not_a_wrapper(nullptr) : false;
    const auto c = static_cast<unsigned char>(d[scan_]);
    if (is_ws(c) || c == '>') return not_a_wrapper(nullptr);
  }
  while (scan_ < n) {
    const auto c = static_cast<unsigned char>(d[scan_]);
    if (c == '>') {
      finish_wrapper(scan_, out);
      return true;
    }
    // Draft 2.3.3: "<" and <"> are "used as the delimiters around URLs in
    // text documents", controls are excluded: none is in a URL.
    if (ends_wrapper(c))
      return not_a_wrapper(c == '<'   ? "'<' before its '>'"
                           : c == '"' ? "a double quote before its '>'"
                                      : "a control character before its '>'");
    if (is_break(c, static_cast<unsigned char>(d[scan_ - 1])))
      ++breaks_;
    else if (!is_ws(c))
      breaks_ = 0;
    // An empty line needs white space, which "URL:" does not hold, so it is
    // decided before the prefix is.
    if (breaks_ >= 2 && !url_prefix_) return not_a_wrapper(nullptr);
    ++scan_;
    if (scan_ - pos_ == 5)
      url_prefix_ = detail::ascii::iequals(std::string_view(d + pos_ + 1, 4), "URL:");
    // [pos_, scan_) is read and the ">" is still to come: the wrapper would
    // be longer than max_length bytes.
    if (scan_ - pos_ >= options_.max_length) return not_a_wrapper("no '>' within max_length bytes");
  }
  return at_end ? not_a_wrapper("the input ends before its '>'") : false;
}

void extractor::finish_wrapper(std::size_t close, const sink& out) {
  const std::string_view d = buf_;
  const std::size_t open = pos_;
  state_ = state::text;
  std::size_t a = open + 1;
  auto how = extracted::how_found::bracketed;
  // RFC 1738 appendix: "angle brackets ("<" and ">"), along with the prefix
  // "URL:", be used to delimit the boundaries of the URL".  Scheme names are
  // case-insensitive (RFC 1738 2.1), and so is this prefix here.
  if (close - a >= 4 && detail::ascii::iequals(d.substr(a, 4), "URL:")) {
    how = extracted::how_found::wrapped;
    a += 4;
    while (a < close && is_ws(static_cast<unsigned char>(d[a]))) ++a;
  }
  std::size_t b = close;
  while (b > a && is_ws(static_cast<unsigned char>(d[b - 1]))) --b;
  extracted e;
  if (a < b) {
    const joined j = join(d, a, b);
    scanned_ += (b - a) + j.text.size();  // joined, then parsed
    // "URL:" says what the wrapper holds, so a relative URL counts; the draft's
    // bare "<...>" also brackets other things (<b>, <me@host>, <xs:all>, <const
    // T::x>), so there the text must start with a scheme, with no white space
    // before its ":" (white space is removed to join a URL broken across
    // lines, never inside a scheme name, "const T" is no scheme), and be taken
    // for a URL as a bare one is (accepts).
    const bool bracketed = how == extracted::how_found::bracketed;
    const scheme_check check{registry_, options_.extra_schemes};
    const std::string_view inner = d.substr(a, b - a);
    const std::size_t colon = inner.find(':');
    const bool ws_in_scheme =
        bracketed && std::any_of(inner.begin(), inner.begin() + std::min(colon, inner.size()),
                                 [](char c) { return is_ws(static_cast<unsigned char>(c)); });
    if (!ws_in_scheme && validate(j, j.text.size(), bracketed ? &check : nullptr, base_,
                                  options_.max_warnings, nullptr, e, warnings_)) {
      e.how = how;
      e.outer_start = base_ + open;
      e.outer_end = base_ + close + 1;
      pos_ = close + 1;
      deliver(e, out);
      return;
    }
  }
  // Not a URL: the "<" is text, and what follows it is scanned again.
  if (how == extracted::how_found::wrapped) {
    given_up_end_ = base_ + close;
    given_up_why_ = "what it holds is not a URL";
  }
  ++pos_;
}

// After "scheme:": reads up to the first byte that cannot be in a URL.  A "-"
// followed by white space with one line break in it continues the URL on the
// next line (the hyphen rule).
bool extractor::step_bare(bool at_end, const sink& out) {
  const char* d = buf_.data();
  const std::size_t n = buf_.size();
  while (scan_ < n) {
    const auto c = static_cast<unsigned char>(d[scan_]);
    if (in_ws_) {
      if (is_ws(c)) {
        if (is_break(c, static_cast<unsigned char>(d[scan_ - 1])) && ++breaks_ >= 2) {
          finish_bare(ws_, out);  // an empty line: the URL ended at the "-"
          return true;
        }
      } else {
        in_ws_ = false;
        if (breaks_ != 1 || ends_bare(c)) {
          finish_bare(ws_, out);
          return true;
        }
      }
    } else if (ends_bare(c)) {
      if (is_ws(c) && d[scan_ - 1] == '-') {
        in_ws_ = true;
        ws_ = scan_;
        breaks_ = 0;
        continue;  // this byte is read again as the start of the white space
      }
      finish_bare(scan_, out);
      return true;
    }
    ++scan_;
    if (scan_ - pos_ > options_.max_length) {
      if (in_ws_) {
        finish_bare(ws_, out);
      } else {
        state_ = state::skip;  // too long to report: pass over the rest of it
        pos_ = scan_;
      }
      return true;
    }
  }
  if (!at_end) return false;
  finish_bare(in_ws_ ? ws_ : n, out);
  return true;
}

bool extractor::step_skip() {
  const char* d = buf_.data();
  const std::size_t n = buf_.size();
  while (pos_ < n && !ends_bare(static_cast<unsigned char>(d[pos_]))) ++pos_;
  if (pos_ == n) return false;
  state_ = state::text;
  return true;
}

void extractor::finish_bare(std::size_t stop, const sink& out) {
  const std::string_view d = buf_;
  const std::size_t start = pos_;
  state_ = state::text;
  in_ws_ = false;
  pos_ = stop;
  const joined j = join(d, start, stop);
  scanned_ += (stop - start) + 2 * j.text.size();  // joined, trimmed, parsed
  const std::size_t scheme_len = d.find(':', start) - start + 1;
  const std::size_t len = trim_punctuation(j.text, scheme_len);
  // "http:" alone (as in "the http: scheme") or "http://" (as in the
  // templates "http://<host>:<port>/<path>" of RFC 1738 3.3) names a scheme,
  // not a URL.
  if (len <= scheme_len || std::string_view(j.text).substr(scheme_len, len - scheme_len) == "//")
    return;
  extracted e;
  // Inside a "<URL:" wrapper that was given up, the URL's end is not known:
  // white space there is to be ignored, so what follows it may be the rest.
  const char* given_up = base_ + start < given_up_end_ ? given_up_why_ : nullptr;
  const scheme_check check{registry_, options_.extra_schemes};
  if (!validate(j, len, &check, base_, options_.max_warnings, given_up, e, warnings_)) return;
  e.how = extracted::how_found::bare;
  e.outer_start = e.start;
  e.outer_end = e.end;
  deliver(e, out);
}

void extractor::deliver(extracted& e, const sink& out) {
  for (const warning& w : warnings_) options_.on_warning(w);
  warnings_.clear();
  out(e);
}

std::vector<extracted> extract(std::string_view text, const extract_options& options) {
  std::vector<extracted> all;
  extractor x(options);
  const extractor::sink keep = [&](extracted& e) { all.push_back(std::move(e)); };
  x.feed(text, keep);
  x.finish(keep);
  return all;
}

void extracted::shift(std::size_t by) noexcept {
  start += by;
  end += by;
  outer_start += by;
  outer_end += by;
}

// The longest prefix of `d` that ends at such a point; 0 when there is none.
// Each byte is looked at a bounded number of times.
std::size_t extract_cut(std::string_view d, bool at_end, const extract_options& options) noexcept {
  if (at_end) return d.size();
  constexpr std::size_t npos = std::string_view::npos;
  // The scanner's bound, not the option as given: a cut must agree with the
  // scanner on which wrappers it gives up.
  const std::size_t max_length = effective_max_length(options);
  std::size_t lt = npos;      // the last "<" before the line feed, once `known`
  std::size_t closed = npos;  // where the wrapper at lt ends for sure, if before the line feed
  bool known = false;
  std::size_t lf = d.rfind('\n');
  while (lf != npos) {
    // Back from the line feed over white space other than LF.
    std::size_t q = lf;
    while (q > 0 && d[q - 1] != '\n' && is_ws(d[q - 1])) --q;
    const bool empty_line = q > 0 && d[q - 1] == '\n';
    if (empty_line || q == 0 || d[q - 1] != '-') {
      // No "<" between lt and the last line feed looked at: lt stays the
      // last one before this line feed.
      if (!known || (lt != npos && lt > lf)) {
        lt = d.rfind('<', lf);
        known = true;
        closed = npos;
        if (lt != npos) {
          if (is_ws(d[lt + 1]) || d[lt + 1] == '>') {
            closed = lt;  // not a wrapper
          } else {
            closed = d.substr(lt + 1, lf - lt - 1).find_first_of(">\"");
            if (closed != npos) closed += lt + 1;
          }
        }
      }
      if (lt == npos || closed < lf || lf - lt > max_length + 1 ||
          (empty_line && !opens_url_wrapper(d, lt)))
        return lf + 1;
      // The wrapper at lt may be open at every line feed after it: look
      // before it.
      known = false;
      lf = lt;
    }
    lf = lf == 0 ? npos : d.rfind('\n', lf - 1);
  }
  return 0;
}

}  // namespace urlkit
