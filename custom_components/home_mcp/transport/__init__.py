"""MCP Streamable HTTP transport on Home Assistant's HTTP server.

The wire work (JSON-RPC framing, both protocol eras, per-request servers in
stateless mode) is the MCP SDK's `StreamableHTTPSessionManager`, an ASGI
application. This package bridges it onto Home Assistant's aiohttp server:

- `view`: `HomeMcpView` is a `HomeAssistantView`, registered by
  `async_register_views` (`/api/mcp` only while core's `mcp_server` does not
  serve it); it answers 503 while Home MCP's entry is starting.
- `auth`: a request carries a Home Assistant access token (checked by Home
  Assistant's auth middleware) or a Home MCP client key (checked here,
  `keys.py`); anything else answers 401 with Home Assistant's OAuth resource
  metadata, and counts as a failed login for Home Assistant's IP ban. The
  Origin check uses Home Assistant's origins (`origins.py`).
- `spec`: requests are checked first against what the MCP specification asks
  of a server (Origin in `auth`; Accept, Content-Type, MCP-Protocol-Version,
  body size, JSON-RPC shape here), so a bad request gets the specification's
  status with a body that says what to send, and never reaches the SDK.
- `bridge`: the ASGI application runs in its own task behind
  `asyncio.shield`. Home Assistant runs aiohttp with handler cancellation:
  when a client hangs up, the handler is cancelled, and the bridge turns
  that into `http.disconnect` for the application instead of cancelling a
  tool call halfway.
- `endpoint`: the session managers' `run()` is entered and left in one
  background task per config entry (`McpEndpoint.async_start` /
  `async_stop`). Stateless by default. With the option `enable_sessions`, a
  second, stateful manager serves handshake-era sessions beside the
  stateless one, and the endpoint routes each request
  (`McpEndpoint._async_route`).
- `sessions`: `SessionRegistry` keeps who owns each session and enforces the
  limits; `session_model`: a session's record and the registry's contracts;
  `sdk_sessions`: the only reader of the SDK's session table.
"""

from __future__ import annotations

from .endpoint import McpEndpoint
from .session_model import McpSession
from .sessions import SessionRegistry
from .view import async_register_views

__all__ = ["McpEndpoint", "McpSession", "SessionRegistry", "async_register_views"]
