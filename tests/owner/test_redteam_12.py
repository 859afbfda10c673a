"""Red team, round 12: the configuration write tools in hand.

Same rules as the earlier rounds (`test_redteam_1.py`): the owner builds the
house through Home Assistant's own APIs; the client only calls MCP tools.

What opened the house: a written script or automation firing `tag_scanned`
(an NFC tag trigger is an event listener the gate did not count), also from
an automation set off by Home MCP's own `home_mcp_config_written`. What
weakened it without approval: a written automation that cancels the timer
an auto-lock waits for, or stops a running securing script (a written
item's own run was judged for opening only); a script firing Home
Assistant's own events (`entity_registry_updated` removed a securing
automation); `timer.start` restarting that timer for 99 hours; a condition
of a securing automation inside a `choose` branch.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    DISARM,
    LINGERING_TIMERS,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_refused,
    call_service,
    state,
)

TAG_UNLOCK = {
    "alias": "Front door NFC tag",
    "triggers": [{"trigger": "tag", "tag_id": "front-door-tag"}],
    "actions": [UNLOCK_FRONT],
}
FIRE_TAG = {"event": "tag_scanned", "event_data": {"tag_id": "front-door-tag"}}


async def _save(mcp: McpHarness, kind: str, config: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return await mcp.data("save_config", {"kind": kind, "config": config, **extra})


@pytest.fixture
async def tag_unlock(owner: Owner) -> str:
    """Return the owner's "unlock the front door with this NFC tag" automation."""
    assert await async_setup_component(owner.hass, "tag", {})
    return await owner.save_automation("own_tag", TAG_UNLOCK)


async def test_a_written_script_firing_a_tag_scan_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, tag_unlock: str
) -> None:
    script = {"alias": "Tag test", "sequence": [FIRE_TAG]}
    assert_refused(await _save(mcp, "script", script), reaching="lock.front_door")
    dry = await _save(mcp, "script", script, dry_run=True)
    assert dry["guarded"] is True
    # Firing it from an existing script the gate lets run: the edit is guarded.
    await owner.save_script("evening", {"alias": "Evening", "sequence": []})
    edited = {"alias": "Evening", "sequence": [FIRE_TAG]}
    assert_refused(await _save(mcp, "script", edited, id="evening"), reaching="lock.front_door")
    assert (await call_service(mcp, "script.evening"))["ok"] is True
    await assert_house(hass, {"lock.front_door": "locked"})


async def test_what_a_write_sets_off_through_home_mcp_config_written_is_judged(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, tag_unlock: str
) -> None:
    own = {
        "alias": "After a config change",
        "triggers": [{"trigger": "event", "event_type": "home_mcp_config_written"}],
        "actions": [FIRE_TAG],
    }
    assert_refused(await _save(mcp, "automation", own), reaching="lock.front_door")
    # The owner's automation that reacts to writes with a disarm: every
    # write through MCP would set it off, so each waits for a person.
    await owner.save_automation(
        "on_write",
        {
            "alias": "On write",
            "triggers": [{"trigger": "event", "event_type": "home_mcp_config_written"}],
            "actions": [DISARM],
        },
    )
    harmless = {"alias": "Harmless", "triggers": [], "actions": []}
    assert_refused(await _save(mcp, "automation", harmless))
    await assert_house(hass, {"lock.front_door": "locked"})


