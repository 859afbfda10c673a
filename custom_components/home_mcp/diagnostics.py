"""Diagnostics for Home MCP (Settings > Devices & services > Download diagnostics).

What a maintainer needs to understand a report, and nothing secret: the
options in force, the endpoint URLs, how many sessions are open (never their
ids), counts of confirmations by state, the number of client keys by scope
(never names or hashes) and calls per credential kind since start.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from homeassistant.core import HomeAssistant

from .models import HomeMcpConfigEntry


async def async_get_config_entry_diagnostics(
    hass: HomeAssistant, entry: HomeMcpConfigEntry
) -> dict[str, Any]:
    """Return diagnostics for the Home MCP entry."""
    data = entry.runtime_data
    return {
        "version": data.version,
        "urls": data.urls,
        "options": data.options,
        "sessions": {"enabled": data.sessions.enabled, "open": len(data.sessions)},
        "confirmations": dict(Counter(c.state.value for c in data.confirmations.async_list())),
        "keys": dict(Counter(key.scope for key in data.keys.async_list())),
        "calls": {
            "client keys": sum(
                n for name, n in data.audit.calls.items() if name.startswith("client key ")
            ),
            "tokens": sum(
                n for name, n in data.audit.calls.items() if not name.startswith("client key ")
            ),
        },
    }
