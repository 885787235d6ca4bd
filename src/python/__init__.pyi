# Type stubs of the urlkit package (docs/python.md).
from typing import Callable, Iterable, List, Literal, Optional, Sequence, Tuple, TypeVar, Union, overload

_BytesLike = Union[bytes, bytearray, memoryview]
_Text = Union[str, bytes]
_OnWarning = Optional[Callable[["URLWarning"], object]]
_Input = Union[str, _BytesLike, "URL"]
# How references resolve: draft section 6 (RFC 1808's algorithm) or RFC 3986 5.2.
_Spec = Literal["1808", "3986"]

__version__: str
has_html: bool
has_idna: bool

class URLError(ValueError):
    message: str
    code: str
    offset: int
    source: Optional[str]
    def __init__(self, message: str, code: str, offset: int, source: Optional[str] = ...) -> None: ...

class URLWarning(UserWarning):
    message: str
    code: str
    offset: int
    source: Optional[str]
    def __init__(self, message: str, code: str, offset: int, source: Optional[str] = ...) -> None: ...

class Problem:
    code: str
    offset: int
    message: str
    severity: str
    source: Optional[str]

class Found:
    url: _Text
    start: int
    end: int
    outer_start: int
    outer_end: int
    how: str

class Endpoint:
    scheme: str
    host: str
    port: int
    secure: bool
    target: _Text
    user: Optional[_Text]
    password: Optional[_Text]

class HTTPView:
    host: _Text
    port: int
    explicit_port: bool
    default_port: int
    secure: bool
    websocket: bool
    hpath: Optional[_Text]
    search: Optional[_Text]
    request_target: str

class FTPView:
    user: Optional[_Text]
    password: Optional[_Text]
    host: _Text
    port: int
    fpath: Optional[_Text]
    cwd: Tuple[_Text, ...]
    name: _Text
    typecode: Optional[str]
    plan: Tuple[_Text, ...]

class MailtoView:
    address: _Text
    is_addr_spec: bool
    local_part: _Text
    domain: _Text
    to: Tuple[_Text, ...]
    headers: Tuple[Tuple[_Text, _Text], ...]
    subject: Optional[_Text]
    body: Optional[_Text]

class NewsView:
    kind: str
    grouppart: _Text
    group: Optional[_Text]
    message_id: Optional[_Text]

class NNTPView:
    host: _Text
    port: int
    group: _Text
    article: Optional[int]

class TelnetView:
    user: Optional[_Text]
    password: Optional[_Text]
    host: _Text
    port: int
    final_slash: bool

class GopherView:
    host: _Text
    port: int
    gopher_type: str
    selector: _Text
    search: Optional[_Text]
    gopher_plus: Optional[_Text]
    request_line: bytes

class WAISView:
    host: _Text
    port: int
    kind: str
    database: _Text
    search: Optional[_Text]
    wtype: Optional[_Text]
    wpath: Optional[_Text]

class FileView:
    host: _Text
    is_local: bool
    fpath: _Text
    local_path: Optional[_Text]

class ProsperoView:
    host: _Text
    port: int
    hsoname: _Text
    fieldspecs: Tuple[Tuple[_Text, _Text], ...]

class DataView:
    media_type: str
    type: str
    subtype: str
    parameters: Tuple[Tuple[str, str], ...]
    is_default_type: bool
    is_base64: bool
    body: bytes

