"""A bad-input corpus for Home MCP's HTTP transport, and a raw HTTP/1.1 client to send it.

Used by `tests/hostile/test_transport_corpus.py` (against the test harness's
Home Assistant) and by `bench/bench_hostile.py` (against `script/demo`).
Everything here is plain Python (asyncio streams, `json`), no test machinery,
so both can import it.

- `send_raw` sends exact bytes (header bytes that are not UTF-8, NUL, bare
  CR, lying `Content-Length`, broken chunked framing) and reads one answer
  (`Content-Length`, chunked, or until the server closes). Bodies may be
  produced lazily, chunk by chunk, while the answer is read at the same
  time: a server that refuses a 100 MB upload early answers without the
  client pushing all of it.
- `Case` is one request and what Home MCP must answer: the acceptable
  statuses, and what the body must be (a JSON-RPC error with one of some
  codes, a result, a tool error ...). Huge bodies are built only when sent.
- `build_cases(token)` returns the corpus; `check(case, response)` lists
  what is wrong with an answer.

The expectations are the behaviour contract of issue 10 (hostile bytes lose
nothing), not whatever the code answered when a case was written.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
import enum
import json
from typing import Any, Final, Literal
import zlib

from mcp.shared.inbound import encode_header_value
from mcp_types import CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY
from mcp_types.jsonrpc import (
    HEADER_MISMATCH,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    UNSUPPORTED_PROTOCOL_VERSION,
)

MAX_REQUEST_BYTES: Final = 1024 * 1024
"""Home MCP's body limit (`const.MAX_REQUEST_BYTES`); 413 beyond."""
MAX_DEPTH: Final = 64
"""Deepest JSON nesting Home MCP accepts; 400 -32600 beyond."""
HANDSHAKE_VERSION: Final = "2025-11-25"
MODERN_VERSION: Final = "2026-07-28"
CHUNK: Final = 64 * 1024
"""Size of the pieces lazily built bodies are sent in."""
USER_AGENT: Final = b"home-mcp-corpus/1"
HOST_PLACEHOLDER: Final = b"{HOST}"
"""Replaced, in header values and the path, by the `host:port` the case is sent to."""

Framing = Literal["length", "chunked", "none"]
"""How the body is framed: `Content-Length`, chunked, or headers as given (no framing added)."""
BodyFactory = Callable[[], Iterator[bytes]]


class Answer(enum.Enum):
    """What a 200 answer's JSON-RPC body must be."""

    ANY = "any"
    """Anything (only the generic checks apply)."""
    RESULT = "result"
    """A JSON-RPC success (`result`)."""
    RPC_ERROR = "rpc_error"
    """A JSON-RPC error object (codes from `Case.rpc_codes` when given)."""
    TOOL_OK = "tool_ok"
    """A `tools/call` result without `isError`."""
    TOOL_ERROR = "tool_error"
    """A `tools/call` result with `isError` and `{ok: false, error}` (one of `tool_errors`)."""
    TOOL_ANY = "tool_any"
    """A `tools/call` result, error or not; never a JSON-RPC error."""
    NOT_OK = "not_ok"
    """A JSON-RPC error or a tool result with `isError`: refused either way."""


@dataclass(frozen=True)
class RawResponse:
    """One HTTP answer as read off the wire."""

    status: int
    headers: dict[str, str]
    """Lowercased names; repeated headers joined with ", "."""
    body: bytes
    reason: str = ""

    def json(self) -> Any:
        """Return the body parsed as JSON (raises ValueError)."""
        return json.loads(self.body)

    def snippet(self, size: int = 300) -> str:
        """Return the start of the body, for messages."""
        text = self.body[:size].decode("utf-8", "backslashreplace")
        return text + ("..." if len(self.body) > size else "")


class RefusedEarlyError(ConnectionError):
    """The server closed or reset the connection before a complete answer."""


@dataclass(frozen=True)
class Case:
    """One hostile (or valid) request and what Home MCP must answer."""

    name: str
    category: str
    statuses: frozenset[int]
    method: str = "POST"
    path: str = "/api/mcp"
    """Path and query as sent in the request line ({HOST} is replaced)."""
    headers: tuple[tuple[bytes, bytes], ...] = ()
    """Headers as raw bytes, in order; `Host` and `Connection: close` are added."""
    body: bytes | BodyFactory = b""
    """The body, or a function yielding it in pieces (built only when sent)."""
    framing: Framing = "length"
    length: int | None = None
    """`Content-Length` for a lazily built body framed by length."""
    answer: Answer = Answer.ANY
    rpc_codes: frozenset[int] | None = None
    """Acceptable JSON-RPC error codes, whenever the answer is a JSON-RPC error."""
    rpc_body: bool = True
    """Error statuses carry a Home MCP JSON-RPC error object (False: aiohttp or core answers)."""
    tool_errors: frozenset[str] | None = None
    """Acceptable `structuredContent.error` codes for `Answer.TOOL_ERROR`."""
    may_refuse: bool = False
    """The server may close or reset the connection instead of answering (oversize uploads)."""
    core_5xx: bool = False
    """Home Assistant core answers 5xx itself before Home MCP sees the request (not ours)."""
    half_close: bool = False
    """Shut down the sending side after the body (a truncated upload)."""
    version: str = "HTTP/1.1"
    """The request line's protocol version."""
    note: str = ""

    def chunks(self, host: str) -> Iterator[bytes]:
        """Yield the request's bytes: the head, then the body in pieces."""
        host_bytes = host.encode("ascii")
        path = self.path.encode("utf-8", "surrogateescape").replace(HOST_PLACEHOLDER, host_bytes)
        lines = [
            self.method.encode("ascii", "surrogateescape")
            + b" "
            + path
            + b" "
            + self.version.encode("ascii")
        ]
        names = {name.lower() for name, _ in self.headers}
        if b"host" not in names:
            lines.append(b"Host: " + host_bytes)
        lines.extend(
            name + b": " + value.replace(HOST_PLACEHOLDER, host_bytes)
            for name, value in self.headers
        )
        body = self.body
        if self.framing == "length":
            if isinstance(body, bytes):
                if body or self.method not in ("GET", "HEAD", "DELETE", "OPTIONS", "TRACE"):
                    lines.append(b"Content-Length: " + str(len(body)).encode())
            elif self.length is not None:
                lines.append(b"Content-Length: " + str(self.length).encode())
        elif self.framing == "chunked":
            lines.append(b"Transfer-Encoding: chunked")
        if b"connection" not in names:
            lines.append(b"Connection: close")
        yield b"\r\n".join(lines) + b"\r\n\r\n"
        pieces: Iterable[bytes] = (
            (body[i : i + CHUNK] for i in range(0, len(body), CHUNK))
            if isinstance(body, bytes)
            else body()
        )
        if self.framing == "chunked":
            for piece in pieces:
                if piece:
                    yield f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
            yield b"0\r\n\r\n"
        else:
            yield from pieces

    def body_size(self) -> int | None:
        """Return the body's size when it is known without building it."""
        if isinstance(self.body, bytes):
            return len(self.body)
        return self.length


# -- the raw client -------------------------------------------------------------


async def send_raw(
    host: str,
    port: int,
    raw: bytes | Iterable[bytes],
    timeout: float = 10,  # noqa: ASYNC109  # One budget for connect, send and read.
    *,
    half_close: bool = False,
) -> RawResponse:
    """Send `raw` (bytes, or pieces sent as they come) and read one HTTP/1.1 answer.

    The answer is read while the request is still being sent: when the
    server answers early (413 from the headers of a huge upload), the rest
    is not sent. Raises `RefusedEarlyError` if the connection closes or
    resets before a complete answer, `TimeoutError` after `timeout` seconds.
    """
    pieces = iter((raw,)) if isinstance(raw, bytes) else iter(raw)
    first = next(pieces, b"")
    is_head = first.startswith(b"HEAD ")
    async with asyncio.timeout(timeout):
        try:
            reader, writer = await asyncio.open_connection(host, port, limit=MAX_REQUEST_BYTES)
        except OSError as err:
            raise RefusedEarlyError(f"cannot connect: {err}") from err
        sending = asyncio.create_task(_send(writer, first, pieces, half_close))
        sending.add_done_callback(_retrieve)
        try:
            return await _read_response(reader, is_head)
        finally:
            sending.cancel()
            await asyncio.wait({sending})
            writer.close()
            with suppress(OSError, asyncio.CancelledError):
                await writer.wait_closed()


def _retrieve(task: asyncio.Task[None]) -> None:
    """Mark a task's exception as retrieved (a refused upload is expected)."""
    if not task.cancelled():
        task.exception()


async def _send(
    writer: asyncio.StreamWriter, first: bytes, pieces: Iterator[bytes], half_close: bool
) -> None:
    writer.write(first)
    await writer.drain()
    for piece in pieces:
        writer.write(piece)
        await writer.drain()
    if half_close and writer.can_write_eof():
        writer.write_eof()


