"""Shared by the tests of the Python package: the source tree's test data
and the command-line tool built beside the package (both from ctest's
environment; a test that needs one says it is skipped without it)."""
import os
import pathlib
import re

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("URLKIT_SOURCE_DIR", pathlib.Path(__file__).parents[2]))


def pytest_configure(config):
    # The tests that look at warnings catch them themselves.
    config.addinivalue_line("filterwarnings", "ignore::urlkit.URLWarning")


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("URLKIT_CLI", "")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("no urlkit command-line tool (URLKIT_CLI) to compare with")
    return path


def appendix_c():
    """(base, [(reference, expected), ...]) of draft Appendix C, read from the
    table the C++ tests use (test/appendix_c.hpp)."""
    text = (SOURCE_DIR / "test" / "appendix_c.hpp").read_text(encoding="utf-8")
    base = re.search(r'base = "([^"]*)"', text).group(1)
    pairs = re.findall(r'\{"((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"\}', text)
    assert len(pairs) >= 30, "test/appendix_c.hpp: its table was not read"
    return base, pairs
