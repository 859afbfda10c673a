"""A toggle goes where Home Assistant decides, and a door opens by its tilt too.

A valve stopped part way after closing is opened by `valve.toggle` or
`homeassistant.toggle`; a cover given the door device class is opened by its
tilt, through a scene's state or `cover.toggle_cover_tilt`.
"""

from __future__ import annotations

from datetime import timedelta

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from tests.conftest import McpHarness

from .house import Owner, assert_refused, call_service, pass_time, state

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
