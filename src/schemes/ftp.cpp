// ftp URLs: RFC 1738 3.2 (grammar: src/grammar/ftp.cpp).
#include "urlkit/schemes/ftp.hpp"

#include "grammar/ftp.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit {

std::string ftp_command::to_string() const {
  return has_argument ? verb + " " + argument : verb;
}

std::string ftp_view::host() const {
  return decode(url_.host()).value();
}

std::string ftp_view::connect_host() const {
  return schemes::connect_host(url_);
}

std::vector<ftp_command> ftp_view::plan() const {
  std::vector<ftp_command> out;
  for (const auto& c : cwd_) out.push_back({"CWD", c, true});
  if (typecode_ == 'd') {
    out.push_back({"NLST", name_, !name_.empty()});
  } else if (typecode_ == 0 && name_.empty()) {
    out.push_back({"NLST", {}, false});  // a directory: nothing to RETR
  } else {
    if (typecode_) out.push_back({"TYPE", std::string(1, static_cast<char>(typecode_ - 32)), true});
    out.push_back({"RETR", name_, true});
  }
  return out;
}

result<ftp_view> parse_ftp(const url_view& url, const scheme_options& options) {
  if (auto e = schemes::wrong_scheme(url, "ftp", "ftpurl", "the scheme must be \"ftp\"")) return *e;
  grammar::ftp_parts parts;
  if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
        return grammar::parse_ftp(url, st, parts);
      }))
    return *e;

  ftp_view f;
  f.url_ = url;
  f.port_ = schemes::effective_port(url, ftp_view::default_port);
  f.fpath_ = parts.fpath;
  f.typecode_ = parts.typecode;
  // USER and PASS lines (3.2.1) and CWD/RETR arguments must not carry CR/LF.
  if (url.has_user()) {
    auto d = schemes::decode_part(url, url.user(), "ftp user", rule::user, true);
    if (!d) return d.error();
    f.user_ = std::move(*d);
  }
  if (url.has_password()) {
    auto d = schemes::decode_part(url, url.password(), "ftp password", rule::password, true);
    if (!d) return d.error();
    f.password_ = std::move(*d);
  }
  if (f.has_url_path()) {
    std::string_view rest = parts.fpath;
    for (;;) {
      const auto slash = rest.find('/');
      auto d = schemes::decode_part(url, rest.substr(0, slash), "ftp fsegment", rule::path, true);
      if (!d) return d.error();
      if (slash == std::string_view::npos) {
        f.name_ = std::move(*d);
        break;
      }
      f.cwd_.push_back(std::move(*d));
      rest.remove_prefix(slash + 1);
    }
  }
  return f;
}

result<ftp_view> parse_ftp(std::string_view s, const scheme_options& options) {
  return schemes::parse_string(
      s, options, [](const url_view& u, const scheme_options& o) { return parse_ftp(u, o); });
}

namespace schemes {
namespace {

class ftp_handler final : public basic_handler {
 public:
  ftp_handler() : basic_handler("ftp", ftp_view::default_port) {}
  result<scheme_value> describe(const url_view& url, const scheme_options& options) const override {
    auto f = parse_ftp(url, options);
    if (!f) return f.error();
    scheme_value::array cwd;
    for (const auto& c : f->cwd()) cwd.emplace_back(c);
    scheme_value typecode;
    if (auto t = f->typecode()) typecode = std::string(1, *t);
    return scheme_value(scheme_value::object{
        {"user", scheme_value::optional(f->user())},
        {"password", scheme_value::optional(f->password())},
        {"host", f->host()},
        {"port", static_cast<std::int64_t>(f->port())},
        {"cwd", std::move(cwd)},
        {"name", f->name()},
        {"typecode", std::move(typecode)},
    });
  }
};

}  // namespace

std::shared_ptr<const scheme_handler> make_ftp_handler() {
  return std::make_shared<ftp_handler>();
}

}  // namespace schemes
}  // namespace urlkit
