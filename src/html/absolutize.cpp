// The link absolutizer, streaming: reads a document's tokens (tokenizer.hpp,
// tree_builder.hpp), establishes its base (draft 5.1 and Appendix D: the
// BASE element), resolves every URL of every URL-valued attribute (draft 6)
// and writes the document out as it goes, each rewritten value in place of
// the original.  When the BASE is not known beforehand, the input is held
// (in memory, then in a temporary file) until it is.
#include <stdio.h>  // fdopen
#include <unistd.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stream.hpp"
#include "text.hpp"
#include "urlkit/base.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/detail/temp_file.hpp"
#include "urlkit/html.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::html {

namespace {

using namespace detail;

// What a warning about the BASE href names as its source.
constexpr std::string_view base_label = "base href";

// An error that leaves a link as it is, naming the attribute its offset
// counts in (html.hpp: link::resolved).
urlkit::error in_attribute(urlkit::error e, std::string_view label) noexcept {
  e.source = label;
  return e;
}

// Output is gathered and handed to the sink in pieces of about this size.
constexpr std::size_t output_piece = 64 * 1024;
// Input held until the base is known is kept in blocks of this size.
constexpr std::size_t hold_block = 64 * 1024;

/// The document's base, from the outer layers and its first BASE: the
/// embedded layer when the BASE's href is usable.
established_base document_base(const established_base& outer, const std::optional<base_href>& found,
                               specification spec) {
  if (!found || !found->href) return outer;
  result<established_base> r = establish_base(*found->href, outer, spec);
  return r ? *r : outer;
}

/// References resolved against a document's base, and what they gave (a
/// document's links repeat: five in six of the corpus' that are not a
/// "#name"): open addressing in a table of a power of two slots, the texts
/// one after the other in one string, so that a look-up is a hash of the
/// reference's bytes and mostly one comparison, and an entry no allocation.
/// Bounded (a document of many distinct links costs no more memory than the
/// bound): full, it starts again empty.
class resolved_cache {
 public:
  static constexpr std::size_t max_entries = 4096, max_bytes = std::size_t{1} << 20;

  struct hit {
    std::string_view url;
    bool same_document = false;
  };

  static std::uint64_t hash(std::string_view s) noexcept {
    const char* p = s.data();
    const std::size_t n = s.size();
    std::uint64_t h = 0x9E3779B97F4A7C15u ^ n;
    const auto mix = [&h](std::uint64_t w) {
      h = (h ^ w) * 0xFF51AFD7ED558CCDu;
      h ^= h >> 32;
    };
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, p + i, 8);
      mix(w);
    }
    if (i < n) {
      std::uint64_t w = 0;
      if (n >= 8) {
        std::memcpy(&w, p + n - 8, 8);  // the last 8 bytes, some read again
      } else {
        for (std::size_t k = i; k < n; ++k)
          w |= static_cast<std::uint64_t>(static_cast<unsigned char>(p[k])) << (8 * (k - i));
      }
      mix(w);
    }
    return h;
  }

  std::optional<hit> find(std::string_view reference, std::uint64_t h) const noexcept {
    if (slots_.empty()) return std::nullopt;
    for (std::size_t i = h & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      const slot& e = slots_[i];
      if (e.reference_size == 0) return std::nullopt;
      if (e.hash == h && e.reference_size == reference.size() &&
          std::memcmp(texts_.data() + e.at, reference.data(), reference.size()) == 0)
        return hit{std::string_view(texts_).substr(e.at + e.reference_size, e.url_size),
                   e.same_document};
    }
  }

  // (`reference` is not in the table, and is not empty.)
  void insert(std::string_view reference, std::uint64_t h, std::string_view url,
              bool same_document) {
    const std::size_t bytes = reference.size() + url.size();
    if (bytes > max_bytes / 16 || reference.empty()) return;
    if (entries_ == max_entries || texts_.size() + bytes > max_bytes) {
      std::fill(slots_.begin(), slots_.end(), slot{});
      texts_.clear();
      entries_ = 0;
    }
    // At most half full: grown (from 64 slots) as entries come.
    if (2 * (entries_ + 1) > slots_.size()) grow();
    std::size_t i = h & (slots_.size() - 1);
    while (slots_[i].reference_size != 0) i = (i + 1) & (slots_.size() - 1);
    slot& e = slots_[i];
    e.hash = h;
    e.at = texts_.size();
    e.reference_size = reference.size();
    e.url_size = url.size();
    e.same_document = same_document;
    texts_.append(reference);
    texts_.append(url);
    ++entries_;
  }

 private:
  struct slot {
    std::uint64_t hash = 0;
    std::size_t at = 0;              // of the reference, then the URL, in texts_
    std::size_t reference_size = 0;  // 0: an empty slot
    std::size_t url_size = 0;
    bool same_document = false;
  };
  void grow() {
    std::vector<slot> old(slots_.empty() ? 64 : 2 * slots_.size());
    old.swap(slots_);
    for (const slot& e : old) {
      if (e.reference_size == 0) continue;
      std::size_t i = e.hash & (slots_.size() - 1);
      while (slots_[i].reference_size != 0) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = e;
    }
  }
  std::vector<slot> slots_;
  std::string texts_;
  std::size_t entries_ = 0;
};

