// The streaming HTML tokenizer (tokenizer.hpp).  Each state below is the
// state of HTML's tokenizer of the same name (WHATWG HTML, 13.2.5), reduced
// to what decides where a token ends: the bytes themselves are passed on as
// they are, and only a start tag is held until its ">" so that its
// attributes can be rewritten.  Every state resumes at any byte, so a chunk
// may end anywhere.
#include "tokenizer.hpp"

#include <string.h>  // memrchr

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_set>

#include "simd.hpp"
#include "text.hpp"

namespace urlkit::html::detail {

enum class tokenizer::state : std::uint8_t {
  data,
  start_tag,  // a start tag: held from its "<" until its ">"
  end_tag,    // an end tag: read to its ">", passed on as it goes
  bogus,      // bogus comment, DOCTYPE: up to ">"
  comment_start,
  comment_start_dash,
  comment,
  comment_end_dash,
  comment_end,
  comment_end_bang,
  cdata,
  cdata_bracket,
  cdata_end,
  text,             // rcdata, rawtext: up to "<"
  text_lt,          // after "<"
  text_end_open,    // after "</"
  text_end_name,    // "</" and part of the element's name
  script,           // script data
  script_lt,        // "<"
  script_end_open,  // "</"
  script_end_name,
  script_escape_start,
  script_escape_start_dash,
  escaped,
  escaped_dash,
  escaped_dash_dash,
  escaped_lt,
  escaped_end_open,
  escaped_end_name,
  double_escape_start,
  double_escaped,
  double_escaped_dash,
  double_escaped_dash_dash,
  double_escaped_lt,
  double_escape_end,
  plaintext,
};

namespace {

// The tag states (HTML 13.2.5.8 to 13.2.5.40), as tag_state_ holds them.
enum tag_state : std::uint8_t {
  tag_name,
  before_attribute_name,
  attribute_name,
  after_attribute_name,
  before_attribute_value,
  value_double,
  value_single,
  value_unquoted,
  after_value_quoted,
  self_closing_start,
};

// White space as the tokenizer sees it: CR is read as LF (HTML,
// "preprocessing the input stream").
constexpr bool is_space(char c) noexcept {
  return c == '\t' || c == '\n' || c == '\f' || c == ' ' || c == '\r';
}
constexpr bool is_alpha(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
constexpr char lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c;
}

// The bytes the tag states look for, as bits of a table (a test per byte
// instead of five).
enum : std::uint8_t { c_space = 1, c_slash = 2, c_gt = 4, c_eq = 8, c_upper = 16 };
constexpr std::array<std::uint8_t, 256> byte_classes = [] {
  std::array<std::uint8_t, 256> t{};
  for (const char c : {'\t', '\n', '\f', ' ', '\r'}) t[static_cast<unsigned char>(c)] |= c_space;
  t['/'] |= c_slash;
  t['>'] |= c_gt;
  t['='] |= c_eq;
  for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] |= c_upper;
  return t;
}();
constexpr std::uint8_t class_of(char c) noexcept {
  return byte_classes[static_cast<unsigned char>(c)];
}
// The end of the run of bytes from `i` that have none of the classes `stop`;
// `upper` is set when one of them is an upper-case letter.
inline std::size_t run_until(std::string_view s, std::size_t i, std::uint8_t stop,
                             bool& upper) noexcept {
  const std::size_t n = s.size();
  std::uint8_t seen = 0;
  while (i < n) {
    const std::uint8_t k = class_of(s[i]);
    if ((k & stop) != 0) break;
    seen |= k;
    ++i;
  }
  upper = (seen & c_upper) != 0;
  return i;
}
// Appends s[from, to) to `out`, in lower case when `upper`.
inline void append_lower(std::string& out, std::string_view s, std::size_t from, std::size_t to,
                         bool upper) {
  const std::size_t at = out.size();
  out.append(s.data() + from, to - from);
  if (upper)
    for (std::size_t k = at; k < out.size(); ++k) out[k] = lower(out[k]);
}

// memchr: the first `c` of [p, p + n), or nullptr.  The first 32 bytes are
// looked at here, 16 at a time where SSE2 is: the text between two tags
// and a quoted value are mostly shorter, and a call costs more than them.
inline const void* find_byte(const char* p, char c, std::size_t n) noexcept {
#if defined(__SSE2__)
  const __m128i needle = _mm_set1_epi8(c);
  for (int k = 0; k < 2 && n >= 16; ++k, p += 16, n -= 16) {
    const int bits = _mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), needle));
    if (bits != 0) return p + __builtin_ctz(static_cast<unsigned>(bits));
  }
#endif
  return std::memchr(p, c, n);
}

