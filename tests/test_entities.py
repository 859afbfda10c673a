"""Home MCP's own entities: the house's automations see what waits and how it ended; MCP does not.

One service device "Home MCP": the pending approvals sensor, the last
decision sensor, the requests event entity and the escapes event entity.
Their states are read from Home Assistant's state machine, as an automation
or a dashboard reads them; an MCP client asks for them every way it can and
finds nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any
from unittest.mock import patch

from pytest_homeassistant_custom_component.common import async_fire_time_changed

from custom_components.home_mcp.gate.perimeter import Snapshot
from homeassistant.core import Event, HomeAssistant, callback
from homeassistant.helpers import device_registry as dr, entity_registry as er
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from .conftest import McpHarness
from .test_confirmations import _decide, frontend_token  # noqa: F401  # fixture

UNLOCK = {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}}
PENDING = "sensor.home_mcp_pending_approvals"
LAST = "sensor.home_mcp_last_decision"
REQUESTS = "event.home_mcp_approval_requests"
ESCAPES = "event.home_mcp_escapes"
OWN = (PENDING, LAST, REQUESTS, ESCAPES)


def _course(hass: HomeAssistant) -> list[str]:
    """Return, as it grows, the event types the requests entity shows, in order."""
    seen: list[str] = []

    @callback
    def changed(event: Event[Any]) -> None:
        if event.data["entity_id"] == REQUESTS and (new := event.data["new_state"]) is not None:
            if (event_type := new.attributes.get("event_type")) is not None:
                seen.append(event_type)

    hass.bus.async_listen("state_changed", changed)
    return seen


async def test_one_service_device_holds_the_four_entities(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    entities = er.async_get(hass)
    devices = {entities.async_get(entity_id).device_id for entity_id in OWN}  # type: ignore[union-attr]
    [device_id] = devices
    device = dr.async_get(hass).async_get(device_id)  # type: ignore[arg-type]
    assert device is not None and device.name == "Home MCP"
    assert device.entry_type is dr.DeviceEntryType.SERVICE
    assert hass.states.get(PENDING).state == "0"  # type: ignore[union-attr]


async def test_a_request_is_requested_then_approved_then_executed(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,  # noqa: F811
) -> None:
    course = _course(hass)
    refused = await mcp.data("call_service", UNLOCK)
    await hass.async_block_till_done()
    pending = hass.states.get(PENDING)
    assert pending is not None and pending.state == "1"
    [waiting] = pending.attributes["requests"]
    assert waiting["effect"] == "unlock Front Door"
    assert waiting["asked_by"] == "Mock User"
    assert waiting["expires_at"] == refused["expires_at"]
    assert course == ["requested"]

    answer = await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "approve")
    assert answer["success"], answer
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "unlocked"  # type: ignore[union-attr]
    assert course == ["requested", "approved", "executed"]
    assert hass.states.get(PENDING).state == "0"  # type: ignore[union-attr]
    last = hass.states.get(LAST)
    assert last is not None and last.state == "approved"
    assert last.attributes["decided_by"] == "Mock User"
    assert last.attributes["effect"] == "unlock Front Door"


async def test_a_denied_and_an_expired_request_end_as_such(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,  # noqa: F811
) -> None:
    course = _course(hass)
    refused = await mcp.data("call_service", UNLOCK)
    await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "deny")
    await hass.async_block_till_done()
    assert course == ["requested", "denied"]
    assert hass.states.get(LAST).state == "denied"  # type: ignore[union-attr]

    await mcp.data("call_service", UNLOCK)
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(minutes=11))
    await hass.async_block_till_done()
    assert course == ["requested", "denied", "requested", "expired"]
    assert hass.states.get(LAST).state == "expired"  # type: ignore[union-attr]
    assert hass.states.get(PENDING).state == "0"  # type: ignore[union-attr]
    assert hass.states.get("lock.front_door").state == "locked"  # type: ignore[union-attr]


async def test_an_escape_fires_on_the_escapes_entity(mcp: McpHarness, hass: HomeAssistant) -> None:
    """The tripwire's catch (a weakened gate let an unlocking helper change through) is an event."""
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": {"let_in": {}}})
    assert await async_setup_component(
        hass,
        "automation",
        {
            "automation": {
                "alias": "Let them in",
                "triggers": [{"trigger": "state", "entity_id": "input_boolean.let_in", "to": "on"}],
                "actions": [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}],
            }
        },
    )
    with patch.object(Snapshot, "reactions", return_value=()):
        await mcp.data(
            "call_service",
            {
                "domain": "input_boolean",
                "service": "turn_on",
                "target": {"entity_id": "input_boolean.let_in"},
            },
        )
    await hass.async_block_till_done()
    escape = hass.states.get(ESCAPES)
    assert escape is not None
    assert escape.attributes["event_type"] == "escaped"
    assert escape.attributes["entity_id"] == "lock.front_door"
    assert escape.attributes["action"] == "input_boolean.turn_on"


async def test_an_automation_that_opens_on_a_request_gets_no_request_to_open_on(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A change that follows from an MCP call alone is not shown where it would open the house."""
    assert await async_setup_component(
        hass,
        "automation",
        {
            "automation": {
                "alias": "Open when asked",
                "triggers": [{"trigger": "state", "entity_id": REQUESTS}],
                "actions": [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}],
            }
        },
    )
    await hass.async_block_till_done()
    course = _course(hass)
    await mcp.data("call_service", UNLOCK)
    await hass.async_block_till_done()
    assert course == []
    assert hass.states.get("lock.front_door").state == "locked"  # type: ignore[union-attr]


async def test_an_mcp_client_cannot_read_home_mcp_s_own_entities(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    assert refused["error"] == "needs_confirmation"
    await hass.async_block_till_done()
    for entity_id in OWN:
        found = await mcp.data("get_entity", {"entity_id": entity_id})
        assert found["error"] == "not_found", found
    for arguments in (
        {"query": "pending approvals"},
        {"query": "home mcp"},
        {"domain": "sensor"},
        {"domain": "event"},
    ):
        listed = await mcp.data("list_entities", arguments)
        assert not any(own in str(listed) for own in OWN), arguments
    overview = await mcp.data("home_overview")
    assert not any(own in str(overview) for own in OWN)
    async with mcp.client() as client:
        resources = await client.list_resources()
        assert not any(own in str(resources) for own in OWN)
        for entity_id in OWN:
            try:
                read = await client.read_resource(f"ha://entity/{entity_id}")
            except Exception:  # noqa: BLE001 - refused, as for an entity that does not exist
                continue
            assert "unlock Front Door" not in str(read)
