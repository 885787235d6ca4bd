#!/usr/bin/env python3
"""Every fenced block of README.md, docs/guide.md and docs/schemes/*.md, tested.

    doc_blocks.py generate SOURCE_DIR OUT_DIR   (at configure time)
    doc_blocks.py check SOURCE_DIR URLKIT       (a test: the sh and json blocks)

What each block is, and how it is tested:

- ```cpp with `main`: a whole program, built and run (example_NAME).  Marked
  `<!-- example: NAME -->`, or named after its document and its rank there.
  A ```text block marked `<!-- output: NAME -->` is what it prints, exactly.
- ```cpp without `main`: a fragment.  The fragments of all the documents are
  one program, doc_fragments, each in a function of its own after the
  umbrella header and the standard headers it uses; `#line` makes a compiler
  message name the document's line.
- `<!-- requires: idna -->`: a block that needs urlkit::idna, built and run
  when the build has it (a fragment is then under URLKIT_DOCS_IDNA).
- A claim, in whole programs and fragments alike: a statement whose comment
  starts with a value, `u.scheme();  // "ftp"`, `f->port();  // 21`,
  `g->search();  // std::nullopt`, `auto r = ...;  // "http://a/b/g"`, is
  checked (doc_claim.hpp).  A value followed by `,` or `;` (a list, or more
  than the value), a number or a constant followed by words, and the comment
  of a statement that prints (`<<`) are prose.
- ```sh: each `$ COMMAND` line is run by bash with the built urlkit first on
  PATH, and what it prints (stdout, then stderr) is compared with the lines
  after it, up to the next `$` line (blank lines at the end left out).
- ```json marked `<!-- json: COMMAND -->`: each JSON value of the block is
  the object COMMAND prints on the line of the same rank;
  `<!-- json scheme_data: COMMAND -->` compares with the objects'
  `scheme_data`.  The same members in the same order, with the same values,
  but that a string ending in "..." stands for every string that starts with
  what precedes the dots.
- ```python: a doctest (`>>> ` lines and what they give), run by the Python
  package's tests (test/python/test_docs.py), not here.
- `<!-- unchecked: REASON -->` exempts a block (a set-up command, a synopsis);
  a json block so marked must still be JSON.

Any other block, or a fence without a language, fails the generation (and so
the configure step): a block cannot escape its test.
"""

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

DOCS = ["README.md", "docs/guide.md"]
SCHEME_DIR = "docs/schemes"

MARKER = re.compile(r"^<!-- ([a-z_]+(?: [a-z_]+)?): (.*?) -->$")
FENCE = re.compile(r"^```(.*)$")
KNOWN_MARKERS = {"example", "output", "requires", "unchecked", "json", "json scheme_data"}


class DocError(Exception):
    pass


def documents(source_dir):
    docs = list(DOCS)
    for name in sorted(os.listdir(os.path.join(source_dir, SCHEME_DIR))):
        if name.endswith(".md"):
            docs.append(SCHEME_DIR + "/" + name)
    return docs


class Block:
    def __init__(self, doc, line, lang, body, markers):
        self.doc = doc  # relative to the source directory
        self.line = line  # of the first line of the body (1-based)
        self.lang = lang
        self.body = body  # lines without their line ends
        self.markers = markers  # name -> value

    def where(self):
        return "%s:%d" % (self.doc, self.line - 1)


def read_blocks(source_dir, doc):
    with open(os.path.join(source_dir, doc), encoding="utf-8") as f:
        lines = f.read().split("\n")
    blocks = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        lang = m.group(1).strip()
        if not lang:
            raise DocError("%s:%d: a fence without a language (cpp, sh, json or text)" % (doc, i + 1))
        markers = {}
        j = i - 1
        while j >= 0 and MARKER.match(lines[j]):
            name, value = MARKER.match(lines[j]).groups()
            if name not in KNOWN_MARKERS:
                raise DocError("%s:%d: unknown marker '%s'" % (doc, j + 1, name))
            markers[name] = value
            j -= 1
        k = i + 1
        while k < len(lines) and lines[k] != "```":
            if FENCE.match(lines[k]):
                raise DocError("%s:%d: a fence opens inside the block of line %d" % (doc, k + 1, i + 1))
            k += 1
        if k == len(lines):
            raise DocError("%s:%d: the block is not closed" % (doc, i + 1))
        blocks.append(Block(doc, i + 2, lang, lines[i + 1:k], markers))
        i = k + 1
    return blocks


# ---- C++ ------------------------------------------------------------------