// Whether `s` begins with `prefix`, ASCII case ignored; `s` may be shorter
// (then: whether it could, once more bytes come).
bool starts_ci(std::string_view s, std::string_view prefix, bool& partial) noexcept {
  const std::size_t n = std::min(s.size(), prefix.size());
  for (std::size_t i = 0; i < n; ++i)
    if (lower(s[i]) != prefix[i]) return false;
  partial = s.size() < prefix.size();
  return true;
}
bool starts_cs(std::string_view s, std::string_view prefix, bool& partial) noexcept {
  const std::size_t n = std::min(s.size(), prefix.size());
  if (s.substr(0, n) != prefix.substr(0, n)) return false;
  partial = s.size() < prefix.size();
  return true;
}

}  // namespace

tokenizer::tokenizer(token_sink& sink, std::size_t max_tag)
    : sink_(sink), max_tag_(max_tag), state_(state::data) {}

bool tokenizer::write(std::string_view chunk) {
  if (failed_) return false;
  std::size_t pos = 0;  // bytes of `chunk` read, or appended to held_
  // What is held (a tag cut by the end of the last chunk) is read on with
  // as much of this chunk as it takes, in growing pieces, not with all of
  // it: once what was held is passed on, the rest of the chunk is read where
  // it is, without a copy.
  while (!held_.empty()) {
    if (pos == chunk.size()) return true;
    const std::size_t old = held_.size();
    const std::size_t take = std::min(chunk.size() - pos, std::max<std::size_t>(old, 4096));
    held_.append(chunk.substr(pos, take));
    pos += take;
    const std::size_t keep = run(held_, held_base_, false);
    if (failed_) return false;
    held_base_ += keep;
    if (keep >= old) {
      // The bytes still held are the chunk's, from here.
      pos -= held_.size() - keep;
      held_.clear();
      break;
    }
    held_.erase(0, keep);
  }
  if (pos == chunk.size()) return true;
  const std::string_view rest = chunk.substr(pos);
  const std::size_t keep = run(rest, held_base_, false);
  if (failed_) return false;
  held_.assign(rest.substr(keep));
  held_base_ += keep;
  return true;
}

void tokenizer::finish() {
  if (failed_) return;
  const std::size_t keep = run(held_, held_base_, true);
  (void)keep;  // at the end nothing is held
  held_base_ += held_.size();
  held_.clear();
}

void tokenizer::switch_to(text_mode mode) {
  mode_ = mode;
  switch (mode) {
    case text_mode::data:
      state_ = state::data;
      break;
    case text_mode::rcdata:
    case text_mode::rawtext:
      state_ = state::text;
      break;
    case text_mode::script:
      state_ = state::script;
      break;
    case text_mode::plaintext:
      state_ = state::plaintext;
      break;
  }
}

void tokenizer::begin_tag(bool end_tag) {
  end_tag_ = end_tag;
  self_closing_ = false;
  tag_state_ = tag_name;
  tag_pos_ = 0;
  tag_name_.clear();
  end_name_ = {};
  name_end_ = 0;
  name_upper_ = false;
  attributes_.clear();
}

