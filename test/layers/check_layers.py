#!/usr/bin/env python3
"""No file includes a higher layer's (docs/architecture.md, "Layers").

    check_layers.py SOURCE_DIR

Reads every `#include "..."` of src/** and include/urlkit/** and checks it
against the layers below, lowest first.  A file may include its own layer's
files and lower layers' only; a public header only public headers; an
optional library (html, idna) only public headers and its own folder's files;
an include naming no file is an error, and so is a file in no layer (a new
folder must be given one here and in docs/architecture.md).
"""

import pathlib
import re
import sys

# Layer of a source folder (src/NAME/).
SRC_LAYERS = {
    "core": 1, "grammar": 1, "resolve": 1, "normalize": 1,
    "schemes": 2, "data": 2,
    "client": 3, "mime": 3, "documents": 3,
    "html": 4, "idna": 4,
    "cli": 5, "c": 5, "python": 5, "wasm": 5,
}
# The scheme grammars of src/grammar/ (one X3 unit each, found by the scheme's
# name as every part of a scheme is) belong to the schemes layer: only their
# typed views use them.  The generic grammar is the core's.
SCHEME_GRAMMARS = {"ftp", "http", "gopher", "mailto", "mailto_common", "news", "nntp", "telnet",
                   "wais", "file", "prospero", "data"}
# Folders built as optional libraries against the public headers alone.
OPTIONAL = {"html", "idna"}
# Layer of a public header (include/urlkit/NAME.hpp; schemes/ and detail/ by folder).
HEADER_LAYERS = {
    **{name: 1 for name in ["export", "charset", "result", "error", "decode_view", "url_view",
                            "segments", "encoding", "url", "resolve", "normalize", "ports",
                            "scheme_options"]},
    # scheme.hpp: the registry's interface, which resolve reads (which
    # schemes are opaque); the standard registry's handlers are layer 2.
    # security.hpp: port checks and display forms, of any URL.
    "scheme": 1, "security": 1,
    **{name: 2 for name in ["base64", "mime_type"]},
    **{name: 3 for name in ["endpoint", "mime", "extract", "base"]},
    **{name: 4 for name in ["html", "idna"]},
    "urlkit": 5,  # the umbrella header
}
# include/urlkit.h, the C ABI (src/c/): a shell over the public C++ API, as the CLI is.
C_HEADER_LAYER = 5
HEADER_FOLDERS = {"detail": 1, "schemes": 2}

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def layer_of(root, path):
    """(layer, kind, folder) of a file under root, or None."""
    rel = path.relative_to(root).parts
    if rel[0] == "src" and len(rel) >= 3:
        layer = SRC_LAYERS.get(rel[1])
        if rel[1] == "grammar" and pathlib.Path(rel[2]).stem in SCHEME_GRAMMARS:
            layer = 2
        return None if layer is None else (layer, "src", rel[1])
    if rel == ("include", "urlkit.h"):
        return (C_HEADER_LAYER, "public", None)
    if rel[:2] == ("include", "urlkit"):
        if len(rel) == 3:
            layer = HEADER_LAYERS.get(pathlib.Path(rel[2]).stem)
        else:
            layer = HEADER_FOLDERS.get(rel[2])
        return None if layer is None else (layer, "public", None)
    return None


def resolve(root, including, name):
    """The file `#include "name"` in `including` names (as the build finds it), or None."""
    for base in (including.parent, root / "include", root / "src"):
        candidate = (base / name).resolve()
        if candidate.is_file():
            return candidate
    return None


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    files = sorted(p for d in ("src", "include/urlkit") for p in (root / d).rglob("*")
                   if p.suffix in (".hpp", ".cpp", ".h", ".c"))
    if (root / "include" / "urlkit.h").is_file():
        files.append(root / "include" / "urlkit.h")
    problems = []
    for path in files:
        own = layer_of(root, path)
        rel = path.relative_to(root)
        if own is None:
            problems.append(f"{rel}: in no layer (check_layers.py, docs/architecture.md)")
            continue
        text = path.read_text(encoding="utf-8")
        for match in INCLUDE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            name = match.group(1)
            target = resolve(root, path, name)
            if target is None:
                problems.append(f"{rel}:{line}: includes \"{name}\", which is no file of the tree")
                continue
            theirs = layer_of(root, target)
            if theirs is None:
                problems.append(f"{rel}:{line}: includes {target.relative_to(root)}, in no layer")
                continue
            where = f"{rel}:{line}: includes {target.relative_to(root)} (layer {theirs[0]})"
            if theirs[0] > own[0]:
                problems.append(f"{where} from layer {own[0]}")
            elif own[1] == "public" and theirs[1] != "public":
                problems.append(f"{where}: a public header includes a private file")
            elif own[2] in OPTIONAL and theirs[1] == "src" and theirs[2] != own[2]:
                problems.append(f"{where}: an optional library includes the core's private files")
    for problem in problems:
        print(problem)
    print(f"check_layers: {len(files)} files, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
