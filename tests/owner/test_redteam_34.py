"""Red team, round 34: the direction of a change, chained securing, held-up scripts.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 33's
changes (a change read by the state it leaves, `verbs.verb_states`).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    LINGERING_TIMERS,
    LOCKED,
    UNLOCK_FRONT,
    Clock,
    Owner,
    assert_house,
    assert_refused,
    call_service,
    porch_runs,
    state,
)

CEILING = "light.ceiling_lights"
LOCK_FRONT = {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}
DUSK = {"trigger": "time", "at": "21:00:00"}


async def _unlock_when_off(owner: Owner, entity_id: str) -> str:
    """Unlock the front door when `entity_id` goes off (a "leaving the room" routine)."""
    return await owner.save_automation(
        "unlock_when_off",
        {
            "alias": "Let the dog out when the ceiling lights go off",
            "triggers": [{"trigger": "state", "entity_id": entity_id, "to": "off"}],
            "actions": [UNLOCK_FRONT],
        },
    )


@pytest.mark.parametrize(
    ("action", "data"),
    [
        ("light.turn_on", {"brightness": 0}),
        ("light.turn_on", {"brightness_pct": 0}),
        ("light.turn_on", {"brightness_step_pct": -100}),
        ("homeassistant.turn_on", {"brightness": 0}),
    ],
    ids=["brightness", "brightness_pct", "brightness_step_pct", "homeassistant"],
)
async def test_a_light_turned_on_with_zero_brightness_sets_off_what_its_turning_off_would(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, action: str, data: dict[str, Any]
) -> None:
    """`light.turn_on` with brightness 0 turns the light off (light/services.py).

    The gate reads `turn_on` as leaving the light on (`verbs.verb_states`),
    so an automation that fires when it goes off is not set off by it: the
    light goes off and the front door unlocks, unasked.
    """
    assert state(hass, CEILING) == "on"
    await _unlock_when_off(owner, CEILING)

    called = await call_service(mcp, action, target={"entity_id": CEILING}, data=data)

    assert_refused(called, reaching="lock.front_door")
    await assert_house(hass, {**LOCKED, CEILING: "on"})


async def test_a_scene_applying_a_light_on_at_zero_brightness_sets_off_what_its_turning_off_would(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`scene.apply` with a light `on` at brightness 0: Home Assistant turns it off."""
    assert state(hass, CEILING) == "on"
    await _unlock_when_off(owner, CEILING)

    called = await call_service(
        mcp, "scene.apply", data={"entities": {CEILING: {"state": "on", "brightness": 0}}}
    )

    assert_refused(called, reaching="lock.front_door")
    await assert_house(hass, {**LOCKED, CEILING: "on"})


# -- chained securing: what the client's change does is not what the chain would do --


