"""MCP sessions: who opened them, how long they stay, and how they end.

With the option `enable_sessions`, a handshake-era client (protocol versions up
to 2025-11-25) that sends `initialize` without `Mcp-Session-Id` opens a
session on the MCP SDK's stateful session manager (`endpoint.py`). The SDK does the
wire work; this registry keeps Home MCP's record of each session and enforces
the limits of DESIGN §2:

- at most `MAX_SESSIONS` at once, and `MAX_SESSIONS_PER_CREDENTIAL` per
  credential (one credential cannot lock every other client out): the
  transport asks `async_admit` before an `initialize` reaches the SDK (the
  SDK's own `max_sessions` is a backstop). At a limit, the new session
  replaces the longest-idle session that stands in its way (clients that
  never end their sessions, such as one bridge launch after another, do not
  lock their own credential out); one of the credential's own that only
  holds its GET stream open comes after the idle ones; only when every one
  of them stays busy serving a request for `SESSION_ADMISSION_WAIT` is the
  `initialize` refused;
- a session belongs to the credential that opened it
  (`McpSession.credential_id`, `Caller.credential_id`): the transport answers
  403 to any other credential and nothing reaches the SDK; revoking the
  credential (a Home Assistant token, or a client key in the panel) ends
  its sessions;
- a session with no request in flight (an open GET stream is one) and none
  arriving for `SESSION_IDLE_TIMEOUT` is closed by a sweep every
  `SESSION_SWEEP_INTERVAL`, on Home Assistant's clock (`dt_util.utcnow`).
  Notifications sent to it do not count: the SDK drops them silently when
  nobody listens, so they prove nothing;
- whatever a session holds is released when it ends, however it ends (DELETE
  from the client, the sweep, `async_close`, the SDK dropping it, the entry
  unloading, Home Assistant stopping): the close callbacks
  (`async_on_close`) run exactly once per recorded session.

The registry knows nothing of HTTP or of the SDK's internals: the transport
attaches a `SessionBackend` (which session ids the SDK still holds, and how to
terminate one). Everything here runs in the event loop.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from functools import partial
import logging
from typing import TYPE_CHECKING, Any

from homeassistant.const import EVENT_HOMEASSISTANT_STOP
from homeassistant.core import CALLBACK_TYPE, Event, HomeAssistant, callback
from homeassistant.helpers.event import async_track_time_interval
from homeassistant.util import dt as dt_util

from ..const import (
    DOMAIN,
    MAX_SESSIONS,
    MAX_SESSIONS_PER_CREDENTIAL,
    SESSION_ADMISSION_WAIT,
    SESSION_IDLE_TIMEOUT,
    SESSION_SWEEP_INTERVAL,
)
from .session_model import McpSession, SessionAdmission, SessionBackend, SessionCloseCallback

if TYPE_CHECKING:
    from ..caller import Caller

_LOGGER = logging.getLogger(__name__)


def _no_subscriptions(session_id: str) -> int:
    """Count no subscriptions: the default `subscription_count`."""
    return 0


def _quietest(sessions: Iterable[McpSession], *, listening: bool) -> McpSession | None:
    """Return the session of `sessions` that makes room: the longest idle.

    listening: False, only a session with nothing in flight; True, also one
    whose only request is its server-to-client stream (a client listening,
    which then initializes again). A session serving a request is never one.
    """
    return min(
        (s for s in sessions if not s.in_flight or (listening and s.in_flight == s.streams)),
        key=lambda session: session.last_seen,
        default=None,
    )


class SessionRegistry:
    """The open MCP sessions of one config entry, and their limits.

    enabled: the option `enable_sessions`; when False the transport never
        opens a session and the registry stays empty.
    limit: most sessions open at once.
    idle_timeout: a session with no activity for this long is closed by the
        sweep (so within `idle_timeout` + one sweep interval).
    admission_wait: how long an `initialize` waits for a busy session to
        make room before it is refused (`async_admit`).
    subscription_count: `(session_id) -> int`, how many subscriptions a
        session holds, for the status; set by whoever keeps subscriptions
        (default: always 0).
    """

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        enabled: bool,
        limit: int = MAX_SESSIONS,
        per_credential: int = MAX_SESSIONS_PER_CREDENTIAL,
        idle_timeout: timedelta = SESSION_IDLE_TIMEOUT,
        admission_wait: timedelta = SESSION_ADMISSION_WAIT,
    ) -> None:
        """Create an empty registry; nothing runs until `async_start`."""
        self.hass = hass
        self.enabled = enabled
        self.limit = limit
        self.per_credential = per_credential
        self.idle_timeout = idle_timeout
        self.admission_wait = admission_wait
        self._room_waiters: set[asyncio.Future[None]] = set()
        self.subscription_count: Callable[[str], int] = _no_subscriptions
        self._sessions: dict[str, McpSession] = {}
        self._admitting = 0
        self._admitting_for: Counter[str] = Counter()
        self._backend: SessionBackend | None = None
        self._close_callbacks: list[SessionCloseCallback] = []
        self._revoke_listeners: dict[str, CALLBACK_TYPE] = {}
        self._unsubscribe: list[CALLBACK_TYPE] = []

    # -- lifecycle ---------------------------------------------------------

    @callback
    def async_start(self, backend: SessionBackend) -> None:
        """Attach the SDK's sessions and start the idle sweep.

        The sweep runs every `SESSION_SWEEP_INTERVAL` on Home Assistant's
        clock; Home Assistant stopping closes every session, so open
        server-to-client streams end before the HTTP server waits for them.
        """
        self._backend = backend
        self._unsubscribe.append(
            async_track_time_interval(
                self.hass,
                self._async_sweep,
                SESSION_SWEEP_INTERVAL,
                name=f"{DOMAIN} session sweep",
                cancel_on_shutdown=True,
            )
        )
        self._unsubscribe.append(
            self.hass.bus.async_listen(EVENT_HOMEASSISTANT_STOP, self._async_stopping)
        )

    async def async_stop(self) -> None:
        """Stop the sweep and close every session (entry unload)."""
        while self._unsubscribe:
            self._unsubscribe.pop()()
        await self.async_close_all()
        self._backend = None

    async def _async_stopping(self, _event: Event) -> None:
        await self.async_close_all()

    # -- reading -----------------------------------------------------------

    def __len__(self) -> int:
        """Return how many sessions are recorded as open."""
        return len(self._sessions)

    @callback
    def async_get(self, session_id: str) -> McpSession | None:
        """Return the record of `session_id`, or None if it is not open."""
        return self._sessions.get(session_id)

    @callback
    def async_sessions(self) -> list[McpSession]:
        """Return the open sessions, oldest first."""
        return sorted(self._sessions.values(), key=lambda s: s.opened_at)

    @callback
    def async_status(self) -> dict[str, Any]:
        """Return the panel's view of the sessions; no ids, no secrets.

        Shape: `{enabled: bool, open: int, limit: int, items: [{client,
        credential, user, age_seconds, idle_seconds, subscriptions}]}`, ages
        in whole seconds, oldest session first.
        """
        now = dt_util.utcnow()
        items = []
        for session in self.async_sessions():
            try:
                subscriptions = int(self.subscription_count(session.session_id))
            except Exception:
                _LOGGER.exception("Counting the subscriptions of a session failed")
                subscriptions = 0
            items.append(
                {
                    "client": session.client_name,
                    "credential": session.credential_name,
                    "user": session.user_name,
                    "age_seconds": max(0, round((now - session.opened_at).total_seconds())),
                    "idle_seconds": max(0, round((now - session.last_seen).total_seconds())),
                    "subscriptions": subscriptions,
                }
            )
        return {
            "enabled": self.enabled,
            "open": len(items),
            "limit": self.limit,
            "items": items,
        }

    # -- opening and using -------------------------------------------------

    async def async_admit(self, credential_id: str) -> SessionAdmission | None:
        """Reserve a place for a session an `initialize` is about to open.

        Sessions the SDK already dropped are forgotten first, so they do not
        count. When `credential_id` holds `per_credential` sessions, the
        longest-idle of them makes room; when `limit` sessions are open, the
        longest-idle of this credential's, else of anyone's
        (`_async_to_replace`). That session is
        closed as a DELETE closes it (`async_close`) before this returns.
        A session whose only request is its GET stream (a client listening)
        makes room after the idle ones of the credential, never for another
        credential. While each session that could make room is serving a
        request, this waits up to `admission_wait` for one to finish or
        close; then it returns None (the transport answers 503;
        `async_credential_full` tells which limit).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.admission_wait.total_seconds()
        self.async_prune()
        replaced: McpSession | None = None
        while not self._async_has_room(credential_id):
            if (replaced := self._async_to_replace(credential_id)) is not None:
                break
            if not await self._async_wait_for_room(deadline):
                return None
            self.async_prune()
        self._admitting += 1
        self._admitting_for[credential_id] += 1
        admission = SessionAdmission(
            self._async_add, partial(self._async_release_place, credential_id)
        )
        if replaced is not None:
            _LOGGER.debug(
                "Session %s… of %s idle since %s: closing it to make room for a new one",
                replaced.session_id[:8],
                replaced.credential_name,
                replaced.last_seen,
            )
            # Forgotten at once (before any await): no other admission picks it.
            await self.async_close(replaced.session_id)
        return admission

    @callback
    def _async_has_room(self, credential_id: str) -> bool:
        """Return True when `credential_id` may open a session without another ending."""
        return not self.async_credential_full(credential_id) and (
            len(self._sessions) + self._admitting < self.limit
        )

    @callback
    def _async_to_replace(self, credential_id: str) -> McpSession | None:
        """Return the session that makes room for a new one of `credential_id`, or None.

        At the credential's limit: its own longest-idle session, else its own
        longest-idle listening one. At the overall limit, then: the longest-idle
        of anyone's, never another credential's listening client. None when
        every candidate is serving a request.
        """
        own = [s for s in self._sessions.values() if s.credential_id == credential_id]
        found = _quietest(own, listening=False) or _quietest(own, listening=True)
        if found is None and not self.async_credential_full(credential_id):
            found = _quietest(self._sessions.values(), listening=False)
        return found

    async def _async_wait_for_room(self, deadline: float) -> bool:
        """Wait until a session may have made room (`_async_room_made`); False at `deadline`."""
        loop = asyncio.get_running_loop()
        if (remaining := deadline - loop.time()) <= 0:
            return False
        waiter: asyncio.Future[None] = loop.create_future()
        self._room_waiters.add(waiter)
        try:
            async with asyncio.timeout(remaining):
                await waiter
        except TimeoutError:
            return False
        finally:
            self._room_waiters.discard(waiter)
        return True

    @callback
    def _async_room_made(self) -> None:
        """Wake the admissions waiting for room: a request ended, or a session or place went."""
        for waiter in self._room_waiters:
            if not waiter.done():
                waiter.set_result(None)

    @callback
    def async_credential_full(self, credential_id: str) -> bool:
        """Return True when `credential_id` holds (or is opening) `per_credential` sessions."""
        held = sum(s.credential_id == credential_id for s in self._sessions.values())
        return held + self._admitting_for[credential_id] >= self.per_credential

    @callback
    def _async_release_place(self, credential_id: str) -> None:
        self._admitting -= 1
        self._admitting_for[credential_id] -= 1
        if self._admitting_for[credential_id] <= 0:
            del self._admitting_for[credential_id]
        self._async_room_made()

    @callback
    def _async_add(self, session_id: str, caller: Caller) -> McpSession:
        now = dt_util.utcnow()
        session = McpSession(
            session_id=session_id,
            credential_id=caller.credential_id,
            credential_name=caller.credential_name,
            client_name=caller.client_name,
            user_name=caller.user.name,
            opened_at=now,
            last_seen=now,
        )
        self._sessions[session_id] = session
        if caller.refresh_token_id is not None:
            # As Home Assistant's websocket API does for its connections: a
            # revoked token ends its sessions (and their streams) at once.
            self._revoke_listeners[session_id] = (
                self.hass.auth.async_register_revoke_token_callback(
                    caller.refresh_token_id, partial(self._async_revoked, session_id)
                )
            )
        _LOGGER.debug("Session %s… opened by %s", session_id[:8], caller.credential_name)
        return session

    @callback
    def _async_revoked(self, session_id: str) -> None:
        # Home Assistant drops the revoked token's callbacks itself (while
        # iterating them: unregistering here would change the set).
        self._revoke_listeners.pop(session_id, None)
        self.hass.async_create_task(
            self.async_close(session_id),
            f"{DOMAIN} close a revoked credential's session",
            eager_start=False,
        )

    @callback
    def async_request_started(self, session: McpSession, *, stream: bool) -> None:
        """Note a request on `session` being served (`stream`: its GET stream)."""
        session.in_flight += 1
        session.streams += stream
        session.last_seen = dt_util.utcnow()

    @callback
    def async_request_ended(self, session: McpSession, *, stream: bool) -> None:
        """Note the end of a request on `session`; a session doing nothing can make room."""
        session.in_flight -= 1
        session.streams -= stream
        session.last_seen = dt_util.utcnow()
        if session.in_flight == session.streams:
            self._async_room_made()

    @callback
    def touch(self, session_id: str) -> None:
        """Note a request on `session_id` (it arrived, or ended).

        Unknown ids are ignored. Event loop only.
        """
        if (session := self._sessions.get(session_id)) is not None:
            session.last_seen = dt_util.utcnow()

    # -- closing -----------------------------------------------------------

    @callback
    def async_on_close(self, close_callback: SessionCloseCallback) -> CALLBACK_TYPE:
        """Call `close_callback(session)` whenever a session ends; return the unsubscribe.

        The callback runs in the event loop, once per session, after the
        session left the registry and before its transport is terminated. An
        exception in it is logged and does not stop the others.
        """
        self._close_callbacks.append(close_callback)

        @callback
        def unsubscribe() -> None:
            if close_callback in self._close_callbacks:
                self._close_callbacks.remove(close_callback)

        return unsubscribe

    async def async_close(self, session_id: str) -> bool:
        """End the session `session_id`; return False if nothing was open.

        Its record goes, the close callbacks run, then the SDK's transport is
        terminated (`terminate()`: its streams close, its server task ends, and
        its id answers 404 from then on).
        """
        session = self._async_forget(session_id)
        held = self._backend is not None and session_id in self._backend.session_ids()
        if held and self._backend is not None:
            await self._backend.async_terminate(session_id)
        return session is not None or held

    async def async_close_credential(self, credential_id: str) -> int:
        """End every session of `credential_id` (a revoked client key); return how many."""
        ids = [s.session_id for s in self._sessions.values() if s.credential_id == credential_id]
        for session_id in ids:
            await self.async_close(session_id)
        return len(ids)

    async def async_close_all(self) -> None:
        """End every open session."""
        ids = set(self._sessions)
        if self._backend is not None:
            ids.update(self._backend.session_ids())
        for session_id in ids:
            await self.async_close(session_id)

    @callback
    def async_prune(self) -> None:
        """Forget sessions the SDK no longer holds (a DELETE, its own timeout, a crash)."""
        if self._backend is None:
            return
        held = self._backend.session_ids()
        for session_id in [sid for sid in self._sessions if sid not in held]:
            self._async_forget(session_id)

    @callback
    def _async_forget(self, session_id: str) -> McpSession | None:
        """Drop the record of `session_id` and run the close callbacks."""
        if (session := self._sessions.pop(session_id, None)) is None:
            return None
        if (unsubscribe := self._revoke_listeners.pop(session_id, None)) is not None:
            unsubscribe()
        self._async_room_made()
        _LOGGER.debug("Session %s… closed", session_id[:8])
        for close_callback in list(self._close_callbacks):
            try:
                close_callback(session)
            except Exception:
                _LOGGER.exception("Releasing what a closed MCP session held failed")
        return session

    async def _async_sweep(self, _now: datetime) -> None:
        """Forget what the SDK dropped; close sessions idle for `idle_timeout`."""
        self.async_prune()
        now = dt_util.utcnow()
        idle = [
            session.session_id
            for session in self._sessions.values()
            if not session.in_flight and now - session.last_seen >= self.idle_timeout
        ]
        for session_id in idle:
            _LOGGER.debug("Session %s… idle for %s: closing it", session_id[:8], self.idle_timeout)
            await self.async_close(session_id)
