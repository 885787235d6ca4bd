// Fuzz target for finding URLs in free text (RFC 1738 "APPENDIX:
// Recommendations for URLs in Context", draft-fielding-uri-url-00 Appendix B;
// docs/extract.md).  The first input byte picks the extract_options and how
// the text is cut into chunks for the streaming extractor; the rest is the
// text.  Beyond not crashing: each range lies in the input and holds the URL
// (its bytes without white space are `url`), the wrapper range holds it,
// results are in order and disjoint, every URL parses as the header promises,
// a bare or bracketed URL has "//" after its scheme or passes its scheme's
// check, a bracketed one has no white space before its ":",
// bare URLs start at a known scheme and end where docs/extract.md says, a
// bare URL says it may be cut short exactly when it starts inside a "<URL:"
// wrapper that was given up, the length and warning limits hold, streaming in
// any chunks gives what one call gives, and a URL cut out of the text with its
// wrapper is found alone.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "../test/extract_found.hpp"
#include "fuzz_check.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/url_view.hpp"

namespace {

using urlkit::extracted;
using urlkit::warning;
using urlkit::warning_code;
using urlkit_fuzz::check;
using urlkit_fuzz::fail;
using urlkit_test::catcher;
using urlkit_test::extract_found;
using urlkit_test::found;
using how = extracted::how_found;

// "extra whitespace (spaces, linebreaks, tabs, etc.)": what a wrapper drops
// (docs/extract.md, "Ranges").
bool is_ws(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool is_alnum(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
// Draft 2.3.3: never part of a URL; ends a bare one.
bool ends_bare(unsigned char c) {
  return c <= 0x20 || c == 0x7f || c == '<' || c == '>' || c == '"';
}
// Not inside a wrapper: a "<", <">, or a control other than white space.
bool ends_wrapper(unsigned char c) {
  return c == '<' || c == '"' || c == 0x7f || (c < 0x20 && !is_ws(c));
}
char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::string without_ws(std::string_view s) {
  std::string out;
  for (char c : s)
    if (!is_ws(static_cast<unsigned char>(c))) out += c;
  return out;
}

// Sentence punctuation a bare URL is trimmed of (docs/extract.md, "Bare URLs:
// where they end"): it never ends with one.
bool trimmed_punctuation(char c) {
  return std::string_view(".,;:!?'`").find(c) != std::string_view::npos;
}
constexpr std::string_view closing_quotes[] = {"\xE2\x80\x99", "\xE2\x80\x9D", "\xC2\xBB",
                                               "\xE2\x80\xBA"};

struct setup {
  urlkit::extract_options options;
  std::size_t effective_max_length = 0;
};

// An empty registry: only extra_schemes make bare URLs.
const urlkit::scheme_registry& empty_registry() {
  static const urlkit::scheme_registry r;
  return r;
}

setup options_from(std::uint8_t b) {
  setup s;
  switch (b & 3) {
    case 0:
      break;  // the default: https, data
    case 1:
      s.options.extra_schemes.clear();
      break;
    case 2:
      // "url" makes "URL:" itself a scheme; the long one can never match
      // (scheme names are looked for up to 16 bytes).
      s.options.extra_schemes = {"url", "X-y", "HTTPS", "averyveryverylongscheme"};
      break;
    default:
      s.options.extra_schemes = {"a", "b1", "foo+bar"};
      break;
  }
  static constexpr std::size_t lengths[] = {std::size_t{1} << 20, 3, 16, 40};
  s.options.max_length = lengths[(b >> 2) & 3];
  static constexpr std::size_t warnings[] = {16, 0, 1, 3};
  s.options.max_warnings = warnings[(b >> 4) & 3];
  if (b & 0x40) s.options.registry = &empty_registry();
  // The standard registry given: each scheme's own check, not the marks.
  else if (b & 0x80)
    s.options.registry = &urlkit::scheme_registry::standard();
  // The extractor raises a max_length below 8 to 8.
  s.effective_max_length = s.options.max_length < 8 ? 8 : s.options.max_length;
  return s;
}

bool known_scheme(const urlkit::extract_options& o, std::string_view name) {
  const urlkit::scheme_registry& r = o.registry ? *o.registry : urlkit::scheme_registry::standard();
  if (r.find(name)) return true;
  for (const std::string& s : o.extra_schemes)
    if (iequals(s, name)) return true;
  return false;
}

// The warning of a bare URL inside a "<URL:" wrapper given up (extract.hpp).
constexpr std::string_view given_up_prefix = "in a <URL: wrapper that was given up (";
constexpr std::string_view given_up_suffix = "): the URL may be cut short";

bool is_given_up_warning(std::string_view w) {
  const std::size_t at = w.find(given_up_prefix);
  return at != std::string_view::npos && w.ends_with(given_up_suffix);
}

// Whether a bare URL at `start` lies inside a "<URL:" wrapper that the
// scanner gave up (docs/extract.md): the last "<" before it opens "<URL:"
// (any case), nothing that closes or gives up the wrapper (">", <">, a
// control) comes between, and it starts within max_length bytes of the "<".
// A wrapper closed later that is not reported holds no URL, so a bare URL
// inside it is one of those too.
bool in_given_up_url_wrapper(std::string_view text, std::size_t start, std::size_t max_length) {
  if (start == 0) return false;
  const std::size_t lt = text.rfind('<', start - 1);
  if (lt == std::string_view::npos || text.size() - lt < 5 ||
      !iequals(text.substr(lt + 1, 4), "URL:") || start - lt >= max_length)
    return false;
  for (std::size_t i = lt + 1; i < start; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '>' || ends_wrapper(c)) return false;
  }
  return true;
}

std::string where(const extracted& e) {
  return std::string(urlkit::to_string(e.how)) + " [" + std::to_string(e.start) + ", " +
         std::to_string(e.end) + ") outer [" + std::to_string(e.outer_start) + ", " +
         std::to_string(e.outer_end) + ")";
}

// Offsets inside the URL's range, in order, at most max_warnings of them,
// warnings_not_delivered counting the others; each with a message.
void check_warnings(std::string_view input, const found& e, std::size_t max_warnings) {
  if (e.warnings.size() > max_warnings)
    fail(input, "at most max_warnings warnings", {{"url", e.url}, {"where", where(e)}});
  if (e.warnings_not_delivered > 0 && e.warnings.size() != max_warnings)
    fail(input, "warnings are left out only once max_warnings are listed",
         {{"url", e.url}, {"where", where(e)}});
  std::size_t previous = 0;
  for (const warning& w : e.warnings) {
    const std::string s = w.to_string();
    check(!w.message().empty(), input, "a warning has a message", {{"url", e.url}, {"warning", s}});
    if (w.offset < e.start || w.offset >= e.end)
      fail(input, "a warning's offset lies in the URL's range",
           {{"url", e.url}, {"warning", s}, {"where", where(e)}});
    check(w.offset >= previous, input, "warnings come in order of offset",
          {{"url", e.url}, {"warning", s}});
    previous = w.offset;
  }
}

void check_one(std::string_view input, const setup& s, const found& e) {
  auto failure = [&](const char* what) {
    fail(input, what, {{"url", e.url}, {"where", where(e)}});
  };

  // The ranges: inside the input, the outer one around the inner one.
  if (!(e.start < e.end && e.end <= input.size())) failure("[start, end) is non-empty and inside");
  if (!(e.outer_start <= e.start && e.end <= e.outer_end && e.outer_end <= input.size()))
    failure("[outer_start, outer_end) holds [start, end) and is inside");
  const std::string_view range = input.substr(e.start, e.end - e.start);
  // "With the white space inside the range removed, those bytes are `url`."
  if (without_ws(range) != e.url) failure("the range without white space is the URL");
  if (is_ws(static_cast<unsigned char>(range.front())) ||
      is_ws(static_cast<unsigned char>(range.back())))
    failure("the range runs from the URL's first character to its last");

  // The URL is a URL reference (lenient parse, draft 2.3.3); bracketed and
  // bare ones have a scheme (only "URL:" vouches for a relative one).
  const auto parsed = urlkit::parse_reference(e.url);
  if (!parsed) failure("an extracted URL parses (lenient)");
  if (e.how != how::wrapped && !parsed->has_scheme())
    failure("a bracketed or bare URL is absolute");
  for (char c : e.url)
    if (ends_bare(static_cast<unsigned char>(c)))
      failure("a URL holds no space, control, <, >, \"");

  // A bare or bracketed URL has "//" after its scheme, or a known scheme
  // that its registry's check, when the options give one, accepts.
  if (e.how != how::wrapped) {
    const std::size_t colon = e.url.find(':');
    const std::string_view scheme = std::string_view(e.url).substr(0, colon);
    if (colon != std::string::npos &&
        !std::string_view(e.url).substr(colon + 1).starts_with("//")) {
      if (!known_scheme(s.options, scheme))
        failure("a bare or bracketed URL without \"//\" has a known scheme");
      const urlkit::scheme_handler* h =
          s.options.registry ? s.options.registry->find(scheme) : nullptr;
      if (h != nullptr && !h->check(*parsed, {}))
        failure("a bare or bracketed URL without \"//\" passes its scheme's check");
    }
  }

  if (e.how == how::bare) {
    if (e.outer_start != e.start || e.outer_end != e.end)
      failure("a bare URL's outer range is its range");
    if (e.end - e.start > s.effective_max_length) failure("a bare URL is at most max_length long");
    // It starts at a known scheme name that does not continue a word.
    const std::size_t colon = e.url.find(':');
    if (colon == std::string::npos ||
        !known_scheme(s.options, std::string_view(e.url).substr(0, colon)))
      failure("a bare URL starts with a known scheme");
    if (e.start > 0 && is_alnum(static_cast<unsigned char>(input[e.start - 1])))
      failure("a bare URL's scheme does not continue a word");
    // Nothing left after "scheme:", or only "//", is not a URL.
    const std::string_view rest = std::string_view(e.url).substr(colon + 1);
    if (rest.empty() || rest == "//")
      failure("a bare URL has more than \"scheme:\" or \"scheme://\"");
    // Inside a "<URL:" given up, the URL's end is unknown: it says so, in
    // its first warning, at its start (when any warning is listed).
    const bool inside = in_given_up_url_wrapper(input, e.start, s.effective_max_length);
    bool says = false;
    for (const warning& w : e.warnings) says = says || w.code == warning_code::wrapper_given_up;
    if (s.options.max_warnings > 0 && inside != says)
      failure(inside ? "a bare URL inside a <URL: given up says it may be cut short"
                     : "only a bare URL inside a <URL: given up says it may be cut short");
    if (says && (e.warnings[0].code != warning_code::wrapper_given_up ||
                 e.warnings[0].offset != e.start || !is_given_up_warning(e.warnings[0].message())))
      failure("the warning that a URL may be cut short comes first, at its start");
    // Trimmed of what a reader takes for the sentence's.
    if (trimmed_punctuation(e.url.back())) failure("a bare URL does not end with punctuation");
    for (std::string_view q : closing_quotes)
      if (e.url.ends_with(q)) failure("a bare URL does not end with a closing quotation mark");
    const struct { char open, close; } pairs[] = {{'(', ')'}, {'[', ']'}, {'{', '}'}};
    for (const auto& p : pairs) {
      if (e.url.back() != p.close) continue;
      std::size_t opened = 0, closed = 0;
      for (char c : e.url) {
        opened += c == p.open;
        closed += c == p.close;
      }
      if (closed > opened) failure("a bare URL does not end with a bracket it does not open");
    }
    // It ends where no URL goes on: what follows up to the next byte no URL
    // holds is only what the trimming took off.
    for (std::size_t i = e.end; i < input.size(); ++i) {
      const auto c = static_cast<unsigned char>(input[i]);
      if (ends_bare(c)) break;
      if (!trimmed_punctuation(static_cast<char>(c)) && c != ')' && c != ']' && c != '}' &&
          c < 0x80)
        failure("a bare URL is followed only by trimmed punctuation");
    }
  } else {
    // "<" ... ">", the first ">" after the "<"; inside, no byte that cannot
    // be in a wrapper, and in a bare "<...>" no empty line.
    if (input[e.outer_start] != '<' || input[e.outer_end - 1] != '>')
      failure("a wrapper runs from \"<\" to \">\"");
    if (e.outer_end - e.outer_start > s.effective_max_length)
      failure("a wrapper is at most max_length long");
    const std::string_view inner = input.substr(e.outer_start + 1, e.outer_end - e.outer_start - 2);
    for (char ch : inner) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == '>' || ends_wrapper(c)) failure("a wrapper holds no >, <, \" or control");
    }
    if (is_ws(static_cast<unsigned char>(inner.front())))
      failure("white space right after \"<\" opens no wrapper");
    // What lies between the wrapper and the URL: "URL:" (wrapped) and white
    // space; after the URL, white space only.
    std::string_view head = input.substr(e.outer_start + 1, e.start - e.outer_start - 1);
    if (e.how == how::wrapped) {
      if (head.size() < 4 || !iequals(head.substr(0, 4), "URL:"))
        failure("a wrapped URL follows \"<URL:\" in any case");
      head.remove_prefix(4);
    } else if (inner.size() >= 4 && iequals(inner.substr(0, 4), "URL:")) {
      failure("\"<URL:...>\" is wrapped, not bracketed");
    } else {
      for (char c : inner.substr(0, inner.find(':')))
        if (is_ws(static_cast<unsigned char>(c)))
          failure("a bracketed URL has no white space before its ':'");
    }
    for (char c : head)
      if (!is_ws(static_cast<unsigned char>(c))) failure("only white space before the URL");
    for (char c : input.substr(e.end, e.outer_end - 1 - e.end))
      if (!is_ws(static_cast<unsigned char>(c))) failure("only white space after the URL");
    // A bracketed URL: no empty line, two line breaks (a CRLF counts once)
    // with only white space between them.  Inside "<URL:" an empty line is
    // white space like any other.
    unsigned breaks = 0;
    for (std::size_t i = 0; e.how == how::bracketed && i < inner.size(); ++i) {
      const char c = inner[i];
      if (c == '\r' || (c == '\n' && (i == 0 || inner[i - 1] != '\r'))) {
        if (++breaks >= 2) failure("a wrapper holds no empty line");
      } else if (!is_ws(static_cast<unsigned char>(c))) {
        breaks = 0;
      }
    }
  }
  if (e.how != how::bare)
    for (const warning& w : e.warnings)
      if (w.code == warning_code::wrapper_given_up)
        failure("a wrapped or bracketed URL is never said to be cut short");
  check_warnings(input, e, s.options.max_warnings);
}

