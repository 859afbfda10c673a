"""Red team, round 27: the name a run event carries; a renamed guarded relay.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 26's fixes.
Two openings with one cause: "Open the garage for parcels" waits for
`script_started` named "Doorbell", and "Let me in after arrival" for
`automation_triggered` named "Arrival". Home Assistant names those events
by the script's alias and the automation's own name; the gate compared the
name people see, which the entity's settings can change. The owner named
the doorbell script "Doorbell chime" in its settings (and another script
"Doorbell"): the gate guarded the wrong script, and running the real one
opened the garage; the same with automations and the front door. When no
script had the name in sight, every script in the house waited (a false
positive). The gate reads the name the event carries (`reads.Reads._run_name`).

The third finding, a relay marked guarded in the options that lost its
guard when the owner renamed it, is `tests/test_renames.py`.
"""

from __future__ import annotations

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    LINGERING_TIMERS,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
)

FLASH = {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}


async def _name_in_settings(owner: Owner, entity_id: str, name: str) -> None:
    await owner.ws_command(
        {"type": "config/entity_registry/update", "entity_id": entity_id, "name": name}
    )


async def test_a_script_started_event_names_the_scripts_alias(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    doorbell = await owner.save_script("doorbell", {"alias": "Doorbell", "sequence": [FLASH]})
    await owner.save_automation(
        "parcel_garage",
        {
            "alias": "Open the garage for parcels",
            "triggers": [
                {
                    "trigger": "event",
                    "event_type": "script_started",
                    "event_data": {"name": "Doorbell"},
                }
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    garden = await owner.save_script("porch_light", {"alias": "Porch light", "sequence": [FLASH]})
    await _name_in_settings(owner, doorbell, "Doorbell chime")
    await _name_in_settings(owner, garden, "Doorbell")

    by_action = await call_service(mcp, "script.doorbell")
    by_phrase = await mcp.data("run_macro", {"phrase": "Doorbell chime"})

    assert_refused(by_action, reaching="cover.garage_door")
    assert_refused(by_phrase, reaching="cover.garage_door")
    await assert_house(hass, {"cover.garage_door": "closed"})


@LINGERING_TIMERS
async def test_an_automation_triggered_event_names_the_automations_own_name(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    arrival = await owner.save_automation(
        "arrival_lights",
        {
            "alias": "Arrival",
            "triggers": [{"trigger": "event", "event_type": "arrived_home"}],
            "actions": [FLASH],
        },
    )
    await owner.save_automation(
        "arrival_unlock",
        {
            "alias": "Let me in after arrival",
            "triggers": [
                {
                    "trigger": "event",
                    "event_type": "automation_triggered",
                    "event_data": {"name": "Arrival"},
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    night = await owner.save_automation(
        "night",
        {
            "alias": "Night",
            "triggers": [{"trigger": "time", "at": "22:00:00"}],
            "actions": [FLASH],
        },
    )
    await _name_in_settings(owner, arrival, "Arrival lights")
    await _name_in_settings(owner, night, "Arrival")

    triggered = await call_service(mcp, "automation.trigger", target={"entity_id": arrival})

    assert_refused(triggered, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked"})
    # "Night", whatever its settings call it, fires an event named "Night".
    assert_ran(await call_service(mcp, "automation.trigger", target={"entity_id": night}))


async def test_a_script_named_so_nowhere_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The false positive: with the alias found, other scripts are not what the event names."""
    doorbell = await owner.save_script("doorbell", {"alias": "Doorbell", "sequence": [FLASH]})
    await owner.save_automation(
        "parcel_garage",
        {
            "alias": "Open the garage for parcels",
            "triggers": [
                {
                    "trigger": "event",
                    "event_type": "script_started",
                    "event_data": {"name": "Doorbell"},
                }
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    await _name_in_settings(owner, doorbell, "Doorbell chime")

    assert_ran(await call_service(mcp, "script.bedtime"))
    assert_refused(await call_service(mcp, "script.doorbell"), reaching="cover.garage_door")
