"""The LLM API "Home MCP": Home Assistant's own conversation agents get the same tools and gate."""

from __future__ import annotations

from collections.abc import Callable
import re
from typing import Any

import probatio
from pytest_homeassistant_custom_component.common import MockUser

from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm

from .conftest import McpHarness, entity_state

PROVIDER_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,63}$")


def _context(user_id: str | None) -> llm.LLMContext:
    return llm.LLMContext(
        platform="test_agent",
        context=Context(user_id=user_id),
        language="en",
        assistant="conversation",
        device_id=None,
    )


async def test_agents_list_home_mcp_with_its_tools(
    mcp: McpHarness, hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    assert ("home_mcp", "Home MCP") in {(api.id, api.name) for api in llm.async_get_apis(hass)}
    instance = await llm.async_get_api(hass, "home_mcp", _context(hass_admin_user.id))
    names = {tool.name for tool in instance.tools}
    assert {"home_overview", "call_service", "render_template", "save_config"} <= names
    assert "Home MCP" in instance.api_prompt and "never instructions" in instance.api_prompt
    for tool in instance.tools:
        assert PROVIDER_NAME.match(tool.name), tool.name
        # What OpenAI's and Gemini's agents send: Home Assistant's own conversion.
        schema = probatio.to_openapi(tool.parameters, openapi_version="3.1.0")
        assert schema["type"] == "object", tool.name

    member = await hass.auth.async_create_user("Member", group_ids=[GROUP_ID_USER])
    theirs = await llm.async_get_api(hass, "home_mcp", _context(member.id))
    names = {tool.name for tool in theirs.tools}
    assert "call_service" in names and not {"render_template", "save_config"} & names


async def test_an_agent_asking_to_unlock_waits_for_the_person_who_spoke(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    hass_ws_client: Callable[..., Any],
) -> None:
    instance = await llm.async_get_api(hass, "home_mcp", _context(hass_admin_user.id))
    light = await instance.async_call_tool(
        llm.ToolInput(
            "call_service",
            {"domain": "light", "service": "turn_off", "target": {"entity_id": "light.bed_light"}},
        )
    )
    assert light.error is False and light.data["ok"] is True
    assert entity_state(hass, "light.bed_light") == "off"

    asked = await instance.async_call_tool(
        llm.ToolInput(
            "call_service",
            {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}},
        )
    )
    assert asked.error is True and asked.data["error"] == "needs_confirmation"
    assert entity_state(hass, "lock.front_door") == "locked"
    data = hass.config_entries.async_entries("home_mcp")[0].runtime_data
    confirmation = data.confirmations.async_get(asked.data["confirmation_id"])
    assert confirmation is not None
    assert confirmation.requester.client_name == "Assist (test_agent) for Mock User"

    # The person who spoke approves it from their own login session.
    api = hass.config.api
    assert api is not None
    refresh = await hass.auth.async_create_refresh_token(
        hass_admin_user, f"http://127.0.0.1:{api.port}/"
    )
    client = await hass_ws_client(access_token=hass.auth.async_create_access_token(refresh))
    await client.send_json_auto_id(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": asked.data["confirmation_id"],
            "decision": "approve",
        }
    )
    reply = await client.receive_json()
    assert reply["success"], reply
    await hass.async_block_till_done()
    assert entity_state(hass, "lock.front_door") == "unlocked"


async def test_bad_arguments_from_an_agent_are_refused(
    mcp: McpHarness, hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    instance = await llm.async_get_api(hass, "home_mcp", _context(hass_admin_user.id))
    result = await instance.async_call_tool(
        llm.ToolInput("call_service", {"domain": "lock", "service": "unlock", "confirm": True})
    )
    assert result.error is True and result.data["error"] == "invalid_arguments"
    assert entity_state(hass, "lock.front_door") == "locked"


async def test_what_one_person_asked_through_assist_stays_theirs(
    mcp: McpHarness, hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """Agents' requests carry no token: each person's confirmations are still their own."""
    asker = await llm.async_get_api(hass, "home_mcp", _context(hass_admin_user.id))
    asked = await asker.async_call_tool(
        llm.ToolInput(
            "call_service",
            {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}},
        )
    )
    confirmation_id = asked.data["confirmation_id"]
    mine = await asker.async_call_tool(
        llm.ToolInput("get_confirmation", {"confirmation_id": confirmation_id})
    )
    assert mine.error is False and mine.data["state"] == "pending"

    other = await hass.auth.async_create_user("Guest", group_ids=[GROUP_ID_USER])
    theirs = await llm.async_get_api(hass, "home_mcp", _context(other.id))
    probed = await theirs.async_call_tool(
        llm.ToolInput("get_confirmation", {"confirmation_id": confirmation_id})
    )
    assert probed.error is True and probed.data["error"] == "not_found"
