"""urlkit: URLs as RFC 1738, RFC 1808 (draft-fielding-uri-url-00), RFC 2397 and
RFC 2017 define them.

A binding of the urlkit C++ library.  For readers of ``urllib.parse``:

>>> import urlkit
>>> u = urlkit.parse("http://user@a.example:8080/b/c;p?q#f")
>>> u.host, u.port, u.path, u.params, u.query, u.fragment
('a.example', '8080', 'b/c', 'p', 'q', 'f')
>>> urlkit.resolve("http://a/b/c/d;p?q", "../g")
'http://a/b/g'

Functions take ``str`` (encoded as UTF-8; offsets count characters) or
``bytes``-like input (offsets count bytes) and give back the same type.
Errors raise :class:`URLError` (a ``ValueError``); what lenient parsing
accepts but the strict grammar does not is a :class:`URLWarning`, given to the
``warnings`` module or to the ``on_warning=`` callable.  docs/python.md has the
whole tour.
"""

from __future__ import annotations

import copyreg as _copyreg
import dataclasses as _dc
from typing import Optional, Tuple, Union

# The classes below are defined before the extension is imported: _urlkit
# reads them from this (partly initialised) module when it loads, and makes
# its errors, warnings, problems and views of them.

_Text = Union[str, bytes]


class _Located:
    """What URLError and URLWarning carry: code, offset, message, source."""

    def __init__(self, message: str, code: str, offset: int, source: Optional[str] = None):
        super().__init__(message, code, offset, source)
        self.message = message
        self.code = code
        self.offset = offset
        self.source = source

    def __str__(self) -> str:
        where = f"offset {self.offset}: {self.message}"
        return f"{self.source}: {where}" if self.source else where


class URLError(_Located, ValueError):
    """A URL (or an HTML document, or a base) that urlkit refuses.

    Attributes:
        code: the error's name, as ``urlkit parse --json`` writes its "code"
            (``"bad_port"``, ``"base_not_absolute"``, ...).
        offset: where it went wrong: characters into a ``str`` input, bytes
            into a ``bytes`` one.
        message: what went wrong, in words ("port must be digits").
        source: what ``offset`` counts in when it is not the input itself
            (``"base"`` for resolve's base, ``"target"`` for make_relative's),
            else ``None``.

    ``str(e)`` is ``"offset 14: port must be digits"`` (with a source,
    ``"base: offset 14: ..."``).
    """


class URLWarning(_Located, UserWarning):
    """What a lenient reading accepted but the strict grammar does not
    (draft-fielding-uri-url-00 2.3.3), or an error passed over.

    Attributes as :class:`URLError`'s: ``code`` (``"unwise_character"``,
    ``"non_ascii"``, ...), ``offset``, ``message``, ``source``.
    """


_frozen = _dc.dataclass(frozen=True)


@_frozen
class Problem:
    """One finding of :func:`validate`: ``severity`` is ``"error"`` (the URL
    is invalid; at most one, the last) or ``"warning"`` (accepted by lenient
    mode only)."""

    code: str
    offset: int
    message: str
    severity: str
    source: Optional[str] = None


@_frozen
class Found:
    """One URL :func:`extract` found: ``url`` without the white space of line
    breaks; ``[start, end)`` the URL itself in the text, ``[outer_start,
    outer_end)`` with its ``<URL:...>`` or ``<...>`` wrapper; ``how`` is
    ``"wrapped"``, ``"bracketed"`` or ``"bare"``."""

    url: _Text
    start: int
    end: int
    outer_start: int
    outer_end: int
    how: str


@_frozen
class Endpoint:
    """Where and how a client connects for a URL (``URL.endpoint``): the
    scheme in lower case, the host as getaddrinfo() takes it, the effective
    port, whether TLS starts at once, what the protocol sends first (the
    request target of http, the request line of gopher, ...), and the user
    and password decoded (``None`` when absent)."""

    scheme: str
    host: str
    port: int
    secure: bool
    target: _Text
    user: Optional[_Text]
    password: Optional[_Text]


@_frozen
class HTTPView:
    """An http, https, ws or wss URL checked against RFC 1738 3.3's httpurl:
    the host and the hpath and search decoded (``None`` when absent), the
    effective port, and the request target as written."""

    host: _Text
    port: int
    explicit_port: bool
    default_port: int
    secure: bool
    websocket: bool
    hpath: Optional[_Text]
    search: Optional[_Text]
    request_target: str


@_frozen
class FTPView:
    """An ftp URL (RFC 1738 3.2): user and password (``None`` when absent),
    host, effective port, the fpath decoded (``None`` without a url-path),
    its <cwd>s and <name>, the ``;type=`` code, and the FTP commands of
    3.2.2 (``plan``)."""

    user: Optional[_Text]
    password: Optional[_Text]
    host: _Text
    port: int
    fpath: Optional[_Text]
    cwd: Tuple[_Text, ...]
    name: _Text
    typecode: Optional[str]
    plan: Tuple[_Text, ...]


