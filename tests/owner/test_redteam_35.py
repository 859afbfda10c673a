"""Red team round 35 (issue 30): what nests deeper than one walk follows, judged item by item.

Each test builds a house an owner would build, with a chain of scripts
longer than one walk follows (`INLINE_DEPTH`), and asserts that what opens
the house waits and the house stays as it was: a caller's data over a
script's default, an automation run by hand, two trigger ids, what the last
link changes, fires or disables, a template switch, written items, and a
securing automation's `for:` wait or `restart` countdown a deep link ends
(the one miss this round found: judged on its own, a link's change was not
taken as made now).
"""

from __future__ import annotations

import asyncio
from typing import Any

from custom_components.home_mcp.gate import Action
from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    CHAIN_LINKS,
    CLOSED,
    LINGERING_TIMERS,
    LOCKED,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_refused,
    call_service,
    home_mcp_gate,
    save_config,
)


async def _chain_to(owner: Owner, last: str, data: dict[str, Any] | None = None) -> None:
    """Save link_0 .. link_{CHAIN_LINKS-1}, each running the next; the last runs `last`."""
    for i in reversed(range(CHAIN_LINKS)):
        nxt = f"script.link_{i + 1}" if i < CHAIN_LINKS - 1 else last
        step: dict[str, Any] = {"action": nxt}
        if data is not None:
            step["data"] = data
        link: dict[str, Any] = {"alias": f"Link {i}", "sequence": [step]}
        if data is not None:
            link["fields"] = {name: {} for name in data}
        await owner.save_script(f"link_{i}", link)


# -- 1. a script's own `variables` are defaults: its caller's data wins ------------


