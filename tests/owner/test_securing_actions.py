"""Locking, closing and arming run at once, unless what they set off opens the house.

An automation triggered by a lock locking that opens the garage; a template
sensor ("all shut", "nobody home") computed from what is secured, watched by
an automation that opens; a polling automation whose condition is the lock
locked; a lock that can jam, watched by a "when it jams" automation that
opens. When only the opposite change (unlocking) sets something off, or
nothing watches the jam, locking runs.

An automation the owner turned off still counts (the house can turn it on
before the lock has locked); an entity trigger (`lock.unlocked`,
`valve.closed`, `alarm_control_panel.disarmed`) fires on the states its own
class says; an "if the garage is open, close it" branch is no condition a
securing run depends on.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    ALARM,
    ALARM_CODE,
    ARMING_TIME,
    CLOSED,
    DISARM,
    LINGERING_TIMERS,
    OPEN_GARAGE,
    POLLING,
    UNLOCK_FRONT,
    Owner,
    arm,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    pass_time,
)

# -- what locking sets off -------------------------------------------------------------


@pytest.mark.redteam(round=1)
async def test_locking_that_opens_the_garage_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S8: "leaving: open the garage when the front door is locked"."""
    await owner.save_automation(
        "leaving",
        {
            "alias": "Leaving",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door",
                          "from": "locking", "to": "locked"}],
            "actions": [OPEN_GARAGE],
        },
    )  # fmt: skip
    result = await call_service(mcp, "lock.lock", target={"entity_id": "lock.front_door"})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