/// Reads a document's tokens and writes it out with its links rewritten,
/// against a base known from the start.
class rewriter final : public token_sink {
 public:
  rewriter(const established_base& outer, const established_base& base,
           const absolutize_options& options, std::vector<edit>* edits)
      : outer_(outer), base_(base), options_(options), edits_(edits), tokens_(*this, max_tag_size) {
    base_text_ = base_.url;
    base_result_ = base_text_;
    listening_resolved_ = options_.on_link && !options_.only_left_as_is;
    // Bases from establish_base always parse; a hand-made outer one may not:
    // its parse error, with the offset in outer.url.
    auto view = parse_reference(base_text_);
    if (view) {
      base_view_ = *view;
      fragment_prefix_ = fragment_prefix(base_view_);
      // (A plain fragment's name fits as it is.)
      prefix_fits_unquoted_ = fragment_prefix_ && detail::fits_unquoted(*fragment_prefix_);
      // (Escaped, the prefix is itself in any quoting: then so is every
      // "#name" made of it, whose name is plain.)
      if (fragment_prefix_) {
        prefix_plain_ = true;
        std::string escaped;
        for (const char quote : {'"', '\'', '\0'})
          for (const bool commas : {false, true}) {
            escaped.clear();
            append_value(escaped, *fragment_prefix_, quote, true, true, commas);
            if (escaped != *fragment_prefix_) prefix_plain_ = false;
          }
      }
    } else {
      error_ = view.error();
    }
  }

  const std::optional<urlkit::error>& error() const noexcept { return error_; }
  std::size_t held() const noexcept { return tokens_.held(); }

  /// Set when told to stop at a BASE that gives another base than the one
  /// it was made with (absolutize() then starts again with that one).
  void stop_at_another_base() noexcept { stop_at_another_base_ = true; }
  bool met_another_base() const noexcept { return met_another_base_; }
  /// The base the document's first BASE gave, once read (none when it has
  /// none, or one that cannot be used).
  const std::optional<established_base>& established() const noexcept { return established_; }

  result<void> write(std::string_view piece, const byte_sink& out) {
    if (error_) return *error_;
    out_ = &out;
    constexpr std::size_t step = 64 * 1024;
    for (std::size_t at = 0; at < piece.size() && !error_ && !met_another_base_; at += step)
      if (!tokens_.write(piece.substr(at, step))) error_ = tag_too_large_at(tokens_.failed_at());
    if (!error_) flush();
    out_ = nullptr;
    if (error_) return *error_;
    return {};
  }

  result<void> finish(const byte_sink& out) {
    if (error_) return *error_;
    out_ = &out;
    tokens_.finish();
    flush();
    out_ = nullptr;
    if (error_) return *error_;
    return {};
  }

  void text(std::string_view bytes) override { pass(bytes); }
  void end_of_buffer() override { emit_run(); }

  text_mode start(const start_tag& tag) override {
    pass(tag.before);
    text_mode mode = text_mode::data;
    const element_info info = tree_.start(tag, mode);
    // Most tags have no attribute that may hold a URL ("<span class=...>"):
    // passed on as they are.
    bool may = false;
    if (info.element)
      for (const std::string_view name : tag.names) may |= may_be_url_attribute(name);
    if (may)
      rewrite(tag, info);
    else
      pass(tag.text);
    return mode;
  }

  void end(std::string_view name, std::string_view before) override {
    pass(before);
    tree_.end(name);
  }
  bool in_foreign_content() const override { return tree_.in_foreign_content(); }
  bool wants_characters() const override { return tree_.wants_characters(); }
  void characters(std::string_view bytes) override { tree_.characters(bytes); }

 private:
  // A start tag with an attribute that may hold a URL: passed on with its
  // URLs rewritten.
  __attribute__((noinline)) void rewrite(const start_tag& tag, const element_info& info) {
    tag_edits_.clear();
    edit_text_.clear();
    element(tag, info);
    // The tag, with its edits.
    if (tag_edits_.size() > 1)
      std::sort(tag_edits_.begin(), tag_edits_.end(),
                [](const tag_edit& a, const tag_edit& b) { return a.begin < b.begin; });
    std::size_t at = 0;
    for (const tag_edit& e : tag_edits_) {
      const auto begin = static_cast<std::size_t>(e.begin - tag.offset);
      const std::string_view text = slice(edit_text_, e.text_begin, e.text_end - e.text_begin);
      pass(slice(tag.text, at, begin - at));
      emit(text);
      at = static_cast<std::size_t>(e.end - tag.offset);
      if (edits_ != nullptr) edits_->push_back({e.begin, e.end, std::string(text)});
    }
    pass(slice(tag.text, at));
  }

  // Bytes of the input passed on as they are: consecutive ones (the text and
  // tags between two edits, most of a document) are gathered as one run of
  // the tokenizer's buffer, and copied (or handed to the sink) at once.
  void pass(std::string_view bytes) {
    if (bytes.empty()) return;
    if (run_size_ != 0 && bytes.data() == run_begin_ + run_size_) {
      run_size_ += bytes.size();
      return;
    }
    emit_run();
    run_begin_ = bytes.data();
    run_size_ = bytes.size();
  }

  void emit_run() {
    if (run_size_ == 0) return;
    const std::string_view run(run_begin_, run_size_);
    run_size_ = 0;
    emit(run);
  }

  // Bytes written out now (after the run before them).
  void emit(std::string_view bytes) {
    emit_run();
    if (bytes.empty() || error_) return;
    if (bytes.size() >= output_piece) {
      flush();
      if (!error_ && !(*out_)(bytes)) stopped();
      return;
    }
    out_buffer_.append(bytes);
    if (out_buffer_.size() >= output_piece) flush();
  }

  void flush() {
    if (out_buffer_.empty() || error_) return;
    if (!(*out_)(out_buffer_)) stopped();
    out_buffer_.clear();
  }

