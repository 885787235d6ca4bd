// file URLs: placeholder handler until the scheme's grammar and typed view land.
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit::schemes {
namespace {
class file_handler final : public basic_handler {
 public:
  file_handler() : basic_handler("file", std::nullopt) {}
  result<scheme_value> describe(const url_view&, const scheme_options&) const override {
    return scheme_value();
  }
};
}  // namespace
std::shared_ptr<const scheme_handler> make_file_handler() {
  return std::make_shared<file_handler>();
}
}  // namespace urlkit::schemes
