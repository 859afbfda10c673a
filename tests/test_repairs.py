"""Repairs: raised when Home MCP sees the problem, gone once it is fixed."""

from __future__ import annotations

from typing import Any

from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.home_mcp.caller import Caller
from custom_components.home_mcp.repairs import async_note_request
from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir

from .conftest import McpHarness, long_lived_token


def _issues(hass: HomeAssistant) -> dict[str, ir.IssueEntry]:
    return {
        issue_id: issue
        for (domain, issue_id), issue in ir.async_get(hass).issues.items()
        if domain == "home_mcp"
    }


async def test_core_mcp_server_on_api_mcp_is_a_repair(hass: HomeAssistant) -> None:
    core = MockConfigEntry(domain="mcp_server", data={})
    core.add_to_hass(hass)
    entry = MockConfigEntry(domain="home_mcp", data={})
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    issue = _issues(hass)["mcp_path_taken"]
    assert issue.translation_placeholders == {"mcp": "/api/mcp", "home_mcp": "/api/home_mcp"}


async def test_no_repair_when_api_mcp_is_ours(mcp: McpHarness, hass: HomeAssistant) -> None:
    assert "mcp_path_taken" not in _issues(hass)


async def test_an_administrators_long_lived_token_is_a_repair_until_deleted(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_admin_user: MockUser,
) -> None:
    await mcp.data("home_overview")  # The login session: no repair.
    member = await hass.auth.async_create_user("Member", group_ids=[GROUP_ID_USER])
    async with mcp.client(token=await long_lived_token(hass, member)) as client:
        await client.list_tools()
    _, key = home_mcp.runtime_data.keys.async_create("Tablet", "control")
    async with mcp.client(token=key) as client:
        await client.list_tools()
    assert not [i for i in _issues(hass) if i.startswith("admin_long_lived_token")]

    token = await long_lived_token(hass, hass_admin_user, "Claude Desktop")
    async with mcp.client(token=token) as client:
        await client.list_tools()
    [(issue_id, issue)] = [
        (i, issue) for i, issue in _issues(hass).items() if i.startswith("admin_long_lived_token")
    ]
    assert issue.translation_placeholders == {"token": "Claude Desktop", "user": "Mock User"}

    refresh = hass.auth.async_validate_access_token(token)
    assert refresh is not None
    hass.auth.async_remove_refresh_token(refresh)
    assert await hass.config_entries.async_reload(home_mcp.entry_id)
    assert issue_id not in _issues(hass)


async def test_clients_from_the_internet_need_a_public_https_url(
    mcp: McpHarness, hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    caller = Caller(user=hass_admin_user, refresh_token_id=None, credential_name="login")
    await hass.config.async_update(external_url=None)
    async_note_request(hass, caller, "192.168.1.20")  # At home: nothing to say.
    assert "external_url_missing" not in _issues(hass)
    async_note_request(hass, caller, "203.0.113.7")
    assert "external_url_missing" not in _issues(hass)  # A documentation address.
    async_note_request(hass, caller, "8.8.8.8")
    assert "external_url_missing" in _issues(hass)

    await hass.config.async_update(external_url="https://home.example.com:8123")
    await hass.async_block_till_done()
    async_note_request(hass, caller, "8.8.8.8")
    issues: dict[str, Any] = _issues(hass)
    assert "external_url_missing" not in issues
    assert issues["external_url_port"].translation_placeholders == {
        "url": "https://home.example.com:8123"
    }

    await hass.config.async_update(external_url="https://home.example.com")
    await hass.async_block_till_done()  # Home Assistant's own event clears it.
    assert not {"external_url_missing", "external_url_port"} & set(_issues(hass))
