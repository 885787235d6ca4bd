"""The examples of docs/python.md and of the package's docstrings run, and
give what they say (doctest)."""
import doctest
import warnings

import pytest

import urlkit
from conftest import SOURCE_DIR


def _run(text, name):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {"urlkit": urlkit}, name, name, 0)
    assert test.examples, f"{name}: no example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", urlkit.URLWarning)
        runner.run(test, out=lambda s: failures.append(s))
    return runner.summarize(verbose=False)


failures = []


def test_docs_python_md():
    failures.clear()
    path = SOURCE_DIR / "docs" / "python.md"
    result = _run(path.read_text(encoding="utf-8"), "docs/python.md")
    assert result.failed == 0, "".join(failures)


@pytest.mark.parametrize("name", ["parse", "resolve", "make_relative", "normalize", "equivalent",
                                  "validate", "extract", "absolutize", "resolve_many"])
def test_docstring_examples(name):
    if name == "absolutize" and not urlkit.has_html:
        pytest.skip("urlkit built without urlkit::html")
    failures.clear()
    result = _run(getattr(urlkit, name).__doc__, name)
    assert result.failed == 0, "".join(failures)


def test_package_docstring_example():
    failures.clear()
    result = _run(urlkit.__doc__, "urlkit")
    assert result.failed == 0, "".join(failures)


def test_readme_python_blocks():
    # README.md's ```python blocks are doctests (test/examples/doc_blocks.py
    # leaves them to this test).
    import re

    failures.clear()
    text = (SOURCE_DIR / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", text, re.S | re.M)
    assert blocks, "README.md has no python block"
    for i, block in enumerate(blocks):
        result = _run(block, f"README.md python block {i + 1}")
        assert result.failed == 0, "".join(failures)
