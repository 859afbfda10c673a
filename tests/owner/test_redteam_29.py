"""Red team, round 29: a template thermostat's `set_temperature` with an `hvac_mode`.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 28's fixes.
One opening, in four forms: the owner's UI template thermostat ("Radiator",
whose `set_hvac_mode` opens the orchard valve when the mode is `heat`, or
unlocks the front door for a porch heater). `climate.set_hvac_mode` on it
was held, but `climate.set_temperature {temperature: 21, hvac_mode: heat}`
ran: Home Assistant's template climate runs `set_hvac_mode` first when the
call carries an `hvac_mode`, and the gate judged only the script named like
the action. Directly, through a script or an automation written over MCP
(saved at once, as harmless), and through the helper such an automation
waits on. The call's data now runs the `set_<field>` script of each field it
carries (`expansion.template_scripts`), so every path that judges an action
on the thermostat (calls, macros, writes, the perimeter, `guarded`) sees the
opening.
"""

from __future__ import annotations

from typing import Any

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import Owner, assert_house, assert_ran, assert_refused, call_service

ORCHARD = "valve.orchard"
HEAT = {"temperature": 21, "hvac_mode": "heat"}


def _thermostat(name: str, on_heat: dict[str, Any], on_off: dict[str, Any]) -> dict[str, Any]:
    """Return a UI template thermostat whose hvac mode drives something else."""
    return {
        "name": name,
        "hvac_modes": "{{ ['off', 'heat'] }}",
        "set_hvac_mode": [
            {
                "if": [{"condition": "template", "value_template": "{{ hvac_mode == 'heat' }}"}],
                "then": [on_heat],
                "else": [on_off],
            }
        ],
        "set_temperature": [
            {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
        ],
    }


async def _radiator(owner: Owner) -> str:
    return await owner.add_template(
        "climate",
        _thermostat(
            "Radiator",
            {"action": "valve.open_valve", "target": {"entity_id": ORCHARD}},
            {"action": "valve.close_valve", "target": {"entity_id": ORCHARD}},
        ),
    )


async def test_set_temperature_with_an_hvac_mode_runs_the_mode_script(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    radiator = await _radiator(owner)
    heater = await owner.add_template(
        "climate",
        _thermostat(
            "Porch heater",
            {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}},
            {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
        ),
    )
    await owner.act("valve.close_valve", entity_id=ORCHARD)
    await owner.act("lock.lock", entity_id="lock.front_door")
    target = {"entity_id": radiator}

    heat = await call_service(mcp, "climate.set_temperature", target=target, data=HEAT)
    ranged = await call_service(
        mcp,
        "climate.set_temperature",
        target=target,
        data={"target_temp_low": 18, "target_temp_high": 22, "hvac_mode": "heat"},
    )
    porch = await call_service(
        mcp, "climate.set_temperature", target={"entity_id": heater}, data=HEAT
    )
    # The temperature alone runs only `set_temperature`, which turns a light on.
    temperature = await call_service(
        mcp, "climate.set_temperature", target=target, data={"temperature": 20}
    )

    assert_refused(heat, reaching=ORCHARD)
    assert_refused(ranged, reaching=ORCHARD)
    assert_refused(porch, reaching="lock.front_door")
    assert_ran(temperature)
    await assert_house(hass, {ORCHARD: "closed", "lock.front_door": "locked"})
    entity = await mcp.data("get_entity", {"entity_id": radiator})
    assert entity["entity"]["guarded"] is True, entity


async def test_writes_that_set_the_mode_through_set_temperature_wait(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    radiator = await _radiator(owner)
    plumber = await owner.create_helper("input_boolean", "Plumber arrived")
    await owner.act("valve.close_valve", entity_id=ORCHARD)
    warm_up = {
        "action": "climate.set_temperature",
        "target": {"entity_id": radiator},
        "data": HEAT,
    }
    templated = {
        "action": "climate.set_temperature",
        "target": {"entity_id": radiator},
        "data": "{{ {'temperature': 21, 'hvac_mode': states('input_text.mode')} }}",
    }

    script = await mcp.data(
        "save_config",
        {"kind": "script", "config": {"alias": "Warm up the cabin", "sequence": [warm_up]}},
    )
    automation = await mcp.data(
        "save_config",
        {
            "kind": "automation",
            "config": {
                "alias": "Cabin heat with guests",
                "triggers": [{"trigger": "state", "entity_id": plumber, "to": "on"}],
                "actions": [warm_up],
            },
        },
    )
    by_template = await mcp.data(
        "save_config",
        {"kind": "script", "config": {"alias": "Cabin by mode", "sequence": [templated]}},
    )

    assert_refused(script, reaching=ORCHARD)
    assert_refused(automation, reaching=ORCHARD)
    assert_refused(by_template, reaching=ORCHARD)
    assert hass.states.get("script.warm_up_the_cabin") is None
    assert hass.states.get("automation.cabin_heat_with_guests") is None

    # The owner writes the same automation in Home Assistant: the helper it
    # waits on now opens the valve, and waits for a person.
    await owner.save_automation(
        "cabin_heat",
        {
            "alias": "Cabin heat with guests",
            "triggers": [{"trigger": "state", "entity_id": plumber, "to": "on"}],
            "actions": [warm_up],
        },
    )
    arrived = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": plumber})

    assert_refused(arrived, reaching=ORCHARD)
    await assert_house(hass, {ORCHARD: "closed", plumber: "off"})