@_frozen
class MailtoView:
    """A mailto URL (RFC 1738 3.5, RFC 6068 in lenient mode): the first
    address, whether it is an RFC 822 addr-spec (then its local part and
    domain), every address, the header fields, subject and body; decoded."""

    address: _Text
    is_addr_spec: bool
    local_part: _Text
    domain: _Text
    to: Tuple[_Text, ...]
    headers: Tuple[Tuple[_Text, _Text], ...]
    subject: Optional[_Text]
    body: Optional[_Text]


@_frozen
class NewsView:
    """A news URL (RFC 1738 3.6): ``kind`` is ``"all"`` (news:*),
    ``"group"`` or ``"article"``; ``group`` and ``message_id`` are set for
    their kind, else ``None``; decoded."""

    kind: str
    grouppart: _Text
    group: Optional[_Text]
    message_id: Optional[_Text]


@_frozen
class NNTPView:
    """An nntp URL (RFC 1738 3.7): host, effective port, group (decoded) and
    article number (``None`` when absent)."""

    host: _Text
    port: int
    group: _Text
    article: Optional[int]


@_frozen
class TelnetView:
    """A telnet URL (RFC 1738 3.8): user and password (``None`` when
    absent), host, effective port, and whether it ends in "/"."""

    user: Optional[_Text]
    password: Optional[_Text]
    host: _Text
    port: int
    final_slash: bool


@_frozen
class GopherView:
    """A gopher URL (RFC 1738 3.4): host, effective port, the gopher type
    (one character), selector, search and gopher+ string (``None`` when
    absent), decoded, and the exact request line a client sends."""

    host: _Text
    port: int
    gopher_type: str
    selector: _Text
    search: Optional[_Text]
    gopher_plus: Optional[_Text]
    request_line: bytes


@_frozen
class WAISView:
    """A wais URL (RFC 1738 3.9): ``kind`` is ``"database"``, ``"search"``
    or ``"document"``; the database, and the search or the type and path of
    that kind (else ``None``), decoded."""

    host: _Text
    port: int
    kind: str
    database: _Text
    search: Optional[_Text]
    wtype: Optional[_Text]
    wpath: Optional[_Text]


@_frozen
class FileView:
    """A file URL (RFC 1738 3.10): the host as written (empty for
    file:///x), whether it names this machine, the fpath decoded, and the
    POSIX file name (``None`` when it names none here: another host, an
    encoded NUL or "/")."""

    host: _Text
    is_local: bool
    fpath: _Text
    local_path: Optional[_Text]


@_frozen
class ProsperoView:
    """A prospero URL (RFC 1738 3.11): host, effective port, the hsoname and
    the fieldspecs as (name, value) pairs, decoded."""

    host: _Text
    port: int
    hsoname: _Text
    fieldspecs: Tuple[Tuple[_Text, _Text], ...]


@_frozen
class DataView:
    """A data URL (RFC 2397): the effective media type (serialized, and as
    type, subtype and parameters), whether it was the default, whether the
    body is base64, and the body decoded to bytes."""

    media_type: str
    type: str
    subtype: str
    parameters: Tuple[Tuple[str, str], ...]
    is_default_type: bool
    is_base64: bool
    body: bytes


from ._urlkit import (  # noqa: E402  (after the classes it builds)
    URL,
    __version__,
    absolutize,
    equivalent,
    extract,
    has_html,
    has_idna,
    make_relative,
    normalize,
    parse,
    resolve,
    resolve_many,
    validate,
    validate_many,
)


# pybind11 gives its functions a capsule as __self__, which pickle cannot
# take, so `pickle.dumps(urlkit.resolve_many)` failed, and with it a Dask
# task such as `bag.map_partitions(urlkit.resolve_many)` (docs/scaling.md).
# This package's functions pickle by name, as a Python module's do; any other
# builtin function as it did before.
_builtin_function = type(resolve_many)
_reduce_before = _copyreg.dispatch_table.get(_builtin_function)


def _reduce_builtin_function(f):
    if getattr(f, "__module__", None) == __name__ and globals().get(f.__name__) is f:
        return f.__name__
    return _reduce_before(f) if _reduce_before is not None else f.__reduce__()


_copyreg.pickle(_builtin_function, _reduce_builtin_function)


def _unpickle(text: _Text, strict: bool) -> URL:
    """How a pickled URL is made again (URL.__reduce__)."""
    return parse(text, strict)


__all__ = [
    "URL", "URLError", "URLWarning", "Problem", "Found", "Endpoint",
    "HTTPView", "FTPView", "MailtoView", "NewsView", "NNTPView", "TelnetView",
    "GopherView", "WAISView", "FileView", "ProsperoView", "DataView",
    "parse", "resolve", "make_relative", "normalize", "equivalent", "validate",
    "extract", "absolutize", "resolve_many", "validate_many",
    "has_html", "has_idna", "__version__",
]
