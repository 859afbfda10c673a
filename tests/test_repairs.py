"""Repairs: raised when Home MCP sees the problem, gone once it is fixed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.home_mcp.caller import Caller
from custom_components.home_mcp.gate import Action, Gate, HouseIndex
from custom_components.home_mcp.gate.perimeter import Snapshot
from custom_components.home_mcp.repairs import (
    async_follow_house,
    async_note_request,
    external_digest,
)
from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.setup import async_setup_component
from homeassistant.util.yaml import dump

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
    _, key = await home_mcp.runtime_data.keys.async_create("Tablet", "control")
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


# --- What the gate found reading the house ------------------------------------


def _automation(key: str, *actions: str) -> dict[str, Any]:
    """Return an automation of the owner's that takes `actions` when its helper turns on."""
    return {
        "id": key,
        "alias": key.replace("_", " ").capitalize(),
        "triggers": [{"trigger": "state", "entity_id": "input_boolean.panel_wake", "to": "on"}],
        "actions": [{"action": action} for action in actions],
    }


OWN_AUTOMATIONS: list[dict[str, Any]] = [
    _automation("wake_the_panel", "rest_command.panel"),
    _automation("morning", "rest_command.panel", "rest_command.clock"),
]


@pytest.fixture
def hass_config_dir(hass_tmp_config_dir: str) -> str:
    """Return a config directory whose automations are in automations.yaml, as a new install's."""
    path = Path(hass_tmp_config_dir)
    (path / "configuration.yaml").write_text("automation: !include automations.yaml\n")
    (path / "automations.yaml").write_text(dump(OWN_AUTOMATIONS))
    return hass_tmp_config_dir


@pytest.fixture
async def sends_out(demo_house: HomeAssistant) -> HomeAssistant:
    """Return the demo house with automations.yaml's automations, which call `rest_command`s."""
    hass = demo_house
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": {"panel_wake": {}}})
    commands = {
        "panel": {"url": "http://127.0.0.1:9/panel"},
        "clock": {"url": "http://127.0.0.1:9"},
    }
    assert await async_setup_component(hass, "rest_command", {"rest_command": commands})
    assert await async_setup_component(hass, "automation", {"automation": OWN_AUTOMATIONS})
    await hass.async_block_till_done()
    return hass


async def _write_automations(hass: HomeAssistant, automations: list[dict[str, Any]]) -> None:
    """Save automations.yaml and reload automations, as after an edit in the UI."""
    path = Path(hass.config.path("automations.yaml"))
    await hass.async_add_executor_job(path.write_text, dump(automations))
    await hass.services.async_call("automation", "reload", blocking=True)
    await hass.async_block_till_done()


def _read_house(entry: MockConfigEntry) -> None:
    """Have the gate read the house again if it changed (as its next use does)."""
    entry.runtime_data.gate.index.async_current()


def _external_issues(hass: HomeAssistant) -> dict[str, ir.IssueEntry]:
    return {i: issue for i, issue in _issues(hass).items() if i.startswith("external_actions_")}