  void stopped() {
    urlkit::error e{};
    e.code = error_code::output_stopped;
    error_ = e;
  }

  position where(std::uint64_t offset) noexcept { return tokens_.position_of(offset); }

  void element(const start_tag& tag, const element_info& info) {
    const std::string_view key = info.ns == element_namespace::svg      ? std::string_view("*svg")
                                 : info.ns == element_namespace::mathml ? std::string_view("*math")
                                                                        : info.name;
    if (key == "base") {
      // Only the first BASE matters (the document's base), and only its
      // href; every other BASE is left alone.
      const std::size_t href = base_seen_ ? std::string_view::npos : base_href_index(tag, info);
      if (href != std::string_view::npos) {
        base_seen_ = true;
        establish(tag, href);
      }
      return;
    }
    // HTML 4.01 13.3: codebase "specifies the base path used to resolve
    // relative URIs specified by the classid, data, and archive attributes".
    std::optional<result<std::string>> codebase;  // read when first needed
    for (std::size_t i = 0; i < tag.attributes.size(); ++i) {
      std::string_view element_key = key, element_name = info.name;
      if (info.isindex) {
        // Its action is the form's, its other attributes the input's.
        const std::string_view n = tag.names[i];
        if (n == "name" || n == "prompt") continue;
        element_key = element_name = n == "action" ? "form" : "input";
      }
      if (!may_be_url_attribute(tag.names[i])) continue;
      const url_attribute* spec = find_url_attribute(element_key, tag.names[i]);
      if (spec == nullptr) continue;
      if (tree_.drops_merged_attribute(info, tag.names[i])) continue;
      if (!tag.attributes[i].has_value) continue;
      if (!spec->against_codebase && spec->list == url_list::single && plain_fragment_at(tag, i))
        continue;
      const result<std::string>* against = &base_result_;
      if (spec->against_codebase) {
        if (!codebase) codebase = codebase_of(tag, key);
        against = &*codebase;
      }
      // (codebase_of decodes into decoded_ too: the value is read after it.)
      const auto value = value_of(tag, i, decoded_);
      attribute(element_name, tag.names[i], *spec, *value, *against);
    }
  }

  // A value that is "#name" (white space around it aside; plain_fragment),
  // against the document's base, where nothing listens for the links that
  // resolve: what attribute() and write_back() do with it, written at once
  // (every line number of a rustdoc source listing, "href=#12", is one).
  // False where the value is another, or is written another way: then it is
  // theirs to read.
  bool plain_fragment_at(const start_tag& tag, std::size_t i) {
    if (!fragment_prefix_ || !prefix_plain_ || listening_resolved_ || options_.keep_same_document)
      return false;
    const tag_attribute& a = tag.attributes[i];
    if (a.quote == 0 && !prefix_fits_unquoted_) return false;
    const std::size_t skip = a.quote != 0 ? 1 : 0;
    std::size_t begin = a.value_begin + skip, end = a.value_end - skip;
    // (split_urls: a single URL, HTML's white space around it removed.)
    while (begin < end && is_html_space(tag.text[begin])) ++begin;
    while (end > begin && is_html_space(tag.text[end - 1])) --end;
    const std::string_view reference = slice(tag.text, begin, end - begin);
    // (No "&" in it: the value is as written, HTML decodes nothing.)
    if (!plain_fragment(reference)) return false;
    tag_edit& e = tag_edits_.emplace_back();
    e.begin = static_cast<std::size_t>(tag.offset) + begin;
    e.end = static_cast<std::size_t>(tag.offset) + end;
    e.text_begin = edit_text_.size();
    edit_text_.append(*fragment_prefix_);
    edit_text_.append(reference.data() + 1, reference.size() - 1);
    e.text_end = edit_text_.size();
    return true;
  }

  // Draft 5.1 / Appendix D: the first BASE href is the document's base; a
  // relative one is resolved against the outer layers' base and written back
  // in its absolute form (Appendix D: "The HREF attribute must be an absolute
  // URL"), so that the document keeps its base wherever it is moved.  A BASE
  // href that cannot be used is reported and the outer base stays.
  void establish(const start_tag& tag, std::size_t href_index) {
    const std::optional<attribute_value> value = value_of(tag, href_index, decoded_);
    const href_text h = href_in(tag, value);
    if (stop_at_another_base_) {
      // The base this BASE gives, as base_reader and document_base read it.
      base_href b;
      b.href = href_of(h, value);
      if (document_base(outer_, b, options_.spec).url != base_.url) {
        met_another_base_ = true;
        return;
      }
    }
    link l;
    l.element = "base";
    l.attribute = "href";
    l.where = where(h.offset);
    if (value) {
      l.value_begin = static_cast<std::size_t>(value->begin);
      l.value_end = static_cast<std::size_t>(value->end);
    }
    l.reference = h.href;
    l.base = outer_.url;
    // As for every other link: a value HTML decoded and in which it replaced
    // bytes (NUL, not UTF-8) is not the base the document wrote; used, it
    // would also be written back with the replacement characters.
    const std::size_t bad_byte =
        value && !value->raw ? first_non_utf8(value->content) : std::string_view::npos;
    if (bad_byte != std::string_view::npos) {
      l.resolved = in_attribute(replaced_byte(*value, bad_byte), base_label);
      report(l);
      return;
    }
    result<established_base> r = establish_base(h.href, outer_, options_.spec);
    if (!r) {
      l.resolved = in_attribute(r.error(), base_label);
      report(l);
      return;
    }
    established_ = *r;
    auto resolved = urlkit::resolve(outer_.url, h.href, options_.spec);
    l.resolved = resolved ? std::move(resolved) : in_attribute(resolved.error(), base_label);
    if (r->resolved_against && value && l.resolved && *l.resolved != h.href) {
      split_into(value->decoded, url_list::single, urls_);
      changes_.assign({change{0, 0, l.resolved->size()}});
      changed_text_.assign(*l.resolved);
      write_back(*value, url_list::single);
      l.rewritten = true;
    }
    report(l);
  }

