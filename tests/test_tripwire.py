"""The tripwire: an opening that an action the gate let through set off anyway.

The gate is weakened on purpose (the perimeter forgets what automations
read), so a helper change through MCP runs, and the household's automation
unlocks the front door. The tripwire must catch it: an audit entry, a
notification, the `home_mcp_escape` event with the chain, the panel's status.
Approved and pre-approved openings, and a person's own, must not trip it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from unittest.mock import patch

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
)

from custom_components.home_mcp.gate.perimeter import Snapshot
from homeassistant.components import persistent_notification
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component

from .conftest import McpHarness, set_options
from .test_confirmations import _decide, frontend_token  # noqa: F401  # fixture

UNLOCK = {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}


@pytest.fixture
async def let_in(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Add a helper, and the household's automation that unlocks when it turns on."""
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": {"let_in": {}}})
    assert await async_setup_component(
        hass,
        "automation",
        {
            "automation": {
                "id": "let_in",
                "alias": "Let them in",
                "triggers": [{"trigger": "state", "entity_id": "input_boolean.let_in", "to": "on"}],
                "actions": [UNLOCK],
            }
        },
    )
    await hass.async_block_till_done()


def _escape_notifications(hass: HomeAssistant) -> list[dict[str, Any]]:
    notifications = persistent_notification._async_get_or_create_notifications(hass)
    return [n for key, n in notifications.items() if key.startswith("home_mcp_escape_")]


async def _ws(hass_ws_client: Callable[..., Any], message: dict[str, Any]) -> Any:
    client = await hass_ws_client()
    await client.send_json_auto_id(message)
    answer = await client.receive_json()
    assert answer["success"], answer
    return answer["result"]


async def test_weakened_gate_the_tripwire_catches_the_unlock(
    let_in: None, mcp: McpHarness, hass: HomeAssistant, hass_ws_client: Callable[..., Any]
) -> None:
    """The unlock an automation did after an MCP call is recorded, notified and fired."""
    events = async_capture_events(hass, "home_mcp_escape")
    with patch.object(Snapshot, "reactions", return_value=()):
        result = await mcp.data(
            "call_service",
            {
                "domain": "input_boolean",
                "service": "turn_on",
                "target": {"entity_id": "input_boolean.let_in"},
            },
        )
    assert result["ok"] is True, result  # The weakened gate let it through.
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "unlocked"

    [event] = events
    assert event.data["entity_id"] == "lock.front_door"
    assert (event.data["from"], event.data["to"]) == ("locked", "unlocking")
    assert event.data["action"] == "input_boolean.turn_on"
    assert event.data["chain"][0] == "input_boolean.turn_on"
    assert "automation.let_them_in" in event.data["chain"]
    assert event.data["credential"]

    [notification] = _escape_notifications(hass)
    assert notification["title"] == "Front Door was unlocked after an MCP call"
    assert "let\\_them\\_in" in notification["message"]  # Markdown-escaped.

    audit = await _ws(hass_ws_client, {"type": "home_mcp/audit"})
    [entry] = [e for e in audit if e["kind"] == "escape"]
    assert entry["targets"] == ["lock.front_door"]
    assert entry["tool"] == "input_boolean.turn_on"
    assert "automation.let_them_in" in entry["chain"]
    status = await _ws(hass_ws_client, {"type": "home_mcp/status"})
    assert [e["entity_id"] for e in status["escapes"]] == ["lock.front_door"]


async def test_the_whole_gate_refuses_and_nothing_trips(
    let_in: None, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Control: without the weakening the same call is refused and nothing opens."""
    events = async_capture_events(hass, "home_mcp_escape")
    result = await mcp.data(
        "call_service",
        {
            "domain": "input_boolean",
            "service": "turn_on",
            "target": {"entity_id": "input_boolean.let_in"},
        },
    )
    assert result["error"] == "needs_confirmation", result
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"
    assert events == []


async def test_approved_preapproved_and_a_persons_own_unlocks_do_not_trip(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,  # noqa: F811
    hass_admin_user: MockUser,
) -> None:
    """Openings a person allowed are not escapes."""
    events = async_capture_events(hass, "home_mcp_escape")
    # A person unlocks the front door in Home Assistant, and locks it again.
    await hass.services.async_call(
        "lock", "unlock", {"entity_id": "lock.front_door"}, blocking=True
    )
    await hass.services.async_call("lock", "lock", {"entity_id": "lock.front_door"}, blocking=True)
    # A person approves an unlock asked over MCP.
    refused = await mcp.data(
        "call_service",
        {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}},
    )
    answer = await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "approve")
    assert answer["success"], answer
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "unlocked"
    # The kitchen door is pre-approved: its unlock over MCP runs at once.
    await set_options(hass, home_mcp, allowed_entities=["lock.kitchen_door"])
    await hass.services.async_call(
        "lock", "lock", {"entity_id": "lock.kitchen_door"}, blocking=True
    )
    result = await mcp.data(
        "call_service",
        {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.kitchen_door"}},
    )
    assert result["ok"] is True, result
    await hass.async_block_till_done()
    assert hass.states.get("lock.kitchen_door").state == "unlocked"
    assert events == []
    assert _escape_notifications(hass) == []
