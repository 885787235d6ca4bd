// prospero URLs: placeholder handler until the scheme's grammar and typed view land.
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit::schemes {
namespace {
class prospero_handler final : public basic_handler {
 public:
  prospero_handler() : basic_handler("prospero", 1525) {}
  result<scheme_value> describe(const url_view&, const scheme_options&) const override {
    return scheme_value();
  }
};
}  // namespace
std::shared_ptr<const scheme_handler> make_prospero_handler() {
  return std::make_shared<prospero_handler>();
}
}  // namespace urlkit::schemes