async def _read_response(reader: asyncio.StreamReader, is_head: bool) -> RawResponse:
    """Read one answer, skipping interim (1xx) ones."""
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            status_line, *header_lines = head[:-4].split(b"\r\n")
            parts = status_line.split(b" ", 2)
            if len(parts) < 2 or not parts[0].startswith(b"HTTP/") or not parts[1].isdigit():
                raise ValueError(f"not an HTTP answer: {status_line[:100]!r}")
            status = int(parts[1])
            reason = parts[2].decode("latin-1") if len(parts) > 2 else ""
            headers: dict[str, str] = {}
            for line in header_lines:
                name, _, value = line.partition(b":")
                key = name.strip().decode("latin-1").lower()
                text = value.strip().decode("latin-1")
                headers[key] = f"{headers[key]}, {text}" if key in headers else text
            if 100 <= status < 200:
                continue
            body = await _read_body(reader, headers, is_head or status in (204, 304))
            return RawResponse(status=status, headers=headers, body=body, reason=reason)
    except asyncio.IncompleteReadError as err:
        raise RefusedEarlyError(
            f"connection closed after {len(err.partial)} bytes of an answer"
        ) from err
    except (ConnectionResetError, BrokenPipeError) as err:
        raise RefusedEarlyError(f"connection reset: {err}") from err


async def _read_body(reader: asyncio.StreamReader, headers: dict[str, str], empty: bool) -> bytes:
    if empty:
        return b""
    if "chunked" in headers.get("transfer-encoding", "").lower():
        parts: list[bytes] = []
        while True:
            size_line = await reader.readuntil(b"\r\n")
            size = int(size_line.split(b";", 1)[0].strip() or b"0", 16)
            if size == 0:
                while (await reader.readuntil(b"\r\n")) != b"\r\n":
                    pass  # Trailers.
                return b"".join(parts)
            parts.append(await reader.readexactly(size))
            await reader.readexactly(2)
    if (length := headers.get("content-length")) is not None:
        return await reader.readexactly(int(length))
    return await reader.read()


async def send_case(
    host: str,
    port: int,
    case: Case,
    timeout: float = 10,  # noqa: ASYNC109  # Passed on to send_raw.
) -> RawResponse | None:
    """Send a case; return its answer, or None when the server refused it early.

    Refusing (closing or resetting without an answer) is acceptable only for
    a case that allows it (`may_refuse`); `check` says so.
    """
    try:
        return await send_raw(
            host, port, case.chunks(f"{host}:{port}"), timeout, half_close=case.half_close
        )
    except RefusedEarlyError:
        return None


# -- checking an answer ---------------------------------------------------------


def check(case: Case, response: RawResponse | None) -> list[str]:
    """Return what is wrong with `response` as an answer to `case` (empty: nothing)."""
    if response is None:
        if case.may_refuse:
            return []
        return ["the server closed the connection without an answer"]
    problems: list[str] = []
    status = response.status
    where = f"HTTP {status}: {response.snippet()}"
    if status not in case.statuses:
        problems.append(f"status {status} not in {sorted(case.statuses)} ({where})")
    if status >= 500 and not case.core_5xx:
        problems.append(f"a 5xx answer ({where})")
    if status >= 400 and case.method != "HEAD" and not response.body.strip():
        problems.append(f"error status {status} with an empty body")
    if status not in case.statuses or case.method == "HEAD":
        return problems
    if status >= 400:
        if case.rpc_body and not (status >= 500 and case.core_5xx):
            problems.extend(_rpc_error_problems(case, response))
    elif status == 200:
        problems.extend(_answer_problems(case, response))
    return problems


def _parse(response: RawResponse) -> tuple[dict[str, Any] | None, str | None]:
    try:
        message = response.json()
    except ValueError as err:
        return None, f"the body is not JSON ({err}): {response.snippet()}"
    if not isinstance(message, dict):
        return None, f"the body is not a JSON object: {response.snippet()}"
    return message, None


def _rpc_error_problems(case: Case, response: RawResponse) -> list[str]:
    message, problem = _parse(response)
    if message is None:
        return [f"expected a JSON-RPC error body; {problem}"]
    problems: list[str] = []
    error = message.get("error")
    if message.get("jsonrpc") != "2.0" or "id" not in message or not isinstance(error, dict):
        return [f"not a JSON-RPC error object: {response.snippet()}"]
    code = error.get("code")
    if not isinstance(code, int) or isinstance(code, bool):
        problems.append(f"error.code is not an integer: {code!r}")
    elif case.rpc_codes is not None and code not in case.rpc_codes:
        problems.append(f"error.code {code} not in {sorted(case.rpc_codes)}: {response.snippet()}")
    if not isinstance(error.get("message"), str) or not error["message"].strip():
        problems.append("error.message is missing or empty")
    request_id = message["id"]
    if request_id is not None and (
        isinstance(request_id, bool) or not isinstance(request_id, (str, int))
    ):
        problems.append(f"the error's id is neither a string, an integer nor null: {request_id!r}")
    return problems


def _answer_problems(case: Case, response: RawResponse) -> list[str]:
    if case.answer is Answer.ANY:
        return []
    message, problem = _parse(response)
    if message is None:
        return [f"expected a JSON-RPC answer; {problem}"]
    if message.get("jsonrpc") != "2.0":
        return [f"not a JSON-RPC message: {response.snippet()}"]
    is_error = "error" in message
    if case.answer is Answer.RPC_ERROR or (is_error and case.answer is Answer.NOT_OK):
        if not is_error:
            return [f"expected a JSON-RPC error, got: {response.snippet()}"]
        return _rpc_error_problems(case, response)
    if is_error:
        return [f"expected a result, got a JSON-RPC error: {response.snippet()}"]
    result = message.get("result")
    if not isinstance(result, dict):
        return [f"the result is not an object: {response.snippet()}"]
    if case.answer is Answer.RESULT:
        return []
    tool_error = result.get("isError") is True
    structured = result.get("structuredContent")
    if case.answer is Answer.TOOL_OK and tool_error:
        return [f"expected a tool result, got a tool error: {response.snippet()}"]
    if case.answer in (Answer.TOOL_ERROR, Answer.NOT_OK) and not tool_error:
        return [f"expected a tool error (isError), got: {response.snippet()}"]
    if tool_error and case.answer is not Answer.TOOL_OK:
        if not isinstance(structured, dict) or structured.get("ok") is not False:
            return [f"a tool error without structuredContent.ok false: {response.snippet()}"]
        if case.tool_errors is not None and structured.get("error") not in case.tool_errors:
            error = structured.get("error")
            return [f"tool error {error!r} not in {sorted(case.tool_errors)}: {response.snippet()}"]
    return []


# -- building requests ----------------------------------------------------------

_BASE_HEADERS: Final[tuple[tuple[bytes, bytes], ...]] = (
    (b"Accept", b"application/json, text/event-stream"),
    (b"Content-Type", b"application/json"),
    (b"MCP-Protocol-Version", HANDSHAKE_VERSION.encode()),
    (b"User-Agent", USER_AGENT),
)

HeaderOverrides = Mapping[bytes, bytes | None]


def headers(
    token: str | None,
    overrides: HeaderOverrides | None = None,
    extra: Sequence[tuple[bytes, bytes]] = (),
    *,
    base: Sequence[tuple[bytes, bytes]] = _BASE_HEADERS,
) -> tuple[tuple[bytes, bytes], ...]:
    """Return a valid request's headers with `overrides` (None removes) and `extra` appended.

    Override names match case-insensitively; the override's own spelling is sent.
    """
    lowered = {name.lower(): (name, value) for name, value in (overrides or {}).items()}
    out: list[tuple[bytes, bytes]] = []
    if token is not None:
        out.append((b"Authorization", b"Bearer " + token.encode()))
    for name, value in base:
        if (override := lowered.pop(name.lower(), None)) is None:
            out.append((name, value))
        elif override[1] is not None:
            out.append((override[0], override[1]))
    out.extend((name, value) for name, value in lowered.values() if value is not None)
    out.extend(extra)
    if token is not None and b"authorization" in {n.lower() for n, _ in extra}:
        out.pop(0)  # `extra` brings its own credentials.
    return tuple(out)


def modern_headers(
    token: str | None,
    method: str = "tools/call",
    name: str | None = "list_areas",
    overrides: HeaderOverrides | None = None,
    extra: Sequence[tuple[bytes, bytes]] = (),
) -> tuple[tuple[bytes, bytes], ...]:
    """Return a valid 2026-07-28 request's headers (version, `Mcp-Method`, `Mcp-Name`)."""
    modern: dict[bytes, bytes | None] = {
        b"MCP-Protocol-Version": MODERN_VERSION.encode(),
        b"Mcp-Method": method.encode(),
        b"Mcp-Name": name.encode() if name is not None else None,
    }
    modern.update(overrides or {})
    return headers(token, modern, extra)


def rpc(method: Any, params: Any = None, request_id: Any = 1, **fields: Any) -> bytes:
    """Return a JSON-RPC request as bytes (lone surrogates go out as JSON escapes)."""
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    message.update(fields)
    return json.dumps(message).encode()


def call(tool: Any, arguments: Any = None, request_id: Any = 1, **params: Any) -> bytes:
    """Return a handshake-era `tools/call` (stateless, no initialize needed)."""
    return rpc(
        "tools/call",
        {"name": tool, "arguments": {} if arguments is None else arguments, **params},
        request_id,
    )


def modern_meta(client_info: Any = None, **extra: Any) -> dict[str, Any]:
    """Return a 2026-07-28 request's `_meta` envelope."""
    meta: dict[str, Any] = {
        PROTOCOL_VERSION_META_KEY: MODERN_VERSION,
        CLIENT_CAPABILITIES_META_KEY: {},
        CLIENT_INFO_META_KEY: (
            {"name": "corpus-modern", "version": "1"} if client_info is None else client_info
        ),
    }
    meta.update(extra)
    return meta


