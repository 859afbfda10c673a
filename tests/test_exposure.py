"""The option "Only what is exposed to Assist": an unexposed entity answers as a nonexistent one."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
import json
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import HomeAssistant
from homeassistant.helpers import device_registry as dr, entity_registry as er

from .conftest import McpHarness, call_service, entity_state, set_options

HIDDEN = ("lock.front_door", "light.kitchen_lights", "sensor.outside_temperature")


async def _expose_all_but_hidden(hass: HomeAssistant) -> None:
    for entity_id in hass.states.async_entity_ids():
        async_expose_entity(hass, "conversation", entity_id, entity_id not in HIDDEN)


async def test_off_by_default_the_whole_house_answers(mcp: McpHarness, hass: HomeAssistant) -> None:
    await _expose_all_but_hidden(hass)
    found = await mcp.data("get_entity", {"entity_id": "lock.front_door"})
    assert found["ok"] is True


async def test_on_an_unexposed_entity_is_not_there(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    await _expose_all_but_hidden(hass)
    await set_options(hass, home_mcp, exposed_only=True)

    missing = await mcp.data("get_entity", {"entity_id": "lock.front_door"})
    nowhere = await mcp.data("get_entity", {"entity_id": "lock.no_such_lock"})
    assert missing["error"] == nowhere["error"] == "not_found"
    listed = await mcp.data("list_entities", {"domain": "lock"})
    assert "lock.front_door" not in {row["entity_id"] for row in listed["items"]}
    assert "lock.kitchen_door" in {row["entity_id"] for row in listed["items"]}
    searched = await mcp.data("list_entities", {"query": "kitchen lights"})
    assert "light.kitchen_lights" not in {row["entity_id"] for row in searched["items"]}
    overview = await mcp.data("home_overview")
    assert "lock.front_door" not in str(overview)

    # Acting on it: as on an entity that does not exist; nothing moves.
    refused = await call_service(mcp, "light", "turn_off", {"entity_id": "light.kitchen_lights"})
    assert refused["error"] == "not_found"
    assert entity_state(hass, "light.kitchen_lights") == "on"
    # An area reaches only its exposed entities.
    await call_service(mcp, "light", "turn_off", {"entity_id": "all"})
    assert entity_state(hass, "light.kitchen_lights") == "on"
    assert entity_state(hass, "light.bed_light") == "off"
    assert entity_state(hass, "light.ceiling_lights") == "off"

    entry = er.async_get(hass).async_get("light.kitchen_lights")
    assert entry is not None and entry.device_id is not None
    device = dr.async_get(hass).async_get(entry.device_id)
    assert device is not None and device.area_id is not None
    async with mcp.client() as client:
        read = await client.read_resource(f"ha://area/{device.area_id}")
    assert "kitchen_lights" not in str(read)  # The room, without what is not exposed.


async def test_on_an_unexposed_scripts_own_action_is_not_there(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """`script.<key>` acts on its script: unexposed, the action answers as one that does not exist."""
    for entity_id in hass.states.async_entity_ids():
        async_expose_entity(hass, "conversation", entity_id, entity_id != "script.bedtime")
    await set_options(hass, home_mcp, exposed_only=True)
    await hass.services.async_call("light", "turn_on", {"entity_id": "light.bed_light"}, True)

    hidden = await call_service(mcp, "script", "bedtime", None)
    listed = await mcp.data("list_services", {"domain": "script", "limit": 100})

    assert hidden["error"] == "service_not_found", hidden
    assert "bedtime" not in hidden.get("available", [])
    assert entity_state(hass, "light.bed_light") == "on"
    names = {row["service"] for row in listed["items"]}
    assert "bedtime" not in names
    assert {"good_night", "turn_on", "turn_off"} <= names


async def test_on_templates_configurations_and_scene_states_hide_the_unexposed(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """Red team, round 28: what reached unexposed entities with the option on."""
    await _expose_all_but_hidden(hass)
    async_expose_entity(hass, "conversation", "script.bedtime", False)
    await set_options(hass, home_mcp, exposed_only=True)
    before = entity_state(hass, "light.kitchen_lights")

    rendered = await mcp.data("render_template", {"template": "{{ states('lock.front_door') }}"})
    scripts = await mcp.data("get_config", {"kind": "script"})
    hidden_script = await mcp.data("get_config", {"kind": "script", "id": "bedtime"})
    applied = await call_service(
        mcp, "scene", "apply", None, {"entities": {"light.kitchen_lights": "off"}}
    )
    written = await mcp.data(
        "save_config",
        {
            "kind": "script",
            "config": {
                "alias": "Kitchen off",
                "sequence": [
                    {"action": "light.turn_off", "target": {"entity_id": "light.kitchen_lights"}}
                ],
            },
        },
    )

    assert rendered["error"] == "not_available", rendered
    assert "script.bedtime" not in {row["entity_id"] for row in scripts["items"]}
    assert "script.good_night" in {row["entity_id"] for row in scripts["items"]}
    assert hidden_script["error"] == "not_found", hidden_script
    assert applied["error"] == "not_found", applied
    assert entity_state(hass, "light.kitchen_lights") == before
    assert written["error"] == "unknown_references", written
    assert "light.kitchen_lights" not in written["warnings"][0].get("close_matches", [])
    assert hass.states.get("script.kitchen_off") is None
    # What is exposed still applies.
    shown = await call_service(mcp, "scene", "apply", None, {"entities": {"light.bed_light": "on"}})
    assert shown["ok"] is True, shown


UNSEEN = "an entity you cannot see"
BEHIND = ("lock.front_door", "light.ceiling_lights")
"""Unexposed, and reached through exposed scripts and scenes."""
BEHIND_NAMES = ("Front Door", "Ceiling Lights")


async def _list_services(mcp: McpHarness) -> dict[str, Any]:
    return await mcp.data("list_services", {"domain": "script", "limit": 100})


async def _refusal(mcp: McpHarness) -> dict[str, Any]:
    return await call_service(mcp, "script", "turn_on", {"entity_id": "script.welcome_home"})


async def _confirmation(mcp: McpHarness) -> dict[str, Any]:
    refused = await _refusal(mcp)
    return await mcp.data("get_confirmation", {"confirmation_id": refused["confirmation_id"]})


async def _confirmation_resource(mcp: McpHarness) -> dict[str, Any]:
    refused = await _refusal(mcp)
    async with mcp.client() as client:
        read = await client.read_resource(f"ha://confirmation/{refused['confirmation_id']}")
    return {"contents": [content.model_dump(mode="json") for content in read.contents]}


async def _dry_run(mcp: McpHarness) -> dict[str, Any]:
    return await mcp.data("run_macro", {"phrase": "Welcome home", "dry_run": True})


async def _completed(mcp: McpHarness) -> dict[str, Any]:
    return await call_service(mcp, "script", "turn_on", {"entity_id": "script.good_night"})


async def _scene(mcp: McpHarness) -> dict[str, Any]:
    return await mcp.data("get_entity", {"entity_id": "scene.open_house"})


async def _config_write(mcp: McpHarness) -> dict[str, Any]:
    config = {"alias": "Let them in", "sequence": [{"action": "script.unlock_front"}]}
    return await mcp.data("save_config", {"kind": "script", "config": config})


SURFACES = {
    "list_services (why)": (_list_services, True),
    "refusal (targets, where)": (_refusal, True),
    "get_confirmation (summary, targets)": (_confirmation, True),
    "ha://confirmation resource": (_confirmation_resource, True),
    "run_macro dry_run (would_do)": (_dry_run, True),
    "a completed action's states": (_completed, False),
    "get_entity (a scene's entities)": (_scene, True),
    "a configuration write's refusal": (_config_write, True),
}


@pytest.mark.parametrize(("answer", "named"), SURFACES.values(), ids=list(SURFACES))
async def test_on_what_an_exposed_entity_sets_off_is_told_without_naming_the_unexposed(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    answer: Callable[[McpHarness], Awaitable[dict[str, Any]]],
    named: bool,
) -> None:
    """Risk explanations, refusals and outcomes name only what the caller may see (issue 32).

    The exposed "Welcome home" unlocks the unexposed front door; "Good
    night" turns off the unexposed ceiling lights; the exposed "Open
    house" scene unlocks the front door. The gate still judges all of it,
    and says so, as "an entity you cannot see".
    """
    for entity_id in hass.states.async_entity_ids():
        async_expose_entity(hass, "conversation", entity_id, entity_id not in BEHIND)
    await set_options(hass, home_mcp, exposed_only=True)

    text = json.dumps(await answer(mcp), ensure_ascii=False)

    for hidden in (*BEHIND, *BEHIND_NAMES):
        assert hidden not in text, hidden
    assert (UNSEEN in text) is named, text
    assert entity_state(hass, "lock.front_door") == "locked"
