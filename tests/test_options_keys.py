"""Options (allow list, extra guarded), client keys, the audit, and what MCP can never read."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
import json
from typing import Any
from unittest.mock import patch

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_fire_time_changed,
)

from custom_components.home_mcp.gate import Action, Risk
from custom_components.home_mcp.keys import KeyStore
from homeassistant.components import persistent_notification
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType, InvalidData
from homeassistant.helpers import entity_registry as er
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from .conftest import (
    DOMAIN,
    RELOADS,
    McpHarness,
    call_service,
    entity_state,
    panel_sender,
    reload_at_once,
    set_options,
)

PANEL_WAKE = "input_boolean.panel_wake"
"""The helper whose change sets off the owner's automation calling `rest_command.panel`."""


async def test_pre_approved_entity_runs_neighbour_does_not(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    await set_options(hass, home_mcp, allowed_entities=["lock.openable_lock"])
    result = await mcp.data(
        "call_service",
        {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.openable_lock"}},
    )
    assert result["ok"] is True, result
    assert hass.states.get("lock.openable_lock").state == "unlocked"
    result = await mcp.data(
        "call_service",
        {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}},
    )
    assert result["error"] == "needs_confirmation"
    assert hass.states.get("lock.front_door").state == "locked"


async def test_only_guarded_entities_can_be_pre_approved(
    hass: HomeAssistant, demo_house: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    result = await hass.config_entries.options.async_init(home_mcp.entry_id)
    schema = result["data_schema"].schema
    [allowed] = [key for key in schema if key == "allowed_entities"]
    include = schema[allowed].config["include_entities"]
    assert "lock.front_door" in include and "cover.garage_door" in include
    assert "light.bed_light" not in include and "cover.kitchen_window" not in include
    with pytest.raises(InvalidData):
        await hass.config_entries.options.async_configure(
            result["flow_id"],
            {
                "allowed_entities": ["light.bed_light"],
                "guarded_entities": [],
                "confirmation_expiry": 5,
            },
        )
    assert home_mcp.options.get("allowed_entities", []) == []


async def test_extra_guarded_relay(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    await set_options(hass, home_mcp, guarded_entities=["switch.ac"])
    result = await mcp.data(
        "call_service",
        {"domain": "switch", "service": "turn_on", "target": {"entity_id": "switch.ac"}},
    )
    assert result["error"] == "needs_confirmation"
    assert hass.states.get("switch.ac").state == "off"


@pytest.fixture
async def panel_house(mcp: McpHarness) -> HomeAssistant:
    """Return the demo house with an owner's automation that calls a `rest_command`.

    "Wake the panel" runs when `input_boolean.panel_wake` turns on and calls
    `rest_command.panel`, which posts to this Home Assistant's own HTTP
    server: an action that leaves Home Assistant, whose effect the gate
    cannot see.
    """
    hass = mcp.hass
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": {"panel_wake": {}}})
    assert await async_setup_component(
        hass,
        "rest_command",
        {"rest_command": {"panel": {"url": f"{mcp.base_url}/api/", "method": "post"}}},
    )
    automation = {
        "id": "wake_the_panel",
        "alias": "Wake the panel",
        "triggers": [{"trigger": "state", "entity_id": PANEL_WAKE, "to": "on"}],
        "actions": [{"action": "rest_command.panel"}],
    }
    assert await async_setup_component(hass, "automation", {"automation": [automation]})
    await hass.async_block_till_done()
    return hass


async def test_opening_actions_offer_what_the_house_sends_out_and_are_saved(
    panel_house: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    hass = panel_house
    result = await hass.config_entries.options.async_init(home_mcp.entry_id)
    schema = result["data_schema"].schema
    [opening] = [key for key in schema if key == "opening_actions"]
    assert list(schema).index(opening) == list(schema).index("guarded_entities") + 1
    config = schema[opening].config
    assert config["options"] == ["rest_command.panel"]
    assert config["multiple"] and config["custom_value"] and config["sort"]

    typed = [" mqtt.publish  garage/door/set ", "rest_command.panel", "Rest_Command.Panel"]
    await set_options(hass, home_mcp, opening_actions=typed)
    assert home_mcp.options["opening_actions"] == [
        "mqtt.publish garage/door/set",
        "rest_command.panel",
    ]
    result = await hass.config_entries.options.async_init(home_mcp.entry_id)
    schema = result["data_schema"].schema
    [opening] = [key for key in schema if key == "opening_actions"]
    assert opening.default() == ["mqtt.publish garage/door/set", "rest_command.panel"]
    # What was marked stays offered, in the house or not.
    assert schema[opening].config["options"] == [
        "mqtt.publish garage/door/set",
        "rest_command.panel",
    ]


async def test_an_opening_action_is_written_as_the_gate_names_it(
    hass: HomeAssistant, demo_house: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    result = await hass.config_entries.options.async_init(home_mcp.entry_id)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"],
        {
            "allowed_entities": [],
            "guarded_entities": [],
            "opening_actions": ["rest_command.panel", "open the gate"],
            "confirmation_expiry": 10,
        },
    )
    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {"opening_actions": "not_an_action"}
    assert "opening_actions" not in home_mcp.options


async def test_an_owners_automation_calling_an_action_marked_opening_is_guarded(
    mcp: McpHarness, panel_house: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    hass = panel_house
    wake = Action("input_boolean", "turn_on", {"entity_id": [PANEL_WAKE]})
    assert not home_mcp.runtime_data.gate.async_check(wake).guarded
    result = await call_service(mcp, "input_boolean", "turn_on", {"entity_id": PANEL_WAKE})
    assert result["ok"] is True, result
    await hass.async_block_till_done()
    assert entity_state(hass, PANEL_WAKE) == "on"
    await hass.services.async_call(
        "input_boolean", "turn_off", {"entity_id": PANEL_WAKE}, blocking=True
    )

    await set_options(hass, home_mcp, opening_actions=["rest_command.panel"])
    decision = home_mcp.runtime_data.gate.async_check(wake)
    assert decision.guarded and decision.risk is Risk.OPENS_HOUSE
    result = await call_service(mcp, "input_boolean", "turn_on", {"entity_id": PANEL_WAKE})
    assert result["error"] == "needs_confirmation", result
    assert entity_state(hass, PANEL_WAKE) == "off"
    # Called directly it waits either way; now as opening the house.
    direct = home_mcp.runtime_data.gate.async_check(Action("rest_command", "panel"))
    assert direct.risk is Risk.OPENS_HOUSE


async def test_notification_escapes_names_from_the_house(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    er.async_get(hass).async_update_entity(
        "cover.garage_door", name="[Approve here](https://evil.example) <b>x</b> ![i](x)"
    )
    await hass.async_block_till_done()
    result = await mcp.data(
        "call_service",
        {"domain": "cover", "service": "open_cover", "target": {"entity_id": "cover.garage_door"}},
    )
    notification = persistent_notification._async_get_or_create_notifications(hass)[
        f"home_mcp_confirmation_{result['confirmation_id']}"
    ]
    message = notification["message"]
    assert "](https" not in message and "<b>" not in message and "![" not in message
    assert "\\[Approve here\\]\\(https\\:\\/\\/evil\\.example\\)" in message
    assert message.count("](") == 1  # Only Home MCP's own link.


async def _keys_ws(hass_ws_client: Callable[..., Any], message: dict[str, Any]) -> Any:
    client = await hass_ws_client()
    await client.send_json_auto_id(message)
    answer = await client.receive_json()
    assert answer["success"], answer
    return answer["result"]


async def test_read_key_reads_and_never_writes(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    hass_client_no_auth: Callable[..., Any],
) -> None:
    created = await _keys_ws(
        hass_ws_client, {"type": "home_mcp/keys/create", "name": "Dashboard", "scope": "read"}
    )
    key = created["key"]
    assert key.startswith("hmk_")
    listed = await _keys_ws(hass_ws_client, {"type": "home_mcp/keys"})
    assert [k["name"] for k in listed] == ["Dashboard"]
    assert "key" not in listed[0] and "secret_hash" not in listed[0]

    async with mcp.client(token=key) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert "call_service" not in names and "run_macro" not in names
        assert "home_overview" in names
        result = await client.call_tool(
            "call_service",
            {"domain": "light", "service": "turn_off", "target": {"entity_id": "light.bed_light"}},
        )
        assert result.structured_content["error"] == "read_only_credential"
        result = await client.call_tool("run_macro", {"phrase": "good night"})
        assert result.structured_content["error"] == "read_only_credential"
        overview = await client.call_tool("home_overview", {})
        assert overview.is_error is False
    assert hass.states.get("light.bed_light").state == "off"

    # The key is not a Home Assistant token.
    http = await hass_client_no_auth()
    response = await http.get("/api/states", headers={"Authorization": f"Bearer {key}"})
    assert response.status == 401

    await _keys_ws(hass_ws_client, {"type": "home_mcp/keys/revoke", "key_id": created["key_id"]})
    response = await http.post(
        "/api/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={"Authorization": f"Bearer {key}", "Accept": "application/json"},
    )
    assert response.status == 401


async def test_control_key_acts_as_home_mcp_user(
    mcp: McpHarness, hass: HomeAssistant, hass_ws_client: Callable[..., Any]
) -> None:
    created = await _keys_ws(
        hass_ws_client,
        {"type": "home_mcp/keys/create", "name": "Kitchen tablet", "scope": "control"},
    )
    async with mcp.client(token=created["key"]) as client:
        result = await client.call_tool(
            "call_service",
            {"domain": "light", "service": "turn_on", "target": {"entity_id": "light.bed_light"}},
        )
        assert result.structured_content["ok"] is True
        refused = await client.call_tool(
            "call_service",
            {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}},
        )
        assert refused.structured_content["error"] == "needs_confirmation"
    state = hass.states.get("light.bed_light")
    assert state.state == "on"
    user = await hass.auth.async_get_user(state.context.user_id)
    assert user is not None and user.name == "Home MCP" and user.system_generated
    audit = await _keys_ws(hass_ws_client, {"type": "home_mcp/audit"})
    assert audit[0]["credential"] == "client key Kitchen tablet"
    assert audit[0]["decision"] == "refused"


async def test_wrong_key_counts_as_failed_login(
    mcp: McpHarness, hass: HomeAssistant, hass_client_no_auth: Callable[..., Any]
) -> None:
    http = await hass_client_no_auth()
    with patch("homeassistant.components.http.ban.process_wrong_login") as wrong_login:
        response = await http.post(
            "/api/mcp",
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Authorization": "Bearer hmk_deadbeef_nope", "Accept": "application/json"},
        )
    assert response.status == 401
    assert "resource_metadata" in response.headers.get("WWW-Authenticate", "")
    assert wrong_login.called


async def test_no_mcp_call_reads_audit_allow_list_or_keys(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_ws_client: Callable[..., Any],
) -> None:
    """Every tool, called with the secrets' names, answers without them."""
    await set_options(
        hass,
        home_mcp,
        allowed_entities=["lock.openable_lock"],
        guarded_entities=["switch.ac"],
        opening_actions=["rest_command.secret_opener"],
    )
    created = await _keys_ws(
        hass_ws_client, {"type": "home_mcp/keys/create", "name": "Secret key name", "scope": "read"}
    )
    await mcp.data(
        "call_service",
        {"domain": "light", "service": "turn_on", "target": {"entity_id": "light.bed_light"}},
    )
    calls: list[tuple[str, dict[str, Any]]] = [
        ("home_overview", {}),
        ("list_entities", {}),
        ("list_entities", {"query": "audit"}),
        ("list_entities", {"query": "allowed_entities"}),
        ("list_entities", {"domain": "lock"}),
        ("list_macros", {}),
        ("preview_macro", {"phrase": "allowed entities"}),
        ("run_macro", {"phrase": "audit", "dry_run": True}),
        ("call_service", {"domain": "home_mcp", "service": "audit"}),
        (
            "call_service",
            {"domain": "lock", "service": "open", "target": {"entity_id": "lock.openable_lock"}},
        ),
        ("get_confirmation", {"confirmation_id": "allowed_entities"}),
        ("get_entity", {"entity_id": "lock.openable_lock"}),
        ("get_entity", {"name": "allowed entities"}),
        ("list_areas", {}),
        ("list_floors", {}),
        ("list_labels", {}),
        ("list_devices", {"query": "audit"}),
        ("get_history", {"entity_ids": ["lock.openable_lock", "switch.ac"]}),
        ("get_statistics", {"statistic_ids": ["home_mcp:audit"]}),
        ("get_logbook", {"domain": "home_mcp"}),
        ("list_services", {}),
        ("list_services", {"domain": "home_mcp"}),
        ("list_services", {"domain": "lock"}),
        ("list_services", {"domain": "switch"}),
        (
            "render_template",
            {
                "template": "{{ config_entry_attr(config_entry_id('lock.openable_lock'), "
                "'options') }}{{ integration_entities('home_mcp') }}"
            },
        ),
        ("render_template", {"template": "{{ states | map(attribute='entity_id') | list }}"}),
        ("get_error_log", {"text": "allowed"}),
        ("get_config", {"kind": "automation", "id": "audit"}),
        ("get_config", {"kind": "script", "id": "keys"}),
        ("get_config", {"kind": "input_boolean"}),
        ("get_trace", {"entity_id": "script.keys"}),
        ("save_config", {"kind": "script", "config": {"alias": "keys"}, "dry_run": True}),
        ("delete_config", {"kind": "script", "id": "audit"}),
    ]
    async with mcp.client() as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        assert tools == {name for name, _ in calls}
        for name, arguments in calls:
            result = await client.call_tool(name, arguments)
            text = json.dumps(result.structured_content)
            for secret in (
                "allowed_entities",
                "guarded_entities",
                "opening_actions",
                "secret_opener",
                "Secret key name",
                created["key_id"],
                "credential_id",
                "pre_approved",
            ):
                assert secret not in text, (name, arguments, secret)
            assert '"kind": "tool"' not in text  # no audit entries


async def test_diagnostics_hold_no_secrets(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_ws_client: Callable[..., Any],
) -> None:
    from custom_components.home_mcp.diagnostics import async_get_config_entry_diagnostics  # noqa: PLC0415

    created = await _keys_ws(
        hass_ws_client, {"type": "home_mcp/keys/create", "name": "Secret name", "scope": "control"}
    )
    await mcp.data(
        "call_service",
        {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}},
    )
    diagnostics = await async_get_config_entry_diagnostics(hass, home_mcp)
    text = json.dumps(diagnostics)
    assert diagnostics["confirmations"] == {"pending": 1}
    assert diagnostics["keys"] == {"control": 1}
    assert (
        "Secret name" not in text and created["key"] not in text and created["key_id"] not in text
    )


async def _status(http: Any, key: str) -> int:
    """Return the HTTP status the MCP endpoint answers a request made with `key`."""
    response = await http.post(
        "/api/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={"Authorization": f"Bearer {key}", "Accept": "application/json"},
    )
    return int(response.status)


def _stored_keys(hass_storage: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Return the client keys on disk, by id."""
    return {key["key_id"]: key for key in hass_storage[f"{DOMAIN}.keys"]["data"]["keys"]}


@pytest.mark.parametrize("how", RELOADS)
async def test_a_revoked_key_stays_refused_after_a_reload(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_ws_client: Callable[..., Any],
    hass_client_no_auth: Callable[..., Any],
    hass_storage: dict[str, Any],
    how: str,
) -> None:
    """Used, revoked, reloaded at once (issue 31): refused, then and after every late write."""
    created = await _keys_ws(
        hass_ws_client,
        {"type": "home_mcp/keys/create", "name": "Kitchen tablet", "scope": "control"},
    )
    assert created["key_id"] in _stored_keys(hass_storage)
    async with mcp.client(token=created["key"]) as client:
        await client.list_tools()  # Its last use waits to be written.
    await _keys_ws(hass_ws_client, {"type": "home_mcp/keys/revoke", "key_id": created["key_id"]})
    assert created["key_id"] not in _stored_keys(hass_storage)  # On disk when the panel hears.
    http = await hass_client_no_auth()
    assert await _status(http, created["key"]) == 401

    await reload_at_once(hass, home_mcp, how, hass_storage)
    assert await _status(http, created["key"]) == 401
    assert await _keys_ws(hass_ws_client, {"type": "home_mcp/keys"}) == []
    # Whatever the entry before the reload had still to write never brings it back.
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(minutes=2))
    await hass.async_block_till_done()
    assert created["key_id"] not in _stored_keys(hass_storage)
    assert await _status(http, created["key"]) == 401


@pytest.mark.parametrize("how", RELOADS)
async def test_a_key_made_and_used_just_before_a_reload_still_works(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_ws_client: Callable[..., Any],
    hass_storage: dict[str, Any],
    how: str,
) -> None:
    created = await _keys_ws(
        hass_ws_client,
        {"type": "home_mcp/keys/create", "name": "Kitchen tablet", "scope": "control"},
    )
    assert created["key_id"] in _stored_keys(hass_storage)  # On disk when the panel hears.
    async with mcp.client(token=created["key"]) as client:
        await client.list_tools()

    await reload_at_once(hass, home_mcp, how, hass_storage)
    async with mcp.client(token=created["key"]) as client:
        result = await client.call_tool(
            "call_service",
            {"domain": "light", "service": "turn_on", "target": {"entity_id": "light.bed_light"}},
        )
    assert result.structured_content["ok"] is True, result.structured_content
    assert entity_state(hass, "light.bed_light") == "on"
    [listed] = await _keys_ws(hass_ws_client, {"type": "home_mcp/keys"})
    assert listed["key_id"] == created["key_id"] and listed["scope"] == "control"


async def test_a_keys_last_use_is_on_disk_once_the_entry_unloads(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_ws_client: Callable[..., Any],
    hass_storage: dict[str, Any],
) -> None:
    created = await _keys_ws(
        hass_ws_client, {"type": "home_mcp/keys/create", "name": "Dashboard", "scope": "read"}
    )
    async with mcp.client(token=created["key"]) as client:
        await client.list_tools()
    # Bookkeeping: a key's last use waits (one write per busy minute)...
    assert _stored_keys(hass_storage)[created["key_id"]]["last_used_at"] is None
    # ...and is on disk once the entry has unloaded.
    assert await hass.config_entries.async_unload(home_mcp.entry_id)
    assert _stored_keys(hass_storage)[created["key_id"]]["last_used_at"] is not None


async def test_a_call_just_before_an_unload_is_in_the_saved_audit(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry, hass_storage: dict[str, Any]
) -> None:
    await mcp.data("list_floors")
    assert await hass.config_entries.async_unload(home_mcp.entry_id)
    saved = hass_storage[f"{DOMAIN}.audit"]["data"]["entries"]
    assert saved[-1]["tool"] == "list_floors"


async def test_a_steady_flow_of_calls_never_holds_the_audit_back(
    mcp: McpHarness, hass: HomeAssistant, hass_storage: dict[str, Any]
) -> None:
    """The audit is written a second after its first unsaved entry, however many follow."""
    await mcp.data("list_floors")
    for _ in range(3):  # Each within the second: before, each one put the write off.
        await mcp.data("list_areas")
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=1.5))
    await hass.async_block_till_done()
    saved = [entry["tool"] for entry in hass_storage[f"{DOMAIN}.audit"]["data"]["entries"]]
    assert saved[-4:] == ["list_floors", "list_areas", "list_areas", "list_areas"]


async def test_after_home_assistant_stops_a_revoked_key_stays_refused_and_uses_are_kept(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    hass_storage: dict[str, Any],
) -> None:
    """Home Assistant stops (its last writes), starts again: the keys are read back as they were."""
    ws = await hass_ws_client()

    async def ask(message: dict[str, Any]) -> Any:
        await ws.send_json_auto_id(message)
        answer = await ws.receive_json()
        assert answer["success"], answer
        return answer["result"]

    kept = await ask({"type": "home_mcp/keys/create", "name": "Dashboard", "scope": "read"})
    revoked = await ask(
        {"type": "home_mcp/keys/create", "name": "Kitchen tablet", "scope": "control"}
    )
    async with mcp.client(token=revoked["key"]) as client:
        await client.list_tools()
    await ask({"type": "home_mcp/keys/revoke", "key_id": revoked["key_id"]})
    async with mcp.client(token=kept["key"]) as client:
        await client.list_tools()  # Its last use waits to be written: written as it stops.
    await ws.close()
    await hass.async_stop()

    keys = KeyStore(hass)  # As the next run of Home Assistant reads them.
    await keys.async_load()
    assert keys.async_verify(revoked["key"]) is None
    [listed] = keys.async_list()
    assert listed.key_id == kept["key_id"] and listed.last_used_at is not None


@pytest.mark.redteam(round=54)
async def test_revoking_a_key_ends_the_requests_it_left_waiting(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    """The owner revokes the kitchen tablet's key because it misbehaved: its unlock is gone too.

    What the key asked for before it was revoked no longer waits in the
    panel or on the phone, with its Approve button: one tap by habit would
    open the door for a credential the owner has just taken away.
    """
    created = await _keys_ws(
        hass_ws_client,
        {"type": "home_mcp/keys/create", "name": "Kitchen tablet", "scope": "control"},
    )
    async with mcp.client(token=created["key"]) as client:
        result = await client.call_tool(
            "call_service",
            {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}},
        )
    asked = result.structured_content
    assert asked["error"] == "needs_confirmation", asked
    await _keys_ws(hass_ws_client, {"type": "home_mcp/keys/revoke", "key_id": created["key_id"]})
    await hass.async_block_till_done()

    panel = await panel_sender(hass, hass_ws_client, hass_admin_user)
    reply = await panel(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": asked["confirmation_id"],
            "decision": "approve",
        }
    )
    assert entity_state(hass, "lock.front_door") == "locked"
    assert not reply["success"], reply
    assert reply["error"]["code"] == "not_pending", reply
