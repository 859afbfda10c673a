"""What the MCP specification asks of a request, and the JSON-RPC error bodies.

A POST is checked against the specification's Streamable HTTP section
(Accept, Content-Type, MCP-Protocol-Version, body size, the body as UTF-8
JSON, the JSON-RPC shape and request ids) before the SDK sees it; a failed
check answers with the specification's status and a JSON-RPC error body that
says what to send. Its body is read first (`async_read_post`, at most
`MAX_REQUEST_BYTES`), so that whichever check fails answers with the
request's id when the body holds one.
"""

from __future__ import annotations

from dataclasses import dataclass
from http import HTTPStatus
import json
from typing import Any, Final, TypeIs, get_args

from aiohttp import web
from mcp_types import (
    INVALID_PARAMS,
    INVALID_REQUEST,
    PARSE_ERROR,
    UNSUPPORTED_PROTOCOL_VERSION,
    LoggingLevel,
)
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

from ..const import MAX_REQUEST_BYTES
from ..untrusted import NotJsonError, NotUtf8Error, TooDeepError, parse_body, replace_surrogates

MCP_PROTOCOL_VERSION_HEADER: Final = "MCP-Protocol-Version"
SUPPORTED_PROTOCOL_VERSIONS: Final = (
    *HANDSHAKE_PROTOCOL_VERSIONS,
    *MODERN_PROTOCOL_VERSIONS,
)

SESSIONS_BUSY: Final = -32010
"""JSON-RPC error of the 503 refusing a session because every one that could make
room is busy: the implementation-defined band (-32000 to -32019) of the
2026-07-28 allocation, neither a client's mistake (-32600) nor a fault (-32603)."""

STARTING: Final = -32011
"""JSON-RPC error of the 503 answered while Home MCP's entry is starting (after a
restart or a reload): the same band as `SESSIONS_BUSY`, and the same kind of
answer (nothing is wrong, try again after `Retry-After`), with its own code
because the cause differs: every request is refused for a few seconds, not only
a new session. Neither a client's mistake (-32600) nor a fault (-32603)."""

ACCEPT_HINT: Final = "Send 'Accept: application/json, text/event-stream'."
TRANSPORT_HINT: Final = (
    "This endpoint speaks the MCP Streamable HTTP transport: POST JSON-RPC "
    "messages to this URL. The older HTTP+SSE transport (a GET that opens an "
    "event stream) is not served. Select Streamable HTTP in your client: "
    "Claude Code `claude mcp add --transport http <name> <url>`; Claude "
    "Desktop through `npx mcp-remote <url> --transport http-only`; Cursor and "
    'VS Code `"type": "http"` (or a plain `"url"`) in the server entry.'
)


def rpc_error(
    status: HTTPStatus,
    code: int,
    message: str,
    data: Any = None,
    *,
    request_id: Any = None,
    headers: dict[str, str] | None = None,
) -> web.Response:
    """Return a JSON-RPC error object as an HTTP response with `status`."""
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    body = {"jsonrpc": "2.0", "id": request_id, "error": error}
    return web.Response(
        status=status,
        text=replace_surrogates(json.dumps(body, ensure_ascii=False)),
        content_type="application/json",
        headers=headers,
    )


def accepts_json(accept: str) -> bool:
    """Return True when an Accept header admits application/json."""
    media_types = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    return bool(media_types & {"application/json", "application/*", "*/*"})


def content_type_problem(content_type: str) -> str | None:
    """Return None for `application/json` in UTF-8, else what is wrong.

    Media types and parameter names are case-insensitive (RFC 9110); a
    `charset` parameter, when present, must be UTF-8 (RFC 8259).
    """
    media_type, *parameters = content_type.split(";")
    if media_type.strip().lower() != "application/json":
        return "send the JSON-RPC message with 'Content-Type: application/json'"
    for parameter in parameters:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset" and value.strip().strip('"').lower() not in (
            "utf-8",
            "utf8",
        ):
            return "JSON is UTF-8: send 'Content-Type: application/json' without another charset"
    return None


