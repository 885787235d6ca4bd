#!/usr/bin/env python3
"""Every public header has a test file of its own (as Boost.URL has).

    check_header_tests.py SOURCE_DIR

include/urlkit/[DIR/]NAME.hpp is tested by test/unit/NAME_test.cpp, which
must include it; the few whose test has another name are listed below with
the reason.  Prints each header without one and fails.
"""

import pathlib
import re
import sys

# Headers whose test file is named otherwise, or that have nothing to run.
OTHER = {
    "url_view.hpp": ("parse_test.cpp", "parse_reference and the view it gives"),
    "urlkit.hpp": ("umbrella_test.cpp", "the umbrella header: that it includes every header"),
    "scheme_options.hpp": ("view_parser_test.cpp", "the options every view_parser takes"),
    "export.hpp": (None, "visibility macros only: the shared preset's `exports` test checks "
                         "what liburlkit exports"),
}


def main():
    root = pathlib.Path(sys.argv[1])
    headers = sorted((root / "include" / "urlkit").rglob("*.hpp"))
    missing = []
    for header in headers:
        rel = header.relative_to(root / "include")
        name, reason = OTHER.get(header.name, (header.stem + "_test.cpp", None))
        if name is None:
            continue
        test = root / "test" / "unit" / name
        if not test.is_file():
            missing.append(f"{rel}: no test/unit/{name}")
            continue
        includes = re.findall(r'#\s*include\s*"([^"]+)"', test.read_text(encoding="utf-8"))
        if str(rel) not in includes and name != "umbrella_test.cpp":
            missing.append(f"{rel}: test/unit/{name} does not include it")
    for line in missing:
        print(line)
    print(f"check_header_tests: {len(headers)} public headers, {len(missing)} without a test")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