// The tag states over `tag` from tag_pos_.  For a start tag, `tag` begins
// at its "<" and attributes are recorded, and its name's end (name_end_:
// the name is read in the tag, which is held whole); for an end tag
// (`Discard`) it is whatever comes next and nothing but the name is kept
// (end_name_: a view of `tag` where it is whole there, else in tag_name_).
// True at the ">".
// Each state is a label, and a state goes to the next directly: a tag is
// read in one pass, without a dispatch per state; at the end of `tag` the
// state is kept (tag_state_) and reading resumes there with more bytes.
template <bool Discard>
bool tokenizer::scan_tag(std::string_view tag) {
  constexpr bool discard = Discard;
  const char* const s = tag.data();
  const std::size_t n = tag.size();
  std::size_t i = tag_pos_;
  std::uint8_t st = tag_state_;
  bool upper = false;
  const auto space = [](char c) { return (class_of(c) & c_space) != 0; };
  // (An attribute's name is [name_begin, name_end) of the tag, in lower
  // case: finish_start_tag reads it there.)
  const auto new_attribute = [&](std::size_t at) {
    if (discard) return;
    // (Made in place: a copy made on the stack is read back whole before
    // its fields' stores have landed, a stall of its own.)
    tag_attribute& a = attributes_.emplace_back();
    a.name_begin = a.name_end = static_cast<std::uint32_t>(at);
  };
  const auto value_at = [&](std::size_t at, char quote) {
    if (discard) return;
    tag_attribute& a = attributes_.back();
    a.has_value = true;
    a.quote = quote;
    a.value_begin = static_cast<std::uint32_t>(at);
  };
  switch (st) {
    case tag_name:
      goto tag_name_state;
    case before_attribute_name:
      goto before_attribute_name_state;
    case attribute_name:
      goto attribute_name_state;
    case after_attribute_name:
      goto after_attribute_name_state;
    case before_attribute_value:
      goto before_attribute_value_state;
    case value_double:
    case value_single:
      goto value_quoted_state;
    case value_unquoted:
      goto value_unquoted_state;
    case after_value_quoted:
      goto after_value_quoted_state;
    default:
      goto self_closing_start_state;
  }

tag_name_state : {
  const std::size_t j = run_until(tag, i, c_space | c_slash | c_gt, upper);
  if constexpr (Discard) {
    if (j == n || !tag_name_.empty() || upper) {
      append_lower(tag_name_, tag, i, j, upper);
      end_name_ = tag_name_;
    } else {
      end_name_ = tag.substr(i, j - i);  // the whole name, as it is
    }
  } else {
    name_end_ = j;
    name_upper_ |= upper;
  }
  i = j;
  if (i == n) {
    st = tag_name;
    goto suspend;
  }
  if (s[i] == '>') goto done;
  if (s[i++] == '/') goto self_closing_start_state;
  goto before_attribute_name_state;
}

before_attribute_name_state:
  while (i < n && space(s[i])) ++i;
  if (i == n) {
    st = before_attribute_name;
    goto suspend;
  }
  if (s[i] == '/') {
    ++i;
    goto self_closing_start_state;
  }
  if (s[i] == '>') goto done;
  // "=" here starts a name (a parse error); anything else too.
  new_attribute(i);
  if (!discard && (class_of(s[i]) & c_upper) != 0) attributes_.back().upper_name = true;
  ++i;
  goto attribute_name_state;

attribute_name_state : {
  // The name runs to white space, "/", ">" or "=".
  const std::size_t j = run_until(tag, i, c_space | c_slash | c_gt | c_eq, upper);
  if (!discard) {
    attributes_.back().name_end = static_cast<std::uint32_t>(j);
    if (upper) attributes_.back().upper_name = true;
  }
  i = j;
  if (i == n) {
    st = attribute_name;
    goto suspend;
  }
  if (s[i] == '=') {
    ++i;
    goto before_attribute_value_state;
  }
  goto after_attribute_name_state;  // reconsumed there
}

after_attribute_name_state:
  while (i < n && space(s[i])) ++i;
  if (i == n) {
    st = after_attribute_name;
    goto suspend;
  }
  if (s[i] == '/') {
    ++i;
    goto self_closing_start_state;
  }
  if (s[i] == '=') {
    ++i;
    goto before_attribute_value_state;
  }
  if (s[i] == '>') goto done;
  new_attribute(i);
  goto attribute_name_state;  // reconsumed there

before_attribute_value_state:
  while (i < n && space(s[i])) ++i;
  if (i == n) {
    st = before_attribute_value;
    goto suspend;
  }
  if (s[i] == '"' || s[i] == '\'') {
    value_at(i, s[i]);
    st = s[i] == '"' ? value_double : value_single;
    ++i;
    goto value_quoted_state;
  }
  // A missing value: the attribute's value is empty (a parse error).
  if (s[i] == '>') goto done;
  value_at(i, 0);
  goto value_unquoted_state;

value_quoted_state : {
  const void* found = find_byte(s + i, st == value_double ? '"' : '\'', n - i);
  if (found == nullptr) {
    i = n;
    goto suspend;  // st: value_double or value_single
  }
  i = static_cast<std::size_t>(static_cast<const char*>(found) - s) + 1;
  if (!discard) attributes_.back().value_end = static_cast<std::uint32_t>(i);
  goto after_value_quoted_state;
}

value_unquoted_state:
  i = run_until(tag, i, c_space | c_gt, upper);
  if (i == n) {
    st = value_unquoted;
    goto suspend;
  }
  if (!discard) attributes_.back().value_end = static_cast<std::uint32_t>(i);
  if (s[i] == '>') goto done;
  ++i;
  goto before_attribute_name_state;

after_value_quoted_state:
  if (i == n) {
    st = after_value_quoted;
    goto suspend;
  }
  if (space(s[i])) {
    ++i;
    goto before_attribute_name_state;
  }
  if (s[i] == '/') {
    ++i;
    goto self_closing_start_state;
  }
  if (s[i] == '>') goto done;
  goto before_attribute_name_state;  // reconsumed: a missing space

self_closing_start_state:
  if (i == n) {
    st = self_closing_start;
    goto suspend;
  }
  if (s[i] == '>') {
    self_closing_ = true;
    goto done;
  }
  goto before_attribute_name_state;  // reconsumed

done:
  tag_pos_ = i + 1;
  return true;

suspend:
  tag_state_ = st;
  tag_pos_ = n;
  if constexpr (Discard) {
    // The name, read in full here, is kept past this text.
    if (end_name_.data() != tag_name_.data()) {
      tag_name_.assign(end_name_);
      end_name_ = tag_name_;
    }
  }
  return false;
}

