"""The rule table, line by line, against the real gate and the demo's devices.

Parametrized over `rules.ENTITY_RULES` itself: every line has a scenario in
which it is the line that decides, built in a real Home Assistant, and the
gate (no HTTP) must give that line's risk and reason. A new line without a
scenario fails. `docs/gate.md` must show the tables as the code holds them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest

from custom_components.home_mcp.gate import Action, Gate, Risk
from custom_components.home_mcp.gate.docs import render
from custom_components.home_mcp.gate.rules import ENTITY_RULES, PLAIN_RULE, EntityClass, Rule
from homeassistant.components.manual.alarm_control_panel import (
    PLATFORM_SCHEMA as MANUAL_PANEL_SCHEMA,
)
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.setup import async_setup_component

from .conftest import SCRIPTS

DOCS = Path(__file__).parent.parent / "docs" / "gate.md"

type Scenario = Callable[[HomeAssistant], Awaitable[tuple[Gate, Action, str]]]
"""Builds the house; returns the gate, the action and the entity the line decides."""


def _call(domain: str, service: str, entity_id: str, **data: Any) -> Action:
    return Action(domain, service, {"entity_id": [entity_id]}, data)


async def _plain(hass: HomeAssistant) -> Gate:
    return Gate(hass)


async def _automations(hass: HomeAssistant) -> Gate:
    """Automations an owner would have: one that unlocks, one that locks, one for lights."""
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": {"probe": {}}})
    trigger = [{"trigger": "state", "entity_id": "input_boolean.probe", "to": "on"}]
    assert await async_setup_component(
        hass,
        "automation",
        {
            "automation": [
                {
                    "id": "opens",
                    "alias": "Opens",
                    "initial_state": False,  # Off: turning it on enables it.
                    "triggers": [{"trigger": "state", "entity_id": "light.bed_light"}],
                    "actions": [
                        {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}
                    ],
                },
                {
                    "id": "secures",
                    "alias": "Secures",
                    "triggers": [{"trigger": "state", "entity_id": "light.bed_light"}],
                    "actions": [
                        {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}
                    ],
                },
                {
                    "id": "stops",
                    "alias": "Stops the garage",
                    "triggers": trigger,
                    "actions": [
                        {"action": "cover.stop_cover", "target": {"entity_id": "cover.garage_door"}}
                    ],
                },
            ]
        },
    )
    await hass.async_block_till_done()
    return Gate(hass)


async def _opened_garage(hass: HomeAssistant) -> Gate:
    await hass.services.async_call(
        "cover", "open_cover", {"entity_id": "cover.garage_door"}, blocking=True
    )
    assert hass.states.get("cover.garage_door").state == "open"
    return Gate(hass)


async def _armed_alarm(hass: HomeAssistant) -> Gate:
    await hass.services.async_call(
        "alarm_control_panel",
        "alarm_arm_away",
        {"entity_id": "alarm_control_panel.security", "code": "1234"},
        blocking=True,
    )
    assert hass.states.get("alarm_control_panel.security").state in ("arming", "armed_away")
    return Gate(hass)


async def _opener(hass: HomeAssistant) -> Gate:
    """Move the demo's button onto the garage door's device (a garage opener)."""
    registry = er.async_get(hass)
    garage = registry.async_get("cover.garage_door")
    assert garage is not None and garage.device_id is not None
    registry.async_update_entity("button.push", device_id=garage.device_id)
    await hass.async_block_till_done()
    return Gate(hass)


async def _running_script(hass: HomeAssistant) -> Gate:
    """Start a script that will lock the front door once a helper turns on."""
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": {"hold": {}}})
    lock_later = {
        "sequence": [
            {"wait_template": "{{ is_state('input_boolean.hold', 'on') }}"},
            {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
        ]
    }
    with patch(
        "homeassistant.config.async_hass_config_yaml",
        return_value={"script": {**SCRIPTS, "lock_later": lock_later}},
    ):
        await hass.services.async_call("script", "reload", blocking=True)
    await hass.services.async_call("script", "turn_on", {"entity_id": "script.lock_later"})
    for _ in range(20):  # It waits for the helper: Home Assistant is never idle.
        await asyncio.sleep(0)
    assert hass.states.get("script.lock_later").state == "on"
    return Gate(hass)


async def _running_autolock(hass: HomeAssistant) -> Gate:
    """Start the five-minute timer at whose end an automation locks the front door."""
    assert await async_setup_component(
        hass, "timer", {"timer": {"autolock": {"duration": "00:05:00"}}}
    )
    finished = {"entity_id": "timer.autolock"}
    assert await async_setup_component(
        hass,
        "automation",
        {
            "automation": {
                "id": "autolock",
                "alias": "Auto-lock",
                "triggers": [
                    {"trigger": "event", "event_type": "timer.finished", "event_data": finished}
                ],
                "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
            }
        },
    )
    await hass.services.async_call("timer", "start", finished, blocking=True)
    assert hass.states.get("timer.autolock").state == "active"
    return Gate(hass)


def _scenario(
    build: Callable[[HomeAssistant], Awaitable[Gate]], action: Action, entity: str
) -> Scenario:
    async def run(hass: HomeAssistant) -> tuple[Gate, Action, str]:
        return await build(hass), action, entity

    return run


async def _disarms_after_sounding(hass: HomeAssistant) -> tuple[Gate, Action, str]:
    """Set up a `manual` panel that disarms once its trigger time is over, armed away."""
    config = MANUAL_PANEL_SCHEMA(
        {
            "platform": "manual",
            "name": "House",
            "arming_time": 0,
            "code_arm_required": False,
            "disarm_after_trigger": True,
        }
    )
    await hass.data[DATA_INSTANCES]["alarm_control_panel"].async_setup_platform("manual", config)
    await hass.async_block_till_done()
    await hass.services.async_call(
        "alarm_control_panel",
        "alarm_arm_away",
        {"entity_id": "alarm_control_panel.house"},
        blocking=True,
    )
    assert hass.states.get("alarm_control_panel.house").state == "armed_away"
    panel = "alarm_control_panel.house"
    return Gate(hass), _call("alarm_control_panel", "alarm_trigger", panel), panel


async def _marked(hass: HomeAssistant) -> tuple[Gate, Action, str]:
    return (
        Gate(hass, guarded_entities=["light.bed_light"]),
        _call("light", "turn_on", "light.bed_light"),
        "light.bed_light",
    )


GARAGE, FRONT, WINDOW = "cover.garage_door", "lock.front_door", "cover.kitchen_window"
ALARM = "alarm_control_panel.security"
SCENARIOS: dict[str, Scenario] = {
    "Reads the device again (what that changes is judged as a change)": _scenario(
        _plain, _call("homeassistant", "update_entity", FRONT), FRONT
    ),
    "Puts it in a group: an action on the group would reach it, and a group changed "
    "while such an action runs escapes its check": _scenario(
        _plain, Action("group", "set", {}, {"object_id": "g", "entities": [FRONT]}), FRONT
    ),
    "Puts it in a group": _scenario(
        _plain, Action("group", "set", {}, {"object_id": "g", "entities": ["light.bed_light"]}),
        "light.bed_light",
    ),
    "Locks it": _scenario(_plain, _call("lock", "lock", FRONT), FRONT),
    "Unlocks or opens it": _scenario(_plain, _call("lock", "unlock", FRONT), FRONT),
    "Gives it a user code: whoever holds the code can unlock it": _scenario(
        _plain, _call("zwave_js", "set_lock_usercode", FRONT, code_slot=3, usercode="4321"), FRONT
    ),
    "Gives it an empty code: no one holds it": _scenario(
        _plain, _call("zwave_js", "set_lock_usercode", FRONT, code_slot=3, usercode=""), FRONT
    ),
    "Takes one of its user codes off": _scenario(
        _plain, _call("zwave_js", "clear_lock_usercode", FRONT, code_slot=3), FRONT
    ),
    "An action on a lock that Home MCP does not know": _scenario(
        _plain, _call("vendor", "set_value", FRONT), FRONT
    ),
    "Closes it": _scenario(_plain, _call("cover", "close_cover", GARAGE), GARAGE),
    "Moves it to closed": _scenario(
        _plain, _call("cover", "set_cover_position", GARAGE, position=0), GARAGE
    ),
    "Moves it to an open position": _scenario(
        _plain, _call("cover", "set_cover_position", GARAGE, position=40), GARAGE
    ),
    "Opens it": _scenario(_plain, _call("valve", "open_valve", "valve.orchard"), "valve.orchard"),
    "It is open, so toggling closes it": _scenario(
        _opened_garage, _call("cover", "toggle", GARAGE), GARAGE
    ),
    "Toggling may open it": _scenario(_plain, _call("cover", "toggle", GARAGE), GARAGE),
    # Judged for later: an automation would stop the garage whenever it runs.
    "Stopping it while it closes leaves it open": _scenario(
        _automations, _call("input_boolean", "turn_on", "input_boolean.probe"), GARAGE
    ),
    "Stops it": _scenario(_plain, _call("cover", "stop_cover", GARAGE), GARAGE),
    "An action on it that Home MCP does not know": _scenario(
        _plain, _call("vendor", "set_value", GARAGE), GARAGE
    ),
    "Closes a cover": _scenario(_plain, _call("cover", "close_cover", WINDOW), WINDOW),
    "An ordinary cover (blind, window, shade)": _scenario(
        _plain, _call("cover", "open_cover", WINDOW), WINDOW
    ),
    "Disarms it": _scenario(
        _plain, _call("alarm_control_panel", "alarm_disarm", ALARM, code="1234"), ALARM
    ),
    "Arms it in a mode that watches less than the one it is in": _scenario(
        _armed_alarm, _call("alarm_control_panel", "alarm_arm_home", ALARM, code="1234"), ALARM
    ),
    "Arms it": _scenario(
        _plain, _call("alarm_control_panel", "alarm_arm_home", ALARM, code="1234"), ALARM
    ),
    "Sounding it may leave it disarmed once it has sounded": _disarms_after_sounding,
    "Sounds it": _scenario(_plain, _call("alarm_control_panel", "alarm_trigger", ALARM), ALARM),
    "Toggling an armed alarm disarms it": _scenario(
        _armed_alarm, _call("homeassistant", "toggle", ALARM), ALARM
    ),
    "Toggling a disarmed alarm arms it": _scenario(
        _plain, _call("homeassistant", "toggle", ALARM), ALARM
    ),
    "An action on an alarm panel that Home MCP does not know": _scenario(
        _plain, _call("vendor", "set_value", ALARM), ALARM
    ),
    "It is on the same device as a lock, door, valve or alarm: it can open it": _scenario(
        _opener, _call("button", "press", "button.push"), GARAGE
    ),
    "The person marked it as guarded in Home MCP's options": _marked,
    "Enables an automation that can open the house": _scenario(
        _automations, _call("automation", "turn_on", "automation.opens"), "automation.opens"
    ),
    "Disables an automation that locks, closes or arms": _scenario(
        _automations, _call("automation", "turn_off", "automation.secures"), "automation.secures"
    ),
    "Automation control (a run is judged by its actions)": _scenario(
        _automations, _call("automation", "turn_off", "automation.opens"), "automation.opens"
    ),
    "Stops a running script that locks, closes or arms": _scenario(
        _running_script, _call("script", "turn_off", "script.lock_later"), "script.lock_later"
    ),
    "Runs or stops a script (its actions are judged)": _scenario(
        _plain, _call("script", "turn_on", "script.bedtime"), "script.bedtime"
    ),
    "Activates a scene (its states are judged)": _scenario(
        _plain, _call("scene", "turn_on", "scene.romantic"), "scene.romantic"
    ),
    "Starts its whole duration over: what locks, closes or arms when it ends waits again, "
    "and never secures if started again before each end": _scenario(
        _running_autolock, _call("timer", "start", "timer.autolock"), "timer.autolock"
    ),
    "Does not open the house": _scenario(
        _plain, _call("light", "turn_on", "light.bed_light"), "light.bed_light"
    ),
}  # fmt: skip


def test_every_rule_has_a_scenario() -> None:
    """A line of the table nobody can show deciding something is a line to remove."""
    assert PLAIN_RULE.classes == {EntityClass.OTHER} and not PLAIN_RULE.verbs
    reasons = [rule.reason for rule in ENTITY_RULES]
    assert len(reasons) == len(set(reasons)), "each line's reason names it"
    assert set(reasons) == set(SCENARIOS)


# The demo's manual alarm keeps its arming timer.
@pytest.mark.parametrize("expected_lingering_timers", [True])
@pytest.mark.parametrize("rule", ENTITY_RULES, ids=[rule.reason[:40] for rule in ENTITY_RULES])
async def test_rule_decides(demo_house: HomeAssistant, rule: Rule) -> None:
    """Each line is what the gate answers in its own scenario."""
    gate, action, entity_id = await SCENARIOS[rule.reason](demo_house)
    decision = gate.async_check(action)
    decided = [f for f in decision.findings if f.entity_id == entity_id]
    assert decided, decision.findings
    assert (decided[0].risk, decided[0].reason.split(" (sets it")[0]) == (rule.risk, rule.reason)
    assert decision.guarded == any(f.blocks for f in decision.findings)


def test_docs_show_the_rules_as_the_code_holds_them() -> None:
    """docs/gate.md is generated from the table: run script/gate_docs after a change."""
    text = DOCS.read_text(encoding="utf-8")
    assert render(text) == text, "docs/gate.md differs from the rule table: run script/gate_docs"


async def test_the_demo_house_guards_what_can_open_it_and_nothing_else(
    demo_house: HomeAssistant,
) -> None:
    """No false positives in the demo house: guarded is exactly what can open it."""
    gate = Gate(demo_house)
    guarded = {e for e in demo_house.states.async_entity_ids() if gate.async_is_guarded_entity(e)}
    assert guarded == {
        "alarm_control_panel.security",
        "cover.garage_door",
        *(f"lock.{name}" for name in ("front_door", "kitchen_door", "openable_lock")),
        "lock.poorly_installed_door",
        *(f"valve.{name}" for name in ("front_garden", "orchard", "back_garden", "trees")),
        "script.unlock_front",  # unlocks
        "script.welcome_home",  # runs unlock_front
        "script.choose_branch",  # its default branch opens the garage
        "script.dynamic",  # a templated action: unknown
        "scene.open_house",  # sets the front door unlocked
    }


async def test_a_house_that_cannot_be_read_guards_everything(
    demo_house: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """If reading the house's wiring fails, nothing is called harmless (fail closed)."""
    with patch(
        "custom_components.home_mcp.gate.index.snapshot_steps", side_effect=RuntimeError("boom")
    ):
        gate = Gate(demo_house)
        decision = gate.async_check(_call("light", "turn_on", "light.bed_light"))
        assert decision.guarded and decision.risk is Risk.UNKNOWN
        assert gate.async_check(_call("lock", "unlock", "lock.front_door")).guarded
        assert gate.async_is_guarded_entity("light.bed_light")
    assert "could not read the house's configuration" in caplog.text


