#!/usr/bin/env python3
"""The C ABI's stability checks (include/urlkit.h, test/c/abi.txt).

    check_abi.py abi HEADER LIST LIBRARY   liburlkit_c.so exports exactly the functions LIST
                                           names, each declared in HEADER as LIST says, and
                                           the types are declared as LIST says
    check_abi.py cdef HEADER               the declarations between "cdef begin" and
                                           "cdef end" hold no preprocessor line and parse
                                           as a cffi cdef (exit 77, skipped, without cffi)
    check_abi.py update HEADER LIST        writes LIST from HEADER: after adding a symbol
                                           (or an enumerator), never to hide a change

LIST has one line per function and per type: "function NAME DECLARATION" or
"type NAME DECLARATION", the declaration as HEADER writes it, comments taken
out and white space normalized, so that a changed signature or struct fails
the check as a removed symbol does.
"""

import re
import subprocess
import sys

BEGIN = "/* ---- cdef begin ---- */"
END = "/* ---- cdef end ---- */"


def cdef_region(header):
    text = open(header, encoding="utf-8").read()
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        sys.exit(f"{header}: no '{BEGIN}' ... '{END}' region")
    return text[start + len(BEGIN):end]


def declarations(header):
    """{(kind, name): normalized declaration} of the cdef region."""
    region = re.sub(r"/\*.*?\*/", " ", cdef_region(header), flags=re.S)
    region = re.sub(r"//[^\n]*", " ", region)
    result = {}
    depth, current = 0, []
    for ch in region:
        current.append(ch)
        depth += ch == "{"
        depth -= ch == "}"
        if ch == ";" and depth == 0:
            decl = " ".join("".join(current).split())
            decl = re.sub(r"\s*([(),;*{}=\[\]])\s*", r"\1", decl)
            current = []
            if decl.startswith("typedef"):
                m = re.search(r"\(\*(\w+)\)", decl) or re.search(r"(\w+);$", decl)
                result[("type", m.group(1))] = decl
            else:
                m = re.search(r"(\w+)\(", decl)
                if not m:
                    sys.exit(f"{header}: cannot read the declaration '{decl}'")
                result[("function", m.group(1))] = decl
    if "".join(current).strip():
        sys.exit(f"{header}: text after the last declaration: {''.join(current).strip()!r}")
    return result


def read_list(path):
    result = {}
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        kind, name, decl = line.split(" ", 2)
        result[(kind, name)] = decl
    return result


def write_list(path, decls):
    with open(path, "w", encoding="utf-8") as f:
        f.write("# The C ABI, version 1 (include/urlkit.h): every exported function and every type,\n"
                "# as the header declares it.  Checked by the c/abi test (check_abi.py).  Never edit\n"
                "# a line to make the test pass: a changed line is a broken ABI.  After adding a\n"
                "# function or an enumerator: python3 test/c/check_abi.py update include/urlkit.h "
                "test/c/abi.txt\n")
        for (kind, name), decl in sorted(decls.items()):
            f.write(f"{kind} {name} {decl}\n")


def exported(library):
    out = subprocess.run(["nm", "-D", "--defined-only", library], check=True,
                         capture_output=True, text=True).stdout
    names = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TWi":
            name, _, version = parts[2].partition("@")
            names[name] = version.lstrip("@")
    return names


def check_abi(header, list_path, library):
    decls = declarations(header)
    listed = read_list(list_path)
    symbols = exported(library)
    problems = []
    update = f"python3 test/c/check_abi.py update include/urlkit.h test/c/abi.txt"
    for (kind, name), decl in sorted(listed.items()):
        if (kind, name) not in decls:
            problems.append(f"{kind} {name} is in abi.txt but no longer in urlkit.h: "
                            "a stable symbol was removed")
        elif decls[(kind, name)] != decl:
            problems.append(f"{kind} {name} changed:\n    abi.txt:  {decl}\n    urlkit.h: "
                            f"{decls[(kind, name)]}\n  a changed signature or struct breaks "
                            "ABI 1 (adding enumerators does not: then update the list: "
                            f"{update})")
        if kind == "function" and name not in symbols:
            problems.append(f"function {name} is in abi.txt but not exported by {library}")
    for (kind, name), decl in sorted(decls.items()):
        if (kind, name) not in listed:
            problems.append(f"new {kind} {name}: if it is meant to be part of ABI 1, add it to "
                            f"test/c/abi.txt with: {update}\n    {kind} {name} {decl}")
    for name, version in sorted(symbols.items()):
        if not name.startswith("urlkit_"):
            problems.append(f"{library} exports {name}, which is not of the C ABI "
                            "(src/c/urlkit_c.map exports urlkit_* only)")
        elif ("function", name) not in decls:
            problems.append(f"{library} exports {name}, which urlkit.h does not declare")
        elif version != "URLKIT_C_1":
            problems.append(f"{library} exports {name} with version '{version}', not URLKIT_C_1")
    for problem in problems:
        print(problem)
    functions = sum(1 for kind, _ in listed if kind == "function")
    print(f"check_abi: {functions} functions, {len(listed) - functions} types listed; "
          f"{len(symbols)} symbols exported; {len(problems)} problem(s)")
    return 1 if problems else 0


def check_cdef(header):
    region = cdef_region(header)
    lines = [l for l in region.splitlines() if l.lstrip().startswith("#")]
    if lines:
        print(f"{header}: preprocessor lines in the cdef region: {lines}")
        return 1
    decls = declarations(header)
    try:
        import cffi
    except ImportError:
        print("check_abi cdef: skipped, no cffi (Debian: python3-cffi)")
        return 77
    ffi = cffi.FFI()
    ffi.cdef(region)
    for (kind, name) in decls:
        if kind == "type":
            ffi.typeof(name)
    print(f"check_abi cdef: cffi {cffi.__version__} reads {len(decls)} declarations")
    return 0


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "abi":
        return check_abi(*sys.argv[2:])
    if len(sys.argv) == 3 and sys.argv[1] == "cdef":
        return check_cdef(sys.argv[2])
    if len(sys.argv) == 4 and sys.argv[1] == "update":
        write_list(sys.argv[3], declarations(sys.argv[2]))
        return 0
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main())