// Drops the attributes whose name an earlier one has (HTML, "attribute
// name state": the first of a name wins); the count kept.
std::size_t tokenizer::drop_duplicates(std::size_t count) {
  // (Names mostly differ in their length or their first or last byte.)
  const auto same = [](std::string_view a, std::string_view b) {
    return a.size() == b.size() && (a.empty() || (a.front() == b.front() && a.back() == b.back() &&
                                                  std::memcmp(a.data(), b.data(), a.size()) == 0));
  };
  std::size_t kept = 0;
  if (count <= 16) {
    for (std::size_t i = 0; i < count; ++i) {
      bool dup = false;
      for (std::size_t j = 0; j < kept && !dup; ++j) dup = same(names_[j], names_[i]);
      if (dup) continue;
      if (kept != i) {
        attributes_[kept] = attributes_[i];
        names_[kept] = names_[i];
      }
      ++kept;
    }
    return kept;
  }
  std::unordered_set<std::string_view> seen;
  for (std::size_t i = 0; i < count; ++i) {
    if (!seen.insert(names_[i]).second) continue;
    if (kept != i) {
      attributes_[kept] = attributes_[i];
      names_[kept] = names_[i];
    }
    ++kept;
  }
  return kept;
}

void tokenizer::finish_start_tag(std::string_view tag, std::uint64_t offset, std::size_t before) {
  if (tag.size() > max_tag_) {
    // Complete, but longer than the tokenizer holds: refused all the same,
    // whatever the pieces were.
    failed_ = true;
    failed_at_ = offset;
    return;
  }
  const std::size_t count = attributes_.size();
  std::size_t kept = count;
  if (count != 0) {
    // A value still open at the ">" of an unquoted value ends there.
    tag_attribute& last = attributes_.back();
    if (last.has_value && last.value_end == 0)
      last.value_end = static_cast<std::uint32_t>(tag.size() - 1);
    // The names, lower case: most are written so, and are read in the tag.
    if (names_.size() < count) names_.resize(count);
    std::size_t upper_bytes = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const tag_attribute& a = attributes_[i];
      names_[i] = std::string_view(tag.data() + a.name_begin, a.name_end - a.name_begin);
      if (a.upper_name) upper_bytes += a.name_end - a.name_begin;
    }
    if (upper_bytes != 0) {
      lowered_.clear();
      lowered_.reserve(upper_bytes);  // the views of it made below stay valid
      for (std::size_t i = 0; i < count; ++i) {
        if (!attributes_[i].upper_name) continue;
        const std::size_t at = lowered_.size();
        for (const char c : names_[i]) lowered_ += lower(c);
        names_[i] = std::string_view(lowered_).substr(at);
      }
    }
    // Duplicates: the first attribute of a name wins, the others are dropped.
    // (Names of different lengths differ: most tags' names all do.)
    bool distinct = count <= 4;
    for (std::size_t i = 1; i < count && distinct; ++i)
      for (std::size_t j = 0; j < i; ++j) distinct &= names_[i].size() != names_[j].size();
    if (!distinct) kept = drop_duplicates(count);
  }
  start_tag t;
  // (From sizes, not a view passed in: a view's two words stored apart and
  // read back as one stalled.)
  t.before = std::string_view(tag.data() - before, before);
  t.text = tag;
  t.offset = offset;
  // The name, lower case: as it is in the tag, but for a name written with
  // an upper-case letter.
  t.name = slice(tag, 1, name_end_ - 1);
  if (name_upper_) {
    tag_name_.clear();
    append_lower(tag_name_, t.name, 0, t.name.size(), true);
    t.name = tag_name_;
  }
  t.self_closing = self_closing_;
  t.attributes = std::span<const tag_attribute>(attributes_.data(), kept);
  t.names = std::span<const std::string_view>(names_.data(), kept);
  switch_to(sink_.start(t));
  if (mode_ != text_mode::data) last_start_ = t.name;
  matched_ = 0;
}

void tokenizer::count_to(std::uint64_t offset) noexcept {
  const std::uint64_t counted = lines_.counted();
  if (offset <= counted || counted < run_base_) return;
  const auto from = static_cast<std::size_t>(counted - run_base_);
  const auto to = std::min(static_cast<std::size_t>(offset - run_base_), run_text_.size());
  if (to > from) lines_.advance(run_text_.substr(from, to - from));
}

