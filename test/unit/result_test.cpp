// urlkit/result.hpp: result<T, E>, the one result type: a value or the error
// that prevented it; value() alone throws (bad_result_access), and only when
// there is no value.
#include <boost/test/unit_test.hpp>

#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "urlkit/detail/error_at.hpp"
#include "urlkit/error.hpp"
#include "urlkit/result.hpp"

using namespace urlkit;

namespace {

// "port must be digits" at offset 10 of "http://h:8o/".
error port_error() {
  return detail::error_at(error_code::bad_port, rule::port, "http://h:8o/", 10);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(result_suite)

// As large as the larger of value and error, plus the flag; trivially
// copyable when both are (a parse returns one by value).
static_assert(std::is_trivially_copyable_v<result<int>>);
static_assert(!std::is_trivially_copyable_v<result<std::string>>);
static_assert(std::is_nothrow_move_constructible_v<result<std::string>>);
static_assert(std::is_same_v<result<int>::error_type, error>);
static_assert(std::is_same_v<result<void>::value_type, void>);

BOOST_AUTO_TEST_CASE(a_value) {
  const result<std::string> r = std::string("http://a/b");
  BOOST_TEST(r.has_value());
  BOOST_TEST(static_cast<bool>(r));
  BOOST_TEST(*r == "http://a/b");
  BOOST_TEST(r->size() == 10u);
  BOOST_TEST(r.value() == "http://a/b");
  BOOST_TEST((r.error() == error{}));  // no error: a default one
}

BOOST_AUTO_TEST_CASE(an_error) {
  const result<std::string> r = port_error();
  BOOST_TEST(!r.has_value());
  BOOST_TEST(!r);
  BOOST_TEST((r.error().code == error_code::bad_port));
  BOOST_TEST(r.error().offset == 10u);
}

BOOST_AUTO_TEST_CASE(value_throws_bad_result_access_describing_the_error) {
  const result<int> r = port_error();
  try {
    (void)r.value();
    BOOST_ERROR("value() of an error did not throw");
  } catch (const bad_result_access& e) {
    BOOST_TEST(std::string(e.what()) == "offset 10: port must be digits");
  }
  const result<void> v = port_error();
  BOOST_CHECK_THROW(v.value(), bad_result_access);
  BOOST_CHECK_THROW(v.value(), std::logic_error);
}

BOOST_AUTO_TEST_CASE(in_place_construction) {
  const result<std::string> empty(std::in_place);
  BOOST_TEST(empty.has_value());
  BOOST_TEST(empty->empty());
  const result<std::string> three(std::in_place, 3u, 'x');
  BOOST_TEST(*three == "xxx");
}

BOOST_AUTO_TEST_CASE(copies_moves_and_assignments_keep_what_is_held) {
  result<std::string> a = std::string("value");
  result<std::string> b = port_error();
  result<std::string> c = a;  // copy of a value
  BOOST_TEST(*c == "value");
  c = b;  // value replaced by an error
  BOOST_TEST(!c);
  BOOST_TEST((c.error() == port_error()));
  c = std::move(a);  // error replaced by a value
  BOOST_TEST_REQUIRE(c.has_value());
  BOOST_TEST(*c == "value");
  // A move-only value.
  result<std::unique_ptr<int>> p = std::make_unique<int>(7);
  result<std::unique_ptr<int>> q = std::move(p);
  BOOST_TEST(**q == 7);
}

BOOST_AUTO_TEST_CASE(the_value_of_a_temporary_is_moved_out) {
  // *r and value() of an rvalue give the value itself, not a reference
  // into the result about to end.
  const std::string& s = *result<std::string>(std::string("kept"));
  BOOST_TEST(s == "kept");
  static_assert(std::is_same_v<decltype(*result<std::string>(std::string())), std::string>);
  static_assert(std::is_same_v<decltype(result<std::string>(std::string()).value()), std::string>);
}

BOOST_AUTO_TEST_CASE(result_void) {
  const result<void> ok;
  BOOST_TEST(ok.has_value());
  BOOST_CHECK_NO_THROW(ok.value());
  const result<void> failed = port_error();
  BOOST_TEST(!failed);
  BOOST_TEST((failed.error().rule == rule::port));
}

BOOST_AUTO_TEST_SUITE_END()
