"""The gate, end to end: a real MCP client asks, Home Assistant's states tell.

Every case is checked by the entity's state in Home Assistant after the call,
never by the tool's word alone.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.helpers import area_registry as ar

from .conftest import McpHarness, call_service as _call, entity_state as _state


def _assert_refused(result: dict[str, Any], risk: str = "opens_house") -> None:
    assert result["ok"] is False, result
    assert result["refused"] is True
    assert result["error"] == "needs_confirmation"
    assert result["risk"] == risk
    assert "retry" in result and "why" in result and "where" in result


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_unlock_front_door_refused(mcp: McpHarness, hass: HomeAssistant, mode: str) -> None:
    """lock.unlock on the front door is refused in both protocol eras."""
    result = await _call(mcp, "lock", "unlock", {"entity_id": "lock.front_door"}, mode=mode)
    _assert_refused(result)
    assert [t["entity_id"] for t in result["targets"]] == ["lock.front_door"], result
    await hass.async_block_till_done()
    assert _state(hass, "lock.front_door") == "locked"


async def test_lock_kitchen_door_runs(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Securing actions always run, and the result reports the new state."""
    assert _state(hass, "lock.kitchen_door") == "unlocked"
    result = await _call(mcp, "lock", "lock", {"entity_id": "lock.kitchen_door"})
    assert result["ok"] is True, result
    assert _state(hass, "lock.kitchen_door") == "locked"
    [row] = result["states"]
    assert row == {
        **row,
        "entity_id": "lock.kitchen_door",
        "state": "locked",
        "state_before": "unlocked",
        "changed": True,
        "reached": True,
    }


async def test_lock_that_jams_reports_jammed(mcp: McpHarness, hass: HomeAssistant) -> None:
    """A lock that jams says so: never a bare ok."""
    result = await _call(mcp, "lock", "lock", {"entity_id": "lock.poorly_installed_door"})
    assert _state(hass, "lock.poorly_installed_door") == "jammed"
    assert result["ok"] is True
    [row] = result["states"]
    assert row["state"] == "jammed"
    assert row["reached"] is False
    assert "jammed" in result["warning"]


