// The one translation unit that defines the Boost.Test module of the unit tests.
#define BOOST_TEST_MODULE urlkit
#include <boost/test/unit_test.hpp>
