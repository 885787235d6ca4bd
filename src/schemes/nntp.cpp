// nntp URLs: placeholder handler until the scheme's grammar and typed view land.
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit::schemes {
namespace {
class nntp_handler final : public basic_handler {
 public:
  nntp_handler() : basic_handler("nntp", 119) {}
  result<scheme_value> describe(const url_view&, const scheme_options&) const override {
    return scheme_value();
  }
};
}  // namespace
std::shared_ptr<const scheme_handler> make_nntp_handler() {
  return std::make_shared<nntp_handler>();
}
}  // namespace urlkit::schemes
