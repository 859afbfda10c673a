"""Home MCP writes helpers through the Helpers page's own commands, as the calling user."""

from __future__ import annotations

from typing import Any

import pytest

from custom_components.home_mcp.configs.helpers import HelperEditor, HelperError, HelperKind
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component

from .house import Owner


async def test_a_helper_is_made_where_the_helpers_page_keeps_it(
    hass: HomeAssistant, owner: Owner, hass_admin_user: Any
) -> None:
    editor = HelperEditor(hass, hass_admin_user)
    item = await editor.async_create(HelperKind.INPUT_BOOLEAN, {"name": "Guest mode"})
    await hass.async_block_till_done()
    entity_id = f"input_boolean.{item['id']}"
    state = hass.states.get(entity_id)
    assert state is not None and state.attributes["friendly_name"] == "Guest mode"
    # The Helpers page lists it, and edits it with its own command.
    listed = await owner.ws_command({"type": "input_boolean/list"})
    assert item in listed
    await owner.ws_command(
        {"type": "input_boolean/update", "input_boolean_id": item["id"], "name": "Guests"}
    )
    assert (await editor.async_list(HelperKind.INPUT_BOOLEAN))[-1]["name"] == "Guests"
    updated = await editor.async_update(
        HelperKind.INPUT_BOOLEAN, item["id"], {"name": "Guest mode", "icon": "mdi:account"}
    )
    assert updated["icon"] == "mdi:account"
    await editor.async_delete(HelperKind.INPUT_BOOLEAN, item["id"])
    await hass.async_block_till_done()
    assert hass.states.get(entity_id) is None


async def test_a_timer_keeps_its_duration(
    hass: HomeAssistant, owner: Owner, hass_admin_user: Any
) -> None:
    assert await async_setup_component(hass, "timer", {})
    item = await HelperEditor(hass, hass_admin_user).async_create(
        HelperKind.TIMER, {"name": "Porch light", "duration": "00:05:00"}
    )
    await hass.async_block_till_done()
    state = hass.states.get(f"timer.{item['id']}")
    assert state is not None and state.attributes["duration"] == "0:05:00"


async def test_what_the_helper_refuses_is_not_made(
    hass: HomeAssistant, owner: Owner, hass_admin_user: Any, hass_read_only_user: Any
) -> None:
    before = hass.states.async_entity_ids("input_boolean")
    with pytest.raises(HelperError) as refused:
        await HelperEditor(hass, hass_admin_user).async_create(HelperKind.INPUT_BOOLEAN, {})
    assert refused.value.code == "invalid_format"
    with pytest.raises(HelperError) as refused:
        await HelperEditor(hass, hass_read_only_user).async_create(
            HelperKind.INPUT_BOOLEAN, {"name": "Sneaky"}
        )
    assert refused.value.code == "unauthorized"
    with pytest.raises(HelperError) as refused:
        await HelperEditor(hass, hass_admin_user).async_delete(HelperKind.INPUT_BOOLEAN, "nope")
    assert refused.value.code == "not_found"
    await hass.async_block_till_done()
    assert hass.states.async_entity_ids("input_boolean") == before
