"""The endpoint: the MCP SDK's session managers, routing and session admission.

The wire work (JSON-RPC framing, both protocol eras, per-request servers in
stateless mode) is the MCP SDK's `StreamableHTTPSessionManager`, an ASGI
application served through the bridge (`bridge.py`):

- The session managers' `run()` is entered and left in one background task
  per config entry (`McpEndpoint.async_start` / `async_stop`).
- Requests are checked first against what the MCP specification asks of a
  server (`spec.py`, and the Origin, `auth.py`), so a bad request never
  reaches the SDK.
- Stateless by default. With the option `enable_sessions`, a second,
  stateful manager serves handshake-era sessions beside the stateless one;
  `sessions.py` keeps who owns each session and enforces the limits, and
  this module routes each request (`McpEndpoint._async_route`).
"""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from dataclasses import dataclass
from http import HTTPStatus
import logging
from typing import Any, Final

from aiohttp import hdrs, web
from mcp.server.lowlevel.server import Server
from mcp.server.streamable_http import MCP_SESSION_ID_HEADER
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp_types import INVALID_REQUEST
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from multidict import CIMultiDict

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant, callback

from ..apps import AppsDeclarations, declares_apps
from ..caller import Caller
from ..const import DOMAIN, MAX_REQUEST_BYTES, SESSION_SDK_IDLE_BACKSTOP, SESSIONS_BUSY_RETRY_AFTER
from ..untrusted import undecodable_header
from .auth import client_name, declared_client_name, origin_allowed, with_client_name
from .bridge import asgi_scope, async_serve_asgi
from .sdk_sessions import SdkSessions
from .sessions import SessionRegistry
from .spec import (
    MCP_PROTOCOL_VERSION_HEADER,
    SESSIONS_BUSY,
    SUPPORTED_PROTOCOL_VERSIONS,
    TRANSPORT_HINT,
    PostBody,
    async_read_post,
    check_post,
    is_request_id,
    rpc_error,
    unsupported_version,
)

_LOGGER = logging.getLogger(__name__)

STARTUP_TIMEOUT: Final = 30.0