@pytest.mark.parametrize(
    ("service", "data", "risk", "reason"),
    [
        ("arm", {"mode": "away"}, Risk.SECURING, "Arms it"),
        ("arm", {}, Risk.SECURING, "Arms it"),
        ("arm", {"mode": "night"}, Risk.SECURING, "Arms it"),
        ("disarm", {}, Risk.OPENS_HOUSE, "Disarms it"),
        ("arm", {"mode": "party"}, Risk.UNKNOWN, "An action on an alarm panel that Home MCP does not know"),
        ("skip_delay", {}, Risk.UNKNOWN, "An action on an alarm panel that Home MCP does not know"),
    ],
)  # fmt: skip
async def test_an_integration_s_own_action_on_a_panel_is_judged_as_the_panel_s_verb(
    demo_house: HomeAssistant, service: str, data: dict[str, Any], risk: Risk, reason: str
) -> None:
    """Alarmo's `arm` (by its `mode`) and `disarm` are the panel's own (`INTEGRATION_VERBS`)."""
    for name in ("arm", "disarm", "skip_delay"):  # As the Alarmo integration registers them.
        demo_house.services.async_register("alarmo", name, lambda call: None)
    decision = Gate(demo_house).async_check(
        Action("alarmo", service, {}, {"entity_id": ALARM, "code": "1234", **data})
    )
    [finding] = [f for f in decision.findings if f.entity_id == ALARM]
    assert (finding.risk, finding.reason) == (risk, reason)
    assert decision.guarded == (risk is not Risk.SECURING)