def is_jsonrpc_message(message: Any) -> str | None:
    """Return None for a well-formed JSON-RPC 2.0 message, else what is wrong."""
    if isinstance(message, list):
        return "JSON-RPC batches are not supported: send one message per request"
    if not isinstance(message, dict):
        return "The body must be a JSON-RPC 2.0 object"
    if message.get("jsonrpc") != "2.0":
        return 'The message must carry "jsonrpc": "2.0"'
    if "method" in message:
        if not isinstance(message["method"], str):
            return '"method" must be a string'
        if "params" in message and not isinstance(message["params"], dict):
            return '"params" must be an object'
        if "id" in message and not is_request_id(message["id"]):
            return '"id" must be a string or an integer'
        return None
    if "result" in message or "error" in message:
        if not is_request_id(message.get("id")):
            return '"id" of a response must be a string or an integer'
        return None
    return "The message is neither a request, a notification nor a response"


def tool_call_problem(message: dict[str, Any]) -> str | None:
    """Return what is wrong with a `tools/call` request's params, or None.

    The SDK would answer "Invalid request parameters" with nothing more:
    this says which field to send.
    """
    if message.get("method") != "tools/call" or "id" not in message:
        return None
    params = message.get("params")
    if not isinstance(params, dict) or not isinstance(params.get("name"), str):
        return 'tools/call needs "params": {"name": "<tool>", "arguments": {...}}'
    if params.get("arguments") is not None and not isinstance(params["arguments"], dict):
        return '"arguments" must be an object of the tool\'s arguments by name'
    return None


LOG_LEVELS: Final[tuple[str, ...]] = get_args(LoggingLevel)


def set_level_problem(message: dict[str, Any], version: str | None) -> str | None:
    """Return what is wrong with a handshake-era `logging/setLevel`'s level, or None.

    The SDK would answer "Invalid request parameters" with nothing more:
    this names the levels. 2026-07-28 has no such method (the SDK says so).
    """
    if (
        message.get("method") != "logging/setLevel"
        or "id" not in message
        or version in MODERN_PROTOCOL_VERSIONS
    ):
        return None
    params = message.get("params")
    level = params.get("level") if isinstance(params, dict) else None
    if isinstance(level, str) and level in LOG_LEVELS:
        return None
    return (
        f'logging/setLevel needs "params": {{"level": "<level>"}}, one of {", ".join(LOG_LEVELS)}'
    )


def is_request_id(value: Any) -> TypeIs[str | int]:
    """Return True for a JSON-RPC id MCP allows: a string or an integer (not a boolean)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


@dataclass(frozen=True, slots=True)
class PostBody:
    """A POST's body as read, before any check of the request answers.

    message: the parsed JSON (made safe, `untrusted.parse_body`), or None
        when the body could not be read or parsed.
    body: the bytes to pass on to the SDK.
    unreadable: the answer when the body could not be read or parsed (413,
        or 400 with a parse error); its id is null, there being none to read.
    """

    message: Any = None
    body: bytes = b""
    unreadable: web.Response | None = None

    @property
    def request_id(self) -> str | int | None:
        """Return the id of the JSON-RPC request the body holds, or None.

        Every error answer carries it (JSON-RPC 2.0 §5: null only when it
        cannot be detected), whatever check of the request fails.
        """
        if isinstance(self.message, dict) and is_request_id(request_id := self.message.get("id")):
            return request_id
        return None


async def async_read_post(request: web.Request) -> PostBody:
    """Read and parse a POST's body, at most `MAX_REQUEST_BYTES` of it."""
    if (request.content_length or 0) > MAX_REQUEST_BYTES:
        return PostBody(unreadable=too_large())
    chunks: list[bytes] = []
    size = 0
    try:
        while chunk := await request.content.read(64 * 1024):
            size += len(chunk)
            if size > MAX_REQUEST_BYTES:
                return PostBody(unreadable=too_large())
            chunks.append(chunk)
    except web.RequestPayloadError:
        return PostBody(
            unreadable=rpc_error(
                HTTPStatus.BAD_REQUEST,
                PARSE_ERROR,
                "Parse error: the body could not be read as sent (its Content-Encoding "
                "or chunked framing is broken); send plain UTF-8 JSON",
            )
        )
    try:
        message, body = parse_body(b"".join(chunks))
    except (NotUtf8Error, NotJsonError) as err:
        problem = rpc_error(HTTPStatus.BAD_REQUEST, PARSE_ERROR, f"Parse error: {err}")
    except TooDeepError as err:
        problem = rpc_error(HTTPStatus.BAD_REQUEST, INVALID_REQUEST, f"Invalid Request: {err}")
    except ValueError as err:
        problem = rpc_error(
            HTTPStatus.BAD_REQUEST,
            PARSE_ERROR,
            f"Parse error: the body is not JSON ({str(err)[:120]})",
        )
    else:
        return PostBody(message=message, body=body)
    return PostBody(unreadable=problem)


