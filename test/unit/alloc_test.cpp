// Parsing allocates nothing: every operator new of the test program is
// counted while a parse runs.
#include <boost/test/unit_test.hpp>

#include <malloc.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>

#include "urlkit/encoding.hpp"
#include "urlkit/url_view.hpp"

#include "alloc_counter.hpp"

namespace {
std::atomic<bool> counting{false};
std::atomic<std::size_t> allocations{0};
std::atomic<std::size_t> bytes{0};
std::atomic<std::int64_t> live{0};  // may go below 0: memory from before counting freed
std::atomic<std::int64_t> peak{0};

void count_new(void* p, std::size_t n) noexcept {
  if (!counting.load(std::memory_order_relaxed)) return;
  allocations.fetch_add(1);
  bytes.fetch_add(n);
  if (!p) return;
  const auto now = live.fetch_add(static_cast<std::int64_t>(::malloc_usable_size(p))) +
                   static_cast<std::int64_t>(::malloc_usable_size(p));
  auto was = peak.load();
  while (now > was && !peak.compare_exchange_weak(was, now)) {
  }
}

void count_delete(void* p) noexcept {
  if (p && counting.load(std::memory_order_relaxed))
    live.fetch_sub(static_cast<std::int64_t>(::malloc_usable_size(p)));
}
}  // namespace

// g++ 12 sees free() of what the replaced operator new returns once both are
// inlined and calls it a mismatch; both are malloc/free here, by design.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t n) {
  void* p = std::malloc(n ? n : 1);
  count_new(p, n);
  if (p) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  return ::operator new(n);
}
void operator delete(void* p) noexcept {
  count_delete(p);
  std::free(p);
}
void operator delete[](void* p) noexcept {
  ::operator delete(p);
}
void operator delete(void* p, std::size_t) noexcept {
  ::operator delete(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  ::operator delete(p);
}
// The nothrow forms too (std::stable_sort's buffer comes from them): left to
// the library, they would pair with the replaced delete, which sanitizers
// report as a mismatch.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  void* p = std::malloc(n ? n : 1);
  count_new(p, n);
  return p;
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept {
  return ::operator new(n, t);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  ::operator delete(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  ::operator delete(p);
}

namespace urlkit_test {
void start_counting() noexcept {
  allocations = 0;
  bytes = 0;
  live = 0;
  peak = 0;
  counting = true;
}
std::size_t stop_counting() noexcept {
  counting = false;
  return allocations.load();
}
allocation_stats last_counted() noexcept {
  return {allocations.load(), bytes.load(), static_cast<std::size_t>(peak.load())};
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

// The byte counts the memory bounds of hostile_test.cpp rest on.
BOOST_AUTO_TEST_CASE(the_counter_counts_bytes_and_the_peak) {
  const auto s = urlkit_test::allocation_stats_of([] {
    for (int i = 0; i < 4; ++i) {
      std::string a(100'000, 'x');
      (void)a;
    }
    std::string b(50'000, 'y');
    (void)b;
  });
  BOOST_TEST(s.calls == 5u);
  BOOST_TEST(s.bytes >= 450'000u);
  // One string of 100,000 bytes at a time, then one of 50,000.
  BOOST_TEST(s.peak_live_bytes >= 100'000u);
  BOOST_TEST(s.peak_live_bytes < 200'000u);
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
