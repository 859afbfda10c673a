"""What nests deeper than one walk follows is judged item by item, never as "anything".

Real houses' template lights and scripts drive each other along chains
longer than one walk of the gate follows step by step (`INLINE_DEPTH`,
`MAX_STEPS`). Beyond that, each script, automation or template entity met is
judged as the house's index judges it on its own, and what it can do is
handed on to what runs it: an unlock at the end of a long chain still
waits, a long chain that opens nothing runs, and the house stays readable.
The owner builds the chain in the script editor.

Past the walk, a caller's data still wins over a script's default; an
automation run by hand, a chain met under two trigger ids, what the last
link changes, fires or turns off, a template switch at its end and a
written item running the chain are judged as they would be nearer; and a
link that ends a securing automation's `for:` wait or restarts its
countdown is taken as a change made now.
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

import pytest

from custom_components.home_mcp.gate import Action, Decision
from custom_components.home_mcp.gate.model import GUARDED_RISKS
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
    assert_ran,
    assert_refused,
    call_service,
    helper_runs,
    home_mcp_gate,
    locks_when,
    save_config,
    unlocks_when,
)


async def _go(owner: Owner, conditions: list[dict[str, Any]] | None = None) -> str:
    """Save an automation running the chain when a helper turns on; return the helper."""
    return await helper_runs(owner, "Go", {"action": "script.link_0"}, conditions=conditions or [])


async def test_an_unlock_at_the_end_of_a_chain_longer_than_a_walk_still_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Running the chain, or the helper or automation that starts it, waits; nothing moves."""
    first = await owner.save_chain(CHAIN_LINKS, UNLOCK_FRONT)
    go = await _go(owner)
    assert home_mcp_gate(hass).index.async_current().unreadable_items == {}
    for action, entity_id in (
        ("script.turn_on", first),
        ("input_boolean.turn_on", go),
        ("automation.trigger", "automation.go"),
    ):
        result = await call_service(mcp, action, target={"entity_id": entity_id})
        assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_chain_longer_than_a_walk_that_opens_nothing_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """No `unknown` for the length alone: the chain and what starts it run."""
    first = await owner.save_chain(
        CHAIN_LINKS, {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
    )
    go = await _go(owner)
    assert home_mcp_gate(hass).index.async_current().unreadable_items == {}
    assert_ran(await call_service(mcp, "script.turn_on", target={"entity_id": first}))
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go}))


