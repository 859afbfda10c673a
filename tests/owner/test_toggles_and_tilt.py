"""A toggle goes where Home Assistant decides, and a door opens by its tilt too.

A valve stopped part way after closing is opened by `valve.toggle` or
`homeassistant.toggle`; a cover given the door device class is opened by its
tilt, through a scene's state or `cover.toggle_cover_tilt`. A light turned on
at zero brightness, by its action or a scene, goes off: what its turning off
sets off, this sets off.

A run that toggles an entity twice leaves it where the first toggle found
it: the present state counts for an entity only until a step of the same
run acts on it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from tests.conftest import McpHarness

from .house import (
    LOCKED,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    pass_time,
    state,
)

# -- a valve's toggle, a door's tilt ---------------------------------------------------


@pytest.mark.redteam(round=2)
async def test_toggling_a_valve_stopped_after_closing_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """1: a valve stopped part way after closing: Home Assistant's toggle opens it."""
    await owner.act("valve.set_valve_position", entity_id="valve.trees", position=20)
    for _ in range(5):
        pass_time(hass, freezer, timedelta(seconds=1))
        await hass.async_block_till_done()
    assert state(hass, "valve.trees") == "open"
    position = hass.states.get("valve.trees").attributes["current_position"]
    for action in ("valve.toggle", "homeassistant.toggle"):
        assert_refused(await call_service(mcp, action, target={"entity_id": "valve.trees"}))
    await hass.async_block_till_done()
    assert hass.states.get("valve.trees").attributes["current_position"] == position


@pytest.mark.redteam(round=2)
async def test_opening_a_door_s_tilt_by_a_scene_or_a_toggle_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """9: a cover given the device class door, its tilt opened by a scene state or a toggle."""
    registry = er.async_get(hass)
    registry.async_update_entity("cover.living_room_window", device_class="door")
    await hass.async_block_till_done()
    door = "cover.living_room_window"
    await owner.act("cover.close_cover_tilt", entity_id=door)
    for _ in range(12):  # The demo's tilt moves 10 per second.
        pass_time(hass, freezer, timedelta(seconds=1))
        await hass.async_block_till_done()
    assert hass.states.get(door).attributes.get("current_tilt_position") == 0
    entities = {door: {"state": "closed", "current_tilt_position": 100}}
    assert_refused(await call_service(mcp, "scene.apply", data={"entities": entities}))
    assert_refused(await call_service(mcp, "cover.toggle_cover_tilt", target={"entity_id": door}))
    await hass.async_block_till_done()
    assert hass.states.get(door).attributes.get("current_tilt_position") == 0


# -- moved from red-team round 31: a second toggle in one run --------------------------

TOGGLE_GARAGE = {"action": "cover.toggle", "target": {"entity_id": "cover.garage_door"}}


@pytest.mark.redteam(round=31)
async def test_a_second_toggle_is_judged_on_any_state(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's "blink the garage" with the garage open: the first toggle closes it, the second reopens it."""
    blink = await owner.save_script(
        "blink_garage", {"alias": "Blink the garage", "sequence": [TOGGLE_GARAGE, TOGGLE_GARAGE]}
    )
    await owner.save_automation(
        "garage_opened_kitchen",
        {
            "alias": "Garage opened: unlock the kitchen door",
            "triggers": [
                {
                    "trigger": "state",
                    "entity_id": "cover.garage_door",
                    "from": "closed",
                    "to": "open",
                }
            ],
            "actions": [{"action": "lock.unlock", "target": {"entity_id": "lock.kitchen_door"}}],
        },
    )
    await owner.act("cover.open_cover", entity_id="cover.garage_door")
    await owner.act("lock.lock", entity_id="lock.kitchen_door")
    await hass.async_block_till_done()
    assert hass.states.get("cover.garage_door").state == "open"  # type: ignore[union-attr]

    twice = await call_service(mcp, "script.turn_on", target={"entity_id": blink})
    once = await call_service(mcp, "cover.toggle", target={"entity_id": "cover.garage_door"})

    assert_refused(twice, reaching="lock.kitchen_door")
    assert_ran(once)  # One toggle of the open garage closes it.
    await assert_house(hass, {"lock.kitchen_door": "locked"})


# -- moved from red-team round 34: a light turned on at zero brightness goes off -------

CEILING = "light.ceiling_lights"


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


@pytest.mark.redteam(round=34)
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


@pytest.mark.redteam(round=34)
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
