"""The versions Home MCP's writes replaced: per item, the last `KEEP`, in Home Assistant's `Store`.

Every write keeps what it replaced (nothing, for a creation; the old
configuration, for an update or a deletion), with when, which write and
who asked, so the panel can show an item's history and restore a version
(itself a write, judged by the gate like any other). Records are checked
with the `Store`'s own encoder as they arrive (`records.storable`), written
within `SAVE_DELAY`, and when the entry unloads or Home Assistant stops.
"""

from __future__ import annotations

from typing import Any, Final, NotRequired, TypedDict

from homeassistant.core import HomeAssistant, callback
from homeassistant.util import dt as dt_util

from ..const import DOMAIN
from ..records import storable
from ..store import EntryStore
from .editors import Written

STORAGE_KEY: Final = f"{DOMAIN}.config_history"
STORAGE_VERSION: Final = 1
KEEP: Final = 20
"""Versions kept per item; the oldest goes first."""
SAVE_DELAY: Final = 1.0
"""Seconds between a recorded version and its save: what a crash can lose at most."""


class Version(TypedDict):
    """One replaced version of an item."""

    at: str
    action: str
    """The write that replaced it: `created`, `updated` or `deleted`."""
    by: str
    config: dict[str, Any] | None
    """What was there before the write (None: nothing, it was created)."""
    opens: NotRequired[list[str]]
    """A dashboard write's cards whose tap would open the house, for the owner to see."""


def item_key(kind: str, key: str) -> str:
    """Return the history's key of an item: `automation/1700000000001`."""
    return f"{kind}/{key}"


class ConfigHistory:
    """The replaced versions of every item Home MCP wrote."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Create the history of `hass` (load it with `async_load`)."""
        self._hass = hass
        self._items: dict[str, list[Version]] = {}
        self._store: EntryStore[dict[str, list[Version]]] = EntryStore(
            hass, STORAGE_VERSION, STORAGE_KEY, lambda: self._items
        )

    async def async_load(self) -> None:
        """Read the history from storage."""
        self._items = await self._store.async_load() or {}

    @callback
    def async_versions(self, kind: str, key: str) -> list[Version]:
        """Return an item's replaced versions, newest first."""
        return list(reversed(self._items.get(item_key(kind, key), [])))

    @callback
    def async_items(self) -> dict[str, list[Version]]:
        """Return every item's replaced versions (`kind/key` -> newest first)."""
        return {key: list(reversed(versions)) for key, versions in self._items.items()}

    @callback
    def async_record(self, written: Written, by: str) -> Version:
        """Keep what `written` replaced; return the version recorded."""
        version: Version = {
            "at": dt_util.utcnow().isoformat(),
            "action": written.action,
            "by": by,
            "config": written.before,
        }
        checked = storable(self._hass, "config_history", dict(version))
        version = Version(
            at=str(checked["at"]),
            action=str(checked["action"]),
            by=str(checked["by"]),
            config=checked["config"],
        )
        if written.opens:
            version["opens"] = [str(line) for line in written.opens]
        versions = self._items.setdefault(item_key(written.kind.value, written.key), [])
        versions.append(version)
        del versions[:-KEEP]
        self._store.async_delay_save(SAVE_DELAY)
        return version

    async def async_flush(self) -> None:
        """Write the history now."""
        await self._store.async_save()

    async def async_close(self) -> None:
        """Write the history now and no more (the entry unloads)."""
        await self._store.async_close()