  /// The resolved codebase of an object or applet; the document's base when
  /// it has none; when it has one that does not resolve, its error (reported
  /// where it is, and the error of the URLs relative to it, left alone).
  result<std::string> codebase_of(const start_tag& tag, std::string_view key) {
    const url_attribute* spec = find_url_attribute(key, "codebase");
    if (spec == nullptr) return base_text_;
    for (std::size_t i = 0; i < tag.names.size(); ++i) {
      if (tag.names[i] != "codebase") continue;
      auto value = value_of(tag, i, decoded_);
      if (!value) return base_text_;
      auto urls = split_urls(value->decoded, url_list::single);
      std::string_view text = value->decoded.substr(urls[0].first, urls[0].second - urls[0].first);
      auto ref = parse_reference(text);
      if (!ref) return in_attribute(ref.error(), spec->label);
      auto r = urlkit::resolve(base_view_, *ref, options_.spec);
      if (!r) return in_attribute(r.error(), spec->label);
      return r;
    }
    return base_text_;
  }

  void attribute(std::string_view element, std::string_view attr, const url_attribute& spec,
                 const attribute_value& value, const result<std::string>& against) {
    split_into(value.decoded, spec.list, urls_);
    // Where each URL starts among the bytes as written: the same split of
    // the undecoded text finds them unless a reference encoded a separator.
    bool written_split = false;
    const std::size_t bad_byte = value.raw ? std::string_view::npos : first_non_utf8(value.content);

    // The base: the document's (mostly), or a codebase's, parsed here.
    const url_view* base_view = nullptr;
    bool document_base = false;
    if (against) {
      if (&against == &base_result_ || *against == base_text_) {
        base_view = &base_view_;
        document_base = true;
      } else {
        codebase_view_ = *parse_reference(*against);  // a resolve result: it parses
        base_view = &codebase_view_;
      }
    }

    changes_.clear();
    changed_text_.clear();
    for (std::size_t i = 0; i < urls_.size(); ++i) {
      const std::string_view reference =
          slice(value.decoded, urls_[i].first, urls_[i].second - urls_[i].first);
      // The link's fields are made only for a listener; a link left as it
      // is is reported as a warning either way.  (Its error, when it has
      // one, in failure_: a result made and copied for each URL stalled on
      // its own stores.)
      bool ok = false;
      bool rewritten = false;
      if (bad_byte != std::string_view::npos) {
        // HTML decoded the value, and replaced what is not UTF-8: the URL it
        // gives is not the one written.
        failure_ = in_attribute(replaced_byte(value, bad_byte), spec.label);
      } else if (base_view) {
        ok = resolve_one(reference, spec.label, *base_view, document_base, i, rewritten);
      } else {
        failure_ = against.error();  // a codebase that does not resolve
      }
      if (!ok) options_.on_warning(passed_over(failure_));
      if (!options_.on_link || (ok && options_.only_left_as_is)) continue;
      if (!value.raw && !written_split) {
        split_into(value.content, spec.list, written_);
        written_split = true;
      }
      const bool same_split = value.raw || written_.size() == urls_.size();
      link l;
      l.element.assign(element);
      l.attribute = attr;
      // (Where the split of the bytes as written differs, the value's start.)
      const std::size_t written_at = !same_split ? 0
                                     : value.raw ? urls_[i].first
                                                 : written_[i].first;
      l.where = where(value.content_begin + written_at);
      l.value_begin = static_cast<std::size_t>(value.begin);
      l.value_end = static_cast<std::size_t>(value.end);
      l.reference.assign(reference);
      if (against) l.base = *against;
      if (!ok)
        l.resolved = failure_;
      else
        l.resolved = one_;
      l.rewritten = rewritten;
      options_.on_link(l);
    }
    if (!changes_.empty()) write_back(value, spec.list);
  }

  // Resolves one reference into one_; a change to write back is recorded
  // (changes_, changed_text_).
  // (False, the error in failure_, where it does not resolve.)
  bool resolve_one(std::string_view reference, std::string_view label, const url_view& base,
                   bool document_base, std::size_t index, bool& rewritten) {
    if (document_base && fragment_prefix_ && plain_fragment(reference)) {
      // "#name" (every line number of a rustdoc source listing): the base
      // without its fragment, and this one (draft 6, step 2's "fragment
      // identifier" case), made without a parse and a resolution.
      one_.assign(*fragment_prefix_);
      one_.append(reference.substr(1));
      if (options_.keep_same_document) return true;  // a same-document reference
      add_change(index, prefix_fits_unquoted_ ? one_.size() : 0, prefix_plain_);
      rewritten = true;
      return true;
    }
    bool same_document = false;
    const std::uint64_t h = document_base ? resolved_cache::hash(reference) : 0;
    const std::optional<resolved_cache::hit> known =
        document_base ? resolved_.find(reference, h) : std::nullopt;
    if (known) {
      one_.assign(known->url);
      same_document = known->same_document;
    } else {
      auto ref = parse_reference(reference);
      if (!ref) {
        failure_ = in_attribute(ref.error(), label);
        return false;
      }
      if (auto r = urlkit::resolve_into(base, *ref, options_.spec, one_); !r) {
        failure_ = in_attribute(r.error(), label);
        return false;
      }
      same_document = ref->is_same_document();
      if (document_base) resolved_.insert(reference, h, one_, same_document);
    }
    if (one_ == reference) return true;
    if (options_.keep_same_document && same_document) return true;
    add_change(index, 0);
    rewritten = true;  // write_back writes every change
    return true;
  }

