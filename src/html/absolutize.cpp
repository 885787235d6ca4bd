// The link absolutizer, streaming: reads a document's tokens (tokenizer.hpp,
// tree_builder.hpp), establishes its base (draft 5.1 and Appendix D: the
// BASE element), resolves every URL of every URL-valued attribute (draft 6)
// and writes the document out as it goes, each rewritten value in place of
// the original.  When the BASE is not known beforehand, the input is held
// (in memory, then in a temporary file) until it is.
#include <stdio.h>  // fdopen
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
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
established_base document_base(const established_base& outer,
                               const std::optional<base_href>& found) {
  if (!found || !found->href) return outer;
  result<established_base> r = establish_base(*found->href, outer);
  return r ? *r : outer;
}

/// Reads a document's tokens and writes it out with its links rewritten,
/// against a base known from the start.
class rewriter final : public token_sink {
 public:
  rewriter(const established_base& outer, const established_base& base,
           const absolutize_options& options, std::vector<edit>* edits)
      : outer_(outer), base_(base), options_(options), edits_(edits), tokens_(*this, max_tag_size) {
    base_text_ = base_.url;
    // Bases from establish_base always parse; a hand-made outer one may not:
    // its parse error, with the offset in outer.url.
    auto view = parse_reference(base_text_);
    if (view)
      base_view_ = *view;
    else
      error_ = view.error();
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

  void text(std::string_view bytes) override {
    lines_.advance(bytes);
    emit(bytes);
  }

  text_mode start(const start_tag& tag) override {
    text_mode mode = text_mode::data;
    const element_info info = tree_.start(tag, mode);
    tag_ = &tag;
    tag_edits_.clear();
    counted_ = 0;
    if (info.element) element(tag, info);
    // The tag, with its edits.
    std::sort(tag_edits_.begin(), tag_edits_.end(),
              [](const edit& a, const edit& b) { return a.begin < b.begin; });
    std::size_t at = 0;
    for (const edit& e : tag_edits_) {
      const auto begin = static_cast<std::size_t>(e.begin - tag.offset);
      emit(tag.text.substr(at, begin - at));
      emit(e.text);
      at = static_cast<std::size_t>(e.end - tag.offset);
      if (edits_ != nullptr) edits_->push_back(e);
    }
    emit(tag.text.substr(at));
    count_to(tag.text.size());
    tag_ = nullptr;
    return mode;
  }

  void end(std::string_view name) override { tree_.end(name); }
  bool in_foreign_content() const override { return tree_.in_foreign_content(); }
  bool wants_characters() const override { return tree_.wants_characters(); }
  void characters(std::string_view bytes) override { tree_.characters(bytes); }

 private:
  void emit(std::string_view bytes) {
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

  // Counts the lines of the current tag up to byte `at` of it.
  void count_to(std::size_t at) {
    if (at > counted_) lines_.advance(tag_->text.substr(counted_, at - counted_));
    counted_ = std::max(counted_, at);
  }

  position where(std::uint64_t offset) {
    const auto at = static_cast<std::size_t>(offset - tag_->offset);
    count_to(at);
    return lines_.at(offset, at < tag_->text.size() ? tag_->text[at] : '\0');
  }

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
    result<std::string> codebase = base_text_;
    bool codebase_done = false;
    for (std::size_t i = 0; i < tag.attributes.size(); ++i) {
      std::string_view element_key = key, element_name = info.name;
      if (info.isindex) {
        // Its action is the form's, its other attributes the input's.
        const std::string& n = tag.names[i];
        if (n == "name" || n == "prompt") continue;
        element_key = element_name = n == "action" ? "form" : "input";
      }
      const url_attribute* spec = find_url_attribute(element_key, tag.names[i]);
      if (spec == nullptr) continue;
      if (tree_.drops_merged_attribute(info, tag.names[i])) continue;
      auto value = value_of(tag, i, decoded_);
      if (!value) continue;
      result<std::string> against = base_text_;
      if (spec->against_codebase) {
        if (!codebase_done) {
          codebase = codebase_of(tag, key);
          codebase_done = true;
        }
        against = codebase;
      }
      // value_of decoded into decoded_, which codebase_of may have reused.
      value = value_of(tag, i, decoded_);
      attribute(element_name, tag.names[i], *spec, *value, against);
    }
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
      if (document_base(outer_, b).url != base_.url) {
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
    result<established_base> r = establish_base(h.href, outer_);
    if (!r) {
      l.resolved = in_attribute(r.error(), base_label);
      report(l);
      return;
    }
    established_ = *r;
    auto resolved = urlkit::resolve(outer_.url, h.href);
    l.resolved = resolved ? std::move(resolved) : in_attribute(resolved.error(), base_label);
    if (r->resolved_against && value && l.resolved && *l.resolved != h.href) {
      std::vector<std::pair<std::size_t, std::string>> one{{0, *l.resolved}};
      write_back(*value, url_list::single, one);
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
      auto r = urlkit::resolve(base_view_, *ref);
      if (!r) return in_attribute(r.error(), spec->label);
      return r;
    }
    return base_text_;
  }

  void attribute(std::string_view element, const std::string& attr, const url_attribute& spec,
                 const attribute_value& value, const result<std::string>& against) {
    const auto urls = split_urls(value.decoded, spec.list);
    // Where each URL starts among the bytes as written: the same split of
    // the undecoded text finds them unless a reference encoded a separator.
    const auto written = value.raw ? urls : split_urls(value.content, spec.list);
    const bool same_split = written.size() == urls.size();
    const std::size_t bad_byte = value.raw ? std::string_view::npos : first_non_utf8(value.content);

    std::optional<url_view> base_view;
    if (against) {
      if (*against == base_text_) {
        base_view = base_view_;
      } else {
        base_view = *parse_reference(*against);  // a resolve result: it parses
      }
    }

    std::vector<std::pair<std::size_t, std::string>> changes;  // index in urls, new URL
    for (std::size_t i = 0; i < urls.size(); ++i) {
      link l;
      l.element.assign(element);
      l.attribute = attr;
      l.where = where(value.content_begin + (same_split ? written[i].first : 0));
      l.value_begin = static_cast<std::size_t>(value.begin);
      l.value_end = static_cast<std::size_t>(value.end);
      l.reference.assign(value.decoded.substr(urls[i].first, urls[i].second - urls[i].first));
      if (against) l.base = *against;
      if (bad_byte != std::string_view::npos) {
        // HTML decoded the value, and replaced what is not UTF-8: the URL it
        // gives is not the one written.
        l.resolved = in_attribute(replaced_byte(value, bad_byte), spec.label);
      } else if (base_view) {
        resolve_one(l, spec.label, *base_view, i, changes);
      } else {
        l.resolved = against.error();  // a codebase that does not resolve
      }
      report(l);
    }
    if (!changes.empty()) write_back(value, spec.list, changes);
  }

  void resolve_one(link& l, std::string_view label, const url_view& base, std::size_t index,
                   std::vector<std::pair<std::size_t, std::string>>& changes) {
    auto ref = parse_reference(l.reference);
    if (!ref) {
      l.resolved = in_attribute(ref.error(), label);
      return;
    }
    auto r = urlkit::resolve(base, *ref);
    if (!r) {
      l.resolved = in_attribute(r.error(), label);
      return;
    }
    l.resolved = std::move(r);
    if (*l.resolved == l.reference) return;
    if (options_.keep_same_document && ref->is_same_document()) return;
    changes.emplace_back(index, *l.resolved);
    l.rewritten = true;  // write_back writes every change
  }

  // A link is read: its warning (one left as it is) and the caller's link sink.
  void report(const link& l) {
    if (!l.resolved) options_.on_warning(passed_over(l.resolved.error()));
    if (options_.on_link) options_.on_link(l);
  }

  /// Writes the new URLs into the attribute's value, in its quoting.
  void write_back(const attribute_value& value, url_list list,
                  const std::vector<std::pair<std::size_t, std::string>>& changes) {
    const auto urls = split_urls(value.decoded, list);
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
    auto escape_non_ascii = [](std::string_view text, std::string& out, bool commas) {
      for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if (b >= 0x80) {
          out += '%';
          out += charset::hex_digit(b >> 4);
          out += charset::hex_digit(b);
        } else if (c == ',' && commas) {
          out += "%2C";
        } else {
          out += c;
        }
      }
    };
    auto as_item = [&](const std::string& url) {
      std::string out;
      out.reserve(url.size());
      escape_non_ascii(url, out, list == url_list::comma_separated);
      return out;
    };
    // The new value, as HTML would decode it.  A value HTML decoded is
    // written anew as a whole, so its other parts' non-ASCII characters are
    // escaped too: the bytes written are not the ones that were read.
    auto new_value = [&] {
      std::string decoded;
      std::size_t at = 0;
      const auto keep = [&](std::string_view text) {
        if (value.raw)
          decoded.append(text);
        else
          escape_non_ascii(text, decoded, false);
      };
      for (const auto& [index, url] : changes) {
        keep(value.decoded.substr(at, urls[index].first - at));
        decoded.append(as_item(url));
        at = urls[index].second;
      }
      keep(value.decoded.substr(at));
      return decoded;
    };
    const std::string decoded = new_value();
    const auto at = [](std::uint64_t offset) { return static_cast<std::size_t>(offset); };

    // An unquoted value that could no longer stand unquoted becomes a
    // double-quoted one, as a whole.
    if (value.quote == 0 && !detail::fits_unquoted(detail::escape_value(decoded, 0))) {
      tag_edits_.push_back(
          {at(value.begin), at(value.end), '"' + detail::escape_value(decoded, '"') + '"'});
      return;
    }
    if (!value.raw) {
      // Decoded by HTML: the whole value is written anew.
      tag_edits_.push_back({at(value.content_begin), at(value.content_begin) + value.content.size(),
                            detail::escape_value(decoded, value.quote)});
      return;
    }
    // As written: only the URLs change, every other byte stays.
    for (const auto& [index, url] : changes)
      tag_edits_.push_back({at(value.content_begin) + urls[index].first,
                            at(value.content_begin) + urls[index].second,
                            detail::escape_value(as_item(url), value.quote)});
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
  line_counter lines_;
  std::optional<urlkit::error> error_;
  std::string base_text_;
  url_view base_view_;
  bool base_seen_ = false;
  const byte_sink* out_ = nullptr;
  std::string out_buffer_;
  std::string decoded_;
  const start_tag* tag_ = nullptr;
  std::size_t counted_ = 0;  // bytes of tag_ whose lines are counted
  std::vector<edit> tag_edits_;
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
    base = document_base(outer, found);
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
    if (!encoding_known) {
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
      result.base = document_base(outer, finder.base());
      continue;
    }
    if (auto r = engine.finish(out); !r) return r.error();
    if (engine.established()) result.base = *engine.established();
    break;
  }
  for (const link& l : result.links) {
    if (!l.resolved) options.on_warning(passed_over(l.resolved.error()));
    if (options.on_link) options.on_link(l);
  }
  return result;
}

}  // namespace urlkit::html
