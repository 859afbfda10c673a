"""Red team, round 24: a script's own state; what turns a securing automation on.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 23's fix.
One opening, by five paths: the owner's "Let us in when arriving"
automation is triggered by the "Arriving home" script turning on (a
harmless script: lights). `script.turn_on` on the script was refused, but
calling the script by its own action (`script.arriving_home`), through
`run_macro`, from inside another script, or from an automation a button
sets off, ran it, and its own state change disarmed the alarm, unlocked the
front door and opened the garage. A macro's run now changes its own entity
by whichever path it is run (`Judge.run_macro`).

A weakening: "Enable the auto-lock at night" (`automation.turn_on` of an
auto-lock the owner turns off by day) was not securing, so the client
turned it off, or edited or deleted it, and the door was never locked at
night. What turns on a securing automation secures too
(`securing.securing_chains`).

Two false positives: turning off "Morning watering" (open the orchard
valve, wait ten minutes, close it) between its runs waited for a person,
since it "closes"; it secures only while it runs (`securing.undoes_itself`).
And a trigger with `enabled: false`, which Home Assistant never attaches,
still put its entity in the perimeter. Round 25, a second tester on the
same day with every path in scope, opened nothing and found the watering
false positive too.
"""

from __future__ import annotations

import asyncio
from typing import Any

from freezegun.api import FrozenDateTimeFactory

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    ALARM,
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
    house_state,
)

ARRIVING = {
    "alias": "Arriving home",
    "description": "Entrance lights for when we arrive.",
    "mode": "single",
    "sequence": [
        {"action": "light.turn_on", "target": {"entity_id": "light.entrance_color_white_lights"}}
    ],
}
ORCHARD_OPEN = {"action": "valve.open_valve", "target": {"entity_id": "valve.orchard"}}


async def _let_us_in(owner: Owner, trigger: dict[str, Any]) -> str:
    """Save the arriving script, and the automation its state sets off."""
    await owner.save_script("arriving_home", ARRIVING)
    return await owner.save_automation(
        "let_us_in",
        {
            "alias": "Let us in when arriving",
            "triggers": [{"trigger": "state", "entity_id": "script.arriving_home", **trigger}],
            "actions": [DISARM, UNLOCK_FRONT, OPEN_GARAGE],
        },
    )


