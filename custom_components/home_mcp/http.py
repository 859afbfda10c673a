"""MCP Streamable HTTP transport on Home Assistant's HTTP server.

The wire work (JSON-RPC framing, both protocol eras, per-request servers in
stateless mode) is the MCP SDK's `StreamableHTTPSessionManager`, an ASGI
application. This module bridges it onto Home Assistant's aiohttp server:

- `HomeMcpView` is a `HomeAssistantView`. A request carries a Home Assistant
  access token (checked by Home Assistant's auth middleware) or a Home MCP
  client key (checked here, `keys.py`); anything else answers 401 with Home
  Assistant's OAuth resource metadata, and counts as a failed login for Home
  Assistant's IP ban.
- Requests are checked first against what the MCP specification asks of a
  server (Origin, Accept, Content-Type, MCP-Protocol-Version, body size,
  JSON-RPC shape), so a bad request gets the specification's status with a body
  that says what to send, and never reaches the SDK.
- The ASGI application runs in its own task behind `asyncio.shield`. Home
  Assistant runs aiohttp with handler cancellation: when a client hangs up,
  the handler is cancelled, and the bridge turns that into `http.disconnect`
  for the application instead of cancelling a tool call halfway.
- The session managers' `run()` is entered and left in one background task
  per config entry (`McpEndpoint.async_start` / `async_stop`).
- Stateless by default. With the option `enable_sessions`, a second,
  stateful manager serves handshake-era sessions beside the stateless one;
  `sessions.py` keeps who owns each session and enforces the limits, and
  this module routes each request (`McpEndpoint._async_route`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from contextlib import AsyncExitStack
from dataclasses import dataclass, replace
from http import HTTPStatus
import json
import logging
from typing import Any, Final

from aiohttp import hdrs, web
from mcp.server.lowlevel.server import Server
from mcp.server.streamable_http import MCP_SESSION_ID_HEADER
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp_types import (
    CLIENT_INFO_META_KEY,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    PARSE_ERROR,
    UNSUPPORTED_PROTOCOL_VERSION,
)
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS
from multidict import CIMultiDict
import yarl

from homeassistant.components.http.const import KEY_HASS_REFRESH_TOKEN_ID, KEY_HASS_USER
from homeassistant.config_entries import ConfigEntry, ConfigEntryState
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.http import KEY_AUTHENTICATED, KEY_HASS, HomeAssistantView
from homeassistant.helpers.network import NoURLAvailableError, get_url

from .caller import SCOPE_KEY, Caller
from .const import (
    CORE_MCP_SERVER_DOMAIN,
    DOMAIN,
    MAX_REQUEST_BYTES,
    NAME_MAX_CHARS,
    SESSION_SDK_IDLE_BACKSTOP,
    URL_HOME_MCP,
    URL_MCP,
)
from .keys import KeyStore
from .models import HomeMcpConfigEntry
from .origins import LOOPBACK_HOSTS, async_home_assistant_origins
from .sessions import SessionRegistry
from .shaping import clean_text
from .untrusted import (
    NotJsonError,
    NotUtf8Error,
    TooDeepError,
    parse_body,
    replace_surrogates,
    undecodable_header,
)

_LOGGER = logging.getLogger(__name__)

MCP_PROTOCOL_VERSION_HEADER: Final = "MCP-Protocol-Version"
SUPPORTED_PROTOCOL_VERSIONS: Final = (
    *HANDSHAKE_PROTOCOL_VERSIONS,
    *MODERN_PROTOCOL_VERSIONS,
)
STARTUP_TIMEOUT: Final = 30.0
STARTING_STATES: Final = frozenset(
    {
        ConfigEntryState.NOT_LOADED,
        ConfigEntryState.SETUP_IN_PROGRESS,
        ConfigEntryState.SETUP_RETRY,
        ConfigEntryState.UNLOAD_IN_PROGRESS,
    }
)
"""States of an enabled entry that is about to serve (again)."""
STARTING_RETRY_AFTER: Final = 5

ACCEPT_HINT: Final = "Send 'Accept: application/json, text/event-stream'."
TRANSPORT_HINT: Final = (
    "This endpoint speaks the MCP Streamable HTTP transport: POST JSON-RPC "
    "messages to this URL. The older HTTP+SSE transport (a GET that opens an "
    "event stream) is not served. Select Streamable HTTP in your client: "
    "Claude Code `claude mcp add --transport http <name> <url>`; Claude "
    "Desktop through `npx mcp-remote <url> --transport http-only`; Cursor and "
    'VS Code `"type": "http"` (or a plain `"url"`) in the server entry.'
)


def _rpc_error(
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


def _accepts_json(accept: str) -> bool:
    """Return True when an Accept header admits application/json."""
    media_types = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    return bool(media_types & {"application/json", "application/*", "*/*"})


def _content_type_problem(content_type: str) -> str | None:
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


def _is_jsonrpc_message(message: Any) -> str | None:
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
        if "id" in message and not _is_request_id(message["id"]):
            return '"id" must be a string or an integer'
        return None
    if "result" in message or "error" in message:
        if not _is_request_id(message.get("id")):
            return '"id" of a response must be a string or an integer'
        return None
    return "The message is neither a request, a notification nor a response"


def _tool_call_problem(message: dict[str, Any]) -> str | None:
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


def _is_request_id(value: Any) -> bool:
    """Return True for a JSON-RPC id MCP allows: a string or an integer (not a boolean)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


