"""The audit log (§7): every tool call and every decision, bounded and persisted.

Entries live in a Home Assistant `Store` (`.storage/home_mcp.audit`), newest
last, at most `MAX_ENTRIES`. They are shown in the Home MCP panel to
administrators and are never readable over MCP: no tool reads this module.
Per-credential call counters since Home Assistant started are kept beside.
Entries are written at most `SAVE_DELAY` after the first one not yet written
(a steady flow of calls never holds the write back), and when the entry
unloads or Home Assistant stops.
"""

from __future__ import annotations

from collections import Counter, deque
import heapq
from typing import Any, Final

from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.util import dt as dt_util

from .approvals import SIGNAL_CONFIRMATION_DECIDED
from .caller import Caller
from .const import DOMAIN
from .records import storable
from .store import EntryStore

STORAGE_KEY: Final = f"{DOMAIN}.audit"
STORAGE_VERSION: Final = 1
MAX_ENTRIES: Final = 2000
"""Ordinary entries kept (reads, errors, writes that ran), newest last."""
MAX_GUARDED_ENTRIES: Final = 2000
"""Entries kept apart: refused guarded actions, people's decisions, escapes."""
SAVE_DELAY: Final = 1
"""Seconds between an entry and its save: what a crash can lose at most."""
DIFF_CHARS: Final = 8_000
"""A configuration write's diff, as an entry keeps it."""


def is_guarded_entry(entry: dict[str, Any]) -> bool:
    """Return True for an entry a client must not be able to push out of the log.

    A refused guarded action (the first request of its confirmation), a
    person's decision, an escape the tripwire caught. Any client can make
    ordinary entries as fast as it can call; these come from the gate and
    from people, at most one per confirmation.
    """
    if entry.get("kind") in ("decision", "escape"):
        return True
    return entry.get("decision") == "refused" and not entry.get("repeat")


class AuditLog:
    """A bounded, persisted list of what MCP clients did and what people decided.

    Entry shape: `{time (ISO 8601), kind ("tool", "decision" or "escape"),
    user, credential, client, tool, targets, decision, outcome,
    confirmation_id, device, chain, repeat}`; absent fields are left out. `device`:
    the companion app whose tap decided (`approvals.phone`). `repeat`
    marks a refusal asked again for a confirmation already recorded.

    Two bounds: `MAX_ENTRIES` ordinary entries and, apart,
    `MAX_GUARDED_ENTRIES` guarded ones (`is_guarded_entry`), so a client
    flooding the log with calls cannot push out the record of its refused
    unlock or of a person's decision. Stored as one list, oldest first.
    """

    def __init__(self, hass: HomeAssistant) -> None:
        """Create the log; call `async_load` before use."""
        self._hass = hass
        self._store = EntryStore(hass, STORAGE_VERSION, STORAGE_KEY, self._data_to_save)
        self._entries: deque[dict[str, Any]] = deque(maxlen=MAX_ENTRIES)
        self._guarded: deque[dict[str, Any]] = deque()
        self._refusals: dict[tuple[Any, Any], dict[str, Any]] = {}
        self.calls: Counter[str] = Counter()

    async def async_load(self) -> None:
        """Load the kept entries."""
        data = await self._store.async_load() or {}
        for entry in data.get("entries", []):
            if isinstance(entry, dict):
                self._async_keep(entry)

    @callback
    def async_record(self, entry: dict[str, Any]) -> None:
        """Append an entry (time is added) and schedule a save."""
        now = dt_util.utcnow().isoformat()
        if entry.get("kind") == "tool" and entry.get("credential"):
            self.calls[str(entry["credential"])] += 1
        key = (entry.get("credential_id"), entry.get("confirmation_id"))
        if entry.get("decision") == "refused" and key in self._refusals:
            # The same refused action asked again: an ordinary entry, so
            # asking over and over cannot push other guarded entries out.
            entry = {**entry, "repeat": True}
        self._async_keep(storable(self._hass, "audit", {"time": now, **entry}))
        self._store.async_delay_save(SAVE_DELAY)

    @callback
    def _async_keep(self, entry: dict[str, Any]) -> None:
        """Add a recorded (or loaded) entry to its bounded list."""
        if not is_guarded_entry(entry):
            self._entries.append(entry)
            return
        if len(self._guarded) >= MAX_GUARDED_ENTRIES:
            oldest = self._guarded.popleft()
            key = (oldest.get("credential_id"), oldest.get("confirmation_id"))
            if self._refusals.get(key) is oldest:
                del self._refusals[key]
        self._guarded.append(entry)
        if entry.get("decision") == "refused" and entry.get("confirmation_id"):
            self._refusals[(entry.get("credential_id"), entry.get("confirmation_id"))] = entry

    def _data_to_save(self) -> dict[str, Any]:
        return {"entries": self._oldest_first()}

    def _oldest_first(self) -> list[dict[str, Any]]:
        return list(
            heapq.merge(self._entries, self._guarded, key=lambda entry: str(entry.get("time")))
        )

    @callback
    def async_tail(self, limit: int = 100) -> list[dict[str, Any]]:
        """Return the newest `limit` entries, newest first."""
        return self._oldest_first()[::-1][:limit]

    @callback
    def async_record_call(
        self, caller: Caller, tool: str, write: bool, payload: dict[str, Any]
    ) -> None:
        """Record one tool call: who, which tool, what it reached, what came of it."""
        rows = payload.get("targets") or payload.get("states") or []
        targets = [row.get("entity_id") for row in rows if isinstance(row, dict)][:20]
        if not targets and isinstance(payload.get("entity_id"), str):
            targets = [payload["entity_id"]]  # A configuration write's item.
        if payload.get("refused"):
            decision = "refused"
        elif payload.get("ok") is False:
            decision = "error"
        elif write:
            decision = "ran"
        else:
            decision = "read"
        diff = payload.get("diff")
        self.async_record(
            {
                "kind": "tool",
                "user": caller.user.name or caller.user.id,
                "credential": caller.credential_name,
                "credential_id": caller.credential_id,
                "client": caller.client_name,
                "tool": tool,
                "targets": [t for t in targets if t],
                "decision": decision,
                "outcome": payload.get("error") or "ok",
                "confirmation_id": payload.get("confirmation_id"),
                **({"diff": diff[:DIFF_CHARS]} if isinstance(diff, str) else {}),
            }
        )

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
                **({"device": data["device"]} if data.get("device") else {}),
                **({"diff": data["diff"]} if data.get("diff") else {}),
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
        """Write every entry now."""
        await self._store.async_save()

    async def async_close(self) -> None:
        """Write every entry now and no more (the entry unloads)."""
        await self._store.async_close()