async def test_calling_a_script_by_its_own_action_sets_off_what_watches_it(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    await arm(hass, freezer, "alarm_arm_away")
    await _let_us_in(owner, {"to": "on"})
    before = house_state(hass)

    called = await call_service(mcp, "script.arriving_home")
    by_phrase = await mcp.data("run_macro", {"phrase": "arriving home"})
    preview = await mcp.data("run_macro", {"phrase": "arriving home", "dry_run": True})

    assert_refused(called, reaching="lock.front_door")
    assert {t["entity_id"] for t in called["targets"]} >= {"cover.garage_door", ALARM}
    assert_refused(by_phrase, reaching=ALARM)
    assert preview["ok"] is True and preview["guarded"] is True, preview
    await assert_house(hass, before)


async def test_a_script_run_inside_another_script_changes_its_own_state(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`script.good_night` called from `bedtime`: "after Good night, water the orchard"."""
    await owner.save_script(
        "lights_down",
        {"alias": "Lights down", "sequence": [{"action": "script.arriving_home"}]},
    )
    await owner.save_script("arriving_home", ARRIVING)
    await owner.save_automation(
        "night_irrigation",
        {
            "alias": "Night irrigation after the arriving lights",
            "triggers": [
                {
                    "trigger": "state",
                    "entity_id": "script.arriving_home",
                    "from": "on",
                    "to": "off",
                }
            ],
            "actions": [ORCHARD_OPEN],
        },
    )

    for action in ("script.lights_down", "script.turn_on"):
        target = {"entity_id": "script.lights_down"} if action == "script.turn_on" else None
        assert_refused(await call_service(mcp, action, target=target), reaching="valve.orchard")

    await assert_house(hass, {"valve.orchard": "closed"})


async def test_an_attribute_trigger_on_a_script_is_its_run(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await _let_us_in(owner, {"attribute": "last_triggered"})

    assert_refused(await call_service(mcp, "script.arriving_home"), reaching="lock.front_door")

    await assert_house(hass, {"lock.front_door": "locked", "cover.garage_door": "closed"})


async def test_a_helper_whose_automation_runs_the_script_opens_the_house(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await _let_us_in(owner, {"to": "on"})
    button = await owner.create_helper("input_boolean", "We are arriving")
    await owner.save_automation(
        "arrival_button",
        {
            "alias": "Arrival button",
            "triggers": [{"trigger": "state", "entity_id": button}],
            "actions": [{"action": "script.arriving_home"}],
        },
    )

    pressed = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": button})

    assert_refused(pressed, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked", "cover.garage_door": "closed"})


async def test_a_script_nobody_watches_still_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The control: without the automation, the same call runs."""
    await owner.save_script("arriving_home", ARRIVING)

    await owner.act("light.turn_off", entity_id="light.entrance_color_white_lights")

    assert_ran(await call_service(mcp, "script.arriving_home"))
    await hass.async_block_till_done()
    assert hass.states.get("light.entrance_color_white_lights").state == "on"  # type: ignore[union-attr]
    assert_ran(await mcp.data("run_macro", {"phrase": "arriving home"}))


# -- the weakening: what turns the auto-lock on ----------------------------------

AUTO_LOCK = {
    "alias": "Auto-lock the front door",
    "triggers": [
        {
            "trigger": "state",
            "entity_id": "lock.front_door",
            "to": "unlocked",
            "for": {"minutes": 5},
        }
    ],
    "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
}
AUTO_LOCK_ID = "automation.auto_lock_the_front_door"


def _switching(alias: str, at: str, service: str) -> dict[str, Any]:
    return {
        "alias": alias,
        "triggers": [{"trigger": "time", "at": at}],
        "actions": [{"action": service, "target": {"entity_id": AUTO_LOCK_ID}}],
    }


@LINGERING_TIMERS
async def test_what_turns_the_auto_lock_on_at_night_secures(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    auto_lock = await owner.save_automation("auto_lock", AUTO_LOCK)
    assert auto_lock == AUTO_LOCK_ID
    await owner.act("automation.turn_off", entity_id=auto_lock)  # Off by day.
    night = _switching("Enable the auto-lock at night", "22:00:00", "automation.turn_on")
    enabler = await owner.save_automation("auto_lock_on", night)
    morning = _switching("Disable the auto-lock in the morning", "07:00:00", "automation.turn_off")
    disabler = await owner.save_automation("auto_lock_off", morning)
    silenced = {**night, "actions": [{**night["actions"][0], "enabled": False}]}

    turned_off = await call_service(mcp, "automation.turn_off", target={"entity_id": enabler})
    edited = await mcp.data(
        "save_config", {"kind": "automation", "id": "auto_lock_on", "config": silenced}
    )
    deleted = await mcp.data("delete_config", {"kind": "automation", "id": "auto_lock_on"})

    assert_refused(turned_off, reaching=enabler)
    assert_refused(edited, risk=None)
    assert_refused(deleted, risk=None)
    await assert_house(hass, {enabler: "on", auto_lock: "off"})
    assert hass.states.get(enabler).attributes["friendly_name"] == night["alias"]  # type: ignore[union-attr]
    # What only turns it off is the client's to turn off: the auto-lock stays on longer.
    assert_ran(await call_service(mcp, "automation.turn_off", target={"entity_id": disabler}))


# -- false positives: what only undoes its own opening; a disabled trigger ------

ORCHARD_CLOSE = {"action": "valve.close_valve", "target": {"entity_id": "valve.orchard"}}


def _watering(*actions: dict[str, Any]) -> dict[str, Any]:
    return {
        "alias": "Morning watering",
        "triggers": [{"trigger": "time", "at": "06:00:00"}],
        "actions": list(actions),
    }


@LINGERING_TIMERS
async def test_turning_off_watering_that_is_not_running_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Open the orchard, wait, close it: between runs, turning it off closes nothing.

    Unless the orchard is open (the next run would close it), or it runs.
    """
    watering = await owner.save_automation(
        "watering", _watering(ORCHARD_OPEN, {"delay": {"minutes": 10}}, ORCHARD_CLOSE)
    )
    # Its morning run, which waits its ten minutes (not blocking on it).
    await hass.services.async_call("automation", "trigger", {"entity_id": watering})
    for _ in range(50):
        if hass.states.get("valve.orchard").state == "open":  # type: ignore[union-attr]
            break
        await asyncio.sleep(0)
    assert hass.states.get("valve.orchard").state == "open"  # type: ignore[union-attr]
    assert hass.states.get(watering).attributes["current"] == 1  # type: ignore[union-attr]

    # While it runs, turning it off would leave the orchard open.
    assert_refused(
        await call_service(mcp, "automation.turn_off", target={"entity_id": watering}),
        reaching=watering,
    )
    await owner.act("automation.turn_off", entity_id=watering)  # The owner stops it.
    await owner.act("valve.close_valve", entity_id="valve.orchard")
    await owner.act("automation.turn_on", entity_id=watering)
    assert hass.states.get(watering).attributes["current"] == 0  # type: ignore[union-attr]
    # The owner leaves the orchard open for the evening: the next run closes it.
    await owner.act("valve.open_valve", entity_id="valve.orchard")
    assert_refused(
        await call_service(mcp, "automation.turn_off", target={"entity_id": watering}),
        reaching=watering,
    )
    await owner.act("valve.close_valve", entity_id="valve.orchard")

    assert_ran(await call_service(mcp, "automation.turn_off", target={"entity_id": watering}))
    assert_ran(await mcp.data("delete_config", {"kind": "automation", "id": "watering"}))

    await hass.async_block_till_done()
    assert hass.states.get(watering) is None
    await assert_house(hass, {"valve.orchard": "closed"})


@LINGERING_TIMERS
async def test_watering_that_closes_more_than_it_opened_still_secures(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Closing the front garden it never opened, or after a disabled opening, secures."""
    front_garden = {"action": "valve.close_valve", "target": {"entity_id": "valve.front_garden"}}
    disabled_open = {**ORCHARD_OPEN, "enabled": False}
    for automation_id, actions in (
        ("other_valve", (ORCHARD_OPEN, {"delay": {"minutes": 10}}, ORCHARD_CLOSE, front_garden)),
        ("disabled_open", (disabled_open, {"delay": {"minutes": 10}}, ORCHARD_CLOSE)),
        ("in_a_branch", (ORCHARD_OPEN, {"if": [], "then": [ORCHARD_CLOSE]})),
    ):
        watering = await owner.save_automation(automation_id, _watering(*actions))

        refused = await call_service(mcp, "automation.turn_off", target={"entity_id": watering})

        assert_refused(refused, reaching=watering)
        assert hass.states.get(watering).state == "on"  # type: ignore[union-attr]
        await owner.delete_automation(automation_id)


async def test_a_disabled_trigger_sets_nothing_off(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Home Assistant does not attach a trigger with `enabled: false`."""
    guests = await owner.create_helper("input_boolean", "Guests arriving")
    trigger = {"trigger": "state", "entity_id": guests, "to": "on"}
    await owner.save_automation(
        "guest_arrival",
        {
            "alias": "Guest arrival unlock (paused)",
            "triggers": [{**trigger, "enabled": False}],
            "actions": [UNLOCK_FRONT],
        },
    )

    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests}))

    await assert_house(hass, {guests: "on", "lock.front_door": "locked"})
    # Enabled again, the same change waits.
    await owner.act("input_boolean.turn_off", entity_id=guests)
    await owner.save_automation(
        "guest_arrival",
        {"alias": "Guest arrival unlock", "triggers": [trigger], "actions": [UNLOCK_FRONT]},
    )
    assert_refused(
        await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests}),
        reaching="lock.front_door",
    )