@dataclass(frozen=True, slots=True)
class _Envelope:
    """What routing needs of a valid JSON-RPC message: its id, method and client name."""

    request_id: str | int | None
    method: str | None
    client_name: str | None

    @classmethod
    def of(cls, message: dict[str, Any]) -> _Envelope:
        """Return the envelope of a message `_is_jsonrpc_message` accepted."""
        request_id = message.get("id")
        method = message.get("method")
        return cls(
            request_id=request_id if _is_request_id(request_id) else None,
            method=method if isinstance(method, str) else None,
            client_name=_declared_client_name(message),
        )


class _SdkSessions:
    """The stateful SDK manager's sessions, as `SessionRegistry` sees them.

    The SDK has no public list of its sessions nor a way to end one from
    outside; its transports' `terminate()` is public, the table holding them is
    not (docs/sdk-sessions.md). This is the only place that reads it.
    """

    def __init__(self, manager: StreamableHTTPSessionManager) -> None:
        """Wrap the stateful `manager`."""
        self._manager = manager

    def session_ids(self) -> Collection[str]:
        """Return the ids of the sessions the SDK holds and has not terminated."""
        instances = self._manager._server_instances  # noqa: SLF001
        return {sid for sid, transport in instances.items() if not transport.is_terminated}

    async def async_terminate(self, session_id: str) -> None:
        """Terminate the session's transport; the SDK then forgets the id."""
        transport = self._manager._server_instances.get(session_id)  # noqa: SLF001
        if transport is not None and not transport.is_terminated:
            await transport.terminate()


