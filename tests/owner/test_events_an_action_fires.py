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

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    CLOSED,
    LINGERING_TIMERS,
    LOCKED,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_refused,
    call_service,
)

# -- an integration's event, a run's event ---------------------------------------------


@pytest.mark.redteam(1)
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
@pytest.mark.redteam(1)
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
