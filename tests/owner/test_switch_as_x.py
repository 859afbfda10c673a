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
    config_flow,
    house_state,
    state,
)

# -- a relay behind a group or a template switch ---------------------------------------


@pytest.mark.redteam(round=1)
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


@pytest.mark.redteam(round=1)
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


# -- a shown entity over a template switch ---------------------------------------------


CLOSE_GARAGE = {"action": "cover.close_cover", "target": {"entity_id": "cover.garage_door"}}


async def relay(owner: Owner, name: str, turn_on: list[Any], turn_off: list[Any]) -> str:
    """Make the owner's template switch; return its entity id."""
    return await owner.add_template(
        "switch", {"name": name, "turn_on": turn_on, "turn_off": turn_off}
    )


@pytest.mark.redteam(round=6)
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


@pytest.mark.redteam(round=6)
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


@pytest.mark.redteam(round=6)
async def test_a_script_or_an_automation_using_a_shown_light_that_opens_is_guarded(
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


@pytest.mark.redteam(round=6)
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


# -- through a switch group, a light group; invert -------------------------------------


NOTE = {"action": "persistent_notification.create", "data": {"message": "Relay off"}}


async def garage_relay(owner: Owner, name: str) -> str:
    """Make a template switch whose `turn_on` opens the garage; `turn_off` only notifies."""
    return await owner.add_template(
        "switch", {"name": name, "turn_on": [OPEN_GARAGE], "turn_off": [NOTE]}
    )


@pytest.mark.redteam(round=7)
async def test_a_switch_as_x_light_over_a_switch_group_is_judged_by_its_members(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Light -> switch group -> template switch: `light.turn_on` opens the garage."""
    relay = await garage_relay(owner, "Relay five")
    group = await owner.add_group("switch", "Relay group", [relay])
    light = await owner.add_switch_as_x(group, "light")
    before = house_state(hass)
    for action in ("light.turn_on", "light.toggle"):
        assert_refused(
            await call_service(mcp, action, target={"entity_id": light}),
            reaching="cover.garage_door",
        )
    await assert_house(hass, before)


@pytest.mark.redteam(round=7)
async def test_a_light_group_over_a_switch_as_x_light_is_judged_through_it(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Light group -> Switch as X light -> template switch: refused, `flash` included."""
    relay = await garage_relay(owner, "Relay")
    light = await owner.add_switch_as_x(relay, "light")
    lights = await owner.add_group("light", "Porch lights", [light])
    before = house_state(hass)
    for data in (None, {"flash": "short"}):
        result = await call_service(mcp, "light.turn_on", target={"entity_id": lights}, data=data)
        assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, before)


@pytest.mark.redteam(round=7)
async def test_a_switch_as_x_light_is_never_inverted(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Home Assistant ignores `invert` for a light: `turn_on` is the switch's `turn_on`."""
    relay = await garage_relay(owner, "Relay six")
    light = await owner.add_switch_as_x(relay, "light", invert=True)
    before = house_state(hass)
    assert_refused(
        await call_service(mcp, "light.turn_on", target={"entity_id": light}),
        reaching="cover.garage_door",
    )
    await assert_house(hass, before)
    # Its `turn_off` only raises a notification: it runs.
    assert_ran(await call_service(mcp, "light.turn_off", target={"entity_id": light}))