  // URL `index` of the attribute is written one_ (of which the first
  // `fits_unquoted` bytes are known to fit an unquoted value; `plain`: all
  // of it is written as it is, in any quoting).
  void add_change(std::size_t index, std::size_t fits_unquoted, bool plain = false) {
    // (Made in place: a change made aside and copied is read back whole
    // before its fields' stores have landed.)
    change& c = changes_.emplace_back();
    c.index = index;
    c.text_begin = changed_text_.size();
    c.text_end = changed_text_.size() + one_.size();
    c.fits_unquoted = fits_unquoted;
    c.plain = plain;
    changed_text_.append(one_);
  }

  // Whether `reference` is "#" and a fragment of letters, digits and
  // "-" "." "_" "~" alone: characters the grammar takes in a fragment
  // without a warning (draft 2.2, 2.3), which resolving copies as they are,
  // and which an unquoted attribute value takes as they are (so that the
  // prefix's fits_unquoted answers for the whole URL).
  static bool plain_fragment(std::string_view reference) noexcept {
    if (reference.size() < 2 || reference[0] != '#') return false;
    for (const char c : reference.substr(1))
      if (!charset::is(charset::alpha | charset::digit, c) && c != '-' && c != '.' && c != '_' &&
          c != '~')
        return false;
    return true;
  }

  // What a plain fragment resolves to before its name (the base without its
  // fragment, and "#"), when resolving two such fragments shows it; nullopt
  // otherwise (then each is resolved).
  static std::optional<std::string> fragment_prefix(const url_view& base) {
    std::string prefix;
    for (const std::string_view probe : {std::string_view("#a"), std::string_view("#Z0-._~")}) {
      auto ref = parse_reference(probe);
      std::string out;
      if (!ref || !urlkit::resolve_into(base, *ref, out)) return std::nullopt;
      if (out.size() < probe.size() || !out.ends_with(probe)) return std::nullopt;
      const std::string_view before =
          std::string_view(out).substr(0, out.size() - probe.size() + 1);
      if (probe[1] == 'a')
        prefix.assign(before);
      else if (before != prefix)
        return std::nullopt;
    }
    return prefix;
  }

  // Whether on_link is to receive a link whose resolution gave `outcome`.
  template <class Outcome>
  bool listening(const Outcome& outcome) const noexcept {
    return options_.on_link && (!options_.only_left_as_is || !outcome);
  }

  // A link is read: its warning (one left as it is) and the caller's link sink.
  void report(const link& l) {
    if (!l.resolved) options_.on_warning(passed_over(l.resolved.error()));
    if (listening(l.resolved)) options_.on_link(l);
  }

  // Appends `text` to `out`: with `html`, as the text of an attribute value
  // quoted with `quote` ('"', '\'', 0) holds it ("&" as "&amp;", so that no
  // character reference starts there; the quote as "&quot;" or "&#39;");
  // with `url`, octets above 0x7F as escapes, and with `commas` "," as "%2C"
  // (write_back says why).
  static void append_value(std::string& out, std::string_view text, char quote, bool html, bool url,
                           bool commas) {
    // Which bytes need a look, as bits of a table: a test per byte.
    enum : std::uint8_t { b_amp = 1, b_dquote = 2, b_squote = 4, b_high = 8, b_comma = 16 };
    static constexpr std::array<std::uint8_t, 256> kinds = [] {
      std::array<std::uint8_t, 256> t{};
      t['&'] = b_amp;
      t['"'] = b_dquote;
      t['\''] = b_squote;
      t[','] = b_comma;
      for (std::size_t b = 0x80; b < 0x100; ++b) t[b] = b_high;
      return t;
    }();
    std::uint8_t mask = 0;
    if (html) mask |= b_amp | (quote == '"' ? b_dquote : quote == '\'' ? b_squote : 0);
    if (url) mask |= b_high | (commas ? b_comma : 0);
    const auto special = [&](char c) { return (kinds[static_cast<unsigned char>(c)] & mask) != 0; };
#if defined(__SSE2__)
    // 16 bytes at a time: the URLs written back are long, and mostly plain.
    const __m128i amp = _mm_set1_epi8((mask & b_amp) != 0 ? '&' : 0);
    const __m128i quote_byte = _mm_set1_epi8((mask & (b_dquote | b_squote)) != 0 ? quote : 0);
    const __m128i comma = _mm_set1_epi8((mask & b_comma) != 0 ? ',' : 0);
    const bool high = (mask & b_high) != 0;
#endif
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
      std::size_t j = i;
#if defined(__SSE2__)
      // (A byte 0 matches the unused comparisons: NUL is never in a URL
      // written back, but a block with one is read byte by byte below.)
      while (j + 16 <= n) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + j));
        const __m128i hits =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, amp), _mm_cmpeq_epi8(v, quote_byte)),
                         _mm_cmpeq_epi8(v, comma));
        const int bits = _mm_movemask_epi8(hits) | (high ? _mm_movemask_epi8(v) : 0);
        if (bits != 0) break;
        j += 16;
      }
