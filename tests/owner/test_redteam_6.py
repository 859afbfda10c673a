"""Red team, round 6: a Switch as X entity over a template switch opened the house.

Same rules as the earlier rounds (`test_redteam_1.py`). The owner makes a
template switch whose `turn_on` opens the garage (or disarms the alarm) and
shows it, with Switch as X, as a light, a fan, a siren, a lock or a valve
(Home Assistant hides the switch). The gate judged an action on the shown
entity by its own kind and never followed it to the switch it switches, so
`light.turn_on` opened the garage, and so did `lock.lock`, a securing action
that always runs.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    DISARM,
    OPEN_GARAGE,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    house_state,
)

CLOSE_GARAGE = {"action": "cover.close_cover", "target": {"entity_id": "cover.garage_door"}}


async def relay(owner: Owner, name: str, turn_on: list[Any], turn_off: list[Any]) -> str:
    """Make the owner's template switch; return its entity id."""
    return await owner.add_template(
        "switch", {"name": name, "turn_on": turn_on, "turn_off": turn_off}
    )


@pytest.mark.parametrize(
    ("shown_as", "action", "opening"),
    [
        ("light", "light.turn_on", OPEN_GARAGE),
        ("light", "homeassistant.turn_on", OPEN_GARAGE),
        ("light", "light.toggle", OPEN_GARAGE),
        ("fan", "fan.turn_on", DISARM),
        ("siren", "siren.turn_on", OPEN_GARAGE),
        ("cover", "cover.open_cover", OPEN_GARAGE),
    ],
    ids=["light", "homeassistant", "toggle", "fan_disarms", "siren", "cover"],
)
async def test_a_switch_as_x_entity_over_a_template_switch_is_judged_by_the_switch(
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    shown_as: str,
    action: str,
    opening: dict[str, Any],
) -> None:
    """Turning the shown entity on runs the switch's `turn_on`: an opening is refused."""
    switch = await relay(owner, "Garage relay", [opening], [CLOSE_GARAGE])
    shown = await owner.add_switch_as_x(switch, shown_as)
    before = house_state(hass)
    entity = await mcp.data("get_entity", {"entity_id": shown})
    assert entity["entity"]["guarded"] is True, entity
    result = await call_service(mcp, action, target={"entity_id": shown})
    assert_refused(result)
    await assert_house(hass, before)


@pytest.mark.parametrize(
    ("shown_as", "action"),
    [("lock", "lock.lock"), ("valve", "valve.close_valve")],
)
async def test_securing_a_switch_as_x_lock_that_opens_something_else_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, shown_as: str, action: str
) -> None:
    """`lock.lock` always runs, unless what it switches opens the house."""
    switch = await relay(owner, "Deadbolt relay", [OPEN_GARAGE], [OPEN_GARAGE])
    shown = await owner.add_switch_as_x(switch, shown_as)
    before = house_state(hass)
    result = await call_service(mcp, action, target={"entity_id": shown})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, before)


async def test_a_script_or_an_automation_using_the_shown_entity_is_guarded(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The same through the household's macros: a script, and a helper's automation."""
    switch = await relay(owner, "Garage relay", [OPEN_GARAGE], [CLOSE_GARAGE])
    shown = await owner.add_switch_as_x(switch, "light")
    light_on = {"action": "light.turn_on", "target": {"entity_id": shown}}
    await owner.save_script("porch_light", {"alias": "Porch light", "sequence": [light_on]})
    helper = await owner.create_helper("input_boolean", "floor x")
    await owner.save_automation(
        "porch",
        {
            "alias": "Porch",
            "triggers": [{"trigger": "state", "entity_id": helper, "to": "on"}],
            "actions": [light_on],
        },
    )
    before = house_state(hass)
    for tool, arguments in (
        ("call_service", {"domain": "script", "service": "turn_on",
                          "target": {"entity_id": "script.porch_light"}}),
        ("run_macro", {"phrase": "porch light"}),
        ("call_service", {"domain": "input_boolean", "service": "turn_on",
                          "target": {"entity_id": helper}}),
    ):  # fmt: skip
        result = await mcp.data(tool, arguments)
        assert result.get("error") == "needs_confirmation", (tool, result)
    await assert_house(hass, before)


async def test_a_switch_as_x_light_over_a_harmless_template_switch_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Control: a shown light whose switch only turns a light on runs, as before."""
    bed_on = {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
    bed_off = {"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}}
    switch = await relay(owner, "Lamp relay", [bed_on], [bed_off])
    shown = await owner.add_switch_as_x(switch, "light")
    assert_ran(await call_service(mcp, "light.turn_on", target={"entity_id": shown}))
    await hass.async_block_till_done()
    assert hass.states.get("light.bed_light").state == "on"
