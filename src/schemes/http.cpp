// http URLs: placeholder handler until the scheme's grammar and typed view land.
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit::schemes {
namespace {
class http_handler final : public basic_handler {
 public:
  http_handler() : basic_handler("http", 80) {}
  result<scheme_value> describe(const url_view&, const scheme_options&) const override {
    return scheme_value();
  }
};
}  // namespace
std::shared_ptr<const scheme_handler> make_http_handler() {
  return std::make_shared<http_handler>();
}
}  // namespace urlkit::schemes