#endif
      while (j < n && !special(text[j])) ++j;
      out.append(text.data() + i, j - i);
      if (j == n) break;
      const char c = text[j];
      const auto b = static_cast<unsigned char>(c);
      if (b >= 0x80) {
        out += '%';
        out += charset::hex_digit(b >> 4);
        out += charset::hex_digit(b);
      } else if (c == ',') {
        out += "%2C";
      } else if (c == '&') {
        out += "&amp;";
      } else {
        out += quote == '"' ? "&quot;" : "&#39;";
      }
      i = j + 1;
    }
  }

  /// Writes the new URLs (changes_) into the attribute's value, in its
  /// quoting.
  void write_back(const attribute_value& value, url_list list) {
    // In a comma-separated list a "," of a resolved URL (from the base or the
    // codebase: the reference itself has none) would split it in two.  It is
    // unreserved, and draft 2.2 says unreserved characters "can be escaped
    // without changing the semantics of the URL" where "the URL is being used
    // in a context which does not allow the unescaped character to appear":
    // it is written "%2C".
    //
    // A non-ASCII character of a value written back (from a character
    // reference, "caf&eacute;", or from a base or codebase that holds one) is
    // written as the escapes of its UTF-8 octets, "caf%C3%A9": the document
    // may be in any ASCII-compatible encoding (ISO-8859-1, windows-1252, ...),
    // whose readers would take UTF-8 bytes written there for other characters
    // ("cafÃ©"), while they all read an escape alike; draft 2.2 asks for it
    // anyway (octets above 0x7F "must always be encoded").  Octets that are
    // not UTF-8 (from a base that holds them) are escaped the same way, and
    // so are not lost to HTML's U+FFFD when the value is read again.
    const bool commas = list == url_list::comma_separated;
    const auto at = [](std::uint64_t offset) { return static_cast<std::size_t>(offset); };
    const auto changed = [&](const change& c) {
      return slice(changed_text_, c.text_begin, c.text_end - c.text_begin);
    };
    const auto add_edit = [&](std::size_t begin, std::size_t end, std::size_t text_begin) {
      tag_edits_.push_back({begin, end, text_begin, edit_text_.size()});
    };
    const auto each_url = [&] {
      // As written: only the URLs change, every other byte stays.
      for (const change& c : changes_) {
        const std::size_t from = edit_text_.size();
        if (c.plain)
          edit_text_.append(changed(c));
        else
          append_value(edit_text_, changed(c), value.quote, true, true, commas);
        add_edit(at(value.content_begin) + urls_[c.index].first,
                 at(value.content_begin) + urls_[c.index].second, from);
      }
    };
    if (value.raw && value.quote != 0) {
      each_url();
      return;
    }
    if (value.raw && fits_unquoted_as_written(value)) {
      each_url();
      return;
    }
    // The new value, as HTML would decode it.  A value HTML decoded is
    // written anew as a whole, so its other parts' non-ASCII characters are
    // escaped too: the bytes written are not the ones that were read.
    std::string& plain = new_value_;
    plain.clear();
    std::size_t from = 0;
    for (const change& c : changes_) {
      append_value(plain, value.decoded.substr(from, urls_[c.index].first - from), 0, false,
                   !value.raw, false);
      append_value(plain, changed(c), 0, false, true, commas);
      from = urls_[c.index].second;
    }
    append_value(plain, value.decoded.substr(from), 0, false, !value.raw, false);
    const std::size_t text_begin = edit_text_.size();
    // (Escaped for HTML, an unquoted value only gains "&amp;", which fits.)
    if (value.quote == 0 && !detail::fits_unquoted(plain)) {
      // An unquoted value that could no longer stand unquoted becomes a
      // double-quoted one, as a whole.
      edit_text_ += '"';
      append_value(edit_text_, plain, '"', true, false, false);
      edit_text_ += '"';
      add_edit(at(value.begin), at(value.end), text_begin);
      return;
    }
    if (value.raw) {
      each_url();
      return;
    }
    // Decoded by HTML: the whole value is written anew.
    append_value(edit_text_, plain, value.quote, true, false, false);
    add_edit(at(value.content_begin), at(value.content_begin) + value.content.size(), text_begin);
  }

  // For an unquoted value HTML did not decode: whether it fits unquoted
  // still with its new URLs (write_back's test of the whole new value),
  // looked at piece by piece: the escapes its URLs are written with add no
  // byte that ends an unquoted value and take none away.
  bool fits_unquoted_as_written(const attribute_value& value) const noexcept {
    const std::string_view decoded = value.decoded;
    const auto fits = [](std::string_view piece) {
      return piece.empty() || detail::fits_unquoted(piece);
    };
    std::size_t from = 0;
    for (const change& c : changes_) {
      const std::string_view url =
          std::string_view(changed_text_)
              .substr(c.text_begin + c.fits_unquoted, c.text_end - c.text_begin - c.fits_unquoted);
      if (!fits(decoded.substr(from, urls_[c.index].first - from)) || !fits(url)) return false;
      from = urls_[c.index].second;
    }
    // Not empty: every change is a URL (resolved URLs are never empty).
    return !changes_.empty() && fits(decoded.substr(from));
  }

  established_base outer_;
  established_base base_;
  std::optional<established_base> established_;  // from the first BASE
  bool stop_at_another_base_ = false;
  bool met_another_base_ = false;
  absolutize_options options_;
  std::vector<edit>* edits_;
  tree_builder tree_;
  tokenizer tokens_;
  std::optional<urlkit::error> error_;
  std::string base_text_;
  result<std::string> base_result_{std::string()};  // base_text_, as attribute() takes it
  url_view base_view_;
  url_view codebase_view_;                      // a codebase's, while its element's URLs are read
  urlkit::error failure_;                       // why the URL being read does not resolve
  std::optional<std::string> fragment_prefix_;  // of base_view_ (fragment_prefix)
  bool prefix_fits_unquoted_ = false;
  bool prefix_plain_ = false;  // append_value writes the prefix as it is, in any quoting
  // on_link is to receive links that resolve (not only those left as they are).
  bool listening_resolved_ = false;
  bool base_seen_ = false;
  const byte_sink* out_ = nullptr;
  std::string out_buffer_;
  const char* run_begin_ = nullptr;  // bytes passed on, not yet emitted
  std::size_t run_size_ = 0;
  std::string decoded_;
  // The edits of the tag being read: bytes [begin, end) of the document
  // replaced by edit_text_'s [text_begin, text_end).
  struct tag_edit {
    std::size_t begin = 0, end = 0, text_begin = 0, text_end = 0;
  };
  std::vector<tag_edit> tag_edits_;
  std::string edit_text_;
  // The attribute being read: its URLs, as decoded and as written; its
  // changes, the URL of urls_[index] resolved to changed_text_'s
  // [text_begin, text_end).
  std::vector<std::pair<std::size_t, std::size_t>> urls_, written_;
  struct change {
    std::size_t index = 0, text_begin = 0, text_end = 0;
    // How many of its first bytes are known to fit an unquoted value.
    std::size_t fits_unquoted = 0;
    bool plain = false;  // append_value writes it as it is, in any quoting
  };
  std::vector<change> changes_;
  std::string changed_text_;
  std::string one_;          // one URL resolved
  resolved_cache resolved_;  // against the document's base
  std::string new_value_;    // a value written anew
};

}  // namespace