position tokenizer::position_of(std::uint64_t offset) noexcept {
  count_to(offset);
  const std::uint64_t at = offset - run_base_;
  return lines_.at(offset, offset >= run_base_ && at < run_text_.size()
                               ? run_text_[static_cast<std::size_t>(at)]
                               : '\0');
}

// Runs the states, and counts the lines of what is not held (in one go: most
// of the time no position is asked for).
std::size_t tokenizer::run(std::string_view text, std::uint64_t base, bool eof) {
  run_text_ = text;
  run_base_ = base;
  const std::size_t keep = run_states(text, base, eof);
  count_to(base + (eof ? text.size() : keep));
  run_text_ = {};
  sink_.end_of_buffer();
  return keep;
}

std::size_t tokenizer::run_states(std::string_view text, std::uint64_t base, bool eof) {
  const std::size_t n = text.size();
  std::size_t i = 0;        // the next byte to read
  std::size_t flushed = 0;  // bytes before it that were passed on
  auto flush_to = [&](std::size_t to) {
    if (to > flushed) sink_.text(slice(text, flushed, to - flushed));
    flushed = to;
  };
  // An end tag ends at `to`: the bytes up to there are given with it.
  auto end_tag_to = [&](std::size_t to) {
    sink_.end(end_name_, slice(text, flushed, to - flushed));
    flushed = to;
  };
  // The states that wait for one byte: past the next `c`, into `next`; to
  // the end of the text when there is none.
  auto skip_past = [&](char c, state next) {
    const void* found = std::memchr(text.data() + i, c, n - i);
    if (found == nullptr) {
      i = n;
      return;
    }
    i = static_cast<std::size_t>(static_cast<const char*>(found) - text.data()) + 1;
    state_ = next;
  };
  // A start tag being read is held from its "<" (text[0] when resumed).
  if (state_ == state::start_tag) {
    if (scan_tag<false>(text)) {
      const std::size_t end = tag_pos_;
      finish_start_tag(slice(text, 0, end), base, 0);
      if (failed_) return 0;
      flushed = i = end;
    } else if (eof) {
      // eof-in-tag: no token; its bytes are text.
      state_ = state::data;
      flush_to(n);
      return n;
    } else {
      if (n > max_tag_) {
        failed_ = true;
        failed_at_ = base;
      }
      return 0;
    }
  }
  while (i < n) {
    // (Most tokens are read in the data state: a branch there, where the
    // switch's jump through a table was often mispredicted.)
    if (state_ == state::data) goto data_state;
    switch (state_) {
      case state::data:
      data_state : {
        const void* lt = find_byte(text.data() + i, '<', n - i);
        const std::size_t at =
            lt == nullptr ? n
                          : static_cast<std::size_t>(static_cast<const char*>(lt) - text.data());
        if (wants_characters_ && at > i && wants_characters())
          sink_.characters(slice(text, i, at - i));
        if (lt == nullptr) {
          i = n;
          break;
        }
        if (at + 1 >= n) {
          if (eof) {
            if (wants_characters()) sink_.characters("<");
            i = n;
            break;
          }
          flush_to(at);
          return at;  // "<" and what follows it: held
        }
        const char c = text[at + 1];
        if (is_alpha(c)) {
          // A start tag: held from its "<".  (Whole here, the text before it
          // is given with it.)
          begin_tag(false);
          name_upper_ = c >= 'A' && c <= 'Z';
          tag_pos_ = 2;
          state_ = state::start_tag;
          const std::string_view tag = slice(text, at);
          if (scan_tag<false>(tag)) {
            const std::size_t end = at + tag_pos_;
            finish_start_tag(slice(text, at, end - at), base + at, at - flushed);
            if (failed_) {
              flush_to(at);
              return at;
            }
            flushed = i = end;
            break;
          }
          flush_to(at);
          if (eof) {
            state_ = state::data;
            i = n;
            break;
          }
          if (n - at > max_tag_) {
            failed_ = true;
            failed_at_ = base + at;
          }
          return at;
        }
        if (c == '/') {
          if (at + 2 >= n) {
            if (eof) {
              if (wants_characters()) sink_.characters("</");
              i = n;  // "</" at the end: text
              break;
            }
            flush_to(at);
            return at;
          }
          const char d = text[at + 2];
          if (is_alpha(d)) {
            // "</name>", its name in lower case (most end tags): read at once.
            std::size_t j = at + 3;
            while (j < n && (class_of(text[j]) & (c_space | c_slash | c_gt | c_upper)) == 0) ++j;
            if (j < n && text[j] == '>' && !(d >= 'A' && d <= 'Z')) {
              end_name_ = slice(text, at + 2, j - at - 2);
              i = j + 1;
              switch_to(text_mode::data);
              end_tag_to(i);
              break;
            }
            // An end tag: read here (most are whole in the text), or on in
            // the end tag state.
            begin_tag(true);
            tag_pos_ = at + 2;  // scan_tag reads the name from here
            state_ = state::end_tag;
            if (scan_tag<true>(text)) {
              i = tag_pos_;
              switch_to(text_mode::data);
              end_tag_to(i);
            } else {
              i = n;
            }
          } else if (d == '>') {
            i = at + 3;  // "</>": nothing
          } else {
            state_ = state::bogus;
            i = at + 2;
          }
          break;
        }
        if (c == '!') {
          const std::string_view rest = text.substr(at + 2);
          bool partial = false;
          if (starts_cs(rest, "--", partial)) {
            if (partial && !eof) {
              flush_to(at);
              return at;
            }
            if (!partial) {
              state_ = state::comment_start;
              i = at + 4;
              break;
            }
          } else if (starts_ci(rest, "doctype", partial)) {
            if (partial && !eof) {
              flush_to(at);
              return at;
            }
          } else if (starts_cs(rest, "[CDATA[", partial)) {
            if (partial && !eof) {
              flush_to(at);
              return at;
            }
            if (!partial && sink_.in_foreign_content()) {
              state_ = state::cdata;
              i = at + 9;
              break;
            }
          }
          // DOCTYPE or a bogus comment: either ends at the first ">".
          state_ = state::bogus;
          i = at + 2;
          break;
        }
        if (c == '?') {
          state_ = state::bogus;
          i = at + 2;
          break;
        }
        if (wants_characters()) sink_.characters("<");
        i = at + 1;  // "<" as text
        break;
      }
      case state::end_tag:
        tag_pos_ = i;
        if (scan_tag<true>(text)) {
          i = tag_pos_;
          state_ = state::data;
          switch_to(text_mode::data);
          end_tag_to(i);
        } else {
          i = n;
        }
        break;
      case state::bogus:
        skip_past('>', state::data);
        break;
      case state::comment_start:
        if (text[i] == '-') {
          state_ = state::comment_start_dash;
          ++i;
        } else if (text[i] == '>') {
          state_ = state::data;  // "<!-->"
          ++i;
        } else {
          state_ = state::comment;
        }
        break;
      case state::comment_start_dash:
        if (text[i] == '-') {
          state_ = state::comment_end;
          ++i;
        } else if (text[i] == '>') {
          state_ = state::data;  // "<!--->"
          ++i;
        } else {
          state_ = state::comment;
        }
        break;
      case state::comment:
        skip_past('-', state::comment_end_dash);
        break;
      case state::comment_end_dash:
        if (text[i] == '-') {
          state_ = state::comment_end;
          ++i;
        } else {
          state_ = state::comment;
        }
        break;
      case state::comment_end:
        if (text[i] == '>') {
          state_ = state::data;
          ++i;
        } else if (text[i] == '!') {
          state_ = state::comment_end_bang;
          ++i;
        } else if (text[i] == '-') {
          ++i;
        } else {
          state_ = state::comment;
        }
        break;
      case state::comment_end_bang:
        if (text[i] == '-') {
          state_ = state::comment_end_dash;
          ++i;
        } else if (text[i] == '>') {
          state_ = state::data;  // "--!>"
          ++i;
        } else {
          state_ = state::comment;
        }
        break;
      case state::cdata:
        skip_past(']', state::cdata_bracket);
        break;
      case state::cdata_bracket:
        if (text[i] == ']') {
          state_ = state::cdata_end;
          ++i;
        } else {
          state_ = state::cdata;
        }
        break;
      case state::cdata_end:
        if (text[i] == '>') {
          state_ = state::data;
          ++i;
        } else if (text[i] == ']') {
          ++i;
        } else {
          state_ = state::cdata;
        }
        break;

      // RCDATA and RAWTEXT (13.2.5.2, 13.2.5.3, 13.2.5.9 to 13.2.5.14): text
      // up to "</" and the name of the element that opened them.
      case state::text:
        skip_past('<', state::text_lt);
        break;
      case state::text_lt:
        if (text[i] == '/') {
          state_ = state::text_end_open;
          matched_ = 0;
          ++i;
        } else {
          state_ = state::text;
        }
        break;
      case state::text_end_open:
      case state::text_end_name:
      case state::script_end_name:
      case state::escaped_end_name: {
        const char c = text[i];
        const state back = state_ == state::script_end_name    ? state::script
                           : state_ == state::escaped_end_name ? state::escaped
                                                               : state::text;
        if (is_alpha(c)) {
          // The name is compared as it comes: one that is not the
          // element's can never become an appropriate end tag.
          if (matched_ < last_start_.size() && lower(c) == last_start_[matched_]) {
            ++matched_;
            if (state_ == state::text_end_open) state_ = state::text_end_name;
          } else {
            matched_ = last_start_.size() + 1;  // no longer appropriate
            if (state_ == state::text_end_open) state_ = state::text_end_name;
          }
          ++i;
          break;
        }
        if (matched_ == last_start_.size() && state_ != state::text_end_open &&
            (is_space(c) || c == '/' || c == '>')) {
          // An appropriate end tag: the rest is an end tag's.
          begin_tag(true);
          tag_name_ = last_start_;
          end_name_ = tag_name_;
          tag_state_ = is_space(c) ? before_attribute_name
                       : c == '/'  ? self_closing_start
                                   : tag_name;
          state_ = state::end_tag;
          if (c == '>') {
            i += 1;
            state_ = state::data;
            switch_to(text_mode::data);
            end_tag_to(i);
          } else {
            ++i;
          }
          break;
        }
        state_ = back;  // reconsumed
        break;
      }

      // Script data (13.2.5.4, 13.2.5.15 to 13.2.5.31).
      case state::script:
        skip_past('<', state::script_lt);
        break;
      case state::script_lt:
        if (text[i] == '/') {
          state_ = state::script_end_open;
          matched_ = 0;
          ++i;
        } else if (text[i] == '!') {
          state_ = state::script_escape_start;
          ++i;
        } else {
          state_ = state::script;
        }
        break;
      case state::script_end_open:
        if (is_alpha(text[i])) {
          state_ = state::script_end_name;  // reconsumed
        } else {
          state_ = state::script;
        }
        break;
      case state::script_escape_start:
        if (text[i] == '-') {
          state_ = state::script_escape_start_dash;
          ++i;
        } else {
          state_ = state::script;
        }
        break;
      case state::script_escape_start_dash:
        if (text[i] == '-') {
          state_ = state::escaped_dash_dash;
          ++i;
        } else {
          state_ = state::script;
        }
        break;
      case state::escaped: {
        std::size_t j = i;
        while (j < n && text[j] != '-' && text[j] != '<') ++j;
        i = j;
        if (i == n) break;
        state_ = text[i] == '-' ? state::escaped_dash : state::escaped_lt;
        ++i;
        break;
      }
      case state::escaped_dash:
        if (text[i] == '-') {
          state_ = state::escaped_dash_dash;
          ++i;
        } else if (text[i] == '<') {
          state_ = state::escaped_lt;
          ++i;
        } else {
          state_ = state::escaped;
          ++i;
        }
        break;
      case state::escaped_dash_dash:
        if (text[i] == '-') {
          ++i;
        } else if (text[i] == '<') {
          state_ = state::escaped_lt;
          ++i;
        } else if (text[i] == '>') {
          state_ = state::script;
          ++i;
        } else {
          state_ = state::escaped;
          ++i;
        }
        break;
      case state::escaped_lt:
        if (text[i] == '/') {
          state_ = state::escaped_end_open;
          matched_ = 0;
          ++i;
        } else if (is_alpha(text[i])) {
          temp_.clear();
          state_ = state::double_escape_start;  // reconsumed
        } else {
          state_ = state::escaped;
        }
        break;
      case state::escaped_end_open:
        if (is_alpha(text[i])) {
          state_ = state::escaped_end_name;  // reconsumed
        } else {
          state_ = state::escaped;
        }
        break;
      case state::double_escape_start:
      case state::double_escape_end: {
        const char c = text[i];
        const bool start = state_ == state::double_escape_start;
        if (is_space(c) || c == '/' || c == '>') {
          if (temp_ == "script")
            state_ = start ? state::double_escaped : state::escaped;
          else
            state_ = start ? state::escaped : state::double_escaped;
          ++i;
        } else if (is_alpha(c)) {
          if (temp_.size() < 7) temp_ += lower(c);  // only "script" matters
          ++i;
        } else {
          state_ = start ? state::escaped : state::double_escaped;
        }
        break;
      }
      case state::double_escaped: {
        std::size_t j = i;
        while (j < n && text[j] != '-' && text[j] != '<') ++j;
        i = j;
        if (i == n) break;
        state_ = text[i] == '-' ? state::double_escaped_dash : state::double_escaped_lt;
        ++i;
        break;
      }
      case state::double_escaped_dash:
        if (text[i] == '-') {
          state_ = state::double_escaped_dash_dash;
        } else if (text[i] == '<') {
          state_ = state::double_escaped_lt;
        } else {
          state_ = state::double_escaped;
        }
        ++i;
        break;
      case state::double_escaped_dash_dash:
        if (text[i] == '-') {
          // stays
        } else if (text[i] == '<') {
          state_ = state::double_escaped_lt;
        } else if (text[i] == '>') {
          state_ = state::script;
        } else {
          state_ = state::double_escaped;
        }
        ++i;
        break;
      case state::double_escaped_lt:
        if (text[i] == '/') {
          temp_.clear();
          state_ = state::double_escape_end;
          ++i;
        } else {
          state_ = state::double_escaped;
        }
        break;
      case state::plaintext:
        i = n;
        break;
      case state::start_tag:
        break;  // handled above, at the start of a run
    }
  }
  flush_to(n);
  return n;
}

