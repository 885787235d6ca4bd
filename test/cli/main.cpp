// The end-to-end tests of the urlkit command-line tool: each test runs the
// built binary and checks its stdout, stderr and exit status.
#define BOOST_TEST_MODULE urlkit_cli
#include <boost/test/unit_test.hpp>
