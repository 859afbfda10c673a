"""The audit log (§7): every tool call and every decision, bounded and persisted.

Entries live in a Home Assistant `Store` (`.storage/home_mcp.audit`), newest
last, at most `MAX_ENTRIES`. They are shown in the Home MCP panel to
administrators and are never readable over MCP: no tool reads this module.
Per-credential call counters since Home Assistant started are kept beside.
"""

from __future__ import annotations

from collections import Counter, deque
from typing import Any, Final

from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.storage import Store
from homeassistant.util import dt as dt_util

from .approvals import SIGNAL_CONFIRMATION_DECIDED
from .const import DOMAIN
from .records import storable

STORAGE_KEY: Final = f"{DOMAIN}.audit"
STORAGE_VERSION: Final = 1
MAX_ENTRIES: Final = 2000
SAVE_DELAY: Final = 1
"""Seconds between an entry and its save: what a crash can lose at most."""


class AuditLog:
    """A bounded, persisted list of what MCP clients did and what people decided.

    Entry shape: `{time (ISO 8601), kind ("tool", "decision" or "escape"),
    user, credential, client, tool, targets, decision, outcome,
    confirmation_id, chain}`; absent fields are left out.
    """

    def __init__(self, hass: HomeAssistant) -> None:
        """Create the log; call `async_load` before use."""
        self._hass = hass
        self._store: Store[dict[str, Any]] = Store(hass, STORAGE_VERSION, STORAGE_KEY)
        self._entries: deque[dict[str, Any]] = deque(maxlen=MAX_ENTRIES)
        self.calls: Counter[str] = Counter()

    async def async_load(self) -> None:
        """Load the kept entries."""
        data = await self._store.async_load() or {}
        self._entries.extend(e for e in data.get("entries", []) if isinstance(e, dict))

    @callback
    def async_record(self, entry: dict[str, Any]) -> None:
        """Append an entry (time is added) and schedule a save."""
        self._entries.append(
            storable(self._hass, "audit", {"time": dt_util.utcnow().isoformat(), **entry})
        )
        if entry.get("kind") == "tool" and entry.get("credential"):
            self.calls[str(entry["credential"])] += 1
        self._store.async_delay_save(lambda: {"entries": list(self._entries)}, SAVE_DELAY)

    @callback
    def async_tail(self, limit: int = 100) -> list[dict[str, Any]]:
        """Return the newest `limit` entries, newest first."""
        return list(reversed(self._entries))[:limit]

    @callback
    def async_record_decision(self, data: dict[str, Any]) -> None:
        """Record the end of a confirmation (approved, denied, expired)."""
        self.async_record(
            {
                "kind": "decision",
                "user": data.get("approver_name") or data.get("approver"),
                "credential": data.get("credential"),
                "tool": data.get("action"),
                "targets": data.get("targets"),
                "decision": data.get("decision"),
                "outcome": data.get("state"),
                "confirmation_id": data.get("confirmation_id"),
            }
        )

    @callback
    def async_record_escape(self, escape: dict[str, Any]) -> None:
        """Record an opening the tripwire traced back to an action the gate let through."""
        self.async_record(
            {
                "kind": "escape",
                "user": escape.get("user"),
                "credential": escape.get("credential"),
                "client": escape.get("client"),
                "tool": escape.get("action"),
                "targets": [escape.get("entity_id")],
                "decision": "let through",
                "outcome": f"{escape.get('from')} -> {escape.get('to')}",
                "chain": escape.get("chain"),
            }
        )

    @callback
    def async_listen(self) -> Any:
        """Start recording decisions; return the function that stops it."""
        return async_dispatcher_connect(
            self._hass, SIGNAL_CONFIRMATION_DECIDED, self.async_record_decision
        )

    async def async_flush(self) -> None:
        """Write pending entries now (on unload)."""
        await self._store.async_save({"entries": list(self._entries)})
