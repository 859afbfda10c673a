"""Following resources: `resources/subscribe`, `subscriptions/listen` and the hub.

Handshake era (protocol versions up to 2025-11-25): `resources/subscribe`
and `resources/unsubscribe`, only inside an MCP session (option
`enable_sessions`; without it the server neither serves nor advertises them,
`server.create_server`), at most `MAX_SUBSCRIPTIONS_PER_SESSION` per session; each
update is `notifications/resources/updated` sent on the session's
server-to-client stream through the `ServerSession` saved at subscribe time.
2026-07-28: `subscriptions/listen` (the SDK's `ListenHandler` over an
`InMemorySubscriptionBus`), which needs no session; the hub wraps the handler
to learn which URIs each stream asked for.

`ResourceHub` is one config entry's resources: it keeps who follows what and
hands the rest to its parts: reads (`reads`), change tracking (`tracking`)
and the sends (`delivery`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol

from mcp.server.context import ServerRequestContext
from mcp.server.session import ServerSession
from mcp.server.streamable_http import MCP_SESSION_ID_HEADER
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler
from mcp.shared.exceptions import MCPError
import mcp_types as types

from homeassistant.core import CALLBACK_TYPE, HassJob, HomeAssistant, callback

from ..approvals import ConfirmationManager
from ..caller import Caller
from ..gate import Gate
from .delivery import Delivery
from .reads import ResourceReader, request_caller
from .tracking import ChangeTracker

MAX_SUBSCRIPTIONS_PER_SESSION: Final = 50
"""Resources one session (`resources/subscribe`) or one listen stream may follow (§2)."""
MAX_LISTEN_STREAMS: Final = 32
"""Open `subscriptions/listen` streams at once; further ones are refused by the SDK."""
MAX_LISTEN_BACKLOG: Final = 256
"""Updates buffered per listen stream; a stream whose client stops reading is ended there."""

_SESSIONS_OFF: Final = (
    "resources/subscribe needs an MCP session, and sessions are off: a Home "
    "Assistant administrator turns on 'enable_sessions' in Home MCP's options. "
    "Clients speaking protocol 2026-07-28 follow resources with "
    "subscriptions/listen instead, which works without sessions."
)
_NO_SESSION: Final = (
    "resources/subscribe needs an MCP session, and this request is in none: "
    "send initialize without Mcp-Session-Id to open one, then that id with "
    "every request. Clients speaking protocol 2026-07-28 follow resources "
    "with subscriptions/listen instead, which works without sessions."
)


class SessionRecord(Protocol):
    """What the hub reads of a session's record (`transport.McpSession`)."""

    session_id: str
    credential_id: str


class SessionHooks(Protocol):
    """What the hub needs from the session registry (`transport.SessionRegistry`)."""

    subscription_count: Callable[[str], int]

    @property
    def enabled(self) -> bool:
        """Return True when the option `enable_sessions` is on."""

    def async_on_close(self, close_callback: Callable[[SessionRecord], None]) -> CALLBACK_TYPE:
        """Call `close_callback(record)` once when a session ends; return the unsubscribe."""

    def async_get(self, session_id: str) -> SessionRecord | None:
        """Return the record of an open session, or None."""


def _session_id(ctx: ServerRequestContext[Any, Any]) -> str | None:
    """Return the request's `Mcp-Session-Id`, or None outside a session."""
    headers = getattr(ctx.request, "headers", None)
    value = headers.get(MCP_SESSION_ID_HEADER) if headers is not None else None
    return value if isinstance(value, str) and value else None