// A splitmix-style generator for the chunk sizes, seeded from the input so
// that a saved input replays the same cuts.
struct chunker {
  std::uint64_t state;
  std::size_t next(std::size_t most) {
    state += 0x9e3779b97f4a7c15u;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    // Mostly small chunks, where the boundaries fall inside everything.
    const std::size_t cap = (z & 0x300) == 0 ? most : 9;
    return 1 + static_cast<std::size_t>((z >> 12) % cap);
  }
};

void run(std::string_view input) {
  const std::uint8_t selector = input.empty() ? 0 : static_cast<std::uint8_t>(input[0]);
  const std::string_view text = input.empty() ? input : input.substr(1);
  const setup s = options_from(selector);

  const std::vector<found> all = extract_found(text, s.options);
  // extract() delivers the same warnings to its sink.
  {
    catcher c;
    const std::vector<extracted> plain = urlkit::extract(text, c.options(s.options));
    std::size_t warnings = 0;
    for (const found& e : all) warnings += e.warnings.size();
    check(plain.size() == all.size() && c.pending.size() == warnings, text,
          "extract() gives the URLs and delivers the warnings of one extractor");
  }
  const found* previous = nullptr;
  for (const found& e : all) {
    check_one(text, s, e);
    if (previous != nullptr) {
      // In order of appearance, and never the same text twice.
      if (previous->start >= e.start)
        fail(text, "URLs come in order of appearance",
             {{"before", where(*previous)}, {"after", where(e)}});
      if (previous->outer_end > e.outer_start)
        fail(text, "URLs do not overlap", {{"before", where(*previous)}, {"after", where(e)}});
    }
    previous = &e;

    // Cut out alone, with its wrapper, the same URL is found (offsets moved):
    // nothing outside the wrapper, or after a bare URL's end, decided it.
    const std::string_view alone = text.substr(e.outer_start, e.outer_end - e.outer_start);
    const auto again = extract_found(alone, s.options);
    if (again.size() != 1 || again[0].url != e.url || again[0].how != e.how ||
        again[0].start + e.outer_start != e.start || again[0].end + e.outer_start != e.end)
      fail(text, "a URL cut out of the text with its wrapper is found alone",
           {{"url", e.url},
            {"where", where(e)},
            {"alone", again.empty() ? std::string_view("<none>") : std::string_view(again[0].url)},
            {"alone where", again.empty() ? std::string() : where(again[0])}});
  }

  // extract_cut: the text cut where it says, each part scanned on its own and
  // its URLs shifted by the part's start, gives the URLs of one pass.
  {
    const std::size_t cut = urlkit::extract_cut(text.substr(0, text.size() / 2), false, s.options);
    if (cut > text.size() / 2) fail(text, "extract_cut cuts inside the text it was given", {});
    std::vector<found> parts = extract_found(text.substr(0, cut), s.options);
    for (found e : extract_found(text.substr(cut), s.options)) {
      e.shift(cut);
      parts.push_back(std::move(e));
    }
    if (parts != all)
      fail(text, "the parts extract_cut makes give the URLs of one pass",
           {{"cut", std::to_string(cut)}});
  }

  // Streaming: the same text in chunks of any size gives the same URLs, the
  // pending bytes stay bounded, and after finish() the extractor starts anew.
  chunker cuts{0x5eed0000u + selector + (static_cast<std::uint64_t>(text.size()) << 8)};
  catcher streaming;
  urlkit::extractor x(streaming.options(s.options));
  std::vector<found>& streamed = streaming.all;
  const urlkit::extractor::sink keep = streaming.sink();
  // A word being read for a scheme name is at most 17 bytes.
  const std::size_t bound = s.effective_max_length + 32;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t n = cuts.next(text.size() - at);
    x.feed(text.substr(at, n), keep);
    at += n;
    if (x.pending() > bound)
      fail(text, "pending() stays within about max_length",
           {{"pending", std::to_string(x.pending())}});
    // Each URL comes out once the text shows where it ends: never a URL
    // that runs past what was fed.
    if (!streamed.empty())
      check(streamed.back().outer_end <= at, text, "a URL is handed out only once complete");
  }
  x.finish(keep);
  if (streamed != all) {
    const std::size_t a = streamed.size(), b = all.size();
    std::size_t i = 0;
    while (i < a && i < b && streamed[i] == all[i]) ++i;
    fail(text, "extractor fed in chunks gives what extract() gives",
         {{"first difference", std::to_string(i)},
          {"streamed", i < a ? where(streamed[i]) + " " + streamed[i].url : "<none>"},
          {"whole", i < b ? where(all[i]) + " " + all[i].url : "<none>"}});
  }
  check(x.pending() == 0, text, "finish() leaves nothing pending");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  urlkit_fuzz::run_guarded(input, run);
  return 0;
}