def split_comment(line):
    """(code, comment) of a C++ line: the comment after the first // outside a
    string or character literal, or None."""
    quote = None
    i = 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif line.startswith("//", i):
            return line[:i], line[i + 2:]
        i += 1
    return line, None


CLAIM = re.compile(
    r"""^\s*(?P<value>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)'|true|false|-?\d+|std::nullopt|nullopt|"""
    r"""urlkit::[A-Za-z_][A-Za-z_0-9:]*)(?P<rest>$|[\s:(].*)$""")
# After a value that is not a string, only a remark in parentheses or after a
# colon: "// 2 warnings, at offsets 9 and 11" is prose.
PLAIN_REST = re.compile(r"^(\s*[(:].*)?$")
DECLARATION = re.compile(r"^(?P<decl>[^=()]*\b(?P<name>[A-Za-z_]\w*))\s*=[^=].*;$")
KEYWORDS = re.compile(r"^(for|if|while|return|else|switch|do)\b")


def claimed(line, doc, number):
    """The line, its claim (if any) made a check."""
    code, comment = split_comment(line)
    if comment is None:
        return line
    m = CLAIM.match(comment)
    stripped = code.strip()
    if not m or not stripped.endswith(";") or KEYWORDS.match(stripped) or "<<" in stripped:
        return line  # a statement that prints: its comment says what it prints
    value = m.group("value")
    if not value.startswith('"') and not PLAIN_REST.match(m.group("rest")):
        return line
    if value in ("std::nullopt", "nullopt"):
        expected = "urlkit_doc::absent"
    elif value.startswith('"'):
        expected = "urlkit_doc::text(%s)" % value
    else:
        expected = value
    where = '"%s", %d' % (doc, number)
    d = DECLARATION.match(stripped)
    if d and not stripped.startswith("auto&&"):
        return "%s urlkit_doc::claim(%s, %s, %s);" % (code.rstrip(), d.group("name"), expected, where)
    indent = code[: len(code) - len(code.lstrip())]
    return "%surlkit_doc::claim((%s), %s, %s);" % (indent, stripped[:-1], expected, where)


def instrumented(block):
    """The block's lines, #include lines apart: (includes, lines)."""
    includes, body = [], []
    for n, line in enumerate(block.body):
        if line.startswith("#include"):
            includes.append(line)
            body.append("")  # keeps the line numbers
        else:
            body.append(claimed(line, block.doc, block.line + n))
    return includes, body


def is_program(block):
    return any(re.match(r"^int main\(", line) for line in block.body)


COMMON_HEADERS = [
    "<urlkit/urlkit.hpp>",
    "<cstdint>",
    "<iostream>",
    "<memory>",
    "<optional>",
    "<string>",
    "<string_view>",
    "<unordered_set>",
    "<vector>",
    '"doc_claim.hpp"',
]


def write_if_changed(path, content):
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == content:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(content)


def cmake_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$") + '"'


