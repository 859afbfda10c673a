"""Red team, round 28: run events forged or renamed into; an integration's event; marks.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 27's fixes.
Openings:

- A written script that fires `script_started` named "garden" (or
  `automation_triggered` named "Arrival", or for `automation.arrival`) set
  off the owner's "when the garden script starts, water the orchard" and
  its kind: those events are Home Assistant's own, a system action to fire.
- A written script given the alias "garden", or a new automation named
  "Arrival", that the house then runs by itself (a time pattern), set off
  the same automations: a write is judged with the names its items would
  carry (`reads.Reads._run_names` reads the proposal).
- A written script firing `demo_button_pressed`, which the demo's event
  entity listens to, opened the garage through "the garage remote's button
  opens the garage": an event named after an integration changes its event
  entities.
- A script the owner marked guarded in the options ran through its own
  action (`script.back_gate_pulse`): that action is now a run of the script
  entity, judged by the rule table like `script.turn_on`.

A weakening: renaming "Leaving", whose run an automation that closes the
garden valve waits for (`automation_triggered` named "Leaving"), broke the
valve's closing: what a securing automation's run event names secures too.

Left (docs/gate.md, known limits): a written script renamed into what a
`restart`-mode securing automation's run event waits for, and run every
minute by a written automation, kept it restarting. The exposure leaks the
same round found are `tests/test_exposure.py`.
"""

from __future__ import annotations

from typing import Any

from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.config_entries import ConfigEntry
from homeassistant.const import Platform
from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness, set_options

from .house import (
    LINGERING_TIMERS,
    OPEN_GARAGE,
    Owner,
    assert_house,
    assert_refused,
    call_service,
    save_config,
)

FLASH = {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
ORCHARD_OPEN = {"action": "valve.open_valve", "target": {"entity_id": "valve.orchard"}}


def _on_run(
    event_type: str, data: dict[str, Any], action: dict[str, Any], alias: str
) -> dict[str, Any]:
    return {
        "alias": alias,
        "triggers": [{"trigger": "event", "event_type": event_type, "event_data": data}],
        "actions": [action],
    }


async def test_firing_a_run_event_is_home_assistants(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_script("garden_lights", {"alias": "garden", "sequence": [FLASH]})
    await owner.save_automation(
        "water_when_garden",
        _on_run("script_started", {"name": "garden"}, ORCHARD_OPEN, "Water when garden starts"),
    )
    arrival = {"alias": "Arrival", "triggers": [{"trigger": "event", "event_type": "home"}]}
    await owner.save_automation("arrival", {**arrival, "actions": [FLASH]})
    for event, data in (
        ("script_started", {"name": "garden"}),
        ("automation_triggered", {"entity_id": "automation.arrival"}),
    ):
        forged = {"alias": "Forge", "sequence": [{"event": event, "event_data": data}]}

        assert_refused(await save_config(mcp, "script", forged), risk="system")

    assert hass.states.get("script.forge") is None
    await assert_house(hass, {"valve.orchard": "closed"})


@LINGERING_TIMERS
async def test_a_write_is_judged_with_the_names_its_items_would_carry(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_script("garden_lights", {"alias": "garden", "sequence": [FLASH]})
    await owner.save_automation(
        "water_when_garden",
        _on_run("script_started", {"name": "garden"}, ORCHARD_OPEN, "Water when garden starts"),
    )
    await owner.save_automation(
        "after_arrival",
        _on_run("automation_triggered", {"name": "Arrival"}, OPEN_GARAGE, "Garage on arrival"),
    )
    tick = await owner.save_script("tick", {"alias": "Tick", "sequence": [FLASH]})
    every_minute = [{"trigger": "time_pattern", "minutes": "/1"}]
    await owner.save_automation(
        "tick_every_minute",
        {"alias": "Tick every minute", "triggers": every_minute, "actions": [{"action": tick}]},
    )

    renamed = await save_config(mcp, "script", {"alias": "garden", "sequence": [FLASH]}, id="tick")
    named = await save_config(
        mcp, "automation", {"alias": "Arrival", "triggers": every_minute, "actions": [FLASH]}
    )

    assert_refused(renamed, reaching="valve.orchard")
    assert_refused(named, reaching="cover.garage_door")
    assert hass.states.get(tick).attributes["friendly_name"] == "Tick"  # type: ignore[union-attr]
    assert hass.states.get("automation.arrival") is None


async def test_an_integrations_event_changes_its_event_entities(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    [demo] = hass.config_entries.async_entries("demo")
    assert isinstance(demo, ConfigEntry)
    await hass.config_entries.async_forward_entry_setups(demo, [Platform.EVENT])
    await hass.async_block_till_done()
    assert hass.states.get("event.push_button_press") is not None
    await owner.save_automation(
        "remote_button_garage",
        {
            "alias": "The garage remote's button opens the garage",
            "triggers": [{"trigger": "state", "entity_id": "event.push_button_press"}],
            "actions": [OPEN_GARAGE],
        },
    )
    ping = {"alias": "Ping", "sequence": [{"event": "demo_button_pressed"}]}

    assert_refused(await save_config(mcp, "script", ping), reaching="cover.garage_door")

    await assert_house(hass, {"cover.garage_door": "closed"})
    assert hass.states.get("script.ping") is None


async def test_a_script_marked_guarded_waits_by_its_own_action(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, home_mcp: MockConfigEntry
) -> None:
    pulse = await owner.save_script(
        "back_gate_pulse", {"alias": "Back gate pulse", "sequence": [FLASH]}
    )
    await set_options(hass, home_mcp, guarded_entities=[pulse])
    await owner.act("light.turn_off", entity_id="light.bed_light")

    by_action = await call_service(mcp, "script.back_gate_pulse")
    preview = await mcp.data("run_macro", {"phrase": "back gate pulse", "dry_run": True})
    listed = await mcp.data("list_services", {"domain": "script", "service": "back_gate_pulse"})
    caller = {"alias": "Caller", "sequence": [{"action": "script.back_gate_pulse"}]}

    assert_refused(by_action, reaching=pulse)
    assert preview["guarded"] is True, preview
    assert listed["items"][0]["guarded"] is True, listed
    assert_refused(await save_config(mcp, "script", caller), reaching=pulse)
    await assert_house(hass, {"light.bed_light": "off"})


@LINGERING_TIMERS
async def test_what_a_securing_automations_run_event_names_secures(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    leaving = {
        "alias": "Leaving",
        "triggers": [{"trigger": "time", "at": "08:00:00"}],
        "actions": [FLASH],
    }
    await owner.save_automation("leaving", leaving)
    close = {"action": "valve.close_valve", "target": {"entity_id": "valve.front_garden"}}
    await owner.save_automation(
        "close_when_leaving",
        _on_run("automation_triggered", {"name": "Leaving"}, close, "Close the garden valve"),
    )

    renamed = await save_config(
        mcp, "automation", {**leaving, "alias": "Leaving home"}, id="leaving"
    )
    turned_off = await call_service(
        mcp, "automation.turn_off", target={"entity_id": "automation.leaving"}
    )

    assert_refused(renamed, risk=None)
    assert_refused(turned_off, reaching="automation.leaving")
    assert hass.states.get("automation.leaving").attributes["friendly_name"] == "Leaving"  # type: ignore[union-attr]
