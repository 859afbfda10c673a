"""The gate judges a configuration before it exists: what it would do, and what it changes.

`Gate.async_judge_write` reads the house again as it would be with the
automation or script written (or removed) and compares its perimeter with
today's. These are the cases the write tools will ask about (issue 13).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from custom_components.home_mcp.configs import ConfigEditors, ConfigKind
from custom_components.home_mcp.gate import Gate
from custom_components.home_mcp.gate.model import Risk
from custom_components.home_mcp.gate.proposals import Proposed
from custom_components.home_mcp.gate.rules import HELPER_WRITE_RULES, HelperWrite
from homeassistant.core import HomeAssistant

from .house import (
    BED_LIGHT_ON,
    LOCK_FRONT,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    WHEN_UNLOCKED,
    Owner,
    locks_when,
    turns_on,
    unlocks_when,
)


def _gate(hass: HomeAssistant) -> Gate:
    gate: Gate = hass.config_entries.async_entries("home_mcp")[0].runtime_data.gate
    return gate


async def _judge(
    hass: HomeAssistant, kind: ConfigKind, entity_id: str, config: dict[str, Any] | None
) -> set[tuple[Risk, str | None]]:
    item = None
    if config is not None:
        validated = await ConfigEditors(hass).async_validate(kind, "proposed", config)
        item = Proposed.of(entity_id, config, validated)
    return {(f.risk, f.entity_id) for f in _gate(hass).async_judge_write(entity_id, item)}


def _automation(*actions: dict[str, Any], trigger: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "alias": "Proposed",
        "triggers": [trigger or {"trigger": "time", "at": "03:00:00"}],
        "actions": list(actions),
    }


async def test_an_automation_that_unlocks_at_3am_opens_the_house(
    hass: HomeAssistant, owner: Owner
) -> None:
    found = await _judge(
        hass, ConfigKind.AUTOMATION, "automation.proposed", _automation(UNLOCK_FRONT)
    )
    assert (Risk.OPENS_HOUSE, "lock.front_door") in found


async def test_a_harmless_automation_changes_nothing(hass: HomeAssistant, owner: Owner) -> None:
    found = await _judge(
        hass, ConfigKind.AUTOMATION, "automation.proposed", _automation(BED_LIGHT_ON)
    )
    assert not {risk for risk, _ in found} & {Risk.OPENS_HOUSE, Risk.SYSTEM, Risk.UNKNOWN}


async def test_a_helper_that_would_open_the_garage_is_a_new_opening_path(
    hass: HomeAssistant, owner: Owner
) -> None:
    switch = await owner.create_helper("input_boolean", "Open sesame")
    config = _automation(OPEN_GARAGE, trigger={"trigger": "state", "entity_id": switch, "to": "on"})
    found = await _judge(hass, ConfigKind.AUTOMATION, "automation.proposed", config)
    assert (Risk.OPENS_HOUSE, "cover.garage_door") in found
    assert (Risk.OPENS_HOUSE, switch) in found  # The helper becomes an opening path.


async def test_an_automation_running_a_script_that_unlocks_opens_the_house(
    hass: HomeAssistant, owner: Owner
) -> None:
    config = _automation({"action": "script.unlock_front"})
    found = await _judge(hass, ConfigKind.AUTOMATION, "automation.proposed", config)
    assert (Risk.OPENS_HOUSE, "lock.front_door") in found


async def test_a_script_edited_to_unlock_makes_its_callers_open_the_house(
    hass: HomeAssistant, owner: Owner
) -> None:
    config = {"alias": "Good night", "sequence": [UNLOCK_FRONT]}
    found = await _judge(hass, ConfigKind.SCRIPT, "script.good_night", config)
    assert (Risk.OPENS_HOUSE, "lock.front_door") in found
    assert (Risk.SYSTEM, "script.good_night") in found  # It locked the kitchen door.


async def test_removing_or_weakening_what_secures_the_house_is_a_system_change(
    hass: HomeAssistant, owner: Owner
) -> None:
    secure = {
        "alias": "Secure the house at bedtime",
        "triggers": [{"trigger": "event", "event_type": "bedtime"}],
        "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
    }
    entity_id = await owner.save_automation("secure_midnight", secure)
    assert (Risk.SYSTEM, entity_id) in await _judge(hass, ConfigKind.AUTOMATION, entity_id, None)
    weaker = {
        **secure,
        "conditions": [{"condition": "state", "entity_id": "sun.sun", "state": "x"}],
    }
    assert (Risk.SYSTEM, entity_id) in await _judge(hass, ConfigKind.AUTOMATION, entity_id, weaker)
    harmless = await owner.save_automation(
        "lights", _automation(BED_LIGHT_ON, trigger={"trigger": "event", "event_type": "dusk"})
    )
    found = await _judge(hass, ConfigKind.AUTOMATION, harmless, None)
    assert not {risk for risk, _ in found} & {Risk.OPENS_HOUSE, Risk.SYSTEM}


async def test_judging_writes_nothing_and_leaves_the_gate_as_it_was(
    hass: HomeAssistant, owner: Owner
) -> None:
    """The proposal is seen only while it is judged: the house and the gate stay as they are."""
    gate = _gate(hass)
    snapshot = gate.index.async_current()
    await _judge(hass, ConfigKind.AUTOMATION, "automation.proposed", _automation(UNLOCK_FRONT))
    assert hass.states.get("automation.proposed") is None
    assert gate.index.async_current() is snapshot
    assert not gate.index.async_current().can_open("automation.proposed")
    run = gate.async_check(gate.macro_action("automation.proposed"))
    assert not run.guarded  # No such automation: nothing would run.


async def test_a_scene_that_unlocks_opens_the_house_and_its_callers_too(
    hass: HomeAssistant, owner: Owner
) -> None:
    """A scene opens the house when it is turned on; so does what turns it on."""
    await owner.save_automation(
        "welcome",
        _automation(
            {"action": "scene.turn_on", "target": {"entity_id": "scene.welcome_home"}},
            trigger={"trigger": "event", "event_type": "arrived"},
        ),
    )
    scene = {"name": "Welcome home", "entities": {"lock.front_door": "unlocked"}}
    found = await _judge(hass, ConfigKind.SCENE, "scene.welcome_home", scene)
    assert (Risk.OPENS_HOUSE, "lock.front_door") in found
    # The event that sets off the automation turning it on becomes an opening path.
    assert (Risk.OPENS_HOUSE, None) in found
    cosy = {"name": "Cosy", "entities": {"light.bed_light": "on"}}
    found = await _judge(hass, ConfigKind.SCENE, "scene.cosy", cosy)
    assert not {risk for risk, _ in found} & {Risk.OPENS_HOUSE, Risk.SYSTEM, Risk.UNKNOWN}


# -- a helper written: the first line of `rules.HELPER_WRITE_RULES` that holds --------


async def _options_an_automation_takes_its_script_from(owner: Owner) -> str:
    await owner.save_script("bedtime", {"alias": "Bedtime", "sequence": []})
    routine = await owner.create_helper("input_select", "Routine", options=["bedtime"])
    await owner.save_automation(
        "run_routine",
        {
            "alias": "Run the routine",
            "triggers": [{"trigger": "state", "entity_id": routine}],
            "actions": [
                {
                    "action": "script.turn_on",
                    "target": {"entity_id": "script.{{ trigger.to_state.state }}"},
                }
            ],
        },
    )
    return routine


async def _a_switch_the_welcome_unlocks_on(owner: Owner) -> str:
    guests = await owner.create_helper("input_boolean", "Guests expected")
    await unlocks_when(owner, turns_on(guests), alias="Welcome guests")
    return guests


async def _what_sets_off_the_night_lock_up(owner: Owner) -> str:
    night = await owner.create_helper("input_boolean", "Night")
    await locks_when(owner, turns_on(night), alias="Lock at night")
    return night


async def _what_the_auto_lock_waits_for(owner: Owner) -> str:
    seconds = await owner.create_helper(
        "input_number", "Autolock seconds", min=5, max=600, step=5, initial=30, mode="box"
    )
    await locks_when(
        owner,
        {**WHEN_UNLOCKED[0], "for": {"seconds": f"{{{{ states('{seconds}') | int(30) }}}}"}},
        alias="Auto-lock",
    )
    return seconds


async def _the_flag_the_auto_lock_turns_on(owner: Owner) -> str:
    relocked = await owner.create_helper("input_boolean", "Relocked")
    await owner.save_automation(
        "relock",
        {
            "alias": "Relock",
            "triggers": WHEN_UNLOCKED,
            "actions": [
                {"action": "input_boolean.turn_on", "target": {"entity_id": relocked}},
                LOCK_FRONT,
            ],
        },
    )
    return relocked


async def _a_helper_nothing_reads(owner: Owner) -> str:
    return await owner.create_helper("input_boolean", "Movie night")


_HELPERS: dict[HelperWrite, Callable[[Owner], Awaitable[str]]] = {
    HelperWrite.OPTIONS_BOUND: _options_an_automation_takes_its_script_from,
    HelperWrite.IN_PERIMETER: _a_switch_the_welcome_unlocks_on,
    HelperWrite.GUARDED: _what_the_auto_lock_waits_for,
    HelperWrite.SETS_OFF_SECURING: _what_sets_off_the_night_lock_up,
    HelperWrite.ACTED_ON: _the_flag_the_auto_lock_turns_on,
    HelperWrite.PLAIN: _a_helper_nothing_reads,
}
"""A helper of each line of the helper-write table."""


def test_each_line_of_the_helper_write_table_has_a_helper() -> None:
    assert list(_HELPERS) == [rule.when for rule in HELPER_WRITE_RULES]


@pytest.mark.parametrize("when", list(HelperWrite))
async def test_writing_a_helper_is_judged_by_the_first_line_of_the_table_that_holds(
    hass: HomeAssistant, owner: Owner, when: HelperWrite
) -> None:
    """What the person is told is that line's risk and reason, about that helper."""
    entity_id = await _HELPERS[when](owner)
    gate = _gate(hass)
    await gate.async_ready()
    [rule] = [rule for rule in HELPER_WRITE_RULES if rule.when is when]
    domain = entity_id.partition(".")[0]

    findings = gate.async_judge_helper_write(entity_id, f"{domain}.save")

    [own] = [f for f in findings if f.entity_id == entity_id]
    assert own.risk is rule.risk
    assert own.reason == rule.reason.format(macro=own.via[0] if own.via else "")
