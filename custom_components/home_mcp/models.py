"""What a loaded Home MCP entry holds, and the entry's keys in `hass.data`.

Everything that needs the entry's runtime data imports it from here, never
from the package root. A key of one module's object lives with that object
(`tools.entity_index.DATA_ENTITY_INDEX`), so this module imports no tool.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import time
from typing import TYPE_CHECKING, Any

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import callback
from homeassistant.util.hass_dict import HassKey

from .const import DOMAIN

if TYPE_CHECKING:
    from .approvals import ConfirmationManager
    from .audit import AuditLog
    from .configs.writes import ConfigWriter
    from .gate import Gate
    from .keys import KeyStore
    from .resources import ResourceHub
    from .transport.endpoint import McpEndpoint
    from .transport.sessions import SessionRegistry

DATA_URLS: HassKey[list[str]] = HassKey(f"{DOMAIN}_urls")
"""The endpoint paths registered in this Home Assistant run."""
DATA_LOADED: HassKey[bool] = HassKey(f"{DOMAIN}_loaded")
"""Set once an entry loaded in this run (a later load is a reload)."""


@dataclass(slots=True, kw_only=True)
class HomeMcpData:
    """What a loaded Home MCP entry holds (`entry.runtime_data`).

    gate: the physical-action gate built from the entry's options.
    confirmations: guarded actions waiting for, or decided by, a person.
    writer: writes automations, scripts and scenes through the gate (and
        keeps the versions they replaced).
    audit: every tool call and decision (never readable over MCP).
    keys: Home MCP client keys.
    endpoint: the MCP transport serving the views.
    sessions: the open MCP sessions (empty unless `enable_sessions`).
    resources: the MCP resources and who follows them.
    urls: the endpoint paths registered in this Home Assistant run.
    """

    gate: Gate
    confirmations: ConfirmationManager
    writer: ConfigWriter
    audit: AuditLog
    keys: KeyStore
    endpoint: McpEndpoint
    sessions: SessionRegistry
    resources: ResourceHub
    urls: list[str]
    version: str
    options: dict[str, Any]
    started: float = field(default_factory=time.monotonic)

    @callback
    def async_status(self) -> dict[str, Any]:
        """Return what the panel's status card shows."""
        pending = [c for c in self.confirmations.async_list() if c.is_pending]
        return {
            "version": self.version,
            "uptime_seconds": round(time.monotonic() - self.started),
            "urls": self.urls,
            "sessions": self.sessions.async_status(),
            "options": self.options,
            "pending": len(pending),
            "calls": dict(self.audit.calls),
            "escapes": list(self.gate.tripwire.escapes) if self.gate.tripwire else [],
        }


type HomeMcpConfigEntry = ConfigEntry[HomeMcpData]