class McpEndpoint:
    """The MCP SDK's Streamable HTTP session managers, served through aiohttp.

    One instance per config entry. `async_start` enters the managers' `run()`
    in a background task and returns once they serve; `async_stop` closes the
    sessions and leaves `run()` from that same task (anyio requires it).

    Two managers, one MCP server:
    - stateless (always): every POST gets a fresh server connection and a JSON
      response; every 2026-07-28 request, and every handshake-era request
      that neither opens nor names a session, is served here;
    - stateful (only with `sessions.enabled`): `initialize` without
      `Mcp-Session-Id` opens a session (POST answers may be SSE, GET opens
      the server-to-client stream, DELETE ends it). Requests naming a
      session are checked against `sessions` (owner, limits) first.
    """

    def __init__(
        self, hass: HomeAssistant, server: Server[Any], sessions: SessionRegistry | None = None
    ) -> None:
        """Create the endpoint for an MCP `server`; nothing runs yet.

        sessions: the entry's session registry; without one, or when it is
            not `enabled`, only the stateless manager exists.
        """
        self._hass = hass
        self.sessions = sessions if sessions is not None else SessionRegistry(hass, enabled=False)
        self._manager = StreamableHTTPSessionManager(
            app=server,
            json_response=True,
            stateless=True,
            # Transport security (Origin, Content-Type) is checked by
            # `async_handle` before the SDK sees the request.
            security_settings=None,
            max_request_body_size=MAX_REQUEST_BYTES,
        )
        self._session_manager: StreamableHTTPSessionManager | None = None
        if self.sessions.enabled:
            self._session_manager = StreamableHTTPSessionManager(
                app=server,
                json_response=False,
                stateless=False,
                security_settings=None,
                # The registry's sweep closes idle sessions on Home
                # Assistant's clock and admits at most `limit` sessions; the
                # SDK's own limits stay behind it as backstops.
                session_idle_timeout=SESSION_SDK_IDLE_BACKSTOP.total_seconds(),
                max_sessions=self.sessions.limit,
                max_request_body_size=MAX_REQUEST_BYTES,
            )
        self._stop = asyncio.Event()
        self._running = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def async_start(self, entry: ConfigEntry) -> None:
        """Start the session managers; raise `RuntimeError` if they cannot run."""
        self._task = entry.async_create_background_task(
            self._hass, self._async_run(), f"{DOMAIN} MCP session manager"
        )
        running = asyncio.ensure_future(self._running.wait())
        done, _ = await asyncio.wait(
            {self._task, running},
            timeout=STARTUP_TIMEOUT,
            return_when=asyncio.FIRST_COMPLETED,
        )
        running.cancel()
        if not self._running.is_set():
            if self._task in done and (err := self._task.exception()) is not None:
                raise RuntimeError(f"MCP session manager failed: {err}") from err
            raise RuntimeError("MCP session manager did not start")
        if self._session_manager is not None:
            self.sessions.async_start(_SdkSessions(self._session_manager))

    async def _async_run(self) -> None:
        """Enter the managers' run() and hold them until `async_stop`."""
        async with AsyncExitStack() as stack:
            await stack.enter_async_context(self._manager.run())
            if self._session_manager is not None:
                await stack.enter_async_context(self._session_manager.run())
            self._running.set()
            await self._stop.wait()

    async def async_stop(self) -> None:
        """Close every session, stop the managers and wait for them to wind down."""
        await self.sessions.async_stop()
        self._stop.set()
        if self._task is not None:
            await asyncio.wait({self._task}, timeout=STARTUP_TIMEOUT)

    async def async_handle(self, request: web.Request, caller: Caller) -> web.StreamResponse:
        """Serve one authenticated HTTP request to the MCP endpoint.

        Validation order follows the MCP specification's Streamable HTTP
        section; the first failed check answers. Only a well-formed JSON-RPC
        POST, or (sessions on) a GET or DELETE naming a session, reaches the
        SDK. Routing (sessions on): see `_async_route`.
        """
        if (header := undecodable_header(request.headers.items())) is not None:
            return _rpc_error(
                HTTPStatus.BAD_REQUEST,
                INVALID_REQUEST,
                f"Invalid header {header[:60]!r}: its value is not UTF-8 text",
            )
        if not _origin_allowed(self._hass, request):
            return _rpc_error(
                HTTPStatus.FORBIDDEN,
                INVALID_REQUEST,
                "Origin not allowed: requests from a web page must come from "
                "Home Assistant's own URL",
            )
        version = request.headers.get(MCP_PROTOCOL_VERSION_HEADER)
        if request.method != "POST":
            return await self._async_handle_stream(request, caller, version)
        if not _accepts_json(request.headers.get("Accept", "")):
            return _rpc_error(
                HTTPStatus.NOT_ACCEPTABLE,
                INVALID_REQUEST,
                f"Not Acceptable: the response is JSON. {ACCEPT_HINT}",
            )
        if problem := _content_type_problem(request.headers.get("Content-Type", "")):
            return _rpc_error(
                HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                INVALID_REQUEST,
                f"Unsupported Media Type: {problem}",
            )
        if version is not None and version not in SUPPORTED_PROTOCOL_VERSIONS:
            return _unsupported_version(version)
        if (request.content_length or 0) > MAX_REQUEST_BYTES:
            return _too_large()
        chunks: list[bytes] = []
        size = 0
        try:
            while chunk := await request.content.read(64 * 1024):
                size += len(chunk)
                if size > MAX_REQUEST_BYTES:
                    return _too_large()
                chunks.append(chunk)
        except web.RequestPayloadError:
            return _rpc_error(
                HTTPStatus.BAD_REQUEST,
                PARSE_ERROR,
                "Parse error: the body could not be read as sent (its Content-Encoding "
                "or chunked framing is broken); send plain UTF-8 JSON",
            )
        try:
            message, body = parse_body(b"".join(chunks))
        except (NotUtf8Error, NotJsonError) as err:
            return _rpc_error(HTTPStatus.BAD_REQUEST, PARSE_ERROR, f"Parse error: {err}")
        except TooDeepError as err:
            return _rpc_error(HTTPStatus.BAD_REQUEST, INVALID_REQUEST, f"Invalid Request: {err}")
        except ValueError as err:
            return _rpc_error(
                HTTPStatus.BAD_REQUEST,
                PARSE_ERROR,
                f"Parse error: the body is not JSON ({str(err)[:120]})",
            )
        if (problem := _is_jsonrpc_message(message)) is not None:
            request_id = message.get("id") if isinstance(message, dict) else None
            return _rpc_error(
                HTTPStatus.BAD_REQUEST,
                INVALID_REQUEST,
                f"Invalid Request: {problem}",
                request_id=request_id if _is_request_id(request_id) else None,
            )
        if (problem := _tool_call_problem(message)) is not None:
            return _rpc_error(
                HTTPStatus.OK,
                INVALID_PARAMS,
                f"Invalid params: {problem}",
                request_id=message.get("id") if _is_request_id(message.get("id")) else None,
            )
        envelope = _Envelope.of(message)
        # The SDK parses the body itself: the parsed message is let go before
        # it does, so a large one is freed at once instead of living on into
        # the garbage collector's oldest generation.
        del message
        return await self._async_route(request, caller, version, envelope, body)

    async def _async_route(
        self,
        request: web.Request,
        caller: Caller,
        version: str | None,
        envelope: _Envelope,
        body: bytes,
    ) -> web.StreamResponse:
        """Send a valid POST to the manager that serves it.

        Sessions off: the stateless manager, always (a `Mcp-Session-Id`
        header is ignored, as before sessions existed). Sessions on, first
        match wins:
        1. `MCP-Protocol-Version: 2026-07-28` → stateless (that era has no
           sessions);
        2. `Mcp-Session-Id` present → that session (`_async_serve_session`:
           403 for another credential, 404 when unknown or closed);
        3. `initialize` request → a new session (`_async_open_session`: 503
           beyond the limit);
        4. anything else → stateless.
        """
        declared = envelope.client_name
        named = _with_client_name(caller, declared or request.headers.get(hdrs.USER_AGENT))
        manager = self._session_manager
        modern = version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS
        if manager is not None and not modern:
            if (session_id := request.headers.get(MCP_SESSION_ID_HEADER)) is not None:
                return await self._async_serve_session(
                    request, caller, session_id, body, declared, manager
                )
            if envelope.method == "initialize" and envelope.request_id is not None:
                return await self._async_open_session(request, named, envelope, body, manager)
        return await _async_serve_asgi(
            self._hass, self._manager.handle_request, request, _asgi_scope(request, named), body
        )

    async def _async_handle_stream(
        self, request: web.Request, caller: Caller, version: str | None
    ) -> web.StreamResponse:
        """Answer a GET (a session's server-to-client stream) or a DELETE (ending it)."""
        if self._session_manager is None:
            return _rpc_error(
                HTTPStatus.METHOD_NOT_ALLOWED,
                INVALID_REQUEST,
                f"{request.method} is not served: sessions are off, so there is "
                "no server-to-client stream to open or end",
                {"hint": TRANSPORT_HINT},
                headers={"Allow": "POST"},
            )
        if version is not None and version not in SUPPORTED_PROTOCOL_VERSIONS:
            return _unsupported_version(version)
        if version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS:
            return _rpc_error(
                HTTPStatus.METHOD_NOT_ALLOWED,
                INVALID_REQUEST,
                f"{request.method} is not served for MCP-Protocol-Version {version}: "
                "that protocol has no sessions; follow resources with "
                "subscriptions/listen",
                headers={"Allow": "POST"},
            )
        if (session_id := request.headers.get(MCP_SESSION_ID_HEADER)) is None:
            return _rpc_error(
                HTTPStatus.BAD_REQUEST,
                INVALID_REQUEST,
                f"Bad Request: {request.method} needs the Mcp-Session-Id header that "
                "initialize returned (GET opens a session's server-to-client stream, "
                "DELETE ends the session)",
                {"hint": TRANSPORT_HINT},
            )
        return await self._async_serve_session(
            request, caller, session_id, b"", None, self._session_manager
        )

    async def _async_serve_session(
        self,
        request: web.Request,
        caller: Caller,
        session_id: str,
        body: bytes,
        declared: str | None,
        manager: StreamableHTTPSessionManager,
    ) -> web.StreamResponse:
        """Serve a request naming `session_id` on the stateful manager.

        Another credential than the one that opened the session gets 403 and
        nothing reaches the SDK. An unknown or closed id goes to the SDK,
        which answers 404 (the client then initializes again). A request on
        a session counts as activity for the idle sweep when it arrives.
        """
        session = self.sessions.async_get(session_id)
        if session is None:
            if session_id in _SdkSessions(manager).session_ids():
                # Held by the SDK but never recorded here, so bound to no
                # credential: answer as the SDK does for an unknown id.
                return _rpc_error(HTTPStatus.NOT_FOUND, INVALID_REQUEST, "Session not found")
            scope = _asgi_scope(request, caller)
            return await _async_serve_asgi(self._hass, manager.handle_request, request, scope, body)
        if session.credential_id != caller.credential_id:
            _LOGGER.warning(
                "Refused a request on an MCP session from another credential (%s)",
                caller.credential_name,
            )
            return _rpc_error(
                HTTPStatus.FORBIDDEN,
                INVALID_REQUEST,
                "Forbidden: this session belongs to the credential that opened it. "
                "Open your own session (initialize without Mcp-Session-Id) or send "
                "requests without a session id",
            )
        name = declared or session.client_name or request.headers.get(hdrs.USER_AGENT)
        scope = _asgi_scope(request, _with_client_name(caller, name))
        self.sessions.touch(session_id)

        @callback
        def answered(_status: int, _headers: CIMultiDict[str]) -> None:
            # A DELETE has ended the session before it answers: release what
            # the session held before the client hears back.
            self.sessions.async_prune()

        session.in_flight += 1  # An open GET stream keeps the session alive.
        try:
            return await _async_serve_asgi(
                self._hass, manager.handle_request, request, scope, body, on_start=answered
            )
        finally:
            session.in_flight -= 1
            self.sessions.touch(session_id)
            # A DELETE (or a crash) ended it: release what it held now.
            self.sessions.async_prune()

    async def _async_open_session(
        self,
        request: web.Request,
        caller: Caller,
        envelope: _Envelope,
        body: bytes,
        manager: StreamableHTTPSessionManager,
    ) -> web.StreamResponse:
        """Serve an `initialize` that opens a session, within the limit.

        Beyond `sessions.limit` the answer is 503 and the SDK never sees the
        request. The new session's id is read from the `Mcp-Session-Id`
        header of the SDK's answer (status below 400) and recorded with
        `caller` as its owner.
        """
        admission = self.sessions.async_admit(caller.credential_id)
        if admission is None and self.sessions.async_credential_full(caller.credential_id):
            limit = self.sessions.per_credential
            return _rpc_error(
                HTTPStatus.SERVICE_UNAVAILABLE,
                INTERNAL_ERROR,
                f"Too many open sessions for this credential: one credential may hold "
                f"{limit} of Home MCP's sessions. End one (DELETE with its "
                "Mcp-Session-Id) or send requests without a session; stateless "
                "requests still work",
                {"limit": limit, "per_credential": True, "stateless": True},
                request_id=envelope.request_id,
            )
        if admission is None:
            limit = self.sessions.limit
            return _rpc_error(
                HTTPStatus.SERVICE_UNAVAILABLE,
                INTERNAL_ERROR,
                f"Too many open sessions: Home MCP keeps at most {limit} sessions open. "
                "Stateless requests still work: send requests without initialize and "
                "without Mcp-Session-Id (or with MCP-Protocol-Version 2026-07-28); "
                "sessions free up when clients end them (DELETE) or after "
                f"{round(self.sessions.idle_timeout.total_seconds() / 60)} minutes idle",
                {"limit": limit, "stateless": True},
                request_id=envelope.request_id,
            )

        @callback
        def opened(status: int, headers: CIMultiDict[str]) -> None:
            if status < 400 and (session_id := headers.get(MCP_SESSION_ID_HEADER)):
                admission.async_open(session_id, caller)

        try:
            return await _async_serve_asgi(
                self._hass,
                manager.handle_request,
                request,
                _asgi_scope(request, caller),
                body,
                on_start=opened,
            )
        finally:
            admission.async_release()