@LINGERING_TIMERS
async def test_what_a_script_deep_in_a_chain_reads_decides_whether_its_caller_opens(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The last link unlocks only while a helper is on: that helper is an input of the chain.

    An automation runs the chain every minute: once the helper is on, it
    unlocks. Turning the helper on waits.
    """
    open_up = await owner.create_helper("input_boolean", "Open up")
    only_if = [{"condition": "state", "entity_id": open_up, "state": "on"}]
    await owner.save_chain(CHAIN_LINKS, {"if": only_if, "then": [UNLOCK_FRONT]})
    await owner.save_automation(
        "every_minute",
        {
            "alias": "Every minute",
            "triggers": [{"trigger": "time_pattern", "minutes": "/1"}],
            "actions": [{"action": "script.link_0"}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": open_up})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_keeping_a_chain_that_locks_from_running_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A chain too long to walk locks the door while no guests are in: guests in waits."""
    guests = await owner.create_helper("input_boolean", "Guests")
    await owner.save_chain(
        CHAIN_LINKS, {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}
    )
    await _go(owner, [{"condition": "state", "entity_id": guests, "state": "off"}])
    decision = home_mcp_gate(hass).async_check(
        Action("input_boolean", "turn_on", {"entity_id": [guests]})
    )
    assert decision.guarded, decision.findings


async def test_a_door_handed_down_a_chain_longer_than_a_walk_is_still_unlocked_at_its_end(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Each link passes its `door` field on; the last unlocks it: the caller's door counts.

    Judged on its own, a link knows no caller's data: its field may be any
    door, never nothing.
    """
    door = {"door": "{{ door }}"}
    await owner.save_script(
        f"link_{CHAIN_LINKS}",
        {
            "alias": "Last link",
            "fields": {"door": {"example": "lock.front_door"}},
            "sequence": [{"action": "lock.unlock", "target": {"entity_id": "{{ door }}"}}],
        },
    )
    for i in reversed(range(CHAIN_LINKS)):
        link = {
            "alias": f"Link {i}",
            "fields": {"door": {"example": "lock.front_door"}},
            "sequence": [{"action": f"script.link_{i + 1}", "data": door}],
        }
        await owner.save_script(f"link_{i}", link)
    go = await helper_runs(
        owner, "Go", {"action": "script.link_0", "data": {"door": "lock.front_door"}}
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


_BLINK: Any = {
    "alias": "Blink",
    "mode": "parallel",
    "fields": {"toggle_entity": {"example": "switch.desk"}},
    "sequence": [
        {"variables": {"domain": "{{ toggle_entity.split('.')[0] }}"}},
        {"action": "{{ domain }}.toggle", "data": {"entity_id": "{{ toggle_entity }}"}},
    ],
}
"""A script toggling what its caller names, through an action built from its field."""


async def _chain_to_blink(owner: Owner, toggle_entity: str) -> str:
    """Save the blink script at the end of a chain longer than a walk; return the helper."""
    await owner.save_script("blink", _BLINK)
    await owner.save_chain(
        CHAIN_LINKS, {"action": "script.blink", "data": {"toggle_entity": toggle_entity}}
    )
    return await _go(owner)


async def test_a_script_met_too_deep_still_unlocks_the_lock_its_caller_names(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The last link blinks the front door: toggling it unlocks it, and everything waits."""
    go = await _chain_to_blink(owner, "lock.front_door")
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert_refused(result, reaching="lock.front_door")
    result = await call_service(
        mcp,
        "script.turn_on",
        target={"entity_id": "script.blink"},
        data={"variables": {"toggle_entity": "lock.front_door"}},
    )
    assert_refused(result, risk=None)
    await assert_house(hass, LOCKED)


def _guarded(decision: Decision) -> str:
    """Return each guarded finding's path, one per line (what an assertion says)."""
    return "\n".join(" > ".join(f.via) for f in decision.findings if f.risk in GUARDED_RISKS)


async def test_a_script_met_too_deep_toggles_only_the_light_its_caller_names_and_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The last link blinks the bed light: judged with that light, not with any entity.

    Judged on its own, the blink script toggles whatever it is given, a lock
    too; its caller gives it a light, and only that light toggles.
    """
    go = await _chain_to_blink(owner, "light.bed_light")
    for domain, verb, entity_id in (
        ("input_boolean", "turn_on", go),
        ("script", "turn_on", "script.link_0"),
        ("automation", "trigger", "automation.go"),
    ):
        decision = home_mcp_gate(hass).async_check(Action(domain, verb, {"entity_id": [entity_id]}))
        assert not decision.guarded, _guarded(decision)
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go}))


async def _hand_down_to_blink(owner: Owner, toggle_entity: str) -> str:
    """Save a chain longer than a walk handing its `toggle_entity` down to the blink script.

    An automation gives link 0 the entity; return the helper starting it.
    """
    await owner.save_script("blink", _BLINK)
    handed = {"toggle_entity": "{{ toggle_entity }}"}
    fields = {"toggle_entity": {"example": "switch.desk"}}
    for i in reversed(range(CHAIN_LINKS + 1)):
        nxt = f"script.link_{i + 1}" if i < CHAIN_LINKS else "script.blink"
        link = {
            "alias": f"Link {i}",
            "fields": fields,
            "sequence": [{"action": nxt, "data": handed}],
        }
        await owner.save_script(f"link_{i}", link)
    return await helper_runs(
        owner, "Go", {"action": "script.link_0", "data": {"toggle_entity": toggle_entity}}
    )


async def test_a_light_handed_down_a_chain_longer_than_a_walk_to_a_blink_script_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The automation gives the chain the bed light; the blink script deep in it toggles only it."""
    go = await _hand_down_to_blink(owner, "light.bed_light")
    decision = home_mcp_gate(hass).async_check(
        Action("input_boolean", "turn_on", {"entity_id": [go]})
    )
    assert not decision.guarded, _guarded(decision)
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go}))