// ---- absolutizer -------------------------------------------------------

struct absolutizer::impl {
  established_base outer;
  absolutize_options options;
  std::vector<edit>* edits = nullptr;  // absolutize() collects them
  std::optional<urlkit::error> error;
  std::string prefix;  // the first bytes, until the encoding is known
  bool encoding_known = false;
  // Before the base is known: the BASE reader, and the input held.
  std::optional<base_reader> finder;
  base_tag_scan scan;
  bool finder_reading = false;  // "<base" has occurred: the finder reads
  // In blocks of a fixed size: a string grown to 4 MiB would, for a moment,
  // take three times that (the old buffer and a doubled new one).
  std::vector<std::string> held;
  std::size_t held_size = 0;
  std::FILE* spill = nullptr;
  // Once it is known:
  established_base base;
  std::unique_ptr<rewriter> engine;
  std::size_t peak = 0;

  impl(const established_base& o, absolutize_options opts)
      : outer(o), options(std::move(opts)), base(o) {}
  ~impl() {
    if (spill != nullptr) std::fclose(spill);
  }

  void start_engine(const std::optional<base_href>& found) {
    base = document_base(outer, found, options.spec);
    engine = std::make_unique<rewriter>(outer, base, options, edits);
  }

  result<void> feed(std::string_view piece, const byte_sink& out) {
    if (engine) {
      auto r = engine->write(piece, out);
      peak = std::max(peak, engine->held());
      return r;
    }
    // The base is not known yet: read on for it, holding the input.  Most
    // documents have no BASE: until "<base" occurs, the finder has nothing
    // to read (base_tag_scan), and the document is tokenized once, when it
    // is rewritten.
    if (auto r = hold(piece); !r) return r;
    if (!finder_reading) {
      scan.write(piece);
      if (!scan.seen()) {
        peak = std::max(peak, held_size);
        return {};
      }
      finder_reading = true;
      if (auto r = read_held(); !r) return r;
    } else if (!finder->write(piece)) {
      return tag_too_large_at(finder->failed_at());
    }
    peak = std::max(peak, held_size + finder->held());
    if (finder->found()) return replay(out);
    return {};
  }

  // The finder reads what is held so far (this piece included).
  result<void> read_held() {
    if (spill != nullptr) {
      std::rewind(spill);
      std::string buffer(output_piece, '\0');
      std::size_t n = 0;
      while (!finder->found() && (n = std::fread(buffer.data(), 1, buffer.size(), spill)) > 0)
        if (!finder->write(std::string_view(buffer.data(), n)))
          return tag_too_large_at(finder->failed_at());
      if (std::ferror(spill) || std::fseek(spill, 0, SEEK_END) != 0) return spill_error();
    }
    for (const std::string& block : held) {
      if (finder->found()) break;
      if (!finder->write(block)) return tag_too_large_at(finder->failed_at());
    }
    return {};
  }

  result<void> hold(std::string_view piece) {
    if (spill == nullptr && held_size + piece.size() <= hold_in_memory) {
      held_size += piece.size();
      while (!piece.empty()) {
        if (held.empty() || held.back().size() == hold_block) {
          held.emplace_back();
          held.back().reserve(hold_block);
        }
        const std::size_t n = std::min(piece.size(), hold_block - held.back().size());
        held.back().append(piece.substr(0, n));
        piece.remove_prefix(n);
      }
      return {};
    }
    if (spill == nullptr) {
      std::string dir;
      const int fd = urlkit::detail::unnamed_temp_file(dir);
      spill = fd < 0 ? nullptr : ::fdopen(fd, "w+b");
      if (spill == nullptr) {
        if (fd >= 0) ::close(fd);
        return spill_error();
      }
    }
    for (const std::string& block : held)
      if (std::fwrite(block.data(), 1, block.size(), spill) != block.size()) return spill_error();
    held.clear();
    held_size = 0;
    if (std::fwrite(piece.data(), 1, piece.size(), spill) != piece.size()) return spill_error();
    return {};
  }