def _unsupported_version(version: str) -> web.Response:
    return _rpc_error(
        HTTPStatus.BAD_REQUEST,
        UNSUPPORTED_PROTOCOL_VERSION,
        f"Unsupported MCP-Protocol-Version {version[:40]!r}",
        {"supported": list(SUPPORTED_PROTOCOL_VERSIONS), "requested": version[:40]},
    )


def _too_large() -> web.Response:
    return _rpc_error(
        HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
        INVALID_REQUEST,
        f"Request body too large: the limit is {MAX_REQUEST_BYTES} bytes",
    )


def _origin_allowed(hass: HomeAssistant, request: web.Request) -> bool:
    """Return True unless the request carries a foreign `Origin` header.

    Allowed: no Origin (every non-browser client), Home Assistant's own origin
    as the request reached it, Home Assistant's origins
    (`origins.async_home_assistant_origins`: its configured URLs, its remote
    UI, its host names), and loopback origins (local developer tools).
    Authentication is a bearer token, so a foreign page cannot ride on a
    cookie; this check is the DNS-rebinding defence the MCP specification
    asks for, in depth.
    """
    if (origin := request.headers.get("Origin")) is None:
        return True
    try:
        url = yarl.URL(origin)
    except ValueError:
        return False
    if not url.absolute or url.host is None:
        return False
    if url.host.strip("[]") in LOOPBACK_HOSTS:
        return True
    origins, _ = async_home_assistant_origins(hass)
    origins.add(f"{request.scheme}://{request.host}".lower())
    return str(url.origin()).lower() in origins