def generate(source_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    examples = {}  # name -> block
    outputs = {}  # name -> block
    fragments = []
    checked = {"cpp": 0, "sh": 0, "json": 0, "text": 0, "python": 0, "unchecked": 0}
    for doc in documents(source_dir):
        rank = 0
        for b in read_blocks(source_dir, doc):
            if "unchecked" in b.markers:
                if not b.markers["unchecked"].strip():
                    raise DocError("%s: 'unchecked' needs its reason" % b.where())
                if b.lang == "json":
                    json_values(b)
                checked["unchecked"] += 1
                continue
            if b.lang == "cpp":
                rank += 1
                checked["cpp"] += 1
                if is_program(b):
                    name = b.markers.get("example")
                    if name is None:
                        name = "%s_%d" % (re.sub(r"\W", "_", os.path.splitext(os.path.basename(doc))[0]).lower(), rank)
                    if name in examples:
                        raise DocError("%s: example '%s' is marked twice" % (b.where(), name))
                    examples[name] = b
                else:
                    if "example" in b.markers:
                        raise DocError("%s: the example has no main()" % b.where())
                    fragments.append(b)
            elif b.lang == "text":
                if "output" not in b.markers:
                    raise DocError("%s: a text block is a program's output (<!-- output: NAME -->) "
                                   "or says why it is not checked (<!-- unchecked: REASON -->)" % b.where())
                outputs[b.markers["output"]] = b
                checked["text"] += 1
            elif b.lang == "sh":
                if not any(line.startswith("$ ") for line in b.body):
                    raise DocError("%s: a sh block without '$ ' commands says why it is not run "
                                   "(<!-- unchecked: REASON -->)" % b.where())
                checked["sh"] += 1
            elif b.lang == "json":
                if "json" not in b.markers and "json scheme_data" not in b.markers:
                    raise DocError("%s: a json block names the command that prints it "
                                   "(<!-- json: COMMAND -->, <!-- json scheme_data: COMMAND -->) "
                                   "or says why not (<!-- unchecked: REASON -->)" % b.where())
                json_values(b)
                checked["json"] += 1
            elif b.lang == "python":
                # Run by the Python package's tests (test/python/test_docs.py).
                if not any(line.startswith(">>> ") for line in b.body):
                    raise DocError("%s: a python block is a doctest ('>>> ' lines, run by "
                                   "test/python/test_docs.py) or says why it is not run "
                                   "(<!-- unchecked: REASON -->)" % b.where())
                checked["python"] += 1
            else:
                raise DocError("%s: a '%s' block: cpp, sh, json, python or text expected" % (b.where(), b.lang))
    for name, b in outputs.items():
        if name not in examples:
            raise DocError("%s: the output of '%s', which no example is" % (b.where(), name))

    manifest = []
    for name, b in examples.items():
        includes, body = instrumented(b)
        src = ["// From %s; generated by test/examples/doc_blocks.py." % b.doc,
               "#define URLKIT_DOC_CLAIM_FATAL", '#include "doc_claim.hpp"'] + includes
        src += ['#line %d "%s"' % (b.line, b.doc)] + body
        write_if_changed(os.path.join(out_dir, name + ".cpp"), "\n".join(src) + "\n")
        expected = ""
        if name in outputs:
            expected = os.path.join(out_dir, name + ".expected")
            write_if_changed(expected, "\n".join(outputs[name].body) + "\n")
        needs = b.markers.get("requires", "")
        if needs not in ("", "idna"):
            raise DocError("%s: requires '%s': only idna is known" % (b.where(), needs))
        manifest.append("urlkit_doc_example(%s %s %s)" % (name, cmake_string(expected), cmake_string(needs)))

    includes = []
    functions = []
    calls = []
    for b in fragments:
        inc, body = instrumented(b)
        for line in inc:
            if line not in includes:
                includes.append(line)
        fn = "block_%s_%d" % (re.sub(r"\W", "_", b.doc), b.line)
        needs = b.markers.get("requires")
        if needs and needs != "idna":
            raise DocError("%s: requires '%s': only idna is known" % (b.where(), needs))
        guard = needs == "idna"
        functions += (["#ifdef URLKIT_DOCS_IDNA"] if guard else []) + \
            ["void %s() {" % fn, '#line %d "%s"' % (b.line, b.doc)] + body + ["}"] + \
            (["#endif"] if guard else [])
        calls += (["#ifdef URLKIT_DOCS_IDNA"] if guard else []) + ["  %s();" % fn] + \
            (["#endif"] if guard else [])
    src = ["// The code fragments of README.md, docs/guide.md and docs/schemes/*.md, each in",
           "// a function; generated by test/examples/doc_blocks.py."]
    src += ["#include %s" % h for h in COMMON_HEADERS]
    src += ["#ifdef URLKIT_DOCS_IDNA", "#include <urlkit/idna.hpp>", "#endif"]
    src += [line for line in includes if line.split(None, 1)[1] not in COMMON_HEADERS]
    src += ["", "namespace {", "// NOLINTBEGIN"] + functions + ["// NOLINTEND", "}  // namespace", "",
            "int main() {"] + calls + ["  return urlkit_doc::failures == 0 ? 0 : 1;", "}"]
    write_if_changed(os.path.join(out_dir, "doc_fragments.cpp"), "\n".join(src) + "\n")
    manifest.append("set(URLKIT_DOC_BLOCKS_COUNT %s)" % cmake_string(
        " ".join("%s=%d" % kv for kv in checked.items())))
    write_if_changed(os.path.join(out_dir, "doc_blocks.cmake"), "\n".join(manifest) + "\n")
    deps = [os.path.join(source_dir, d) for d in documents(source_dir)]
    write_if_changed(os.path.join(out_dir, "doc_blocks.deps"), ";".join(deps) + "\n")


# ---- sh and json ----------------------------------------------------------


def json_values(block):
    text = "\n".join(block.body)
    decoder = json.JSONDecoder()
    values = []
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return values
        try:
            value, at = decoder.raw_decode(text, at)
        except json.JSONDecodeError as e:
            raise DocError("%s: not JSON: %s" % (block.where(), e))
        values.append(value)


def run_shell(command, urlkit_dir, cwd):
    env = dict(os.environ)
    env["PATH"] = urlkit_dir + os.pathsep + env.get("PATH", "")
    env["LC_ALL"] = "C"
    p = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return p.stdout.decode("utf-8", "replace") + p.stderr.decode("utf-8", "replace")


def part_of(shown, actual, path):
    """Why `shown` (from a document) does not stand for `actual`, or None."""
    if isinstance(shown, dict):
        if not isinstance(actual, dict):
            return "%s: an object expected, %s printed" % (path, json.dumps(actual))
        if list(shown.keys()) != list(actual.keys()):
            return "%s: the members %s shown, %s printed" % (
                path, ", ".join(shown.keys()), ", ".join(actual.keys()))
        for k, v in shown.items():
            why = part_of(v, actual[k], path + "." + k)
            if why:
                return why
        return None
    if isinstance(shown, list):
        if not isinstance(actual, list) or len(actual) != len(shown):
            return "%s: %s shown, %s printed" % (path, json.dumps(shown), json.dumps(actual))
        for i, (s, a) in enumerate(zip(shown, actual)):
            why = part_of(s, a, "%s[%d]" % (path, i))
            if why:
                return why
        return None
    if isinstance(shown, str) and shown.endswith("...") and isinstance(actual, str):
        if actual.startswith(shown[:-3]):
            return None
    elif type(shown) is type(actual) and shown == actual:
        return None
    return "%s: %s shown, %s printed" % (path, json.dumps(shown), json.dumps(actual))


def check_sh(block, urlkit_dir, cwd):
    problems = []
    n = 0
    while n < len(block.body):
        line = block.body[n]
        if not line.startswith("$ "):
            if line.strip():
                problems.append("%s:%d: output before any command" % (block.doc, block.line + n))
            n += 1
            continue
        command, at = line[2:], block.line + n
        n += 1
        expected = []
        while n < len(block.body) and not block.body[n].startswith("$ "):
            expected.append(block.body[n])
            n += 1
        while expected and not expected[-1].strip():
            expected.pop()
        got = run_shell(command, urlkit_dir, cwd).split("\n")
        while got and not got[-1].strip():
            got.pop()
        if got != expected:
            problems.append("%s:%d: `%s` prints\n%s\ninstead of\n%s" % (
                block.doc, at, command, "\n".join(got), "\n".join(expected)))
    return problems


def check_json(block, urlkit_dir, cwd):
    member = None
    command = block.markers.get("json")
    if command is None:
        member, command = "scheme_data", block.markers["json scheme_data"]
    shown = json_values(block)
    lines = [l for l in run_shell(command, urlkit_dir, cwd).split("\n") if l.strip()]
    if len(lines) != len(shown):
        return ["%s: %d JSON values shown, `%s` prints %d lines:\n%s" % (
            block.where(), len(shown), command, len(lines), "\n".join(lines))]
    problems = []
    for i, (s, line) in enumerate(zip(shown, lines)):
        try:
            actual = json.loads(line)
        except json.JSONDecodeError as e:
            problems.append("%s: `%s` printed a line that is not JSON (%s): %s" % (block.where(), command, e, line))
            continue
        path = "value %d" % (i + 1)
        if member:
            actual = actual.get(member) if isinstance(actual, dict) else None
            path += " (" + member + ")"
        why = part_of(s, actual, path)
        if why:
            problems.append("%s: `%s`: %s" % (block.where(), command, why))
    return problems


def check(source_dir, urlkit):
    urlkit = os.path.abspath(urlkit)
    problems = []
    counted = 0
    with tempfile.TemporaryDirectory() as tmp:
        bindir = os.path.join(tmp, "bin")
        os.mkdir(bindir)
        os.symlink(urlkit, os.path.join(bindir, "urlkit"))
        work = os.path.join(tmp, "work")
        os.mkdir(work)
        for doc in documents(source_dir):
            for b in read_blocks(source_dir, doc):
                if "unchecked" in b.markers:
                    continue
                if b.lang == "sh":
                    problems += check_sh(b, bindir, work)
                    counted += 1
                elif b.lang == "json":
                    problems += check_json(b, bindir, work)
                    counted += 1
    for p in problems:
        print(p, file=sys.stderr)
    print("%d sh and json blocks, %d problems" % (counted, len(problems)))
    if counted == 0:
        print("no sh or json block was found", file=sys.stderr)
        return 1
    return 1 if problems else 0


def main(argv):
    try:
        if len(argv) == 4 and argv[1] == "generate":
            generate(argv[2], argv[3])
            return 0
        if len(argv) == 4 and argv[1] == "check":
            return check(argv[2], argv[3])
    except DocError as e:
        print(e, file=sys.stderr)
        return 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
