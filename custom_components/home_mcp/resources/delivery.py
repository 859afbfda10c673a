"""Delivery: the tasks that send `notifications/resources/updated` to who follows.

Sending never blocks Home Assistant: each send runs in its own task with a
timeout, and a send still waiting for the same session and URI absorbs the
next one (the client reads the resource after it, so it sees the newest
state). A listen stream's update is published on the SDK's subscription bus,
which buffers it for the stream.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Mapping
import logging
from typing import Any, Final

from mcp.server.session import ServerSession
from mcp.server.subscriptions import InMemorySubscriptionBus, ResourceUpdated

from homeassistant.core import HomeAssistant, callback

from ..const import DOMAIN

_LOGGER = logging.getLogger(__name__)

SEND_TIMEOUT: Final = 5.0
"""Seconds a session's stream may take to accept one update before it is dropped."""


class Delivery:
    """The sends of one config entry's resource updates.

    hass: the running Home Assistant (its background tasks run the sends).
    bus: the SDK's subscription bus of the `subscriptions/listen` streams.
    subscriptions: session id -> {uri: the `ServerSession` saved by
        `resources/subscribe`}, kept by the hub (read here, never changed).
    listening: uri -> open listen streams that asked for it, kept by the hub.
    """

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        bus: InMemorySubscriptionBus,
        subscriptions: Mapping[str, Mapping[str, ServerSession]],
        listening: Mapping[str, int],
    ) -> None:
        """Create the delivery; nothing is sent until a followed URI changes."""
        self._hass = hass
        self._bus = bus
        self._subscriptions = subscriptions
        self._listening = listening
        self._sending: dict[tuple[str, str], asyncio.Task[None]] = {}
        # (session, uri) that changed again while a send was still waiting.
        self._again: set[tuple[str, str]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        self.updates_sent = 0
        """Updates handed to sessions or the listen bus since start (for tests)."""

    @callback
    def async_deliver(self, uri: str) -> None:
        """Announce `uri` to every session and listen stream following it (now).

        Called by the URI's debouncer (`tracking`). Returns at once: sends run in tasks.
        """
        if self._closed:
            return
        for session_id, followed in self._subscriptions.items():
            session = followed.get(uri)
            key = (session_id, uri)
            if session is None:
                continue
            if key in self._sending:
                self._again.add(key)  # Sent once the waiting send is done.
                continue
            self._async_start_send(session_id, uri, session)
        if self._listening.get(uri):
            self._spawn(self._bus.publish(ResourceUpdated(uri=uri)))
            self.updates_sent += 1

    @callback
    def _async_start_send(self, session_id: str, uri: str, session: ServerSession) -> None:
        self._sending[(session_id, uri)] = self._hass.async_create_background_task(
            self._async_send(session_id, uri, session),
            f"{DOMAIN} resource update",
            eager_start=False,
        )
        self.updates_sent += 1

    async def _async_send(self, session_id: str, uri: str, session: ServerSession) -> None:
        """Send one `notifications/resources/updated` to a session, or give up.

        A change that came while this send waited is announced right after
        it, so the last change always reaches a client that reads again.
        """
        try:
            async with asyncio.timeout(SEND_TIMEOUT):
                await session.send_resource_updated(uri)
        except TimeoutError:
            _LOGGER.debug(
                "Session %s… took no update for %s s; %s dropped",
                session_id[:8],
                SEND_TIMEOUT,
                uri,
            )
        except Exception as err:  # noqa: BLE001 - a session's stream must not break delivery.
            _LOGGER.debug("Update of %s to session %s… failed: %r", uri, session_id[:8], err)
        finally:
            key = (session_id, uri)
            self._sending.pop(key, None)
            if key in self._again and not self._closed:
                self._again.discard(key)
                if (current := self._subscriptions.get(session_id, {}).get(uri)) is not None:
                    self._async_start_send(session_id, uri, current)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = self._hass.async_create_background_task(coro, f"{DOMAIN} resource update")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @callback
    def async_drop_session(self, session_id: str) -> None:
        """Cancel the pending sends of a session that ended."""
        self._again = {key for key in self._again if key[0] != session_id}
        for (sid, _uri), task in list(self._sending.items()):
            if sid == session_id:
                task.cancel()

    @callback
    def async_close(self) -> None:
        """Send nothing more and cancel every pending send (idempotent)."""
        self._closed = True
        for task in [*self._sending.values(), *self._tasks]:
            task.cancel()