def _base_url(hass: HomeAssistant) -> str | None:
    """Return Home Assistant's address for links a person will open, or None.

    The address of the current request when Home Assistant is configured
    with it (internal, external or cloud URL; `get_url` checks the request's
    host against them), else the configured address; never a host only the
    request names.
    """
    for require_current_request in (True, False):
        try:
            return get_url(hass, require_current_request=require_current_request)
        except NoURLAvailableError:
            continue
    return None


async def async_authenticate(request: web.Request, keys: KeyStore | None) -> Caller:
    """Return who is calling, or raise `HTTPUnauthorized`.

    A Home Assistant access token (already validated by Home Assistant's auth
    middleware: `request[KEY_AUTHENTICATED]`) or a Home MCP client key. The
    401 carries Home Assistant's OAuth resource metadata so OAuth-capable
    clients can sign in, and Home Assistant's ban middleware counts it as a
    failed login.
    """
    hass = request.app[KEY_HASS]
    if request.get(KEY_AUTHENTICATED):
        user = request[KEY_HASS_USER]
        token_id: str | None = request.get(KEY_HASS_REFRESH_TOKEN_ID)
        credential_name = "unknown credential"
        if token_id and (refresh := hass.auth.async_get_refresh_token(token_id)):
            credential_name = refresh.client_name or refresh.client_id or "login session"
        return Caller(
            user=user,
            refresh_token_id=token_id,
            credential_name=clean_text(credential_name, NAME_MAX_CHARS),
            base_url=_base_url(hass),
        )
    header = request.headers.get(hdrs.AUTHORIZATION, "")
    scheme, _, token = header.partition(" ")
    if (
        keys is not None
        and scheme.lower() == "bearer"
        and (key := keys.async_verify(token.strip()))
    ):
        return Caller(
            user=await keys.async_user(),
            refresh_token_id=None,
            credential_name=clean_text(f"client key {key.name}", NAME_MAX_CHARS),
            key_id=key.key_id,
            read_only=key.scope == "read",
            base_url=_base_url(hass),
        )
    headers = {hdrs.CONTENT_TYPE: "application/json"}
    try:
        url_prefix = get_url(hass, require_current_request=True)
    except NoURLAvailableError:
        pass
    else:
        headers[hdrs.WWW_AUTHENTICATE] = (
            f'Bearer resource_metadata="{url_prefix}/.well-known/oauth-protected-resource"'
        )
    raise web.HTTPUnauthorized(
        headers=headers,
        text=json.dumps(
            {
                "jsonrpc": "2.0",
                "id": None,
                "error": {
                    "code": INVALID_REQUEST,
                    "message": "Unauthorized: send 'Authorization: Bearer <token>' with a "
                    "Home Assistant access token or a Home MCP client key",
                },
            }
        ),
    )


