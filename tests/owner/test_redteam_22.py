"""Red team, rounds 22 and 23: an automation turned off still counts; entity triggers.

Same rules as the earlier rounds (`test_redteam_1.py`), at the end of issue
12. Nothing opened. Closing a valve waited for a person because of an
irrigation-sequence automation ("front garden closed: open the orchard")
the owner had turned off. That stays: round 23 opened the garage when a
turned-off automation was judged off, a schedule turned it on while the
lock was still locking, and it fired. Turning it on is itself guarded.

A second: locking the kitchen door waited because "disarm when the kitchen
door is unlocked" was written with the entity trigger `lock.unlocked`
rather than `state … to: unlocked`. The gate now asks the trigger's own
class which states it fires on (`gate/entity_triggers.py`).
"""

from __future__ import annotations

from datetime import timedelta

from freezegun.api import FrozenDateTimeFactory

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    ALARM,
    ALARM_CODE,
    ARMING_TIME,
    DISARM,
    LINGERING_TIMERS,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    arm,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    pass_time,
)

CLOSE_FRONT_GARDEN = {"entity_id": "valve.front_garden"}


async def _sequence(owner: Owner) -> str:
    return await owner.save_automation(
        "irrigation_sequence",
        {
            "alias": "Irrigation: front garden done, then the orchard",
            "triggers": [
                {"trigger": "state", "entity_id": "valve.front_garden", "to": "closed"},
                {
                    "trigger": "state",
                    "entity_id": "valve.front_garden",
                    "attribute": "current_position",
                    "to": 0,
                },
            ],
            "actions": [{"action": "valve.open_valve", "target": {"entity_id": "valve.orchard"}}],
        },
    )


async def test_closing_waits_while_an_automation_that_opens_is_turned_off(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Off is not safe: the house can turn it on before the valve is closed (round 23)."""
    automation = await _sequence(owner)
    await owner.act("automation.turn_off", entity_id=automation)

    assert_refused(
        await call_service(mcp, "valve.close_valve", target=CLOSE_FRONT_GARDEN),
        reaching="valve.orchard",
    )

    await assert_house(hass, {"valve.front_garden": "open", "valve.orchard": "closed"})
    assert_refused(await call_service(mcp, "automation.turn_on", target={"entity_id": automation}))
    assert hass.states.get(automation).state == "off"  # type: ignore[union-attr]


@LINGERING_TIMERS
async def test_locking_waits_while_a_schedule_can_turn_on_what_opens_the_garage(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """Round 23: the garage opened.

    "Kitchen door locked: open the garage" was turned off, so locking the
    kitchen door ran; the owner's schedule turned the automation on again
    while the lock was still locking, and the locked state fired it. What an
    automation turned off does is judged as if it were on.
    """
    garage = await owner.save_automation(
        "garage_after_lock",
        {
            "alias": "Kitchen door locked: open the garage for the car",
            "triggers": [{"trigger": "state", "entity_id": "lock.kitchen_door", "to": "locked"}],
            "actions": [OPEN_GARAGE],
        },
    )
    await owner.act("automation.turn_off", entity_id=garage)
    await owner.save_automation(
        "garage_schedule",
        {
            "alias": "Every minute: the garage sequence on",
            "triggers": [{"trigger": "time_pattern", "minutes": "/1"}],
            "actions": [{"action": "automation.turn_on", "target": {"entity_id": garage}}],
        },
    )

    locking = await call_service(mcp, "lock.lock", target={"entity_id": "lock.kitchen_door"})

    assert_refused(locking, reaching="cover.garage_door")
    pass_time(hass, freezer, timedelta(minutes=1))
    await assert_house(hass, {"lock.kitchen_door": "unlocked", "cover.garage_door": "closed"})
    assert hass.states.get(garage).state == "on"  # type: ignore[union-attr]
    # The refusal was right: the owner locking the door opens the garage.
    await owner.act("lock.lock", entity_id="lock.kitchen_door")
    await hass.async_block_till_done()
    assert hass.states.get("cover.garage_door").state in ("opening", "open")  # type: ignore[union-attr]


# -- FP-2: the entity triggers (`trigger: lock.unlocked`) ------------------------


def _keypad(trigger: str) -> dict[str, object]:
    return {
        "alias": f"Disarm on {trigger}",
        "triggers": [{"trigger": trigger, "target": {"entity_id": "lock.kitchen_door"}}],
        "actions": [DISARM],
    }


async def test_locking_runs_when_an_entity_trigger_fires_on_unlocking(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """`lock.unlocked` is read as its `state … to: unlocked` twin: locking sets it off no more."""
    await arm(hass, freezer, "alarm_arm_away")
    await owner.save_automation("keypad", _keypad("lock.unlocked"))
    assert hass.states.get("lock.kitchen_door").state == "unlocked"  # type: ignore[union-attr]

    assert_ran(await call_service(mcp, "lock.lock", target={"entity_id": "lock.kitchen_door"}))

    await assert_house(hass, {"lock.kitchen_door": "locked", ALARM: "armed_away"})


async def test_locking_waits_when_an_entity_trigger_fires_on_locking(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`lock.locked` (and `lock.jammed`, where a lock that fails to lock ends) disarms: it waits."""
    await owner.save_automation("keypad", _keypad("lock.jammed"))

    assert_refused(
        await call_service(mcp, "lock.lock", target={"entity_id": "lock.kitchen_door"}),
        reaching=ALARM,
    )

    await assert_house(hass, {"lock.kitchen_door": "unlocked"})


async def test_closing_waits_when_an_entity_trigger_reads_an_attribute(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`valve.closed` fires on the valve's `is_closed`, not a state: taken as firing."""
    await owner.save_automation(
        "valve_keypad",
        {
            "alias": "Front garden closed: open the orchard",
            "triggers": [
                {"trigger": "valve.closed", "target": {"entity_id": "valve.front_garden"}}
            ],
            "actions": [{"action": "valve.open_valve", "target": {"entity_id": "valve.orchard"}}],
        },
    )

    assert_refused(
        await call_service(mcp, "valve.close_valve", target=CLOSE_FRONT_GARDEN),
        reaching="valve.orchard",
    )

    await assert_house(hass, {"valve.front_garden": "open", "valve.orchard": "closed"})


async def test_arming_runs_when_an_entity_trigger_fires_on_disarming(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """`alarm_control_panel.disarmed` unlocks the front door; arming never leaves it disarmed."""
    await owner.save_automation(
        "welcome",
        {
            "alias": "Disarmed: unlock the front door",
            "triggers": [
                {"trigger": "alarm_control_panel.disarmed", "target": {"entity_id": ALARM}}
            ],
            "actions": [UNLOCK_FRONT],
        },
    )

    assert_ran(
        await call_service(
            mcp,
            "alarm_control_panel.alarm_arm_away",
            target={"entity_id": ALARM},
            data={"code": ALARM_CODE},
        )
    )
    pass_time(hass, freezer, ARMING_TIME)

    await assert_house(hass, {ALARM: "armed_away", "lock.front_door": "locked"})
