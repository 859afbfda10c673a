"""Red team, round 19: what a securing automation is doing now.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 18's fixes.
Nothing opened. Weakenings: an auto-lock whose trigger waits for guest mode
(or the kitchen lights) to stay off 15 s, its wait cut short by the client
turning guest mode on again, so it never locks; an auto-lock in `restart`
mode, 15 s after the last light goes off, whose delay the client started
over and over by turning the light on and off again. Both are judged on
what the house is doing at that moment: while the `for:` waits, or the
`restart` run runs; otherwise the light is the client's to turn on.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import LINGERING_TIMERS, Owner, assert_ran, assert_refused, call_service, pass_time

LOCK_FRONT = {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}


@LINGERING_TIMERS
async def test_ending_an_auto_locks_wait_for_guest_mode_off_needs_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    guests = await owner.create_helper("input_boolean", "Guest mode", initial=True)
    automation = await owner.save_automation(
        "guests_left",
        {
            "alias": "Lock when guests leave",
            "triggers": [
                {"trigger": "state", "entity_id": guests, "to": "off", "for": {"seconds": 15}}
            ],
            "actions": [LOCK_FRONT],
        },
    )
    # Free while nothing waits: guest mode is on.
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests}))
    await owner.act("lock.unlock", entity_id="lock.front_door")
    await owner.act("input_boolean.turn_off", entity_id=guests)  # The guests leave.
    pass_time(hass, freezer, timedelta(seconds=4))
    await hass.async_block_till_done()

    back_on = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests})

    assert_refused(back_on, reaching=automation)
    pass_time(hass, freezer, timedelta(seconds=15))
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"  # type: ignore[union-attr]
    # Once it has fired, guest mode is the client's again.
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests}))


@LINGERING_TIMERS
async def test_starting_a_restart_auto_locks_delay_over_needs_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    light = "light.ceiling_lights"
    automation = await owner.save_automation(
        "last_light",
        {
            "alias": "Lock after the last light goes off",
            "mode": "restart",
            "triggers": [{"trigger": "state", "entity_id": light, "to": "off"}],
            "actions": [{"delay": {"seconds": 15}}, LOCK_FRONT],
        },
    )
    await owner.act("light.turn_on", entity_id=light)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    # Free while it does not run: it starts its 15 s.
    assert_ran(await call_service(mcp, "light.turn_off", target={"entity_id": light}))
    assert hass.states.get(automation).attributes["current"] == 1  # type: ignore[union-attr]

    # Turning the light on fires nothing; turning it off again starts the delay over.
    assert_ran(await call_service(mcp, "light.turn_on", target={"entity_id": light}))
    again = await call_service(mcp, "light.turn_off", target={"entity_id": light})

    assert_refused(again, reaching=automation)
    assert hass.states.get(light).state == "on"  # type: ignore[union-attr]


@LINGERING_TIMERS
@pytest.mark.parametrize("how", ["set_value", "scene.apply"])
async def test_ending_an_auto_locks_wait_for_nobody_home_needs_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, how: str
) -> None:
    """A `numeric_state` wait, ended by a service call or by a scene's states."""
    assert await async_setup_component(hass, "input_number", {})
    people = await owner.create_helper(
        "input_number", "People home", min=0, max=10, step=1, initial=2, mode="box"
    )
    automation = await owner.save_automation(
        "nobody_home",
        {
            "alias": "Lock when nobody is home",
            "triggers": [
                {
                    "trigger": "numeric_state",
                    "entity_id": people,
                    "below": 1,
                    "for": {"seconds": 15},
                }
            ],
            "actions": [LOCK_FRONT],
        },
    )
    await owner.act("input_number.set_value", entity_id=people, value=0)  # Everyone left.

    if how == "set_value":
        back = await call_service(
            mcp, "input_number.set_value", target={"entity_id": people}, data={"value": 1}
        )
    else:
        back = await call_service(mcp, "scene.apply", data={"entities": {people: "1"}})

    assert_refused(back, reaching=automation)
    assert hass.states.get(people).state == "0.0"  # type: ignore[union-attr]


@LINGERING_TIMERS
async def test_a_written_automation_that_ends_the_wait_needs_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    guests = await owner.create_helper("input_boolean", "Guest mode", initial=True)
    await owner.save_automation(
        "guests_left",
        {
            "alias": "Lock when guests leave",
            "triggers": [
                {"trigger": "state", "entity_id": guests, "to": "off", "for": {"seconds": 15}}
            ],
            "actions": [LOCK_FRONT],
        },
    )
    keep_on: dict[str, Any] = {
        "alias": "Keep guest mode while guests stay",
        "triggers": [{"trigger": "state", "entity_id": guests, "to": "off"}],
        "actions": [
            {"delay": {"seconds": 3}},
            {"action": "input_boolean.turn_on", "target": {"entity_id": guests}},
        ],
    }

    written = await mcp.data("save_config", {"kind": "automation", "config": keep_on})

    assert_refused(written)
    assert hass.states.get("automation.keep_guest_mode_while_guests_stay") is None