class URL:
    def __init__(self, text: _Input, strict: bool = ..., *, on_warning: _OnWarning = ...) -> None: ...
    @property
    def scheme(self) -> Optional[_Text]: ...
    @property
    def server(self) -> Optional[_Text]: ...
    @property
    def user(self) -> Optional[_Text]: ...
    @property
    def password(self) -> Optional[_Text]: ...
    @property
    def host(self) -> Optional[_Text]: ...
    @property
    def port(self) -> Optional[_Text]: ...
    @property
    def port_number(self) -> Optional[int]: ...
    @property
    def path(self) -> _Text: ...
    @property
    def absolute_path(self) -> bool: ...
    @property
    def params(self) -> Optional[_Text]: ...
    @property
    def query(self) -> Optional[_Text]: ...
    @property
    def fragment(self) -> Optional[_Text]: ...
    @property
    def host_kind(self) -> Optional[str]: ...
    @property
    def is_absolute(self) -> bool: ...
    @property
    def strict(self) -> bool: ...
    @property
    def warning_count(self) -> int: ...
    @property
    def segments(self) -> Tuple[_Text, ...]: ...
    def query_params(self, plus_as_space: bool = ...) -> List[Tuple[_Text, _Text]]: ...
    def without_fragment(self) -> _Text: ...
    @property
    def http(self) -> Optional[HTTPView]: ...
    @property
    def ftp(self) -> Optional[FTPView]: ...
    @property
    def mailto(self) -> Optional[MailtoView]: ...
    @property
    def news(self) -> Optional[NewsView]: ...
    @property
    def nntp(self) -> Optional[NNTPView]: ...
    @property
    def telnet(self) -> Optional[TelnetView]: ...
    @property
    def gopher(self) -> Optional[GopherView]: ...
    @property
    def wais(self) -> Optional[WAISView]: ...
    @property
    def file(self) -> Optional[FileView]: ...
    @property
    def prospero(self) -> Optional[ProsperoView]: ...
    @property
    def data(self) -> Optional[DataView]: ...
    @property
    def endpoint(self) -> Endpoint: ...
    def __bytes__(self) -> bytes: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

_T = TypeVar("_T", str, bytes)

def parse(text: _Input, strict: bool = ..., *, on_warning: _OnWarning = ...) -> URL: ...
@overload
def resolve(base: Union[str, URL], reference: str, *, spec: _Spec = ..., strict: bool = ..., on_warning: _OnWarning = ...) -> str: ...
@overload
def resolve(base: Union[_BytesLike, URL], reference: _BytesLike, *, spec: _Spec = ..., strict: bool = ..., on_warning: _OnWarning = ...) -> bytes: ...
@overload
def make_relative(base: Union[str, URL], target: str, *, spec: _Spec = ..., strict: bool = ..., on_warning: _OnWarning = ...) -> str: ...
@overload
def make_relative(base: Union[_BytesLike, URL], target: _BytesLike, *, spec: _Spec = ..., strict: bool = ..., on_warning: _OnWarning = ...) -> bytes: ...
@overload
def normalize(url: str, *, ignore_fragment: bool = ..., strict: bool = ..., on_warning: _OnWarning = ...) -> str: ...
@overload
def normalize(url: Union[_BytesLike, URL], *, ignore_fragment: bool = ..., strict: bool = ..., on_warning: _OnWarning = ...) -> _Text: ...
def equivalent(a: _Input, b: _Input, *, ignore_fragment: bool = ..., strict: bool = ..., on_warning: _OnWarning = ...) -> bool: ...
def validate(url: _Input, strict: bool = ...) -> List[Problem]: ...
def extract(text: _Input, *, extra_schemes: Sequence[str] = ..., on_warning: _OnWarning = ...) -> List[Found]: ...
@overload
def absolutize(html: str, base: Optional[Union[str, URL]] = ..., *, keep_same_document: bool = ..., on_warning: _OnWarning = ...) -> str: ...
@overload
def absolutize(html: _BytesLike, base: Optional[Union[_BytesLike, URL]] = ..., *, keep_same_document: bool = ..., on_warning: _OnWarning = ...) -> bytes: ...
def resolve_many(pairs: Iterable[Tuple[_Input, _Input]], *, spec: _Spec = ...) -> List[Union[_Text, URLError]]: ...
def validate_many(urls: Iterable[_Input], strict: bool = ...) -> List[List[Problem]]: ...
