// wais URLs: placeholder handler until the scheme's grammar and typed view land.
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit::schemes {
namespace {
class wais_handler final : public basic_handler {
 public:
  wais_handler() : basic_handler("wais", 210) {}
  result<scheme_value> describe(const url_view&, const scheme_options&) const override {
    return scheme_value();
  }
};
}  // namespace
std::shared_ptr<const scheme_handler> make_wais_handler() {
  return std::make_shared<wais_handler>();
}
}  // namespace urlkit::schemes
