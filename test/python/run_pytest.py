"""Runs pytest with its arguments, or exits 77 (ctest's "skipped") with the
reason when this interpreter has no pytest (Debian: python3-pytest)."""
import sys

try:
    import pytest
except ImportError:
    print("test python skipped: no pytest for", sys.executable, "(Debian: python3-pytest)")
    sys.exit(77)

sys.exit(pytest.main(sys.argv[1:]))