@LINGERING_TIMERS
async def test_ending_guest_mode_at_noon_is_not_what_ending_it_at_dusk_does(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """At dusk guest mode ends; guest mode ending at night locks the front door.

    The lock-up has a condition of its own (night) that the dusk automation's
    change meets and a client's change at 09:00 does not. The gate reads the
    client's change as doing what the dusk automation would
    (`securing.does_as_chained`): at noon nothing locks, at dusk the dusk
    automation finds guest mode already off, and the door stays unlocked all
    night.
    """
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await owner.act("input_boolean.turn_on", entity_id=guest)
    await owner.save_automation(
        "guest_mode_ends",
        {
            "alias": "Guest mode ends at dusk",
            "triggers": [DUSK],
            "conditions": [{"condition": "state", "entity_id": guest, "state": "on"}],
            "actions": [{"action": "input_boolean.turn_off", "target": {"entity_id": guest}}],
        },
    )
    await owner.save_automation(
        "lock_up",
        {
            "alias": "Lock up at night once the guests are gone",
            "triggers": [{"trigger": "state", "entity_id": guest, "to": "off"}],
            "conditions": [{"condition": "time", "after": "20:00:00", "before": "06:00:00"}],
            "actions": [LOCK_FRONT],
        },
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")

    called = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": guest})

    assert_refused(called, reaching="automation.guest_mode_ends_at_dusk")
    morning.move_to(21, 1)
    await hass.async_block_till_done()
    await assert_house(hass, {"lock.front_door": "locked"})


# -- a state condition whose `state` names a helper: its state, not its name --------


@LINGERING_TIMERS
async def test_a_condition_comparing_a_toggle_with_a_helper_is_met_by_either_state(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """At ten, unlock for the cleaner if the confirmation matches the booking.

    A `state` condition's `state` may name an `input_*` helper: the entity
    must be in that helper's state (helpers/condition.py). The gate read the
    helper's id as the state the condition requires (`wiring._held`), which
    no change can leave the entity in: turning the confirmation on "sets
    nothing off". At ten the door unlocks.
    """
    booked = await owner.create_helper("input_boolean", "Cleaner booked")
    confirmed = await owner.create_helper("input_boolean", "Cleaner confirmed")
    await owner.act("input_boolean.turn_on", entity_id=booked)
    await owner.save_automation(
        "cleaner_at_ten",
        {
            "alias": "Let the confirmed cleaner in at ten",
            "triggers": [{"trigger": "time", "at": "10:00:00"}],
            "conditions": [{"condition": "state", "entity_id": confirmed, "state": booked}],
            "actions": [UNLOCK_FRONT],
        },
    )

    called = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": confirmed})

    assert_refused(called, reaching="lock.front_door")
    morning.move_to(10, 1)
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_an_earlier_option_comparing_a_toggle_with_a_helper_can_take_the_lock_s_turn(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """At dusk: porch light if the porch toggle matches "party", else lock.

    The earlier option's condition names a helper as its state; negated, the
    gate read it as failing in every state (`securing.negated`), so no
    change of the porch toggle keeps the lock from its turn. Turning it on
    (party is on) takes the lock's turn: the door stays unlocked all night.
    """
    party = await owner.create_helper("input_boolean", "Party")
    porch = await owner.create_helper("input_boolean", "Porch at night")
    await owner.act("input_boolean.turn_on", entity_id=party)
    await owner.save_automation(
        "evening",
        {
            "alias": "Evening",
            "triggers": [DUSK],
            "actions": [
                {
                    "choose": [
                        {
                            "conditions": [
                                {"condition": "state", "entity_id": porch, "state": party}
                            ],
                            "sequence": [
                                {
                                    "action": "light.turn_on",
                                    "target": {"entity_id": "light.bed_light"},
                                }
                            ],
                        }
                    ],
                    "default": [LOCK_FRONT],
                }
            ],
        },
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")

    called = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})

    assert_refused(called, reaching="automation.evening")
    morning.move_to(21, 1)
    await assert_house(hass, LOCKED)


# -- what leaves Home Assistant: the name says "alarm" or "lock", the data says how --


@LINGERING_TIMERS
async def test_publishing_disarm_to_an_alarm_topic_in_the_owners_automation_disarms(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mqtt_mock_entry: Any
) -> None:
    """`mqtt.publish` `DISARM` on `home/alarm/set` (a panel bridged to MQTT, no HA entity).

    The topic names the alarm, the payload disarms it. Since this round an
    alarm alone no longer makes a name opening (`external.names_opening`)
    and the payload is not read: the owner's "cleaner arrives" automation is
    the owner's, and turning its helper on runs, publishing DISARM.
    """
    mqtt = await mqtt_mock_entry()
    publish = {"topic": "home/alarm/set", "payload": "DISARM"}
    porch = await porch_runs(owner, {"action": "mqtt.publish", "data": publish})

    called = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})

    await hass.async_block_till_done()
    sent = [c.args[:2] for c in mqtt.async_publish.call_args_list]
    assert_refused(called)
    assert ("home/alarm/set", "DISARM") not in sent, sent


async def test_a_rest_command_for_the_front_lock_given_unlock_in_the_owners_automation_unlocks(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, aioclient_mock: Any
) -> None:
    """`rest_command.front_lock` with `command: unlock` (a Nuki bridge's HTTP API).

    The name names the lock, the data unlocks it; only the name is read.
    """
    aioclient_mock.post("http://nuki.local/lockAction", text="ok")
    config = {
        "rest_command": {
            "front_lock": {
                "url": "http://nuki.local/lockAction",
                "method": "post",
                "payload": "{{ command }}",
            }
        }
    }
    assert await async_setup_component(hass, "rest_command", config)
    porch = await porch_runs(
        owner, {"action": "rest_command.front_lock", "data": {"command": "unlock"}}
    )

    called = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})

    await hass.async_block_till_done()
    assert_refused(called)
    assert aioclient_mock.call_count == 0, aioclient_mock.mock_calls


# -- held up: a script a locking automation starts, then waits for by its state --


@LINGERING_TIMERS
@pytest.mark.parametrize("mode", ["single", "queued"])
async def test_a_notice_the_lock_waits_for_by_its_state_is_held_up_by_a_client_s_long_run(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant, mode: str
) -> None:
    """Bedtime starts its notice (`script.turn_on`), waits until it is off, then locks.

    The older idiom for "run it, then wait for it" (before `action: script.x`
    took variables). The notice secures nothing, and the gate counts a
    client's run of it only when the locking automation runs it as
    `action: script.bedtime_notice` (`securing._waits_for`). A client's run
    with a ten-hour pause keeps the notice on; bedtime's own run is dropped
    (single) or queued behind (queued), and its wait lasts ten hours.
    """
    await owner.save_script(
        "bedtime_notice",
        {
            "alias": "Bedtime notice",
            "mode": mode,
            "sequence": [
                {"delay": "{{ pause | default(300) }}"},
                {"action": "persistent_notification.create", "data": {"message": "Bedtime"}},
            ],
        },
    )
    await owner.save_automation(
        "bedtime",
        {
            "alias": "Bedtime",
            "triggers": [{"trigger": "time", "at": "10:00:00"}],
            "actions": [
                {"action": "script.turn_on", "target": {"entity_id": "script.bedtime_notice"}},
                {"wait_template": "{{ is_state('script.bedtime_notice', 'off') }}"},
                LOCK_FRONT,
            ],
        },
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")

    called = await call_service(
        mcp,
        "script.turn_on",
        target={"entity_id": "script.bedtime_notice"},
        data={"variables": {"pause": 36000}},
    )

    assert_refused(called, reaching="automation.bedtime")
    morning.move_to(10, 1)
    await _settle()
    morning.move_to(10, 7)
    await _settle()
    door = state(hass, "lock.front_door")
    for domain, entity_id in (("automation", "bedtime"), ("script", "bedtime_notice")):
        await hass.services.async_call(  # End the runs still waiting.
            domain, "turn_off", {"entity_id": f"{domain}.{entity_id}"}, blocking=True
        )
    assert door == "locked", "bedtime's lock is still waiting for the client's notice"


async def _settle() -> None:
    """Let what is due run, without waiting for an automation that is waiting."""
    for _ in range(50):
        await asyncio.sleep(0)