def modern_call(
    tool: Any = "list_areas", arguments: Any = None, meta: Any = None, request_id: Any = 1
) -> bytes:
    """Return a 2026-07-28 `tools/call` (its envelope in `_meta`)."""
    return rpc(
        "tools/call",
        {
            "name": tool,
            "arguments": {} if arguments is None else arguments,
            "_meta": modern_meta() if meta is None else meta,
        },
        request_id,
    )


def initialize(client_info: Any = None, **params: Any) -> bytes:
    """Return a handshake-era `initialize`."""
    return rpc(
        "initialize",
        {
            "protocolVersion": HANDSHAKE_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "corpus", "version": "1"}
            if client_info is None
            else client_info,
            **params,
        },
    )


def nested(depth: int, kind: Literal["array", "object"] = "array") -> str:
    """Return JSON text of `depth` nested arrays or objects (around a 0)."""
    if kind == "array":
        return "[" * depth + "0" + "]" * depth
    return '{"a":' * depth + "0" + "}" * depth


def with_raw_argument(tool: str, key: str, raw_json: str, request_id: int = 1) -> bytes:
    """Return a `tools/call` whose argument `key` is the raw JSON text `raw_json`."""
    head = {"jsonrpc": "2.0", "id": request_id, "method": "tools/call"}
    name = json.dumps(tool)
    return (
        json.dumps(head)[:-1]
        + f', "params": {{"name": {name}, "arguments": {{{json.dumps(key)}: {raw_json}}}}}}}'
    ).encode()


def with_raw_meta(raw_json: str, *, modern: bool = False) -> bytes:
    """Return a `tools/call list_areas` whose `_meta` gets a key `x` holding `raw_json`."""
    envelope = json.dumps(modern_meta())[1:-1] + "," if modern else ""
    return (
        '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_areas", '
        f'"arguments": {{}}, "_meta": {{{envelope}"x": {raw_json}}}}}}}'
    ).encode()


def repeated(size: int, piece: bytes = b"x") -> BodyFactory:
    """Return a factory of a `size`-byte body that starts like JSON and never ends well."""

    def build() -> Iterator[bytes]:
        prefix = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"pad":"'
        yield prefix
        block = piece * CHUNK
        left = size - len(prefix)
        while left > 0:
            yield block[: min(left, CHUNK)]
            left -= CHUNK

    return build


