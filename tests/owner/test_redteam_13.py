"""Red team, round 13: the write tools again, on round 12's fixes.

Same rules as the earlier rounds (`test_redteam_1.py`). What opened the
house: a new helper given back a deleted entity's old entity id by the
entity registry, which an automation still triggers on (the gate judged the
id the name would give). What weakened it: a scene setting the auto-lock's
timer to idle or paused; written automations restarting that timer, or
re-triggering a securing automation, every few seconds; a script a
securing automation runs first, edited to wait for hours; turning off the
automation that starts the auto-lock's timer (the first half of a securing
chain).
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import LINGERING_TIMERS, UNLOCK_FRONT, Owner, assert_house, assert_refused, call_service

LOCK_FRONT = {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}


async def _save(mcp: McpHarness, kind: str, config: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return await mcp.data("save_config", {"kind": kind, "config": config, **extra})


async def test_a_new_helper_given_a_deleted_entitys_id_is_judged_as_that_entity(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    porch = await owner.create_helper("input_boolean", "Porch")
    await owner.ws_command(
        {
            "type": "config/entity_registry/update",
            "entity_id": porch,
            "new_entity_id": "input_boolean.guest_entry",
        }
    )
    await owner.ws_command({"type": "input_boolean/delete", "input_boolean_id": "porch"})
    await owner.save_automation(
        "guest_entry",
        {
            "alias": "Guest entry",
            "triggers": [
                {"trigger": "state", "entity_id": "input_boolean.guest_entry", "to": "on"}
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    config = {"name": "Porch", "initial": True}
    dry = await _save(mcp, "input_boolean", config, dry_run=True)
    assert dry["entity_id"] == "input_boolean.guest_entry"
    assert_refused(await _save(mcp, "input_boolean", config), reaching="input_boolean.guest_entry")
    await assert_house(hass, {"lock.front_door": "locked"})


@pytest.fixture
async def auto_lock(owner: Owner) -> str:
    """Return the owner's auto-lock timer: the door unlocked starts it; when it ends, lock."""
    hass = owner.hass
    assert await async_setup_component(hass, "timer", {})
    assert await async_setup_component(hass, "scene", {})
    timer = await owner.create_helper("timer", "Autolock", duration="00:00:30")
    await owner.save_automation(
        "autolock_start",
        {
            "alias": "Auto-lock: start the timer",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"}],
            "actions": [{"action": "timer.start", "target": {"entity_id": timer}}],
        },
    )
    await owner.save_automation(
        "autolock_lock",
        {
            "alias": "Auto-lock: lock",
            "triggers": [
                {
                    "trigger": "event",
                    "event_type": "timer.finished",
                    "event_data": {"entity_id": timer},
                }
            ],
            "actions": [LOCK_FRONT],
        },
    )
    return timer


@LINGERING_TIMERS
async def test_what_stops_or_starves_the_auto_lock_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, auto_lock: str
) -> None:
    timer = auto_lock
    for state in ("idle", "paused", {"state": "active", "duration": "10:00:00"}):
        scene = {"name": "Timer scene", "entities": {timer: state}}
        assert_refused(await _save(mcp, "scene", scene), risk=None)
    every_10_s = [{"trigger": "time_pattern", "seconds": "/10"}]
    restart = {
        "alias": "Keep the timer going",
        "triggers": every_10_s,
        "actions": [{"action": "timer.start", "target": {"entity_id": timer}}],
    }
    assert_refused(await _save(mcp, "automation", restart))
    # The first half of the chain: what starts the timer is securing too.
    assert_refused(
        await call_service(
            mcp, "automation.turn_off", target={"entity_id": "automation.auto_lock_start_the_timer"}
        )
    )
    await assert_house(hass, {"automation.auto_lock_start_the_timer": "on"})


@LINGERING_TIMERS
async def test_retriggering_a_securing_automation_forever_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_automation(
        "autolock_delay",
        {
            "alias": "Auto-lock after 30 s",
            "mode": "restart",
            "triggers": [{"trigger": "state", "entity_id": "lock.kitchen_door", "to": "unlocked"}],
            "actions": [
                {"delay": 30},
                {"action": "lock.lock", "target": {"entity_id": "lock.kitchen_door"}},
            ],
        },
    )
    loop = {
        "alias": "Retrigger",
        "mode": "parallel",
        "triggers": [{"trigger": "time_pattern", "seconds": "/10"}],
        "actions": [
            {
                "action": "automation.trigger",
                "target": {"entity_id": "automation.auto_lock_after_30_s"},
            }
        ],
    }
    assert_refused(await _save(mcp, "automation", loop))


@LINGERING_TIMERS
async def test_a_script_a_securing_automation_runs_first_is_part_of_it(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_script(
        "bedtime_lights",
        {
            "alias": "Bedtime lights",
            "sequence": [{"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}}],
        },
    )
    await owner.save_automation(
        "bedtime",
        {
            "alias": "Bedtime",
            "triggers": [{"trigger": "time", "at": "23:30:00"}],
            "actions": [{"action": "script.bedtime_lights"}, LOCK_FRONT],
        },
    )
    slower = {"alias": "Bedtime lights", "sequence": [{"delay": "12:00:00"}]}
    assert_refused(await _save(mcp, "script", slower, id="bedtime_lights"), risk="system")