@dataclass(frozen=True, slots=True)
class _Envelope:
    """What routing needs of a valid JSON-RPC message.

    Its id, method and client name, and for an `initialize`, whether its
    capabilities declare MCP Apps (`apps.declares_apps`).
    """

    request_id: str | int | None
    method: str | None
    client_name: str | None
    declares_apps: bool = False

    @classmethod
    def of(cls, message: dict[str, Any]) -> _Envelope:
        """Return the envelope of a message `spec.is_jsonrpc_message` accepted."""
        request_id = message.get("id")
        method = message.get("method")
        params = message.get("params")
        return cls(
            request_id=request_id if is_request_id(request_id) else None,
            method=method if isinstance(method, str) else None,
            client_name=declared_client_name(message),
            declares_apps=method == "initialize"
            and isinstance(params, dict)
            and declares_apps(params.get("capabilities")),
        )


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
        self,
        hass: HomeAssistant,
        server: Server[Any],
        sessions: SessionRegistry | None = None,
        declarations: AppsDeclarations | None = None,
    ) -> None:
        """Create the endpoint for an MCP `server`; nothing runs yet.

        sessions: the entry's session registry; without one, or when it is
            not `enabled`, only the stateless manager exists.
        declarations: where each handshake-era `initialize` is noted, per
            credential, as declaring MCP Apps or not (the `server` reads
            it for stateless requests); None notes nothing.
        """
        self._hass = hass
        self._declarations = declarations
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
            self.sessions.async_start(SdkSessions(self._session_manager))

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
        post = await async_read_post(request) if request.method == "POST" else PostBody()
        request_id = post.request_id
        if (header := undecodable_header(request.headers.items())) is not None:
            return rpc_error(
                HTTPStatus.BAD_REQUEST,
                INVALID_REQUEST,
                f"Invalid header {header[:60]!r}: its value is not UTF-8 text",
                request_id=request_id,
            )
        if not origin_allowed(self._hass, request):
            return rpc_error(
                HTTPStatus.FORBIDDEN,
                INVALID_REQUEST,
                "Origin not allowed: requests from a web page must come from "
                "Home Assistant's own URL",
                request_id=request_id,
            )
        version = request.headers.get(MCP_PROTOCOL_VERSION_HEADER)
        if request.method != "POST":
            return await self._async_handle_stream(request, caller, version)
        read = check_post(request, version, post)
        if isinstance(read, web.Response):
            return read
        message, body = read
        envelope = _Envelope.of(message)
        # The SDK parses the body itself: the parsed message is let go before
        # it does, so a large one is freed at once instead of living on into
        # the garbage collector's oldest generation.
        del message, read, post
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
        3. `initialize` request → a new session (`_async_open_session`: at a
           limit it replaces the longest-idle session, 503 when all are busy);
        4. anything else → stateless.

        Either way, a handshake-era `initialize` notes whether it declared
        MCP Apps for the caller's credential (`apps.AppsDeclarations`).
        """
        user_agent = request.headers.get(hdrs.USER_AGENT)
        named = with_client_name(caller, client_name(envelope.client_name, user_agent))
        manager = self._session_manager
        modern = version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS
        initialize = envelope.method == "initialize" and envelope.request_id is not None
        if initialize and not modern and self._declarations is not None:
            self._declarations.async_note_initialize(caller.credential_id, envelope.declares_apps)
        if manager is not None and not modern:
            if (session_id := request.headers.get(MCP_SESSION_ID_HEADER)) is not None:
                return await self._async_serve_session(
                    request, caller, session_id, body, envelope, manager
                )
            if initialize:
                return await self._async_open_session(request, named, envelope, body, manager)
        return await async_serve_asgi(
            self._hass,
            self._manager.handle_request,
            request,
            asgi_scope(request, named),
            body,
            request_id=envelope.request_id,
        )

    async def _async_handle_stream(
        self, request: web.Request, caller: Caller, version: str | None
    ) -> web.StreamResponse:
        """Answer a GET (a session's server-to-client stream) or a DELETE (ending it)."""
        if self._session_manager is None:
            return rpc_error(
                HTTPStatus.METHOD_NOT_ALLOWED,
                INVALID_REQUEST,
                f"{request.method} is not served: sessions are off, so there is "
                "no server-to-client stream to open or end",
                {"hint": TRANSPORT_HINT},
                headers={"Allow": "POST"},
            )
        if version is not None and version not in SUPPORTED_PROTOCOL_VERSIONS:
            return unsupported_version(version)
        if version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS:
            return rpc_error(
                HTTPStatus.METHOD_NOT_ALLOWED,
                INVALID_REQUEST,
                f"{request.method} is not served for MCP-Protocol-Version {version}: "
                "that protocol has no sessions; follow resources with "
                "subscriptions/listen",
                headers={"Allow": "POST"},
            )
        if (session_id := request.headers.get(MCP_SESSION_ID_HEADER)) is None:
            return rpc_error(
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
        envelope: _Envelope | None,
        manager: StreamableHTTPSessionManager,
    ) -> web.StreamResponse:
        """Serve a request naming `session_id` on the stateful manager.

        envelope: the POST's message (None for a GET or DELETE).

        Another credential than the one that opened the session gets 403, an
        unknown or closed id 404 (the client then initializes again), and
        nothing reaches the SDK; either answer carries the request's id. A
        request on a session counts as activity for the idle sweep when it
        arrives.
        """
        request_id = envelope.request_id if envelope is not None else None
        session = self.sessions.async_get(session_id)
        if session is None or session_id not in SdkSessions(manager).session_ids():
            # Unknown, ended (the SDK's own idle backstop included: forget it
            # now), or held by the SDK but never recorded here, so bound to no
            # credential.
            self.sessions.async_prune()
            return rpc_error(
                HTTPStatus.NOT_FOUND, INVALID_REQUEST, "Session not found", request_id=request_id
            )
        if session.credential_id != caller.credential_id:
            _LOGGER.warning(
                "Refused a request on an MCP session from another credential (%s)",
                caller.credential_name,
            )
            return rpc_error(
                HTTPStatus.FORBIDDEN,
                INVALID_REQUEST,
                "Forbidden: this session belongs to the credential that opened it. "
                "Open your own session (initialize without Mcp-Session-Id) or send "
                "requests without a session id",
                request_id=request_id,
            )
        declared = envelope.client_name if envelope is not None else None
        name = client_name(declared or session.client_name, request.headers.get(hdrs.USER_AGENT))
        scope = asgi_scope(request, with_client_name(caller, name))

        @callback
        def answered(_status: int, _headers: CIMultiDict[str]) -> None:
            # A DELETE has ended the session before it answers: release what
            # the session held before the client hears back.
            self.sessions.async_prune()

        # An open GET stream keeps the session from the idle sweep, as any
        # request does.
        stream = request.method == "GET"
        self.sessions.async_request_started(session, stream=stream)
        try:
            return await async_serve_asgi(
                self._hass,
                manager.handle_request,
                request,
                scope,
                body,
                on_start=answered,
                request_id=request_id,
            )
        finally:
            self.sessions.async_request_ended(session, stream=stream)
            # A DELETE (or a crash) ended it: release what it held now.
            self.sessions.async_prune()

    def _sessions_busy(self, caller: Caller, envelope: _Envelope) -> web.Response:
        """Return the 503 for an `initialize` no idle session can make room for."""
        retry_after = round(SESSIONS_BUSY_RETRY_AFTER.total_seconds())
        stateless = (
            "Stateless requests still work: send requests without initialize and "
            "without Mcp-Session-Id (or with MCP-Protocol-Version 2026-07-28)"
        )
        wait = self.sessions.admission_wait.total_seconds()
        busy = f"stayed busy serving a request for {wait:g} seconds"
        if self.sessions.async_credential_full(caller.credential_id):
            limit = self.sessions.per_credential
            message = (
                f"Too many open sessions for this credential: one credential may hold "
                f"{limit} of Home MCP's sessions, and each of its {limit} {busy}. "
                f"Retry in {retry_after} seconds, or end one (DELETE with its "
                f"Mcp-Session-Id). {stateless}"
            )
            data = {"limit": limit, "per_credential": True}
        else:
            limit = self.sessions.limit
            message = (
                f"Too many open sessions: Home MCP keeps at most {limit} sessions open, "
                f"and each {busy}. Retry in {retry_after} seconds. {stateless}"
            )
            data = {"limit": limit}
        return rpc_error(
            HTTPStatus.SERVICE_UNAVAILABLE,
            SESSIONS_BUSY,
            message,
            {**data, "stateless": True, "retry_after": retry_after},
            request_id=envelope.request_id,
            headers={hdrs.RETRY_AFTER: str(retry_after)},
        )

    async def _async_open_session(
        self,
        request: web.Request,
        caller: Caller,
        envelope: _Envelope,
        body: bytes,
        manager: StreamableHTTPSessionManager,
    ) -> web.StreamResponse:
        """Serve an `initialize` that opens a session, within the limits.

        At a limit the new session replaces the longest-idle one in its way
        (`SessionRegistry.async_admit`); when each of those stays busy the
        answer is 503 with `Retry-After` and `SESSIONS_BUSY`, and the SDK
        never sees the request. The new session's id is read from the
        `Mcp-Session-Id` header of the SDK's answer (status below 400) and
        recorded with `caller` as its owner.
        """
        admission = await self.sessions.async_admit(caller.credential_id)
        if admission is None:
            return self._sessions_busy(caller, envelope)

        @callback
        def opened(status: int, headers: CIMultiDict[str]) -> None:
            if status < 400 and (session_id := headers.get(MCP_SESSION_ID_HEADER)):
                admission.async_open(session_id, caller)

        try:
            return await async_serve_asgi(
                self._hass,
                manager.handle_request,
                request,
                asgi_scope(request, caller),
                body,
                on_start=opened,
                request_id=envelope.request_id,
            )
        finally:
            admission.async_release()