namespace {

// The LFs among n bytes: 16 at a time where SSE2 is (every x86-64).  Each
// match subtracts -1 from its byte's counter; the counters are summed
// (psadbw) before any can pass 255.
std::uint64_t count_lfs(const char* p, std::size_t n) noexcept {
  std::uint64_t count = 0;
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128i lf = _mm_set1_epi8('\n');
  const __m128i zero = _mm_setzero_si128();
  while (i + 16 <= n) {
    __m128i counters = zero;
    const std::size_t blocks = std::min<std::size_t>((n - i) / 16, 255);
    for (std::size_t b = 0; b < blocks; ++b, i += 16) {
      const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(block, lf));
    }
    const __m128i sums = _mm_sad_epu8(counters, zero);
    count += static_cast<std::uint64_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  }
#endif
  for (; i < n; ++i) count += p[i] == '\n' ? 1 : 0;
  return count;
}

#if URLKIT_HTML_AVX2
// The LFs among n bytes that hold no CR, in one pass 32 bytes at a time,
// and where the last is (n when none); false (nothing counted) when a CR is
// among them.
URLKIT_HTML_AVX2_TARGET bool count_lfs_avx2(const char* p, std::size_t n, std::uint64_t& count,
                                            std::size_t& last) noexcept {
  const __m256i lf = _mm256_set1_epi8('\n');
  const __m256i cr = _mm256_set1_epi8('\r');
  std::uint64_t lfs = 0;
  std::size_t at = n;
  unsigned crs = 0;
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const __m256i block = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
    const auto bits = static_cast<unsigned>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, lf)));
    crs |= static_cast<unsigned>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, cr)));
    if (bits != 0) {
      lfs += static_cast<unsigned>(__builtin_popcount(bits));
      at = i + 31 - static_cast<unsigned>(__builtin_clz(bits));
    }
  }
  for (; i < n; ++i) {
    crs |= p[i] == '\r' ? 1 : 0;
    if (p[i] == '\n') {
      ++lfs;
      at = i;
    }
  }
  if (crs != 0) return false;
  count = lfs;
  last = at;
  return true;
}
#endif

}  // namespace

