"""A client cannot push its own refused unlock out of the audit by flooding it.

The audit keeps its last ordinary entries and, apart, the guarded ones: a
refused guarded action (once per confirmation), a person's decision, an
escape. The bound is lowered here so the flood stays short; the rule is the
same at 2,000.
"""

from __future__ import annotations

import json
from typing import Any
from unittest.mock import patch

import httpx2
from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.const import EVENT_HOMEASSISTANT_FINAL_WRITE
from homeassistant.core import HomeAssistant
from tests.conftest import DOMAIN, McpHarness, call_service, entity_state
from tests.hostile.test_faults import HEADERS, tool_call


async def test_flooding_the_audit_keeps_the_refused_unlock(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry, hass_storage: dict[str, Any]
) -> None:
    """Fifty junk calls and ten repeats of the unlock leave its first refusal in the log."""
    with patch("custom_components.home_mcp.audit.MAX_ENTRIES", 20):
        await hass.config_entries.async_reload(home_mcp.entry_id)
        await hass.async_block_till_done()
    refused = await call_service(mcp, "lock", "unlock", {"entity_id": "lock.front_door"})
    assert refused["error"] == "needs_confirmation"
    async with httpx2.AsyncClient(timeout=30) as http:
        headers = {"Authorization": f"Bearer {mcp.token}", **HEADERS}
        for number in range(50):
            body = tool_call(f"no_such_tool_{number}", {}, number)
            response = await http.post(mcp.url, content=json.dumps(body), headers=headers)
            assert response.status_code == 200
    for _ in range(10):  # Asking again does not push other guarded entries out either.
        again = await call_service(mcp, "lock", "unlock", {"entity_id": "lock.front_door"})
        assert again["confirmation_id"] == refused["confirmation_id"]
    assert entity_state(hass, "lock.front_door") == "locked"

    audit = home_mcp.runtime_data.audit
    tail = audit.async_tail(2000)
    firsts = [
        e
        for e in tail
        if e.get("confirmation_id") == refused["confirmation_id"] and not e.get("repeat")
    ]
    assert [e["decision"] for e in firsts] == ["refused"]
    assert len(tail) == 21  # 20 ordinary (the newest) and the guarded one.
    assert sum(1 for e in tail if e.get("repeat")) == 10

    hass.bus.async_fire(EVENT_HOMEASSISTANT_FINAL_WRITE)
    await hass.async_block_till_done()
    saved = hass_storage[f"{DOMAIN}.audit"]["data"]["entries"]
    assert saved == tail[::-1]  # Oldest first, the same entries.
    assert any(
        e.get("confirmation_id") == refused["confirmation_id"] and e["decision"] == "refused"
        for e in saved
    )