async def test_external_actions_of_the_owners_automations_are_listed_once(
    sends_out: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    # Raised when Home MCP starts, before any call.
    [(issue_id, issue)] = _external_issues(sends_out).items()
    digest = external_digest(["rest_command.clock", "rest_command.panel"])
    assert issue_id == f"external_actions_{digest}"
    assert issue.translation_key == "external_actions"
    assert issue.severity is ir.IssueSeverity.WARNING and not issue.is_fixable
    assert issue.translation_placeholders == {
        "count": "2",
        "actions": "- rest\\_command\\.clock (1)\n- rest\\_command\\.panel (2)",
    }


async def test_external_actions_repair_ignored_stays_ignored_until_the_list_changes(
    sends_out: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    hass = sends_out
    registry = ir.async_get(hass)
    [first] = _external_issues(hass)
    registry.async_ignore("home_mcp", first, True)

    # Options saved (the entry reloads and reads the house again): still ignored.
    assert await hass.config_entries.async_reload(home_mcp.entry_id)
    await hass.async_block_till_done()
    assert _external_issues(hass)[first].dismissed_version is not None

    # The same actions taken by one more automation: the same list, still ignored.
    await _write_automations(hass, [*OWN_AUTOMATIONS, _automation("evening", "rest_command.clock")])
    _read_house(home_mcp)
    [(issue_id, issue)] = _external_issues(hass).items()
    assert issue_id == first and issue.dismissed_version is not None
    assert "rest\\_command\\.clock (2)" in issue.translation_placeholders["actions"]

    # A new action: a new list, asked about again.
    await _write_automations(hass, [*OWN_AUTOMATIONS, _automation("night", "shell_command.fan")])
    _read_house(home_mcp)
    [(issue_id, issue)] = _external_issues(hass).items()
    assert issue_id != first and issue.dismissed_version is None
    assert issue.translation_placeholders["count"] == "3"

    # None left: gone.
    await _write_automations(hass, [])
    _read_house(home_mcp)
    assert not _external_issues(hass)


async def test_external_actions_repair_lists_twenty_and_counts_the_rest(
    sends_out: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    hass = sends_out
    topics = [f"mqtt.publish home/[led](https://evil.example)/{n:02}" for n in range(25)]
    automations = [
        {
            "id": "clocks",
            "alias": "Clocks",
            "triggers": [{"trigger": "event", "event_type": "tick"}],
            "actions": [
                {"action": "mqtt.publish", "data": {"topic": topic.partition(" ")[2]}}
                for topic in topics
            ],
        }
    ]
    await _write_automations(hass, automations)
    _read_house(home_mcp)
    [issue] = _external_issues(hass).values()
    placeholders = issue.translation_placeholders
    assert placeholders["count"] == "25"
    lines = placeholders["actions"].split("\n")
    assert len(lines) == 21 and lines[-1] == "- … (+5)"
    escaped = "mqtt\\.publish home\\/\\[led\\]\\(https\\:\\/\\/evil\\.example\\)\\/00"
    assert lines[0] == f"- {escaped} (1)"
    assert "](" not in placeholders["actions"]


async def test_unreadable_items_are_a_repair_until_they_can_be_read(
    sends_out: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    hass = sends_out
    assert "unreadable_items" not in _issues(hass)
    automation = hass.data[DATA_INSTANCES]["automation"].get_entity("automation.morning")
    saved = automation._trigger_config
    del automation._trigger_config  # As a Home Assistant that renamed it would have it.
    try:
        home_mcp.runtime_data.gate.index.async_mark_dirty()
        _read_house(home_mcp)
        issue = _issues(hass)["unreadable_items"]
        assert issue.severity is ir.IssueSeverity.WARNING and not issue.is_fixable
        placeholders = issue.translation_placeholders
        assert placeholders["count"] == "1"
        assert placeholders["items"].startswith("- automation\\.morning: ")
        assert "\\_trigger\\_config" in placeholders["items"]
    finally:
        automation._trigger_config = saved
    home_mcp.runtime_data.gate.index.async_mark_dirty()
    _read_house(home_mcp)
    assert "unreadable_items" not in _issues(hass)


async def test_a_failing_repair_never_stops_the_gate_reading_the_house(
    sends_out: HomeAssistant, home_mcp: MockConfigEntry, caplog: pytest.LogCaptureFixture
) -> None:
    hass = sends_out
    index = HouseIndex(hass)

    @callback
    def spoil(snapshot: Snapshot) -> None:
        snapshot.external_actions = {"rest_command.panel": None}  # type: ignore[dict-item]

    stop_spoiling = index.async_on_build(spoil)
    stop_following = async_follow_house(hass, index)  # Reads the house now: it is running.
    try:
        snapshot = index.async_current()
        assert "Home MCP could not update its repairs about the house" in caplog.text
        light = Action("light", "turn_on", {"entity_id": ["light.bed_light"]})
        assert not Gate(hass, index=index).async_check(light).guarded
        assert snapshot is index.async_current()
    finally:
        stop_following()
        stop_spoiling()


async def test_removing_home_mcp_removes_the_repairs_about_the_house(
    sends_out: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    assert _external_issues(sends_out)
    assert await sends_out.config_entries.async_remove(home_mcp.entry_id)
    await sends_out.async_block_till_done()
    assert not _external_issues(sends_out)
