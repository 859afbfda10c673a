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
- The session manager's `run()` is entered and left in one background task per
  config entry (`McpEndpoint.async_start` / `async_stop`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from http import HTTPStatus
import json
import logging
from typing import Any, Final

from aiohttp import hdrs, web
from mcp.server.lowlevel.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp_types import (
    CLIENT_INFO_META_KEY,
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
from .const import CORE_MCP_SERVER_DOMAIN, DOMAIN, MAX_REQUEST_BYTES, URL_HOME_MCP, URL_MCP
from .keys import KeyStore

_LOGGER = logging.getLogger(__name__)

MCP_PROTOCOL_VERSION_HEADER: Final = "MCP-Protocol-Version"
SUPPORTED_PROTOCOL_VERSIONS: Final = (
    *HANDSHAKE_PROTOCOL_VERSIONS,
    *MODERN_PROTOCOL_VERSIONS,
)
STARTUP_TIMEOUT: Final = 30.0

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
        text=json.dumps(body, ensure_ascii=False),
        content_type="application/json",
        headers=headers,
    )


def _accepts_json(accept: str) -> bool:
    """Return True when an Accept header admits application/json."""
    media_types = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    return bool(media_types & {"application/json", "application/*", "*/*"})


def _is_json_content_type(content_type: str) -> bool:
    """Return True for `application/json`, with or without parameters."""
    return content_type.split(";", maxsplit=1)[0].strip().lower() == "application/json"


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
        if "id" in message and not isinstance(message["id"], (str, int)):
            return '"id" must be a string or an integer'
        return None
    if "id" in message and ("result" in message or "error" in message):
        return None
    return "The message is neither a request, a notification nor a response"


class McpEndpoint:
    """The MCP SDK's Streamable HTTP session manager, served through aiohttp.

    One instance per config entry. `async_start` enters the manager's `run()`
    in a background task and returns once it serves; `async_stop` leaves it
    from that same task (anyio requires it). Stateless mode: every POST gets a
    fresh server connection and a JSON response.
    """

    def __init__(self, hass: HomeAssistant, server: Server[Any]) -> None:
        """Create the endpoint for an MCP `server`; nothing runs yet."""
        self._hass = hass
        self._manager = StreamableHTTPSessionManager(
            app=server,
            json_response=True,
            stateless=True,
            # Transport security (Origin, Content-Type) is checked by
            # `async_handle` before the SDK sees the request.
            security_settings=None,
            max_request_body_size=MAX_REQUEST_BYTES,
        )
        self._stop = asyncio.Event()
        self._running = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def async_start(self, entry: ConfigEntry) -> None:
        """Start the session manager; raise `RuntimeError` if it cannot run."""
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

    async def _async_run(self) -> None:
        """Enter the manager's run() and hold it until `async_stop`."""
        async with self._manager.run():
            self._running.set()
            await self._stop.wait()

    async def async_stop(self) -> None:
        """Stop the session manager and wait for it to wind down."""
        self._stop.set()
        if self._task is not None:
            await asyncio.wait({self._task}, timeout=STARTUP_TIMEOUT)

    async def async_handle(self, request: web.Request, caller: Caller) -> web.StreamResponse:
        """Serve one authenticated HTTP request to the MCP endpoint.

        Validation order follows the MCP specification's Streamable HTTP
        section; the first failed check answers. Only a well-formed JSON-RPC
        POST reaches the SDK.
        """
        if not _origin_allowed(self._hass, request):
            return _rpc_error(
                HTTPStatus.FORBIDDEN,
                INVALID_REQUEST,
                "Origin not allowed: requests from a web page must come from "
                "Home Assistant's own URL",
            )
        if request.method != "POST":
            return _rpc_error(
                HTTPStatus.METHOD_NOT_ALLOWED,
                INVALID_REQUEST,
                f"{request.method} is not served: sessions are off, so there is "
                "no server-to-client stream to open or end",
                {"hint": TRANSPORT_HINT},
                headers={"Allow": "POST"},
            )
        if not _accepts_json(request.headers.get("Accept", "")):
            return _rpc_error(
                HTTPStatus.NOT_ACCEPTABLE,
                INVALID_REQUEST,
                f"Not Acceptable: the response is JSON. {ACCEPT_HINT}",
            )
        if not _is_json_content_type(request.headers.get("Content-Type", "")):
            return _rpc_error(
                HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                INVALID_REQUEST,
                "Unsupported Media Type: send the JSON-RPC message with "
                "'Content-Type: application/json'",
            )
        version = request.headers.get(MCP_PROTOCOL_VERSION_HEADER)
        if version is not None and version not in SUPPORTED_PROTOCOL_VERSIONS:
            return _rpc_error(
                HTTPStatus.BAD_REQUEST,
                UNSUPPORTED_PROTOCOL_VERSION,
                f"Unsupported MCP-Protocol-Version {version[:40]!r}",
                {"supported": list(SUPPORTED_PROTOCOL_VERSIONS), "requested": version[:40]},
            )
        if (request.content_length or 0) > MAX_REQUEST_BYTES:
            return _too_large()
        chunks: list[bytes] = []
        size = 0
        while chunk := await request.content.read(64 * 1024):
            size += len(chunk)
            if size > MAX_REQUEST_BYTES:
                return _too_large()
            chunks.append(chunk)
        body = b"".join(chunks)
        try:
            message = json.loads(body)
        except ValueError, RecursionError:
            return _rpc_error(
                HTTPStatus.BAD_REQUEST, PARSE_ERROR, "Parse error: the body is not JSON"
            )
        if (problem := _is_jsonrpc_message(message)) is not None:
            request_id = message.get("id") if isinstance(message, dict) else None
            return _rpc_error(
                HTTPStatus.BAD_REQUEST,
                INVALID_REQUEST,
                f"Invalid Request: {problem}",
                request_id=request_id if isinstance(request_id, (str, int)) else None,
            )

        scope = _asgi_scope(request, _with_client_name(request, caller, message))
        return await _async_serve_asgi(
            self._hass, self._manager.handle_request, request, scope, body
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
    as the request reached it, its configured internal and external URLs, and
    loopback origins (local developer tools). Authentication is a bearer token,
    so a foreign page cannot ride on a cookie; this check is the DNS-rebinding
    defence the MCP specification asks for, in depth.
    """
    if (origin := request.headers.get("Origin")) is None:
        return True
    try:
        url = yarl.URL(origin)
    except ValueError:
        return False
    if not url.absolute or url.host is None:
        return False
    if url.host in ("localhost", "127.0.0.1", "::1"):
        return True
    allowed = {f"{request.scheme}://{request.host}".lower()}
    for configured in (hass.config.internal_url, hass.config.external_url):
        if configured:
            allowed.add(str(yarl.URL(configured).origin()).lower())
    return str(url.origin()).lower() in allowed


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
        return Caller(user=user, refresh_token_id=token_id, credential_name=credential_name)
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
            credential_name=f"client key {key.name}",
            key_id=key.key_id,
            read_only=key.scope == "read",
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


def _with_client_name(request: web.Request, caller: Caller, message: dict[str, Any]) -> Caller:
    """Return `caller` with what the MCP client says it is, for display."""
    client_name = None
    params = message.get("params")
    if isinstance(params, dict):
        meta = params.get("_meta")
        info = meta.get(CLIENT_INFO_META_KEY) if isinstance(meta, dict) else None
        if info is None:
            info = params.get("clientInfo")
        if isinstance(info, dict) and isinstance(info.get("name"), str):
            client_name = f"{info['name']} {info.get('version', '')}".strip()
    if client_name is None:
        client_name = request.headers.get(hdrs.USER_AGENT)
    return replace(caller, client_name=client_name[:120] if client_name else None)


_DROPPED_HEADERS: Final = frozenset({b"authorization", b"cookie"})


def _asgi_scope(request: web.Request, caller: Caller) -> dict[str, Any]:
    """Return the ASGI HTTP scope for an aiohttp request.

    Credentials are dropped from the headers: the SDK never needs them, and
    the `Caller` (under `SCOPE_KEY`) is what tools act as.
    """
    headers = [
        (name.lower(), value)
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
) -> web.StreamResponse:
    """Run an ASGI `app` for `request` and stream its answer back.

    The application runs in its own task; this handler only waits for it
    (shielded). If Home Assistant cancels the handler because the client hung
    up, the application sees `http.disconnect` and its later writes are
    dropped, but it is not cancelled: a service call already under way
    finishes and is accounted for.
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
        if disconnected.is_set():
            return
        try:
            if message["type"] == "http.response.start":
                headers = CIMultiDict(
                    (name.decode("latin-1"), value.decode("latin-1"))
                    for name, value in message.get("headers", [])
                )
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
        entries = [
            entry
            for entry in hass.config_entries.async_entries(DOMAIN)
            if entry.state is ConfigEntryState.LOADED
        ]
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
        endpoint: McpEndpoint = entries[0].runtime_data.endpoint
        return await endpoint.async_handle(request, caller)

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
