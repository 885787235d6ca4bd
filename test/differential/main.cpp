// The one translation unit that defines the Boost.Test module of the
// differential tests.
#define BOOST_TEST_MODULE urlkit_differential
#include <boost/test/unit_test.hpp>