def _declared_client_name(message: dict[str, Any]) -> str | None:
    """Return the name the MCP client gives itself in `message`, if any.

    `clientInfo` in `initialize`, or `_meta` on a 2026-07-28 request.
    """
    params = message.get("params")
    if not isinstance(params, dict):
        return None
    meta = params.get("_meta")
    info = meta.get(CLIENT_INFO_META_KEY) if isinstance(meta, dict) else None
    if info is None:
        info = params.get("clientInfo")
    if isinstance(info, dict) and isinstance(info.get("name"), str):
        version = info.get("version")
        return f"{info['name']} {version if isinstance(version, str) else ''}".strip()
    return None


def _with_client_name(caller: Caller, client_name: str | None) -> Caller:
    """Return `caller` with what the MCP client says it is (untrusted, for display).

    The name is cleaned here, once, before it can reach the audit, a
    confirmation, a notification or the panel.
    """
    cleaned = clean_text(client_name, NAME_MAX_CHARS) if client_name else None
    return replace(caller, client_name=cleaned or None)


_DROPPED_HEADERS: Final = frozenset({b"authorization", b"cookie"})


def _asgi_scope(request: web.Request, caller: Caller) -> dict[str, Any]:
    """Return the ASGI HTTP scope for an aiohttp request.

    Credentials are dropped from the headers: the SDK never needs them, and
    the `Caller` (under `SCOPE_KEY`) is what tools act as.
    """
    headers = [
        # The transport checked the media type (any case, UTF-8); the SDK
        # compares it case-sensitively, so it gets the canonical spelling.
        (name.lower(), b"application/json" if name.lower() == b"content-type" else value)
        for name, value in request.raw_headers
        if name.lower() not in _DROPPED_HEADERS
    ]
    host, _, port = request.host.rpartition(":")
    server = (host, int(port)) if port.isdigit() else (request.host, 0)
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": f"{request.version.major}.{request.version.minor}",
        "method": request.method,
        "scheme": request.scheme,
        "path": request.path,
        "raw_path": request.raw_path.encode(),
        "query_string": request.query_string.encode(),
        "root_path": "",
        "headers": headers,
        "client": (request.remote or "", 0),
        "server": server,
        "state": {},
        SCOPE_KEY: caller,
    }