async def test_a_garage_handed_down_a_chain_longer_than_a_walk_to_a_blink_script_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The same chain given the garage door: the blink toggles it open, and it waits."""
    go = await _hand_down_to_blink(owner, "cover.garage_door")
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


async def test_a_script_met_too_deep_still_opens_the_garage_its_caller_names(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The same chain blinking the garage door: toggling it opens it, and it waits."""
    go = await _chain_to_blink(owner, "cover.garage_door")
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


async def test_a_script_turned_on_bare_past_the_walk_toggles_nothing(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The last link turns the blink script on with no data, as a "keep on" automation does.

    Home Assistant stops the bare run where its variables look into the
    field it was not given: it toggles nothing, however deep it is met.
    """
    await owner.save_script("blink", _BLINK)
    await owner.save_chain(
        CHAIN_LINKS, {"action": "homeassistant.turn_on", "target": {"entity_id": "script.blink"}}
    )
    go = await _go(owner)  # Run, it would only log Home Assistant's error.
    decision = home_mcp_gate(hass).async_check(
        Action("input_boolean", "turn_on", {"entity_id": [go]})
    )
    assert not decision.guarded, _guarded(decision)


# -- moved from red-team round 35: a caller's data over a script's default -------------


async def _chain_to_open_a_cover(owner: Owner) -> None:
    """Save "Open a cover" (the kitchen window by default) past a chain handing `cover` down."""
    await owner.save_script(
        "open_cover",
        {
            "alias": "Open a cover",
            "variables": {"cover": "cover.kitchen_window"},
            "sequence": [{"action": "cover.open_cover", "target": {"entity_id": "{{ cover }}"}}],
        },
    )
    await owner.save_chain(
        CHAIN_LINKS - 1, {"action": "script.open_cover"}, handing={"cover": "{{ cover }}"}
    )


def _check_running_the_chain(hass: HomeAssistant) -> Decision:
    """Return the gate's decision on running `script.link_0`, calling nothing."""
    return home_mcp_gate(hass).async_check(
        Action("script", "turn_on", {"entity_id": ["script.link_0"]})
    )


@pytest.mark.redteam(round=35)
async def test_a_garage_given_to_a_script_past_the_walk_over_its_own_default_still_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`Open a cover` defaults to the kitchen window; the chain hands it the garage door.

    A script's `variables:` are defaults: what its caller gives wins.
    """
    await _chain_to_open_a_cover(owner)
    result = await call_service(
        mcp,
        "script.turn_on",
        target={"entity_id": "script.link_0"},
        data={"variables": {"cover": "cover.garage_door"}},
    )
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


@pytest.mark.redteam(round=35)
async def test_a_door_given_by_an_automation_to_a_defaulted_script_past_the_walk_still_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The automation hands `lock.front_door` down; the last script's own default is harmless."""
    await _chain_to_open_a_cover(owner)
    go = await helper_runs(
        owner, "Go", {"action": "script.link_0", "data": {"cover": "cover.garage_door"}}
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


# -- moved from red-team round 35: an automation run by hand deep in a chain -----------


@pytest.mark.redteam(round=35)
async def test_an_automation_run_by_hand_past_the_walk_that_unlocks_when_run_by_hand_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Run by its trigger it only lights the porch; run by hand it unlocks."""
    await helper_runs(
        owner,
        "Doorbell",
        {
            "if": [
                {
                    "condition": "template",
                    "value_template": "{{ trigger.platform is none }}",
                }
            ],
            "then": [UNLOCK_FRONT],
            "else": [{"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}],
        },
        alias="Door",
        to=None,
    )
    last = {"action": "automation.trigger", "target": {"entity_id": "automation.door"}}
    await owner.save_chain(CHAIN_LINKS, last)
    result = await call_service(mcp, "script.turn_on", target={"entity_id": "script.link_0"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


# -- moved from red-team round 35: a chain met under two trigger ids -------------------


async def _welcome_guests(owner: Owner, actions: list[dict[str, Any]]) -> str:
    """Save the welcome chain (it unlocks at its end) and "Welcome" running `actions`.

    "Welcome" fires at sunrise (trigger id `sunrise`) and when the guests
    helper turns on (`guests`); return that helper.
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
            "actions": actions,
        },
    )
    return guests


