// Parsing allocates nothing: every operator new of the test program is
// counted while a parse runs.
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include "urlkit/encoding.hpp"
#include "urlkit/url_view.hpp"

#include "alloc_counter.hpp"

namespace {
std::atomic<bool> counting{false};
std::atomic<std::size_t> allocations{0};
}  // namespace

void* operator new(std::size_t n) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  return ::operator new(n);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
// The nothrow forms too (std::stable_sort's buffer comes from them): left to
// the library, they would pair with the replaced delete, which sanitizers
// report as a mismatch.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1);
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept {
  return ::operator new(n, t);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}

namespace urlkit_test {
void start_counting() noexcept {
  allocations = 0;
  counting = true;
}
std::size_t stop_counting() noexcept {
  counting = false;
  return allocations.load();
}
}  // namespace urlkit_test

BOOST_AUTO_TEST_SUITE(allocation)

BOOST_AUTO_TEST_CASE(parsing_allocates_nothing) {
  const std::string inputs[] = {
      "http://a/b/c/d;p?q#f",
      "ftp://foo:bar@host.com:21/a/b;type=d",
      "http://u@v@h/{x}%zz",
      "mailto:a@b",
      "",
      "http://a b/",
      "http://host:8o/",
      std::string(1 << 16, 'a') + "?" + "x",
  };
  for (const auto& s : inputs) {
    for (auto m : {urlkit::mode::lenient, urlkit::mode::strict}) {
      bool ok = false;
      const auto n = urlkit_test::allocations_of([&] {
        auto r = urlkit::parse_reference(s, m);
        ok = r.has_value();
        auto a = urlkit::parse_absolute(s, m);
        ok = ok || a.has_value();
      });
      BOOST_TEST(n == 0u, "parsing allocated " << n << " times: " << s.substr(0, 40));
    }
  }
  // The counter itself works.
  BOOST_TEST(urlkit_test::allocations_of([] {
               std::string s(100, 'x');
               (void)s;
             }) >= 1u);
}

BOOST_AUTO_TEST_CASE(decode_to_and_encode_to_allocate_nothing) {
  const std::string in = "a%20b%zz%0D%0A%00/c?d#e\xff";
  char out[256];
  const auto n = urlkit_test::allocations_of([&] {
    auto d = urlkit::decode_to(in, out);
    BOOST_TEST(d.has_value());
    char* end = urlkit::encode_to(in, urlkit::component::path_segment, out);
    BOOST_TEST(end - out == static_cast<std::ptrdiff_t>(
                                urlkit::encoded_size(in, urlkit::component::path_segment)));
    urlkit::decode_options strict;
    strict.strict = true;
    BOOST_TEST(!urlkit::decode_to(in, out, strict).has_value());
  });
  BOOST_TEST(n == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