  static urlkit::error spill_error() {
    urlkit::error e{};
    e.code = error_code::output_stopped;
    e.detail =
        "the temporary file that holds the document until its BASE is known could not be "
        "made or written (in the directory TMPDIR names, else /tmp)";
    return e;
  }

  // The base is known: the held input is rewritten against it.
  result<void> replay(const byte_sink& out) {
    start_engine(finder->base());
    finder.reset();
    if (spill != nullptr) {
      std::rewind(spill);
      std::string buffer(output_piece, '\0');
      std::size_t n = 0;
      while ((n = std::fread(buffer.data(), 1, buffer.size(), spill)) > 0) {
        if (auto r = engine->write(std::string_view(buffer.data(), n), out); !r) return r;
      }
      if (std::ferror(spill)) return spill_error();
      std::fclose(spill);
      spill = nullptr;
    }
    std::vector<std::string> blocks;
    blocks.swap(held);
    held_size = 0;
    for (std::string& block : blocks) {
      if (auto r = engine->write(block, out); !r) return r;
      std::string().swap(block);  // freed as it is written
    }
    return {};
  }

  result<void> write(std::string_view piece, const byte_sink& out) {
    if (error) return *error;
    result<void> r;
    if (!encoding_known && prefix.empty() && piece.size() >= encoding_prescan) {
      // The first piece holds the whole prescan: read where it is.
      encoding_known = true;
      if (auto e = refused_encoding(piece)) {
        error = *e;
        return *e;
      }
      r = feed(piece, out);
    } else if (!encoding_known) {
      prefix.append(piece);
      if (prefix.size() < encoding_prescan) return {};
      r = begin(out);
    } else {
      r = feed(piece, out);
    }
    if (!r) error = r.error();
    return r;
  }

  // Enough of the document to know its encoding (or all of it).
  result<void> begin(const byte_sink& out) {
    encoding_known = true;
    if (auto e = refused_encoding(prefix)) return *e;
    std::string p;
    p.swap(prefix);
    return feed(p, out);
  }

  result<void> finish(const byte_sink& out) {
    if (error) return *error;
    result<void> r;
    if (!encoding_known) r = begin(out);
    if (r && !engine) {
      if (finder_reading) finder->finish();
      r = replay(out);
    }
    if (r) r = engine->finish(out);
    if (!r) error = r.error();
    return r;
  }
};

absolutizer::absolutizer(const established_base& outer, absolutize_options options)
    : impl_(std::make_unique<impl>(outer, std::move(options))) {
  impl_->finder.emplace();
}

absolutizer::absolutizer(const established_base& outer,
                         const std::optional<base_href>& document_base, absolutize_options options)
    : impl_(std::make_unique<impl>(outer, std::move(options))) {
  impl_->start_engine(document_base);
}

absolutizer::~absolutizer() = default;
absolutizer::absolutizer(absolutizer&&) noexcept = default;
absolutizer& absolutizer::operator=(absolutizer&&) noexcept = default;

result<void> absolutizer::write(std::string_view piece, const byte_sink& out) {
  return impl_->write(piece, out);
}

result<void> absolutizer::finish(const byte_sink& out) {
  return impl_->finish(out);
}

const established_base& absolutizer::base() const noexcept {
  return impl_->base;
}

std::size_t absolutizer::peak_held() const noexcept {
  return impl_->peak;
}

result<absolutized> absolutize(std::string_view document, const established_base& outer,
                               const absolutize_options& options) {
  absolutized result;
  result.outer = outer;
  // The links are gathered, and handed to the caller's sinks once the pass
  // that counts is over.
  absolutize_options o = options;
  o.on_warning = {};
  o.on_link = [&](const link& l) { result.links.push_back(l); };
  o.only_left_as_is = false;  // absolutized::links has them all
  if (auto e = refused_encoding(document.substr(0, encoding_prescan))) return *e;
  // One pass that writes, against the outer base, stopped at a BASE that
  // gives another one: then a second, against that.  (The whole document is
  // at hand: nothing needs holding.)
  const byte_sink out = [&](std::string_view bytes) {
    result.html.append(bytes);
    return true;
  };
  result.base = outer;
  for (int pass = 0; pass < 2; ++pass) {
    result.html.clear();
    result.html.reserve(document.size() + document.size() / 8);
    result.links.clear();
    result.edits.clear();
    rewriter engine(outer, result.base, o, &result.edits);
    if (pass == 0) engine.stop_at_another_base();
    if (auto r = engine.write(document, out); !r) return r.error();
    if (engine.met_another_base()) {
      base_reader finder;
      if (!finder.write(document)) return tag_too_large_at(finder.failed_at());
      result.base = document_base(outer, finder.base(), o.spec);
      continue;
    }
    if (auto r = engine.finish(out); !r) return r.error();
    if (engine.established()) result.base = *engine.established();
    break;
  }
  for (const link& l : result.links) {
    if (!l.resolved) options.on_warning(passed_over(l.resolved.error()));
    if (options.on_link && (!options.only_left_as_is || !l.resolved)) options.on_link(l);
  }
  return result;
}

}  // namespace urlkit::html