def _fired_by(trigger_id: str) -> dict[str, Any]:
    """Return the condition that this run was set off by the trigger `trigger_id`."""
    return {"condition": "trigger", "id": trigger_id}


@pytest.mark.redteam(round=35)
@LINGERING_TIMERS
async def test_a_chain_past_the_walk_reached_under_a_second_trigger_id_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The welcome chain (unlocks at its end) runs at sunrise and when guests arrive.

    The first branch (sunrise) is not the client's to set off; the second
    (guests helper on) is: turning it on waits.
    """
    options = [
        {"conditions": [_fired_by(trigger_id)], "sequence": [{"action": "script.link_0"}]}
        for trigger_id in ("sunrise", "guests")
    ]
    guests = await _welcome_guests(owner, [{"choose": options}])
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@pytest.mark.redteam(round=35)
@LINGERING_TIMERS
async def test_a_chain_past_the_walk_reached_under_two_trigger_ids_in_one_option_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Same chain, one option for sunrise, a later step for guests only."""
    steps = [
        {"if": [_fired_by(trigger_id)], "then": [{"action": "script.link_1"}]}
        for trigger_id in ("sunrise", "guests")
    ]
    guests = await _welcome_guests(owner, steps)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


# -- moved from red-team round 35: what the last link changes, fires, turns off --------