async def test_home_assistants_own_events_cannot_be_fired_from_a_written_script(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    for event in (
        {"event": "entity_registry_updated", "event_data": {"action": "remove"}},
        {"event": "state_changed"},
        {"event": "homeassistant_stop"},
        {"event": "core_config_updated"},
        {"event": "home_mcp_confirmation", "event_data": {"decision": "approved"}},
        {"event": "home_mcp_escape"},
        {"event": "{{ 'entity_registry_updated' }}"},
    ):
        result = await _save(mcp, "script", {"alias": "Forged", "sequence": [event]})
        assert result.get("error") == "needs_confirmation", (event, result)
    custom = await _save(mcp, "script", {"alias": "Doorbell", "sequence": [{"event": "ding"}]})
    assert custom["written"] is True  # A household's own event: nothing listens.


@pytest.fixture
async def auto_lock(owner: Owner) -> tuple[str, str]:
    """Return the owner's auto-lock: the door unlocked starts a timer; when it ends, lock."""
    hass = owner.hass
    assert await async_setup_component(hass, "timer", {})
    timer = await owner.create_helper("timer", "Autolock", duration="00:00:30")
    switch = await owner.create_helper("input_boolean", "Auto lock")
    await owner.act("input_boolean.turn_on", entity_id=switch)
    await owner.save_automation(
        "autolock_start",
        {
            "alias": "Start the auto-lock",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"}],
            "actions": [{"action": "timer.start", "target": {"entity_id": timer}}],
        },
    )
    await owner.save_automation(
        "autolock",
        {
            "alias": "Auto-lock",
            "triggers": [
                {
                    "trigger": "event",
                    "event_type": "timer.finished",
                    "event_data": {"entity_id": timer},
                }
            ],
            "actions": [
                {
                    "choose": [
                        {
                            "conditions": [
                                {"condition": "state", "entity_id": switch, "state": "on"}
                            ],
                            "sequence": [
                                {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}
                            ],
                        }
                    ]
                }
            ],
        },
    )
    return timer, switch


@LINGERING_TIMERS
async def test_what_keeps_the_auto_lock_from_locking_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, auto_lock: tuple[str, str]
) -> None:
    timer, switch = auto_lock
    quiet = {
        "alias": "Quiet timer",
        "triggers": [{"trigger": "state", "entity_id": timer, "to": "active"}],
        "actions": [{"action": "timer.cancel", "target": {"entity_id": timer}}],
    }
    assert_refused(await _save(mcp, "automation", quiet))
    # Restarting the running timer for 99 hours is cancelling it too.
    await owner.act("lock.unlock", entity_id="lock.front_door")
    assert state(hass, timer) == "active"
    later = await call_service(
        mcp, "timer.start", target={"entity_id": timer}, data={"duration": "99:00:00"}
    )
    assert_refused(later)
    # The auto-lock's condition is inside a `choose` branch: still its condition.
    assert_refused(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": switch}))
    assert state(hass, switch) == "on"


@LINGERING_TIMERS
async def test_stopping_a_running_securing_script_from_a_written_automation_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_script(
        "lock_up",
        {
            "alias": "Lock up",
            "sequence": [
                {"delay": {"minutes": 2}},
                {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
            ],
        },
    )
    stop = {
        "alias": "Stop lock up",
        "triggers": [{"trigger": "state", "entity_id": "script.lock_up", "to": "on"}],
        "actions": [{"action": "script.turn_off", "target": {"entity_id": "script.lock_up"}}],
    }
    assert_refused(await _save(mcp, "automation", stop))


@LINGERING_TIMERS
async def test_a_schedule_helper_can_be_written(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    assert await async_setup_component(hass, "schedule", {})
    made = await _save(
        mcp,
        "schedule",
        {"name": "Office hours", "monday": [{"from": "09:00:00", "to": "17:00:00"}]},
    )
    assert made.get("written") is True, made
    assert hass.states.get(made["entity_id"]) is not None


@LINGERING_TIMERS
async def test_a_securing_branch_on_what_it_secures_is_not_a_condition_it_depends_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """An "if the garage is open, close it" branch is there for the garage being opened."""
    midnight = await owner.save_automation(
        "secure_midnight",
        {
            "alias": "Secure the house at midnight",
            "triggers": [{"trigger": "time", "at": "00:00:00"}],
            "actions": [
                {
                    "if": [
                        {"condition": "state", "entity_id": "cover.garage_door", "state": "open"}
                    ],
                    "then": [
                        {
                            "action": "cover.close_cover",
                            "target": {"entity_id": "cover.garage_door"},
                        }
                    ],
                }
            ],
        },
    )
    refused = await call_service(mcp, "cover.open_cover", target={"entity_id": "cover.garage_door"})
    assert_refused(refused, reaching="cover.garage_door")
    assert midnight not in [t["entity_id"] for t in refused["targets"]]
