#!/usr/bin/env python3
"""Checks that the comments of the public headers name functions that exist.

Run by the `docs` target before Doxygen (docs/Doxyfile.in), which checks what
it can link (#name, \\ref) but not a name written as text: "Writes str()" on
a class that has no str() went unnoticed.  Here every `name()` in a comment
of include/urlkit must be a function declared in reach of the comment:

- `Class::name()`: a member of Class (a class of the headers);
- `x.name()`, `x().name()`: a member of some class (or of std::string_view);
- `name()`: a member of the class the comment is in, or of a class the
  comment block or the declaration after it names (`url_view` in "Writes
  the reference as url_view gives it"), or a function at namespace scope in
  the header or in the urlkit headers it includes.

  check-comment-names.py INCLUDE_DIR   (exit status 1 and one line per name)
"""

import re
import sys
from pathlib import Path

# Functions of the standard library and the system that comments may name.
OUTSIDE = {"getaddrinfo", "what"}
# Members of standard types (a std::string_view argument's size()).
STD_MEMBERS = {"size", "data", "empty", "begin", "end"}

KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "alignof", "decltype",
            "noexcept", "requires", "static_cast", "reinterpret_cast", "const_cast",
            "operator", "throw", "catch"}


def split_comment(line):
    """(code, comment) of one line; a "//" inside a string literal is code."""
    in_string = None
    i = 0
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == in_string:
                in_string = None
        elif c in "\"'":
            in_string = c
        elif line.startswith("//", i):
            return line[:i], line[i:]
        i += 1
    return line, ""


NAMESPACE = "<namespace>"


def classes_of(scopes):
    return [s for s in scopes if s not in (None, NAMESPACE)]


class Header:
    def __init__(self, path):
        self.path = path
        self.includes = []
        self.free = set()        # functions declared outside any class
        self.members = {}        # class name -> its functions
        self.lines = []          # (line number, comment, class stack, next code line)
        self.parse()

    def parse(self):
        text = self.path.read_text()
        self.includes = re.findall(r'#include "(urlkit/[^"]+)"', text)
        scopes = []              # class name, NAMESPACE, or None for any other brace
        pending_class = None
        raw = text.split("\n")
        entries = []
        for number, line in enumerate(raw, 1):
            code, comment = split_comment(line)
            if comment:
                entries.append([number, comment, classes_of(scopes), ""])
            m = re.search(r"\b(?:class|struct)\s+(?:URLKIT_API\s+)?(?:\[\[\w+\]\]\s+)?(\w+)(?:<[^{;]*>)?(?:\s+final)?\s*(?::[^;{]*)?(\{|$)", code)
            if m and not code.strip().startswith(("friend", "template <class")) and ";" not in code[m.end():]:
                pending_class = m.group(1)
            in_class_body = scopes and scopes[-1] not in (None, NAMESPACE)
            at_namespace = all(s == NAMESPACE for s in scopes)
            for name in re.findall(r"(~?[A-Za-z_]\w*)\s*\(", code):
                if name in KEYWORDS:
                    continue
                if in_class_body:
                    self.members.setdefault(scopes[-1], set()).add(name)
                elif at_namespace:
                    self.free.add(name)
            for c in code:
                if c == "{":
                    scopes.append(NAMESPACE if re.match(r"\s*namespace\b", code) else pending_class)
                    pending_class = None
                elif c == "}" and scopes:
                    scopes.pop()
                elif c == ";" and pending_class and "{" not in code:
                    pending_class = None
            if code.strip():  # the declaration a comment is before: up to its "{" or ";"
                for e in entries:
                    if not e[3].endswith("\n"):
                        e[3] += code + (
                            "\n" if "{" in code or ";" in code or code.strip().startswith("#") else " ")
        # A comment block: consecutive comment lines share their text.
        block = []
        for e in entries + [None]:
            if e and block and e[0] == block[-1][0] + 1:
                block.append(e)
                continue
            text_of_block = " ".join(b[1] for b in block)
            for b in block:
                self.lines.append((b[0], b[1], b[2], b[3], text_of_block))
            block = [e] if e else []


def main():
    include = Path(sys.argv[1] if len(sys.argv) > 1 else "include")
    headers = {p.relative_to(include).as_posix(): Header(p)
               for p in sorted(include.glob("urlkit/**/*.hpp"))}
    members = {}
    for h in headers.values():
        for cls, names in h.members.items():
            members.setdefault(cls, set()).update(names)

    def reach(name, seen):
        if name in seen or name not in headers:
            return set()
        seen.add(name)
        found = set(headers[name].free)
        for inc in headers[name].includes:
            found |= reach(inc, seen)
        return found

    problems = []
    for name, h in headers.items():
        free = reach(name, set())
        for number, comment, classes, next_code, block in h.lines:
            for dot, qual, fn in re.findall(r"(\.|->)?((?:\w+::)*)(~?[A-Za-z_]\w*)\(\)", comment):
                where = f"{h.path}:{number}"
                if fn in OUTSIDE:
                    continue
                if dot:  # x.fn(), view().fn(): a member of some class
                    if fn not in STD_MEMBERS and not any(fn in m for m in members.values()):
                        problems.append(f"{where}: .{fn}(): no class has a member {fn}")
                    continue
                owner = qual.rstrip(":").split("::")[-1] if qual else ""
                if owner and owner in members:
                    if fn not in members[owner]:
                        problems.append(f"{where}: {qual}{fn}(): {owner} has no member {fn}")
                    continue
                if owner and owner != "std":
                    if fn not in free and not any(fn in m for m in members.values()):
                        problems.append(f"{where}: {qual}{fn}(): no function {fn}")
                    continue
                allowed = set(free)
                for cls in classes:
                    allowed |= members.get(cls, set())
                for word in set(re.findall(r"\w+", block + " " + next_code)):
                    allowed |= members.get(word, set())
                if fn not in allowed:
                    problems.append(f"{where}: {fn}(): not a function of "
                                    f"{classes[-1] if classes else 'this header'} or of a class named here")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
