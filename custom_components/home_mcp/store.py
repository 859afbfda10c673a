"""Home MCP's stores: what decides who may do what is on disk before the call returns.

Every store Home MCP keeps (client keys, confirmations, the audit, the
configuration history) is an `EntryStore`: Home Assistant's `Store`, for one
config entry's life, with two ways to save a change and one way to end.

- `async_save`: written now; the change's own call awaits it. For what
  decides who may do what (a key created or revoked, a confirmation decided
  or expired): a reload, a restart or a power cut right after the call keeps
  it.
- `async_delay_save`: written within `delay` seconds. For bookkeeping (a
  key's last use, an audit entry, a replaced version). A later request
  never moves a write already due sooner (Home Assistant's `Store` alone
  would put it off to the last delay asked, so a key in use could hold back
  its own revocation, and a steady flow of calls the audit).
- `async_close`: on unload, writes everything, after any write under way,
  and writes nothing afterwards. The store the entry's next load makes
  reads what this one wrote last, and this one never writes over it.

Home Assistant writes a delayed save still pending when it stops.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
import logging
from typing import Any

from homeassistant.core import HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers.storage import Store

_LOGGER = logging.getLogger(__name__)


class StoreClosedError(HomeAssistantError):
    """A change asked to be written now reached a store its entry unloaded."""


class EntryStore[DataT: Mapping[str, Any] | Sequence[Any]]:
    """One of Home MCP's stores, for the life of one config entry.

    data: returns what the store keeps, as it is when written (the owner's
    live records: a delayed write saves the latest of them).
    """

    def __init__(
        self, hass: HomeAssistant, version: int, key: str, data: Callable[[], DataT]
    ) -> None:
        """Create the store of `key`; nothing is read until `async_load`."""
        self._hass = hass
        self._store: Store[DataT] = Store(hass, version, key)
        self._data = data
        self._due: float | None = None
        """When the pending delayed write is due (the loop's clock); None once it starts."""
        self._closed = False

    @property
    def key(self) -> str:
        """Return the store's key, its file's name in `.storage`."""
        return self._store.key

    async def async_load(self) -> DataT | None:
        """Return what the store holds, None if nothing was ever written."""
        return await self._store.async_load()

    async def async_save(self) -> None:
        """Write the data now; return once it is written.

        Raises `StoreClosedError` once the entry unloaded: the entry loaded
        next owns the file, and the change would not be kept.
        """
        if self._closed:
            raise StoreClosedError(
                f"Home MCP was reloaded meanwhile: this change to {self.key} was not saved"
            )
        await self._store.async_save(self._async_data_now())

    @callback
    def async_delay_save(self, delay: float) -> None:
        """Write the data within `delay` seconds, or when a write already asked is due.

        Once the entry unloaded nothing is written: the change is dropped
        (and logged), never written over what the next entry's store loaded.
        """
        if self._closed:
            _LOGGER.warning(
                "A change to %s came after Home MCP unloaded it and is not saved", self.key
            )
            return
        now = self._hass.loop.time()
        if self._due is not None and self._due <= now + delay:
            return  # A write is due sooner, and it writes the data as it is then.
        self._due = now + delay
        self._store.async_delay_save(self._async_data_now, delay)

    async def async_close(self) -> None:
        """Write everything now and nothing afterwards (the entry unloads)."""
        if self._closed:
            return
        self._closed = True
        # After any write under way (the `Store` writes one at a time), and
        # in place of any delayed one.
        await self._store.async_save(self._async_data_now())

    @callback
    def _async_data_now(self) -> DataT:
        """Return the data for a write starting now, which any delayed write asked joins."""
        self._due = None
        return self._data()