async def _async_serve_asgi(
    hass: HomeAssistant,
    app: Callable[..., Any],
    request: web.Request,
    scope: dict[str, Any],
    body: bytes,
    *,
    on_start: Callable[[int, CIMultiDict[str]], None] | None = None,
) -> web.StreamResponse:
    """Run an ASGI `app` for `request` and stream its answer back.

    The application runs in its own task; this handler only waits for it
    (shielded). If Home Assistant cancels the handler because the client hung
    up, the application sees `http.disconnect` and its later writes are
    dropped, but it is not cancelled: a service call already under way
    finishes and is accounted for.

    on_start: called with the status and headers the application answers
    with, once, even if the client already went away (the application
    considers the answer given either way).
    """
    response: web.StreamResponse | None = None
    disconnected = asyncio.Event()
    body_sent = False

    async def receive() -> dict[str, Any]:
        nonlocal body_sent
        if not body_sent:
            body_sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await disconnected.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal response
        headers: CIMultiDict[str] | None = None
        if message["type"] == "http.response.start":
            headers = CIMultiDict(
                (name.decode("latin-1"), value.decode("latin-1"))
                for name, value in message.get("headers", [])
            )
            if on_start is not None:
                on_start(message["status"], headers)
        if disconnected.is_set():
            return
        try:
            if headers is not None:
                response = web.StreamResponse(status=message["status"], headers=headers)
                await response.prepare(request)
            elif message["type"] == "http.response.body" and response is not None:
                if chunk := message.get("body", b""):
                    await response.write(chunk)
                if not message.get("more_body", False):
                    await response.write_eof()
        except (ConnectionError, RuntimeError) as err:
            _LOGGER.debug("Client went away while answering: %s", err)
            disconnected.set()

    task = hass.async_create_background_task(
        app(scope, receive, send), f"{DOMAIN} MCP request", eager_start=True
    )
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        disconnected.set()
        raise
    except Exception:
        _LOGGER.exception("MCP transport failed while serving a request")
        if response is None:
            return _rpc_error(
                HTTPStatus.INTERNAL_SERVER_ERROR,
                -32603,
                "Internal error in the MCP transport; see Home Assistant's log",
            )
    if response is None:
        return _rpc_error(
            HTTPStatus.INTERNAL_SERVER_ERROR,
            -32603,
            "The MCP transport ended without an answer",
        )
    return response


