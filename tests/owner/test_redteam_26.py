"""Red team, round 26: renamed scripts; an automation's run watched through its entity.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 24's fixes.
Three openings, two causes:

- A script keeps its own action (`script.let_the_cleaner_in`, its key) when
  a person renames its entity in the UI (`script.cleaner`). The gate looked
  for `script.let_the_cleaner_in` as an entity, found none, and let the
  call run ("no such macro"): the front door unlocked, directly, through an
  automation that runs the script (`automation.trigger`), or through the
  script's own state watched by an unlock automation. A securing
  automation that runs the renamed script was not securing either, and
  restarting the renamed script it runs went unseen.
  `facts.script_entity_id` maps the action to its entity through the
  entity registry, and `Gate.macro_action` the entity to its action.
- An automation's run changes its own entity (`last_triggered`,
  `current`); "after Kitchen follow has run, water the orchard" was not
  followed from the light that sets Kitchen follow off.
"""

from __future__ import annotations

import asyncio
from typing import Any

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import LINGERING_TIMERS, UNLOCK_FRONT, Owner, assert_house, assert_refused, call_service

CLEANER = {"alias": "Let the cleaner in", "mode": "single", "sequence": [UNLOCK_FRONT]}
ORCHARD_OPEN = {"action": "valve.open_valve", "target": {"entity_id": "valve.orchard"}}


async def _rename(owner: Owner, entity_id: str, new_entity_id: str) -> str:
    """Rename an entity's id as its settings dialog does."""
    await owner.ws_command(
        {
            "type": "config/entity_registry/update",
            "entity_id": entity_id,
            "new_entity_id": new_entity_id,
        }
    )
    assert owner.hass.states.get(new_entity_id) is not None
    return new_entity_id


@LINGERING_TIMERS
async def test_a_renamed_script_is_judged_by_its_own_action(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    script = await owner.save_script("let_the_cleaner_in", CLEANER)
    renamed = await _rename(owner, script, "script.cleaner")
    tuesday = await owner.save_automation(
        "cleaner_tuesday",
        {
            "alias": "Cleaner Tuesday",
            "triggers": [{"trigger": "time", "at": "10:00:00", "weekday": ["tue"]}],
            "actions": [{"action": "script.let_the_cleaner_in"}],
        },
    )

    called = await call_service(mcp, "script.let_the_cleaner_in")
    triggered = await call_service(mcp, "automation.trigger", target={"entity_id": tuesday})
    listed = await mcp.data("list_services", {"domain": "script"})
    preview = await mcp.data("run_macro", {"phrase": "let the cleaner in", "dry_run": True})

    assert_refused(called, reaching="lock.front_door")
    assert renamed in called["targets"][0].get("via", []), called
    assert_refused(triggered, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked"})
    [row] = [s for s in listed["items"] if s["service"] == "let_the_cleaner_in"]
    assert row["guarded"] is True, row
    assert preview["guarded"] is True, preview
    assert preview["action"] == "script.let_the_cleaner_in", preview


async def test_a_renamed_scripts_own_state_is_watched(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_script(
        "arrival_chime",
        {
            "alias": "Arrival chime",
            "sequence": [{"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}],
        },
    )
    renamed = await _rename(owner, "script.arrival_chime", "script.arrival")
    await owner.save_automation(
        "arrival_unlock",
        {
            "alias": "Unlock when arriving",
            "triggers": [{"trigger": "state", "entity_id": renamed, "to": "on"}],
            "actions": [UNLOCK_FRONT],
        },
    )

    called = await call_service(mcp, "script.arrival_chime")

    assert_refused(called, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked", "light.bed_light": "off"})


@LINGERING_TIMERS
async def test_an_automation_running_a_renamed_script_that_locks_secures(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    lock_up = {"action": "lock.lock", "target": {"entity_id": "lock.kitchen_door"}}
    await owner.save_script("lock_up", {"alias": "Lock up", "sequence": [lock_up]})
    await _rename(owner, "script.lock_up", "script.bedtime_lock")
    bedtime = await owner.save_automation(
        "bedtime",
        {
            "alias": "Bedtime lock-up",
            "triggers": [{"trigger": "time", "at": "23:45:00"}],
            "actions": [{"action": "script.lock_up"}],
        },
    )

    turned_off = await call_service(mcp, "automation.turn_off", target={"entity_id": bedtime})

    assert_refused(turned_off, reaching=bedtime)
    assert hass.states.get(bedtime).state == "on"  # type: ignore[union-attr]


def _kitchen_follow() -> dict[str, Any]:
    return {
        "alias": "Kitchen follow",
        "triggers": [{"trigger": "state", "entity_id": "light.kitchen_lights", "to": "on"}],
        "actions": [{"action": "light.turn_on", "target": {"entity_id": "light.ceiling_lights"}}],
    }


async def test_an_automations_run_watched_through_its_entity(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.act("light.turn_off", entity_id="light.kitchen_lights")
    follow = await owner.save_automation("kitchen_follow", _kitchen_follow())
    for watch in ({"attribute": "last_triggered"}, {}):
        await owner.save_automation(
            "orchard_after",
            {
                "alias": "Orchard after Kitchen follow",
                "triggers": [{"trigger": "state", "entity_id": follow, **watch}],
                "actions": [ORCHARD_OPEN],
            },
        )

        turned_on = await call_service(
            mcp, "light.turn_on", target={"entity_id": "light.kitchen_lights"}
        )

        assert_refused(turned_on, reaching="valve.orchard")
        await assert_house(hass, {"light.kitchen_lights": "off", "valve.orchard": "closed"})


@LINGERING_TIMERS
async def test_restarting_a_renamed_script_a_securing_automation_runs_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """In `restart` mode the caller's run cancels the automation's going on: renamed or not."""
    lock_up = {"action": "lock.lock", "target": {"entity_id": "lock.kitchen_door"}}
    sequence = [{"delay": {"minutes": 1}}, lock_up]
    await owner.save_script(
        "lock_up", {"alias": "Lock up", "mode": "restart", "sequence": sequence}
    )
    renamed = await _rename(owner, "script.lock_up", "script.bedtime_lock")
    bedtime = await owner.save_automation(
        "bedtime",
        {
            "alias": "Bedtime lock-up",
            "triggers": [{"trigger": "time", "at": "23:45:00"}],
            "actions": [{"action": "script.lock_up"}],
        },
    )

    await hass.services.async_call("automation", "trigger", {"entity_id": bedtime})
    for _ in range(20):  # Its run starts, and waits its minute.
        await asyncio.sleep(0)
    running = hass.states.get(renamed)
    assert running is not None and running.state == "on"

    restarted = await call_service(mcp, "script.turn_on", target={"entity_id": renamed})

    assert_refused(restarted, reaching=bedtime)
    after = hass.states.get(renamed)
    assert after is not None and after.state == "on"
    assert after.attributes["last_triggered"] == running.attributes["last_triggered"]