@pytest.mark.redteam(round=1)
async def test_locking_runs_when_only_unlocking_sets_something_off(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Securing still always runs: "disarm when the door is unlocked" is not set off by locking."""
    await owner.save_automation(
        "keypad",
        {
            "alias": "Disarm when unlocked",
            "triggers": [{"trigger": "state", "entity_id": "lock.kitchen_door", "to": "unlocked"}],
            "actions": [DISARM],
        },
    )
    assert_ran(await call_service(mcp, "lock.lock", target={"entity_id": "lock.kitchen_door"}))
    await assert_house(hass, {"lock.kitchen_door": "locked"})


# -- what a securing change sets off through what is computed from it ------------------


OPEN_ORCHARD = {"action": "valve.open_valve", "target": {"entity_id": "valve.orchard"}}


@pytest.mark.redteam(round=2)
@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("securing", "target", "data", "reads"),
    [
        ("lock.lock", "lock.kitchen_door", None, "{{ is_state('lock.kitchen_door', 'locked') }}"),
        ("cover.close_cover", "cover.garage_door", None,
         "{{ is_state('cover.garage_door', 'closed') }}"),
    ],
)  # fmt: skip
async def test_securing_that_turns_on_a_template_sensor_an_opening_watches_is_refused(
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    securing: str,
    target: str,
    data: dict[str, Any] | None,
    reads: str,
) -> None:
    """5: "all shut" (a template binary sensor) turns on, and an automation opens the orchard."""
    await owner.act("cover.open_cover", entity_id="cover.garage_door")
    sensor = await owner.add_template("binary_sensor", {"name": "All shut", "state": reads})
    await owner.save_automation(
        "shut",
        {
            "alias": "Water when all is shut",
            "triggers": [{"trigger": "state", "entity_id": sensor, "to": "on"}],
            "actions": [OPEN_ORCHARD],
        },
    )
    assert_refused(await call_service(mcp, securing, target={"entity_id": target}, data=data))
    await assert_house(hass, {"valve.orchard": "closed"})


@pytest.mark.redteam(round=2)
@LINGERING_TIMERS
async def test_locking_read_by_a_polling_automation_that_opens_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """5: a polling automation whose condition is the kitchen door being locked."""
    await owner.save_automation(
        "polling",
        {
            "alias": "Water once the kitchen is locked",
            "triggers": POLLING,
            "conditions": [
                {"condition": "state", "entity_id": "lock.kitchen_door", "state": "locked"}
            ],
            "actions": [OPEN_ORCHARD],
        },
    )
    result = await call_service(mcp, "lock.lock", target={"entity_id": "lock.kitchen_door"})
    assert_refused(result, reaching="valve.orchard")
    await assert_house(hass, {"lock.kitchen_door": "unlocked", "valve.orchard": "closed"})


@pytest.mark.redteam(round=2)
async def test_arming_away_read_by_a_template_sensor_an_opening_watches_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """5: "nobody home" is the alarm armed away; an automation waters when nobody is home."""
    sensor = await owner.add_template(
        "binary_sensor",
        {"name": "Nobody home", "state": f"{{{{ is_state('{ALARM}', 'armed_away') }}}}"},
    )
    await owner.save_automation(
        "away",
        {
            "alias": "Irrigate when nobody is home",
            "triggers": [{"trigger": "state", "entity_id": sensor, "to": "on"}],
            "actions": [OPEN_ORCHARD],
        },
    )
    result = await call_service(
        mcp,
        "alarm_control_panel.alarm_arm_away",
        target={"entity_id": ALARM},
        data={"code": ALARM_CODE},
    )
    assert_refused(result, reaching="valve.orchard")
    await assert_house(hass, {ALARM: "disarmed", "valve.orchard": "closed"})


# -- a lock that jams ------------------------------------------------------------------


JAMS = "lock.poorly_installed_door"
"""The demo's lock that jams whenever it is locked."""


@pytest.mark.redteam(round=4)
@pytest.mark.parametrize(
    "recovery",
    [
        [UNLOCK_FRONT],
        [OPEN_GARAGE],
        [{"action": "lock.unlock", "target": {"entity_id": JAMS}}],
    ],
    ids=["front_door", "garage", "same_lock"],
)
async def test_locking_a_lock_that_jams_is_refused_when_an_automation_opens_on_the_jam(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, recovery: list[dict[str, Any]]
) -> None:
    """`lock.lock` can leave a lock `jammed`; a "when it jams" automation opens."""
    await owner.save_automation(
        "jammed",
        {
            "alias": "Back door jammed",
            "triggers": [{"trigger": "state", "entity_id": JAMS, "to": "jammed"}],
            "actions": recovery,
        },
    )
    before = hass.states.get(JAMS)
    assert before is not None
    result = await call_service(mcp, "lock.lock", target={"entity_id": JAMS})
    assert_refused(result)
    await assert_house(
        hass, {"lock.front_door": "locked", "cover.garage_door": "closed", JAMS: before.state}
    )


@pytest.mark.redteam(round=4)
async def test_locking_a_lock_no_automation_watches_jam_still_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Control: with no jam automation, locking that lock runs (it jams, nothing else)."""
    result = await call_service(mcp, "lock.lock", target={"entity_id": JAMS})
    assert result["ok"] is True, result


# -- moved from red-team round 12: a securing branch on what it secures ----------------


@pytest.mark.redteam(round=12)
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


# -- moved from red-team round 22: an automation turned off still counts ---------------


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


@pytest.mark.redteam(round=22)
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


@pytest.mark.redteam(round=23)  # in round 22's file; its docstring names round 23
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


# -- moved from red-team round 22: entity triggers (`trigger: lock.unlocked`) ----------


def _keypad(trigger: str) -> dict[str, object]:
    return {
        "alias": f"Disarm on {trigger}",
        "triggers": [{"trigger": trigger, "target": {"entity_id": "lock.kitchen_door"}}],
        "actions": [DISARM],
    }


@pytest.mark.redteam(round=22)
async def test_locking_runs_when_an_entity_trigger_fires_on_unlocking(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """`lock.unlocked` is read as its `state … to: unlocked` twin: locking sets it off no more."""
    await arm(hass, freezer, "alarm_arm_away")
    await owner.save_automation("keypad", _keypad("lock.unlocked"))
    assert hass.states.get("lock.kitchen_door").state == "unlocked"  # type: ignore[union-attr]

    assert_ran(await call_service(mcp, "lock.lock", target={"entity_id": "lock.kitchen_door"}))

    await assert_house(hass, {"lock.kitchen_door": "locked", ALARM: "armed_away"})


@pytest.mark.redteam(round=22)
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


@pytest.mark.redteam(round=22)
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


@pytest.mark.redteam(round=22)
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