def gzip_bomb(size: int) -> BodyFactory:
    """Return a factory of a gzip stream that inflates to `size` bytes of JSON-ish padding."""

    def build() -> Iterator[bytes]:
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        yield compressor.compress(b'{"jsonrpc":"2.0","id":1,"method":"ping","pad":"')
        block = b" " * (1024 * 1024)
        for _ in range(size // len(block)):
            if out := compressor.compress(block):
                yield out
        yield compressor.compress(b'"}') + compressor.flush()

    return build


def gzipped(data: bytes) -> bytes:
    """Return `data` as a gzip stream."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    return compressor.compress(data) + compressor.flush()


def exactly(size: int) -> bytes:
    """Return a valid `initialize` padded to exactly `size` bytes."""
    template = initialize(pad="")
    pad = size - len(template)
    return initialize(pad="x" * pad)


# -- the corpus -----------------------------------------------------------------

S = frozenset
OK: Final = S({200})
ACCEPTED: Final = S({202})
BAD: Final = S({400})
UNAUTHORIZED: Final = S({401})
FORBIDDEN: Final = S({403})
NOT_ALLOWED: Final = S({405})
NOT_ACCEPTABLE: Final = S({406})
TOO_LARGE: Final = S({413})
UNSUPPORTED: Final = S({415})
PARSE: Final = S({PARSE_ERROR})
INVALID: Final = S({INVALID_REQUEST})
PARSE_OR_INVALID: Final = S({PARSE_ERROR, INVALID_REQUEST})
PARAMS: Final = S({INVALID_PARAMS})
MISMATCH: Final = S({HEADER_MISMATCH})
VERSION: Final = S({UNSUPPORTED_PROTOCOL_VERSION})
NO_METHOD: Final = S({METHOD_NOT_FOUND})
BAD_ARGS: Final = S({"invalid_arguments"})
BAD_OR_MISSING: Final = S({"invalid_arguments", "not_found"})
GOOD_CALL: Final = call("list_areas")
LONG: Final = 900_000
"""The issue's over-long argument: 900,000 characters."""


@dataclass
class _Builder:
    token: str
    cases: list[Case] = field(default_factory=list)

    def add(self, name: str, category: str, statuses: frozenset[int], **kw: Any) -> None:
        kw.setdefault("headers", headers(self.token))
        kw.setdefault("body", GOOD_CALL)
        self.cases.append(Case(name=name, category=category, statuses=statuses, **kw))

    def post(
        self,
        name: str,
        category: str,
        statuses: frozenset[int],
        body: bytes | BodyFactory = GOOD_CALL,
        overrides: HeaderOverrides | None = None,
        extra: Sequence[tuple[bytes, bytes]] = (),
        **kw: Any,
    ) -> None:
        self.add(
            name,
            category,
            statuses,
            body=body,
            headers=headers(self.token, overrides, extra),
            **kw,
        )

    def modern(
        self,
        name: str,
        statuses: frozenset[int],
        body: bytes,
        method: str = "tools/call",
        tool: str | None = "list_areas",
        overrides: HeaderOverrides | None = None,
        **kw: Any,
    ) -> None:
        self.add(
            name,
            "2026-07-28",
            statuses,
            body=body,
            headers=modern_headers(self.token, method, tool, overrides),
            **kw,
        )


def build_cases(token: str) -> list[Case]:
    """Return the transport corpus for an administrator's access token `token`."""
    b = _Builder(token)
    _valid(b)
    _accept(b)
    _content_type(b)
    _bodies(b)
    _encodings(b)
    _shapes(b)
    _ids(b)
    _methods_and_params(b)
    _sizes(b)
    _nesting(b)
    _header_bytes(b)
    _versions(b)
    _sessions(b)
    _http_methods(b)
    _origins(b)
    _auth(b)
    _modern(b)
    _arguments(b)
    _surrogates(b)
    names = [case.name for case in b.cases]
    duplicates = {name for name in names if names.count(name) > 1}
    if duplicates:
        raise ValueError(f"duplicate case names: {sorted(duplicates)}")
    return b.cases


def _valid(b: _Builder) -> None:
    cat = "valid"
    b.post("valid_tools_call", cat, OK, answer=Answer.TOOL_OK)
    b.add(
        "valid_tools_call_home_mcp_url",
        cat,
        OK,
        path="/api/home_mcp",
        answer=Answer.TOOL_OK,
    )
    b.post("valid_initialize", cat, OK, initialize(), answer=Answer.RESULT)
    b.post("valid_tools_list", cat, OK, rpc("tools/list"), answer=Answer.RESULT)
    b.post("valid_ping", cat, OK, rpc("ping"), answer=Answer.RESULT)
    b.post("valid_query_string_ignored", cat, OK, path="/api/mcp?foo=bar&x=%ff")
    b.post("valid_no_protocol_version_header", cat, OK, overrides={b"MCP-Protocol-Version": None})
    b.post("valid_utf8_user_agent", cat, OK, overrides={b"User-Agent": "助手-ünï/1".encode()})
    b.post("valid_long_user_agent", cat, OK, overrides={b"User-Agent": b"a" * 8000})
    b.post("valid_whitespace_around_json", cat, OK, b" \r\n\t" + GOOD_CALL + b"\n\n ")
    b.post("valid_utf8_bom", cat, OK, b"\xef\xbb\xbf" + GOOD_CALL, answer=Answer.TOOL_OK)
    b.post(
        "valid_chunked_one_byte_chunks",
        cat,
        OK,
        lambda: iter([bytes([c]) for c in GOOD_CALL]),
        framing="chunked",
        answer=Answer.TOOL_OK,
    )
    b.post(
        "valid_body_exactly_1mib",
        cat,
        OK,
        exactly(MAX_REQUEST_BYTES),
        answer=Answer.RESULT,
    )
    b.post("valid_http_1_0", cat, OK, answer=Answer.TOOL_OK, version="HTTP/1.0")


def _accept(b: _Builder) -> None:
    cat = "accept"
    admitted = {
        "accept_json_only": b"application/json",
        "accept_uppercase": b"APPLICATION/JSON",
        "accept_mixed_case_with_q": b"Application/Json; q=0.9, text/event-stream",
        "accept_with_charset_param": b"application/json;charset=utf-8",
        "accept_application_wildcard": b"application/*",
        "accept_any": b"*/*",
        "accept_odd_spacing": b"text/event-stream ,  application/json  ",
        "accept_among_many": b"text/html, image/png;q=0.5, application/json;q=0.1",
    }
    for name, value in admitted.items():
        b.post(name, cat, OK, overrides={b"Accept": value}, answer=Answer.TOOL_OK)
    refused: dict[str, bytes | None] = {
        "accept_missing": None,
        "accept_empty": b"",
        "accept_event_stream_only": b"text/event-stream",
        "accept_html": b"text/html",
        "accept_text_wildcard": b"text/*",
        "accept_json_suffix": b"application/json-patch+json",
        "accept_jsonx": b"application/jsonx",
        "accept_garbage": b",,,;;;===",
    }
    for name, refused_value in refused.items():
        b.post(name, cat, NOT_ACCEPTABLE, overrides={b"Accept": refused_value}, rpc_codes=INVALID)


def _content_type(b: _Builder) -> None:
    cat = "content-type"
    accepted = {
        "content_type_uppercase": b"APPLICATION/JSON",
        "content_type_mixed_case": b"Application/Json",
        "content_type_charset_utf8": b"application/json; charset=utf-8",
        "content_type_charset_upper": b"application/json;charset=UTF-8",
        "content_type_charset_quoted": b'application/json; charset="utf-8"',
        "content_type_other_param": b"application/json; boundary=x",
        "content_type_spaces": b"application/json   ;   charset=utf-8",
    }
    for name, value in accepted.items():
        b.post(name, cat, OK, overrides={b"Content-Type": value}, answer=Answer.TOOL_OK)
    refused: dict[str, bytes | None] = {
        "content_type_missing": None,
        "content_type_empty": b"",
        "content_type_text_plain": b"text/plain",
        "content_type_text_json": b"text/json",
        "content_type_jsonp": b"application/jsonp",
        "content_type_form": b"application/x-www-form-urlencoded",
        "content_type_multipart": b"multipart/form-data; boundary=xyz",
        "content_type_charset_latin1": b"application/json; charset=iso-8859-1",
        "content_type_charset_utf16": b"application/json; charset=utf-16",
        "content_type_charset_ascii": b"application/json; charset=us-ascii",
        "content_type_garbage": b";;;/",
    }
    for name, refused_value in refused.items():
        b.post(
            name, cat, UNSUPPORTED, overrides={b"Content-Type": refused_value}, rpc_codes=INVALID
        )
    b.post(
        "content_type_trailing_semicolon",
        cat,
        S({200, 415}),
        overrides={b"Content-Type": b"application/json;"},
    )


def _bodies(b: _Builder) -> None:
    cat = "body"
    parse_errors = {
        "body_empty": b"",
        "body_not_json": b"{not json",
        "body_truncated_json": GOOD_CALL[:-5],
        "body_trailing_garbage": GOOD_CALL + b"garbage",
        "body_two_objects": GOOD_CALL + GOOD_CALL,
        "body_single_quotes": b"{'jsonrpc': '2.0', 'id': 1, 'method': 'ping'}",
        "body_raw_nul": b'{"jsonrpc":"2.0",\x00"id":1,"method":"ping"}',
        "body_only_nul": b"\x00" * 100,
        "body_raw_control_in_string": b'{"jsonrpc":"2.0","id":1,"method":"pi\x01ng"}',
        "body_double_bom": b"\xef\xbb\xbf\xef\xbb\xbf" + GOOD_CALL,
        "body_bom_then_garbage": b"\xef\xbb\xbf{nope",
        "body_html_form": b"jsonrpc=2.0&id=1&method=ping",
    }
    for name, body in parse_errors.items():
        b.post(name, cat, BAD, body, rpc_codes=PARSE)
    b.post(
        "body_nan_id",
        cat,
        BAD,
        b'{"jsonrpc":"2.0","id":NaN,"method":"ping"}',
        rpc_codes=PARSE_OR_INVALID,
    )
    b.post(
        "body_infinity_limit",
        cat,
        S({200, 400}),
        with_raw_argument("list_areas", "limit", "Infinity"),
        answer=Answer.NOT_OK,
        rpc_codes=PARSE_OR_INVALID,
        tool_errors=BAD_ARGS,
    )
    b.post(
        "body_5000_digit_id",
        cat,
        S({200, 400}),
        b'{"jsonrpc":"2.0","id":' + b"7" * 5000 + b',"method":"ping"}',
        rpc_codes=PARSE_OR_INVALID,
    )
    b.post(
        "body_duplicate_keys",
        cat,
        S({200, 400}),
        b'{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/list","method":"ping"}',
    )
    b.post(
        "body_escaped_nul_key",
        cat,
        OK,
        b'{"jsonrpc":"2.0","id":1,"method":"ping","\\u0000":1}',
        answer=Answer.RESULT,
    )


def _encodings(b: _Builder) -> None:
    cat = "encoding"
    not_utf8 = {
        "utf8_invalid_ff_in_string": call("list_areas").replace(b"list_areas", b"list_\xffareas"),
        "utf8_invalid_lone_ff": b"\xff",
        "utf8_overlong_slash": b'{"jsonrpc":"2.0","id":1,"method":"\xc0\xafping"}',
        "utf8_encoded_surrogate": b'{"jsonrpc":"2.0","id":1,"method":"\xed\xa0\x80"}',
        "utf8_truncated_sequence": b'{"jsonrpc":"2.0","id":1,"method":"ping\xe2\x82"}',
        "utf8_five_byte_sequence": b'{"jsonrpc":"2.0","id":1,"method":"\xf8\x88\x80\x80\x80"}',
        "utf8_latin1_text": initialize({"name": "caf\u00e9", "version": "1"}).replace(
            b"caf\\u00e9", b"caf\xe9"
        ),
        "utf16_le_with_bom": b"\xff\xfe" + GOOD_CALL.decode().encode("utf-16-le"),
        "utf16_be_without_bom": GOOD_CALL.decode().encode("utf-16-be"),
        "utf32_le": GOOD_CALL.decode().encode("utf-32"),
    }
    for name, body in not_utf8.items():
        b.post(name, cat, BAD, body, rpc_codes=PARSE)
    b.post(
        "utf8_invalid_in_tool_argument",
        cat,
        BAD,
        call("get_entity", {"entity_id": "lock.front_doorZZ"}).replace(b"ZZ", b"\xfe\xfe"),
        rpc_codes=PARSE,
    )
    b.post(
        "gzip_valid_body",
        cat,
        S({200, 400, 415}),
        gzipped(GOOD_CALL),
        extra=[(b"Content-Encoding", b"gzip")],
    )
    b.post(
        "gzip_bomb_32mb",
        cat,
        S({400, 413, 415}),
        gzip_bomb(32 * 1024 * 1024),
        extra=[(b"Content-Encoding", b"gzip")],
        framing="chunked",
        may_refuse=True,
    )
    b.post(
        "gzip_garbage_body",
        cat,
        S({400, 415}),
        b"\x1f\x8b\x08\x00garbage-not-deflate" * 10,
        extra=[(b"Content-Encoding", b"gzip")],
        rpc_body=False,
    )
    b.post(
        "content_encoding_unknown",
        cat,
        S({200, 400, 415}),
        extra=[(b"Content-Encoding", b"x-hostile")],
        rpc_body=False,
    )


def _shapes(b: _Builder) -> None:
    cat = "shape"
    invalid = {
        "shape_null": b"null",
        "shape_number": b"42",
        "shape_string": b'"just a string"',
        "shape_true": b"true",
        "shape_empty_object": b"{}",
        "shape_batch_empty": b"[]",
        "shape_batch_one": b"[" + GOOD_CALL + b"]",
        "shape_batch_numbers": b"[1,2,3]",
        "shape_batch_notification": b'[{"jsonrpc":"2.0","method":"notifications/initialized"}]',
        "shape_batch_nested": b"[[" + GOOD_CALL + b"]]",
        "shape_batch_10000": b"["
        + b",".join([rpc("ping", request_id=i) for i in range(10_000)])
        + b"]",
        "shape_jsonrpc_missing": b'{"id":1,"method":"ping"}',
        "shape_jsonrpc_1_0": b'{"jsonrpc":"1.0","id":1,"method":"ping"}',
        "shape_jsonrpc_number": b'{"jsonrpc":2.0,"id":1,"method":"ping"}',
        "shape_method_number": b'{"jsonrpc":"2.0","id":1,"method":5}',
        "shape_method_null": b'{"jsonrpc":"2.0","id":1,"method":null}',
        "shape_method_object": b'{"jsonrpc":"2.0","id":1,"method":{"name":"ping"}}',
        "shape_params_array": b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]}',
        "shape_params_string": b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":"x"}',
        "shape_params_null": b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":null}',
        "shape_params_number": b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":7}',
        "shape_neither_request_nor_response": b'{"jsonrpc":"2.0","id":1}',
        "shape_response_without_id": b'{"jsonrpc":"2.0","result":{}}',
        "shape_notification_params_array": (
            b'{"jsonrpc":"2.0","method":"notifications/initialized","params":[1]}'
        ),
    }
    for name, body in invalid.items():
        b.post(name, cat, BAD, body, rpc_codes=INVALID)
    accepted = {
        "notification_initialized": b'{"jsonrpc":"2.0","method":"notifications/initialized"}',
        "notification_cancelled": (
            b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}'
        ),
        "notification_unknown": b'{"jsonrpc":"2.0","method":"hostile/unknown"}',
        "client_response_result": b'{"jsonrpc":"2.0","id":5,"result":{}}',
        "client_response_error": (
            b'{"jsonrpc":"2.0","id":"x","error":{"code":-32000,"message":"nope"}}'
        ),
    }
    for name, body in accepted.items():
        b.post(name, cat, ACCEPTED, body)
    b.post(
        "client_response_bool_id",
        cat,
        S({202, 400}),
        b'{"jsonrpc":"2.0","id":true,"result":{}}',
        rpc_codes=INVALID,
    )
    b.post(
        "client_response_result_and_error",
        cat,
        S({202, 400}),
        b'{"jsonrpc":"2.0","id":5,"result":{},"error":{"code":1,"message":"x"}}',
        rpc_codes=INVALID,
    )


