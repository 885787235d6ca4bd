#!/usr/bin/env python3
"""The HTML benchmark's Python baseline: `urlkit absolutize` as a Python
program would write it with the standard library, html.parser to read the
document and urllib.parse.urljoin to resolve each link, over the same list of
URL-valued attributes (read from src/html/attributes.cpp), rewritten in place
in the original bytes.  One process over all the documents.

Each document is read whole and decoded as ISO-8859-1 (one character per
byte, so that every byte is written back as it was, whatever the document's
encoding); html.parser reads it in one feed().  Each start tag with a URL
attribute is read again with html.parser's own expressions, to find where the
values are; the links are resolved once the document's first BASE href is
known (it may come after them), then written back in their quoting ("&" as
"&amp;", the quote escaped).  What it leaves out of what urlkit does, which
costs urlkit time: HTML's tree construction (html.parser tokenizes only:
no SVG or MathML namespaces, for which it takes href and xlink:href on any
element it does not know, no TEMPLATE, no dropped tags), the codebase of
OBJECT and APPLET, the checks of a URL that urljoin does not make, the
escaping of non-ASCII octets, the line and column of each warning.  Its
output is not compared with urlkit's: urljoin is RFC 3986's resolution, not
draft 6's, and it keeps what urlkit refuses.

usage: python_absolutize.py ATTRIBUTES_CPP OUT_DIR < LIST
  LIST: one document a line, "FILE<TAB>BASE<TAB>OUT_NAME"
Prints one line of JSON: documents, bytes read, links seen and rewritten.
"""

import html
import html.parser
import json
import re
import sys
from urllib.parse import urljoin

ATTRIBUTE_ROW = re.compile(
    r'\{"([^"]+)", "([^"]+)", (one|spaces|commas|url_list::srcset), (true|false),')
SPACE = " \t\n\f\r"


def load_attributes(path):
    table, foreign = {}, set()
    with open(path) as f:
        for m in ATTRIBUTE_ROW.finditer(f.read()):
            element, attribute, kind = m.group(1), m.group(2), m.group(3)
            kind = kind.replace("url_list::", "")
            if element.startswith("*"):
                foreign.add(attribute)
            else:
                table.setdefault(element, {})[attribute] = kind
    if not table:
        sys.exit("python_absolutize.py: no attributes in %s" % path)
    return table, foreign


def split(value, kind):
    """[(begin, end)] of the URLs in `value`."""
    if kind == "one":
        stripped = value.strip(SPACE)
        if not stripped:
            return [(0, 0)] if value == "" else []
        begin = value.index(stripped[0]) if stripped else 0
        return [(begin, begin + len(stripped))]
    if kind == "spaces":
        return [m.span() for m in re.finditer(r"[^ \t\n\f\r]+", value)]
    if kind == "commas":
        out = []
        for m in re.finditer(r"[^,]+", value):
            part = m.group(0)
            stripped = part.strip(SPACE)
            if stripped:
                begin = m.start() + part.index(stripped[0])
                out.append((begin, begin + len(stripped)))
        return out
    # srcset: "URL [descriptor]" separated by commas.
    out = []
    for m in re.finditer(r"[^,]+", value):
        part = m.group(0)
        url = re.match(r"[ \t\n\f\r]*([^ \t\n\f\r]+)", part)
        if url:
            out.append((m.start() + url.start(1), m.start() + url.end(1)))
    return out


class Rewriter(html.parser.HTMLParser):
    def __init__(self, table, foreign):
        super().__init__(convert_charrefs=True)
        self.table, self.foreign = table, foreign

    def start(self, text):
        self.reset()
        self.text = text
        self.tag_at = 0
        self.base_href = None
        self.pending = []  # (begin, end, quote, kind, value) in the original

    def parse_starttag(self, i):
        self.tag_at = i  # one feed(): an offset in the whole document
        return super().parse_starttag(i)

    def handle_starttag(self, tag, attrs):
        wanted = self.table.get(tag)
        if wanted is None:
            if not any(name in self.foreign for name, _ in attrs):
                return
            wanted = {name: "one" for name in self.foreign}
        elif not any(name in wanted for name, _ in attrs):
            return
        raw = self.get_starttag_text()
        k = html.parser.tagfind_tolerant.match(raw, 1).end()
        seen = set()
        for name, value in attrs:
            m = html.parser.attrfind_tolerant.match(raw, k)
            k = m.end()
            if name in seen or name not in wanted or value is None:
                continue
            seen.add(name)  # HTML keeps the first of duplicates
            if tag == "base" and name == "href":
                if self.base_href is None:
                    self.base_href = value.strip(SPACE)
                continue
            written = m.group(3)
            quote = written[0] if written[:1] in ("'", '"') else ""
            begin = self.tag_at + m.start(3)
            self.pending.append((begin, begin + len(written), quote, wanted[name], value))

    handle_startendtag = handle_starttag


def escape(value, quote):
    value = value.replace("&", "&amp;")
    if quote == '"':
        return value.replace('"', "&quot;")
    if quote == "'":
        return value.replace("'", "&#39;")
    return value


def absolutize(rewriter, text, outer):
    rewriter.start(text)
    rewriter.feed(text)
    rewriter.close()
    base = urljoin(outer, rewriter.base_href) if rewriter.base_href is not None else outer
    out, at, links, rewritten = [], 0, 0, 0
    for begin, end, quote, kind, value in rewriter.pending:
        pieces, last, changed = [], 0, False
        for b, e in split(value, kind):
            links += 1
            url = value[b:e]
            resolved = urljoin(base, url)
            pieces.append(value[last:b])
            pieces.append(resolved)
            last = e
            if resolved != url:
                changed = True
                rewritten += 1
        if not changed:
            continue
        pieces.append(value[last:])
        new = escape("".join(pieces), quote)
        if not quote and re.search(r"[ \t\n\f\r\"'=<>`]", new):
            quote, new = '"', escape("".join(pieces), '"')
        out.append(text[at:begin])
        out.append(quote + new + quote)
        at = end
    out.append(text[at:])
    return "".join(out), links, rewritten


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    table, foreign = load_attributes(sys.argv[1])
    out_dir = sys.argv[2]
    rewriter = Rewriter(table, foreign)
    documents = size = links = rewritten = 0
    for line in sys.stdin:
        path, base, name = line.rstrip("\n").split("\t")
        with open(path, "rb") as f:
            data = f.read()
        text, n, r = absolutize(rewriter, data.decode("latin-1"), base)
        with open(out_dir + "/" + name, "wb") as f:
            f.write(text.encode("latin-1"))
        documents += 1
        size += len(data)
        links += n
        rewritten += r
    print(json.dumps({"documents": documents, "bytes": size, "links": links,
                      "rewritten": rewritten}))


if __name__ == "__main__":
    main()
