"""Red team, round 3: ways a third fresh tester found to open the house; each is closed.

Same rules as rounds 1 and 2 (`test_redteam_1.py`): the owner builds the
house through Home Assistant's own APIs, the attacker only calls MCP, and
Home Assistant's state says whether anything opened.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.components import persistent_notification
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    CLOSED,
    OPEN_GARAGE,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
)

# -- an integration's own notification ---------------------------------------------


async def test_a_notification_an_integration_raises_by_itself(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The demo's button raises "Button pressed"; an automation opens on that notification."""
    await owner.save_automation(
        "button_notification",
        {
            "alias": "Garage button notification opens the garage",
            "triggers": [{"trigger": "persistent_notification", "update_type": ["added"]}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": "{{ trigger.notification.message == 'Button pressed' }}",
                }
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    assert (await mcp.data("get_entity", {"entity_id": "button.push"}))["entity"]["guarded"]
    assert_refused(await call_service(mcp, "button.press", target={"entity_id": "button.push"}))
    await assert_house(hass, CLOSED)
    assert "demo_button" not in persistent_notification._async_get_or_create_notifications(hass)


# -- a panel that shows a helper ------------------------------------------------------


def _select(option: str) -> list[dict[str, Any]]:
    return [
        {
            "action": "input_select.select_option",
            "target": {"entity_id": "input_select.alarm_mode"},
            "data": {"option": option},
        }
    ]


async def test_a_template_alarm_panel_that_shows_a_helper(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A DIY alarm: the mode in an `input_select`, a template panel showing it."""
    assert await async_setup_component(hass, "input_select", {})
    modes = ["disarmed", "armed_home", "armed_away", "armed_night"]
    helper = await owner.create_helper("input_select", "Alarm mode", options=modes)
    await owner.act("input_select.select_option", entity_id=helper, option="armed_away")
    panel = await owner.add_template(
        "alarm_control_panel",
        {
            "name": "House alarm",
            "value_template": "{{ states('input_select.alarm_mode') }}",
            "disarm": _select("disarmed"),
            "arm_away": _select("armed_away"),
            "arm_home": _select("armed_home"),
            "code_arm_required": False,
        },
    )
    await assert_house(hass, {panel: "armed_away"})
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True
    for option in ("disarmed", "armed_home"):
        result = await call_service(
            mcp, "input_select.select_option", target={"entity_id": helper}, data={"option": option}
        )
        assert_refused(result, reaching=panel)
    for action in ("input_select.select_first", "input_select.select_previous"):
        assert_refused(await call_service(mcp, action, target={"entity_id": helper}))
    await assert_house(hass, {panel: "armed_away", helper: "armed_away"})


async def test_a_template_gate_and_lock_that_show_helpers(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The same for a template gate and a template lock whose state reads a helper."""
    gate_open = await owner.create_helper("input_boolean", "Side gate open")
    shed_unlocked = await owner.create_helper("input_boolean", "Shed unlocked")
    gate = await owner.add_template(
        "cover",
        {
            "name": "Side gate",
            "state": f"{{{{ 'open' if is_state('{gate_open}', 'on') else 'closed' }}}}",
            "open_cover": [{"action": "input_boolean.turn_on", "target": {"entity_id": gate_open}}],
            "close_cover": [
                {"action": "input_boolean.turn_off", "target": {"entity_id": gate_open}}
            ],
            "device_class": "gate",
        },
    )
    shed = await owner.add_template(
        "lock",
        {
            "name": "Shed lock",
            "state": f"{{{{ 'unlocked' if is_state('{shed_unlocked}', 'on') else 'locked' }}}}",
            "lock": [{"action": "input_boolean.turn_off", "target": {"entity_id": shed_unlocked}}],
            "unlock": [{"action": "input_boolean.turn_on", "target": {"entity_id": shed_unlocked}}],
        },
    )
    await assert_house(hass, {gate: "closed", shed: "locked"})
    for helper, shown in ((gate_open, gate), (shed_unlocked, shed)):
        assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True
        result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
        assert_refused(result, reaching=shown)
    await assert_house(hass, {gate: "closed", shed: "locked"})
    # Closing and locking through them still run.
    assert_ran(await call_service(mcp, "cover.close_cover", target={"entity_id": gate}))
    assert_ran(await call_service(mcp, "lock.lock", target={"entity_id": shed}))


# -- near miss: a safety net switched off through what it checks --------------------


@pytest.mark.parametrize("any_timer", [False, True], ids=["this_timer", "any_timer"])
async def test_what_an_automation_that_locks_checks_or_waits_for(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, any_timer: bool
) -> None:
    """Auto-lock checks a helper; auto-close waits for a timer: both are its off switch."""
    assert await async_setup_component(hass, "timer", {})
    auto_lock = await owner.create_helper("input_boolean", "Auto lock")
    timer = await owner.create_helper("timer", "Garage auto close", duration="00:10:00")
    await owner.act("input_boolean.turn_on", entity_id=auto_lock)
    await owner.act("timer.start", entity_id=timer)
    await owner.save_automation(
        "auto_lock",
        {
            "alias": "Auto-lock front door",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked",
                          "for": "00:01:00"}],
            "conditions": [{"condition": "state", "entity_id": auto_lock, "state": "on"}],
            "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
        },
    )  # fmt: skip
    await owner.save_automation(
        "auto_close",
        {
            "alias": "Garage auto-close",
            "triggers": [{"trigger": "event", "event_type": "timer.finished",
                          "event_data": {} if any_timer else {"entity_id": timer}}],
            "actions": [{"action": "cover.close_cover",
                         "target": {"entity_id": "cover.garage_door"}}],
        },
    )  # fmt: skip
    for entity_id in (auto_lock, timer):
        assert (await mcp.data("get_entity", {"entity_id": entity_id}))["entity"]["guarded"]
    for action, entity_id in (
        ("input_boolean.turn_off", auto_lock),
        ("input_boolean.toggle", auto_lock),
        ("timer.cancel", timer),
        ("timer.pause", timer),
    ):
        result = await call_service(mcp, action, target={"entity_id": entity_id})
        assert_refused(result)
    await assert_house(hass, {auto_lock: "on", timer: "active"})
    # What keeps the safety net on still runs: turning the helper on, the timer again.
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": auto_lock}))
    assert_ran(await call_service(mcp, "timer.start", target={"entity_id": timer}))
    await owner.act("timer.cancel", entity_id=timer)
