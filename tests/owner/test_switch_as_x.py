"""What an entity Switch as X shows does is what the switch under it does.

A light, fan, siren, cover, lock or valve shown over a template switch runs
that switch's scripts; over a switch group, the group's members; a light
group over such a light reaches it. Turning on a relay that a group or a
template switch passes to a shown lock or valve opens it. Home Assistant
inverts covers, locks and valves only, never a light. A securing action on a
shown lock or valve (`lock.lock`) still waits when its switch opens something
else; a shown light over a harmless switch runs.
"""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import Owner, assert_house, assert_refused, call_service, config_flow, state

# -- a relay behind a group or a template switch ---------------------------------------


@pytest.mark.redteam(1)
async def test_turning_on_a_member_of_a_relay_group_shown_as_a_lock_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S9: a switch group of two relays, shown as a lock; one relay turned on."""
    await owner.act("switch.turn_off", entity_id="switch.decorative_lights")
    await config_flow(
        hass, "group", {"next_step_id": "switch"},
        {"name": "Gate relays", "entities": ["switch.decorative_lights", "switch.ac"],
         "hide_members": False, "all": False},
    )  # fmt: skip
    lock = await owner.add_switch_as_x("switch.gate_relays", "lock")
    assert state(hass, lock) == "locked"
    result = await call_service(
        mcp, "switch.turn_on", target={"entity_id": "switch.decorative_lights"}
    )
    assert_refused(result, reaching=lock)
    await assert_house(hass, {lock: "locked", "switch.decorative_lights": "off"})


@pytest.mark.redteam(1)
async def test_turning_on_the_relay_a_template_switch_shown_as_a_valve_mirrors_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S9b: a template switch mirrors the relay; Switch as X shows it as a valve."""
    on = [{"action": "switch.turn_on", "target": {"entity_id": "switch.ac"}}]
    off = [{"action": "switch.turn_off", "target": {"entity_id": "switch.ac"}}]
    relay = await owner.add_template(
        "switch",
        {"name": "Garden pump relay", "value_template": "{{ is_state('switch.ac', 'on') }}",
         "turn_on": on, "turn_off": off},
    )  # fmt: skip
    valve = await owner.add_switch_as_x(relay, "valve")
    assert_refused(await call_service(mcp, "switch.turn_on", target={"entity_id": "switch.ac"}))
    await assert_house(hass, {valve: "closed", "switch.ac": "off"})