def _ids(b: _Builder) -> None:
    cat = "id"
    refused = {
        "id_true": b"true",
        "id_false": b"false",
        "id_null": b"null",
        "id_float": b"1.5",
        "id_float_integral": b"1.0",
        "id_exponent": b"1e3",
        "id_object": b"{}",
        "id_array": b"[]",
        "id_array_of_id": b"[1]",
    }
    for name, raw_id in refused.items():
        body = b'{"jsonrpc":"2.0","id":' + raw_id + b',"method":"tools/call",'
        body += b'"params":{"name":"list_areas","arguments":{}}}'
        b.post(name, cat, BAD, body, rpc_codes=INVALID)
    # A number too large for a float is not JSON Home MCP reads: a parse error.
    body = b'{"jsonrpc":"2.0","id":1e400,"method":"tools/call",'
    body += b'"params":{"name":"list_areas","arguments":{}}}'
    b.post("id_huge_float", cat, BAD, body, rpc_codes=S({PARSE_ERROR}))
    accepted: dict[str, Any] = {
        "id_string": "abc",
        "id_empty_string": "",
        "id_zero": 0,
        "id_negative": -7,
        "id_2_pow_53": 2**53,
        "id_2_pow_64": 2**64,
        "id_unicode": "ид-🙂",
        "id_nul_escape": "a\u0000b",
        "id_long_string": "i" * 10_000,
    }
    for name, request_id in accepted.items():
        b.post(name, cat, OK, call("list_areas", request_id=request_id), answer=Answer.TOOL_OK)
    b.post(
        "id_negative_zero",
        cat,
        OK,
        GOOD_CALL.replace(b'"id": 1', b'"id": -0'),
        answer=Answer.TOOL_OK,
    )


def _methods_and_params(b: _Builder) -> None:
    cat = "method"
    unknown = {
        "method_unknown": "no/such",
        "method_empty": "",
        "method_rpc_discover": "rpc.discover",
        "method_uppercase": "TOOLS/LIST",
        "method_path_tricks": "tools/call/../../admin",
        "method_nul": "tools/list\u0000",
        "method_10k": "m" * 10_000,
        "method_dollar_cancel": "$/cancelRequest",
    }
    for name, method in unknown.items():
        b.post(name, cat, OK, rpc(method), answer=Answer.RPC_ERROR, rpc_codes=NO_METHOD)
    b.post(
        "method_notification_name_with_id",
        cat,
        S({200, 202}),
        rpc("notifications/initialized"),
    )
    cat = "params"
    wrong = {
        "params_tools_call_empty": rpc("tools/call", {}),
        "params_tools_call_name_number": rpc("tools/call", {"name": 5, "arguments": {}}),
        "params_tools_call_name_null": rpc("tools/call", {"name": None}),
        "params_tools_call_arguments_string": call("list_areas", "x"),
        "params_tools_call_arguments_array": call("list_areas", []),
        "params_tools_call_arguments_number": call("list_areas", 3),
        "params_initialize_empty": rpc("initialize", {}),
        "params_initialize_bad_version_type": initialize(protocolVersion=5),
        "params_initialize_capabilities_string": initialize(capabilities="x"),
        "params_tools_list_cursor_number": rpc("tools/list", {"cursor": 5}),
        "params_resources_read_uri_number": rpc("resources/read", {"uri": 5}),
        "params_resources_read_unknown": rpc("resources/read", {"uri": "ha://nope/\u0000"}),
        "params_prompts_get_unknown": rpc("prompts/get", {"name": "nope"}),
        "params_logging_bad_level": rpc("logging/setLevel", {"level": "hostile"}),
        "params_completion_garbage": rpc("completion/complete", {"ref": 1}),
    }
    for name, body in wrong.items():
        b.post(name, cat, S({200, 400}), body, answer=Answer.NOT_OK)
    b.post(
        "params_tools_call_extra_param",
        cat,
        OK,
        call("list_areas", hostile=True),
        answer=Answer.TOOL_ANY,
    )
    b.post(
        "params_tools_call_arguments_null",
        cat,
        S({200, 400}),
        rpc("tools/call", {"name": "list_areas", "arguments": None}),
    )


def _sizes(b: _Builder) -> None:
    cat = "size"
    over = MAX_REQUEST_BYTES + 1
    mb = 1000 * 1000
    b.post("size_1mib_plus_1_length", cat, TOO_LARGE, exactly(over), rpc_codes=INVALID)
    b.post("size_1mib_plus_1_chunked", cat, TOO_LARGE, exactly(over), framing="chunked")
    b.post("size_2mb_string_argument", cat, TOO_LARGE, call("list_devices", {"area": "a" * 2 * mb}))
    for size, label in ((10 * mb, "10mb"), (100 * mb, "100mb")):
        b.post(
            f"size_{label}_length",
            cat,
            TOO_LARGE,
            repeated(size),
            length=size,
            may_refuse=True,
        )
        b.post(
            f"size_{label}_chunked",
            cat,
            TOO_LARGE,
            repeated(size),
            framing="chunked",
            may_refuse=True,
        )
    b.post(
        "size_100mb_declared_nothing_sent",
        cat,
        TOO_LARGE,
        b"",
        framing="none",
        extra=[(b"Content-Length", str(100 * mb).encode())],
        may_refuse=True,
    )
    b.post(
        "size_10gb_declared",
        cat,
        TOO_LARGE,
        b"",
        framing="none",
        extra=[(b"Content-Length", str(10**10).encode())],
        may_refuse=True,
    )
    b.post(
        "size_expect_100_continue_100mb",
        cat,
        S({413, 417}),
        b"",
        framing="none",
        extra=[(b"Content-Length", str(100 * mb).encode()), (b"Expect", b"100-continue")],
        may_refuse=True,
    )
    b.add(
        "size_unauthenticated_10mb",
        cat,
        S({401, 413}),
        headers=headers(None),
        body=repeated(10 * mb),
        length=10 * mb,
        may_refuse=True,
    )
    framing_errors: dict[str, tuple[Sequence[tuple[bytes, bytes]], bytes]] = {
        "framing_length_and_chunked": (
            [(b"Content-Length", b"10"), (b"Transfer-Encoding", b"chunked")],
            b"5\r\nhello\r\n0\r\n\r\n",
        ),
        "framing_bad_chunk_size": (
            [(b"Transfer-Encoding", b"chunked")],
            b"zz\r\nhello\r\n0\r\n\r\n",
        ),
        "framing_length_not_a_number": ([(b"Content-Length", b"abc")], b"{}"),
        "framing_length_negative": ([(b"Content-Length", b"-5")], b"{}"),
        "framing_two_lengths": ([(b"Content-Length", b"2"), (b"Content-Length", b"3")], b"{}"),
        "framing_length_2_pow_64": ([(b"Content-Length", str(2**64).encode())], b""),
    }
    for name, (extra, body) in framing_errors.items():
        b.post(
            name,
            cat,
            S({400, 413}),
            body,
            framing="none",
            extra=extra,
            rpc_body=False,
        )
    b.post(
        "framing_truncated_body_half_close",
        cat,
        BAD,
        GOOD_CALL[:20],
        framing="none",
        extra=[(b"Content-Length", str(len(GOOD_CALL)).encode())],
        half_close=True,
        rpc_body=False,
        may_refuse=True,
    )
    b.post(
        "framing_chunk_extensions_and_trailer",
        cat,
        OK,
        f"{len(GOOD_CALL):x};ext=1\r\n".encode() + GOOD_CALL + b"\r\n0\r\nX-Trailer: 1\r\n\r\n",
        framing="none",
        extra=[(b"Transfer-Encoding", b"chunked")],
        answer=Answer.TOOL_OK,
    )
    cat = "huge-string"
    b.post("huge_id_string_900k", cat, S({200, 400}), call("list_areas", request_id="i" * LONG))
    b.post(
        "huge_method_900k",
        cat,
        S({200, 400}),
        rpc("m" * LONG),
        answer=Answer.RPC_ERROR,
    )
    b.post(
        "huge_argument_keys_50k",
        cat,
        OK,
        call("list_areas", {f"k{i}": i for i in range(50_000)}),
        answer=Answer.TOOL_ERROR,
        tool_errors=BAD_ARGS,
    )
    b.post(
        "huge_client_name_initialize",
        cat,
        OK,
        initialize({"name": "n" * LONG, "version": "1"}),
        answer=Answer.RESULT,
    )


