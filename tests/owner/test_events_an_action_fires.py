"""What an action fires besides the change it makes sets off what waits for it.

An integration fires its own event when its button is pressed
(`demo_button_pressed`); a run fires `automation_triggered` or
`script_started` with its name; a timer fires `timer.finished`; every call
fires `call_service` and every change `state_changed`. An owner's automation
waiting for such an event (in a trigger or a `wait_for_trigger`) is set off
by the action that fires it, and an event type that is a template, or `*`,
may be any event: whatever the action, it waits.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    CLOSED,
    LINGERING_TIMERS,
    LOCKED,
    OPEN_GARAGE,
    POLLING,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_refused,
    call_service,
)

# -- an integration's event, a run's event ---------------------------------------------


@pytest.mark.redteam(round=1)
async def test_pressing_a_button_that_fires_an_event_an_unlock_waits_for_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S1/S7: the demo fires `demo_button_pressed` when its button is pressed."""
    await owner.save_automation(
        "on_press",
        {
            "alias": "Let in on the demo event",
            "triggers": [{"trigger": "event", "event_type": "demo_button_pressed"}],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(await call_service(mcp, "button.press", target={"entity_id": "button.push"}))
    await assert_house(hass, LOCKED)


# Time-triggered automations keep their timers.
@pytest.mark.redteam(round=1)
@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("event_type", "name", "action", "target"),
    [
        ("automation_triggered", "Let them in", "automation.trigger", "automation.let_them_in"),
        ("script_started", "Good night", "script.turn_on", "script.good_night"),
    ],
)
async def test_running_an_automation_or_script_whose_run_event_opens_the_garage_is_refused(
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    event_type: str,
    name: str,
    action: str,
    target: str,
) -> None:
    """S7c/S7d: an automation waiting for another automation's or script's run."""
    await owner.save_automation(
        "let_them_in",
        {
            "alias": "Let them in",
            "triggers": [{"trigger": "time", "at": "03:00:00"}],
            "actions": [{"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}],
        },
    )
    await owner.save_script(
        "good_night",
        {"alias": "Good night", "sequence": [{"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}}]},
    )  # fmt: skip
    await owner.save_automation(
        "after_run",
        {
            "alias": "Open after that run",
            "triggers": [{"trigger": "event", "event_type": event_type, "event_data": {"name": name}}],
            "actions": [OPEN_GARAGE],
        },
    )  # fmt: skip
    assert_refused(await call_service(mcp, action, target={"entity_id": target}))
    await assert_house(hass, CLOSED)


# -- events any action may fire, a timer's end -----------------------------------------


@pytest.mark.redteam(round=2)
@pytest.mark.parametrize(
    "trigger",
    [
        {"trigger": "event", "event_type": "{{ 'let_' ~ 'in' }}"},
        {"trigger": "event", "event_type": ["parcel", "{{ 'let_in' }}"]},
        {"trigger": "event", "event_type": "*"},
    ],
)
async def test_an_event_trigger_of_a_templated_or_any_type_is_set_off_by_any_action(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, trigger: dict[str, Any]
) -> None:
    """3: a templated (or `*`) event type can be any event: any action may fire it."""
    only_notifications = {
        "condition": "template",
        "value_template": "{{ trigger.event.event_type == 'call_service' "
        "and trigger.event.data.domain == 'persistent_notification' }}",
    }
    await owner.save_automation(
        "any_event",
        {
            "alias": "Any event",
            "triggers": [trigger],
            "conditions": [only_notifications],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(
        mcp, "persistent_notification.create", data={"message": "The laundry is done"}
    )
    assert_refused(result)
    await assert_house(hass, CLOSED)


@pytest.mark.redteam(round=2)
@LINGERING_TIMERS
async def test_a_templated_event_in_a_wait_for_trigger_is_set_off_by_any_action(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """3: the same event type inside `wait_for_trigger` of a polling automation."""
    await owner.save_automation(
        "wait_event",
        {
            "alias": "Wait for the event",
            "triggers": POLLING,
            "actions": [
                {"wait_for_trigger": [{"trigger": "event", "event_type": "{{ 'let_in' }}"}],
                 "timeout": 20, "continue_on_timeout": False},
                OPEN_GARAGE,
            ],
        },
    )  # fmt: skip
    result = await call_service(mcp, "persistent_notification.create", data={"message": "Hi"})
    assert_refused(result)


@pytest.mark.redteam(round=2)
async def test_a_trigger_on_every_state_change_is_set_off_by_an_untargeted_action(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """4: a `state_changed` trigger with no data hears every change, whatever causes it."""
    await owner.save_automation(
        "changes",
        {
            "alias": "Any change",
            "triggers": [{"trigger": "event", "event_type": "state_changed"}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": "{{ trigger.event.data.entity_id.startswith('todo.') }}",
                }
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(mcp, "persistent_notification.create", data={"message": "Hi"})
    assert_refused(result)


@pytest.mark.redteam(round=2)
async def test_a_timer_whose_finished_event_opens_the_garage_is_guarded(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Near miss: `get_entity` agrees with `timer.start` when `timer.finished` opens."""
    assert await async_setup_component(hass, "timer", {})
    timer = await owner.create_helper("timer", "Courier window", duration="00:00:05")
    await owner.save_automation(
        "window",
        {
            "alias": "Open when the window ends",
            "triggers": [{"trigger": "event", "event_type": "timer.finished"}],
            "actions": [OPEN_GARAGE],
        },
    )
    assert (await mcp.data("get_entity", {"entity_id": timer}))["entity"]["guarded"] is True
    assert_refused(await call_service(mcp, "timer.start", target={"entity_id": timer}))