async def test_garage_open_refused_window_runs(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Opening the garage door is guarded; opening a window is not."""
    result = await _call(mcp, "cover", "open_cover", {"entity_id": "cover.garage_door"})
    _assert_refused(result)
    assert _state(hass, "cover.garage_door") == "closed"

    assert _state(hass, "cover.kitchen_window") == "closed"
    result = await _call(mcp, "cover", "open_cover", {"entity_id": "cover.kitchen_window"})
    assert result["ok"] is True, result
    assert _state(hass, "cover.kitchen_window") in ("opening", "open")


async def test_toggle_garage_door_depends_on_state(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Toggling a closed garage door opens it (refused); an open one closes (runs)."""
    result = await _call(mcp, "cover", "toggle", {"entity_id": "cover.garage_door"})
    _assert_refused(result)
    assert _state(hass, "cover.garage_door") == "closed"

    # A person opens it in Home Assistant; toggling it now closes it.
    await hass.services.async_call(
        "cover", "open_cover", {"entity_id": "cover.garage_door"}, blocking=True
    )
    assert _state(hass, "cover.garage_door") == "open"
    result = await _call(mcp, "cover", "toggle", {"entity_id": "cover.garage_door"})
    assert result["ok"] is True, result
    assert _state(hass, "cover.garage_door") in ("closing", "closed"), result


async def test_homeassistant_toggle_on_garage_refused(mcp: McpHarness, hass: HomeAssistant) -> None:
    """The generic toggle reaches the cover: judged like cover.toggle."""
    result = await _call(mcp, "homeassistant", "toggle", {"entity_id": "cover.garage_door"})
    _assert_refused(result)
    assert _state(hass, "cover.garage_door") == "closed"


async def test_valve_open_refused(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Opening any valve is guarded; closing one runs."""
    result = await _call(mcp, "valve", "open_valve", {"entity_id": "valve.orchard"})
    _assert_refused(result)
    assert _state(hass, "valve.orchard") == "closed"

    result = await _call(mcp, "valve", "close_valve", {"entity_id": "valve.front_garden"})
    assert result["ok"] is True, result
    assert _state(hass, "valve.front_garden") in ("closing", "closed")


# The demo's manual alarm keeps its arming timer after a disarm.
@pytest.mark.parametrize("expected_lingering_timers", [True])
async def test_alarm_disarm_refused_arm_runs(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Disarming is guarded, arming always runs."""
    result = await _call(
        mcp,
        "alarm_control_panel",
        "alarm_arm_away",
        {"entity_id": "alarm_control_panel.security"},
        {"code": "1234"},
    )
    assert result["ok"] is True, result
    assert _state(hass, "alarm_control_panel.security") in ("arming", "armed_away")

    result = await _call(
        mcp,
        "alarm_control_panel",
        "alarm_disarm",
        {"entity_id": "alarm_control_panel.security"},
        {"code": "1234"},
    )
    _assert_refused(result)
    assert _state(hass, "alarm_control_panel.security") in ("arming", "armed_away")
    # A person disarms it in Home Assistant.
    await hass.services.async_call(
        "alarm_control_panel",
        "alarm_disarm",
        {"entity_id": "alarm_control_panel.security", "code": "1234"},
        blocking=True,
    )
    assert _state(hass, "alarm_control_panel.security") == "disarmed"


async def test_area_with_garage_refused_as_a_whole(mcp: McpHarness, hass: HomeAssistant) -> None:
    """An area target containing the garage door: nothing in the room moves."""
    window_before = hass.states.get("cover.hall_window")
    area_id = next(a.id for a in ar.async_get(hass).async_list_areas() if a.name == "Garage")
    result = await _call(mcp, "cover", "open_cover", {"area_id": area_id})
    _assert_refused(result)
    assert [t["entity_id"] for t in result["targets"]] == ["cover.garage_door"]
    await hass.async_block_till_done()
    assert _state(hass, "cover.garage_door") == "closed"
    # The window in the same room did not move either.
    assert hass.states.get("cover.hall_window") == window_before


async def test_floor_with_garage_refused_nothing_moves(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A floor target reaching the garage and windows: nothing moves."""
    before = {e: hass.states.get(e) for e in ("cover.hall_window", "cover.living_room_window")}
    result = await _call(mcp, "cover", "open_cover", {"floor_id": "ground_floor"})
    _assert_refused(result)
    await hass.async_block_till_done()
    assert _state(hass, "cover.garage_door") == "closed"
    assert {e: hass.states.get(e) for e in before} == before


@pytest.mark.parametrize("everything", [["all"], [" ALL "], "all"])
async def test_all_covers_refused(
    mcp: McpHarness, hass: HomeAssistant, everything: list[str] | str
) -> None:
    """entity_id: ["all"] (or the string all) reaches the garage door: refused, nothing moves."""
    result = await _call(mcp, "cover", "open_cover", {"entity_id": everything})
    _assert_refused(result)
    assert _state(hass, "cover.garage_door") == "closed"
    assert _state(hass, "cover.kitchen_window") == "closed"


async def test_target_in_data_is_judged(mcp: McpHarness, hass: HomeAssistant) -> None:
    """entity_id inside data is a target too, as it is for Home Assistant."""
    for data in (
        {"entity_id": "lock.front_door"},
        {"entity_id": " LOCK.Front_Door "},  # Home Assistant lowercases ids
        {"entity_id": "light.bed_light, lock.front_door"},
        {"device_id": [], "entity_id": ["lock.front_door"]},
    ):
        result = await _call(mcp, "lock", "unlock", data=data)
        _assert_refused(result)
    assert _state(hass, "lock.front_door") == "locked"


async def test_script_calling_unlocking_script_refused(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A script that calls a script that unlocks is guarded, by any route."""
    for domain, service, target in (
        ("script", "welcome_home", None),
        ("script", "turn_on", {"entity_id": "script.welcome_home"}),
        ("homeassistant", "turn_on", {"entity_id": "script.welcome_home"}),
    ):
        result = await _call(mcp, domain, service, target)
        _assert_refused(result)
        assert result["targets"][0]["via"] == ["script.welcome_home", "script.unlock_front"]
    await hass.async_block_till_done()
    assert _state(hass, "lock.front_door") == "locked"
    assert _state(hass, "light.entrance_color_white_lights") == "on"  # nothing ran at all


async def test_templated_script_refused_as_unknown(mcp: McpHarness, hass: HomeAssistant) -> None:
    """A templated action name cannot be judged statically: guarded."""
    result = await _call(mcp, "script", "dynamic")
    _assert_refused(result, risk="unknown")
    await hass.async_block_till_done()
    assert _state(hass, "lock.front_door") == "locked"


async def test_every_branch_is_judged(mcp: McpHarness, hass: HomeAssistant) -> None:
    """A choose whose default opens the garage is guarded even if it would not run."""
    result = await _call(mcp, "script", "choose_branch")
    _assert_refused(result)
    assert _state(hass, "cover.garage_door") == "closed"


async def test_scene_that_unlocks_refused(mcp: McpHarness, hass: HomeAssistant) -> None:
    """A scene that sets a lock to unlocked is guarded: run_macro and scene.turn_on."""
    result = await mcp.data("run_macro", {"phrase": "Open house"})
    _assert_refused(result)
    assert result["macro"]["entity_id"] == "scene.open_house"
    result = await _call(mcp, "scene", "turn_on", {"entity_id": "scene.open_house"})
    _assert_refused(result)
    result = await _call(mcp, "scene", "apply", data={"entities": {"lock.front_door": "unlocked"}})
    _assert_refused(result)
    await hass.async_block_till_done()
    assert _state(hass, "lock.front_door") == "locked"


async def test_securing_scene_runs(mcp: McpHarness, hass: HomeAssistant) -> None:
    """A scene that locks and closes only secures the house: it runs."""
    await _call(mcp, "lock", "lock", {"entity_id": "lock.kitchen_door"})
    result = await mcp.data("run_macro", {"phrase": "lock up"})
    assert result["ok"] is True, result
    assert result["macro"]["entity_id"] == "scene.lock_up"
    assert {row["entity_id"] for row in result["states"]} >= {
        "lock.front_door",
        "cover.garage_door",
    }


async def test_good_night_script_runs(mcp: McpHarness, hass: HomeAssistant) -> None:
    """A script that locks and switches off runs and reports the states."""
    result = await mcp.data("run_macro", {"phrase": "good night"})
    assert result["ok"] is True, result
    assert _state(hass, "lock.kitchen_door") == "locked"
    assert _state(hass, "light.ceiling_lights") == "off"
    states = {row["entity_id"]: row["state"] for row in result["states"]}
    assert states["lock.kitchen_door"] == "locked"


async def test_system_and_unknown_services_refused(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Restarting Home Assistant and Assist's free text are guarded."""
    result = await _call(mcp, "homeassistant", "restart")
    _assert_refused(result, risk="system")
    assert hass.state.value == "RUNNING"


async def test_unknown_service_names_real_services(mcp: McpHarness) -> None:
    """A service that does not exist: a clear error with the domain's real ones."""
    result = await _call(mcp, "lock", "unlatch", {"entity_id": "lock.front_door"})
    assert result["error"] == "service_not_found"
    assert set(result["available"]) == {"lock", "unlock", "open"}
    result = await _call(mcp, "lokc", "unlock", {"entity_id": "lock.front_door"})
    assert result["error"] == "service_not_found"
    assert "lock" in result["similar"]


async def test_missing_target_is_an_error(mcp: McpHarness) -> None:
    """A target that does not exist is named, and nothing is called."""
    result = await _call(
        mcp, "light", "turn_on", {"entity_id": "light.nowhere", "area_id": "attic"}
    )
    assert result["error"] == "not_found"
    assert result["missing"] == {"entity_id": ["light.nowhere"], "area_id": ["attic"]}


async def test_one_id_as_a_string_is_read_as_a_list_of_one(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The schema says a list of ids; one id, or ids with commas, as a string still work."""
    result = await _call(mcp, "light", "turn_off", {"entity_id": "light.bed_light"})
    assert result["ok"] is True, result
    assert _state(hass, "light.bed_light") == "off"
    result = await _call(
        mcp, "light", "turn_on", {"entity_id": "light.bed_light, light.kitchen_lights"}
    )
    assert result["ok"] is True, result
    assert _state(hass, "light.bed_light") == _state(hass, "light.kitchen_lights") == "on"


@pytest.mark.parametrize("ids", [1, [1], [["light.bed_light"]], {"id": "light.bed_light"}])
async def test_ids_of_another_type_are_refused(
    mcp: McpHarness, hass: HomeAssistant, ids: Any
) -> None:
    """Strict as before: only strings are ids, and nothing runs."""
    before = _state(hass, "light.bed_light")
    result = await _call(mcp, "light", "toggle", {"entity_id": ids})
    assert result["error"] == "invalid_arguments", result
    assert result["problems"][0]["field"].startswith("target.entity_id")
    assert _state(hass, "light.bed_light") == before


async def test_light_in_area_with_lock_runs(mcp: McpHarness, hass: HomeAssistant) -> None:
    """A light action on a room is not held up by other kinds of entity in it."""
    result = await _call(mcp, "light", "turn_off", {"floor_id": "ground_floor"})
    assert result["ok"] is True, result
    assert _state(hass, "light.living_room_rgbww_lights") == "off"