@pytest.mark.redteam(round=35)
async def test_a_helper_turned_on_past_the_walk_that_an_unlocking_automation_watches_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Probe: the last link turns a helper on; an automation unlocks when it turns on."""
    home = await helper_runs(owner, "Home", UNLOCK_FRONT)
    await owner.save_chain(
        CHAIN_LINKS, {"action": "input_boolean.turn_on", "target": {"entity_id": home}}
    )
    result = await call_service(mcp, "script.turn_on", target={"entity_id": "script.link_0"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@pytest.mark.redteam(round=35)
async def test_an_event_fired_past_the_walk_that_an_unlocking_automation_waits_for_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Probe: the last link fires `welcome_home`; an automation unlocks on it."""
    await unlocks_when(
        owner,
        {"trigger": "event", "event_type": "welcome_home"},
        alias="Welcome home",
        automation_id="on_event",
    )
    await owner.save_chain(CHAIN_LINKS, {"event": "welcome_home", "event_data": {}})
    result = await call_service(mcp, "script.turn_on", target={"entity_id": "script.link_0"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@pytest.mark.redteam(round=35)
async def test_a_securing_automation_turned_off_past_the_walk_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Probe: the last link turns off the automation locking the door when it is unlocked."""
    await locks_when(
        owner,
        {"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"},
        alias="Relock",
    )
    await owner.save_chain(
        CHAIN_LINKS, {"action": "automation.turn_off", "target": {"entity_id": "automation.relock"}}
    )
    decision = _check_running_the_chain(hass)
    assert decision.guarded, decision.findings


# -- moved from red-team round 35: a template entity at the end of the chain -----------


@pytest.mark.redteam(round=35)
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


# -- moved from red-team round 35: a client writes what runs a long chain --------------


@pytest.mark.redteam(round=35)
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


@pytest.mark.redteam(round=35)
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


# -- moved from red-team round 35: a link ending a securing wait or countdown ----------


async def _away_locks(owner: Owner) -> str:
    """`Away` on for ten minutes locks the door; it is on now, the wait running."""
    away = await owner.create_helper("input_boolean", "Away")
    await locks_when(
        owner,
        {"trigger": "state", "entity_id": away, "to": "on", "for": {"minutes": 10}},
        alias="Lock when away",
    )
    await owner.act("input_boolean.turn_on", entity_id=away)
    return away


@pytest.mark.redteam(round=35)
@LINGERING_TIMERS
async def test_a_short_chain_ending_the_wait_of_a_lock_when_away_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Control (probe): one link turns `Away` off while the lock waits for ten minutes of it."""
    away = await _away_locks(owner)
    await owner.save_chain(1, {"action": "input_boolean.turn_off", "target": {"entity_id": away}})
    decision = _check_running_the_chain(hass)
    assert decision.guarded, decision.findings


@pytest.mark.redteam(round=35)
@LINGERING_TIMERS
async def test_a_link_past_the_walk_ending_the_wait_of_a_lock_when_away_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The last link turns `Away` off: the ten minutes start over, the door is not locked."""
    away = await _away_locks(owner)
    await owner.save_chain(
        CHAIN_LINKS, {"action": "input_boolean.turn_off", "target": {"entity_id": away}}
    )
    decision = _check_running_the_chain(hass)
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


@pytest.mark.redteam(round=35)
@LINGERING_TIMERS
async def test_a_short_chain_restarting_a_lock_countdown_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Control (probe): one link reports motion: the ten minutes start over."""
    motion = await _restart_locks(owner)
    await owner.save_chain(1, {"action": "input_boolean.turn_on", "target": {"entity_id": motion}})
    await _motion(hass, motion)
    decision = _check_running_the_chain(hass)
    assert decision.guarded, decision.findings


@pytest.mark.redteam(round=35)
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
    decision = _check_running_the_chain(hass)
    assert decision.guarded, decision.findings


# -- a group of many template lights running long chains --------------


async def _lights_running_the_chain(owner: Owner, count: int, last: dict[str, Any]) -> str:
    """Save `count` template lamps each running the chain on; return the grouping script.

    The script puts every lamp in a group (`group.set`).
    """
    await owner.save_chain(CHAIN_LINKS, last)
    light = {"state": "off", "turn_on": [{"action": "script.link_0"}], "turn_off": []}
    await owner.save_templates([{"light": [{**light, "name": f"Lamp {i}"} for i in range(count)]}])
    lamps = [f"light.lamp_{i}" for i in range(count)]
    step = {"action": "group.set", "data": {"object_id": "lamps", "entities": lamps}}
    return await owner.save_script("lamps", {"alias": "Lamps", "sequence": [step]})


_MANY_LAMPS: Final = 60
"""Lamps enough that judging each in full walks past `ASKED_STEPS`."""
_BED_LIGHT_ON: Any = {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
_LIGHTING_UP: Any = {"sequence": [_BED_LIGHT_ON] * 100}
"""The chain's last step: a long sequence lighting the bed light."""


async def test_a_group_of_a_few_lamps_running_a_long_chain_runs(
    hass: HomeAssistant, owner: Owner
) -> None:
    """Each lamp joining the group is judged in full: its chain lights the bed light."""
    party = await _lights_running_the_chain(owner, 2, _LIGHTING_UP)
    decision = home_mcp_gate(hass).async_check(Action("script", "turn_on", {"entity_id": [party]}))
    assert not decision.guarded, _guarded(decision)


async def test_a_group_of_many_lamps_running_a_long_chain_waits(
    hass: HomeAssistant, owner: Owner
) -> None:
    """Judging each of 60 lamps in full would walk past what one check may ask: it waits.

    Whether a lamp joining a group is guarded is told by judging each of
    its actions, a whole walk of its chain each; past `ASKED_STEPS` in all,
    the lamps asked about next are guarded, the cautious answer.
    """
    party = await _lights_running_the_chain(owner, _MANY_LAMPS, _LIGHTING_UP)
    decision = home_mcp_gate(hass).async_check(Action("script", "turn_on", {"entity_id": [party]}))
    assert decision.guarded
    assert {f.entity_id for f in decision.blocking} <= {
        f"light.lamp_{i}" for i in range(_MANY_LAMPS)
    }


async def test_a_group_of_many_lamps_opening_the_garage_waits(
    hass: HomeAssistant, owner: Owner
) -> None:
    """The same 60 lamps, the chain at their end opening the garage door: it waits."""
    opening = {"action": "cover.open_cover", "target": {"entity_id": "cover.garage_door"}}
    opening = {"sequence": [_BED_LIGHT_ON] * 99 + [opening]}
    party = await _lights_running_the_chain(owner, _MANY_LAMPS, opening)
    decision = home_mcp_gate(hass).async_check(Action("script", "turn_on", {"entity_id": [party]}))
    assert decision.guarded
