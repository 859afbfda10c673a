"""The aiohttp to ASGI bridge: a request's scope, serving it, and disconnects.

The MCP SDK's session managers are ASGI applications; Home Assistant serves
aiohttp. The ASGI application runs in its own task behind `asyncio.shield`.
Home Assistant runs aiohttp with handler cancellation: when a client hangs
up, the handler is cancelled, and the bridge turns that into `http.disconnect`
for the application instead of cancelling a tool call halfway.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from http import HTTPStatus
import logging
from typing import Any, Final

from aiohttp import web
from multidict import CIMultiDict

from homeassistant.core import HomeAssistant

from ..caller import SCOPE_KEY, Caller
from ..const import DOMAIN
from .spec import rpc_error

_LOGGER = logging.getLogger(__name__)

_DROPPED_HEADERS: Final = frozenset({b"authorization", b"cookie"})


def asgi_scope(request: web.Request, caller: Caller) -> dict[str, Any]:
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


async def async_serve_asgi(
    hass: HomeAssistant,
    app: Callable[..., Any],
    request: web.Request,
    scope: dict[str, Any],
    body: bytes,
    *,
    on_start: Callable[[int, CIMultiDict[str]], None] | None = None,
    request_id: str | int | None = None,
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

    request_id: the request's JSON-RPC id, for the error answered when the
    application fails before answering.
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
            return rpc_error(
                HTTPStatus.INTERNAL_SERVER_ERROR,
                -32603,
                "Internal error in the MCP transport; see Home Assistant's log",
                request_id=request_id,
            )
    if response is None:
        return rpc_error(
            HTTPStatus.INTERNAL_SERVER_ERROR,
            -32603,
            "The MCP transport ended without an answer",
            request_id=request_id,
        )
    return response