async def test_a_garage_given_to_a_script_past_the_walk_over_its_own_default_still_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`Open a cover` defaults to the kitchen window; the chain hands it the garage door.

    A script's `variables:` are defaults: what its caller gives wins.
    """
    await owner.save_script(
        "open_cover",
        {
            "alias": "Open a cover",
            "variables": {"cover": "cover.kitchen_window"},
            "sequence": [{"action": "cover.open_cover", "target": {"entity_id": "{{ cover }}"}}],
        },
    )
    await _chain_to(owner, "script.open_cover", {"cover": "{{ cover }}"})
    result = await call_service(
        mcp,
        "script.turn_on",
        target={"entity_id": "script.link_0"},
        data={"variables": {"cover": "cover.garage_door"}},
    )
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


async def test_a_door_given_by_an_automation_to_a_defaulted_script_past_the_walk_still_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The automation hands `lock.front_door` down; the last script's own default is harmless."""
    await owner.save_script(
        "open_cover",
        {
            "alias": "Open a cover",
            "variables": {"cover": "cover.kitchen_window"},
            "sequence": [{"action": "cover.open_cover", "target": {"entity_id": "{{ cover }}"}}],
        },
    )
    await _chain_to(owner, "script.open_cover", {"cover": "{{ cover }}"})
    go = await owner.create_helper("input_boolean", "Go")
    await owner.save_automation(
        "go",
        {
            "alias": "Go",
            "triggers": [{"trigger": "state", "entity_id": go, "to": "on"}],
            "actions": [{"action": "script.link_0", "data": {"cover": "cover.garage_door"}}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


# -- 2. an automation run by hand (`automation.trigger`) deep in a chain ----------


async def test_an_automation_run_by_hand_past_the_walk_that_unlocks_when_run_by_hand_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Run by its trigger it only lights the porch; run by hand it unlocks."""
    doorbell = await owner.create_helper("input_boolean", "Doorbell")
    await owner.save_automation(
        "door",
        {
            "alias": "Door",
            "triggers": [{"trigger": "state", "entity_id": doorbell}],
            "actions": [
                {
                    "if": [
                        {
                            "condition": "template",
                            "value_template": "{{ trigger.platform is none }}",
                        }
                    ],
                    "then": [UNLOCK_FRONT],
                    "else": [
                        {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
                    ],
                }
            ],
        },
    )
    last = {"action": "automation.trigger", "target": {"entity_id": "automation.door"}}
    await owner.save_chain(CHAIN_LINKS, last)
    result = await call_service(mcp, "script.turn_on", target={"entity_id": "script.link_0"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


# -- 3. a cut item met under two trigger ids: each scope counts --------------------


@LINGERING_TIMERS
async def test_a_chain_past_the_walk_reached_under_a_second_trigger_id_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The welcome chain (unlocks at its end) runs at sunrise and when guests arrive.

    The first branch (sunrise) is not the client's to set off; the second
    (guests helper on) is: turning it on waits.
    """
    guests = await owner.create_helper("input_boolean", "Guests")
    await owner.save_chain(CHAIN_LINKS, UNLOCK_FRONT)
    await owner.save_automation(
        "welcome",
        {
            "alias": "Welcome",
            "triggers": [
                {"trigger": "sun", "event": "sunrise", "id": "sunrise"},
                {"trigger": "state", "entity_id": guests, "to": "on", "id": "guests"},
            ],
            "actions": [
                {
                    "choose": [
                        {
                            "conditions": [{"condition": "trigger", "id": "sunrise"}],
                            "sequence": [{"action": "script.link_0"}],
                        },
                        {
                            "conditions": [{"condition": "trigger", "id": "guests"}],
                            "sequence": [{"action": "script.link_0"}],
                        },
                    ]
                }
            ],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_a_chain_past_the_walk_reached_under_two_trigger_ids_in_one_option_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Same chain, one option for sunrise, a later step for guests only."""
    guests = await owner.create_helper("input_boolean", "Guests")
    await owner.save_chain(CHAIN_LINKS, UNLOCK_FRONT)
    await owner.save_automation(
        "welcome",
        {
            "alias": "Welcome",
            "triggers": [
                {"trigger": "sun", "event": "sunrise", "id": "sunrise"},
                {"trigger": "state", "entity_id": guests, "to": "on", "id": "guests"},
            ],
            "actions": [
                {
                    "if": [{"condition": "trigger", "id": "sunrise"}],
                    "then": [{"action": "script.link_1"}],
                },
                {
                    "if": [{"condition": "trigger", "id": "guests"}],
                    "then": [{"action": "script.link_1"}],
                },
            ],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


# -- 4. what the last link changes sets off an automation that opens -------------


async def test_a_helper_turned_on_past_the_walk_that_an_unlocking_automation_watches_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Probe: the last link turns a helper on; an automation unlocks when it turns on."""
    home = await owner.create_helper("input_boolean", "Home")
    await owner.save_automation(
        "home",
        {
            "alias": "Home",
            "triggers": [{"trigger": "state", "entity_id": home, "to": "on"}],
            "actions": [UNLOCK_FRONT],
        },
    )
    await owner.save_chain(
        CHAIN_LINKS, {"action": "input_boolean.turn_on", "target": {"entity_id": home}}
    )
    result = await call_service(mcp, "script.turn_on", target={"entity_id": "script.link_0"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_an_event_fired_past_the_walk_that_an_unlocking_automation_waits_for_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Probe: the last link fires `welcome_home`; an automation unlocks on it."""
    await owner.save_automation(
        "on_event",
        {
            "alias": "Welcome home",
            "triggers": [{"trigger": "event", "event_type": "welcome_home"}],
            "actions": [UNLOCK_FRONT],
        },
    )
    await owner.save_chain(CHAIN_LINKS, {"event": "welcome_home", "event_data": {}})
    result = await call_service(mcp, "script.turn_on", target={"entity_id": "script.link_0"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_securing_automation_turned_off_past_the_walk_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Probe: the last link turns off the automation locking the door when it is unlocked."""
    await owner.save_automation(
        "relock",
        {
            "alias": "Relock",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"}],
            "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
        },
    )
    await owner.save_chain(
        CHAIN_LINKS, {"action": "automation.turn_off", "target": {"entity_id": "automation.relock"}}
    )
    decision = home_mcp_gate(hass).async_check(
        Action("script", "turn_on", {"entity_id": ["script.link_0"]})
    )
    assert decision.guarded, decision.findings


# -- 5. template entities at the end of the chain ---------------------------------


async def test_a_template_switch_turned_off_past_the_walk_whose_off_unlocks_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Probe: `Door guard` off unlocks the door; the last link turns it off."""
    switch = await owner.add_template(
        "switch",
        {
            "name": "Door guard",
            "turn_on": [{"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}],
            "turn_off": [UNLOCK_FRONT],
        },
    )
    await owner.save_chain(
        CHAIN_LINKS, {"action": "switch.turn_off", "target": {"entity_id": switch}}
    )
    result = await call_service(mcp, "script.turn_on", target={"entity_id": "script.link_0"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


# -- 6. a client writes what runs a long chain -----------------------------------


async def test_writing_a_script_that_runs_a_chain_past_the_walk_to_an_unlock_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Probe: `save_config` of a script running link_0 of a chain ending in an unlock."""
    await owner.save_chain(CHAIN_LINKS, UNLOCK_FRONT)
    config = {"alias": "Wrapper", "sequence": [{"action": "script.link_0"}]}
    result = await save_config(mcp, "script", config, anyway=True)
    if result.get("written") is True:
        result = await call_service(mcp, result["entity_id"])
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_writing_an_automation_repeating_a_chain_past_the_walk_to_an_unlock_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Probe: a written automation running the chain in a `repeat` (judged with repeats)."""
    await owner.save_chain(CHAIN_LINKS, UNLOCK_FRONT)
    config = {
        "alias": "Wrapper",
        "triggers": [{"trigger": "time_pattern", "minutes": "/5"}],
        "actions": [{"repeat": {"count": 2, "sequence": [{"action": "script.link_0"}]}}],
    }
    result = await save_config(mcp, "automation", config)
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


# -- 7. what a link past the walk does to a securing automation's wait -----------


async def _away_locks(owner: Owner) -> str:
    """`Away` on for ten minutes locks the door; it is on now, the wait running."""
    away = await owner.create_helper("input_boolean", "Away")
    await owner.save_automation(
        "lock_when_away",
        {
            "alias": "Lock when away",
            "triggers": [
                {"trigger": "state", "entity_id": away, "to": "on", "for": {"minutes": 10}}
            ],
            "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
        },
    )
    await owner.act("input_boolean.turn_on", entity_id=away)
    return away


@LINGERING_TIMERS
async def test_a_short_chain_ending_the_wait_of_a_lock_when_away_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Control (probe): one link turns `Away` off while the lock waits for ten minutes of it."""
    away = await _away_locks(owner)
    await owner.save_chain(1, {"action": "input_boolean.turn_off", "target": {"entity_id": away}})
    decision = home_mcp_gate(hass).async_check(
        Action("script", "turn_on", {"entity_id": ["script.link_0"]})
    )
    assert decision.guarded, decision.findings


@LINGERING_TIMERS
async def test_a_link_past_the_walk_ending_the_wait_of_a_lock_when_away_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The last link turns `Away` off: the ten minutes start over, the door is not locked."""
    away = await _away_locks(owner)
    await owner.save_chain(
        CHAIN_LINKS, {"action": "input_boolean.turn_off", "target": {"entity_id": away}}
    )
    decision = home_mcp_gate(hass).async_check(
        Action("script", "turn_on", {"entity_id": ["script.link_0"]})
    )
    assert decision.guarded, decision.findings
    result = await call_service(mcp, "script.turn_on", target={"entity_id": "script.link_0"})
    assert_refused(result, reaching="automation.lock_when_away")


async def _restart_locks(owner: Owner) -> str:
    """Ten minutes after the last motion the door locks (`restart`); it is counting now."""
    motion = await owner.create_helper("input_boolean", "Hall motion")
    await owner.save_automation(
        "lock_after_motion",
        {
            "alias": "Lock after motion",
            "mode": "restart",
            "triggers": [{"trigger": "state", "entity_id": motion, "to": "on"}],
            "actions": [
                {"action": "input_boolean.turn_off", "target": {"entity_id": motion}},
                {"delay": {"minutes": 10}},
                {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
            ],
        },
    )
    return motion


async def _motion(hass: HomeAssistant, motion: str) -> None:
    """Report motion without waiting for the automation's ten minutes."""
    await hass.services.async_call("input_boolean", "turn_on", {"entity_id": motion})
    for _ in range(20):
        await asyncio.sleep(0)
    assert hass.states.get("automation.lock_after_motion").attributes.get("current")


@LINGERING_TIMERS
async def test_a_short_chain_restarting_a_lock_countdown_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Control (probe): one link reports motion: the ten minutes start over."""
    motion = await _restart_locks(owner)
    await owner.save_chain(1, {"action": "input_boolean.turn_on", "target": {"entity_id": motion}})
    await _motion(hass, motion)
    decision = home_mcp_gate(hass).async_check(
        Action("script", "turn_on", {"entity_id": ["script.link_0"]})
    )
    assert decision.guarded, decision.findings


@LINGERING_TIMERS
async def test_a_link_past_the_walk_restarting_a_lock_countdown_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The last link reports motion: the running `restart` automation's delay starts over."""
    motion = await _restart_locks(owner)
    await owner.save_chain(
        CHAIN_LINKS, {"action": "input_boolean.turn_on", "target": {"entity_id": motion}}
    )
    await _motion(hass, motion)
    decision = home_mcp_gate(hass).async_check(
        Action("script", "turn_on", {"entity_id": ["script.link_0"]})
    )
    assert decision.guarded, decision.findings