def _nesting(b: _Builder) -> None:
    cat = "nesting"
    for depth in (65, 10_000):
        for kind in ("array", "object"):
            b.post(
                f"nesting_{depth}_{kind}s_in_argument",
                cat,
                BAD,
                with_raw_argument("list_areas", "floor", nested(depth, kind)),
                rpc_codes=INVALID,
            )
    b.post("nesting_65_in_meta", cat, BAD, with_raw_meta(nested(65)), rpc_codes=INVALID)
    b.post(
        "nesting_70_in_id",
        cat,
        BAD,
        b'{"jsonrpc":"2.0","id":' + nested(70).encode() + b',"method":"ping"}',
        rpc_codes=INVALID,
    )
    b.post(
        "nesting_100k_unbalanced",
        cat,
        BAD,
        b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":' + b"[" * 100_000,
        rpc_codes=PARSE_OR_INVALID,
    )
    b.post(
        "nesting_55_in_meta_allowed",
        cat,
        OK,
        with_raw_meta(nested(55)),
        answer=Answer.TOOL_OK,
    )
    b.post(
        "nesting_brackets_inside_string",
        cat,
        OK,
        with_raw_argument("list_areas", "floor", json.dumps("[" * 10_000)),
        answer=Answer.TOOL_ANY,
    )


def _header_bytes(b: _Builder) -> None:
    cat = "header-bytes"
    not_utf8: dict[str, tuple[bytes, bytes]] = {
        "header_user_agent_ff_fe": (b"User-Agent", b"x-\xff\xfe"),
        "header_user_agent_latin1": (b"User-Agent", b"caf\xe9-client"),
        "header_user_agent_overlong": (b"User-Agent", b"\xc0\xaf\xc0\xaf"),
        "header_user_agent_surrogate_bytes": (b"User-Agent", b"a\xed\xa0\x80b"),
        "header_user_agent_truncated": (b"User-Agent", b"agent\xe2\x82"),
        "header_protocol_version_ff": (b"MCP-Protocol-Version", b"\xff\xfe"),
        "header_protocol_version_suffix": (b"MCP-Protocol-Version", b"2025-11-25\xff"),
        "header_session_id_ff": (b"Mcp-Session-Id", b"sess-\xff"),
        "header_origin_ff": (b"Origin", b"http://localhost\xff"),
        "header_accept_ff": (b"Accept", b"application/json, text/\xff"),
        "header_content_type_ff": (b"Content-Type", b"application/json; x=\xff"),
        "header_custom_ff": (b"X-Hostile", b"\xff\xfe\xfd"),
        "header_referer_ff": (b"Referer", b"http://x/\xff"),
        "header_accept_language_ff": (b"Accept-Language", b"fr-\xe9"),
        "header_cookie_ff": (b"Cookie", b"a=\xff"),
        "header_mcp_method_ff": (b"Mcp-Method", b"tools/call\xff"),
    }
    for name, (header, value) in not_utf8.items():
        b.post(name, cat, BAD, overrides={header: value}, rpc_codes=INVALID)
    b.post(
        "header_user_agent_ff_on_initialize",
        cat,
        BAD,
        initialize(),
        overrides={b"User-Agent": b"x-\xff\xfe"},
        rpc_codes=INVALID,
    )
    b.add(
        "header_user_agent_ff_on_modern",
        cat,
        BAD,
        headers=modern_headers(b.token, overrides={b"User-Agent": b"x-\xff\xfe"}),
        body=modern_call(),
        rpc_codes=INVALID,
    )
    b.add(
        "header_mcp_name_ff_on_modern",
        cat,
        BAD,
        headers=modern_headers(b.token, overrides={b"Mcp-Name": b"list_\xffareas"}),
        body=modern_call(),
        rpc_codes=INVALID,
    )
    b.add(
        "header_user_agent_ff_on_get",
        cat,
        S({400, 405}),
        method="GET",
        headers=headers(b.token, {b"User-Agent": b"x-\xff\xfe", b"Content-Type": None}),
        body=b"",
    )
    b.add(
        "header_user_agent_ff_without_token",
        cat,
        S({400, 401}),
        headers=headers(None, {b"User-Agent": b"x-\xff\xfe"}),
    )
    b.post(
        "header_authorization_ff_fe",
        cat,
        S({400, 401, 500}),
        overrides={b"Authorization": b"Bearer \xff\xfe"},
        core_5xx=True,
        rpc_body=False,
        note="Home Assistant core parses Authorization first (500 there: not Home MCP's)",
    )
    # Bytes the HTTP parser itself refuses (aiohttp answers, not Home MCP).
    parser: dict[str, tuple[bytes, bytes]] = {
        "header_nul_in_user_agent": (b"User-Agent", b"a\x00b"),
        "header_nul_in_protocol_version": (b"MCP-Protocol-Version", b"2025-11-25\x00"),
        "header_bare_cr": (b"X-Hostile", b"a\rb"),
        "header_name_not_token": (b"X-\xff", b"1"),
        "header_space_before_colon": (b"Accept ", b"application/json"),
    }
    for name, (header, value) in parser.items():
        b.post(name, cat, S({400, 431}), extra=[(header, value)], rpc_body=False)
    b.post(
        "header_too_long",
        cat,
        S({400, 431}),
        extra=[(b"X-Hostile", b"h" * 100_000)],
        rpc_body=False,
        may_refuse=True,
    )
    b.post(
        "header_escape_char_user_agent",
        cat,
        S({200, 400}),
        overrides={b"User-Agent": b"\x1b[31mred\x1b[0m"},
        rpc_body=False,
    )
    b.post(
        "header_obsolete_line_folding",
        cat,
        S({200, 400}),
        extra=[(b"X-Folded", b"a\r\n b")],
        rpc_body=False,
    )
    b.post(
        "header_200_headers",
        cat,
        S({200, 400, 431}),
        extra=[(f"X-H{i}".encode(), b"v") for i in range(200)],
        rpc_body=False,
    )


def _versions(b: _Builder) -> None:
    cat = "protocol-version"
    for version in ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"):
        b.post(
            f"version_{version}",
            cat,
            OK,
            overrides={b"MCP-Protocol-Version": version.encode()},
            answer=Answer.TOOL_OK,
        )
    unsupported = {
        "version_future": b"2099-12-31",
        "version_day_after_modern": b"2026-07-29",
        "version_old": b"1999-01-01",
        "version_garbage": b"garbage",
        "version_list": b"2025-11-25, 2025-06-18",
        "version_5000_chars": b"9" * 5000,
        "version_fullwidth_digits": "２０２５-１１-２５".encode(),
        "version_rtl_override": "2025-11-25\u202e".encode(),
        "version_sql": b"2025-11-25' OR '1'='1",
    }
    for name, value in unsupported.items():
        b.post(
            name,
            cat,
            BAD,
            overrides={b"MCP-Protocol-Version": value},
            rpc_codes=VERSION,
        )
    b.post(
        "version_empty",
        cat,
        S({200, 400}),
        overrides={b"MCP-Protocol-Version": b""},
        rpc_codes=VERSION,
    )
    b.post(
        "version_duplicated_disagreeing",
        cat,
        S({200, 400}),
        extra=[(b"MCP-Protocol-Version", b"1999-01-01")],
    )
    b.post(
        "version_modern_header_on_handshake_body",
        cat,
        BAD,
        overrides={b"MCP-Protocol-Version": MODERN_VERSION.encode()},
        rpc_codes=S({INVALID_PARAMS, INVALID_REQUEST, HEADER_MISMATCH}),
    )
    b.add(
        "version_garbage_on_get",
        cat,
        S({400, 405}),
        method="GET",
        headers=headers(b.token, {b"MCP-Protocol-Version": b"garbage", b"Content-Type": None}),
        body=b"",
    )


def _sessions(b: _Builder) -> None:
    cat = "session"
    ignored = {
        "session_bogus_hex": b"deadbeef",
        "session_empty": b"",
        "session_4000_chars": b"s" * 4000,
        "session_path_traversal": b"../../../../etc/passwd",
        "session_utf8": "セッション-ü".encode(),
        "session_uuid_shaped": b"00000000-0000-0000-0000-000000000000",
    }
    for name, value in ignored.items():
        b.post(name, cat, OK, extra=[(b"Mcp-Session-Id", value)], answer=Answer.TOOL_OK)
    b.post(
        "session_bogus_on_initialize",
        cat,
        OK,
        initialize(),
        extra=[(b"Mcp-Session-Id", b"deadbeef")],
        answer=Answer.RESULT,
    )
    for method in ("GET", "DELETE"):
        b.add(
            f"session_bogus_{method.lower()}",
            cat,
            NOT_ALLOWED,
            method=method,
            headers=headers(b.token, {b"Content-Type": None}, [(b"Mcp-Session-Id", b"deadbeef")]),
            body=b"",
        )
    b.add(
        "session_bogus_on_modern",
        cat,
        S({200, 400}),
        headers=modern_headers(b.token, extra=[(b"Mcp-Session-Id", b"deadbeef")]),
        body=modern_call(),
    )


def _http_methods(b: _Builder) -> None:
    cat = "http-method"
    for method, accept in (("GET", b"text/event-stream"), ("GET", None), ("DELETE", None)):
        suffix = "_sse" if accept else ""
        b.add(
            f"http_{method.lower()}{suffix}",
            cat,
            NOT_ALLOWED,
            method=method,
            headers=headers(b.token, {b"Accept": accept, b"Content-Type": None}),
            body=b"",
            rpc_codes=INVALID,
        )
    b.add(
        "http_get_home_mcp_url",
        cat,
        NOT_ALLOWED,
        method="GET",
        path="/api/home_mcp",
        headers=headers(b.token, {b"Accept": b"text/event-stream", b"Content-Type": None}),
        body=b"",
    )
    for method in ("PUT", "PATCH", "TRACE", "PROPFIND"):
        b.add(f"http_{method.lower()}", cat, NOT_ALLOWED, method=method, rpc_body=False)
    b.add(
        "http_options",
        cat,
        S({403, 405}),
        method="OPTIONS",
        headers=headers(b.token, {b"Content-Type": None}),
        body=b"",
        rpc_body=False,
    )
    b.add(
        "http_options_cors_preflight_foreign",
        cat,
        S({403, 405}),
        method="OPTIONS",
        headers=headers(
            None,
            {b"Content-Type": None},
            [(b"Origin", b"https://evil.example"), (b"Access-Control-Request-Method", b"POST")],
        ),
        body=b"",
        rpc_body=False,
    )
    b.add(
        "http_head",
        cat,
        NOT_ALLOWED,
        method="HEAD",
        headers=headers(b.token, {b"Content-Type": None}),
        body=b"",
        rpc_body=False,
    )
    for method in ("CONNECT", "FOO", "post"):
        b.add(
            f"http_{'lower_post' if method == 'post' else method.lower()}",
            cat,
            S({400, 404, 405}),
            method=method,
            rpc_body=False,
        )
    for name, path, statuses in (
        ("path_trailing_slash", "/api/mcp/", S({404, 405})),
        ("path_uppercase", "/api/MCP", S({404, 405})),
        ("path_encoded_nul", "/api/mcp%00", S({400, 404})),
        ("path_dot_segments", "/api/x/../mcp", S({200, 400, 404})),
        ("path_absolute_form", "http://{HOST}/api/mcp", S({200, 400, 404})),
    ):
        b.add(name, "path", statuses, path=path, rpc_body=False)


def _origins(b: _Builder) -> None:
    cat = "origin"
    foreign = {
        "origin_foreign": b"https://evil.example",
        "origin_null": b"null",
        "origin_localhost_lookalike": b"http://localhost.evil.example",
        "origin_loopback_lookalike": b"http://127.0.0.1.nip.io",
        "origin_userinfo_trick": b"http://localhost@evil.example",
        "origin_file": b"file://",
        "origin_javascript": b"javascript:alert(1)",
        "origin_idn_utf8": "https://évil.example".encode(),
        "origin_6k": b"https://" + b"e" * 6000 + b".example",
        "origin_empty": b"",
    }
    for name, value in foreign.items():
        b.post(name, cat, FORBIDDEN, extra=[(b"Origin", value)], rpc_codes=INVALID)
    b.add(
        "origin_foreign_home_mcp_url",
        cat,
        FORBIDDEN,
        path="/api/home_mcp",
        headers=headers(b.token, extra=[(b"Origin", b"https://evil.example")]),
        rpc_codes=INVALID,
    )
    b.add(
        "origin_null_on_get",
        cat,
        FORBIDDEN,
        method="GET",
        headers=headers(b.token, {b"Content-Type": None}, [(b"Origin", b"null")]),
        body=b"",
    )
    b.add(
        "origin_foreign_without_token",
        cat,
        S({401, 403}),
        headers=headers(None, extra=[(b"Origin", b"https://evil.example")]),
    )
    b.post(
        "origin_two_headers_local_then_foreign",
        cat,
        S({200, 403}),
        extra=[(b"Origin", b"http://localhost"), (b"Origin", b"https://evil.example")],
    )
    allowed = {
        "origin_localhost_port": b"http://localhost:6274",
        "origin_loopback_ip": b"http://127.0.0.1:9",
        "origin_loopback_ipv6": b"http://[::1]:80",
        "origin_uppercase_localhost": b"HTTP://LOCALHOST:1",
        "origin_own": b"http://{HOST}",
    }
    for name, value in allowed.items():
        b.post(name, cat, OK, extra=[(b"Origin", value)], answer=Answer.TOOL_OK)


def _auth(b: _Builder) -> None:
    cat = "auth"
    token = b.token
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    refused = {
        "auth_missing": None,
        "auth_wrong_token": b"Bearer wrong",
        "auth_bearer_only": b"Bearer",
        "auth_bearer_empty": b"Bearer ",
        "auth_basic": b"Basic dXNlcjpwYXNz",
        "auth_truncated_token": b"Bearer " + token[:-8].encode(),
        "auth_flipped_signature": b"Bearer " + flipped.encode(),
        "auth_forged_jwt": b"Bearer eyJhbGciOiJub25lIn0.eyJpc3MiOiJ4In0.",
        "auth_token_then_junk": b"Bearer " + token.encode() + b" junk",
        "auth_4k_token": b"Bearer " + b"t" * 4000,
        "auth_unicode_token": "Bearer ключ🙂".encode(),
    }
    for name, value in refused.items():
        b.add(
            name,
            cat,
            UNAUTHORIZED,
            headers=headers(None, extra=[(b"Authorization", value)] if value is not None else ()),
            rpc_codes=INVALID,
        )
    b.add(
        "auth_token_in_query",
        cat,
        UNAUTHORIZED,
        path=f"/api/mcp?access_token={token}",
        headers=headers(None),
        rpc_codes=INVALID,
    )
    b.add(
        "auth_token_in_query_home_mcp_url",
        cat,
        UNAUTHORIZED,
        path=f"/api/home_mcp?access_token={token}",
        headers=headers(None),
        rpc_codes=INVALID,
    )
    b.add(
        "auth_bogus_auth_sig",
        cat,
        UNAUTHORIZED,
        path="/api/mcp?authSig=eyJhbGciOiJIUzI1NiJ9.e30.x",
        headers=headers(None),
        rpc_codes=INVALID,
    )
    b.add(
        "auth_missing_on_get",
        cat,
        UNAUTHORIZED,
        method="GET",
        headers=headers(None, {b"Content-Type": None}),
        body=b"",
    )
    for name, value in (
        ("auth_lowercase_scheme", b"bearer " + token.encode()),
        ("auth_uppercase_scheme", b"BEARER " + token.encode()),
        ("auth_double_space", b"Bearer  " + token.encode()),
    ):
        b.add(name, cat, S({200, 401}), headers=headers(None, extra=[(b"Authorization", value)]))
    b.add(
        "auth_two_headers_wrong_then_right",
        cat,
        S({200, 401}),
        headers=headers(
            None,
            extra=[
                (b"Authorization", b"Bearer wrong"),
                (b"Authorization", b"Bearer " + token.encode()),
            ],
        ),
    )
    b.add(
        "auth_nul_in_token",
        cat,
        S({400, 401}),
        headers=headers(None, extra=[(b"Authorization", b"Bearer a\x00b")]),
        rpc_body=False,
    )


def _modern(b: _Builder) -> None:
    b.modern("modern_valid_tools_call", OK, modern_call(), answer=Answer.TOOL_OK)
    b.modern(
        "modern_valid_tools_list",
        OK,
        rpc("tools/list", {"_meta": modern_meta()}),
        "tools/list",
        None,
        answer=Answer.RESULT,
    )
    client_infos: dict[str, Any] = {
        "modern_client_name_huge": {"name": "n" * LONG, "version": "1"},
        "modern_client_name_controls": {"name": "\u0000\u001b[31mevil\u0007\r\n", "version": "1"},
        "modern_client_name_bidi": {"name": "\u202egnp.exe", "version": "\u2066x"},
        "modern_client_name_lone_surrogate": {"name": "\ud800", "version": "1"},
        "modern_client_version_lone_surrogate": {"name": "ok", "version": "\udfff\ud800"},
    }
    for name, info in client_infos.items():
        b.modern(name, OK, modern_call(meta=modern_meta(info)), answer=Answer.TOOL_OK)
    odd_infos: dict[str, Any] = {
        "modern_client_info_string": "x",
        "modern_client_info_null": None,
        "modern_client_info_array": [],
        "modern_client_name_number": {"name": 5, "version": "1"},
        "modern_client_info_nested": json.loads(nested(30, "object")),
    }
    for name, info in odd_infos.items():
        meta = modern_meta()
        meta[CLIENT_INFO_META_KEY] = info
        b.modern(name, S({200, 400}), modern_call(meta=meta), rpc_codes=S({INVALID_PARAMS}))
    refused_meta: dict[str, Any] = {
        "modern_meta_string": "x",
        "modern_meta_array": [],
        "modern_meta_number": 5,
        "modern_meta_empty": {},
        "modern_meta_missing_capabilities": {
            PROTOCOL_VERSION_META_KEY: MODERN_VERSION,
            CLIENT_INFO_META_KEY: {"name": "x", "version": "1"},
        },
    }
    for name, meta in refused_meta.items():
        b.modern(name, BAD, modern_call(meta=meta), rpc_codes=PARAMS)
    b.modern(
        "modern_meta_null",
        BAD,
        rpc("tools/call", {"name": "list_areas", "arguments": {}, "_meta": None}),
        rpc_codes=S({INVALID_PARAMS, INVALID_REQUEST}),
    )
    b.modern(
        "modern_meta_missing",
        BAD,
        call("list_areas"),
        rpc_codes=PARAMS,
    )
    for name, version in (
        ("modern_meta_version_mismatch", HANDSHAKE_VERSION),
        ("modern_meta_version_number", 5),
    ):
        b.modern(
            name,
            BAD,
            modern_call(meta=modern_meta(**{PROTOCOL_VERSION_META_KEY: version})),
            rpc_codes=S({HEADER_MISMATCH, INVALID_PARAMS}),
        )
    b.modern(
        "modern_meta_huge",
        OK,
        modern_call(meta=modern_meta(pad="p" * 800_000)),
        answer=Answer.TOOL_OK,
    )
    b.modern(
        "modern_meta_20k_keys",
        OK,
        modern_call(meta=modern_meta(**{f"k{i}": i for i in range(20_000)})),
        answer=Answer.TOOL_OK,
    )
    b.modern(
        "modern_meta_nested_65",
        BAD,
        with_raw_meta(nested(65), modern=True),
        rpc_codes=INVALID,
    )
    b.modern(
        "modern_meta_nested_10000",
        BAD,
        with_raw_meta(nested(10_000, "object"), modern=True),
        rpc_codes=INVALID,
    )
    b.modern(
        "modern_mcp_method_missing",
        BAD,
        modern_call(),
        overrides={b"Mcp-Method": None},
        rpc_codes=MISMATCH,
    )
    b.modern(
        "modern_mcp_method_mismatch",
        BAD,
        modern_call(),
        overrides={b"Mcp-Method": b"tools/list"},
        rpc_codes=MISMATCH,
    )
    b.modern(
        "modern_mcp_name_missing",
        BAD,
        modern_call(),
        tool=None,
        rpc_codes=MISMATCH,
    )
    b.modern(
        "modern_mcp_name_bad_base64",
        BAD,
        modern_call(),
        overrides={b"Mcp-Name": b"=?base64?!!!?="},
        rpc_codes=MISMATCH,
    )
    b.modern(
        "modern_mcp_name_base64_ok",
        OK,
        modern_call(),
        overrides={b"Mcp-Name": b"=?base64?bGlzdF9hcmVhcw==?="},
        answer=Answer.TOOL_OK,
    )
    b.modern(
        "modern_unknown_method",
        S({200, 404}),
        rpc("hostile/unknown", {"_meta": modern_meta()}),
        "hostile/unknown",
        None,
        answer=Answer.RPC_ERROR,
        rpc_codes=NO_METHOD,
    )
    b.modern(
        "modern_bool_id",
        BAD,
        modern_call(request_id=True),
        rpc_codes=INVALID,
    )
    b.modern(
        "modern_run_macro_dry_run_string",
        OK,
        modern_call("run_macro", {"phrase": "good night", "dry_run": "false"}),
        tool="run_macro",
        answer=Answer.TOOL_ERROR,
        tool_errors=BAD_ARGS,
    )
    b.modern(
        "modern_list_devices_area_900k",
        OK,
        modern_call("list_devices", {"area": "a" * LONG}),
        tool="list_devices",
        answer=Answer.TOOL_ERROR,
        tool_errors=BAD_ARGS,
    )
    b.modern(
        "modern_unknown_tool_surrogates",
        S({200, 400}),
        modern_call("\ud800nope\udfff"),
        tool=None,
        overrides={b"Mcp-Name": encode_header_value("\ufffdnope\ufffd").encode()},
        answer=Answer.NOT_OK,
    )


def _arguments(b: _Builder) -> None:
    cat = "arguments"
    too_long: dict[str, tuple[str, str]] = {
        "args_list_devices_area_900k": ("list_devices", "area"),
        "args_list_devices_floor_900k": ("list_devices", "floor"),
        "args_list_devices_label_900k": ("list_devices", "label"),
        "args_list_entities_area_900k": ("list_entities", "area"),
        "args_list_entities_floor_900k": ("list_entities", "floor"),
        "args_list_entities_domain_900k": ("list_entities", "domain"),
        "args_get_logbook_area_900k": ("get_logbook", "area"),
        "args_list_areas_floor_900k": ("list_areas", "floor"),
        "args_get_entity_id_900k": ("get_entity", "entity_id"),
        "args_get_entity_name_900k": ("get_entity", "name"),
        "args_preview_macro_phrase_900k": ("preview_macro", "phrase"),
        "args_render_template_900k": ("render_template", "template"),
    }
    for name, (tool, key) in too_long.items():
        b.post(
            name,
            cat,
            OK,
            call(tool, {key: "a" * LONG}),
            answer=Answer.TOOL_ERROR,
            tool_errors=BAD_ARGS,
        )
    b.post(
        "args_call_service_domain_900k",
        cat,
        OK,
        call("call_service", {"domain": "a" * LONG, "service": "turn_on"}),
        answer=Answer.TOOL_ERROR,
        tool_errors=BAD_ARGS,
    )
    for label, value in (
        ("string_false", "false"),
        ("string_true", "true"),
        ("zero", 0),
        ("one", 1),
        ("yes", "yes"),
        ("null", None),
        ("array", []),
    ):
        b.post(
            f"args_run_macro_dry_run_{label}",
            cat,
            OK,
            call("run_macro", {"phrase": "good night", "dry_run": value}),
            answer=Answer.TOOL_ERROR,
            tool_errors=BAD_ARGS,
        )
    entity_ids: dict[str, Any] = {
        "args_get_entity_nul": "lock.front_door\u0000",
        "args_get_entity_newline": "lock.front_door\n",
        "args_get_entity_escape": "lock.front_door\u001b[2J",
        "args_get_entity_zero_width": "lock.front\u200b_door",
    }
    for name, entity_id in entity_ids.items():
        b.post(
            name,
            cat,
            OK,
            call("get_entity", {"entity_id": entity_id}),
            answer=Answer.TOOL_ERROR,
            tool_errors=BAD_OR_MISSING,
        )
    # Printable text that is not an entity id is read as a name (get_entity's
    # documented forgiveness): a read of an entity the caller may see.
    for name, entity_id in {
        "args_get_entity_leading_space": " lock.front_door",
        "args_get_entity_no_dot": "lockfront_door",
        "args_get_entity_path": "../lock.front_door",
    }.items():
        b.post(name, cat, OK, call("get_entity", {"entity_id": entity_id}), answer=Answer.TOOL_OK)
    wrong_types: dict[str, Any] = {
        "args_get_entity_number": 5,
        "args_get_entity_array": ["lock.front_door"],
        "args_get_entity_object": {"entity_id": "lock.front_door"},
        "args_get_entity_bool": True,
    }
    for name, entity_id in wrong_types.items():
        b.post(
            name,
            cat,
            OK,
            call("get_entity", {"entity_id": entity_id}),
            answer=Answer.TOOL_ERROR,
            tool_errors=BAD_ARGS,
        )
    integers: dict[str, Any] = {
        "args_limit_string": "10",
        "args_limit_float": 10.5,
        "args_limit_negative": -1,
        "args_limit_huge": 10**30,
        "args_limit_bool": True,
    }
    for name, limit in integers.items():
        b.post(
            name,
            cat,
            OK,
            call("list_areas", {"limit": limit}),
            answer=Answer.TOOL_ERROR,
            tool_errors=BAD_ARGS,
        )
    b.post(
        "args_call_service_unlock_nul_target",
        cat,
        OK,
        call(
            "call_service",
            {
                "domain": "lock",
                "service": "unlock",
                "target": {"entity_id": "lock.front_door\u0000"},
            },
        ),
        answer=Answer.TOOL_ERROR,
    )
    b.post(
        "args_call_service_domain_nul",
        cat,
        OK,
        call("call_service", {"domain": "lock\u0000", "service": "unlock"}),
        answer=Answer.TOOL_ERROR,
    )
    b.post(
        "args_unknown_argument",
        cat,
        OK,
        call("list_areas", {"hostile": 1}),
        answer=Answer.TOOL_ERROR,
        tool_errors=BAD_ARGS,
    )
    for name, tool in (
        ("tool_unknown", "no_such_tool"),
        ("tool_empty_name", ""),
        ("tool_name_nul", "list_areas\u0000"),
        ("tool_name_10k", "t" * 10_000),
        ("tool_name_surrogates", "\ud800\udfff\ud800nope"),
        ("tool_name_reversed_pair", "\ude00\ud83d"),
    ):
        b.post(name, "tool-name", OK, call(tool), answer=Answer.NOT_OK)


def _surrogates(b: _Builder) -> None:
    cat = "surrogates"
    b.post(
        "surrogate_client_name_initialize",
        cat,
        OK,
        initialize({"name": "\ud800", "version": "\udfff"}),
        answer=Answer.RESULT,
    )
    b.post(
        "surrogate_client_name_mixed",
        cat,
        OK,
        initialize({"name": "a\udc00b\ud83d\ude00c", "version": "1"}),
        answer=Answer.RESULT,
    )
    b.post("surrogate_id", cat, OK, call("list_areas", request_id="\ud800"), answer=Answer.TOOL_OK)
    b.post(
        "surrogate_progress_token",
        cat,
        OK,
        call("list_areas", _meta={"progressToken": "\udbff"}),
        answer=Answer.TOOL_OK,
    )
    b.post(
        "surrogate_area_argument",
        cat,
        OK,
        call("list_entities", {"area": "\ud83d"}),
        answer=Answer.TOOL_ANY,
    )
    b.post(
        "surrogate_entity_id",
        cat,
        OK,
        call("get_entity", {"entity_id": "light.bed_light\udc00"}),
        answer=Answer.TOOL_ERROR,
        tool_errors=BAD_OR_MISSING,
    )
    b.post(
        "surrogate_argument_key",
        cat,
        OK,
        call("list_areas", {"\ud800": 1}),
        answer=Answer.TOOL_ERROR,
        tool_errors=BAD_ARGS,
    )
    b.post(
        "surrogate_method",
        cat,
        OK,
        rpc("tools/\ud800list"),
        answer=Answer.RPC_ERROR,
        rpc_codes=NO_METHOD,
    )
    b.post(
        "surrogate_template",
        cat,
        OK,
        call("render_template", {"template": "{{ '\ud800' }}"}),
        answer=Answer.TOOL_ANY,
    )
    b.post(
        "surrogate_valid_pair",
        cat,
        OK,
        call("list_entities", {"area": "\ud83d\ude00"}),
        answer=Answer.TOOL_ANY,
    )
    b.post(
        "surrogate_in_error_message_path",
        cat,
        OK,
        call("get_entity", {"name": "\udfff\udfff nope"}),
        answer=Answer.TOOL_ANY,
    )