void line_counter::advance(std::string_view bytes) noexcept {
  const char* p = bytes.data();
  const std::size_t n = bytes.size();
  if (n == 0) return;
    // Most text has no CR: its lines are its LFs, counted without a branch
    // per byte.
#if URLKIT_HTML_AVX2
  if (!cr_ && has_avx2) {
    std::uint64_t lfs = 0;
    std::size_t last = 0;
    if (count_lfs_avx2(p, n, lfs, last)) {
      if (lfs != 0) {
        line_ += lfs;
        line_start_ = counted_ + last + 1;
      }
      counted_ += n;
      return;
    }
  }
#endif
  if (!cr_ && std::memchr(p, '\r', n) == nullptr) {
    const std::uint64_t lfs = count_lfs(p, n);
    if (lfs != 0) {
      line_ += lfs;
      const auto* last = static_cast<const char*>(memrchr(p, '\n', n));
      line_start_ = counted_ + static_cast<std::uint64_t>(last - p) + 1;
    }
    counted_ += n;
    return;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const char c = p[i];
    if (c > '\r') {
      if (cr_) {
        cr_ = false;
        ++line_;
        line_start_ = counted_ + i;
      }
      continue;
    }
    if (cr_) {
      cr_ = false;
      if (c != '\n') {
        ++line_;
        line_start_ = counted_ + i;
      }
    }
    if (c == '\n') {
      ++line_;
      line_start_ = counted_ + i + 1;
    } else if (c == '\r') {
      cr_ = true;
    }
  }
  counted_ += n;
}

position line_counter::at(std::uint64_t offset, char next) const noexcept {
  if (cr_ && next != '\n')
    return {static_cast<std::size_t>(offset), static_cast<std::size_t>(line_ + 1), 1};
  return {static_cast<std::size_t>(offset), static_cast<std::size_t>(line_),
          static_cast<std::size_t>(offset - line_start_ + 1)};
}

}  // namespace urlkit::html::detail