class ResourceHub:
    """Resources of one config entry: reads, subscriptions and change tracking.

    hass: the running Home Assistant.
    gate: the entry's gate (`guarded` flags, which covers count as security).
    confirmations: the entry's confirmations (`ha://confirmation/...`).
    budget: byte budget of one read, as for a tool response.

    Server handlers (pass them to `mcp.server.lowlevel.Server`, see
    `server.create_server`): `async_list_resources`, `async_list_templates`,
    `async_read`, `async_subscribe`, `async_unsubscribe`, `async_listen`.

    Sessions: `async_attach_sessions(registry)` once the session registry
    exists; the hub then sets `registry.subscription_count`, is told of every
    closed session (`registry.async_on_close`). Without a registry
    `resources/subscribe` answers that sessions must be enabled.

    Lifecycle: `async_unload` (entry unload) and Home Assistant's shutdown
    end every listen stream, stop every timer and listener and drop every
    subscription.
    """

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        gate: Gate,
        confirmations: ConfirmationManager,
        budget: int,
    ) -> None:
        """Create the hub; nothing listens until someone follows a resource."""
        self._reader = ResourceReader(
            hass=hass, gate=gate, confirmations=confirmations, budget=budget
        )
        self._bus = InMemorySubscriptionBus()
        self._listen = ListenHandler(
            self._bus,
            max_subscriptions=MAX_LISTEN_STREAMS,
            max_buffered_events=MAX_LISTEN_BACKLOG,
        )
        self._sessions: SessionHooks | None = None
        self._detach_sessions: CALLBACK_TYPE | None = None
        # session id -> {uri: the ServerSession saved by resources/subscribe}
        self._subscriptions: dict[str, dict[str, ServerSession]] = {}
        # uri -> open listen streams that asked for it
        self._listening: dict[str, int] = {}
        self._delivery = Delivery(
            hass, bus=self._bus, subscriptions=self._subscriptions, listening=self._listening
        )
        self._tracker = ChangeTracker(hass, gate=gate, deliver=self._delivery.async_deliver)
        # One SDK session object per session, whatever request subscribed
        # (each request's object keeps that request alive).
        self._peers: dict[str, ServerSession] = {}
        self._closed = False
        self._remove_shutdown_job = hass.async_add_shutdown_job(HassJob(self._async_close))

    # -- reading (`reads`) ----------------------------------------------------

    async def async_list_resources(
        self, ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        """Answer `resources/list`: one resource per room (`ResourceReader`)."""
        return await self._reader.async_list_resources(ctx, params)

    async def async_list_templates(
        self, ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        """Answer `resources/templates/list`: entity, room and confirmation."""
        return await self._reader.async_list_templates(ctx, params)

    async def async_read(
        self, ctx: ServerRequestContext[Any, Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        """Answer `resources/read` with one JSON text content; MCP error -32602 if none."""
        return await self._reader.async_read(ctx, params)

    # -- following ------------------------------------------------------------

    async def async_subscribe(
        self, ctx: ServerRequestContext[Any, Any], params: types.SubscribeRequestParams
    ) -> types.EmptyResult:
        """Answer `resources/subscribe` (handshake era, sessions only).

        Errors (MCP): no session or sessions off (-32600, says how to turn
        them on, or to use `subscriptions/listen`); a URI this caller cannot
        read (-32602, as `resources/read`); more than
        `MAX_SUBSCRIPTIONS_PER_SESSION` resources on the session (-32600).
        Subscribing again to a followed URI changes nothing.
        """
        caller = request_caller(ctx)
        uri = str(params.uri)
        if self._sessions is None or not self._sessions.enabled or self._closed:
            raise MCPError(types.INVALID_REQUEST, _SESSIONS_OFF)
        session_id = self._async_own_session(ctx, caller)
        if session_id is None:
            raise MCPError(types.INVALID_REQUEST, _NO_SESSION)
        await self._reader.async_check_followable(caller, uri)
        if self._async_own_session(ctx, caller) is None:
            raise MCPError(types.INVALID_REQUEST, "The session ended")
        followed = self._subscriptions.setdefault(session_id, {})
        if uri not in followed and len(followed) >= MAX_SUBSCRIPTIONS_PER_SESSION:
            raise MCPError(
                types.INVALID_REQUEST,
                f"This session already follows {len(followed)} resources, the most one "
                "session may: unsubscribe from one first (resources/unsubscribe)",
                {"limit": MAX_SUBSCRIPTIONS_PER_SESSION, "subscribed": len(followed)},
            )
        followed[uri] = self._peers.setdefault(session_id, ctx.session)
        self._async_update_watch(uri)
        return types.EmptyResult()

    async def async_unsubscribe(
        self, ctx: ServerRequestContext[Any, Any], params: types.UnsubscribeRequestParams
    ) -> types.EmptyResult:
        """Answer `resources/unsubscribe`; a URI not followed is not an error."""
        uri = str(params.uri)
        session_id = self._async_own_session(ctx, request_caller(ctx))
        if session_id is None or (followed := self._subscriptions.get(session_id)) is None:
            return types.EmptyResult()
        if followed.pop(uri, None) is not None:
            if not followed:
                del self._subscriptions[session_id]
            self._async_update_watch(uri)
        return types.EmptyResult()

    async def async_listen(
        self, ctx: ServerRequestContext[Any, Any], params: types.SubscriptionsListenRequestParams
    ) -> types.SubscriptionsListenResult:
        """Serve one `subscriptions/listen` stream (2026-07-28).

        The resource URIs it asks for are checked like `resources/read` (an
        error names the first one this caller cannot read: -32602) and at
        most `MAX_SUBSCRIPTIONS_PER_SESSION` are taken (-32600 beyond); they
        are followed for as long as the stream is open. The stream itself is
        the SDK's `ListenHandler`.
        """
        caller = request_caller(ctx)
        uris = list(dict.fromkeys(params.notifications.resource_subscriptions or ()))
        if len(uris) > MAX_SUBSCRIPTIONS_PER_SESSION:
            raise MCPError(
                types.INVALID_REQUEST,
                f"One listen stream may follow at most {MAX_SUBSCRIPTIONS_PER_SESSION} "
                f"resources; this one asks for {len(uris)}",
                {"limit": MAX_SUBSCRIPTIONS_PER_SESSION, "requested": len(uris)},
            )
        for uri in uris:
            await self._reader.async_check_followable(caller, uri)
        if self._closed:  # Unloaded meanwhile: no stream would ever end.
            raise MCPError(types.INTERNAL_ERROR, "Home MCP is being unloaded; listen again")
        for uri in uris:
            self._listening[uri] = self._listening.get(uri, 0) + 1
            self._async_update_watch(uri)
        try:
            return await self._listen(ctx, params)
        finally:
            for uri in uris:
                if (count := self._listening.get(uri, 0) - 1) > 0:
                    self._listening[uri] = count
                else:
                    self._listening.pop(uri, None)
                self._async_update_watch(uri)

    # -- sessions ---------------------------------------------------------------

    @callback
    def _async_own_session(self, ctx: ServerRequestContext[Any, Any], caller: Caller) -> str | None:
        """Return the id of the open session this request came in, if `caller` opened it.

        The `Mcp-Session-Id` header alone proves nothing (a stateless request
        may carry any); the registry must know the session and its credential.
        """
        session_id = _session_id(ctx)
        if session_id is None or self._sessions is None:
            return None
        record = self._sessions.async_get(session_id)
        if record is None or record.credential_id != caller.credential_id:
            return None
        return session_id

    @callback
    def async_attach_sessions(self, sessions: SessionHooks) -> CALLBACK_TYPE:
        """Serve `resources/subscribe` on the sessions of `sessions`; return the detach.

        Sets `sessions.subscription_count` to this hub's count and registers
        a close callback that drops what a closed session followed.
        """
        if self._detach_sessions is not None:
            self._detach_sessions()
        self._sessions = sessions
        sessions.subscription_count = self.async_subscription_count
        remove = sessions.async_on_close(self._async_session_closed)

        @callback
        def detach() -> None:
            remove()
            if self._sessions is sessions:
                self._sessions = None
                self._detach_sessions = None
                for session_id in list(self._subscriptions):
                    self._async_drop_session(session_id)

        self._detach_sessions = detach
        return detach

    @property
    def followed(self) -> frozenset[str]:
        """Return the URIs some session or listen stream follows now."""
        return self._tracker.followed

    @property
    def tracking(self) -> bool:
        """Return True while the hub listens to state or confirmation changes."""
        return self._tracker.tracking

    @property
    def updates_sent(self) -> int:
        """Return the updates handed to sessions or the listen bus since start (for tests)."""
        return self._delivery.updates_sent

    @callback
    def async_subscription_count(self, session_id: str) -> int:
        """Return how many resources the session `session_id` follows."""
        return len(self._subscriptions.get(session_id, ()))

    @callback
    def _async_session_closed(self, record: SessionRecord) -> None:
        self._async_drop_session(record.session_id)

    @callback
    def _async_drop_session(self, session_id: str) -> None:
        """Forget what a session followed and cancel its pending sends."""
        followed = self._subscriptions.pop(session_id, {})
        self._peers.pop(session_id, None)
        self._delivery.async_drop_session(session_id)
        for uri in followed:
            self._async_update_watch(uri)

    @callback
    def _async_update_watch(self, uri: str) -> None:
        """Start or stop following `uri` after its subscribers changed."""
        watched = not self._closed and (
            self._listening.get(uri, 0) > 0
            or any(uri in followed for followed in self._subscriptions.values())
        )
        self._tracker.async_set_watched(uri, watched)

    # -- lifecycle ---------------------------------------------------------------

    @callback
    def async_unload(self) -> None:
        """Release everything (entry unload): streams, timers, listeners, subscriptions."""
        self._remove_shutdown_job()
        self._async_close()

    @callback
    def _async_close(self) -> None:
        """End listen streams, stop debouncers and listeners, drop subscriptions (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._listen.close()
        if self._detach_sessions is not None:
            self._detach_sessions()
        self._subscriptions.clear()
        self._listening.clear()
        self._tracker.async_close()
        self._delivery.async_close()