@callback
def async_core_mcp_server_active(hass: HomeAssistant) -> bool:
    """Return True if core's `mcp_server` has an enabled config entry."""
    return any(
        entry.disabled_by is None
        for entry in hass.config_entries.async_entries(CORE_MCP_SERVER_DOMAIN)
    )


def _starting_answer(hass: HomeAssistant) -> web.Response | None:
    """Return the 503 for an entry that is set up but not serving yet, or None.

    Home MCP's views exist from the integration's setup on; its config entry
    starts a moment later (and again after a reload). Meanwhile, and while
    Home Assistant retries a failed setup, clients are told to come back.
    """
    states = {
        entry.state
        for entry in hass.config_entries.async_entries(DOMAIN)
        if entry.disabled_by is None
    }
    if not states & STARTING_STATES:
        return None
    return _rpc_error(
        HTTPStatus.SERVICE_UNAVAILABLE,
        INTERNAL_ERROR,
        "Home MCP is starting; try again in a few seconds",
        {"retry_after": STARTING_RETRY_AFTER},
        headers={hdrs.RETRY_AFTER: str(STARTING_RETRY_AFTER)},
    )


class HomeMcpView(HomeAssistantView):
    """The MCP endpoint: `/api/home_mcp` always, `/api/mcp` when it is free."""

    url = URL_HOME_MCP
    name = "api:home_mcp"
    # Client keys are checked here (`async_authenticate`), so Home Assistant
    # lets unauthenticated requests through to this view.
    requires_auth = False

    def __init__(self, url: str = URL_HOME_MCP) -> None:
        """Serve the endpoint at `url`."""
        self.url = url
        self.name = f"api:home_mcp:{url.rsplit('/', 1)[-1]}"

    async def _async_dispatch(self, request: web.Request) -> web.StreamResponse:
        hass = request.app[KEY_HASS]
        entries: list[HomeMcpConfigEntry] = hass.config_entries.async_loaded_entries(DOMAIN)
        if not entries and (starting := _starting_answer(hass)) is not None:
            # Before authentication: a client key cannot be checked yet, and a
            # 401 would count as a failed login.
            return starting
        caller = await async_authenticate(
            request, entries[0].runtime_data.keys if entries else None
        )
        if not entries:
            return _rpc_error(
                HTTPStatus.NOT_FOUND,
                INVALID_REQUEST,
                "Home MCP is not set up: add it in Settings > Devices & services",
            )
        if self.url == URL_MCP and async_core_mcp_server_active(hass):
            return _rpc_error(
                HTTPStatus.NOT_FOUND,
                INVALID_REQUEST,
                f"{URL_MCP} belongs to Home Assistant's own MCP server; "
                f"Home MCP answers at {URL_HOME_MCP}",
            )
        return await entries[0].runtime_data.endpoint.async_handle(request, caller)

    async def post(self, request: web.Request) -> web.StreamResponse:
        """Serve a JSON-RPC message."""
        return await self._async_dispatch(request)

    async def get(self, request: web.Request) -> web.StreamResponse:
        """Answer a GET (a server-to-client stream, or the old SSE transport)."""
        return await self._async_dispatch(request)

    async def delete(self, request: web.Request) -> web.StreamResponse:
        """Answer a DELETE (ending a session)."""
        return await self._async_dispatch(request)


@callback
def async_register_views(hass: HomeAssistant) -> list[str]:
    """Register the MCP endpoint's views; return the URLs served.

    `/api/mcp` is left to core's `mcp_server` when it has an enabled config
    entry (registering the same route twice would break whichever integration
    comes second).
    """
    urls = [URL_HOME_MCP]
    if async_core_mcp_server_active(hass):
        _LOGGER.warning(
            "Home Assistant's own MCP server integration is set up and serves %s; "
            "Home MCP answers at %s only",
            URL_MCP,
            URL_HOME_MCP,
        )
    else:
        urls.append(URL_MCP)
    for url in urls:
        hass.http.register_view(HomeMcpView(url))
    return urls
