"""Helpers written the way the Helpers page writes them: through their own websocket commands.

Each helper integration (`input_boolean`, `timer`, `schedule`, ...) keeps its
UI-made items in a storage collection that only its websocket commands reach
(`<domain>/list`, `/create`, `/update`, `/delete`, registered by
`homeassistant.helpers.collection.DictStorageCollectionWebsocket`): the
schema of each command, the collection's own validation and storage, and
the administrator check all happen there. `HelperEditor` sends those
commands in-process, as the calling Home Assistant user, on a connection of
its own that no client sees, and waits for the answer.
"""

from __future__ import annotations

import asyncio
import contextvars
from enum import StrEnum
from itertools import count
import logging
from typing import Any, Final

from homeassistant.auth.models import User
from homeassistant.components.websocket_api import ActiveConnection
from homeassistant.components.websocket_api.http import WebSocketAdapter
from homeassistant.core import HomeAssistant
from homeassistant.util.json import json_loads

from .editors import ConfigError

_LOGGER = logging.getLogger(__name__)
TIMEOUT: Final = 10.0
"""Seconds to wait for a helper's command (its storage writes in the background)."""


class HelperKind(StrEnum):
    """The helpers of the Helpers page that Home MCP writes."""

    INPUT_BOOLEAN = "input_boolean"
    INPUT_NUMBER = "input_number"
    INPUT_SELECT = "input_select"
    INPUT_TEXT = "input_text"
    INPUT_DATETIME = "input_datetime"
    INPUT_BUTTON = "input_button"
    COUNTER = "counter"
    TIMER = "timer"
    SCHEDULE = "schedule"


class HelperError(ConfigError):
    """A helper command Home Assistant refused; `code` is its websocket error code."""

    def __init__(self, code: str, message: str) -> None:
        """Keep the code and the message Home Assistant gave."""
        super().__init__(message)
        self.code = code


class HelperEditor:
    """The Helpers page's commands, sent in-process as `user`."""

    def __init__(self, hass: HomeAssistant, user: User) -> None:
        """Send as `user` (an administrator, or Home Assistant refuses)."""
        self._hass = hass
        self._user = user
        self._ids = count(1)

    async def async_list(self, kind: HelperKind) -> list[dict[str, Any]]:
        """Return the helpers of `kind` the Helpers page made."""
        items = await self.async_command({"type": f"{kind}/list"})
        return list(items) if isinstance(items, list) else []

    async def async_create(self, kind: HelperKind, config: dict[str, Any]) -> dict[str, Any]:
        """Create a helper; return it as stored (with its `id`)."""
        return await self._item({**config, "type": f"{kind}/create"})

    async def async_update(
        self, kind: HelperKind, item_id: str, config: dict[str, Any]
    ) -> dict[str, Any]:
        """Update a helper; return it as stored."""
        return await self._item({**config, "type": f"{kind}/update", f"{kind}_id": item_id})

    async def async_delete(self, kind: HelperKind, item_id: str) -> None:
        """Delete a helper (its entity goes with it)."""
        await self.async_command({"type": f"{kind}/delete", f"{kind}_id": item_id})

    async def _item(self, message: dict[str, Any]) -> dict[str, Any]:
        item = await self.async_command(message)
        if not isinstance(item, dict):
            raise HelperError("unknown_error", "Home Assistant answered without the helper")
        return item

    async def async_command(self, message: dict[str, Any]) -> Any:
        """Send one websocket command as the user; return its result or raise `HelperError`."""
        message_id = next(self._ids)
        answered: asyncio.Future[dict[str, Any]] = self._hass.loop.create_future()

        def send(sent: bytes | str | dict[str, Any]) -> None:
            reply = sent if isinstance(sent, dict) else json_loads(sent)
            if isinstance(reply, dict) and reply.get("id") == message_id and not answered.done():
                answered.set_result(reply)

        def handle() -> None:
            connection = ActiveConnection(
                WebSocketAdapter(_LOGGER, {"connid": "home_mcp"}),
                self._hass,
                send,
                self._user,
                None,
                None,
            )
            connection.async_handle({**message, "id": message_id})

        # The connection marks itself current in its context: not in the caller's.
        contextvars.copy_context().run(handle)
        async with asyncio.timeout(TIMEOUT):
            reply = await answered
        if not reply.get("success"):
            error = reply.get("error") or {}
            raise HelperError(str(error.get("code", "unknown_error")), str(error.get("message")))
        return reply.get("result")
