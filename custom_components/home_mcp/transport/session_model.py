"""An MCP session as the registry and the transport share it.

`McpSession` is Home MCP's record of one open session; `SessionBackend` is
what the transport attaches to the registry (the SDK's side of the sessions);
`SessionAdmission` is the place `SessionRegistry.async_admit` holds for a
session while the `initialize` opening it is served.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from homeassistant.core import callback

if TYPE_CHECKING:
    from mcp_types import LoggingLevel

    from ..caller import Caller


@dataclass(slots=True, kw_only=True)
class McpSession:
    """Home MCP's record of one open MCP session.

    session_id: the `Mcp-Session-Id` the SDK issued (bearer-like: never shown
        in the panel, the status or the logs beyond a short prefix).
    credential_id: `Caller.credential_id` of the credential that opened it;
        the only one that may use it.
    credential_name: that credential's display name (token or key name).
    client_name: what the client said it is in `initialize` (`clientInfo`),
        else (or for the MCP SDK's default name) its User-Agent; untrusted,
        for display.
    user_name: the Home Assistant user's name.
    opened_at: when `initialize` opened it (UTC).
    last_seen: when the last request on it arrived or ended (UTC).
    in_flight: requests on it being served now (an open GET stream is one);
        a session with one is never idle.
    streams: how many of `in_flight` are its GET stream (a client listening).
    log_level: the level it asked for with `logging/setLevel`, None before it
        asks (then it is sent no log record: `client_logs`).
    """

    session_id: str
    credential_id: str
    credential_name: str
    client_name: str | None
    user_name: str | None
    opened_at: datetime
    last_seen: datetime
    in_flight: int = 0
    streams: int = 0
    log_level: LoggingLevel | None = None


type SessionCloseCallback = Callable[[McpSession], None]
"""Called once in the event loop when a session ends, with its record."""


class SessionBackend(Protocol):
    """What the registry needs from the transport holding the SDK's sessions."""

    def session_ids(self) -> Collection[str]:
        """Return the ids of the sessions the SDK holds now."""

    async def async_terminate(self, session_id: str) -> None:
        """End the SDK's session `session_id` (its streams, its server task)."""


class SessionAdmission:
    """Room reserved for one session while the `initialize` opening it is served.

    Returned by `SessionRegistry.async_admit`. `async_open` records the session
    once the SDK's answer names its id; `async_release` gives the place back if
    it never opened (call it in a `finally`: after `async_open` it does
    nothing).
    """

    __slots__ = ("_add", "_done", "_release")

    def __init__(
        self, add: Callable[[str, Caller], McpSession], release: Callable[[], None]
    ) -> None:
        """Hold a place; `add` records a session, `release` frees the place."""
        self._add = add
        self._release = release
        self._done = False

    @callback
    def async_open(self, session_id: str, caller: Caller) -> McpSession:
        """Record the session `session_id` the SDK opened for `caller`."""
        self.async_release()
        return self._add(session_id, caller)

    @callback
    def async_release(self) -> None:
        """Give the reserved place back (once; later calls do nothing)."""
        if not self._done:
            self._done = True
            self._release()