def check_post(
    request: web.Request, version: str | None, post: PostBody
) -> tuple[Any, bytes] | web.Response:
    """Return a POST's JSON-RPC message and its body, or the answer to a failed check.

    The checks run in the order of the MCP specification's Streamable HTTP
    section (Accept, Content-Type, `version`, body size, UTF-8 JSON, JSON-RPC
    shape); the first failed check answers, with the request's id when the
    body holds one.
    """
    request_id = post.request_id
    if not accepts_json(request.headers.get("Accept", "")):
        return rpc_error(
            HTTPStatus.NOT_ACCEPTABLE,
            INVALID_REQUEST,
            f"Not Acceptable: the response is JSON. {ACCEPT_HINT}",
            request_id=request_id,
        )
    if problem := content_type_problem(request.headers.get("Content-Type", "")):
        return rpc_error(
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            INVALID_REQUEST,
            f"Unsupported Media Type: {problem}",
            request_id=request_id,
        )
    if version is not None and version not in SUPPORTED_PROTOCOL_VERSIONS:
        return unsupported_version(version, request_id)
    if post.unreadable is not None:
        return post.unreadable
    message = post.message
    if (problem := is_jsonrpc_message(message)) is not None:
        return rpc_error(
            HTTPStatus.BAD_REQUEST,
            INVALID_REQUEST,
            f"Invalid Request: {problem}",
            request_id=request_id,
        )
    if (problem := tool_call_problem(message)) is not None:
        return rpc_error(
            HTTPStatus.OK,
            INVALID_PARAMS,
            f"Invalid params: {problem}",
            request_id=request_id,
        )
    if (problem := set_level_problem(message, version)) is not None:
        return rpc_error(
            HTTPStatus.OK,
            INVALID_PARAMS,
            f"Invalid params: {problem}",
            {"levels": list(LOG_LEVELS)},
            request_id=request_id,
        )
    return message, post.body


def unsupported_version(version: str, request_id: str | int | None = None) -> web.Response:
    """Return the 400 for an MCP-Protocol-Version Home MCP does not speak.

    Its `-32022` lists the versions `server/discover` lists (2026-07-28 on);
    a client of an earlier version negotiates it with `initialize`, as the
    message says.
    """
    return rpc_error(
        HTTPStatus.BAD_REQUEST,
        UNSUPPORTED_PROTOCOL_VERSION,
        f"Unsupported MCP-Protocol-Version {version[:40]!r}: Home MCP speaks "
        f"{', '.join(MODERN_PROTOCOL_VERSIONS)} (as server/discover lists); a client "
        f"of protocol {HANDSHAKE_PROTOCOL_VERSIONS[0]} to {HANDSHAKE_PROTOCOL_VERSIONS[-1]} "
        "sends initialize first and then the version it negotiated",
        {"supported": list(MODERN_PROTOCOL_VERSIONS), "requested": version[:40]},
        request_id=request_id,
    )


def too_large() -> web.Response:
    """Return the 413 for a body over `MAX_REQUEST_BYTES`."""
    return rpc_error(
        HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
        INVALID_REQUEST,
        f"Request body too large: the limit is {MAX_REQUEST_BYTES} bytes",
    )
