"""A timer's events set off only what waits for that timer.

An automation waiting for `timer.finished` with `event_data: {entity_id:
timer.x}` runs when that timer ends, never another: starting or cancelling
the dishwasher's timer leaves the owner's "the courier's window is over:
open the garage" alone, while starting the courier's own timer still waits
for a person. What may act on any timer (a target computed as it runs)
still counts for every one, and a timer an auto-lock waits for stays
guarded when cancelled or set to end later.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    CLOSED,
    LINGERING_TIMERS,
    LOCKED,
    OPEN_GARAGE,
    WHEN_UNLOCKED,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    auto_lock_timer,
    call_service,
    pass_time,
    timer_runs,
)


async def _timers(owner: Owner) -> tuple[str, str]:
    """Return the courier's timer, whose end opens the garage, and the dishwasher's."""
    courier = await timer_runs(
        owner,
        "Courier window",
        "00:10:00",
        OPEN_GARAGE,
        alias="Open the garage when the courier's window ends",
        automation_id="courier_window",
    )
    dishwasher = await owner.create_helper("timer", "Dishwasher", duration="01:00:00")
    return courier, dishwasher


@LINGERING_TIMERS
async def test_another_timer_started_or_cancelled_leaves_a_timer_s_automation_alone(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The dishwasher's timer runs at once; the courier's own timer waits for a person."""
    courier, dishwasher = await _timers(owner)
    assert_ran(await call_service(mcp, "timer.start", target={"entity_id": dishwasher}))
    assert_ran(await call_service(mcp, "timer.cancel", target={"entity_id": dishwasher}))
    await assert_house(hass, CLOSED)
    refused = await call_service(mcp, "timer.start", target={"entity_id": courier})
    assert_refused(refused, reaching="cover.garage_door")
    refused = await call_service(mcp, "timer.finish", target={"entity_id": courier})
    assert_refused(refused, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


async def test_a_timer_cancelled_or_paused_never_finishes_what_waits_for_its_end(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Cancelling or pausing the courier's timer runs: it will not end; finishing it waits."""
    courier, _ = await _timers(owner)
    await owner.act("timer.start", entity_id=courier)
    assert_ran(await call_service(mcp, "timer.pause", target={"entity_id": courier}))
    assert_ran(await call_service(mcp, "timer.cancel", target={"entity_id": courier}))
    refused = await call_service(mcp, "timer.finish", target={"entity_id": courier})
    assert_refused(refused, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


@LINGERING_TIMERS
async def test_a_timer_started_still_sets_off_what_waits_for_it_to_be_idle_again(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Started, a timer ends idle by itself: "when it is idle, open the garage" waits."""
    courier = await owner.create_helper("timer", "Courier window", duration="00:10:00")
    await owner.save_automation(
        "courier_idle",
        {
            "alias": "Open the garage when the courier's timer is idle",
            "triggers": [{"trigger": "state", "entity_id": courier, "to": "idle"}],
            "actions": [OPEN_GARAGE],
        },
    )
    refused = await call_service(mcp, "timer.start", target={"entity_id": courier})
    assert_refused(refused, reaching="cover.garage_door")
    assert_ran(await call_service(mcp, "timer.pause", target={"entity_id": courier}))
    await assert_house(hass, CLOSED)


async def test_a_script_starting_a_timer_it_computes_waits_for_a_timer_s_automation(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A timer named as the script runs may be the courier's: running it waits."""
    await _timers(owner)
    which = await owner.create_helper("input_text", "Which timer")
    script = await owner.save_script(
        "start_a_timer",
        {
            "alias": "Start a timer",
            "sequence": [
                {
                    "action": "timer.start",
                    "target": {"entity_id": f"{{{{ states('{which}') }}}}"},
                }
            ],
        },
    )
    refused = await call_service(mcp, "script.turn_on", target={"entity_id": script})
    assert_refused(refused, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


@LINGERING_TIMERS
async def test_the_timer_an_auto_lock_waits_for_stays_guarded_and_other_timers_run(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Cancelled, or started for a time of the client's, the auto-lock's timer waits."""
    autolock = await auto_lock_timer(owner)
    dishwasher = await owner.create_helper("timer", "Dishwasher", duration="01:00:00")
    await owner.act("timer.start", entity_id=autolock)
    assert_refused(await call_service(mcp, "timer.cancel", target={"entity_id": autolock}))
    later = {"duration": "99:00:00"}
    assert_refused(
        await call_service(mcp, "timer.start", target={"entity_id": autolock}, data=later)
    )
    assert_ran(await call_service(mcp, "timer.start", target={"entity_id": dishwasher}))
    assert_ran(await call_service(mcp, "timer.cancel", target={"entity_id": dishwasher}))
    await assert_house(hass, LOCKED)


@pytest.mark.redteam(round=42)
@LINGERING_TIMERS
async def test_restarting_the_running_timer_an_auto_lock_waits_for_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """`timer.start` on a running timer starts its whole duration over: the lock waits again.

    Home Assistant's `Timer.async_start` sets the end to now plus the
    duration it was started for, however much of it had passed: four
    minutes into a five-minute auto-lock, a bare start makes it five more.
    Called again before each end, the door is never locked.
    """
    autolock = await _autolock(owner)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    await owner.act("timer.start", entity_id=autolock)  # The door was left unlocked.
    pass_time(hass, freezer, timedelta(minutes=4))
    await hass.async_block_till_done()
    again = await call_service(mcp, "timer.start", target={"entity_id": autolock})
    pass_time(hass, freezer, timedelta(minutes=2))  # Six minutes since the door was left.
    await hass.async_block_till_done()
    await assert_house(hass, LOCKED)
    assert_refused(again)


@LINGERING_TIMERS
async def test_starting_the_idle_or_paused_timer_an_auto_lock_waits_for_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """Idle, `timer.start` starts the countdown to the lock; paused, it resumes it.

    Home Assistant's `Timer.async_start` keeps a paused timer's remaining
    time: the lock comes when it would have, had the timer never paused.
    """
    autolock = await _autolock(owner)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    assert_ran(await call_service(mcp, "timer.start", target={"entity_id": autolock}))
    pass_time(hass, freezer, timedelta(minutes=4))
    await owner.act("timer.pause", entity_id=autolock)
    assert_ran(await call_service(mcp, "timer.start", target={"entity_id": autolock}))
    pass_time(hass, freezer, timedelta(minutes=2))  # One minute was left.
    await hass.async_block_till_done()
    await assert_house(hass, LOCKED)


async def _autolock(owner: Owner, *starts: dict[str, Any]) -> str:
    """Return the auto-lock's five-minute timer, whose end locks the front door.

    `starts` are the owner's automations around it, saved with it.
    """
    autolock = await auto_lock_timer(owner)
    for index, config in enumerate(starts):
        await owner.save_automation(f"autolock_{index}", config)
    return autolock


@pytest.mark.redteam(round=42)
@LINGERING_TIMERS
async def test_lengthening_the_minutes_an_auto_lock_s_timer_is_started_for_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """The auto-lock starts its timer for a helper's minutes (keymaster's auto-lock delay).

    Unlocked, the door starts the timer for "auto-lock minutes"; the timer's
    end locks it. Set to its most (ten hours), the next unlock stays
    unlocked that long, as lengthening a trigger's `for:` would (refused).
    """
    minutes = await owner.create_helper(
        "input_number", "Auto-lock minutes", min=1, max=600, step=1, initial=5, mode="box"
    )
    autolock = await auto_lock_timer(owner)
    per_helper = {"duration": f"{{{{ (states('{minutes}') | int(5)) * 60 }}}}"}
    await owner.save_automation(
        "autolock_start",
        {
            "alias": "Start the auto-lock when the door is unlocked",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"}],
            "actions": [
                {"action": "timer.start", "target": {"entity_id": autolock}, "data": per_helper}
            ],
        },
    )
    longer = await call_service(
        mcp, "input_number.set_value", target={"entity_id": minutes}, data={"value": 600}
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")  # Someone comes home.
    pass_time(hass, freezer, timedelta(minutes=6))
    await hass.async_block_till_done()
    await assert_house(hass, LOCKED)
    assert_refused(longer)


@pytest.mark.redteam(round=42)
@LINGERING_TIMERS
async def test_emptying_the_time_an_auto_lock_s_timer_is_started_for_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """Keymaster's auto-lock starts its timer only for a time its text helper holds.

    Emptied, the helper starts no timer: the door, once unlocked, is never
    locked, as turning the auto-lock's own switch off would do (refused).
    """
    time = await owner.create_helper("input_text", "Auto-lock time", initial="00:05:00")
    autolock = await auto_lock_timer(owner)
    await owner.save_automation(
        "autolock_start",
        {
            "alias": "Start the auto-lock when the door is unlocked",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"}],
            "actions": [
                {
                    "choose": [
                        {
                            "conditions": [
                                {
                                    "condition": "template",
                                    "value_template": f"{{{{ has_value('{time}') "
                                    f"and not is_state('{time}', '') }}}}",
                                }
                            ],
                            "sequence": [
                                {
                                    "action": "timer.start",
                                    "target": {"entity_id": autolock},
                                    "data": {"duration": f"{{{{ states('{time}') }}}}"},
                                }
                            ],
                        }
                    ]
                }
            ],
        },
    )
    emptied = await call_service(
        mcp, "input_text.set_value", target={"entity_id": time}, data={"value": ""}
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")  # Someone comes home.
    pass_time(hass, freezer, timedelta(minutes=6))
    await hass.async_block_till_done()
    await assert_house(hass, LOCKED)
    assert_refused(emptied)


@LINGERING_TIMERS
async def test_lengthening_the_minutes_a_lighting_timer_is_started_for_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A helper's minutes for the timer that turns the porch light off: no lock waits for it."""
    minutes = await owner.create_helper(
        "input_number", "Porch minutes", min=1, max=600, step=1, initial=5, mode="box"
    )
    porch = await owner.create_helper("timer", "Porch", duration="00:05:00")
    await _autolock(
        owner,
        {
            "alias": "Start the porch timer when the door is unlocked",
            "triggers": WHEN_UNLOCKED,
            "actions": [
                {
                    "action": "timer.start",
                    "target": {"entity_id": porch},
                    "data": {"duration": f"{{{{ (states('{minutes}') | int(5)) * 60 }}}}"},
                }
            ],
        },
    )
    assert_ran(
        await call_service(
            mcp, "input_number.set_value", target={"entity_id": minutes}, data={"value": 600}
        )
    )


@LINGERING_TIMERS
async def test_locking_the_door_whose_automation_cancels_the_auto_lock_timer_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's "locked: cancel the auto-lock timer" (keymaster's): the door is locked.

    Turning the auto-lock on restarts its timer (cancel, then start): it
    sets the lock off again, as the owner's "enable the auto-lock" does.
    """
    enabled = await owner.create_helper("input_boolean", "Auto-lock enabled")
    timer = "timer.autolock"  # The auto-lock's, saved with them.
    autolock = await _autolock(
        owner,
        {
            "alias": "Locked: cancel the auto-lock timer",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door", "to": "locked"}],
            "actions": [{"action": "timer.cancel", "target": {"entity_id": timer}}],
        },
        {
            "alias": "Enable the auto-lock: restart its timer",
            "triggers": [{"trigger": "state", "entity_id": enabled, "to": "on"}],
            "actions": [
                {"action": "timer.cancel", "target": {"entity_id": timer}},
                {"action": "timer.start", "target": {"entity_id": timer}},
            ],
        },
    )
    assert autolock == timer
    await owner.act("lock.unlock", entity_id="lock.front_door")
    assert_ran(await call_service(mcp, "lock.lock", target={"entity_id": "lock.front_door"}))
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": enabled}))
    assert_refused(await call_service(mcp, "timer.cancel", target={"entity_id": autolock}))


@LINGERING_TIMERS
async def test_starting_a_timer_sets_off_nothing_its_cancel_does(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's "courier cancelled: open the garage" answers a cancel, never a start.

    A started timer ends `idle` by itself, but Home Assistant fires
    `timer.finished` then, not `timer.cancelled`: starting the timer runs;
    cancelling it, which opens the garage, waits for a person.
    """
    courier = await timer_runs(
        owner,
        "Courier window",
        "00:10:00",
        OPEN_GARAGE,
        alias="Open the garage when the courier's window is cancelled",
        automation_id="courier_cancelled",
        event="timer.cancelled",
    )
    assert_ran(await call_service(mcp, "timer.start", target={"entity_id": courier}))
    refused = await call_service(mcp, "timer.cancel", target={"entity_id": courier})
    assert_refused(refused, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)
